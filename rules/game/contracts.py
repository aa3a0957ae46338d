"""Export contracts in play: taking one (at the round's cost), drawing from the pile, and
the import tracks that fulfilling moves.

A game's pile is either known (drawn by the seeded set-up: `state.pile`, top
first) or the table's own (`state.pile` is None): then the table says which
contracts came up, and they must be contracts not yet in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ..components import Components
from ..contract_faces import tile, tiles
from ..messages import N_, Plural, Reason
from .state import GameState, PlayerState

if TYPE_CHECKING:
    from collections.abc import Iterable


# a record of a kind that names contracts; these helpers read its fields by name
C = TypeVar("C", bound=Mapping[str, Any])


def face_up_count(players: int, boxes: int, parts: Components) -> int:
    """How many contracts lie face up on the export board at the start of a round."""
    if players == 1:
        return parts.solo.face_up_contracts
    return boxes - 1 if players == 3 else boxes


def take_reasons(state: GameState, player: PlayerState, count: int = 1) -> list[str]:
    """Why `player` may not take `count` contracts in one go now: empty boxes, how many one
    action takes, and the round's cost (paid once for the contracts taken together)."""
    reasons: list[str] = []
    most = state.rules.contracts_per_action(state, player)
    if count > most:
        reasons.append(Reason("{player} takes one contract at a time", player=player.name))
    boxes = state.rules.contract_boxes(state, player)
    if len(player.open_contracts) + count > boxes:
        held = tiles(player.open_contracts, state.parts.contracts)
        if boxes == 1:
            reasons.append(
                Reason(
                    "{player} already has an unfulfilled contract ({held}): fulfil it first",
                    player=player.name,
                    held=held,
                )
            )
        elif len(player.open_contracts) >= boxes:
            reasons.append(
                Reason(
                    "{player}'s {boxes} export boxes are full ({held}): fulfil one first",
                    player=player.name,
                    boxes=boxes,
                    held=held,
                )
            )
        else:
            reasons.append(
                Plural(
                    "{player} has {count} empty export box ({held} is open): room for one contract",
                    "{player} has {count} empty export boxes ({held} is open): room for one "
                    "contract",
                    count=boxes - len(player.open_contracts),
                    player=player.name,
                    held=held,
                )
            )
    cost = state.rules.contract_cost(state, player)
    if cost < 0 and player.money < -cost:
        reasons.append(
            Reason(
                "a contract costs £{cost} in round {round} and {player} has £{money}",
                cost=-cost,
                round=state.round,
                player=player.name,
                money=player.money,
            )
        )
    return reasons


# what taking contracts brings, by the money: one contract, or several taken together
# ({contracts}: the tiles by their faces; {amount}: the money)
_RECEIVES = (
    N_("{player} takes {contracts}: receives £{amount}"),
    N_("{player} takes {contracts}: receives £{amount} once"),
)
_PAYS = (
    N_("{player} takes {contracts}: pays £{amount}"),
    N_("{player} takes {contracts}: pays £{amount} once"),
)


def take(state: GameState, player: PlayerState, contract_ids: list[int]) -> str:
    """Take contracts together (in the turn that `state.turn` now is): the round's cost is
    paid once for them all, and contracts taken in separate events of one turn pay it
    separately; round 1's £5 comes for each contract (ruling 22), once per turn for a
    clan whose text says so."""
    cost = due(state, player, state.turn.contracts_obtained)
    player.money += cost
    player.open_contracts.extend(contract_ids)
    state.turn.contracts_obtained += len(contract_ids)
    several = len(contract_ids) > 1
    taken = (
        tiles(contract_ids, state.parts.contracts)
        if several
        else tile(contract_ids[0], state.parts.contracts)
    )
    if cost:
        words = (_RECEIVES if cost > 0 else _PAYS)[several]
        return Reason(words, player=player.name, contracts=taken, amount=abs(cost))
    if state.rules.contract_cost(state, player) > 0:
        return Reason(
            "{player} takes {contracts}: receives nothing: {clan}'s round money comes once per "
            "turn",
            player=player.name,
            contracts=taken,
            clan=player.clan,
        )
    return Reason("{player} takes {contracts}: pays nothing", player=player.name, contracts=taken)


def due(state: GameState, player: PlayerState, taken_this_turn: int) -> int:
    """The money a take brings (+) or costs (−): the round's cost for each contract (R l.104,
    ruling 22), except for a clan whose receipt comes once per turn (its text: "+£5 only
    once if 2 taken in one turn")."""
    cost = state.rules.contract_cost(state, player)
    once = cost > 0 and taken_this_turn and state.rules.receipt_once_per_turn(state, player)
    return 0 if once else cost


def and_words(ids: Iterable[object]) -> str:
    words = [str(i) for i in ids]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def named(e: Mapping[str, Any], first: str = "contract") -> list[int]:
    """The one or two contracts an event names (`first`, then "second")."""
    return [e[f] for f in (first, "second") if e.get(f) is not None]


