"""The final score as a rich table with a line of words per award."""

from __future__ import annotations

from caledonia.rules.scoring import FinalScore
from caledonia.rules.sheet import ScoreSheet
from rich.table import Table
from rich.text import Text

from .output import console

_CATEGORIES = (
    ("glory", "Glory"),
    ("goods", "Goods"),
    ("money", "Money (£10 = 1)"),
    ("hops", "Hops"),
    ("imports", "Imports"),
    ("exports", "Export contracts"),
    ("settlements", "Settlements"),
    ("auction", "Clan auction"),
)


def _ordinal(rank: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(rank, f"{rank}th")


def render_score(result: FinalScore, sheet: ScoreSheet, title: str = "Final score") -> None:
    """The table; `title` says whether the score is final ("Provisional score after ...")."""
    out = console()
    title = f"{title} (solo)" if sheet.solo else title
    table = Table(title=title, title_justify="left", show_footer=False)
    table.add_column("", style="bold")
    for player, entered in zip(result.players, sheet.players, strict=True):
        header = f"{player.name}\n{entered.clan or ''}"
        table.add_column(header, justify="right")

    show_auction = any(p.breakdown.auction for p in result.players)
    for key, label in _CATEGORIES:
        if key == "auction" and not show_auction:
            continue
        table.add_row(label, *(str(getattr(p.breakdown, key)) for p in result.players))
    table.add_section()
    table.add_row("Total", *(Text(str(p.total), style="bold") for p in result.players))
    table.add_row("Money left", *(f"£{p.money}" for p in result.players))
    if not sheet.solo:
        table.add_row(
            "Rank",
            *(
                Text(_ordinal(p.rank), style="bold green" if p.rank == 1 else "")
                for p in result.players
            ),
        )
    out.print(table)

    notes = Table.grid(padding=(0, 1))
    notes.add_column(width=2, justify="right")
    notes.add_column()
    for line in result.explanations[:-1]:
        notes.add_row("•", Text(line))
    out.print(notes)
    out.print(Text(result.explanations[-1], style="bold"))
