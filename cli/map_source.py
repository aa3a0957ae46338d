"""What the map commands read: a position file, or a game file at its current state.

A position file says only where units stand; a game file is replayed, so its board,
units, port tiles, money and clan powers are those of the game now. The map commands ask
the same questions of both through `MapSource`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from caledonia.rules.components import components
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.expansion import check_expansion, legal_spaces
from caledonia.rules.file_kinds import refuse_score_sheet
from caledonia.rules.game.engine import next_step
from caledonia.rules.game.events.expand import expansion, legal_expansions
from caledonia.rules.game.phases import player_to_act
from caledonia.rules.game.pieces import position_of
from caledonia.rules.game.state import phase_words
from caledonia.rules.position import error_reason, parse_position
from caledonia.rules.reach import reachable
from caledonia.rules.yamlfile import parse_yaml, read_text
from caledonia.storage.games import game_from_text, kept_game

from .board_svg import Overlay
from .game_io import example_note
from .map_sides import example_sides_notice, load_sides, maps_for
from .output import message
from .translation import t, t_n, tr

if TYPE_CHECKING:
    from caledonia.rules.board import Board, Space
    from caledonia.rules.expansion import ExpansionCheck
    from caledonia.rules.game.engine import Game
    from caledonia.rules.position import MapPlayer, Position


@dataclass
class MapSource:
    path: str
    position: Position
    ports: dict[str, str]
    game: Game | None = None  # None for a position file

    @property
    def board(self) -> Board:
        return self.position.board

    def player(self, who: str) -> MapPlayer:
        try:
            return self.position.player(who)
        except ValueError as reason:
            raise CaledoniaError(tr(error_reason(reason))) from None

    def space(self, space_id: str) -> int:
        try:
            return self.board.lookup(space_id)
        except ValueError as reason:
            raise CaledoniaError(tr(error_reason(reason))) from None

    def legal(
        self, who: str, unit: str, free_land: bool = False, money: int | None = None
    ) -> list[ExpansionCheck]:
        """Every space `who` may expand `unit` onto; in a game, with the player's money and
        clan power, whoever's turn it is."""
        if self.game is not None:
            player = self.game.state.by_name(self.player(who).name)
            return legal_expansions(self.game.state, player, (unit,), free=free_land)
        return legal_spaces(
            self.position,
            self.player(who).name,
            unit,
            components().economy,
            free_land=free_land,
            money=money,
        )

    def check(
        self, who: str, unit: str, space: int, free_land: bool = False, money: int | None = None
    ) -> ExpansionCheck:
        if self.game is not None:
            player = self.game.state.by_name(self.player(who).name)
            return expansion(self.game.state, player, unit, space, free_land)
        return check_expansion(
            self.position,
            self.player(who).name,
            unit,
            space,
            components().economy,
            free_land=free_land,
            money=money,
        )

    def free_routes(self, who: str) -> dict[int, Any]:
        """Free land spaces within `who`'s shipping reach, each with its route, in board
        order."""
        player = self.player(who)
        occupied = {i for p in self.position.players for i in p.units}
        routes = reachable(self.board, player.units, player.shipping, player.ports)
        return {
            i: route
            for i, route in sorted(routes.items())
            if self.board.is_free_land(i) and i not in occupied
        }

    def to_act(self) -> str | None:
        """In a game's action phase, the player whose main action comes next: the player
        whose turn it is, or the next one once that turn's main action is done."""
        if self.game is None or self.game.state.phase != "action":
            return None
        return player_to_act(self.game.state)

    def headline(self) -> tuple[str, str]:
        """The picture's title and subtitle: which file, which round, whose turn."""
        # TRANSLATORS: the title of the SVG picture: {file} is the name of the file drawn
        title = t("caledonia: {file}", file=Path(self.path).name)
        if self.game is None:
            players = ", ".join(p.name for p in self.position.players)
            if self.board.example:
                return title, t(
                    "a position of {players} · example map modules, not the printed ones",
                    players=players,
                )
            return title, t("a position of {players}", players=players)
        state = self.game.state
        when = (
            phase_words(state.phase)
            if state.phase == "over"
            else t("round {round}, {phase}", round=state.round, phase=phase_words(state.phase))
        )
        if self.board.example:
            return title, t(
                "{when} · next: {step} · example map modules, not the printed ones",
                when=when,
                step=next_step(state),
            )
        return title, t("{when} · next: {step}", when=when, step=next_step(state))


def reach_overlay(name: str, spaces: Iterable[int]) -> Overlay:
    marks = dict.fromkeys(spaces, "")
    caption = t_n(
        "{player} reaches {count} free space",
        "{player} reaches {count} free spaces",
        len(marks),
        player=name,
    )
    return Overlay("reach", marks, caption)


def legal_overlay(board: Board, name: str, unit: str, checks: list[ExpansionCheck]) -> Overlay:
    """Each legal space marked with the expansion's cost."""
    caption = t_n(
        "{player} may expand a {unit} here: {count} space",
        "{player} may expand a {unit} here: {count} spaces",
        len(checks),
        player=name,
        unit=unit.replace("_", " "),
    )
    # the labels are prices, kept as figures: they are also the --json output's labels
    return Overlay("legal", {board.index[c.space]: f"£{c.cost}" for c in checks}, caption)


