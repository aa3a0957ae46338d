"""A game file records its play (a random id, when it started and ended) and `export
--bgstats` sends what it recorded: two games of one seed never collide, a copy, a touch or
a fix changes nothing; a money tie-break, a solo play and a score sheet field by field;
a folder into one .bgsplay file, each game once."""

from __future__ import annotations

import json
import os
import random
import shutil
from datetime import datetime, timedelta, timezone

from caledonia.cli.game_io import load, save
from caledonia.rules.game.moves import play_one, play_to_end
from caledonia.rules.yamlfile import read_text
from conftest import SAMPLES, run_cli

NEW = ("-p", "Ann:red", "-p", "Bob:blue", "--seed", "7")


def _ok(*args, **kwargs):
    result = run_cli(*args, **kwargs)
    assert result.returncode == 0, result.stderr
    return result


def _export(path, *more):
    return json.loads(_ok("export", str(path), "--bgstats", "--json", *more).stdout)["play"]


def _new(path):
    _ok("new", str(path), *NEW)
    return path


def _finish(path, rng_seed=1):
    """Play the game in `path` to its end by the random legal-move player, saving after
    each event as the commands do."""
    game = load(str(path), notice=False)
    rng = random.Random(rng_seed)
    while game.state.phase != "over":
        play_one(game, rng)
        if game.state.phase == "over" or len(game.events) % 50 == 0:
            save(str(path), game)
    return game


def _keys(path):
    from caledonia.rules.yamlfile import parse_yaml

    data = parse_yaml(read_text(str(path)), str(path))
    return {k: data[k] for k in ("play_id", "started", "ended") if k in data}


# -- the play record ---------------------------------------------------------------------


def test_two_games_of_one_seed_have_their_own_play_ids(tmp_path):
    first, second = _new(tmp_path / "a.yaml"), _new(tmp_path / "b.yaml")
    a, b = _keys(first), _keys(second)
    assert a["play_id"] != b["play_id"]
    assert set(a) == {"play_id", "started"}  # not ended yet
    started = datetime.fromisoformat(a["started"].replace("Z", "+00:00"))
    assert abs(datetime.now(timezone.utc) - started) < timedelta(minutes=5)
    for path in (first, second):
        _finish(path)
    assert _export(first)["sourcePlayId"] == _export(first)["sourcePlayId"] == a["play_id"]
    assert _export(second)["sourcePlayId"] == b["play_id"] != a["play_id"]


def test_the_last_production_records_when_the_game_ended(tmp_path):
    path = _new(tmp_path / "game.yaml")
    game = load(str(path), notice=False)
    play_to_end(game, random.Random(3))
    last = game.events[-1]
    game.undo(1)
    save(str(path), game)
    assert "ended" not in _keys(path)  # one event short of the end
    game.apply(last)
    save(str(path), game)
    assert game.state.phase == "over" and last["type"] == "produce"
    keys = _keys(path)
    assert keys["ended"] >= keys["started"]
    _ok("undo", str(path))
    assert "ended" not in _keys(path)  # taken back before its end: not ended
    assert load(str(path), notice=False).play["play_id"] == keys["play_id"]


def test_copy_touch_and_fix_change_neither_the_id_nor_the_date(tmp_path):
    path = _new(tmp_path / "game.yaml")
    _finish(path)
    before = _export(path)
    copy = tmp_path / "copy.yaml"
    shutil.copy(path, copy)
    later = datetime.now().timestamp() + 7200
    os.utime(copy, (later, later))
    name = before["players"][0]["name"]
    _ok("fix", str(copy), "money", name, "3")
    after = _export(copy)
    assert after["sourcePlayId"] == before["sourcePlayId"]
    assert after["playDate"] == before["playDate"]
    assert after["playDate"] == _keys(path)["ended"].replace("T", " ").rstrip("Z")


