"""The board as an SVG picture: what `map show --svg` and `status --svg` save, and what
`serve` shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caledonia.rules.yamlfile import write_text_atomic

from .board_svg import Overlay, Picture, render
from .output import message
from .translation import t

if TYPE_CHECKING:
    from collections.abc import Mapping

    from caledonia.rules.board import Board
    from caledonia.rules.settlements import SettlementCount

    from .map_source import MapSource


def save_picture(
    path: str,
    board: Board,
    source: MapSource | None = None,
    overlays: list[Overlay] | None = None,
    settlements: Mapping[str, SettlementCount] | None = None,
    title: tuple[str, str] | None = None,
) -> None:
    """Draw the board (with the source's units, ports and title) as SVG and save it."""
    write_text_atomic(path, picture_svg(board, source, overlays, settlements, title))
    message(t("Saved the picture to {path}", path=path))


def picture_svg(
    board: Board,
    source: MapSource | None = None,
    overlays: list[Overlay] | None = None,
    settlements: Mapping[str, SettlementCount] | None = None,
    title: tuple[str, str] | None = None,
) -> str:
    """The board (with the source's units, ports and title) as SVG text: what `map show
    --svg` saves, and what `serve` shows."""
    heading, subtitle = title or (source.headline() if source else ("caledonia", ""))
    picture = Picture(
        board,
        source.position if source else None,
        source.ports if source else None,
        heading,
        subtitle,
        overlays or [],
        settlements or {},
    )
    return render(picture)
