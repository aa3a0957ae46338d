"""`caledonia report`, `export --bgstats` and `stats` as a table uses them: the report fits
80 columns, its HTML and SVG stand alone with one series per player, the BG Stats play
carries the documented fields and types, and stats names the files it could not count."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from urllib.parse import unquote

import pytest
from caledonia.cli.bgstats import PUSH_URL, player_id
from conftest import SAMPLES, run_cli

FINISHED = sorted(SAMPLES.glob("game-*.yaml"))
SVG = "{http://www.w3.org/2000/svg}"
DATE = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")


def _ok(*args, **kwargs):
    result = run_cli(*args, **kwargs)
    assert result.returncode == 0, result.stderr
    return result


# -- report -----------------------------------------------------------------------------


@pytest.mark.parametrize("path", [SAMPLES / "game-4p.yaml", SAMPLES / "midway-4p.yaml"])
def test_the_terminal_report_fits_80_columns(path):
    result = _ok("report", str(path), env={"COLUMNS": "80", "NO_COLOR": "1"})
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "Where the VP came from" in result.stdout
    assert "Turning points" in result.stdout
    assert "\x1b[" not in result.stdout  # NO_COLOR and no terminal: plain text


def test_a_finished_game_is_titled_final_and_an_unfinished_one_provisional():
    assert _ok("report", str(SAMPLES / "game-3p.yaml")).stdout.startswith("Final report")
    midway = _ok("report", str(SAMPLES / "midway-4p.yaml")).stdout
    assert midway.startswith("Provisional report after round 2")
    assert "now" in midway.splitlines()[3]


def _in_round_one(tmp_path) -> str:
    """midway-4p cut to its first round, after the set-up and before round 1 is scored."""
    import yaml
    from caledonia.rules.components import components
    from caledonia.rules.game.gamefile import game_from_data

    data = yaml.safe_load((SAMPLES / "midway-4p.yaml").read_text(encoding="utf-8"))
    upto = next(
        n
        for n in range(len(data["events"]))
        if game_from_data(data, "midway", components(), upto=n).state.round == 1
    )
    path = tmp_path / "round-1.yaml"
    path.write_text(yaml.safe_dump({**data, "events": data["events"][:upto]}), encoding="utf-8")
    return str(path)


def test_a_game_in_its_first_round_is_not_said_to_be_after_round_0(tmp_path):
    text = _ok("report", _in_round_one(tmp_path)).stdout
    assert text.startswith("Provisional report, round 1 in progress, no round scored yet")
    assert "round 0" not in text


def test_the_round_columns_are_headed_r1_and_say_which_tile_each_scored():
    lines = _ok("report", str(SAMPLES / "game-2p.yaml"), env={"COLUMNS": "80"}).stdout
    lines = lines.splitlines()
    head = next(line for line in lines if line.split()[:1] == ["Player"])
    assert head.split() == ["Player", "start", "R1", "R2", "R3", "R4", "R5", "trend"]
    assert not any(re.search(r"\bt\d\b", line) for line in lines[:5])  # no 't6' heads
    at = lines.index("The scoring tile of each round:")
    heads = [line.split()[0] for line in lines[at + 1 : at + 9] if not line.startswith(" ")]
    assert heads[:5] == ["R1", "R2", "R3", "R4", "R5"]


def test_a_wrapped_bullet_line_goes_on_under_its_text():
    lines = _ok("report", str(SAMPLES / "game-4p.yaml"), env={"COLUMNS": "80"}).stdout
    lines = lines.splitlines()
    at = next(i for i, line in enumerate(lines) if "tie for the second-most contracts" in line)
    bullet = lines[at].index("·")
    assert lines[at + 1].startswith(" " * (bullet + 2)) and lines[at + 1].strip()
    assert not any(line.startswith("Zero contracts") for line in lines)


def test_the_terminal_report_shows_every_round_vp_of_each_player():
    data = json.loads(_ok("report", str(SAMPLES / "game-2p.yaml"), "--json").stdout)
    text = _ok("report", str(SAMPLES / "game-2p.yaml"), env={"COLUMNS": "80"}).stdout
    for name in ("Iain", "Kirsty"):
        vps = [str(p["players"][name]["vp"]) for p in data["by_round"]]
        row = next(line for line in text.splitlines() if line.split()[:2] == [name, "VP"])
        assert row.split()[2 : 2 + len(vps)] == vps


def test_report_json_carries_the_by_round_data_and_the_score():
    path = SAMPLES / "game-4p.yaml"
    data = json.loads(_ok("report", str(path), "--json").stdout)
    score = json.loads(_ok("score", str(path), "--json").stdout)
    assert data["final"] is True and data["game"] == "game-4p.yaml"
    last = data["by_round"][-1]["players"]
    assert {p["name"]: p["total"] for p in score["players"]} == {
        name: s["vp"] for name, s in last.items()
    }
    assert data["score"] == score
    for player in data["players"]:
        assert sum(s["vp"] for s in player["sources"]) == player["total"]


def _external_references(text: str) -> list[str]:
    """Anything a browser would fetch: links, sources, CSS urls and imports, scripts."""
    found = re.findall(r"""(?:href|src)\s*=\s*["'][^"'#][^"']*["']""", text)
    found += re.findall(r"url\(|@import|<script|<link|<img|<iframe", text)
    return found