def test_older_game_files_without_a_play_record_still_load_and_export():
    text = read_text(str(SAMPLES / "game-4p.yaml"))
    assert "play_id" not in text and "started" not in text
    play = _export(SAMPLES / "game-4p.yaml")
    assert play["sourcePlayId"].startswith("caledonia-play-")  # as earlier versions sent it


def test_a_bad_recorded_time_is_named_with_its_key(tmp_path):
    path = _new(tmp_path / "game.yaml")
    text = read_text(str(path))
    started = _keys(path)["started"]
    path.write_text(text.replace(started, "teatime"), encoding="utf-8")
    result = run_cli("status", str(path))
    assert result.returncode == 1
    assert "started" in result.stderr and "teatime" in result.stderr
    assert "Traceback" not in result.stderr


# -- --ended and --started ------------------------------------------------------------------


def test_ended_and_started_override_and_are_checked(tmp_path):
    path = _new(tmp_path / "game.yaml")
    _finish(path)
    play = _export(path, "--started", "2026-03-14 19:00", "--ended", "2026-03-14 21:30")
    assert play["playDate"] == "2026-03-14 21:30:00" and play["durationMin"] == 150
    assert _export(path, "--minutes", "95")["durationMin"] == 95
    result = run_cli("export", str(path), "--bgstats", "--ended", "2099-01-01 10:00")
    assert result.returncode == 2 and "future" in result.stderr and "--ended" in result.stderr
    result = run_cli("export", str(path), "--bgstats", "--ended", "2020-01-01 10:00")
    assert result.returncode == 2 and "before it started" in result.stderr
    result = run_cli(
        "export", str(path), "--bgstats", "--started", "2026-03-14 22:00", "--ended",
        "2026-03-14 21:30",
    )  # fmt: skip
    assert result.returncode == 2 and "before it started" in result.stderr


# -- what BG Stats gets ---------------------------------------------------------------------

TIE_SHEET = """\
players:
  - name: Ann
    clan: Stewart
    glory: 50
    money: 21
    goods: {}
    contracts: []
    settlements: 5
  - name: Bob
    clan: Campbell
    glory: 50
    money: 24
    goods: {}
    contracts: []
    settlements: 5
"""


def test_a_money_tie_break_gives_one_winner_marked_by_hand(tmp_path):
    sheet = tmp_path / "tie.yaml"
    sheet.write_text(TIE_SHEET, encoding="utf-8")
    play = _export(sheet, "--start-player", "ann", "--ended", "2026-03-14 21:30")
    ann, bob = play["players"]
    assert ann["score"] == bob["score"] == 62
    assert (ann["winner"], ann["rank"], bob["winner"], bob["rank"]) == (False, 2, True, 1)
    assert play["manualWinner"] is True
    assert (ann["startPlayer"], bob["startPlayer"]) == (True, False)
    assert [p["seatOrder"] for p in play["players"]] == [1, 2]
    assert (ann["role"], bob["role"]) == ("Stewart", "Campbell")
    assert "broken on money" in play["comments"] and "£24" in play["comments"]
    assert "location" not in play and "board" not in play  # a sheet knows no map
    assert play["playDate"] == "2026-03-14 21:30:00"
    assert play["sourcePlayId"] == _export(sheet, "--start-player", "Ann")["sourcePlayId"]


def test_an_untied_game_leaves_the_winner_to_bg_stats():
    play = _export(SAMPLES / "game-4p.yaml")
    assert play["manualWinner"] is False
    assert [p["winner"] for p in play["players"]] == [p["rank"] == 1 for p in play["players"]]


def test_a_score_sheet_needs_its_start_player(tmp_path):
    result = run_cli("export", str(SAMPLES / "final-2p.yaml"), "--bgstats")
    assert result.returncode == 2 and "--start-player" in result.stderr
    result = run_cli("export", str(SAMPLES / "final-2p.yaml"), "--bgstats", "--start-player", "Zed")
    assert result.returncode == 2 and "Iain" in result.stderr and "Kirsty" in result.stderr
    play = _export(SAMPLES / "final-2p.yaml", "--start-player", "Kirsty")
    assert [p["startPlayer"] for p in play["players"]] == [False, True]
    score = json.loads(_ok("score", str(SAMPLES / "final-2p.yaml"), "--json").stdout)
    assert [p["score"] for p in play["players"]] == [p["total"] for p in score["players"]]
    assert [p["rank"] for p in play["players"]] == [p["rank"] for p in score["players"]]


