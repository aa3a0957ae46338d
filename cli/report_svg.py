"""The report's charts as one standalone SVG: provisional VP, money, glory, goods and
settlements by round, a line per player in the player's own colour.

Plain SVG of our own, as cli/board_svg.py draws the board: no charting library to install
or to import, nothing fetched, generic font families only. Players are told apart by dash
pattern and marker shape as well as colour (yellow on paper, and black-and-white prints),
and each round whose scoring tile scored is marked on the time axis with the tile's id.

Every element the tests count carries a class: `chart` (one per measure), `series` (one
per player in each chart, with `data-player`), `tile-mark` (a scored round's tile).
"""

from __future__ import annotations

from caledonia.rules.game.report import PlayerReport, Report, RoundPoint
from caledonia.rules.messages import N_

from .board_svg import INK, LIGHT_PLAYERS, PAPER, PLAYER_FILLS
from .output import markup_escape as escape
from .translation import t

MEASURES = (  # Standing field, chart title
    ("vp", N_("Victory points (as if the game ended then)")),
    ("money", N_("Money (£)")),
    ("glory", N_("Glory")),
    ("goods", N_("Goods in stock")),
    ("settlements", N_("Settlements (counted for the award)")),
)
DASHES = ("", "7 4", "2 3", "10 3 2 3")  # by seat
MARKERS = ("circle", "square", "diamond", "triangle")  # by seat, as the board's tokens
GRID, FAINT = "#d8d4c8", "#8a8578"
FONT = 'font-family="sans-serif"'
WIDTH = 900.0


def point_label(point: RoundPoint) -> str:
    """A point of the time axis: 'start', 'round 2' or 'now'."""
    if point.now:
        return t("now")
    return t("start") if point.round == 0 else t("round {round}", round=point.round)