def _svg_counts(root) -> tuple[int, list[int], int]:
    charts = [g for g in root.iter(f"{SVG}g") if g.get("class") == "chart"]
    series = [
        sum(1 for g in chart.iter(f"{SVG}g") if g.get("class") == "series") for chart in charts
    ]
    tiles = sum(1 for g in charts[0].iter(f"{SVG}g") if g.get("class") == "tile-mark")
    return len(charts), series, tiles


@pytest.mark.parametrize("path", FINISHED + [SAMPLES / "midway-4p.yaml"], ids=lambda p: p.stem)
def test_the_svg_parses_stands_alone_and_has_one_series_per_player(path, tmp_path):
    out = tmp_path / "charts.svg"
    _ok("report", str(path), "--svg", str(out))
    text = out.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert _external_references(text) == []
    players = json.loads(_ok("report", str(path), "--json").stdout)["players"]
    charts, series, tiles = _svg_counts(root)
    assert charts == 5
    assert series == [len(players)] * 5
    scored = json.loads(_ok("report", str(path), "--json").stdout)["rounds_scored"]
    assert tiles == scored
    names = {g.get("data-player") for g in root.iter(f"{SVG}g") if g.get("class") == "series"}
    assert names == {p["name"] for p in players}


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.seen: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.seen.append(tag)


def test_the_html_page_parses_stands_alone_and_holds_the_charts(tmp_path):
    out = tmp_path / "report.html"
    _ok("report", str(SAMPLES / "game-4p.yaml"), "--html", str(out))
    text = out.read_text(encoding="utf-8")
    tags = _Tags()
    tags.feed(text)
    assert {"html", "head", "body", "svg", "table", "style"} <= set(tags.seen)
    assert _external_references(text) == []
    # well-formed too: it reads as XML once the doctype line is set aside
    root = ET.fromstring(text.split("\n", 1)[1])
    charts = [svg for svg in root.iter(f"{SVG}svg") if svg.get("class") == "chart-svg"]
    assert [_svg_counts(svg)[1] for svg in charts] == [[4]] * 5  # one picture per chart
    assert "font-family: sans-serif" in text and "@media print" in text
    assert text.count('class="player"') == 4


def test_an_unfinished_games_page_is_titled_provisional(tmp_path):
    out = tmp_path / "report.html"
    _ok("report", str(SAMPLES / "midway-4p.yaml"), "--html", str(out))
    text = out.read_text(encoding="utf-8")
    assert "provisional report after round 2" in text
    assert 'class="provisional"' in text


