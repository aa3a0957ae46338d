"""The season's figures (rules/game/season.py) for people: the same tables in the terminal
and on one self-contained HTML page built like the report's (its style, a viewport for
phones, every table scrolling inside its own box when wider than the screen)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from caledonia.rules.messages import N_
from rich.table import Table

from .output import console
from .output import markup_escape as escape
from .report_view import CSS, SOURCE_WORDS
from .translation import t, t_n

# TRANSLATORS: the names of the score records of `stats`
RECORD_WORDS = {
    "highest_score": N_("highest score"),
    "highest_losing_score": N_("highest losing score"),
    "lowest_winning_score": N_("lowest winning score"),
    "biggest_margin": N_("biggest margin"),
    "smallest_margin": N_("smallest margin"),
}
# TRANSLATORS: the first column of a `stats --by` table: what the games are split by
SPLIT_WORDS = {
    "players": N_("Players"),
    "clan": N_("Clan"),
    "seat": N_("Seat"),
    "variant": N_("Variant"),
    "map": N_("Map"),
}
SOURCE_COLUMNS = ("glory", "goods", "money", "hops", "imports", "exports", "settlements")


class Section(NamedTuple):
    """One table: its title, column headings, rows of text; columns from `numbers` on
    are figures (right-aligned), but those of `words` (indexes)."""

    title: str
    columns: tuple[str, ...]
    rows: Sequence[tuple[str, ...]]
    numbers: int = 1
    words: tuple[int, ...] = ()

    def figure(self, index: int) -> bool:
        return index >= self.numbers and index not in self.words


def _share(rate: dict[str, Any]) -> str:
    return f"{100 * rate['win_rate']:.0f}%" if rate.get("win_rate") is not None else "-"


def _figure(value: Any) -> str:
    if value is None:
        return "-"
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def _records_table(records: dict[str, Any], title: str) -> Section:
    rows = []
    for key, record in records.items():
        if record is None:
            continue
        game = record["game"]
        scores = ", ".join(f"{name} {vp}" for name, vp in game["players"].items())
        # TRANSLATORS: the game of a score record: its file and every player's score
        where = t("{file} ({scores})", file=game["file"], scores=scores)
        rows.append((t(RECORD_WORDS[key]), str(record["value"]), record["player"], where))
    columns = (t("Record"), t("VP"), t("Player"), t("Game"))
    return Section(title, columns, rows, 1, words=(2, 3))


def _plays_table(title: str, column: str, records: list[dict[str, Any]]) -> Section:
    rows = [
        (
            r["name"],
            str(r["plays"]),
            str(r["wins"]),
            _share(r),
            _figure(r["average"]),
            _figure(r["best"]),
        )
        for r in records
    ]
    columns = (column, t("Plays"), t("Wins"), t("Win %"), t("Average"), t("Best"))
    return Section(title, columns, rows)


def _count_words(count: Any) -> str:
    # TRANSLATORS: a row of a table for every player count together
    return t("all") if count is None else str(count)


def _split_table(split: str, rows: list[dict[str, Any]]) -> Section:
    first = t(SPLIT_WORDS[split])
    if split in ("clan", "seat"):
        return Section(
            t("Win rate by {split} and player count", split=first.lower()),
            (first, t("Players"), t("Plays"), t("Wins"), t("Win %"), t("Average")),
            [
                (
                    str(r["value"]),
                    _count_words(r["player_count"]),
                    str(r["plays"]),
                    str(r["wins"]),
                    _share(r),
                    _figure(r["average"]),
                )
                for r in rows
            ],
            2,
        )
    return Section(
        t("Games by {split}", split=first.lower()),
        (
            first,
            t("Games"),
            t("Average"),
            t("Average win"),
            t("Start player won"),
            t("Win %"),
        ),
        [
            (
                str(r["value"]),
                str(r["games"]),
                _figure(r["average_score"]),
                _figure(r["average_winning_score"]),
                f"{r['start_player']['wins']}/{r['start_player']['plays']}",
                _share(r["start_player"]),
            )
            for r in rows
        ],
    )


def _head_to_head_table(pairs: list[dict[str, Any]]) -> Section:
    rows = [
        (p["players"][0], p["players"][1], str(p["games"]), str(p["wins"][0]), str(p["wins"][1]))
        for p in pairs
    ]
    columns = (t("Player"), t("Against"), t("Games"), t("Wins"), t("Their wins"))
    return Section(t("Head to head"), columns, rows, 2)


def _sources_table(title: str, column: str, rows: list[dict[str, Any]]) -> Section:
    columns = (column, t("Plays"), *(t(SOURCE_WORDS[c]) for c in SOURCE_COLUMNS))
    body = [
        (r["name"], str(r["plays"]), *(_figure(r["average"].get(c)) for c in SOURCE_COLUMNS))
        for r in rows
    ]
    return Section(title, columns, body)


def _solo_table(solo: dict[str, Any]) -> Section:
    # TRANSLATORS: a solo rating band and how many games reached it: "Expert: 2"
    reached = [t("{band}: {count}", band=name, count=n) for name, n in solo["bands"].items()]
    bands = ", ".join(reached) or "-"
    rows = [
        (
            t("solo"),
            str(solo["plays"]),
            _figure(solo["best"]),
            _figure(solo["average"]),
            bands,
        )
    ]
    columns = (t("Solo games"), t("Plays"), t("Best"), t("Average"), t("Rating bands reached"))
    return Section(t("Solo games (a score challenge, counted apart)"), columns, rows, words=(4,))


def sections(data: dict[str, Any], by: str | None) -> list[Section]:
    """Every table of the season, in the order shown."""
    found = [
        _plays_table(t("Players"), t("Player"), data["players"]),
        _plays_table(t("Clans"), t("Clan"), data["clans"]),
    ]
    splits = [by] if by else []
    found += [_split_table(split, data["by"][split]) for split in splits]
    found.append(_records_table(data["records"], t("Score records")))
    found.append(_head_to_head_table(data["head_to_head"]))
    found.append(
        _sources_table(
            t("Average VP by source, per player"), t("Player"), data["sources"]["players"]
        )
    )
    found.append(
        _sources_table(t("Average VP by source, per clan"), t("Clan"), data["sources"]["clans"])
    )
    if data["solo"]["plays"]:
        found.append(_solo_table(data["solo"]))
    return [s for s in found if s.rows]


def counted_words(data: dict[str, Any]) -> str:
    # TRANSLATORS: {files} is "1 file" or "N files"
    of_files = t_n("{count} file", "{count} files", data["files"])
    words = t_n(
        "{count} finished game counted of {files}",
        "{count} finished games counted of {files}",
        data["games"],
        files=of_files,
    )
    if data["copies"]:
        words += "; " + t_n(
            "{count} copy of a game counted once",
            "{count} copies of games counted once",
            len(data["copies"]),
        )
    if data["left_out"]:
        words += "; " + t_n(
            "{count} file left out (named above)",
            "{count} files left out (named above)",
            len(data["left_out"]),
        )
    if data["since"]:
        words += "; " + t("games since {day}", day=data["since"])
    return words


def render_terminal(data: dict[str, Any], by: str | None) -> None:
    out = console()
    for section in sections(data, by):
        table = Table(title=section.title, title_justify="left")
        for index, column in enumerate(section.columns):
            table.add_column(column, justify="right" if section.figure(index) else "left")
        for row in section.rows:
            table.add_row(*row)
        out.print(table)
    out.print(counted_words(data))


STATS_CSS = """
td.n, th.n { text-align: right; }
"""


def _table_html(section: Section) -> str:
    def cell(tag: str, index: int, text: str) -> str:
        kind = ' class="n"' if section.figure(index) else ""
        return f"<{tag}{kind}>{escape(text)}</{tag}>"

    head = "".join(cell("th", i, c) for i, c in enumerate(section.columns))
    body = "".join(
        "<tr>" + "".join(cell("td", i, v) for i, v in enumerate(row)) + "</tr>"
        for row in section.rows
    )
    return (
        f"<h2>{escape(section.title)}</h2>"
        f'<div class="scroll"><table><tr>{head}</tr>{body}</table></div>'
    )


def render_html(data: dict[str, Any], by: str | None) -> str:
    """The season as one HTML page: nothing outside it is fetched, and it prints."""
    title = t("A season of Clans of Caledonia")
    tables = [_table_html(s) for s in sections(data, by or None)]
    if not by:  # the page has room for every split
        tables += [_table_html(_split_table(split, data["by"][split])) for split in data["by"]]
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8"/>',
            '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
            f"<title>{escape(title)}</title>",
            f"<style>{CSS}{STATS_CSS}</style></head><body>",
            f"<h1>{escape(title)}</h1>",
            f"<p>{escape(counted_words(data))}</p>",
            *tables,
            "</body></html>",
        ]
    )