def _ticks(highest: int) -> list[int]:
    """Round values from 0 to at least `highest`, four or five of them."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if highest / step <= 5:
            return list(range(0, highest + step, step)) if highest else [0, 1]
    return [0, highest]


def _marker(kind: str, x: float, y: float, fill: str, stroke: str) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.6" fill="{fill}" stroke="{stroke}"/>'
    if kind == "square":
        return (
            f'<rect x="{x - 3.4:.1f}" y="{y - 3.4:.1f}" width="6.8" height="6.8" '
            f'fill="{fill}" stroke="{stroke}"/>'
        )
    if kind == "diamond":
        corners = [(x, y - 4.6), (x + 4.6, y), (x, y + 4.6), (x - 4.6, y)]
    else:
        corners = [(x, y - 4.6), (x + 4.4, y + 3.6), (x - 4.4, y + 3.6)]
    shape = " ".join(f"{a:.1f},{b:.1f}" for a, b in corners)
    return f'<polygon points="{shape}" fill="{fill}" stroke="{stroke}"/>'


def _colours(colour: str) -> tuple[str, str]:
    """Line colour and marker outline: light colours get a dark outline on paper."""
    fill = PLAYER_FILLS.get(colour, "#888888")
    return fill, INK if colour in LIGHT_PLAYERS else fill


SPREAD = 3.2  # px between the points of players on one value: identical lines stay apart
INSET = 14.0  # px between the axes and the first and last points: markers clear the labels


def _offsets(report: Report, measure: str) -> dict[tuple[int, int], float]:
    """(seat, point) -> a vertical offset: the players who share a value at a point are
    spread around it, so that identical lines stay visible side by side."""
    offsets = {}
    for index, point in enumerate(report.by_round):
        sharing: dict[int, list[int]] = {}
        for seat, player in enumerate(report.players):
            sharing.setdefault(getattr(point.standings[player.name], measure), []).append(seat)
        for seats in sharing.values():
            for k, seat in enumerate(seats):
                offsets[(seat, index)] = (k - (len(seats) - 1) / 2) * SPREAD
    return offsets


def _tile_mark(round_number: int, tile: str, x: float, top: float, base: float) -> str:
    """A round's scoring tile: a dotted line up its column and the tile's name under it."""
    return (
        f'<g class="tile-mark" data-round="{round_number}" data-tile="{escape(tile)}">'
        f'<line x1="{x:.1f}" y1="{top:.1f}" x2="{x:.1f}" y2="{base:.1f}" '
        f'stroke="{FAINT}" stroke-width="1" stroke-dasharray="1 3"/>'
        f'<rect x="{x - 22:.1f}" y="{base + 26:.1f}" width="44" height="17" rx="3" '
        f'fill="#efe9d8" stroke="{FAINT}"/>'
        f'<text class="axis-label" x="{x:.1f}" y="{base + 38.5:.1f}" {FONT} '
        f'font-size="11" text-anchor="middle" fill="{INK}">'
        f"{escape(t('tile {tile}', tile=tile))}</text></g>"
    )


def _series(name: str, colour: str, seat: int, corners: list[tuple[float, float]]) -> list[str]:
    """One player's line through the rounds, in the seat's dash and markers."""
    fill, outline = _colours(colour)
    out: list[str] = []
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    dash = DASHES[seat % len(DASHES)]
    dashing = f' stroke-dasharray="{dash}"' if dash else ""
    out.append(f'<g class="series" data-player="{escape(name)}">')
    if colour in LIGHT_PLAYERS:  # a dark edge under a light line
        out.append(
            f'<polyline points="{line}" fill="none" stroke="{INK}" stroke-width="4.2"'
            f'{dashing} stroke-linejoin="round" opacity="0.55"/>'
        )
    out.append(
        f'<polyline points="{line}" fill="none" stroke="{fill}" stroke-width="2.6"'
        f'{dashing} stroke-linejoin="round"/>'
    )
    kind = MARKERS[seat % len(MARKERS)]
    out += [_marker(kind, x, y, fill, outline) for x, y in corners]
    out.append("</g>")
    return out


def _chart(
    report: Report,
    measure: str,
    title: str,
    x0: float,
    y0: float,
    w: float,
    h: float,
    *,
    heading: bool = True,
) -> str:
    left, right, bottom = 46.0, 18.0, 46.0
    top = 30.0 if heading else 12.0
    points = report.by_round
    values = [getattr(s, measure) for p in points for s in p.standings.values()]
    ticks = _ticks(max(max(values, default=0), 0))
    low, high = min(0, min(values, default=0)), ticks[-1]
    plot_w, plot_h = w - left - right, h - top - bottom
    step = (plot_w - 2 * INSET) / max(len(points) - 1, 1)

    def at(index: int, value: float) -> tuple[float, float]:
        span = (high - low) or 1
        return x0 + left + INSET + index * step, y0 + top + plot_h - (value - low) / span * plot_h

    out = [f'<g class="chart" data-measure="{measure}">']
    if heading:
        out.append(
            f'<text x="{x0 + left:.1f}" y="{y0 + 18:.1f}" {FONT} font-size="14" '
            f'font-weight="bold" fill="{INK}">{escape(t(title))}</text>'
        )
    for tick in ticks:
        _, y = at(0, tick)
        out.append(
            f'<line x1="{x0 + left:.1f}" y1="{y:.1f}" x2="{x0 + w - right:.1f}" y2="{y:.1f}" '
            f'stroke="{GRID}" stroke-width="1"/>'
            f'<text class="axis-label" x="{x0 + left - 8:.1f}" y="{y + 4:.1f}" {FONT} '
            f'font-size="12" text-anchor="end" fill="{FAINT}">{tick}</text>'
        )
    base = y0 + top + plot_h
    for index, point in enumerate(points):
        x, _ = at(index, 0)
        out.append(
            f'<text class="axis-label" x="{x:.1f}" y="{base + 20:.1f}" {FONT} font-size="12" '
            f'text-anchor="middle" fill="{INK}">{escape(point_label(point))}</text>'
        )
        if point.tile is not None:
            out.append(_tile_mark(point.round, point.tile, x, y0 + top, base))
    offsets = _offsets(report, measure)
    for seat, player in enumerate(report.players):
        corners = []
        for i, p in enumerate(points):
            x, y = at(i, getattr(p.standings[player.name], measure))
            corners.append((x, y + offsets[(seat, i)]))
        out += _series(player.name, player.colour, seat, corners)
    out.append("</g>")
    return "\n".join(out)


# The charts of the HTML page, one SVG each, drawn for a phone's width (labels of 11-12
# px at 360 px wide) and scaled by the page: the page gives their titles and the legend.
PAGE_WIDTH, PAGE_BIG, PAGE_SMALL = 360.0, 250.0, 200.0


def chart_svgs(report: Report) -> list[tuple[str, str]]:
    """Each chart's title and its SVG (width 100%, a viewBox), for a web page."""
    found = []
    for index, (measure, title) in enumerate(MEASURES):
        height = PAGE_BIG if index == 0 else PAGE_SMALL
        body = _chart(report, measure, title, 0, 0, PAGE_WIDTH, height, heading=False)
        found.append(
            (
                t(title),
                f'<svg xmlns="http://www.w3.org/2000/svg" class="chart-svg" width="100%" '
                f'viewBox="0 0 {PAGE_WIDTH:.0f} {height:.0f}" role="img">'
                f"<title>{escape(t(title))}</title>"
                f'<rect width="100%" height="100%" fill="{PAPER}"/>{body}</svg>',
            )
        )
    return found


