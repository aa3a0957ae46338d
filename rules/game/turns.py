"""Whose turn it is in the action phase, and what a turn still allows.

A turn is one main action with free port uses before and after it, and the
follow-ups the action earns (neighbourhood purchases, the building bonus,
free-space expansions and bonus upgrades). The player ends it (the end_turn
event, ruling 18) or passes; in files without that event the next player's
first event ends it. Follow-ups not taken by then are gone. Port 6 and port 1
bind the turn's main action (`binding`).

`gate` and `follow_up` only look (they raise Refused with the reason);
`open_turn` and `close_window` are the changes, made by `apply`.
"""

from __future__ import annotations

from typing import NamedTuple

from ..messages import Reason
from .state import GameState, PlayerState, Refused, TurnState, phase_words


class Gate(NamedTuple):
    player: PlayerState
    new_turn: bool  # the event starts the player's next turn


PORT_SIX_RULE = Reason("port 6 moves a price only just before you trade that good")
PORT_ONE_RULE = Reason("port 1 is used in a turn when you fulfil an export contract requiring meat")
MEAT = "meat"  # what a fulfil of a meat contract serves


def binding(turn: TurnState) -> str | None:
    """What the turn's main action must be, when a port use bound it: `trade:GOOD` after
    port 6 (ruling 19), `meat` after port 1 (ruling 27)."""
    if turn.main_done:
        return None
    if turn.price_moved:
        return f"trade:{turn.price_moved}"
    return MEAT if turn.port_one else None


def bound_reason(state: GameState, player: PlayerState, serves: str | None = None) -> str | None:
    """Why `player` may do nothing but the bound main action now (None when free or `serves`
    is that action)."""
    need = binding(state.turn)
    if state.turn.player != player.name or need is None or need == serves:
        return None
    if need == MEAT:
        return Reason(
            "{rule}: {player} used port 1 and must now fulfil a meat contract",
            rule=PORT_ONE_RULE,
            player=player.name,
        )
    return Reason(
        "{rule}: {player} moved the {good} price and must now trade {good}",
        rule=PORT_SIX_RULE,
        player=player.name,
        good=state.turn.price_moved,
    )


def before_main(state: GameState, passage: Gate) -> bool:
    """The event comes before the main action of its turn (a new turn, or none taken yet)."""
    return passage.new_turn or not state.turn.main_done


def gate(state: GameState, who: str, main: bool, serves: str | None = None) -> Gate:
    """Check that `who` may act now; `main` for one of the eight actions, `serves` the
    binding it meets (a trade of the good port 6 moved, a meat fulfil). Changes nothing."""
    player = state.player(who)
    if state.phase != "action":
        raise Refused(Reason("it is {phase}, not the action phase", phase=phase_words(state.phase)))
    if player.passed:
        raise Refused(Reason("{player} has passed this round", player=player.name))
    turn = state.turn
    upcoming = state.next_player()
    if turn.player == player.name:
        return _own_turn_gate(state, player, main, serves, upcoming)
    if turn.main_done and upcoming == player.name:
        return Gate(player, True)
    waiting = turn.player if not turn.main_done else upcoming
    raise Refused(
        Reason("it is {waiting}'s turn, not {player}'s", waiting=waiting, player=player.name)
    )


def _own_turn_gate(
    state: GameState, player: PlayerState, main: bool, serves: str | None, upcoming: str | None
) -> Gate:
    """The gate of an event in the player's own turn: a main action once a turn (a new turn
    when no one else is still in the round), and what binds the turn met."""
    turn = state.turn
    if main and turn.main_done:
        if upcoming == player.name:  # the only player still in the round: a new turn
            return Gate(player, True)
        raise Refused(Reason("{player} has taken this turn's action already", player=player.name))
    bound = bound_reason(state, player, serves) if main else None
    if bound:
        raise Refused(bound)
    return Gate(player, False)


def turn_of(state: GameState, passage: Gate) -> TurnState:
    """The turn an event passing `passage` happens in (a fresh one if it starts a turn)."""
    return TurnState(player=passage.player.name) if passage.new_turn else state.turn


def follow_up(state: GameState, who: str, rule: str) -> PlayerState:
    """A bonus that belongs to the current player's turn; `rule` says when it comes."""
    player = state.player(who)
    if state.phase != "action":
        raise Refused(Reason("{rule}: it is {phase}", rule=rule, phase=phase_words(state.phase)))
    if state.turn.player != player.name:
        if state.turn.main_done and state.next_player() == player.name:
            # their own turn comes next and has not begun: no bonus is open in it yet
            raise Refused(Reason("{rule}, in the same turn", rule=rule))
        raise Refused(
            Reason(
                "{rule}, in the same turn: it is {player}'s turn now",
                rule=rule,
                player=state.turn.player,
            )
        )
    return player


def may_act(state: GameState, main: bool, serves: str | None = None) -> list[Gate]:
    """Everyone who may take a main action (`main`, meeting `serves`) or use a port now: the
    current player and the next one are the only candidates; `gate` decides."""
    if state.phase != "action":
        return []
    gates = []
    for name in dict.fromkeys(n for n in (state.turn.player, state.next_player()) if n):
        try:
            gates.append(gate(state, name, main, serves))
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
    state.turn.neighbourhood_uses = {}
    state.turn.building_bonus = False
    state.turn.brewing = 0


def finish_main(state: GameState, passage: Gate) -> None:
    """A main action happened: its turn starts if new, the windows close, a binding is met."""
    open_turn(state, passage)
    close_window(state)
    state.turn.main_done = True
    state.turn.price_moved = None
