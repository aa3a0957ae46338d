"""The page `caledonia serve` shows of a game: the board, whose turn it is, every player,
the round, what may be done now and, once the game is over, the score, the report's charts
and the BG Stats link. Built from what the commands print (`map show --svg`, `status`,
`options`, `score`, `report`, `export --bgstats`), in the reader's language, with every
text that comes from the game file escaped.

A snapshot is worked out once per version of the game file, whatever the number of
pages open on it; the page is its `html` inside a fixed frame (`page_html`), and each save
sends the new `html` down the event stream (serve_app.py), which the page's script puts in
place of the old.
"""

from __future__ import annotations

import functools
import hashlib
import os
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from caledonia.rules.components import components
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.game.final import final_score
from caledonia.rules.game.report import game_report
from caledonia.rules.yamlfile import read_text
from caledonia.storage.games import game_from_text

from .bgstats import game_link
from .choosing import decision
from .errors import reason_of
from .game_status import status_view
from .map_picture import picture_svg
from .map_source import source_of_game, to_act_overlay
from .options_view import option_groups
from .report_svg import render_charts
from .report_view import ordinal
from .score_view import CATEGORIES
from .translation import language_settings, t, tr

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game

# the stylesheet and the script of the page (serve_assets.py), served from the page's own
# address, so that the Content-Security-Policy allows nothing else
STYLESHEET, SCRIPT = "/page.css", "/page.js"
# at most this many events of one kind are listed (a preparation's ways are summarised)
LISTED = 150


class Snapshot(NamedTuple):
    """The page's changing part for one version of the game file."""

    key: str  # a hash of the file's text and of the reader's language: the same, the same page
    html: str  # everything inside the page's <main>
    state: dict[str, Any] | None  # what `status --json` gives; None: the file has a problem
    title: str


def snapshot(path: str) -> Snapshot:
    """The page of the game file `path` as it reads now; a file that cannot be read (a hand
    edit half done) gives a page that says what is wrong, until it is put right."""
    title = t("caledonia: {file}", file=Path(path).name)
    try:
        text = read_text(path)
    except CaledoniaError as problem:
        return _problem(_key(str(problem)), problem, title)
    key = _key(text)
    try:
        game = game_from_text(text, path, components())
    except CaledoniaError as problem:
        return _problem(key, problem, title)
    try:
        view = status_view(game)
        return Snapshot(key, game_html(game, path, view), view["json"], title)
    except Exception as problem:  # a bug: said on the page, which goes on with the next save
        if os.environ.get("CALEDONIA_DEBUG"):
            raise
        return _bug(key, problem, title)


def _key(text: str) -> str:
    digest = hashlib.blake2b(text.encode(), digest_size=16)
    digest.update("\n".join(language_settings()).encode())
    return digest.hexdigest()


def _problem(key: str, problem: Exception, title: str) -> Snapshot:
    said = t(
        "The game file cannot be read now: {problem}. The page shows it again once it is "
        "put right.",
        problem=tr(reason_of(problem)),
    )
    return Snapshot(key, f'<p class="problem" role="alert">{escape(said)}</p>', None, title)


def _bug(key: str, problem: Exception, title: str) -> Snapshot:
    said = t(
        "Internal error ({error}: {problem}). This is a bug in caledonia; run again with "
        "CALEDONIA_DEBUG=1 to see the details.",
        error=type(problem).__name__,
        problem=problem,
    )
    return Snapshot(key, f'<p class="problem" role="alert">{escape(said)}</p>', None, title)


def game_html(game: Game, path: str, view: dict[str, Any]) -> str:
    """The page's changing part for `game` (whose status view is `view`)."""
    legal = game.legal()
    choice = decision(game.state, legal)
    current = choice.player if choice else None
    over = game.state.phase == "over"
    parts = [_turn(game, view, current)]
    if over:
        parts.append(_final(game, path))
    parts += [
        _board(game, path),
        _players(game, view, current),
        _round(view),
    ]
    if not over or len(legal):
        parts.append(_options(game, legal if current is None else game.legal(current), path))
    return "\n".join(parts)


def colour_class(colour: str) -> str:
    """The class that gives a player's colour (serve_assets.py: the board's fills)."""
    return f"c-{colour}" if colour.isalpha() else "c-other"


