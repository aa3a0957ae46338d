"""The engine's sentences are values (issue 21 part 4): the turn's refusals, the notes of
what an event did, the next step and the set-up's problems are Reasons with their message
ids, a count chooses a Plural's form in any language, and a checkpoint keeps them."""

from __future__ import annotations

import gametools
import pytest
from caledonia.rules.components import components
from caledonia.rules.game.engine import Game, next_step
from caledonia.rules.game.setup_check import SetupPlayer, players_problem
from caledonia.rules.game.trading import do_trade, trade_reasons
from caledonia.rules.messages import Plural, Reason
from caledonia.storage.games import kept_game, save_game

CATALOGUE = {
    "it is {waiting}'s turn, not {player}'s": "[xx] {player} waits for {waiting}",
    "round {round}, {player}'s turn": "[xx] {player} plays round {round}",
}


def translate(text: str) -> str:
    return CATALOGUE.get(text, text)


def test_a_refusal_out_of_turn_is_a_reason_the_reader_may_read_translated():
    game = gametools.start(2)
    waiting = game.state.turn.player
    other = next(p.name for p in game.state.players if p.name != waiting)
    [reason] = gametools.refuse(game, type="pass", player=other)
    assert isinstance(reason, Reason)
    assert reason.message_id == "it is {waiting}'s turn, not {player}'s"
    assert reason == f"it is {waiting}'s turn, not {other}'s"
    assert reason.render(translate) == f"[xx] {other} waits for {waiting}"


def test_the_next_step_and_the_notes_of_an_event_are_reasons():
    game = gametools.start(2)
    step = next_step(game.state)
    assert isinstance(step, Reason) and step.message_id == "round {round}, {player}'s turn"
    assert step.render(translate) == f"[xx] {game.state.turn.player} plays round 1"
    player = game.state.player(game.state.turn.player)
    player.goods["wool"], player.merchants_stock = 1, 1
    reasons = trade_reasons(game.state, player, "wool", "sell", 2)
    assert [r.message_id for r in reasons] == [
        "{player} has {count} free merchant, {needed} needed",
        "{player} has {held} {good}, not {quantity}",
    ]
    assert reasons[0] == f"{player.name} has 1 free merchant, 2 needed"
    assert isinstance(reasons[0], Plural)
    notes = do_trade(game.state, player, "wool", "sell", 1)
    assert all(isinstance(note, Reason) for note in notes)


def test_a_plural_chooses_its_form_by_the_count_in_english_and_through_ngettext():
    game = Game(gametools.setup_for(2), components())
    with pytest.raises(ValueError) as caught:
        game.undo(1)
    [reason] = caught.value.args
    assert isinstance(reason, Plural)
    assert reason == "the game has 0 events: cannot undo 1"
    one = Plural(reason.message_id, reason.plural_id, count=1, asked=2)
    assert one == "the game has 1 event: cannot undo 2"

    def choose(singular: str, plural: str, count: int) -> str:  # a language with one form
        return "[xx] {count} événement(s), {asked} de trop"

    assert reason.render(translate, choose) == "[xx] 0 événement(s), 1 de trop"


def test_a_set_up_problem_is_a_reason():
    problem = players_problem([SetupPlayer("Ailsa", "red"), SetupPlayer("ailsa", "blue")])
    assert isinstance(problem, Reason) and problem == "two players have the same name"
    problem = players_problem([])
    assert isinstance(problem, Reason)
    assert problem.message_id == "a game has 1 to {most} players, not {count}"
    assert problem == "a game has 1 to 4 players, not 0"


def test_the_notes_kept_in_a_checkpoint_are_still_reasons(tmp_path, monkeypatch):
    """A checkpoint pickles the game with its notes: the log read from it later can still
    show them in the reader's language. The game file holds no note at all."""
    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("CALEDONIA_NO_CACHE", raising=False)
    game = gametools.start(2)
    path = str(tmp_path / "g.yaml")
    save_game(path, game)
    text = (tmp_path / "g.yaml").read_text()
    assert game.notes[0][0] not in text
    kept = kept_game(text, path, components())
    assert kept is not None and kept.notes == game.notes
    first = kept.notes[0][0]
    assert isinstance(first, Reason) and first.message_id == game.notes[0][0].message_id