def paired(e: C, first: str, second: str) -> C:
    """Two contracts named in one event, in canonical order (the lower id first)."""
    a, b = e.get(first), e.get(second)
    if isinstance(a, int) and isinstance(b, int) and b < a:
        return cast(C, {**e, first: b, second: a})  # the same record, two fields swapped
    return e


def available(state: GameState) -> list[int]:
    """Contracts not in play: in the pile (the table's own pile: every one not seen yet)."""
    if state.pile is not None:
        return list(state.pile)
    used = state.contracts_in_play()
    return [c for c in state.parts.contracts if c not in used]


def where_contract(state: GameState, contract: int) -> str | None:
    """Where a contract tile in play is, in the table's words (None: in the pile)."""
    if contract in state.export_board:
        return Reason("on the export board")
    for p in state.players:
        if contract in p.open_contracts:
            return Reason("in {player}'s export box", player=p.name)
        if contract in p.fulfilled:
            return Reason("among {player}'s fulfilled contracts", player=p.name)
    if contract in state.removed:
        return Reason("out of the game")
    return None


def draw_reasons(state: GameState, drawn: list[int] | None, count: int) -> list[str]:
    """Why `drawn` cannot be the `count` contracts drawn now (fewer when the pile runs out)."""
    if state.pile is not None:
        return _known_pile_reasons(state, state.pile[:count], drawn)
    size = min(count, len(available(state)))
    drawn = list(drawn or [])
    if len(drawn) != size:
        return _draw_count_reasons(size, len(drawn))
    used = state.contracts_in_play()
    clash = [c for c in drawn if c in used]
    if clash:
        return [
            Reason(
                "{contract} is already on the board, with a player or out of the game",
                contract=tile(clash[0], state.parts.contracts),
            )
        ]
    if len(set(drawn)) != len(drawn):
        return [Reason("a contract is named twice among those drawn")]
    return []


def _known_pile_reasons(state: GameState, top: list[int], drawn: list[int] | None) -> list[str]:
    """Why `drawn` is not the `top` of a pile the game knows (nothing said: it is)."""
    if drawn is not None and list(drawn) != top:
        return [
            Reason(
                "the top of the pile is {top}, not {drawn}",
                top=tiles(top, state.parts.contracts) if top else Reason("empty"),
                drawn=tiles(drawn, state.parts.contracts) if drawn else Reason("nothing"),
            )
        ]
    return []


def _draw_count_reasons(size: int, given: int) -> list[str]:
    """The table's own pile: `given` contracts named where `size` were drawn."""
    if given:
        return [
            Plural(
                "this game uses the table's own pile: say which {count} contract was drawn, "
                "by their goods, not {given}",
                "this game uses the table's own pile: say which {count} contracts were "
                "drawn, by their goods, not {given}",
                count=size,
                given=given,
            )
        ]
    if not size:  # none left to draw
        return [
            Plural(
                "this game uses the table's own pile: say which {count} contract was drawn, "
                "by their goods (or none)",
                "this game uses the table's own pile: say which {count} contracts were "
                "drawn, by their goods (or none)",
                count=size,
            )
        ]
    return [
        Plural(
            "this game uses the table's own pile: say which {count} contract was drawn, by "
            "their goods",
            "this game uses the table's own pile: say which {count} contracts were drawn, by "
            "their goods",
            count=size,
        )
    ]


def canonical_draw(state: GameState, record: C, count: int, ordered: bool) -> C:
    """`drawn` as recorded: a known pile's top filled in; the table's own pile sorted unless
    the order places the contracts (`ordered`); left out when nothing is drawn."""
    e = dict(record)
    if state.pile is not None:
        e.setdefault("drawn", state.pile[:count])
    elif isinstance(e.get("drawn"), list) and not ordered:
        e["drawn"] = sorted(e["drawn"])
    if e.get("drawn") == [] and (state.pile is None or not state.pile[:count]):
        del e["drawn"]
    return cast(C, e)  # the same record, its `drawn` as recorded


def drawn_now(state: GameState, drawn: list[int] | None, count: int) -> list[int]:
    """The contracts a checked draw takes: the top of a known pile, or those the table named."""
    if state.pile is not None:
        return state.pile[:count]
    return list(drawn or [])


def import_goods(state: GameState, player: PlayerState, imports: dict[str, int]) -> list[str]:
    """Move the import tracks; £1 for each marked step reached or passed (when tracked)."""
    notes: list[str] = []
    if not state.rules.tracks_imports(state):
        return notes
    for good, amount in imports.items():
        if not amount:
            continue
        before = state.import_totals[good]
        after = before + amount
        state.import_totals[good] = after
        marks = [m for m in state.setup.import_marks.get(good, ()) if before < m <= after]
        if marks:
            player.money += len(marks)
            notes.append(
                Plural(
                    "the {good} track reaches step {step}: £{count} for marked step {marks}",
                    "the {good} track reaches step {step}: £{count} for marked steps {marks}",
                    count=len(marks),
                    good=good.replace("_", " "),
                    step=after,
                    marks=", ".join(map(str, marks)),
                )
            )

    return notes
