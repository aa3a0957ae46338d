"""The end-of-game report's data (rules/game/report.py): the by-round standings match `score`,
every player's VP sources add up to the total, the glory breakdown to the final glory, and
the turning points and the lead are read from the standings."""

from __future__ import annotations

import json
import random

import pytest
from caledonia.rules.components import components
from caledonia.rules.game.final import final_score
from caledonia.rules.game.gamefile import checked_event
from caledonia.rules.game.history import SETUP_PHASES, history
from caledonia.rules.game.report import game_report
from caledonia.rules.messages import Reason
from caledonia.storage.games import load_game
from conftest import SAMPLES, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

GAMES = sorted(SAMPLES.glob("game-*.yaml")) + [SAMPLES / "midway-4p.yaml"]
PARTS = components()


def _report(path):
    return game_report(load_game(str(path), PARTS))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_the_last_point_is_the_score_that_score_json_gives(path):
    result = run_cli("score", str(path), "--json")
    assert result.returncode == 0, result.stderr
    scored = {p["name"]: p["total"] for p in json.loads(result.stdout)["players"]}
    report = _report(path)
    assert {name: s.vp for name, s in report.by_round[-1].standings.items()} == scored
    assert {p.name: p.total for p in report.players} == scored


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_players_sources_add_up_to_the_total(path):
    report = _report(path)
    for player in report.players:
        assert sum(source.vp for source in player.sources) == player.total
        breakdown = next(p for p in report.score.players if p.name == player.name).breakdown
        for source in player.sources:
            assert getattr(breakdown, source.category) == source.vp


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_the_glory_breakdown_adds_up_to_the_glory_and_names_each_tile(path):
    game = load_game(str(path), PARTS)
    report = game_report(game)
    for player in report.players:
        assert sum(part.glory for part in player.glory) == game.state.by_name(player.name).glory
        for part in player.glory:
            assert sum(int(line.split()[0]) for line in part.lines) == part.glory
    scored = [p for p in report.players for part in p.glory if part.kind == "round scoring"]
    assert scored, "every sample game scores some glory on its tiles"
    for player in report.players:
        for part in player.glory:
            if part.kind == "round scoring":
                for line in part.lines:
                    assert ", tile " in line and "round " in line


def test_a_correction_of_glory_is_its_own_part_and_still_adds_up():
    game = load_game(str(SAMPLES / "midway-4p.yaml"), PARTS)
    before = game.state.by_name("Bruce").glory
    fix = {"type": "fix", "what": "glory", "player": "Bruce", "value": before + 7}
    game.apply(checked_event(fix, PARTS))
    bruce = next(p for p in game_report(game).players if p.name == "Bruce")
    corrections = [part for part in bruce.glory if part.kind == "corrections"]
    assert [part.glory for part in corrections] == [7]
    assert corrections[0].lines[0].startswith("7 glory: event 80 (round 3)")
    assert sum(part.glory for part in bruce.glory) == before + 7


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_there_is_a_point_per_scored_round_and_each_is_the_score_then(path):
    game = load_game(str(path), PARTS)
    report = game_report(game)
    scored = [p for p in report.by_round if not p.now]
    assert [p.round for p in scored] == list(range(len(game.state.round_scores) + 1))
    assert [p.tile for p in scored[1:]] == list(game.setup.scoring_tiles[: len(scored) - 1])
    # replay to the end of round 2 and score it as `score` would: the point for round 2
    from caledonia.rules.game.engine import Game

    replay = Game(game.setup, game.parts)
    for event in game.events:
        replay.apply(event)
        if len(replay.state.round_scores) == 2:
            break
    then = {p.name: p.total for p in final_score(replay.state).players}
    assert {name: s.vp for name, s in scored[2].standings.items()} == then
    assert {name: s.money for name, s in scored[2].standings.items()} == {
        p.name: p.money for p in replay.state.players
    }


def test_an_unfinished_game_is_provisional_and_ends_on_now():
    report = _report(SAMPLES / "midway-4p.yaml")
    assert not report.final and not report.score.final
    assert report.by_round[-1].now and report.by_round[-1].tile is None
    assert report.as_data()["final"] is False