def legend_marks(report: Report) -> list[tuple[str, str]]:
    """Each player's line and marker as a small SVG, beside the words of the legend."""
    found = []
    for seat, player in enumerate(report.players):
        fill, outline = _colours(player.colour)
        dash = DASHES[seat % len(DASHES)]
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        mark = (
            '<svg xmlns="http://www.w3.org/2000/svg" width="34" height="12" '
            'viewBox="0 0 34 12" aria-hidden="true">'
            f'<line x1="1" y1="6" x2="33" y2="6" stroke="{fill}" stroke-width="2.6"{dashing}/>'
            + _marker(MARKERS[seat % len(MARKERS)], 17, 6, fill, outline)
            + "</svg>"
        )
        found.append((mark, _legend_words(player)))
    return found


def _legend_words(player: PlayerReport) -> str:
    # TRANSLATORS: a line of the charts' legend; {colour} is the player's colour
    if player.clan:
        return t(
            "{player} ({clan}) · {colour}",
            player=player.name,
            clan=player.clan,
            colour=player.colour,
        )
    return t("{player} · {colour}", player=player.name, colour=player.colour)


def _legend(report: Report, y: float) -> tuple[str, float]:
    """The legend from `y` down, and the height it reached."""
    out = ['<g class="legend">']
    x = 46.0
    for seat, player in enumerate(report.players):
        fill, outline = _colours(player.colour)
        dash = DASHES[seat % len(DASHES)]
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        words = _legend_words(player)
        if x + 48 + 6.6 * len(words) > WIDTH and x > 46:  # on to a second line
            x, y = 46.0, y + 18
        out.append(
            f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + 30:.1f}" y2="{y:.1f}" stroke="{fill}" '
            f'stroke-width="2.6"{dashing}/>'
            + _marker(MARKERS[seat % len(MARKERS)], x + 15, y, fill, outline)
            + f'<text x="{x + 36:.1f}" y="{y + 4:.1f}" {FONT} font-size="12" '
            f'fill="{INK}">{escape(words)}</text>'
        )
        x += 48 + 6.6 * len(words)
    out.append("</g>")
    return "\n".join(out), y


def report_title(report: Report) -> str:
    """'Final report', or how far an unfinished game is: 'Provisional report after round 2,
    round 3 in progress'; before any round is scored, no round is named as scored."""
    if report.final:
        return t("Final report")
    scored, now = report.rounds_scored, report.round_now
    if not scored:
        if now:
            return t(
                "Provisional report, round {round} in progress, no round scored yet", round=now
            )
        return t("Provisional report, the set-up in progress, no round scored yet")
    if now > scored:
        return t(
            "Provisional report after round {scored}, round {round} in progress",
            scored=scored,
            round=now,
        )
    return t("Provisional report after round {scored}", scored=scored)


def title_of(report: Report, source: str) -> str:
    title = report_title(report)
    # TRANSLATORS: the report's title, e.g. "Clans of Caledonia: final report, game.yaml";
    # {report} is "Final report" or "Provisional report ...", its first letter lowered
    return t(
        "Clans of Caledonia: {report}, {file}", report=title[:1].lower() + title[1:], file=source
    )


def render_charts(report: Report, source: str) -> str:
    """The charts as a complete SVG document."""
    big_h, small_w, small_h = 300.0, WIDTH / 2, 230.0
    legend, legend_end = _legend(report, 54.0)
    top = legend_end + 10
    body = [_chart(report, *MEASURES[0], 0, top, WIDTH, big_h)]
    for index, (measure, title) in enumerate(MEASURES[1:]):
        column, row = index % 2, index // 2
        body.append(
            _chart(
                report,
                measure,
                title,
                column * small_w,
                top + big_h + row * small_h,
                small_w,
                small_h,
            )
        )
    height = top + big_h + 2 * small_h + 10
    provisional = t("Provisional: the game is not over.") if not report.final else ""
    tiles = ", ".join(
        t("round {round} tile {tile}", round=number, tile=tile)
        for number, tile in enumerate(report.tiles, 1)
    )
    scoring = t("Scoring tiles: {tiles}.", tiles=tiles) if tiles else ""
    subtitle = " ".join(part for part in (provisional, scoring) if part)
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" '
            f'viewBox="0 0 {WIDTH:.0f} {height:.0f}" role="img">',
            f"<title>{escape(title_of(report, source))}</title>",
            f'<rect width="100%" height="100%" fill="{PAPER}"/>',
            f'<text x="46" y="24" {FONT} font-size="17" font-weight="bold" fill="{INK}">'
            f"{escape(title_of(report, source))}</text>",
            f'<text x="46" y="40" {FONT} font-size="12" fill="{FAINT}">{escape(subtitle)}</text>'
            if subtitle
            else "",
            legend,
            *body,
            "</svg>",
        ]
    )