def test_a_solo_play_is_won_from_the_average_band_and_says_its_rating():
    won = _export(SAMPLES / "final-solo.yaml")  # 189 VP: Genius
    (rhona,) = won["players"]
    assert (rhona["winner"], rhona["rank"], rhona["startPlayer"]) == (True, 1, True)
    assert won["manualWinner"] is True and "Solo rating: Genius; won" in won["comments"]
    lost = _export(SAMPLES / "game-solo.yaml")
    (rhona,) = lost["players"]
    assert rhona["score"] < 131 and rhona["winner"] is False
    assert "Solo rating: Newbie; lost" in lost["comments"]
    assert rhona["color"] == "purple" and rhona["role"] == "Robertson"


def test_each_player_has_the_colour_of_the_game_file():
    play = _export(SAMPLES / "game-4p.yaml")
    assert [p["color"] for p in play["players"]] == ["red", "blue", "green", "yellow"]


def test_no_location_is_invented(tmp_path):
    out = tmp_path / "play.bgsplay"
    _ok("export", str(SAMPLES / "game-3p.yaml"), "--bgstats", "--file", str(out))
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["locations"] == [] and "locationRefId" not in data["plays"][0]
    assert "location" not in _export(SAMPLES / "game-3p.yaml")


def test_a_folder_goes_into_one_bgsplay_file_each_game_once(tmp_path):
    folder = tmp_path / "season"
    folder.mkdir()
    for name in ("game-2p.yaml", "game-3p.yaml", "game-4p.yaml", "final-2p.yaml"):
        shutil.copy(SAMPLES / name, folder / name)
    shutil.copy(SAMPLES / "game-3p.yaml", folder / "copy-of-3p.yaml")
    shutil.copy(SAMPLES / "midway-4p.yaml", folder / "midway.yaml")
    out = tmp_path / "season.bgsplay"
    result = _ok("export", str(folder), "--bgstats", "--file", str(out), "--json")
    said = json.loads(result.stdout)
    assert said["plays"] == 4 and [p.rsplit("/", 1)[-1] for p in said["copies"]] == ["game-3p.yaml"]
    assert "midway.yaml" in said["left_out"][0]["file"]
    assert "final-2p.yaml" in result.stderr  # a sheet in a folder: no start player known
    data = json.loads(out.read_text(encoding="utf-8"))
    assert len(data["plays"]) == 4
    assert len({p["uuid"] for p in data["plays"]}) == 4
    names = [p["name"] for p in data["players"]]
    assert len(names) == len(set(names)) == 3 + 4 + 2  # Iain and Kirsty played twice
    ids = {p["id"] for p in data["players"]}
    assert all(s["playerRefId"] in ids for play in data["plays"] for s in play["playerScores"])
    result = run_cli("export", str(folder), "--bgstats")
    assert result.returncode == 2 and "--file" in result.stderr


def test_a_page_gets_the_link_export_prints(tmp_path):
    from caledonia.cli.bgstats import game_link

    path = _new(tmp_path / "game.yaml")
    _finish(path)
    printed = _ok("export", str(path), "--bgstats").stdout.strip()
    assert game_link(load(str(path), notice=False)) == printed


def test_the_play_record_survives_the_checkpoint(tmp_path):
    from caledonia.storage.games import kept_game

    path = _new(tmp_path / "game.yaml")
    first = load(str(path), notice=False)  # replayed, and its checkpoint kept
    kept = kept_game(read_text(str(path)), str(path), first.parts)
    assert kept is not None and kept.play == first.play == _keys(path)
