"""The assembled board: four module sides, the active map and what sits on it for good.

Modules A-D go clockwise with their letters meeting in the middle: A top
left, B top right, C bottom right, D bottom left. The board knows, for a
player count: which spaces are active (mist is off with 1-2 players), which
are blocked (solo neutral workers on every active £1 space; spaces covered in
the tighter-map variant), the border spaces, the river deltas and the port
slots in use. Adjacency, neighbouring and loch distances are worked out once
here so that reach and settlement questions are set look-ups.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from .errors import DataError
from .hexgrid import around
from .map_modules import DEFAULT_ORIGINS as DEFAULT_ORIGINS  # where the command line looks
from .map_modules import MODULE_LETTERS, ModuleSide
from .messages import Reason

MAX_LOCHS = 4  # 4-loch is the top shipping level


class Space(NamedTuple):
    index: int  # type: ignore[assignment]  # its place in the board (a field, not tuple.index)
    id: str  # "A-07"
    module: str
    column: int  # on the board
    row: int
    land: frozenset[str]  # empty for a loch
    cost: int | None
    mist: bool

    @property
    def loch(self) -> bool:
        return not self.land


class PortSlot(NamedTuple):
    module: str
    slot: str  # players_1_2 or players_3_4
    touches: tuple[int, ...]  # space indices


def slot_for(players: int) -> str:
    return "players_1_2" if players <= 2 else "players_3_4"


class Board:
    """Four module sides assembled for a number of players."""

    def __init__(self, sides: Sequence[ModuleSide], players: int, covered: Iterable[str] = ()):
        letters = sorted(side.module for side in sides)
        if letters != list(MODULE_LETTERS):
            raise ValueError(Reason("a board takes one side of each module A, B, C and D"))
        if not 1 <= players <= 4:
            raise ValueError(Reason("a board is for 1 to 4 players"))
        self.players = players
        self.sides = tuple(sorted(sides, key=lambda side: side.module))
        self.example = any(side.example for side in sides)
        self._build_spaces()
        self._build_edges()
        self.active = frozenset(s.index for s in self.spaces if not (s.mist and players <= 2))
        self.blocked: dict[int, str] = self._solo_blocked() if players == 1 else {}
        self._cover(list(covered))
        self.border = self._border_spaces()
        self.deltas = self._river_deltas()
        self.port_slots = tuple(self._port_slot(side) for side in self.sides)
        self._loch_depths: dict[int, dict[int, int]] = {}
        self._loch_targets: dict[tuple[int, int], dict[int, int]] = {}

    def _solo_blocked(self) -> dict[int, str]:
        """The active £1 spaces a solo game blocks, each with why."""
        return {
            s.index: Reason("holds a neutral worker (solo: every £1 space is blocked)")
            for s in self.spaces
            if s.index in self.active and s.cost == 1
        }

    def _port_slot(self, side: ModuleSide) -> PortSlot:
        """The side's port slot for this many players, as board spaces."""
        slot = slot_for(self.players)
        return PortSlot(
            side.module, slot, tuple(self.index[side.space_id(n)] for n in side.port_slots[slot])
        )

    # -- construction -----------------------------------------------------
    def _build_spaces(self) -> None:
        spaces: list[Space] = []
        self.at: dict[tuple[int, int], int] = {}
        self.index: dict[str, int] = {}
        for side in self.sides:
            origin_column, origin_row = side.origin
            for spec in side.hexes:
                position = (origin_column + spec.column, origin_row + spec.row)
                space_id = side.space_id(spec.number)
                if position in self.at:
                    other = spaces[self.at[position]]
                    raise DataError(
                        side.source,
                        Reason(
                            "{space} overlaps {other} of module {module} at board "
                            "column {column}, row {row}: check the modules' origins",
                            space=space_id,
                            other=other.id,
                            module=other.module,
                            column=position[0],
                            row=position[1],
                        ),
                    )
                index = len(spaces)
                spaces.append(
                    Space(index, space_id, side.module, *position, spec.land, spec.cost, spec.mist)
                )
                self.at[position] = index
                self.index[space_id] = index
        self.spaces: tuple[Space, ...] = tuple(spaces)

    def _build_edges(self) -> None:
        rivers: set[frozenset[int]] = set()
        for side in self.sides:
            for first, second in side.rivers:
                rivers.add(
                    frozenset((self.index[side.space_id(first)], self.index[side.space_id(second)]))
                )
        self.rivers = frozenset(rivers)
        adjacent, neighbouring, across = [], [], []
        for space in self.spaces:
            near = [self.at[p] for _, p in around(space.column, space.row) if p in self.at]
            adjacent.append(tuple(near))
            neighbouring.append(tuple(j for j in near if frozenset((space.index, j)) not in rivers))
            across.append(tuple(j for j in near if frozenset((space.index, j)) in rivers))
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(adjacent)
        self.neighbouring: tuple[tuple[int, ...], ...] = tuple(neighbouring)
        self.across_river: tuple[tuple[int, ...], ...] = tuple(across)

    def _cover(self, covered: list[str]) -> None:
        if not covered:
            return
        if self.players not in (2, 3):
            raise ValueError(Reason("the tighter map is a variant for 2 or 3 players"))
        if len(covered) != 4 or len(set(covered)) != 4:
            raise ValueError(Reason("the tighter map covers exactly four different land spaces"))
        for space_id in covered:
            index = self.lookup(space_id)
            space = self.spaces[index]
            if space.loch or index not in self.active:
                raise ValueError(
                    Reason(
                        "{space} is not an active land space: cover land of the active map",
                        space=space_id,
                    )
                )
            self.blocked[index] = Reason("is covered by a port tile (tighter map)")

    def _border_spaces(self) -> frozenset[int]:
        """Every active space adjacent to the mist (1-2 players) or to the map's edge, lochs
        included: they are part of the active map (ruling 21, scoring tile 5)."""
        border = set()
        for space in self.spaces:
            if space.index not in self.active:
                continue
            if self.players <= 2:
                touching_mist = any(self.spaces[j].mist for j in self.adjacent[space.index])
                if touching_mist:
                    border.add(space.index)
            elif len(self.adjacent[space.index]) < 6:
                border.add(space.index)
        return frozenset(border)

    def _river_deltas(self) -> frozenset[int]:
        deltas: set[int] = set()
        for edge in self.rivers:
            first, second = tuple(edge)
            common = set(self.adjacent[first]) & set(self.adjacent[second])
            if any(self.spaces[k].loch for k in common):
                deltas.update(edge)
        return frozenset(deltas)

    # -- look-ups -----------------------------------------------------------
    def lookup(self, space_id: str) -> int:
        """The index of a space id such as 'B-07' (any case, with or without the dash and the
        leading zero: b7, B07, B-7); ValueError if there is none."""
        key = space_id.strip().upper().replace(" ", "")
        letter, number = key.split("-", 1) if "-" in key else (key[:1], key[1:])
        if letter in MODULE_LETTERS and number.isdigit():  # A-7, a07 and A11 too
            key = f"{letter}-{int(number):02d}"
        if key not in self.index:
            raise ValueError(
                Reason(
                    "no space {space} on this board: spaces are named like A-07",
                    space=repr(space_id),
                )
            )
        return self.index[key]

    def is_free_land(self, index: int) -> bool:
        """Active land that is not blocked: a space a unit could ever stand on."""
        space = self.spaces[index]
        return not space.loch and index in self.active and index not in self.blocked

    def loch_depths(self, start: int) -> dict[int, int]:
        """Lochs reachable from `start` through lochs only, with how many lochs each takes."""
        if start not in self._loch_depths:
            depths: dict[int, int] = {}
            frontier = self._lochs_beside(start, depths)
            depth = 1
            while frontier and depth <= MAX_LOCHS:
                next_frontier: list[int] = []
                for loch in frontier:
                    if loch not in depths:
                        depths[loch] = depth
                        next_frontier.extend(self._lochs_beside(loch, depths))
                frontier = next_frontier
                depth += 1
            self._loch_depths[start] = depths
        return self._loch_depths[start]

    def _lochs_beside(self, index: int, passed: Mapping[int, int]) -> list[int]:
        """The lochs next to the space `index` not yet `passed`."""
        return [j for j in self.adjacent[index] if self.spaces[j].loch and j not in passed]

    def lochs_to(self, start: int, target: int) -> int | None:
        """The fewest loch spaces between two spaces on a water route, or None."""
        depths = self.loch_depths(start)
        crossings = [depths[j] for j in self.adjacent[target] if j in depths]
        return min(crossings) if crossings else None

    def loch_targets(self, start: int, lochs: int) -> dict[int, int]:
        """Non-loch spaces reachable from `start` across 1..`lochs` loch spaces, never over
        land, each with the fewest lochs it takes."""
        key = (start, lochs)
        if key not in self._loch_targets:
            targets: dict[int, int] = {}
            for loch, depth in self.loch_depths(start).items():
                if depth <= lochs:
                    for shore in self.adjacent[loch]:
                        if not self.spaces[shore].loch and depth < targets.get(
                            shore, MAX_LOCHS + 1
                        ):
                            targets[shore] = depth
            targets.pop(start, None)
            self._loch_targets[key] = targets
        return self._loch_targets[key]

    def module_names(self) -> tuple[str, ...]:
        return tuple(side.name for side in self.sides)


