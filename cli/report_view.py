"""The end-of-game report for people: in the terminal (a by-round table with a sparkline,
fitting 80 columns), and as one self-contained, printable HTML page around the charts."""

from __future__ import annotations

from caledonia.rules.game.report import PlayerReport, Report, RoundPoint, TurningPoint
from caledonia.rules.messages import N_
from rich import box
from rich.table import Table
from rich.text import Text

from .board_svg import PLAYER_FILLS
from .game_setup import scoring_tile_words
from .output import console
from .output import markup_escape as escape
from .report_svg import chart_svgs, legend_marks, point_label, report_title, title_of
from .translation import t, tr

SPARKS = "▁▂▃▄▅▆▇█"
# TRANSLATORS: the row labels of the report's table by round (short: the table fits 80
# columns)
ROWS = (  # Standing field, row label
    ("vp", N_("VP")),
    ("money", N_("£")),
    ("glory", N_("glory")),
    ("goods", N_("goods")),
    ("settlements", N_("settl.")),
)
# TRANSLATORS: where a player's VP came from, a heading of the report
SOURCE_WORDS = {
    "glory": N_("glory"),
    "goods": N_("goods"),
    "money": N_("money"),
    "hops": N_("hops"),
    "imports": N_("imports"),
    "exports": N_("exports"),
    "settlements": N_("settlements"),
    "auction": N_("auction"),
}
# TRANSLATORS: where some of a player's glory came from, in the report
GLORY_WORDS = {
    "start": N_("start"),
    "round scoring": N_("round scoring"),
    "ports": N_("ports"),
    "contracts": N_("contracts"),
    "corrections": N_("corrections"),
    "other": N_("other"),
}
ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
# Rich colour names for the player colours a game file allows
TERMINAL_COLOURS = {"purple": "magenta", "orange": "dark_orange", "black": "bright_black"}


def ordinal(rank: int) -> str:
    return t(ORDINALS.get(rank, N_("{rank}th")), rank=rank)


def _words(table: dict[str, str], key: str) -> str:
    """A category of the report data in the reader's words (a new one as it is)."""
    return t(table[key]) if key in table else key


def short_label(point: RoundPoint) -> str:
    """A column of the table by round: 'start', 'R2' or 'now'."""
    if point.now or point.round == 0:
        return point_label(point)
    # TRANSLATORS: a round's column heading, short: the table fits 80 columns
    return t("R{round}", round=point.round)


def _heading(player: PlayerReport, ranked: bool) -> str:
    """'Ailsa (Buchanan): 142 VP, 1st'."""
    fields = {"player": player.name, "clan": player.clan, "total": player.total}
    if ranked:
        fields["rank"] = ordinal(player.rank)
        if player.clan:
            return t("{player} ({clan}): {total} VP, {rank}", **fields)
        return t("{player}: {total} VP, {rank}", **fields)
    if player.clan:
        return t("{player} ({clan}): {total} VP", **fields)
    return t("{player}: {total} VP", **fields)


def sparkline(values: list[int]) -> str:
    low, high = min(values), max(values)
    span = (high - low) or 1
    return "".join(SPARKS[round((v - low) / span * (len(SPARKS) - 1))] for v in values)


def _who(player: PlayerReport) -> Text:
    colour = TERMINAL_COLOURS.get(player.colour, player.colour)
    return Text(player.name, style=f"bold {colour}")


def lead_words(report: Report) -> str | None:
    if report.lead_for_good is None:
        return None
    (winner,) = report.winners
    if report.lead_for_good == 0:
        if report.final:
            return t("{player} took the lead for good from the start.", player=winner)
        return t("{player} has led from the start (the game is not over).", player=winner)
    since = {"player": winner, "round": report.lead_for_good}
    if report.final:
        return t("{player} took the lead for good in round {round}.", **since)
    return t("{player} has led in round {round} (the game is not over).", **since)


def point_words(point: TurningPoint) -> str:
    if point.event is None:  # a round's scoring: its words name the round
        return t("{player}: {event}", player=point.player, event=point.words)
    return t(
        "{player}: round {round}, event {number}: {event}",
        player=point.player,
        round=point.round,
        number=point.event,
        event=point.words,
    )


def tile_lines(report: Report) -> list[tuple[str, str]]:
    """What each round's column scored, as its column is headed: ('R1', 'Upgrades ...')."""
    return [
        (short_label(point), scoring_tile_words(point.tile))
        for point in report.by_round
        if point.tile and not point.now
    ]


def hanging(mark: str, text: str, indent: int = 0) -> Table:
    """A bullet line whose wrapped lines start under its text, not under the bullet."""
    grid = Table.grid()
    grid.add_column(width=indent + len(mark) + 1, no_wrap=True)
    grid.add_column()
    grid.add_row(" " * indent + mark, Text(text))
    return grid