def source_of_game(path: str, game: Game) -> MapSource:
    return MapSource(path, position_of(game.state), dict(game.setup.ports), game)


def to_act_overlay(source: MapSource) -> Overlay | None:
    """In a game's action phase: every space where the player to act may expand some unit
    now, with the cheapest such expansion's cost."""

    name = source.to_act()
    if name is None or source.game is None:
        return None
    cheapest: dict[str, int] = {}
    for check in legal_expansions(source.game.state, source.game.state.by_name(name)):
        cheapest[check.space] = min(check.cost, cheapest.get(check.space, check.cost))
    return Overlay(
        "legal",
        {source.board.index[space]: f"£{cost}" for space, cost in cheapest.items()},
        t(
            "{player}, to act, may expand here: the cheapest unit's cost "
            "('map legal GAME {player} UNIT --svg FILE' for one unit)",
            player=name,
        ),
    )


def is_game_data(data: Any) -> bool:
    return isinstance(data, dict) and "format" in data and "setup" in data


def _game_source(path: str, game: Game) -> tuple[MapSource, str | None]:
    return source_of_game(path, game), example_note(game.setup)


def open_source(path: str, maps: str | None) -> MapSource:
    """A position or game file, with the example-data notice on stderr."""
    source, notice = load_source(path, maps)
    if notice:
        message(notice, style="yellow")
    return source


def load_source(path: str, maps: str | None) -> tuple[MapSource, str | None]:
    """The file as a map source, and the notice to show when it runs on example data.
    A game file carries its own modules, so `maps` applies to position files only."""

    text = read_text(path)
    parts = components()
    if "caledonia-game" in text:  # a checkpoint of exactly this game file spares a replay
        game = kept_game(text, path, parts)
        if game is not None:
            return _game_source(path, game)
    data = parse_yaml(text, path)
    if is_game_data(data):
        return _game_source(path, game_from_text(text, path, parts, data))
    refuse_score_sheet(data, path)
    position = parse_position(
        data,
        path,
        load_sides(maps_for(data, maps), needed=()),
        parts.economy,
        tuple(tile.id for tile in parts.port_tiles),
    )
    notice = example_sides_notice(position.board)
    return MapSource(path, position, dict(position.ports)), notice


def board_data(
    board: Board, source: MapSource | None, overlays: Iterable[Overlay] = ()
) -> dict[str, Any]:
    """The board as data for `map show --json`: every space with its terrain, cost and what
    stands on it; the rivers; the lochs; the port slots; the players; the highlighted spaces."""
    players = source.position.players if source else ()
    return {
        "modules": list(board.module_names()),
        "players": board.players,
        "example": board.example,
        "spaces": _spaces_data(board, players),
        "rivers": sorted(sorted(board.spaces[i].id for i in edge) for edge in board.rivers),
        "lochs": [s.id for s in board.spaces if s.loch],
        "port_slots": _port_slots_data(board, players, source.ports if source else {}),
        "owners": [{"name": p.name, "colour": p.colour, "shipping": p.shipping} for p in players],
        "highlighted": [_overlay_data(board, overlay) for overlay in overlays],
    }


def _spaces_data(board: Board, players: Iterable[MapPlayer]) -> list[dict[str, Any]]:
    """Every space, in board order, with the unit standing on it."""
    held = {
        index: {"player": player.name, "unit": unit}
        for player in players
        for index, unit in player.units.items()
    }
    return [_space_data(board, s, held.get(s.index)) for s in board.spaces]


def _space_data(board: Board, s: Space, unit: dict[str, Any] | None) -> dict[str, Any]:
    """One space as `map show --json` gives it, with the unit standing on it."""
    return {
        "space": s.id,
        "module": s.module,
        "column": s.column,
        "row": s.row,
        "terrain": "loch" if s.loch else sorted(s.land),
        "cost": s.cost,
        "mist": s.mist,
        "active": s.index in board.active,
        "blocked": str(board.blocked[s.index]) if s.index in board.blocked else None,
        "unit": unit,
    }


def _port_slots_data(
    board: Board, players: Iterable[MapPlayer], ports: dict[str, str]
) -> list[dict[str, Any]]:
    """Each port slot: its corner, the tile there, the spaces it touches, the unit on it."""
    on_ports = {
        letter: {"player": player.name, "unit": unit}
        for player in players
        for letter, unit in player.ports.items()
    }
    return [
        {
            "corner": slot.module,
            "tile": ports.get(slot.module),
            "touches": [board.spaces[i].id for i in slot.touches],
            "unit": on_ports.get(slot.module),
        }
        for slot in board.port_slots
    ]


def _overlay_data(board: Board, overlay: Overlay) -> dict[str, Any]:
    """A highlight's kind and its spaces with their labels (None for no label)."""
    return {
        "overlay": overlay.kind,
        "spaces": [
            {"space": board.spaces[i].id, "label": label or None}
            for i, label in sorted(overlay.marks.items())
        ],
    }
