"""The final score as a rich table with a line of words per award."""

from __future__ import annotations

from caledonia.rules.messages import N_
from caledonia.rules.scoring import FinalScore
from caledonia.rules.sheet import ScoreSheet
from rich.table import Table
from rich.text import Text

from .output import console
from .translation import t, tr

# TRANSLATORS: the score table's row headings, one per scoring category
CATEGORIES = (
    ("glory", N_("Glory")),
    ("goods", N_("Goods")),
    ("money", N_("Money (£10 = 1)")),
    ("hops", N_("Hops")),
    ("imports", N_("Imports")),
    ("exports", N_("Export contracts")),
    ("settlements", N_("Settlements")),
    ("auction", N_("Clan auction")),
)
# TRANSLATORS: a player's place in the score table's Rank row
_ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}


def _ordinal(rank: int) -> str:
    return t(_ORDINALS[rank]) if rank in _ORDINALS else t("{rank}th", rank=rank)


def render_score(result: FinalScore, sheet: ScoreSheet, title: str | None = None) -> None:
    """The table; `title` says whether the score is final ("Provisional score after ...");
    the final score's by default."""
    out = console()
    title = t("Final score") if title is None else title
    # TRANSLATORS: the score table's title ("Final score") in a solo game
    title = t("{title} (solo)", title=title) if sheet.solo else title
    table = Table(title=title, title_justify="left", show_footer=False)
    table.add_column("", style="bold")
    for player, entered in zip(result.players, sheet.players, strict=True):
        header = f"{player.name}\n{entered.clan or ''}"
        table.add_column(header, justify="right")

    show_auction = any(p.breakdown.auction for p in result.players)
    for key, label in CATEGORIES:
        if key == "auction" and not show_auction:
            continue
        table.add_row(t(label), *(str(getattr(p.breakdown, key)) for p in result.players))
    table.add_section()
    table.add_row(t("Total"), *(Text(str(p.total), style="bold") for p in result.players))
    table.add_row(t("Money left"), *(f"£{p.money}" for p in result.players))
    if not sheet.solo:
        table.add_row(
            t("Rank"),
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
        notes.add_row("•", Text(tr(line)))
    out.print(notes)
    out.print(Text(tr(result.explanations[-1]), style="bold"))
