"""Look-up commands for the table: contracts, port tiles, scoring tiles and clans."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Annotated, Any

import typer
from caledonia.rules.components import (
    CONTRACT_GAINS,
    CONTRACT_PAYMENTS,
    Clan,
    Contract,
    amount,
    components,
)
from caledonia.rules.contract_faces import TileNotRead, left_half, right_half, search_tiles, short
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.messages import N_, Joined
from caledonia.rules.names import Name, kind_of
from caledonia.rules.words import Unmatched, match_word
from rich.table import Table

if TYPE_CHECKING:
    from caledonia.rules.game.clans.base import Clan as ClanRules

from .errors import UsageProblem
from .output import JsonOption, console, print_json
from .translation import data_text, t, tr

_STATUS_NOTE = N_(
    "Status: confirmed = two independent public sources agree; single-source = one "
    "(for most rules, the rulebook text itself); uncertain = inferred."
)


# how sure the data is of a fact (rules/data: confirmed, single-source, uncertain)
_STATUS_WORDS = {"single-source": N_("single-source"), "uncertain": N_("uncertain")}


def _status_cell(status: str) -> str:
    return "" if status == "confirmed" else t(_STATUS_WORDS.get(status, status))


def _amounts(amounts: dict[str, int]) -> str:
    return ", ".join(amount(n, good) for good, n in amounts.items())


def _contract_json(contract: Contract) -> dict[str, Any]:
    data = {
        "id": contract.id,
        "pay": dict(contract.pay),
        "gain": dict(contract.gain),
        "status": contract.status,
    }
    if contract.note:
        data["note"] = contract.note
    return data


def _good_filter(value: str | None, allowed: tuple[str, ...], option: str) -> str | None:
    if value is None:
        return None
    found = match_word(value, allowed, "contract good")
    if isinstance(found, Unmatched):
        raise UsageProblem(t("{option}: {reason}", option=option, reason=found.reason), "contracts")
    return found


def _listed(words: tuple[str, ...]) -> str:
    """The words an option takes, each a name in the reader's language ('money' as typed)."""
    return Joined(", ", [Name(word) if kind_of(word) else word for word in words])


def _tile_filter(typed: str | None, contracts: Mapping[int, Contract]) -> list[int] | None:
    if typed is None:
        return None
    try:
        found = search_tiles(typed, contracts)
    except TileNotRead as problem:
        raise CaledoniaError(
            t("--tile {typed}: {problem}", typed=repr(typed), problem=problem)
        ) from None
    if not found:
        raise CaledoniaError(
            t("--tile {typed}: no contract tile asks for all of these goods", typed=repr(typed))
        )
    return found


def _check_contract_id(contract_id: int | None, known: Mapping[int, Contract]) -> None:
    """Exit 1 for an id no contract has, naming the ids there are."""
    if contract_id is not None and contract_id not in known:
        raise CaledoniaError(
            t(
                "no contract {contract}: ids run from {first} to {last}",
                contract=contract_id,
                first=min(known),
                last=max(known),
            )
        )


def _chosen_contracts(
    known: Iterable[Contract],
    contract_id: int | None,
    gives: str | None,
    pays: str | None,
    shown: list[int] | None,
) -> list[Contract]:
    """The contracts every filter given lets through, in their order."""
    return [
        c
        for c in known
        if (contract_id is None or c.id == contract_id)
        and (gives is None or gives in c.gain)
        and (pays is None or pays in c.pay)
        and (shown is None or c.id in shown)
    ]


