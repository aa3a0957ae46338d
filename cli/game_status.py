"""What `status` and `play` show of a game: the round's facts and each player's row
(status_view, the view views.py keeps), printed by status_view.show_status."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from caledonia.rules.contract_faces import short, tile
from caledonia.rules.game.clans.mackenzie import NAME, cellar_words
from caledonia.rules.game.pieces import position_of
from caledonia.rules.game.registry import CLANS
from caledonia.rules.game.state import phase_words
from caledonia.rules.messages import N_
from caledonia.rules.names import Name
from caledonia.rules.plaindata import plain

from .game_io import load, summary
from .map_common import check_picture
from .output import (
    console,
    emit,
)
from .status_view import show_status, show_view
from .translation import data_text, t, t_n, tr
from .views import keep_view

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game
    from caledonia.rules.game.state import GameState


def _powers_not_enforced(game: Game) -> list[str]:
    """What the engine does not apply yet for the clans in play, so the table can fix it."""
    lines = []
    for p in game.state.players:
        missing = CLANS[p.clan].not_enforced if p.clan else ()
        if missing:
            lines.append(
                t(
                    "Not yet enforced for {player} ({clan}): {missing}: "
                    "use 'caledonia fix' where it changes a number.",
                    player=p.name,
                    clan=p.clan,
                    missing="; ".join(tr(said) for said in missing),
                )
            )
    return lines


def _cellars(game: Game) -> list[str]:
    """Each whisky cellar in play, spot by spot, and whether its values are the example's."""
    state = game.state
    cellar = (
        N_(
            "{player}'s whisky cellar: {cellar} (example values, not your clan tile's: "
            "'caledonia box values' enters yours)"
        )
        if state.setup.example_value("whisky_cellar")
        else N_("{player}'s whisky cellar: {cellar}")
    )
    return [
        t(cellar, player=p.name, cellar=cellar_words(state, p))
        for p in state.players
        if p.clan == NAME
    ]


def round_facts(game: Game) -> dict[str, Any]:
    """For the round being played (the next one during preparation): its scoring tile (None
    once the game is over or without scoring tiles) and what taking a contract gives (+) or
    costs (-); and the port tile at each corner with its effect."""
    state = game.state
    number = state.round + 1 if state.phase == "preparation" else max(1, state.round)
    over = state.phase == "over"
    tile = None
    if state.setup.scoring_tiles and not over:
        tile_id = state.setup.scoring_tiles[number - 1]
        found = next(t for t in state.parts.scoring_tiles if t.id == tile_id)
        tile = {
            "round": number,
            "tile": found.id,
            "scores": found.scores,
            "glory": found.glory,
            "glory_per_field": found.glory_per_field,
        }
    effects = {t.id: t for t in state.parts.port_tiles}
    return {
        "scoring_tile": tile,
        "contract_cost": None
        if over
        else {"round": number, "money": state.parts.economy.contract_cost_by_round[number]},
        "port_tiles": {
            corner: {"tile": tile_id, "effect": _port_effect(game, effects[tile_id])}
            for corner, tile_id in sorted(state.setup.ports.items())
        },
    }


def _port_effect(game: Game, tile: Any, words: Callable[[str], str] = str) -> str:
    """A port tile's words, with the erratum the game plays by (port 7); each sentence
    through `words` (data_text, to show it in the reader's language; English for --json)."""
    if not tile.erratum:
        return words(tile.effect)
    original = game.setup.variants.get("port7_original")
    erratum = tile.erratum.get("original_2017_text" if original else "default")
    return f"{words(tile.effect)} {words(erratum)}" if erratum else words(tile.effect)


def _tile_words(tile: dict[str, Any]) -> str:
    pairs = "pairs" in tile["scores"].lower()
    field = tile["glory_per_field"]
    if field:
        glory = (
            N_("{glory} glory per pair, {field} per field")
            if pairs
            else N_("{glory} glory each, {field} per field")
        )
    else:
        glory = N_("{glory} glory per pair") if pairs else N_("{glory} glory each")
    return t(
        # TRANSLATORS: {scores} is the tile's own words; {glory} what it gives ("2 glory each")
        "Scoring tile {tile} (round {round}): {scores}; {glory}.",
        tile=tile["tile"],
        round=tile["round"],
        scores=data_text(tile["scores"]),
        glory=t(glory, glory=tile["glory"], field=field),
    )


def _money(amount: int) -> str:
    if amount > 0:
        return t("taking a contract gives £{amount}", amount=amount)
    if amount:
        return t("taking a contract costs £{amount}", amount=-amount)
    return t("taking a contract is free")


def _player_rows(p: dict[str, Any]) -> list[list[Any]]:
    """One player's values as [label, items]: each item a value that stays whole."""
    # each by its left half, how the table finds the tile (the whole face is in the menus)
    contracts = [t("open {contract}", contract=short(c)) for c in p["open_contracts"]] + [
        t("done {contract}", contract=short(c)) for c in p["fulfilled"]
    ]
    merchants = p["merchants"]
    # the labels stay English here: status_view.py finds rows by them, and shows them translated
    return [
        [N_("Money"), [t("£{amount}", amount=p["money"])]],
        [N_("Glory"), [str(p["glory"])]],
        [
            N_("Goods"),
            [tr(Name(g, n)) for g, n in p["goods"].items() if n] or ["-"],
        ],
        [
            N_("Merchants"),
            [
                t("{count} ready", count=merchants["ready"]),
                t("{count} out", count=merchants["on_market"]),
            ],
        ],
        [N_("Shipping"), [tr(Name(p["shipping"]))]],
        [N_("Technology"), [tr(Name(tile)) for tile in p["technology"]] or ["-"]],
        [N_("Units"), [str(len(p["units"]))]],
        [N_("Contracts"), contracts or ["-"]],
    ]


