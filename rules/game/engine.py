"""A game: its setup, its events, the state they lead to, and undo and redo.

`Game.check` says why an event would be refused, changing nothing;
`Game.apply` checks it against the state it holds and applies it, with no
replay, so a refused event changes nothing. `undo(n)` drops the last events
and keeps them for `redo`, until a new event is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence
from typing import TYPE_CHECKING, Any

from ..components import Components
from ..messages import Joined, Plural, Reason
from .events.produce import pending
from .legal import LegalEvents, legal_events, normalise, refusal
from .phases import initial_state, player_to_act
from .registry import EVENTS, rulebook
from .setup import Setup
from .state import GameState, TurnState

if TYPE_CHECKING:
    from .spec import Event


class Game:
    def __init__(self, setup: Setup, parts: Components):
        self.setup = setup
        self.parts = parts
        self.state: GameState = initial_state(setup, parts, rulebook(setup))
        self.events: list[Event] = []
        # what each event did, in words (for the log; a restored game's are read only
        # when asked for: storage/notes.py)
        self.notes: MutableSequence[list[str]] = []
        self.undone: list[Event] = []  # what redo restores, the next one first
        # the game file's text as last read or written, the events it holds and whether
        # later events can be appended to it (gamefile.Saved); None: the next save rewrites
        self.saved: Any = None
        # what the file records of the play: play_id, started, ended (play_record.py)
        self.play: dict[str, str] = {}

    @classmethod
    def restored(
        cls,
        setup: Setup,
        parts: Components,
        state: GameState,
        events: list[Event],
        notes: MutableSequence[list[str]],
        undone: list[Event],
        play: dict[str, str] | None = None,
    ) -> Game:
        """A game as replayed before (a checkpoint), without replaying it."""
        game = cls.__new__(cls)
        game.setup, game.parts, game.state = setup, parts, state
        game.events, game.notes, game.undone, game.saved = events, notes, undone, None
        game.play = dict(play or {})
        return game

    def check(self, event: Mapping[str, Any]) -> list[str]:
        """Why the rules refuse `event` now (empty when legal); changes nothing."""
        return refusal(self.state, normalise(self.state, event))

    def apply(self, event: Mapping[str, Any]) -> list[str]:
        """Record a shape-checked event: Refused (state unchanged), or the notes of what
        happened. A new event ends what redo could restore."""
        notes = self._apply(event)
        self.undone = []
        return notes

    def _apply(self, event: Mapping[str, Any]) -> list[str]:
        canonical = normalise(self.state, event)
        notes = EVENTS[canonical["type"]].check_and_apply(self.state, canonical)  # or Refused
        self.events.append(canonical)
        self.notes.append(notes)
        return notes

    def legal(self, player: str | None = None) -> LegalEvents:
        return legal_events(self.state, player)

    def undo(self, count: int = 1, start: Game | None = None) -> list[Event]:
        """Drop the last `count` events (replaying the rest, from `start` when it is this
        game as it was after some of the events kept: a checkpoint); return them, oldest
        first."""
        if not 0 < count <= len(self.events):
            raise ValueError(
                Plural(
                    "the game has {count} event: cannot undo {asked}",
                    "the game has {count} events: cannot undo {asked}",
                    count=len(self.events),
                    asked=count,
                )
            )
        kept, dropped = self.events[:-count], self.events[-count:]
        if start is not None and self.began_as(start, len(kept)):
            self.state, self.events, self.notes = start.state, list(start.events), start.notes
            for event in kept[len(start.events) :]:
                self._apply(event)
        else:
            self._replay(kept)
        self.undone = dropped + self.undone
        return dropped

    def began_as(self, start: Game, within: int) -> bool:
        """Is `start` this game as it was after some of its first `within` events?"""
        held = len(start.events)
        return held <= within and start.events == self.events[:held] and start.setup == self.setup

    def redo(self, count: int = 1) -> list[tuple[Event, list[str]]]:
        """Restore the next `count` undone events; return each with its notes."""
        if not 0 < count <= len(self.undone):
            raise ValueError(
                Reason(
                    "{undone} undone events to redo: cannot redo {asked}",
                    undone=len(self.undone),
                    asked=count,
                )
            )
        restored = []
        for event in self.undone[:count]:
            restored.append((event, self._apply(event)))
        self.undone = self.undone[count:]
        return restored

    def _replay(self, events: list[Event]) -> None:
        self.state = initial_state(self.setup, self.parts, rulebook(self.setup))
        self.events, self.notes = [], []
        for event in events:
            self._apply(event)


def next_step(state: GameState) -> str:
    """What the table does next, in words."""
    who = player_to_act(state)
    if state.phase == "clans":
        clans = ", ".join(state.clans_left)
        if who is None:
            return Reason("the clan auction: {clans} are left", clans=clans)
        return Reason("{player} chooses a clan from {clans}", player=who, clans=clans)
    if state.phase == "workers":
        if state.placements[0][1]:
            return Reason("{player} places a starting worker on a border space", player=who)
        return Reason("{player} places a starting worker", player=who)
    if state.phase == "action":
        turn = state.turn
        if turn.main_done:
            later = Reason("{player}'s turn", player=who) if who else Reason("production")
            extras = _extras(turn)
            if extras:
                # TRANSLATORS: {extras} lists what the turn still allows ('take the
                # building bonus'), {later} is who comes next ('Ailsa's turn', 'production')
                return Reason(
                    "round {round}: {player} may still {extras}; then {later}",
                    round=state.round,
                    player=turn.player,
                    extras=Joined(", ", extras),
                    later=later,
                )
            return Reason("round {round}, {later}", round=state.round, later=later)
        return Reason("round {round}, {player}'s turn", round=state.round, player=who)
    if state.phase == "production":
        waiting = [p.name for p in state.players if not p.produced]
        if not waiting:  # the end-of-production choices the scoring waits for
            return Reason(
                "end of production of round {round}: {choices}",
                round=state.round,
                choices=Joined("; ", pending(state)),
            )
        return Reason(
            "production of round {round}: {players} to produce",
            round=state.round,
            players=", ".join(waiting),
        )
    if state.phase == "preparation":
        return Reason("prepare round {round}", round=state.round + 1)
    return Reason("the game is over")


def _extras(turn: TurnState) -> list[str]:
    """What a turn whose main action is done still allows, in words."""
    extras: list[str] = []
    if turn.expanded:
        extras.append(Reason("buy with the neighbourhood bonus"))
    if turn.building_bonus:
        extras.append(Reason("take the building bonus"))
    if turn.free_spaces:
        extras.append(
            Plural(
                "expand on {count} free space",
                "expand on {count} free spaces",
                count=turn.free_spaces,
            )
        )
    if turn.bonus_upgrades:
        extras.append(
            Plural(
                "take {count} bonus upgrade",
                "take {count} bonus upgrades",
                count=turn.bonus_upgrades,
            )
        )
    return extras
