"""The report and the stats page on a phone and on a desktop, in a real browser (headless
Chromium at 375 and 1280 px): nothing wider than the screen (a wide table scrolls inside
its own box), every chart label at least 10 px as drawn, markers clear of the axis labels;
identical lines stay apart; `report --json` gives glory by tile as fields."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from browser import chromium_page
from caledonia.cli.report_svg import chart_svgs
from caledonia.rules.game.report import game_report
from caledonia.storage.games import load_game
from conftest import SAMPLES, run_cli
from gametools import PARTS

WIDTHS = (375, 1280)
SMALLEST_LABEL = 10.0  # px, as drawn on the screen

# Everything the page measures of itself, in CSS pixels of the viewport.
MEASURE = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.scroll') && !el.classList.contains('scroll')) continue;  // scrolls inside
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 0.5) wide.push(el.tagName + ' ' + box.right);
  }
  const labels = [];
  for (const text of document.querySelectorAll('svg text')) {
    const svg = text.closest('svg');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    labels.push(parseFloat(getComputedStyle(text).fontSize) * scale);
  }
  const overlaps = [];
  for (const svg of document.querySelectorAll('svg.chart-svg')) {
    const marks = [...svg.querySelectorAll('.series circle, .series rect, .series polygon')];
    for (const label of svg.querySelectorAll('.axis-label')) {
      const a = label.getBoundingClientRect();
      for (const mark of marks) {
        const b = mark.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
          overlaps.push(label.textContent);
      }
    }
  }
  const h1 = document.querySelector('h1').textContent;
  return {
    scrollWidth: document.documentElement.scrollWidth,
    width: width,
    wide: wide,
    smallest: labels.length ? Math.min(...labels) : null,
    labels: labels.length,
    overlaps: overlaps,
    titleInSvg: [...document.querySelectorAll('svg text')].some(t => t.textContent === h1),
    viewport: !!document.querySelector('meta[name=viewport]'),
    scrollBoxes: [...document.querySelectorAll('.scroll')].map(
      el => el.getBoundingClientRect().right),
  };
}"""


def _ok(*args):
    result = run_cli(*args)
    assert result.returncode == 0, result.stderr
    return result


def _measured(page_file, width):
    with chromium_page(width, 800) as page:
        page.goto(page_file.as_uri())
        return page.evaluate(MEASURE)


def _fits(found, width):
    assert found["viewport"]
    assert found["width"] == width
    assert found["scrollWidth"] <= width, found["wide"][:5]
    assert not found["wide"], found["wide"][:5]
    assert all(right <= width + 0.5 for right in found["scrollBoxes"])


@pytest.mark.parametrize("width", WIDTHS)
def test_the_report_fits_the_screen_with_labels_big_enough(tmp_path, width):
    page = tmp_path / "report.html"
    _ok("report", str(SAMPLES / "game-4p.yaml"), "--html", str(page))
    found = _measured(page, width)
    _fits(found, width)
    assert found["labels"] > 50 and found["smallest"] >= SMALLEST_LABEL, found["smallest"]
    assert not found["overlaps"], found["overlaps"][:5]
    assert not found["titleInSvg"]  # the page's H1 is not drawn again in a chart


@pytest.mark.parametrize("width", WIDTHS)
def test_the_stats_page_fits_the_screen(tmp_path, width):
    folder = tmp_path / "games"
    folder.mkdir()
    for path in sorted(SAMPLES.glob("*.yaml")):
        shutil.copy(path, folder / path.name)
    page = tmp_path / "stats.html"
    _ok("stats", str(folder), "--html", str(page))
    found = _measured(page, width)
    _fits(found, width)
    html = page.read_text(encoding="utf-8")
    for heading in ("Score records", "Head to head", "Win rate by seat and player count"):
        assert heading in html


def test_each_chart_of_the_page_scales_and_carries_no_page_title():
    report = game_report(load_game(str(SAMPLES / "game-4p.yaml"), PARTS))
    charts = chart_svgs(report)
    assert len(charts) == 5
    for _, svg in charts:
        assert 'width="100%"' in svg and re.search(r'viewBox="0 0 \d+ \d+"', svg)
        assert "final report" not in svg


def test_identical_lines_are_drawn_apart():
    report = game_report(load_game(str(SAMPLES / "game-4p.yaml"), PARTS))
    (_, glory_svg) = chart_svgs(report)[2]  # every player starts on 0 glory
    lines = re.findall(r'<polyline points="([^"]+)" fill="none" stroke="#(?!222)', glory_svg)
    starts = [line.split()[0] for line in lines]
    assert len(starts) == 4 and len(set(starts)) == 4  # four lines, four places


def test_report_json_gives_glory_by_tile_as_fields():
    data = json.loads(_ok("report", str(SAMPLES / "game-2p.yaml"), "--json").stdout)
    tiles = data["scoring_tiles"]
    for player in data["players"]:
        (scored,) = [part for part in player["glory"] if part["kind"] == "round scoring"]
        assert sum(entry["glory"] for entry in scored["by_tile"]) == scored["glory"]
        for entry in scored["by_tile"]:
            assert set(entry) == {"round", "tile", "glory", "words"}
            assert entry["tile"] == tiles[entry["round"] - 1]
            assert entry["words"].startswith(f"{entry['glory']} glory: round {entry['round']}")