def render_report(report: Report, source: str) -> None:
    out = console()
    out.print(Text(t("{report}: {file}", report=report_title(report), file=source), style="bold"))
    if not report.final:
        out.print(t("The game is not over: every figure is as if it ended now."), style="yellow")

    out.print(_standings_table(report))
    _print_tiles(report)

    out.print(Text(t("Where the VP came from"), style="bold underline"))
    for player in report.players:
        _print_sources(player, ranked=len(report.players) > 1)

    out.print(Text(t("Turning points"), style="bold underline"))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right")
    grid.add_column()
    for turning in report.turning_points:
        grid.add_row(Text(t("+{vp} VP", vp=turning.vp), style="bold"), Text(point_words(turning)))
    out.print(grid)
    lead = lead_words(report)
    if lead:
        out.print(Text(lead, style="bold"))
    out.print(Text(tr(report.score.explanations[-1]), style="bold"))


def _standings_table(report: Report) -> Table:
    """Each player's rows (VP, money, glory ...) by round, with a trend line."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    table.add_column(t("Player"))
    table.add_column("")
    for point in report.by_round:
        table.add_column(short_label(point), justify="right")
    table.add_column(t("trend"))
    for index, player in enumerate(report.players):
        if index:
            table.add_section()
        for row, (field, label) in enumerate(ROWS):
            values = [getattr(p.standings[player.name], field) for p in report.by_round]
            table.add_row(
                _row_head(player, row),
                t(label),
                *(Text(str(v), style="bold") if field == "vp" else str(v) for v in values),
                sparkline(values),
            )
    return table


def _row_head(player: PlayerReport, row: int) -> Text | str:
    """The first column of a player's rows: the name, then the clan, then nothing."""
    if row == 0:
        return _who(player)
    return Text(player.clan or "", style="dim") if row == 1 else ""


def _print_tiles(report: Report) -> None:
    """The scoring tile of each round's column, when any round has one."""
    tiles = tile_lines(report)
    if not tiles:
        return
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for column, words in tiles:
        grid.add_row(column, words)
    console().print(Text(t("The scoring tile of each round:")))
    console().print(grid)


def _print_sources(player: PlayerReport, *, ranked: bool) -> None:
    """Where one player's VP came from: the heading, then each source with its lines."""
    heading = Text(_heading(player, ranked=ranked))
    start = heading.plain.find(player.name)
    if start >= 0:  # the name in the player's colour, wherever the words put it
        heading.stylize(_who(player).style, start, start + len(player.name))
    console().print(heading)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", width=4)
    grid.add_column()
    for vp_source in player.sources:
        if not vp_source.vp and not vp_source.lines:
            continue
        grid.add_row(
            Text(str(vp_source.vp), style="bold"),
            Text(_words(SOURCE_WORDS, vp_source.category), style="bold"),
        )
        if vp_source.category == "glory":
            for part in player.glory:
                grid.add_row("", _glory_heading(part.kind, part.glory))
                for line in part.lines:
                    grid.add_row("", hanging("·", tr(line), indent=2))
            continue
        for line in vp_source.lines:
            grid.add_row("", hanging("·", tr(line)))
    console().print(grid)


def _glory_heading(kind: str, glory: int) -> str:
    """'ports: 12': some of a player's glory and where it came from."""
    return t("{source}: {glory}", source=_words(GLORY_WORDS, kind), glory=glory)


CSS = """
body { font-family: sans-serif; color: #222222; background: #fcfbf7; margin: 24px; }
h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 24px; }
table { border-collapse: collapse; margin: 8px 0 16px; }
th, td { border-bottom: 1px solid #d8d4c8; padding: 3px 8px; text-align: left;
  vertical-align: top; }
td.vp { text-align: right; font-weight: bold; }
table.rounds td { text-align: right; } table.rounds td:nth-child(-n+2) { text-align: left; }
table.rounds td:first-child { font-weight: bold; }
.provisional { color: #9a5b00; font-weight: bold; }
.swatch { display: inline-block; width: 12px; height: 12px; border: 1px solid #222222;
  margin-right: 6px; vertical-align: -1px; }
ul { margin: 2px 0; padding-left: 18px; }
svg { max-width: 100%; height: auto; }
.scroll { max-width: 100%; overflow-x: auto; }
table.rounds th, table.rounds td { white-space: nowrap; }
.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 18px; }
.legend svg { vertical-align: middle; margin-right: 6px; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
.charts figure { margin: 0; flex: 1 1 300px; max-width: 400px; }
.charts figure.big { flex-basis: 100%; max-width: 620px; }
.charts h3 { font-size: 14px; margin: 8px 0 4px; }
svg.chart-svg { display: block; width: 100%; height: auto; }
@media (max-width: 600px) { body { margin: 8px; } }
@media print { body { margin: 8mm; background: #ffffff; } section { break-inside: avoid; } }
"""


