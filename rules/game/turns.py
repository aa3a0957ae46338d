"""Whose turn it is in the action phase, and what a turn still allows.

A turn is one main action with free port uses before and after it, and the
follow-ups the action earns (neighbourhood purchases, the building bonus,
free-space expansions and bonus upgrades). The next player's first event ends
the turn; follow-ups not taken by then are gone.

`gate` and `follow_up` only look (they raise Refused with the reason);
`open_turn` and `close_window` are the changes, made by `apply`.
"""

from __future__ import annotations

from typing import NamedTuple

from .state import GameState, PlayerState, Refused, TurnState, phase_words


class Gate(NamedTuple):
    player: PlayerState
    new_turn: bool  # the event starts the player's next turn


def gate(state: GameState, who: str, main: bool) -> Gate:
    """Check that `who` may act now; `main` for one of the eight actions. Changes nothing."""
    player = state.player(who)
    if state.phase != "action":
        raise Refused(f"it is {phase_words(state.phase)}, not the action phase")
    if player.passed:
        raise Refused(f"{player.name} has passed this round")
    turn = state.turn
    upcoming = state.next_player()
    if turn.player == player.name:
        if main and turn.main_done:
            if upcoming == player.name:  # the only player still in the round: a new turn
                return Gate(player, True)
            raise Refused(f"{player.name} has taken this turn's action already")
        return Gate(player, False)
    if turn.main_done and upcoming == player.name:
        return Gate(player, True)
    waiting = turn.player if not turn.main_done else upcoming
    raise Refused(f"it is {waiting}'s turn, not {player.name}'s")


def turn_of(state: GameState, passage: Gate) -> TurnState:
    """The turn an event passing `passage` happens in (a fresh one if it starts a turn)."""
    return TurnState(player=passage.player.name) if passage.new_turn else state.turn


def follow_up(state: GameState, who: str, rule: str) -> PlayerState:
    """A bonus that belongs to the current player's turn; `rule` says when it comes."""
    player = state.player(who)
    if state.phase != "action":
        raise Refused(f"{rule}: it is {phase_words(state.phase)}")
    if state.turn.player != player.name:
        raise Refused(f"{rule}, in the same turn: it is {state.turn.player}'s turn now")
    return player


def may_act(state: GameState, main: bool) -> list[Gate]:
    """Everyone who may take a main action (`main`) or use a port now: the current player
    and the next one are the only candidates; `gate` decides."""
    if state.phase != "action":
        return []
    gates = []
    for name in dict.fromkeys(n for n in (state.turn.player, state.next_player()) if n):
        try:
            gates.append(gate(state, name, main))
        except Refused:
            continue
    return gates


def open_turn(state: GameState, passage: Gate) -> None:
    """Start the next turn if the event does (after all checks passed)."""
    if passage.new_turn:
        state.turn = TurnState(player=passage.player.name)


def close_window(state: GameState) -> None:
    """Another event came: the neighbourhood bonus, building bonus and brewing are gone."""
    state.turn.expanded = ()
    state.turn.building_bonus = False
    state.turn.brewing = 0


def finish_main(state: GameState, passage: Gate) -> None:
    """A main action happened: its turn starts if new, the windows close."""
    open_turn(state, passage)
    close_window(state)
    state.turn.main_done = True