def test_report_keeps_an_existing_file_without_force(tmp_path):
    out = tmp_path / "report.html"
    out.write_text("keep me", encoding="utf-8")
    result = run_cli("report", str(SAMPLES / "game-4p.yaml"), "--html", str(out))
    assert result.returncode == 2  # a needed --force
    assert "--force" in result.stderr and "Traceback" not in result.stderr
    assert out.read_text(encoding="utf-8") == "keep me"
    _ok("report", str(SAMPLES / "game-4p.yaml"), "--html", str(out), "--force")
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_report_names_a_bad_game_file(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: caledonia-game/1\nsetup: [1\n", encoding="utf-8")
    result = run_cli("report", str(bad))
    assert result.returncode == 1
    assert "bad.yaml" in result.stderr and "Traceback" not in result.stderr


def test_the_other_commands_do_not_load_the_report():
    code = (
        "import sys; from caledonia.cli.main import build_app; build_app('score'); "
        "print(sorted(m for m in sys.modules if 'report' in m or 'bgstats' in m))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


# -- export --bgstats -------------------------------------------------------------------

PLAYER_FIELDS = {
    "name": str,
    "sourcePlayerId": str,
    "score": int,
    "winner": bool,
    "rank": int,
    "startPlayer": bool,
    "seatOrder": int,
}


def _export(path, *more):
    return json.loads(_ok("export", str(path), "--bgstats", "--json", *more).stdout)


@pytest.mark.parametrize("path", FINISHED, ids=lambda p: p.stem)
def test_the_push_play_has_the_documented_fields_and_types(path):
    data = _export(path)
    play = data["play"]
    assert isinstance(play["sourceName"], str) and play["sourceName"]
    assert isinstance(play["sourcePlayId"], str) and play["sourcePlayId"]
    assert DATE.match(play["playDate"])
    game = play["game"]
    assert game["name"] == "Clans of Caledonia" and game["bggId"] == 216132
    assert isinstance(game["sourceGameId"], str)
    assert game["highestWins"] is True and game["noPoints"] is False
    score = json.loads(_ok("score", str(path), "--json").stdout)["players"]
    assert [p["score"] for p in play["players"]] == [p["total"] for p in score]
    assert [p["rank"] for p in play["players"]] == [p["rank"] for p in score]
    for player in play["players"]:
        for key, kind in PLAYER_FIELDS.items():
            assert type(player[key]) is kind, key
        assert isinstance(player["role"], str)  # every sample game plays with clans
    assert sum(p["startPlayer"] for p in play["players"]) == 1
    if len(score) > 1:  # solo: won or lost by the README's rule (tests/test_season.py)
        assert [p["winner"] for p in play["players"]] == [p["rank"] == 1 for p in score]
    assert [p["seatOrder"] for p in play["players"]] == list(range(1, len(score) + 1))
    assert data["link"].startswith(PUSH_URL)
    assert json.loads(unquote(data["link"][len(PUSH_URL) :])) == play


def test_the_link_of_a_four_player_game_is_under_8000_characters():
    link = _ok("export", str(SAMPLES / "game-4p.yaml"), "--bgstats").stdout.strip()
    assert link.startswith(PUSH_URL)
    assert len(link) < 8000
    assert " " not in link


def test_the_ids_stay_the_same_across_exports_and_copies(tmp_path):
    copy = tmp_path / "copy.yaml"
    shutil.copy(SAMPLES / "game-4p.yaml", copy)
    first = _export(SAMPLES / "game-4p.yaml")["play"]
    again = _export(copy, "--ended", "2026-03-14 21:30")["play"]
    assert again["playDate"] == "2026-03-14 21:30:00"
    assert first["sourcePlayId"] == again["sourcePlayId"]
    assert [p["sourcePlayerId"] for p in first["players"]] == [
        p["sourcePlayerId"] for p in again["players"]
    ]
    other = _export(SAMPLES / "game-3p.yaml")["play"]
    assert other["sourcePlayId"] != first["sourcePlayId"]
    assert player_id("Ailsa") == player_id("ailsa") != player_id("Bruce")
    assert first["players"][0]["sourcePlayerId"] == player_id("Ailsa")


def test_the_bgsplay_file_links_its_parts_by_id(tmp_path):
    out = tmp_path / "play.bgsplay"
    where = ("--location", "Kirkwall")
    _ok("export", str(SAMPLES / "game-3p.yaml"), "--bgstats", "--file", str(out), *where)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) == {"games", "plays", "players", "locations"}
    (play,) = data["plays"]
    assert play["gameRefId"] in {g["id"] for g in data["games"]}
    assert play["locationRefId"] in {loc["id"] for loc in data["locations"]}
    assert data["locations"][0]["name"] == "Kirkwall"
    assert data["games"][0]["bggId"] == 216132
    player_ids = {p["id"]: p["name"] for p in data["players"]}
    assert [player_ids[s["playerRefId"]] for s in play["playerScores"]] == [
        "Fiona",
        "Hamish",
        "Morag",
    ]
    assert DATE.match(play["playDate"])
    for entry in play["playerScores"]:
        assert isinstance(entry["winner"], bool) and isinstance(entry["startPlayer"], bool)
        assert isinstance(entry["rank"], int) and entry["role"]
    assert [s["winner"] for s in play["playerScores"]] == [False, False, True]


def test_export_refuses_an_unfinished_game_and_asks_for_a_format():
    result = run_cli("export", str(SAMPLES / "midway-4p.yaml"), "--bgstats")
    assert result.returncode == 1 and "not over" in result.stderr
    result = run_cli("export", str(SAMPLES / "game-4p.yaml"))
    assert result.returncode == 2 and "--bgstats" in result.stderr
    result = run_cli("export", str(SAMPLES / "game-4p.yaml"), "--bgstats", "--ended", "soon")
    assert result.returncode == 2 and "--ended" in result.stderr


# -- stats ------------------------------------------------------------------------------


def test_stats_counts_the_finished_games_and_names_the_rest(tmp_path):
    for path in FINISHED:
        shutil.copy(path, tmp_path / path.name)
    shutil.copy(SAMPLES / "midway-4p.yaml", tmp_path)
    (tmp_path / "broken.yaml").write_text("players: [\n", encoding="utf-8")
    result = _ok("stats", str(tmp_path), "--json")
    data = json.loads(result.stdout)
    assert data["games"] == len(FINISHED) and data["files"] == len(FINISHED) + 2
    left = {item["file"].rsplit("/", 1)[-1]: item for item in data["left_out"]}
    assert set(left) == {"midway-4p.yaml", "broken.yaml"}
    assert left["midway-4p.yaml"]["kind"] == "unfinished"
    assert "broken.yaml" in result.stderr and "not over" in result.stderr
    duncan = next(p for p in data["players"] if p["name"] == "Duncan")
    assert (duncan["plays"], duncan["wins"], duncan["average"]) == (1, 1, 63.0)


def test_stats_counts_score_sheets_as_finished_games():
    data = json.loads(_ok("stats", str(SAMPLES / "final-4p.yaml"), "--json").stdout)
    score = json.loads(_ok("score", str(SAMPLES / "final-4p.yaml"), "--json").stdout)
    winner = next(p["name"] for p in score["players"] if p["rank"] == 1)
    assert data["games"] == 1
    assert next(p for p in data["players"] if p["name"] == winner)["wins"] == 1


def test_stats_in_parallel_gives_what_one_process_gives(tmp_path):
    for copy in range(3):
        for path in FINISHED:
            shutil.copy(path, tmp_path / f"{copy}-{path.name}")
    serial = json.loads(_ok("stats", str(tmp_path), "--json", "--jobs", "1").stdout)
    parallel = json.loads(_ok("stats", str(tmp_path), "--json", "--jobs", "2").stdout)
    assert serial == parallel
    assert serial["games"] == len(FINISHED)  # a copy of a game is the same game
    assert len(serial["copies"]) == 2 * len(FINISHED)


def test_stats_terminal_tables_and_missing_paths(tmp_path):
    text = _ok("stats", *map(str, FINISHED), env={"COLUMNS": "80"}).stdout
    assert "Players" in text and "Clans" in text
    assert f"{len(FINISHED)} finished games counted of {len(FINISHED)} files" in text
    result = run_cli("stats", str(tmp_path / "nowhere"))
    assert result.returncode == 2 and "nowhere" in result.stderr
    (tmp_path / "empty").mkdir()
    result = run_cli("stats", str(tmp_path / "empty"))
    assert result.returncode == 2
    (tmp_path / "only.yaml").write_text("players: [\n", encoding="utf-8")
    result = run_cli("stats", str(tmp_path / "only.yaml"))
    assert result.returncode == 1 and "no finished game" in result.stderr