def contracts(
    contract_id: Annotated[
        int | None,
        typer.Argument(metavar="ID", help=t("Show one contract (1-50)."), show_default=False),
    ] = None,
    gives: Annotated[
        str | None,
        typer.Option(
            metavar="GOOD",
            help=t("Only contracts that give this: {goods}.", goods=_listed(CONTRACT_GAINS)),
        ),
    ] = None,
    pays: Annotated[
        str | None,
        typer.Option(
            metavar="GOOD",
            help=t("Only contracts paid with this: {goods}.", goods=_listed(CONTRACT_PAYMENTS)),
        ),
    ] = None,
    tile: Annotated[
        str | None,
        typer.Option(
            metavar="GOODS",
            help=t(
                "The tile whose left half shows these goods ('4 wool', 'cheese bread "
                "whisky'); or every tile holding them, when none shows exactly these."
            ),
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The 50 export contracts: what each asks for and what it gives.

    Example: [cyan]caledonia contracts --gives tobacco --pays whisky[/cyan]
    """
    parts = components()
    _check_contract_id(contract_id, parts.contracts)
    chosen = _chosen_contracts(
        parts.contracts.values(),
        contract_id,
        _good_filter(gives, CONTRACT_GAINS, "--gives"),
        _good_filter(pays, CONTRACT_PAYMENTS, "--pays"),
        _tile_filter(tile, parts.contracts),
    )
    if as_json:
        print_json([_contract_json(c) for c in chosen])
        return
    table = Table(title=t("Export contracts"), title_justify="left")
    table.add_column(t("Pays (left half)"))
    table.add_column(t("Gives (right half)"))
    # the rare note goes under the table, marked on its tile: a column of them stood empty;
    # no ids (the tiles print none: --json gives them, as game files record them)
    for c in chosen:
        table.add_row(tr(left_half(c)) + ("*" if c.note else ""), tr(right_half(c)))
    out = console()
    out.print(table)
    for c in chosen:
        if c.note:
            note = f"* {tr(short(c.id, parts.contracts))}: {data_text(c.note)}."
            out.print(note, style="dim", markup=False)
    out.print(
        t(
            "{shown} of {total} contracts. Beef and mutton are paid by slaughtering a cow or a "
            "sheep from the map. The tiles carry no numbers: name one by its left half "
            "('4 wool'). The data follows a public list of the tiles ({status}).",
            shown=len(chosen),
            total=len(parts.contracts),
            status=parts.contracts_status,
        ),
        style="dim",
        markup=False,
    )


def ports(as_json: JsonOption = False) -> None:
    """The port bonus tiles: a free action once per player per game, when in reach.

    Example: [cyan]caledonia ports[/cyan]
    """
    tiles = components().port_tiles
    if as_json:
        print_json([tile._asdict() for tile in tiles])
        return
    table = Table(title=t("Port bonus tiles"), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(t("Effect"))
    table.add_column(t("Status"), style="dim")
    for tile in tiles:
        effect = data_text(tile.effect)
        if tile.erratum:
            default = t(
                "Erratum (used by default): {text}", text=data_text(tile.erratum["default"])
            )
            printed = t(
                "2017 English text: {text}", text=data_text(tile.erratum["original_2017_text"])
            )
            effect += f"\n{default}\n{printed}"
        if tile.note:
            effect += f"\n{data_text(tile.note)}"
        table.add_row(tile.id, effect, _status_cell(tile.status))
    out = console()
    out.print(table)
    out.print(t(_STATUS_NOTE), style="dim", markup=False)


def scoring_tiles(as_json: JsonOption = False) -> None:
    """The round scoring tiles: glory at the end of each round.

    Example: [cyan]caledonia scoring-tiles --json[/cyan]
    """
    tiles = components().scoring_tiles
    if as_json:
        print_json([tile._asdict() for tile in tiles])
        return
    table = Table(title=t("Scoring tiles"), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(t("Scores"))
    table.add_column(t("Glory"), justify="right")
    table.add_column(t("Status"), style="dim")
    for tile in tiles:
        if tile.measure.endswith("pairs"):
            glory = t("{glory} per pair", glory=tile.glory)
        elif tile.glory_per_field:
            glory = t(
                "{glory} each, fields {field_glory}",
                glory=tile.glory,
                field_glory=tile.glory_per_field,
            )
        else:
            glory = t("{glory} each", glory=tile.glory)
        scores = data_text(tile.scores) + (f"\n{data_text(tile.note)}" if tile.note else "")
        table.add_row(tile.id, scores, glory, _status_cell(tile.status))
    out = console()
    out.print(table)
    out.print(t(_STATUS_NOTE), style="dim", markup=False)


def _find_clan(name: str, known: dict[str, Clan]) -> Clan:
    found = match_word(name, tuple(known), "clan")
    if isinstance(found, Unmatched):
        raise CaledoniaError(found.reason)
    return known[found]


def _engine_cell(unit: ClanRules) -> str:
    """Whether the engine applies the clan's powers, and which values the table supplies."""
    if unit.not_enforced:
        lines = [t("[yellow]not yet:[/yellow] {powers}", powers="; ".join(unit.not_enforced))]
    else:
        lines = [t("[green]enforced[/green]")]
    lines += [
        t(
            "from your box data: {value} ({key}; the example's when left out)",
            value=value.words,
            key=value.key,
        )
        for value in unit.box_values
    ]
    return "\n".join(lines)


def _clan_data(clan: Clan, unit: ClanRules) -> dict[str, Any]:
    return {
        **clan._asdict(),
        "enforced": not unit.not_enforced,
        "not_enforced": list(unit.not_enforced),
        "table_data": [value.key for value in unit.box_values],
    }


def clans(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME",
            help=t("Show one clan (any letter case, or the start of its name)."),
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The clans and their powers.

    Example: [cyan]caledonia clans fergusson[/cyan]
    """
    # the engine's clans (every clan's rules) only for this command: the others start lighter
    from caledonia.rules.game.registry import CLANS

    known = components().clans
    chosen = [_find_clan(name, dict(known))] if name else list(known.values())
    if as_json:
        print_json([_clan_data(clan, CLANS[clan.name]) for clan in chosen])
        return
    table = Table(title=t("Clans"), title_justify="left", show_lines=True)
    table.add_column(t("Clan"), style="bold")
    table.add_column(t("Powers"))
    table.add_column(t("In the engine"))
    table.add_column(t("Status"), style="dim")
    for clan in chosen:
        unit = CLANS[clan.name]
        powers = "\n".join(f"• {data_text(power)}" for power in clan.powers)
        if clan.not_public:
            powers += "\n" + "\n".join(
                t("Not public (enter from your box): {item}", item=data_text(item))
                for item in clan.not_public
            )
        label = t("{clan}\n(Kickstarter)", clan=clan.name) if clan.kickstarter else clan.name
        table.add_row(label, powers, _engine_cell(unit), _status_cell(clan.status))
    out = console()
    out.print(table)
    out.print(t(_STATUS_NOTE), style="dim", markup=False)