# the board laid out last, by what it was laid out from (laid_out)
_LAST_LAID: list[tuple[tuple[tuple[ModuleSide, ...], int, tuple[str, ...]], Board]] = []


def laid_out(sides: Sequence[ModuleSide], players: int, covered: Iterable[str] = ()) -> Board:
    """The board of these sides for `players`, with the `covered` spaces (tighter map): the
    one laid out last when it is the same, else a new one. A game's setup is checked by
    laying out its board, and its first state lays out the same board again; a board never
    changes once laid out, so the two may share it."""
    key = (tuple(sides), players, tuple(covered))
    if _LAST_LAID and _LAST_LAID[0][0] == key:
        return _LAST_LAID[0][1]
    board = Board(sides, players, covered)
    _LAST_LAID[:] = [(key, board)]
    return board


def assemble(
    module_set: Mapping[str, ModuleSide],
    names: Sequence[str],
    players: int,
    covered: Iterable[str] = (),
) -> Board:
    """A board from side names such as ['A1', 'B2', 'C1', 'D2']; ValueError with the reason."""
    chosen = []
    for name in names:
        key = name.strip().upper()
        if key not in module_set:
            known = ", ".join(sorted(module_set)) or Reason("none")
            raise ValueError(
                Reason("no module side {side} (sides here: {known})", side=repr(name), known=known)
            )
        chosen.append(module_set[key])
    letters = [side.module for side in chosen]
    if sorted(letters) != list(MODULE_LETTERS):
        raise ValueError(
            Reason("give one side of each module A, B, C and D, such as [A1, B2, C1, D2]")
        )
    return Board(chosen, players, covered)
