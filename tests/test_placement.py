"""One way to place a unit (rules/game/placement.py) and one `player_to_act`: the starting
workers, Expand, the free spaces and the MacDonald fisherman refuse by returning reasons,
and every part of the engine agrees whose move it is."""

from __future__ import annotations

from caledonia.rules.game.engine import Game, next_step
from caledonia.rules.game.phases import player_to_act
from caledonia.rules.game.registry import EVENTS
from gametools import PARTS, act, free_spaces, refuse, setup_for, start


def macdonald_at_setup() -> Game:
    """Two players at the starting workers: Ailsa (the start player) is MacDonald."""
    game = Game(setup_for(2, clans=("MacDonald", "Campbell", "Robertson")), PARTS)
    act(game, type="clan", player="Bruce", clan="Campbell")
    act(game, type="clan", player="Ailsa", clan="MacDonald")
    return game


def place_woodcutters(game: Game, until) -> None:
    """Starting woodcutters, each by the player to act, on the first free forest."""
    while not until():
        space = free_spaces(game, "forest")[0]
        act(game, type="worker", player=player_to_act(game.state), unit="woodcutter", space=space)


def test_player_to_act_through_set_up_and_a_turn():
    game = Game(setup_for(3), PARTS)
    state = game.state
    assert player_to_act(state) == "Cat"  # clans in reverse turn order
    assert next_step(state).startswith("Cat chooses a clan")
    for name in ("Cat", "Bruce", "Ailsa"):
        act(game, type="clan", player=name, clan=state.clans_left[0])
    assert state.phase == "workers"
    assert player_to_act(state) == state.placements[0][0] == "Ailsa"
    place_woodcutters(game, until=lambda: state.phase != "workers")
    assert player_to_act(state) == "Ailsa" == state.turn.player
    act(game, type="merchant", player="Ailsa")
    # Ailsa's main action is taken: Bruce's comes next, while the turn is still Ailsa's
    assert state.turn.player == "Ailsa" and player_to_act(state) == "Bruce"
    assert next_step(state).endswith("Bruce's turn")


def test_no_one_player_acts_in_the_auction_or_production():
    auction = Game(setup_for(3, variants={"clan_auction": True}), PARTS)
    assert player_to_act(auction.state) is None
    assert next_step(auction.state).startswith("the clan auction")
    game = start(2)
    for name in ("Ailsa", "Bruce"):
        act(game, type="pass", player=name)
    assert game.state.phase == "production" and player_to_act(game.state) is None


def test_a_fisherman_out_of_turn_at_set_up_is_a_returned_reason():
    game = macdonald_at_setup()
    state = game.state
    act(game, type="fisherman", player="Ailsa", space="A-18")
    assert player_to_act(state) == "Bruce"
    event = {"type": "fisherman", "player": "Ailsa", "space": "port:A"}
    # the spec's own check returns the reason (it raised it before placement.py)
    assert EVENTS["fisherman"].check(state, event) == [
        "it is Bruce's turn to place a starting worker"
    ]
    worker = {"type": "worker", "player": "Ailsa", "unit": "woodcutter", "space": "A-32"}
    assert EVENTS["worker"].check(state, worker) == [
        "it is Bruce's turn to place a starting worker"
    ]
    assert refuse(game, **event) == ["it is Bruce's turn to place a starting worker"]


def test_placements_in_the_wrong_phase_or_turn_are_returned_reasons():
    game = start(2)
    state = game.state
    space = free_spaces(game, "forest")[0]
    worker = {"type": "worker", "player": "Ailsa", "unit": "woodcutter", "space": space}
    assert EVENTS["worker"].check(state, worker) == ["starting workers are placed only at set-up"]
    expand = {"type": "expand", "player": "Bruce", "unit": "woodcutter", "space": space}
    assert EVENTS["expand"].check(state, expand) == ["it is Ailsa's turn, not Bruce's"]
    free = {**expand, "player": "Ailsa", "free": True}
    assert EVENTS["expand"].check(state, free) == ["Ailsa has no free-space bonus to use this turn"]
    fisherman = {"type": "fisherman", "player": "Ailsa", "space": "A-18"}
    assert EVENTS["fisherman"].check(state, fisherman) == [
        "Ailsa has no fishermen: only Clan MacDonald has them"
    ]


def test_a_border_only_starting_worker_names_its_player_like_the_fisherman():
    game = Game(setup_for(3, clans=("Fergusson", "Campbell", "Cunningham", "MacKenzie")), PARTS)
    act(game, type="clan", player="Cat", clan="Fergusson")
    act(game, type="clan", player="Bruce", clan="Campbell")
    act(game, type="clan", player="Ailsa", clan="Cunningham")
    state = game.state
    place_woodcutters(game, until=lambda: state.placements[0] == ("Cat", True))
    inner = next(s for s in free_spaces(game, "forest") if state.space(s) not in state.board.border)
    assert refuse(game, type="worker", player="Cat", unit="woodcutter", space=inner) == [
        f"{inner} is not a border space: Cat's starting workers go on the border"
    ]
    on_border = free_spaces(game, "forest", border=True)[0]
    notes = act(game, type="worker", player="Cat", unit="woodcutter", space=on_border)
    assert notes[0].startswith(f"Cat places a woodcutter on {on_border} (row ")
    assert " of module " in notes[0]  # named as the menus name a space