def _who(p: dict[str, Any]) -> list[str]:
    return (
        [t("{player} ({colour})", player=p["name"], colour=p["colour"])]
        + ([p["clan"]] if p["clan"] else [])
        + ([t("passed")] if p["passed"] else [])
    )


def _status_head(game: Game, data: dict[str, Any], facts: dict[str, Any]) -> list[list[Any]]:
    """The lines above the players: round, turn order, the round's scoring tile and contract
    cost, market, export board, port tiles; each with how it wraps (status_view.py)."""
    state = game.state
    round_line = t(
        "Round {round}, {phase}. Next: {step}.",
        round=data["round"],
        phase=phase_words(data["phase"]),
        step=data["next"],
    )
    head: list[list[Any]] = [["fit", round_line]]
    if state.phase == "over":
        head.append(["over"])
    if data["turn_order"]:
        head.append(["items", t("Turn order:"), data["turn_order"]])
    if facts["scoring_tile"]:
        head.append(["fit", _tile_words(facts["scoring_tile"])])
    elif not state.setup.scoring_tiles:
        head.append(["line", t("No scoring tiles in this game.")])
    cost = facts["contract_cost"]
    if cost is not None:
        cost_line = t(
            "Contracts in round {round}: {cost}.", round=cost["round"], cost=_money(cost["money"])
        )
        head.append(["fit", cost_line])
    prices = [t("{good} £{price}", good=g, price=p) for g, p in data["prices"].items()]
    head.append(["items", t("Market:"), prices])
    head += _export_board_head(state, data)
    if facts["port_tiles"]:
        head += _port_tiles_head(game, facts["port_tiles"])
    return head


def _export_board_head(state: GameState, data: dict[str, Any]) -> list[list[Any]]:
    """The export board's lines of the status head: the pile, then each tile by its face."""
    if data["pile"] is not None:
        board = t_n(
            "Export board ({count} contract in the pile):",
            "Export board ({count} contracts in the pile):",
            data["pile"],
        )
    else:
        board = t("Export board (your own pile):")
    head: list[list[Any]] = [["line", board]]
    for held in data["export_board"]:  # the tiles carry no numbers: each by its face
        face = tr(tile(held, state.parts.contracts)) if held else t("(an empty box)")
        head.append(["fit", f"  {face}"])
    return head


def _port_tiles_head(game: Game, ports: dict[str, Any]) -> list[list[Any]]:
    """The port tiles' lines of the status head: each corner with what its tile does."""
    head: list[list[Any]] = [["line", t("Port tiles:")]]
    effects = {tile.id: tile for tile in game.state.parts.port_tiles}
    for corner, port in ports.items():
        said = t(
            "corner {corner}: {effect}",
            corner=corner,
            effect=_port_effect(game, effects[port["tile"]], data_text),
        )
        head.append(["fit", f"  {said}"])
    return head


def status_view(game: Game) -> dict[str, Any]:
    """What `status` prints of the game, as plain data (kept in the cache by views.py):
    the --json data, and the lines and players status_view.py lays out."""
    data = summary(game)
    facts = round_facts(game)
    return {
        # in English, and plain strings: a view is kept with marshal, which takes no Reason
        "json": plain({**data, **facts}),
        "head": _status_head(game, data, facts),
        "players": [
            {"name": p["name"], "who": _who(p), "rows": _player_rows(p)} for p in data["players"]
        ],
        "cellars": _cellars(game),
        "powers": _powers_not_enforced(game),
    }


def print_game_status(
    game_file: str, show_map: bool, svg: str | None, force: bool, as_json: bool
) -> None:
    """`status` worked out from the game (none kept, or the board asked for): printed, its
    view kept, and the board's picture saved with --svg."""
    check_picture(svg, force)
    game = load(game_file)
    view = status_view(game)
    keep_view(game_file, game, "status", view)
    if as_json or not show_map:
        show_view(view, game_file, as_json)
    else:
        print_status(game, show_map, game_file=game_file)
    if svg:
        _save_picture(svg, game_file, game)


def _save_picture(svg: str, game_file: str, game: Game) -> None:
    """The board with what the player to act may do, as an SVG picture in `svg`."""
    from .map_picture import save_picture  # the SVG drawing: only with --svg
    from .map_source import source_of_game, to_act_overlay

    source = source_of_game(game_file, game)
    overlay = to_act_overlay(source)
    save_picture(svg, source.board, source, [overlay] if overlay else [])


def print_status(
    game: Game,
    show_map: bool = False,
    highlight: Collection[int] = (),
    *,
    game_file: str | None = None,
    width: int | None = None,
) -> None:
    """The status (and the board, with `highlight` spaces marked), as `status` prints it,
    fitted to `width` columns (the console's when None): nothing in it is ever cut."""
    width = width or console().width
    show_status(status_view(game), width, game_file)
    if show_map:
        from .map_view import draw_board, legend

        state = game.state
        position = position_of(state)
        console().print(
            draw_board(state.board, position, highlight, state.setup.ports, width=width),
            soft_wrap=True,
            crop=False,
        )
        marked = len(highlight) if highlight else None
        for line in legend(
            state.board, position, state.setup.ports, width=width, highlighted=marked
        ):
            emit(line)
