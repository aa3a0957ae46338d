"""The one check of a set-up, whether it was drawn (`draw_setup`, from the table's choices
and a seed) or read back from a game file (`parse_setup`).

Each caller first reads its input into `SetupChoices` (the command line's words, or the
file's values with their types checked), then asks `check_setup`. A problem names the
set-up key (as the game file has it), the item it is about (a list index or a corner) and
what was expected, so `parse_setup` points at the file's line and `draw_setup` says the
reason as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from ..board import laid_out
from ..boxdata import STARTING_TILES
from ..components import Components, PortTile, ScoringTile
from ..map_modules import MODULE_LETTERS, ModuleSide
from ..messages import N_, Reason
from ..position import COLOURS
from ..schema import describe
from .registry import adds_kickstarter, leaves_out, left_out_by, variants_refusal
from .state import reason_of

SCORING_TILES = 5  # one per round

# what may be wrong with a list of different items, by the item: one is given twice (its
# `item`), or there are not `wanted` of them (`got`)
_TWICE = {
    "scoring tile": N_("scoring tile {item} is given twice; expected different ones"),
    "port tile": N_("port tile {item} is given twice; expected different ones"),
    "clan": N_("clan {item} is given twice; expected different ones"),
    "starting tile": N_("starting tile {item} is given twice; expected different ones"),
}
_HOW_MANY = {
    "scoring tile": N_("expected {wanted} different scoring tiles, got {got}"),
    "clan": N_("expected {wanted} different clans, got {got}"),
    "starting tile": N_("expected {wanted} different starting tiles, got {got}"),
}
# a tile id not in play (`ids` lists those that are), or one only the kickstarter has
_UNKNOWN_TILE = {
    "scoring tile": N_("expected a scoring tile id, one of {ids}, got {given}"),
    "port tile": N_("expected a port tile id, one of {ids}, got {given}"),
}
_KICKSTARTER_TILE = {
    "scoring tile": N_("scoring tile {tile} is in play only with the kickstarter variant"),
    "port tile": N_("port tile {tile} is in play only with the kickstarter variant"),
}


class SetupPlayer(NamedTuple):
    name: str
    colour: str


class SetupChoices(NamedTuple):
    """What a set-up is made of that the table chooses or a file may get wrong. Tile ids and
    clan names as given (normalised: upper case ids, clan names as printed)."""

    players: Sequence[SetupPlayer]
    start_player: str
    variants: Mapping[str, bool]
    sides: Sequence[ModuleSide]
    tighter_map: Sequence[str]
    ports: Mapping[str, Any]  # corner letter -> port tile id
    scoring_tiles: Sequence[Any]
    clans: Sequence[Any]
    starting_tiles: Sequence[int]


class SetupProblem(NamedTuple):
    key: str  # the set-up's key, as in the game file: "scoring_tiles", "ports", ...
    at: int | str | None  # the item the reason is about: a list index or a corner letter
    reason: str  # what is wrong, saying what was expected


class _Refused(Exception):
    def __init__(self, problem: SetupProblem):
        super().__init__(problem.reason)
        self.problem = problem


def _refuse(key: str, reason: str, at: int | str | None = None) -> _Refused:
    return _Refused(SetupProblem(key, at, reason))


def check_setup(choices: SetupChoices, parts: Components) -> SetupProblem | None:
    """The first thing wrong with this set-up (None: nothing), checked in one order for a
    drawn set-up and a stored one alike."""
    try:
        _check(choices, parts)
    except _Refused as refused:
        return refused.problem
    return None


def players_problem(players: Sequence[SetupPlayer]) -> str | None:
    """Why these players cannot sit at one table (None: they can)."""
    if not 1 <= len(players) <= 4:
        return player_count_reason(4, len(players))
    if any(not p.name.strip() for p in players):
        return Reason("a player needs a name")
    names = [p.name.casefold() for p in players]
    colours = [p.colour for p in players]
    if len(set(names)) != len(names):
        return Reason("two players have the same name")
    if len(set(colours)) != len(colours):
        return Reason("two players have the same colour")
    for p in players:
        if p.colour not in COLOURS:
            return Reason(
                "{player}'s colour {colour!r} is not one of {colours}",
                player=p.name,
                colour=p.colour,
                colours=", ".join(COLOURS),
            )
    return None


def player_count_reason(most: int, count: int) -> Reason:
    return Reason("a game has 1 to {most} players, not {count}", most=most, count=count)


def clans_wanted(variants: Mapping[str, bool], players: int) -> int:
    """How many clans are drawn: one more than the players for the choice, one each for the
    auction, none without clans."""
    if leaves_out(variants, "clans"):
        return 0
    return players if variants.get("clan_auction") else players + 1


def _check(choices: SetupChoices, parts: Components) -> None:
    count = len(choices.players)
    problem = players_problem(choices.players)
    if problem:
        raise _refuse("players", problem)
    _check_start_player(choices)
    variants = choices.variants
    refusal = variants_refusal(variants, count)
    if refusal:
        raise _refuse("variants", refusal)
    _check_map(choices, count)
    ks = adds_kickstarter(variants)

    def without(part: str) -> str | None:
        return left_out_by(variants, part)

    _check_ports(choices.ports, parts.port_tiles, ks, without("ports"))
    if leaves_out(variants, "scoring_tiles"):
        _nothing("scoring_tiles", choices.scoring_tiles, without("scoring_tiles"), EMPTY_LIST)
    else:
        tiles = parts.scoring_tiles
        ids = _each(
            "scoring_tiles", choices.scoring_tiles, lambda t: _tile(t, tiles, ks, "scoring tile")
        )
        _different("scoring_tiles", ids, SCORING_TILES, "scoring tile")
    wanted = clans_wanted(variants, count)
    if leaves_out(variants, "clans"):
        _nothing("clans", choices.clans, without("clans"), EMPTY_LIST)
    else:
        clans = _each("clans", choices.clans, lambda c: _clan(c, parts, ks))
        _different("clans", clans, wanted, "clan")
    _check_starting_tiles(choices.starting_tiles, wanted or count)


def _check_start_player(choices: SetupChoices) -> None:
    """The start player is one of the players."""
    names = [p.name for p in choices.players]
    if choices.start_player not in names:
        raise _refuse(
            "start_player",
            Reason(
                "no player {player!r} to start: expected one of {players}",
                player=choices.start_player,
                players=", ".join(names),
            ),
        )


def _check_map(choices: SetupChoices, count: int) -> None:
    """One side of each module, laid out as a board for `count` players."""
    if sorted(s.module for s in choices.sides) != list(MODULE_LETTERS):
        raise _refuse("map", Reason("expected one side of each module A, B, C and D"))
    try:
        laid_out(choices.sides, count, choices.tighter_map)
    except ValueError as reason:
        raise _refuse("tighter_map", reason_of(reason)) from None


def _check_starting_tiles(starting_tiles: Sequence[int], wanted: int) -> None:
    """`wanted` different starting tiles, each one the box has."""
    for at, tile in enumerate(starting_tiles):
        if tile not in range(1, STARTING_TILES + 1):
            raise _refuse(
                "starting_tiles",
                Reason(
                    "expected a starting tile from 1 to {most}, got {tile}",
                    most=STARTING_TILES,
                    tile=tile,
                ),
                at,
            )
    _different("starting_tiles", starting_tiles, wanted, "starting tile")


def _each(key: str, items: Sequence[Any], read: Callable[[Any], str]) -> list[str]:
    """Each item as `read` takes it, a refusal saying which item is not in play."""
    found = []
    for at, item in enumerate(items):
        try:
            found.append(read(item))
        except _Unknown as unknown:
            raise _refuse(key, reason_of(unknown), at) from None
    return found


EMPTY_LIST = Reason("an empty list []")
EMPTY_MAPPING = Reason("an empty mapping {{}}")


def _nothing(key: str, given: Any, variant: str | None, empty: str) -> None:
    """A part the game plays without (`variant` leaves it out): nothing may be given."""
    if given:
        raise _refuse(
            key,
            # TRANSLATORS: {variant} is the variant's key in the game file (clans, port_tiles)
            Reason(
                "the {variant} variant is off: expected {empty}, got {given}",
                variant=variant,
                empty=empty,
                given=describe(given),
            ),
        )


def _different(key: str, items: Sequence[Any], wanted: int, what: str) -> None:
    """Each item once, and exactly `wanted` of them (`what`: a key of _TWICE and _HOW_MANY)."""
    seen: list[Any] = []
    for at, item in enumerate(items):
        if item in seen:
            raise _refuse(key, Reason(_TWICE[what], item=item), at)
        seen.append(item)
    if len(items) != wanted:
        raise _refuse(key, Reason(_HOW_MANY[what], wanted=wanted, got=len(items)))


def _tile(given: Any, tiles: Sequence[ScoringTile | PortTile], ks: bool, what: str) -> str:
    """A scoring or port tile id in play; the refusal is raised by the caller's key."""
    tile = next((t for t in tiles if t.id == given), None)
    if tile is None:
        ids = ", ".join(t.id for t in tiles if ks or not t.kickstarter)
        raise _Unknown(Reason(_UNKNOWN_TILE[what], ids=ids, given=_shown(given)))
    if tile.kickstarter and not ks:
        raise _Unknown(Reason(_KICKSTARTER_TILE[what], tile=tile.id))
    return tile.id