def _turn(game: Game, view: dict[str, Any], current: str | None) -> str:
    """Whose turn it is, as large as the screen allows, in their colour and in words."""
    round_line = escape(view["head"][0][1])
    state = game.state
    if state.phase == "over":
        verdict = tr(final_score(state).explanations[-1])
        over = escape(t("The game is over"))
        return (
            '<section class="turn over" aria-live="polite">'
            f'<p class="now">{over}</p>'
            f'<p class="next">{escape(verdict)}</p></section>'
        )
    # TRANSLATORS: above the name of whoever is to play or answer now, in large letters
    now = escape(t("Now:"))
    if current is None:
        # TRANSLATORS: who answers now in the preparation: the whole table, not one player
        table = escape(t("the table"))
        return (
            '<section class="turn table" aria-live="polite">'
            f'<p class="now">{now}</p>'
            f'<p class="who">{table}</p>'
            f'<p class="next">{round_line}</p></section>'
        )
    p = state.by_name(current)
    about = [t("{colour} player", colour=p.colour)] + ([p.clan] if p.clan else [])
    return (
        f'<section class="turn {colour_class(p.colour)}" aria-live="polite"'
        f' data-player="{escape(p.name)}">'
        f'<p class="now">{now}</p>'
        f'<p class="who">{escape(p.name)}</p>'
        f'<p class="about">{escape(" · ".join(about))}</p>'
        f'<p class="next">{round_line}</p></section>'
    )


def _board(game: Game, path: str) -> str:
    """The board as `map show --svg` (and `status --svg`) draws it: everyone's units and,
    in the action phase, where the player to act may expand and the cheapest cost."""
    source = source_of_game(path, game)
    overlay = to_act_overlay(source)
    svg = picture_svg(source.board, source, [overlay] if overlay else [])
    label = escape(t("The board"))
    return f'<section class="board" aria-label="{label}">{inline_svg(svg)}</section>'


def inline_svg(svg: str) -> str:
    """An SVG document as an element of the page: without its XML declaration."""
    if svg.startswith("<?xml"):
        svg = svg[svg.index("?>") + 2 :].lstrip()
    return svg


def _round(view: dict[str, Any]) -> str:
    """The round: its scoring tile and contract cost, the market, the export board, the port
    tiles: the lines `status` prints above the players, each a paragraph, the indented ones
    as a list under the line they follow."""
    html: list[str] = []
    listed: list[str] = []

    def close_list() -> None:
        if listed:
            html.append("<ul>" + "".join(f"<li>{escape(i)}</li>" for i in listed) + "</ul>")
            listed.clear()

    for how, *what in view["head"][1:]:
        if how == "over":
            continue
        if how == "items":
            close_list()
            html.append(f"<p><strong>{escape(what[0])}</strong> {escape(', '.join(what[1]))}</p>")
            continue
        for line in what:
            if line.startswith(" "):
                listed.append(line.strip())
            else:
                close_list()
                html.append(f"<p>{escape(line)}</p>")
    close_list()
    heading = escape(t("The round"))
    return f'<section class="round"><h2>{heading}</h2>{"".join(html)}</section>'


def _players(game: Game, view: dict[str, Any], current: str | None) -> str:
    """Each player: the rows of `status`, and the VP as if the game ended now (the score)."""
    state = game.state
    score = final_score(state)
    over = state.phase == "over"
    vp_label = t("VP") if over else t("VP if it ended now")
    cards = []
    # TRANSLATORS: beside the player who is to play now, on their card
    now = escape(t("now"))
    for p, shown, result in zip(state.players, view["players"], score.players, strict=True):
        rows = [
            # each row by its English label (status's), shown in the reader's words
            f'<div data-row="{escape(label)}"><dt>{escape(_label(label))}</dt>'
            f"<dd>{escape(', '.join(values))}</dd></div>"
            for label, values in shown["rows"]
        ]
        rows.append(f'<div data-row="VP"><dt>{escape(vp_label)}</dt><dd>{result.total}</dd></div>')
        who = shown["who"]
        turn = ' aria-current="true"' if p.name == current else ""
        marker = f'<span class="mark">{now}</span>' if p.name == current else ""
        cards.append(
            f'<article class="player {colour_class(p.colour)}"{turn}'
            f' data-player="{escape(p.name)}">'
            f'<h3><span class="swatch" aria-hidden="true"></span>{escape(who[0])}{marker}</h3>'
            + (f'<p class="clan">{escape(" · ".join(who[1:]))}</p>' if who[1:] else "")
            + f"<dl>{''.join(rows)}</dl></article>"
        )
    heading = escape(t("Players"))
    return f'<section class="players"><h2>{heading}</h2>{"".join(cards)}</section>'


def _label(label: str) -> str:
    """A label kept by its English id (status's rows, the score's categories) in the
    reader's language."""
    return t(label)


