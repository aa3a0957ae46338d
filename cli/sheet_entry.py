"""Entering a final score sheet at the prompts, then scoring and saving it.

The flow asks for what the paper scoresheet asks for, checks each answer as
it is typed (re-asking with the reason), builds the same data a sheet file
holds and hands it to the same checks and scorer as `caledonia score SHEET`.
Every answer is kept in a draft (cli/drafts.py) as it is given, so Ctrl-C,
Ctrl-D or a crash loses nothing: the next `caledonia score` goes on from there.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import Any

import typer
from caledonia.rules.components import IMPORT_GOODS, Components, word
from caledonia.rules.contract_faces import TileNotRead, named, read_tiles
from caledonia.rules.messages import N_
from caledonia.rules.scoring import score_sheet
from caledonia.rules.sheet import ScoreSheet, max_units, parse_sheet, sheet_as_yaml
from caledonia.rules.words import MAX_NAME, Unmatched, match_word, sentence
from caledonia.rules.yamlfile import WriteError, check_writable, write_text_atomic

from .drafts import Draft
from .errors import ExitCode
from .output import message, print_json
from .prompts import (
    LARGEST_NUMBER,
    Asker,
    Choice,
    QuestionaryAsker,
    Validator,
    shown,
    whole_number,
)
from .score_view import render_score
from .translation import t, tr

# TRANSLATORS: the two ways to enter a player's fulfilled contracts (a menu)
BY_ID = N_("Tile by tile, by their goods (hops and imports follow from the tiles)")
BY_TOTALS = N_("As totals (number of contracts, hops, cotton, tobacco, sugar cane)")


def _contract_choices(parts: Components) -> list[str]:
    return [named(c) for c in parts.contracts.values()]


def _tile_typed(parts: Components, typed: str) -> int | str:
    """The one tile typed (its goods, its face or id), or why it names none or two."""
    try:
        found = read_tiles(typed, parts.contracts)
    except TileNotRead as problem:
        return sentence(tr(problem.args[0]))
    if len(found) != 1:
        return t("One tile at a time, please.")
    return found[0]


def _name_validator(taken: set[str]) -> Validator:
    def check(typed: str) -> bool | str:
        name = typed.strip()
        if not name:
            return t("A player needs a name.")
        if len(name) > MAX_NAME:
            return t("A name of at most {most} characters, please.", most=MAX_NAME)
        if not name.isprintable():
            return t("A name without control characters, please (got {name}).", name=shown(name))
        if name.casefold() in taken:
            return t(
                "{player} is already at this table: give each player a different name.",
                player=name,
            )
        return True

    return check


def _clan_named(parts: Components, typed: str) -> str | Unmatched:
    """The clan a typed word means, as the other commands read it (any case, or the start of
    one clan's name: `buch` is Buchanan), or why it means none."""
    return match_word(typed, tuple(parts.clans), "clan")


def _clan_validator(parts: Components, taken: set[str]) -> Validator:
    def check(typed: str) -> bool | str:
        if not typed.strip():
            return True
        clan = _clan_named(parts, typed)
        if isinstance(clan, Unmatched):
            if clan.ambiguous:
                # TRANSLATORS: {reason} says which clans the typed word could be
                return t("{reason}, or leave empty.", reason=clan.reason)
            return t(
                "No clan {typed}: choose from {clans}, or leave empty.",
                typed=shown(typed),
                clans=", ".join(parts.clans),
            )
        if clan in taken:
            return t("{clan} is already taken by another player.", clan=clan)
        return True

    return check


def _contract_validator(parts: Components, taken: dict[int, str], mine: list[int]) -> Validator:
    def check(typed: str) -> bool | str:
        if not typed.strip():
            return True
        contract_id = _tile_typed(parts, typed)
        if isinstance(contract_id, str):
            # TRANSLATORS: {problem} is a sentence saying why the typed tile was not read
            return t("{problem} Or Enter to finish.", problem=contract_id)
        tile = named(parts.contracts[contract_id])
        if contract_id in mine:
            return t("{tile} is already on this player's list.", tile=tile)
        if contract_id in taken:
            return t("{tile} is already {player}'s.", tile=tile, player=taken[contract_id])
        return True

    return check


DRAFT = "score-sheet"


def _ask_number(
    ask: Asker, question: str, maximum: int = LARGEST_NUMBER, default: str = "", over: str = ""
) -> int:
    """A whole number from 0 to `maximum`; `over`: what a larger one is told, in the game's
    words ('30 VP is the highest possible bid') rather than the bounds."""
    check = whole_number(0, None if over else maximum)

    def validate(typed: str) -> bool | str:
        verdict = check(typed)
        if verdict is True and over and int(typed.strip()) > maximum:
            return over
        return verdict

    validate.expects_number = True  # type: ignore[attr-defined]
    return int(ask.text(question, default=default, validate=validate).strip())


def _ask_contracts(
    ask: Asker, parts: Components, who: str, taken: dict[int, str]
) -> dict[str, Any]:
    mode = ask.choose(
        t("{player}: how do you want to enter the fulfilled contracts?", player=who),
        [Choice(t(BY_ID), BY_ID), Choice(t(BY_TOTALS), BY_TOTALS)],
    )
    if mode == BY_TOTALS:
        entry: dict[str, Any] = {
            "fulfilled_contracts": _ask_number(
                ask, t("{player}: number of fulfilled contracts", player=who), len(parts.contracts)
            )
        }
        if entry["fulfilled_contracts"]:
            entry["hops"] = _ask_number(
                ask, t("{player}: hops on fulfilled contracts", player=who), default="0"
            )
            # TRANSLATORS: {good} is an import good (cotton, tobacco, sugar cane)
            entry["imports"] = {
                good: _ask_number(
                    ask,
                    t("{player}: {good} on fulfilled contracts", player=who, good=word(good)),
                    default="0",
                )
                for good in IMPORT_GOODS
            }
        return entry
    mine: list[int] = []
    choices = _contract_choices(parts)
    validate = _contract_validator(parts, taken, mine)
    while True:
        typed = ask.complete(
            # TRANSLATORS: {number} counts the player's tiles; "4 wool" is typed as it is
            t(
                "{player}: fulfilled contract {number}: its goods, e.g. 4 wool "
                "(Tab lists the tiles; Enter when done)",
                player=who,
                number=len(mine) + 1,
            ),
            choices,
            validate=validate,
        )
        if not typed.strip():
            break
        contract_id = _tile_typed(parts, typed)
        assert isinstance(contract_id, int)  # the validator let it through
        mine.append(contract_id)
        ask.say(t("  added {tile}", tile=named(parts.contracts[contract_id])))
    for contract_id in mine:
        taken[contract_id] = who
    return {"contracts": mine}


def enter_sheet(ask: Asker, parts: Components) -> dict[str, Any]:
    """Ask for a whole score sheet; return it as sheet-file data."""
    count = ask.choose(
        t("How many players?"),
        [
            Choice(t("1 (solo)"), 1, "1"),
            Choice("2", 2, "2"),
            Choice("3", 3, "3"),
            Choice("4", 4, "4"),
        ],
    )
    static = ask.confirm(
        t("Static imports variant (cotton, tobacco and sugar cane 4 VP each)?"), default=False
    )
    auction = count > 1 and ask.confirm(t("Did you play the clan auction?"), default=False)
    names: set[str] = set()
    clans: set[str] = set()
    contracts: dict[int, str] = {}
    players = []
    for seat in range(1, count + 1):
        name = ask.text(
            t("Player {seat}: name", seat=seat), validate=_name_validator(names)
        ).strip()
        names.add(name.casefold())
        entry: dict[str, Any] = {"name": name}
        free_clans = [clan for clan in parts.clans if clan not in clans]
        typed_clan = ask.complete(
            t("{player}: clan (Enter for none)", player=name),
            free_clans,
            validate=_clan_validator(parts, clans),
        )
        if typed_clan.strip():
            entry["clan"] = _clan_named(parts, typed_clan)
            clans.add(entry["clan"])
        entry["glory"] = _ask_number(
            ask, t("{player}: glory (steps on the glory track)", player=name)
        )
        entry["money"] = _ask_number(ask, t("{player}: money left (£)", player=name))
        # TRANSLATORS: {good} is a good as the data names it (wool, cheese...)
        entry["goods"] = {
            good: _ask_number(
                ask, t("{player}: {good} in stock", player=name, good=good), default="0"
            )
            for good in parts.economy.goods
        }
        entry.update(_ask_contracts(ask, parts, name, contracts))
        entry["settlements"] = _ask_number(
            ask,
            t("{player}: settlements in the largest group within shipping reach", player=name),
            max_units(parts),
        )
        if auction:
            entry["auction_bid"] = _ask_number(
                ask,
                t("{player}: winning clan-auction bid (VP, 0 if none)", player=name),
                parts.final_scoring.auction_max_bid,
                default="0",
                over=t(
                    "{most} VP is the highest possible bid.",
                    most=parts.final_scoring.auction_max_bid,
                ),
            )
        players.append(entry)
    data: dict[str, Any] = {"players": players}
    if static:
        data["variant"] = {"static_imports": True}
    return data


def _path_validator(typed: str) -> bool | str:
    """A file the sheet can be saved to; a folder the person names is made. Anything the
    system refuses (a name too long, a folder that cannot be read) is a reason to ask again."""
    if not typed.strip():
        return t("Give a file name, such as final-scores.yaml.")
    if not typed.strip().isprintable():
        return t("A file name without control characters, please (got {name}).", name=shown(typed))
    try:
        check_writable(Path(os.path.expanduser(typed.strip())))
    except WriteError as problem:
        return t("Cannot save there: {reason}.", reason=problem.reason)
    except OSError as problem:  # a home folder that cannot be looked up, and the like
        # TRANSLATORS: {reason} is the system's own words (not translated here)
        return t("Cannot save there: {reason}.", reason=problem.strerror or problem)
    return True


def offer_save(ask: Asker, sheet: ScoreSheet) -> Path | None:
    """Offer to save the sheet as YAML; return where it went, or None. A file that exists is
    replaced only when the person says so; a write that fails asks for another name."""
    if not ask.confirm(
        t("Save this sheet as YAML, to score it again or correct it?"), default=True
    ):
        return None
    default = f"score-sheet-{datetime.date.today().isoformat()}.yaml"
    while True:
        path = Path(
            os.path.expanduser(
                ask.text(t("Save to"), default=default, validate=_path_validator).strip()
            )
        )
        if path.exists() and not ask.confirm(
            t("{path} exists. Replace it?", path=path), default=False
        ):
            continue
        header = (
            f"# Final score sheet entered with caledonia on {datetime.date.today().isoformat()}."
            f"\n# Score it again with: caledonia score {path}\n"
        )
        try:
            write_text_atomic(path, header + sheet_as_yaml(sheet))
        except WriteError as problem:
            ask.say(t("{problem}. Give another name.", problem=problem))
            continue
        return path


def enter_sheet_and_score(parts: Components, as_json: bool, ask: Asker | None = None) -> None:
    """The interactive `caledonia score`: ask, score, show, offer to save. The answers are
    kept in a draft until the sheet is saved (or not wanted), so a stop loses nothing."""
    draft = Draft.named(DRAFT)
    try:
        # TRANSLATORS: read inside "Go on with {what}?"
        asker = draft.asker(ask or QuestionaryAsker(), t("the score sheet"))
        # TRANSLATORS: where an error was found, in place of a file's name
        sheet = parse_sheet(enter_sheet(asker, parts), t("the entered sheet"), parts)
        result = score_sheet(sheet, parts)
        if as_json:
            print_json(result.as_json())
        else:
            render_score(result, sheet)
        saved = offer_save(asker, sheet)
    except (KeyboardInterrupt, EOFError):
        message(draft.stopped_words("caledonia score"))
        raise typer.Exit(ExitCode.INTERRUPTED) from None
    draft.discard()
    if saved is not None:
        command = f"caledonia score {saved}"
        # TRANSLATORS: {command} is the command to type, as it is
        message(t("Saved to {path}. Score it again with: {command}", path=saved, command=command))