def _sources_html(player: PlayerReport) -> str:
    rows = []
    for source in player.sources:
        if source.category == "glory":
            items = "".join(
                f"<li>{escape(_glory_heading(part.kind, part.glory))}<ul>"
                + "".join(f"<li>{escape(tr(line))}</li>" for line in part.lines)
                + "</ul></li>"
                for part in player.glory
            )
        else:
            items = "".join(f"<li>{escape(tr(line))}</li>" for line in source.lines)
        rows.append(
            f'<tr><td class="vp">{source.vp}</td>'
            f"<td>{escape(_words(SOURCE_WORDS, source.category))}</td>"
            f"<td><ul>{items}</ul></td></tr>"
        )
    fill = PLAYER_FILLS.get(player.colour, "#888888")
    # the words outside the f-string: the catalogue's extraction does not look inside one
    # TRANSLATORS: the report's table of where a player's VP came from: its three columns
    vp, origin, behind = t("VP"), t("from"), t("the events behind them")
    # TRANSLATORS: the last row of that table: the player's total VP
    total = t("total")
    return (
        f'<section class="player" data-player="{escape(player.name)}">'
        f'<h3><span class="swatch" style="background: {fill}"></span>'
        f"{escape(_heading(player, ranked=True))}</h3>"
        f'<div class="scroll"><table><tr><th>{escape(vp)}</th><th>{escape(origin)}</th>'
        f"<th>{escape(behind)}</th></tr>"
        f"{''.join(rows)}"
        f'<tr><td class="vp">{player.total}</td><td>{escape(total)}</td><td></td></tr>'
        "</table></div></section>"
    )


def _rounds_html(report: Report) -> str:
    """The by-round figures as a table too: to read exact values, and for screen readers."""
    heads = "".join(
        f"<th>{escape(point_label(p))}"
        + (f"<br/>{escape(t('tile {tile}', tile=p.tile))}" if p.tile else "")
        + "</th>"
        for p in report.by_round
    )
    rows = []
    for player in report.players:
        for row, (field, label) in enumerate(ROWS):
            values = "".join(
                f'<td class="vp">{getattr(p.standings[player.name], field)}</td>'
                if field == "vp"
                else f"<td>{getattr(p.standings[player.name], field)}</td>"
                for p in report.by_round
            )
            who = escape(player.name) if row == 0 else ""
            rows.append(f"<tr><td>{who}</td><td>{escape(t(label))}</td>{values}</tr>")
    table = f'<table class="rounds"><tr><th></th><th></th>{heads}</tr>{"".join(rows)}</table>'
    return f'<div class="scroll rounds-box">{table}</div>'


def charts_html(report: Report) -> str:
    """The legend and one SVG per chart, laid out for the page's width (a phone's: one
    column; a desktop's: the small charts side by side)."""
    legend = "".join(f"<li>{mark}{escape(words)}</li>" for mark, words in legend_marks(report))
    figures = "".join(
        f'<figure class="{"big" if index == 0 else "small"}"><h3>{escape(title)}</h3>{svg}</figure>'
        for index, (title, svg) in enumerate(chart_svgs(report))
    )
    tiles = ", ".join(
        t("round {round} tile {tile}", round=number, tile=tile)
        for number, tile in enumerate(report.tiles, 1)
    )
    scoring = f"<p>{escape(t('Scoring tiles: {tiles}.', tiles=tiles))}</p>" if tiles else ""
    return f'{scoring}<ul class="legend">{legend}</ul><div class="charts">{figures}</div>'


def render_html(report: Report, source: str) -> str:
    """The whole report as one HTML page: nothing outside it is fetched, and it prints."""
    title = title_of(report, source)
    charts = charts_html(report)
    provisional = (
        ""
        if report.final
        else '<p class="provisional">'
        + escape(t("Provisional: the game is not over; every figure is as if it ended now."))
        + "</p>"
    )
    turning = "".join(
        f'<tr><td class="vp">+{p.vp}</td><td>{escape(point_words(p))}</td></tr>'
        for p in report.turning_points
    )
    # TRANSLATORS: the column of the turning points' table that says the event
    event_column = t("event")
    lead = lead_words(report)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8"/>',
            '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
            f"<title>{escape(title)}</title>",
            f"<style>{CSS}</style></head><body>",
            f"<h1>{escape(title)}</h1>",
            provisional,
            f"<h2>{escape(t('By round'))}</h2>",
            charts,
            _rounds_html(report),
            f"<h2>{escape(t('Where the VP came from'))}</h2>",
            *(_sources_html(p) for p in report.players),
            f"<h2>{escape(t('Turning points'))}</h2>",
            f'<div class="scroll"><table><tr><th>{escape(t("VP"))}</th>'
            f"<th>{escape(event_column)}</th></tr>{turning}</table></div>",
            f"<p><strong>{escape(lead)}</strong></p>" if lead else "",
            f"<p><strong>{escape(tr(report.score.explanations[-1]))}</strong></p>",
            "</body></html>",
        ]
    )
