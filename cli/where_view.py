"""The "Where?" picture of `play`: the part of the board a space menu is about, with each
candidate space showing the menu's key on its hex.

The physical board prints no ids, so a person finds a space by its shape: the
lochs, the rivers and the pieces around it. The picture shows those, the keys sit
on the hexes, and the key pressed is the one the menu gives the same space.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from caledonia.rules.game.pieces import position_of
from caledonia.rules.game.state import GameState

from .output import console, message
from .prompts import Choice, asked_lines, menu_titles, with_keys

if TYPE_CHECKING:
    from caledonia.rules.board import Board
    from rich.text import Text

# a spare line: a key no option holds says why above the menu, one line that pushes the
# screen up (the menu's last option may stand on the terminal's last line: measured)
MENU_MARGIN = 1


def _spaces_of(value: Any) -> set[str]:
    """The space ids an answer leads to: an event's space (a row's target), or those of a
    group of events; port slots are not on the map."""
    events = value if isinstance(value, list) else [value]
    found = set()
    for event in events:
        if not isinstance(event, dict):
            return set()
        site = event.get("to") if event.get("type") == "row" else event.get("space")
        if site is None:
            return set()
        found.add(str(site))
    return found


def space_labels(state: GameState, choices: Sequence[Choice]) -> dict[int, str]:
    """The menu's keys by the spaces they lead to, when the menu is one of places: every
    answer one space (a space shared by several answers, a sheep or a cow there, shows
    their keys together), or every answer one module (each of its spaces shows the
    module's key, no space under two). Any other menu (units, say) gets none: a picture with some of its
    answers on it would mislead."""
    board = state.board
    places = _places(board, choices)
    if not places or not _one_each(board, places):
        return {}
    labels: dict[int, str] = {}
    for key, spaces in places:
        for index in spaces:
            labels[index] = labels[index] + "," + key if index in labels else key
    return labels


def _places(board: Board, choices: Sequence[Choice]) -> list[tuple[str, list[int]]]:
    """Each keyed answer's spaces on the map; none at all (`[]`) when an answer that is an
    event has no key (port tiles, off the map, are skipped: still places)."""
    places: list[tuple[str, list[int]]] = []
    for choice in choices:
        on_map = [
            board.index[site]
            for site in _spaces_of(choice.value)
            if not site.lower().startswith("port:") and site in board.index
        ]
        if on_map and choice.key is not None:
            places.append((choice.key, on_map))
        elif isinstance(choice.value, (dict, list)) and not on_map:
            continue  # a port tile: not on the map, but still a place
        elif isinstance(choice.value, (dict, list)):
            return []  # an answer with no key: nothing to show on the hex
    return places


def _one_each(board: Board, places: list[tuple[str, list[int]]]) -> bool:
    """Every answer one space, or every answer one module with no space under two (else a
    unit menu, say)."""
    one_space = all(len(spaces) == 1 for _, spaces in places)
    one_module = all(len({board.spaces[i].module for i in spaces}) == 1 for _, spaces in places)
    everywhere = [i for _, spaces in places for i in spaces]
    one_module = one_module and len(everywhere) == len(set(everywhere))  # not a unit menu
    return one_space or one_module


def where_picture(
    state: GameState,
    choices: Sequence[Choice],
    width: int,
    height: int,
    above: int = 0,
    question: str = "",
) -> tuple[Text, str] | None:
    """The picture and its caption for a menu of spaces, or None (not a space menu, or no
    room): what `play` prints above the menu. `above`: the lines already on the screen
    that must stay there (the player's header, the questions answered since), and
    `question` the menu's: with the caption, the legend and the menu, all fit `height`."""
    # the board's drawing (and rich) loads at the first menu of spaces, not as play starts
    from .map_view import key_pictures, where_caption

    labels = space_labels(state, choices)
    if not labels:
        return None
    position = position_of(state)
    asked = asked_lines(question, choices, width)
    menu_lines = sum(title.count("\n") + 1 for title in menu_titles(choices, width - 1))  # wrapped
    room = height - above - asked - menu_lines - MENU_MARGIN
    for compact in (False, True):  # the short caption only where the whole one leaves none
        # room - 1: a caption's line at least; the pictures are drawn one by one, as tried
        for picture, region in key_pictures(
            state.board, position, labels, width=width, height=room - 1
        ):
            caption = where_caption(state.board, position, labels, region, width, compact)
            if len(picture.plain.split("\n")) + len(caption) <= room:
                return picture, "\n".join(caption)
    return None


def fits_a_picture(state: GameState, choices: Sequence[Choice], above: int, question: str) -> bool:
    """Whether this terminal shows the "Where?" picture of a menu of spaces."""
    size = console().size
    keyed = with_keys(choices)
    return where_picture(state, keyed, size.width, size.height, above, question) is not None


def keyed_with_picture(
    state: GameState, choices: Sequence[Choice], above: int = 0, question: str = ""
) -> tuple[list[Choice], int]:
    """The menu's choices with their keys, after printing the "Where?" picture when the
    menu is one of spaces (at a terminal: its size, less the `above` lines that stay and
    the `question`, decides how much of the board fits); and the lines printed."""
    keyed = with_keys(choices)
    size = console().size
    drawn = where_picture(state, keyed, size.width, size.height, above, question)
    if drawn is None:
        return keyed, 0
    picture, caption = drawn
    console().print(picture, soft_wrap=True, crop=False)
    message(caption)
    return keyed, len(picture.plain.split("\n")) + caption.count("\n") + 1
