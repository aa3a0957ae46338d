"""Port bonus tiles (ruling 12): a free use before or after the main action, once per game
per player, when the tile is neighbouring or within shipping reach of one of their units.

The tile's own fields and rules are its effect (port_effects.py); the Kickstarter port
(KS) pays £3 and uses one of the other tiles in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast, overload

from ...messages import Joined, Reason
from ...reach import port_route
from ...space_names import placed_id
from ..port_effects import EFFECTS, KS_COST, PortEffect, Price
from ..spec import EventSpec, Field, UnitSwap, WordsError, choice_word, with_section
from ..turns import bound_reason, close_window, gate, may_act, open_turn
from .bonus import upgrade_words

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Mapping

    from ...board import PortSlot
    from ...reach import Route
    from ..port_effects import Fields
    from ..state import GameState, PlayerState

EFFECT_FIELDS = ("use", "give", "take", "choice", "worker", "from", "good", "direction", "swaps")


@overload
def canonical_tile(tile: str) -> str: ...
@overload
def canonical_tile(tile: object) -> object: ...
def canonical_tile(tile: object) -> object:
    return str(tile).upper() if isinstance(tile, (str, int)) else tile


def tile_name(tile: object) -> str:
    """A port tile as a table names it: by what it does ('take £10'), for the tiles carry
    their effect, not a number people read (the ids follow the rulebook's appendix)."""
    if canonical_tile(tile) == "KS":
        return KickstarterPort().name
    effect = EFFECTS.get(str(canonical_tile(tile)))
    return effect.name if effect else Reason("a port tile")


def corner_of(state: GameState, tile: object) -> str | None:
    """The corner (its module letter) where port tile `tile` lies; None: not in play."""
    return next((c for c, placed in state.setup.ports.items() if placed == tile), None)


def named_ports(ports: Mapping[str, object]) -> dict[str, str]:
    """Corner letter -> the tile there as a table names it (tile_name): for the map's
    lookups, which have the tiles but no game's rules."""
    return {corner: tile_name(tile) for corner, tile in ports.items() if tile}


class KickstarterPort(PortEffect):
    summary = Reason("pay £{cost} and use another port tile in play", cost=KS_COST)

    @property
    def name(self) -> str:
        return Reason("the Kickstarter port")

    def inner(self, state: GameState, e: Mapping[str, Any]) -> tuple[str | None, PortEffect | None]:
        use = canonical_tile(e.get("use"))
        others = [t for t in state.setup.ports.values() if t != "KS"]
        effects = state.rules.port_effects()
        if use in others and use in effects:
            return use, effects[use]
        return None, None

    def accepts(self, state: GameState, e: PortEvent) -> tuple[str, ...]:
        _, inner = self.inner(state, e)
        return ("use",) + (inner.accepts(state, e) if inner else EFFECT_FIELDS)

    def reasons(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        use, inner = self.inner(state, e)
        if inner is None:
            others = ", ".join(t for t in state.setup.ports.values() if t != "KS")
            return [
                Reason(
                    "the Kickstarter port uses one of the other port tiles in play: {tiles}",
                    tiles=others,
                )
            ]
        cost = KS_COST + inner.cost(state, e)
        if player.money < cost:
            fields = {"cost": KS_COST, "player": player.name, "money": player.money}
            if cost > KS_COST:
                return [
                    Reason(
                        "the Kickstarter port costs £{cost} and tile {tile} £{more}: "
                        "{player} has £{money}",
                        tile=use,
                        more=cost - KS_COST,
                        **fields,
                    )
                ]
            return [Reason("the Kickstarter port costs £{cost}: {player} has £{money}", **fields)]
        return inner.reasons(state, player, e)

    def cost(self, state: GameState, e: Mapping[str, Any]) -> int:
        _, inner = self.inner(state, e)
        return KS_COST + (inner.cost(state, e) if inner else 0)

    def apply(self, state: GameState, player: PlayerState, e: PortEvent) -> list[str]:
        use, inner = self.inner(state, e)
        player.money -= KS_COST
        notes: list[str] = [
            Reason(
                "{player} pays £{cost} for the Kickstarter port and uses another tile: {effect}",
                player=player.name,
                cost=KS_COST,
                effect=tile_name(use),
            )
        ]
        return notes + (inner.apply(state, player, e) if inner else [])

    def options(self, state: GameState, player: PlayerState, money: int) -> Iterator[Fields]:
        effects = state.rules.port_effects()
        for use in state.setup.ports.values():
            if use == "KS" or use not in effects:
                continue
            inner = effects[use]
            for fields in inner.options(state, player, money - KS_COST):
                event = {"use": use, **fields}
                if money >= KS_COST + inner.cost(state, event):
                    yield event

    def normalise(self, state: GameState, e: PortEvent) -> PortEvent:
        e = {**e, "use": canonical_tile(e["use"])} if "use" in e else e
        _, inner = self.inner(state, e)
        return inner.normalise(state, e) if inner else e

    def words(self, e: PortEvent) -> str:
        # TRANSLATORS: the Kickstarter port tile in a menu line, before the tile it is used as
        return Reason("the Kickstarter port")


# "from" is a keyword: the record is declared by its keys
PortEvent = TypedDict(
    "PortEvent",
    {
        "type": Literal["port"],
        "player": str,
        "tile": str,
        "use": NotRequired[str],
        "give": NotRequired[str],
        "take": NotRequired[list[str]],
        "choice": NotRequired[str],
        "worker": NotRequired[str],
        "from": NotRequired[str],
        "good": NotRequired[str],
        "direction": NotRequired[str],
        "swaps": NotRequired[list[UnitSwap]],
    },
)


def _price_words(lower: list[str]) -> tuple[str, str]:
    """Port 6's words: the good and which way its price moves."""
    if len(lower) != 2:
        # TRANSLATORS: what to type after port 6: keep GOOD and up|down
        raise WordsError(Reason("port 6: GOOD up|down"))
    return lower[0], lower[1]


def _extra_fields(state: GameState, e: PortEvent, effect: PortEffect) -> list[str]:
    """The event's port-tile fields that its tile's effect takes no part of."""
    return [k for k in EFFECT_FIELDS if k in e and k not in effect.accepts(state, e)]


def _swaps_words(rest: list[str]) -> list[dict[str, str]]:
    """Port 7's words: two spaces, each with the unit it is to hold."""
    if len(rest) != 4:
        # TRANSLATORS: what to type after port 7: keep the capitals
        raise WordsError(Reason("port 7: SPACE UNIT SPACE UNIT"))
    return [
        {"space": rest[0], "unit": choice_word(rest[1])},
        {"space": rest[2], "unit": choice_word(rest[3])},
    ]


class UsePort(EventSpec[PortEvent]):
    type = "port"
    menu_words = Reason("Use a port tile")
    menu_key = "o"
    menu_order = 100
    narrowed_by = ("which_port_tile",)
    rule = Reason(
        "A Port bonus tile neighbouring or within Shipping reach of one of your units may be "
        "used before or after your main Action; each player may use each Port bonus tile once"
        " in the game."
    )
    section = Reason("Free Action: Using A Port Bonus Tile")
    syntax = "PLAYER TILE [ARGS]..."
    help = Reason("use a port tile (see below)")
    fields = {
        "player": Field("player"),
        "tile": Field("tile"),
        "use": Field("tile", required=False),
        "give": Field("good", required=False),
        "take": Field("goods", required=False),
        "choice": Field("choice", required=False),
        "worker": Field("worker", required=False),
        "from": Field("text", required=False),
        "good": Field("good", required=False),
        "direction": Field("direction", required=False),
        "swaps": Field("swaps", required=False),
    }
    # TRANSLATORS: `act --help` on port tiles: the capitals and up|down are what to type
    words_help = Reason(
        "port tile arguments: 1, 5, 8: none; 2: GIVE TAKE TAKE TAKE (basic goods); "
        "3: GIVE TAKE TAKE (processed goods); 4: like bonus; 6: GOOD up|down; "
        "7: SPACE UNIT SPACE UNIT; KS: TILE then that tile's arguments"
    )

    def parse_words(self, words: list[str], options: dict[str, list[str]]) -> PortEvent:
        if options:
            raise WordsError(
                Reason(
                    "unknown option --{option} for {verb}", option=next(iter(options)), verb="port"
                )
            )
        if len(words) < 2:
            raise WordsError(
                Reason("usage: caledonia act GAME {verb} {syntax}", verb="port", syntax=self.syntax)
            )
        event: dict[str, Any] = {
            "type": "port",
            "player": words[0],
            "tile": canonical_tile(words[1]),
        }
        tile, rest = event["tile"], words[2:]
        if tile == "KS":
            if not rest:
                raise WordsError(
                    Reason("the Kickstarter port needs the tile it uses: port PLAYER KS TILE ...")
                )
            event["use"] = canonical_tile(rest[0])
            tile, rest = event["use"], rest[1:]
        return self._tile_arguments(event, tile, rest, words[0])

    def _tile_arguments(
        self, event: dict[str, Any], tile: str, rest: list[str], player: str
    ) -> PortEvent:
        """The event with the arguments of the port tile it uses, read from `rest`."""
        lower = [w.lower() for w in rest]
        if tile in ("2", "3"):
            if not rest:
                raise WordsError(
                    Reason(
                        "port {tile}: give the good you give, then the goods you take", tile=tile
                    )
                )
            event["give"], event["take"] = lower[0], lower[1:]
        elif tile == "4":
            event.update(
                {k: v for k, v in upgrade_words(self, [player, *rest]).items() if k != "player"}
            )
        elif tile == "6":
            event["good"], event["direction"] = _price_words(lower)
        elif tile == "7":
            event["swaps"] = _swaps_words(rest)
        elif rest:
            raise WordsError(Reason("port tile {tile} takes no arguments", tile=tile))
        return cast(PortEvent, event)  # the tile's own fields, by its words

    def normalise(self, state: GameState, e: PortEvent) -> PortEvent:
        e = super().normalise(state, e)
        e["tile"] = canonical_tile(e["tile"])
        effect = state.rules.port_effects().get(e["tile"])
        return effect.normalise(state, e) if effect else e

    def check(self, state: GameState, e: PortEvent) -> list[str]:
        player = gate(state, e["player"], main=False).player
        refusal = state.rules.port_refusal(state) or bound_reason(state, player)
        if refusal:
            return [refusal]
        tile = e["tile"]
        corner = corner_of(state, tile)
        if corner is None:
            in_play = ", ".join(state.setup.ports.values())
            return [
                Reason("port tile {tile} is not in play (tiles: {tiles})", tile=tile, tiles=in_play)
            ]
        effect = state.rules.port_effects().get(tile)
        if effect is None:
            return [Reason("port tile {tile} has no effect in this game's rules", tile=tile)]
        reasons: list[str] = []
        if tile in player.ports_used:
            reasons.append(
                # TRANSLATORS: {tile} is what the tile does: 'take £10'
                Reason(
                    "{player} has used the port tile '{tile}' already (once per game)",
                    player=player.name,
                    tile=effect.name,
                )
            )
        if self._route(state, player, corner) is None:
            reasons.append(self._out_of_reach(state, player, corner, effect))
        extra = _extra_fields(state, e, effect)
        if extra:
            # TRANSLATORS: {field} is the name of an event's field (give, take, worker...)
            return reasons + [
                Reason("port tile {tile} takes no {field}", tile=tile, field=extra[0])
            ]
        return reasons + effect.reasons(state, player, e)

    def _out_of_reach(
        self, state: GameState, player: PlayerState, corner: str, effect: PortEffect
    ) -> str:
        """The port tile at `corner` is out of the player's reach, in the table's words."""
        slot = self._slot(state, corner)
        touches = Joined(", ", [placed_id(state.board, i) for i in slot.touches])
        return Reason(
            "the port tile at corner {corner} ({tile}), touching {spaces}, is not "
            "neighbouring or within shipping reach of {player}'s units",
            tile=effect.name,
            corner=corner,
            spaces=touches,
            player=player.name,
        )

    @staticmethod
    def _slot(state: GameState, corner: str) -> PortSlot:
        return next(s for s in state.board.port_slots if s.module == corner)

    def _route(self, state: GameState, player: PlayerState, corner: str) -> Route | None:
        slot = self._slot(state, corner)
        return port_route(state.board, player.units, slot, player.shipping_level, player.port_units)

    def apply(self, state: GameState, e: PortEvent) -> list[str]:
        passage = gate(state, e["player"], main=False)
        player = passage.player
        tile = e["tile"]
        corner = corner_of(state, tile)
        assert corner is not None, "check refuses a port tile not in play"
        route = self._route(state, player, corner)
        assert route is not None, "check refuses a port tile out of reach"
        open_turn(state, passage)
        close_window(state)
        player.ports_used.add(tile)
        notes: list[str] = [
            Reason(
                "{player} uses a port tile ({route}): {effect}",
                player=player.name,
                effect=tile_name(tile),
                route=route.describe(state.board),
            )
        ]
        return notes + state.rules.port_effects()[tile].apply(state, player, e)

    def options(self, state: GameState) -> Iterable[PortEvent]:
        if state.rules.port_refusal(state):
            return []
        effects = state.rules.port_effects()
        events: list[PortEvent] = []
        for passage in may_act(state, main=False):
            player = passage.player
            if bound_reason(state, player):
                continue
            for corner, tile in state.setup.ports.items():
                if tile in player.ports_used or tile not in effects:
                    continue
                if self._route(state, player, corner) is None:
                    continue
                for fields in effects[tile].options(state, player, player.money):
                    events.append(
                        cast(
                            PortEvent,
                            {"type": "port", "player": player.name, "tile": tile, **fields},
                        )
                    )
        return events

    def rule_words(self, state: GameState, e: PortEvent | None = None) -> Reason:
        """The tile's own effect (port_tiles.yaml, a catalogue message), then the rule of
        every port tile."""
        tile = canonical_tile(e.get("tile") if e else None)
        found = next((t for t in state.parts.port_tiles if t.id == str(tile)), None)
        if found is None:
            return super().rule_words(state, e)
        # TRANSLATORS: {effect} is a port tile's effect in its own words, {rule} the rule of
        # every port tile
        text = Reason(
            "Port tile: {effect} {rule}",
            effect=Reason(found.effect),
            rule=self.rule,
        )
        return with_section(text, self.section)

    def describe(self, e: PortEvent) -> str:
        if e.get("use"):
            return Reason(
                "{player} uses the Kickstarter port as another tile: {effect}",
                player=e["player"],
                effect=tile_name(e["use"]),
            )
        return Reason(
            "{player} uses a port tile: {effect}", player=e["player"], effect=tile_name(e["tile"])
        )

    def option_words(self, state: GameState, e: PortEvent) -> str:
        """'whisky 3 steps up (£5 → £8)': the tile by what it does, as the tile prints it;
        what the use costs comes last, the Kickstarter port's £3 included ('the Kickstarter
        port: a bonus upgrade and 3 glory: pay £3')."""
        effects = state.rules.port_effects()
        effect = effects.get(e["tile"])
        words = effect.words(e) if effect else ""
        used = effect
        if e["tile"] == "KS" and e.get("use") in effects:
            used = effects[e["use"]]
            # TRANSLATORS: the Kickstarter port's use ('as tile 4'), then that tile's effect
            words = Reason("{words}: {effect}", words=words, effect=used.words(e))
        if isinstance(used, Price):
            before, after = used.moved(state, e)
            # TRANSLATORS: a port tile's effect, then the price it moves: '(£5 → £8)'
            words = Reason(
                "{words} (£{before} → £{after})", words=words, before=before, after=after
            )
        cost = effect.cost(state, e) if effect else 0
        if cost:
            words = Reason("{words}: pay £{cost}", words=words, cost=cost)
        corner = corner_of(state, e["tile"])
        if corner is None:
            return words
        # TRANSLATORS: where the tile lies, so the table finds it: 'corner A: whisky 3 steps up'
        return Reason("corner {corner}: {words}", corner=corner, words=words)


SPEC = UsePort()