def _clan(given: Any, parts: Components, ks: bool) -> str:
    clan = parts.clans.get(given) if isinstance(given, str) else None
    if clan is None:
        names = ", ".join(c.name for c in parts.clans.values() if ks or not c.kickstarter)
        raise _Unknown(
            Reason("expected a clan, one of {clans}, got {given}", clans=names, given=_shown(given))
        )
    if clan.kickstarter and not ks:
        raise _Unknown(
            Reason("{clan} is in play only with the kickstarter variant", clan=clan.name)
        )
    return clan.name


def _shown(given: Any) -> str:
    return repr(given) if isinstance(given, str) else describe(given)


class _Unknown(Exception):
    """An item not in play; the caller says where it is."""


def _check_ports(
    ports: Mapping[str, Any], tiles: Sequence[PortTile], ks: bool, off: str | None
) -> None:
    if off:
        _nothing("ports", ports, off, EMPTY_MAPPING)
        return
    if sorted(ports) != list(MODULE_LETTERS):
        raise _refuse("ports", Reason("expected a port tile for each corner A, B, C and D"))
    placed: list[str] = []
    for corner, given in ports.items():
        try:
            tile = _tile(given, tiles, ks, "port tile")
        except _Unknown as unknown:
            raise _refuse("ports", reason_of(unknown), corner) from None
        if tile in placed:
            raise _refuse("ports", Reason(_TWICE["port tile"], item=tile), corner)

        placed.append(tile)