def test_a_finished_game_is_final_and_has_no_now_point():
    report = _report(SAMPLES / "game-4p.yaml")
    assert report.final
    assert not any(p.now for p in report.by_round)
    assert report.rounds_scored == 5


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_turning_points_are_the_largest_gains_after_the_setup(path):
    game = load_game(str(path), PARTS)
    report = game_report(game)
    points = report.turning_points
    assert points, "some event gains VP in every sample game"
    assert [t.vp for t in points] == sorted((t.vp for t in points), reverse=True)
    phases = {entry.number: entry.phase for entry in history(game)}
    for point in points:
        assert point.vp > 0
        if point.event is not None:
            assert phases[point.event] not in SETUP_PHASES


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_the_winner_leads_at_every_point_from_the_round_named(path):
    report = _report(path)
    if report.lead_for_good is None:
        assert len(report.players) == 1 or len(report.winners) != 1
        return
    (winner,) = report.winners
    points = report.by_round
    first = next(i for i, p in enumerate(points) if p.round == report.lead_for_good and not p.now)

    def ahead(point):
        mine = point.standings[winner]
        return all(
            (mine.vp, mine.money) > (s.vp, s.money)
            for name, s in point.standings.items()
            if name != winner
        )

    assert all(ahead(p) for p in points[first:])
    assert first == 0 or not ahead(points[first - 1])


def test_the_json_carries_the_same_data():
    report = _report(SAMPLES / "game-3p.yaml")
    data = json.loads(json.dumps(report.as_data()))
    assert data["winners"] == report.winners
    assert len(data["by_round"]) == len(report.by_round)
    assert [p["total"] for p in data["players"]] == [p.total for p in report.players]
    assert (
        data["score"]["players"][0]["breakdown"]["glory"] == report.score.players[0].breakdown.glory
    )


def test_the_reports_words_are_messages_and_its_data_plain_words():
    """Every line a person reads is a message (translated where it is shown, its contracts
    and tiles too); the data given to --json holds its English words, never a message."""
    report = _report(SAMPLES / "game-3p.yaml")
    player = report.players[0]
    lines = [line for source in player.sources for line in source.lines]
    made_here = [line for line in lines if isinstance(line, Reason)]
    scorings = [p.words for p in report.turning_points if p.event is None]
    assert made_here and scorings and all(isinstance(words, Reason) for words in scorings)
    exports = max(
        (next(s for s in p.sources if s.category == "exports").lines[0] for p in report.players),
        key=lambda line: line.fields["count"],
    )
    shown = exports.render(lambda text: text.replace("{tile} contract", "{tile} Vertrag"))
    assert "contract " in exports and "Vertrag " in shown  # a field translated too

    def plain(value):
        if isinstance(value, dict):
            return all(plain(v) for v in value.values())
        if isinstance(value, list | tuple):
            return all(plain(v) for v in value)
        return not isinstance(value, str) or type(value) is str

    assert plain(report.as_data())


@settings(max_examples=6, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4), stop=st.integers(20, 400))
def test_any_game_so_far_reports_sources_that_add_up(seed, players, stop):
    """Random legal play, stopped anywhere: the report still adds up and ends on the score."""
    from caledonia.rules.game.engine import Game
    from caledonia.rules.game.moves import play_one
    from gametools import setup_for

    game = Game(setup_for(players, seed=seed), PARTS)
    rng = random.Random(seed)
    for _ in range(stop):
        if game.state.phase == "over" or play_one(game, rng) is None:
            break
    report = game_report(game)
    scored = {p.name: p.total for p in final_score(game.state).players}
    assert {n: s.vp for n, s in report.by_round[-1].standings.items()} == scored
    for player in report.players:
        assert sum(s.vp for s in player.sources) == player.total == scored[player.name]
        assert sum(g.glory for g in player.glory) == game.state.by_name(player.name).glory
    assert report.final == (game.state.phase == "over")