def _options(game: Game, legal: Any, path: str) -> str:
    """What may be done now, with costs, as `options` lists it: a group per kind that
    opens on a tap (the page's script keeps the open ones open across updates)."""
    groups = option_groups(game, legal, Path(path).name)
    if not groups:
        return ""
    html = []
    for number, (heading, kinds) in enumerate(groups):
        html.append(f"<h3>{escape(heading)}</h3>")
        for kind_heading, lines, *_ in kinds:
            shown = "".join(f"<li>{escape(line)}</li>" for line in lines[:LISTED])
            more = len(lines) - LISTED
            if more > 0:
                left = t("… and {count} more", count=more)
                shown += f"<li>{escape(left)}</li>"
            kind = escape(kind_heading.split(" ", 1)[0])
            html.append(
                f'<details id="opt-{number}-{kind}"><summary>{escape(kind_heading)}</summary>'
                f"<ul>{shown}</ul></details>"
            )
    heading = escape(t("What may be done now"))
    return f'<section class="options"><h2>{heading}</h2>{"".join(html)}</section>'


def _final(game: Game, path: str) -> str:
    """The final score as `score` gives it, the report's charts, and the BG Stats link."""
    score = final_score(game.state)
    heads = "".join(f"<th>{escape(p.name)}</th>" for p in score.players)
    rows = []
    for key, label in CATEGORIES:
        if key == "auction" and not any(p.breakdown.auction for p in score.players):
            continue
        values = "".join(f"<td>{getattr(p.breakdown, key)}</td>" for p in score.players)
        rows.append(f"<tr><th>{escape(_label(label))}</th>{values}</tr>")
    totals = "".join(f"<td><strong>{p.total}</strong></td>" for p in score.players)
    total, rank = escape(t("Total")), escape(t("Rank"))
    rows.append(f'<tr class="total"><th>{total}</th>{totals}</tr>')
    if len(score.players) > 1:
        ranks = "".join(f"<td>{escape(ordinal(p.rank))}</td>" for p in score.players)
        rows.append(f"<tr><th>{rank}</th>{ranks}</tr>")
    notes = "".join(f"<li>{escape(tr(line))}</li>" for line in score.explanations[:-1])
    charts = render_charts(game_report(game), Path(path).name)
    heading, by_round = escape(t("Final score")), escape(t("By round"))
    return (
        f'<section class="final"><h2>{heading}</h2>'
        f'<div class="scroll"><table><tr><th></th>{heads}</tr>{"".join(rows)}</table></div>'
        f"<ul>{notes}</ul>"
        f'<h2>{by_round}</h2><div class="chart">{inline_svg(charts)}</div>'
        f"{_bgstats(game, path, score)}</section>"
    )


def _bgstats(game: Game, path: str, score: Any) -> str:
    """The play's BG Stats push link (export --bgstats), as a link and as a QR code."""
    link = game_link(game)
    app = t("BG Stats")
    qr = qr_svg(link, app)
    said = t("Open the link on the device with BG Stats to add the play.")
    # TRANSLATORS: the link that opens BG Stats (an app's name) with the play filled in
    add = t("Add the play to BG Stats")
    return (
        f"<h2>{escape(app)}</h2><p>{escape(said)}</p>"
        f'<p><a class="bgstats" href="{escape(link)}" rel="noreferrer noopener">'
        f"{escape(add)}</a></p>"
        f'<div class="qr">{qr}</div>'
    )


@functools.lru_cache(maxsize=4)
def qr_svg(text: str, title: str) -> str:
    """`text` as a QR code in SVG that scales (a tenth of a second or more for a long link:
    worked out once for each)."""
    import segno

    return segno.make(text, error="l").svg_inline(scale=4, omitsize=True, title=title)


def reader_language() -> str:
    """The page's lang attribute: the language the commands read in (the first of
    LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set), English by default."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            language = value.split(":")[0].split(".")[0].split("@")[0]
            if language in ("C", "POSIX", ""):
                return "en"
            return language.replace("_", "-") if language.replace("_", "").isalpha() else "en"
    return "en"


def page_html(shot: Snapshot, token: str | None = None) -> str:
    """The whole page: the frame (the stylesheet, the script, the event stream's address)
    around the snapshot; `token`, on a network, is carried by every address of the page."""
    query = f"?token={token}" if token else ""
    lost = t("The connection to caledonia is lost: trying again…")
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{escape(reader_language())}"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="referrer" content="no-referrer">',
            f"<title>{escape(shot.title)}</title>",
            f'<link rel="stylesheet" href="{STYLESHEET}{escape(query)}">',
            f'<script src="{SCRIPT}{escape(query)}" defer></script>',
            f'</head><body data-events="/events{escape(query)}" data-key="{shot.key}">',
            f'<p id="offline" class="offline" role="status" hidden>{escape(lost)}</p>',
            f'<main id="game">{shot.html}</main>',
            "</body></html>",
        ]
    )
