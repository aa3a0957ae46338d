"""Drawing the assembled board in a terminal, with rich styles and a plain-text form.

Three layouts, the richest that fits the width the caller gives (the console's):

- full: each hex two text lines between slanted edges, rows half a hex apart as
  on the table (FULL_CELL columns a hex);
- compact: the same rows as bricks, four columns a hex, edges between rows drawn
  as a line of `─` (the river `≈` sits where the two hexes meet);
- split: the full drawing in two halves, west then east, one under the other.

Below the narrowest, one line says which width is needed and suggests `--svg FILE`.
Without a width the full layout is drawn (a picture saved to a file).

Colour carries meaning twice, so that NO_COLOR and a pipe lose nothing: `≈` is a
river edge, lower-case terrain is mist, `*` a highlighted space, `[ N ]`/`[N]` a
neutral worker, `[###]`/`[##]` a covered space, `P` a space touching a port slot
in use (full layout; the legend lists them in every layout). A marked space that is
taken shows its `*` after the id (full) or in it (compact: `A*07`). Players are numbered
by seat, `1shp` is player 1's sheep in every drawing (full, compact and the miniature):
a digit cannot be mistaken for a module letter (A-07) or a terrain letter.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence

from caledonia.rules.board import Board, Space
from caledonia.rules.game.events.port import tile_name
from caledonia.rules.hexgrid import step
from caledonia.rules.messages import N_
from caledonia.rules.position import AND, MapPlayer, Position, listed, unit_words
from caledonia.rules.reach import shipping_words
from caledonia.rules.settlements import FISHERMEN_READING
from rich.text import Text

from .status_view import fit
from .translation import t, t_n, tr
from .unit_codes import UNIT_CODES as SHARED_CODES

FULL_CELL = 6  # columns per hex in the full layout: one edge character and five of content
BRICK_CELL = 5  # in the compact layout: one edge character and four of content
CELL = FULL_CELL  # the name this had before there were layouts
LAND_LETTERS = (
    ("G", "grassland", "green"),
    ("F", "forest", "dark_green"),
    ("M", "mountain", "grey70"),
)
UNIT_CODES = {**SHARED_CODES, None: "---"}  # None: a worker of no known kind
PLAYER_STYLES = {
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "black": "bold white on grey23",
    "white": "bold black on white",
    "purple": "bold magenta",
    "orange": "bold dark_orange",
}
EDGE_STYLE, RIVER_STYLE = "grey42", "bold bright_blue"
MARKED_STYLE, BLOCKED_STYLE = "bold reverse yellow", "bold white on grey30"
SVG_HINT = "--svg FILE"
LAYOUTS = ("full", "compact", "split")  # richest first


def unit_code(kind: str | None) -> str:
    return UNIT_CODES.get(kind, (kind or "---")[:3])


def player_marks(position: Position | None) -> dict[str, str]:
    """Each player's tag: the seat number, 1 to 4 (never a letter, which would read as a
    module letter or terrain)."""
    return {p.name: str(seat) for seat, p in enumerate(position.players if position else (), 1)}


class _Canvas:
    def __init__(self, width: int, height: int):
        self.cells: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        for offset, char in enumerate(text):
            if 0 <= x + offset < len(self.cells[y]):
                self.cells[y][x + offset] = (char, style)

    def text(self) -> Text:
        result = Text()
        for number, row in enumerate(self.cells):
            line = "".join(char for char, _ in row).rstrip()
            for char, style in row[: len(line)]:
                result.append(char, style or None)
            if number < len(self.cells) - 1:
                result.append("\n")
        return result


def _terrain(board: Board, index: int, prefix: str, room: int) -> list[tuple[str, str]]:
    """What a free space shows in `room` columns: land letters and cost, as (text, style)."""
    space = board.spaces[index]
    if space.loch:
        return [("~" * room, "blue")]
    inactive = index not in board.active
    pieces = [(prefix, "")] if prefix else []
    for letter, kind, style in LAND_LETTERS:
        if kind in space.land:
            pieces.append((letter.lower() if inactive else letter, "dim" if inactive else style))
    used = sum(len(text) for text, _ in pieces)
    cost = f"£{space.cost}" if used + 1 + len(str(space.cost)) <= room else str(space.cost)
    return pieces + [(cost, "dim" if inactive else "")]


class _Scene:
    """What every layout needs to know about the board it draws."""

    def __init__(
        self,
        board: Board,
        position: Position | None,
        highlight: Collection[int],
        labels: Mapping[int, str] | None = None,
    ):
        self.board = board
        self.position = position
        self.labels = dict(labels or {})  # space -> a menu's key, shown in place of the id
        self.highlight = set(highlight) | set(self.labels)
        self.marks = player_marks(position)
        self.port_spaces = {i for slot in board.port_slots for i in slot.touches}

    def neighbour(self, space: Space, direction: str) -> int | None:
        return self.board.at.get(step(space.column, space.row, direction))

    def river(self, a: int, b: int | None) -> bool:
        return b is not None and frozenset((a, b)) in self.board.rivers

    def shows_terrain(self, index: int) -> bool:
        """True when the second line shows land and cost (room there for a `*`)."""
        held = self.position.occupant(index) if self.position else None
        return (
            held is None and index not in self.board.blocked and not self.board.spaces[index].loch
        )

    def label_style(self, index: int) -> str:
        if index in self.highlight:
            return MARKED_STYLE
        return "dim" if index not in self.board.active else ""

    def contents(self, index: int, room: int, joiner: str) -> list[tuple[str, str]]:
        """The second line of a hex: a unit, a block, or the terrain."""
        held = self.position.occupant(index) if self.position else None
        if held is not None:
            owner, kind = held
            return [
                (
                    f"{self.marks[owner.name]}{joiner}{unit_code(kind)}",
                    PLAYER_STYLES.get(owner.colour, "bold"),
                )
            ]
        if index in self.board.blocked:
            return [(_block_mark("neutral" in self.board.blocked[index], room), BLOCKED_STYLE)]
        marked = index in self.highlight
        # compact marks the id line instead; a key on the hex marks it already
        prefix = "*" if marked and room >= 5 and index not in self.labels else ""
        pieces = _terrain(self.board, index, prefix, room)
        return [(text, MARKED_STYLE if marked else style) for text, style in pieces]


def _block_mark(solo: bool, room: int) -> str:
    """A space out of play: N for the solo game's neutral, ### for a port tile, bracketed."""
    if room >= 5:
        return "[ N ]" if solo else "[###]"
    return "[N]" if solo else "[##]"


def _key_label(key: str, room: int) -> str:
    """A menu key on its hex, centred and bracketed so it reads as a key: '( 3 )'; keys
    that share the hex ('1,7': a sheep or a cow there) as many as fit, '+' for the rest."""
    for shown in (f"( {key} )", f"({key})", f"({key.split(',')[0]}+)", f"{key[0]}+"):
        if len(shown) <= room:
            return shown.center(room)
    return key[:room]


def _full(scene: _Scene, columns: range, rows: range | None = None) -> Text:
    """The full layout of the spaces in `columns` (all of them, or one half) and `rows`."""
    board = scene.board
    rows = rows or range(max(s.row for s in board.spaces) + 1)
    spaces = [s for s in board.spaces if s.column in columns and s.row in rows]
    canvas = _Canvas(len(columns) * FULL_CELL + FULL_CELL // 2 + 2, len(rows) * 3 + 1)

    def x_of(column: int, row: int) -> int:
        return (column - columns.start) * FULL_CELL + (FULL_CELL // 2 if row % 2 else 0)

    for space in spaces:
        x, y = x_of(space.column, space.row), (space.row - rows.start) * 3
        _full_edges(canvas, scene, space, x, y)
        canvas.put(x + 1, y + 1, _full_label(scene, space), scene.label_style(space.index))
        _put_contents(canvas, scene, space.index, x + 1, y + 2, 5)
    return canvas.text()


def _full_edges(canvas: _Canvas, scene: _Scene, space: Space, x: int, y: int) -> None:
    """A hex's six edges in the full layout, a river's as ≈."""

    def edge_style(direction: str) -> str:
        other = scene.neighbour(space, direction)
        return RIVER_STYLE if scene.river(space.index, other) else EDGE_STYLE

    for direction, column_offset, line in (
        ("NW", 1, y),
        ("NE", 4, y),
        ("SW", 1, y + 3),
        ("SE", 4, y + 3),
    ):
        glyph = "╱" if direction in ("NW", "SE") else "╲"
        style = edge_style(direction)
        canvas.put(x + column_offset, line, "≈" if style == RIVER_STYLE else glyph, style)
    for direction, column_offset in (("W", 0), ("E", FULL_CELL)):
        style = edge_style(direction)
        for line in (y + 1, y + 2):
            canvas.put(x + column_offset, line, "≈" if style == RIVER_STYLE else "│", style)


def _full_label(scene: _Scene, space: Space) -> str:
    """A hex's first line in the full layout: its menu key, else its id and one mark."""
    index = space.index
    if index in scene.labels:
        return _key_label(scene.labels[index], FULL_CELL - 1)
    after = " "  # after the id: P for a port slot's space, or * when a taken space is marked
    if index in scene.port_spaces:
        after = "P"
    elif index in scene.highlight and not scene.shows_terrain(index):
        after = "*"
    return space.id + after


def _put_contents(canvas: _Canvas, scene: _Scene, index: int, x: int, y: int, room: int) -> None:
    """A hex's second line (a unit, a block or the terrain), piece by piece from `x`."""
    for piece, style in scene.contents(index, room, ""):
        canvas.put(x, y, piece, style)
        x += len(piece)


def _compact(scene: _Scene, columns: range | None = None, rows: range | None = None) -> Text:
    """Bricks: every hex four columns wide, rows half a brick apart, the edges between rows
    on a line of their own where the two hexes' columns overlap."""
    board = scene.board
    columns = columns or range(_columns(board))
    rows = rows or range(max(s.row for s in board.spaces) + 1)
    spaces = [s for s in board.spaces if s.column in columns and s.row in rows]
    half = BRICK_CELL // 2
    canvas = _Canvas(len(columns) * BRICK_CELL + half + 2, len(rows) * 3 + 1)

    def x_of(index: int) -> int:
        space = board.spaces[index]
        return (space.column - columns.start) * BRICK_CELL + (half if space.row % 2 else 0)

    for space in spaces:  # the lines between rows first, rivers painted over them
        x, y = x_of(space.index), (space.row - rows.start) * 3
        for line in (y, y + 3):
            canvas.put(x, line, "─" * (BRICK_CELL + 1), EDGE_STYLE)
    for space in spaces:
        index = space.index
        x, y = x_of(index), (space.row - rows.start) * 3
        _brick_walls(canvas, scene, space, x, y)
        _brick_rivers(canvas, scene, space, y, x_of)
        label = _compact_label(scene, space)
        canvas.put(x + 1, y + 1, label[: BRICK_CELL - 1], scene.label_style(index))
        _put_contents(canvas, scene, index, x + 1, y + 2, BRICK_CELL - 1)
    return canvas.text()


def _brick_walls(canvas: _Canvas, scene: _Scene, space: Space, x: int, y: int) -> None:
    """A brick's west and east walls, a river's as ≈."""
    for direction, column_offset in (("W", 0), ("E", BRICK_CELL)):
        river = scene.river(space.index, scene.neighbour(space, direction))
        for line in (y + 1, y + 2):
            glyph, style = ("≈", RIVER_STYLE) if river else ("│", EDGE_STYLE)
            canvas.put(x + column_offset, line, glyph, style)


def _brick_rivers(
    canvas: _Canvas, scene: _Scene, space: Space, y: int, x_of: Callable[[int], int]
) -> None:
    """The rivers above and below a brick, where its columns overlap its neighbour's."""
    x = x_of(space.index)
    for direction, line in (("NW", y), ("NE", y), ("SW", y + 3), ("SE", y + 3)):
        other = scene.neighbour(space, direction)
        if other is not None and scene.river(space.index, other):
            start = max(x, x_of(other)) + 1
            end = min(x, x_of(other)) + BRICK_CELL
            canvas.put(start, line, "≈" * (end - start), RIVER_STYLE)


def _compact_label(scene: _Scene, space: Space) -> str:
    """A brick's first line: its menu key, else its id, marked by a `*` in its dash."""
    if space.index in scene.labels:
        return _key_label(scene.labels[space.index], BRICK_CELL - 1)
    if space.index in scene.highlight and len(space.id) > 2:
        return space.id[0] + "*" + space.id[2:]
    return space.id


def _columns(board: Board) -> int:
    return max(s.column for s in board.spaces) + 1


def _halves(board: Board) -> tuple[range, range]:
    middle = (_columns(board) + 1) // 2
    return range(0, middle), range(middle, _columns(board))


def _modules(board: Board, columns: range) -> list[str]:
    letters: list[str] = []
    for space in sorted(board.spaces, key=lambda s: (s.row, s.column)):
        letter = space.id.split("-")[0]
        if space.column in columns and letter not in letters:
            letters.append(letter)
    return letters


def _split(scene: _Scene) -> Text:
    result = Text()
    for number, (title, columns) in enumerate(_split_titles(scene.board)):
        if number:
            result.append("\n\n")
        result.append(title + "\n", "bold")
        result.append_text(_full(scene, columns))
    return result


def _split_titles(board: Board) -> list[tuple[str, range]]:
    west, east = _halves(board)
    return [
        (_west_title(listed(_modules(board, west), AND)), west),
        (t("east half, modules {modules}:", modules=listed(_modules(board, east), AND)), east),
    ]


def _west_title(modules: str) -> str:
    return t("west half, modules {modules} (east half below):", modules=modules)


def needed_width(board: Board, layout: str) -> int:
    """Columns the layout's drawing of this board takes."""
    columns = _columns(board)
    if layout == "full":
        return columns * FULL_CELL + FULL_CELL // 2 + 1
    if layout == "compact":
        return columns * BRICK_CELL + BRICK_CELL // 2 + 1
    half = max(len(c) for c in _halves(board))
    return max(half * FULL_CELL + FULL_CELL // 2 + 1, len(_west_title(listed(["A", "D"], AND))))


def layout_for(board: Board, width: int | None) -> str | None:
    """The richest layout that fits `width` (the full one when no width is given), or None."""
    if width is None:
        return "full"
    return next((name for name in LAYOUTS if needed_width(board, name) <= width), None)


def too_narrow(board: Board, width: int, svg_hint: str = SVG_HINT) -> str:
    least = min(needed_width(board, name) for name in LAYOUTS)
    return t(
        "The board needs a terminal {least} columns wide and this one has {width}: "
        "widen it, or save the picture with {hint}.",
        least=least,
        width=width,
        hint=svg_hint,
    )


def draw_board(
    board: Board,
    position: Position | None = None,
    highlight: Collection[int] = (),
    ports: Mapping[str, str] | None = None,
    *,
    width: int | None = None,
    svg_hint: str = SVG_HINT,
) -> Text:
    """The board as rich Text, in the richest layout that fits `width` columns (full when
    None). `highlight` marks spaces (reach, legal targets). Too narrow for any layout: a
    line that says so and suggests `svg_hint`."""
    scene = _Scene(board, position, highlight)  # `ports` is for the legend
    layout = layout_for(board, width)
    if layout == "full":
        return _full(scene, range(_columns(board)))
    if layout == "compact":
        return _compact(scene)
    if layout == "split":
        return _split(scene)
    assert width is not None
    return Text("\n".join(fit([too_narrow(board, width, svg_hint)], width)), "yellow")


def _glyph_lines(
    board: Board, layout: str, kinds: set[str], highlighted: int | None
) -> Iterator[str]:
    full = layout != "compact"
    # TRANSLATORS: the legend of the board drawn in the terminal: keep the letters and signs
    if full:
        yield t(
            "G grassland, F forest, M mountain, £ land cost; ~~~~~ loch; ≈ river; "
            "P touches a port slot in use"
        )
    else:
        yield t("G grassland, F forest, M mountain, £ land cost; ~~~~ loch; ≈ river")
    if board.players <= 2:
        yield t("lower case: mist, not part of a {players}-player map", players=board.players)
    if board.players == 1:
        yield t(
            "{mark} neutral worker on every active £1 space (solo)",
            mark="[ N ]" if full else "[N]",
        )
    if any("covered" in reason for reason in board.blocked.values()):
        yield t(
            "{mark} covered by a spare port tile (tighter map)", mark="[###]" if full else "[##]"
        )
    if kinds:
        codes = ", ".join(
            f"{unit_code(k)} {tr(unit_words(k))}" for k in sorted(kinds, key=unit_code)
        )
        yield t(
            "units: player number and unit, {example} is player 1's sheep; {codes}",
            example="1shp",
            codes=codes,
        )
    if "fisherman" in kinds:
        yield t("fsh: a fisherman on a loch or a port tile (Clan MacDonald's worker)")
        yield t("settlements read {reading}", reading=FISHERMEN_READING)
    if highlighted is not None:
        # TRANSLATORS: English says 'spaces' whatever the count; a language may choose by it
        if full:
            yield t_n("* highlighted: {count} spaces", "* highlighted: {count} spaces", highlighted)
        else:
            yield t_n(
                "* highlighted: {count} spaces (the * in place of the dash: A*07)",
                "* highlighted: {count} spaces (the * in place of the dash: A*07)",
                highlighted,
            )


def legend(
    board: Board,
    position: Position | None,
    ports: Mapping[str, str] | None,
    *,
    width: int | None = None,
    highlighted: int | None = None,
) -> list[str]:
    """Lines that explain the glyphs of the layout `width` draws, the players and the port
    slots, wrapped to `width` (not wrapped when None). `highlighted`: how many spaces are
    marked, when something was asked to be marked."""
    layout = layout_for(board, width)
    players = position.players if position else ()
    kinds = {kind for p in players for kind in (*p.units.values(), *p.ports.values())}
    lines = list(_glyph_lines(board, layout, kinds, highlighted)) if layout else []
    marks = player_marks(position)
    for player in players:
        lines.append(
            t_n(
                "{mark} = {player} ({colour}, {shipping}, {count} unit)",
                "{mark} = {player} ({colour}, {shipping}, {count} units)",
                len(player.units) + len(player.ports),
                mark=marks[player.name],
                player=player.name,
                colour=player.colour,
                shipping=shipping_words(player.shipping),
            )
        )
    lines.extend(_port_lines(board, players, ports, marks, layout))
    return fit(lines, width)


def _port_lines(
    board: Board,
    players: Sequence[MapPlayer],
    ports: Mapping[str, str] | None,
    marks: Mapping[str, str],
    layout: str | None,
) -> Iterator[str]:
    on_ports = {letter: (p, unit) for p in players for letter, unit in p.ports.items()}
    joiner = ""  # one code a unit in every layout: 1shp
    for slot in board.port_slots:
        tile = (ports or {}).get(slot.module)
        fields = {
            "tile": tile,
            "corner": slot.module,
            "players": slot.slot.replace("players_", "").replace("_", "-"),  # 1-2 or 3-4
            "spaces": ", ".join(board.spaces[i].id for i in slot.touches),
        }
        if tile:
            fields["tile"] = tr(tile_name(tile))
            # TRANSLATORS: {tile} is what the tile does: 'take £10'
            yield t(
                "port tile at corner {corner} ({players} players): {tile}, touches {spaces}",
                **fields,
            )
        else:
            yield t("port slot at corner {corner} ({players} players) touches {spaces}", **fields)
        if slot.module in on_ports:
            player, unit = on_ports[slot.module]
            fields.update(
                code=f"{marks[player.name]}{joiner}{unit_code(unit)}",
                player=player.name,
                unit=unit_words(unit),
            )
            # TRANSLATORS: {code} is the unit as drawn (1shp); port:{corner} is typed as it is
            if tile:
                yield t(
                    "  {code} on port:{corner} ({player}'s {unit} stands on the port tile there: {tile})",
                    **fields,
                )
            else:
                yield t(
                    "  {code} on port:{corner} ({player}'s {unit} stands on port slot)", **fields
                )


def region_of(board: Board, spaces: Collection[int]) -> tuple[range, range]:
    """The columns and rows of the modules that hold `spaces`: the whole of each module, so
    that its lochs and rivers can be matched to the table."""
    modules = {board.spaces[i].module for i in spaces}
    held = [s for s in board.spaces if s.module in modules]
    columns = range(min(s.column for s in held), max(s.column for s in held) + 1)
    rows = range(min(s.row for s in held), max(s.row for s in held) + 1)
    return columns, rows


MINI_CELL = 5  # the miniature: four characters a hex (a unit's whole code) and a space


def _mini(scene: _Scene, columns: range | None = None, rows: range | None = None) -> Text:
    """The board in miniature (or the modules in `columns` and `rows`), one line a row:
    keys, lochs and units only, so that the shapes of the lochs and the pieces on the
    table can be matched at a glance. A gap runs where two modules drawn meet; mist out
    of play is left blank."""
    board = scene.board
    columns = columns or range(_columns(board))
    rows = rows or range(max(s.row for s in board.spaces) + 1)
    middle_column = (_columns(board) + 1) // 2
    middle_row = (max(s.row for s in board.spaces) + 2) // 2
    gap_x = 1 if columns.start < middle_column < columns.stop else 0
    gap_y = 1 if rows.start < middle_row < rows.stop else 0
    canvas = _Canvas(len(columns) * MINI_CELL + MINI_CELL // 2 + 1 + gap_x, len(rows) + gap_y)
    for space in board.spaces:
        if space.column not in columns or space.row not in rows:
            continue
        x = (space.column - columns.start) * MINI_CELL + (MINI_CELL // 2 if space.row % 2 else 0)
        x += gap_x if space.column >= middle_column else 0
        y = space.row - rows.start + (gap_y if space.row >= middle_row else 0)
        index = space.index
        held = scene.position.occupant(index) if scene.position else None
        if index in scene.labels:
            canvas.put(x, y, _key_label(scene.labels[index], MINI_CELL - 1), MARKED_STYLE)
        elif held is not None:
            owner, kind = held
            code = scene.marks[owner.name] + unit_code(kind)
            canvas.put(x, y, code, PLAYER_STYLES.get(owner.colour, "bold"))
        elif space.loch:
            canvas.put(x, y, "~~~~", "blue")
        elif index in board.active:
            canvas.put(x, y, " .. ", EDGE_STYLE)
    return canvas.text()


MINI_WORDS = N_("the whole board in miniature")
# TRANSLATORS: what a picture shows: 'module A in miniature' (one line a row of hexes)
MODULES_MINI_WORDS = N_("{modules} in miniature")


def _modules_named(board: Board, labels: Collection[int]) -> str:
    letters = sorted({board.spaces[i].module for i in labels})
    # TRANSLATORS: what a picture shows: 'module A', 'modules A and B'
    return t_n("module {modules}", "modules {modules}", len(letters), modules=listed(letters, AND))


def is_miniature(board: Board, labels: Collection[int], words: str) -> bool:
    """Whether `words` (what `key_pictures` said it drew) name a miniature."""
    named = _modules_named(board, labels)
    return words in (t(MINI_WORDS), t(MODULES_MINI_WORDS, modules=named))


def key_pictures(
    board: Board,
    position: Position | None,
    labels: Mapping[int, str],
    *,
    width: int,
    height: int | None = None,
) -> Iterator[tuple[Text, str]]:
    """The pictures of a menu's spaces with the menu's keys on their hexes that fit `width`
    (and `height` lines, when given: taller ones are not drawn), the richest first: the
    whole board, the modules that hold them, the whole board in miniature, those modules
    alone in miniature (one line a row: what fits a 24-line terminal). Each with what it
    shows in words ('module A')."""
    everything = (range(_columns(board)), range(max(s.row for s in board.spaces) + 1))
    modules = region_of(board, labels)
    named = _modules_named(board, labels)
    scene = _Scene(board, position, (), labels)

    def too_tall(lines: int) -> bool:
        return height is not None and lines > height

    for (columns, rows), words in ((everything, t("the whole board")), (modules, named)):
        if too_tall(len(rows) * 3 + 1):
            continue
        if len(columns) * FULL_CELL + FULL_CELL // 2 + 1 <= width:
            yield _full(scene, columns, rows), words
        elif len(columns) * BRICK_CELL + BRICK_CELL // 2 + 1 <= width:
            yield _compact(scene, columns, rows), words
    for (columns, rows), words in (
        (everything, t(MINI_WORDS)),
        (modules, t(MODULES_MINI_WORDS, modules=named)),
    ):
        if too_tall(len(rows)):  # a gap between two modules' rows may add one
            continue
        drawn = _mini(scene, columns, rows)
        if max(map(len, drawn.plain.split("\n"))) <= width:
            yield drawn, words


def draw_keys(
    board: Board,
    position: Position | None,
    labels: Mapping[int, str],
    *,
    width: int,
    height: int,
) -> tuple[Text, str] | None:
    """The richest of `key_pictures` that fits `width` x `height`, with what it shows in
    words ('module A'); None when nothing fits."""
    pictures = key_pictures(board, position, labels, width=width, height=height)
    return next((drawn for drawn in pictures if len(drawn[0].plain.split("\n")) <= height), None)


def where_caption(
    board: Board,
    position: Position | None,
    labels: Mapping[int, str],
    region: str,
    width: int,
    compact: bool = False,
) -> list[str]:
    """The lines under a "Where?" picture of `play`, wrapped to the terminal: what it shows,
    then its legend. `compact` (a small terminal): one short line, and a legend without the
    units' codes."""
    shown = region[0].upper() + region[1:]
    if compact:
        caption = (
            # TRANSLATORS: a picture's caption on a small terminal: 'Module D (example
            # modules): press the key on the hex.'
            t("{region} (example modules): press the key on the hex.", region=shown)
            if board.example
            else t("{region}: press the key on the hex.", region=shown)
        )
        legend = where_legend(board, position, labels, region, width - 1, units=False)
        return fit([caption], width - 1) + legend
    # TRANSLATORS: {region} is what the picture shows: 'Module A', 'The whole board'
    if board.example:
        caption = t(
            "{region}, north at the top (example map modules, not the printed ones): "
            "press the key on the hex.",
            region=shown,
        )
    else:
        caption = t("{region}, north at the top: press the key on the hex.", region=shown)
    legend = where_legend(board, position, labels, region, width - 1)
    return fit([caption], width - 1) + legend


def where_legend(
    board: Board,
    position: Position | None,
    labels: Mapping[int, str],
    words: str,
    width: int,
    keys: bool = True,
    units: bool = True,
) -> list[str]:
    """A short legend under a "Where?" picture (`words`: what `draw_keys` drew): the hexes'
    letters or the miniature's marks, the menu keys (`keys`), and (`units`) each number by
    the player's name with the units drawn."""
    mini = is_miniature(board, labels, words)
    first = min(labels.values(), default="1")
    parts = _marks_legend(board, mini)  # the legend's items, joined by '; '
    if keys:
        label = _key_label(first, MINI_CELL - 1 if mini else 5).strip()
        parts.append(t("{key} a menu key: press it", key=label))
    lines = ["; ".join(parts)]
    shown = _units_shown(board, position, labels, words)
    if units and position and position.players and shown:
        players = position.players
        marks = player_marks(position)
        who = ", ".join(f"{marks[p.name]} {p.name}" for p in players)
        codes = ", ".join(
            f"{unit_code(k)} {tr(unit_words(k))}" for k in sorted(shown, key=unit_code)
        )
        lines.append(
            t("units as 1shp (player 1's sheep): {players}; {codes}", players=who, codes=codes)
        )
    return fit(lines, width)


def _marks_legend(board: Board, mini: bool) -> list[str]:
    """What the hexes' letters (or the miniature's marks) mean, and mist's, if there is any."""
    if mini:
        parts = [t("~~~~ loch, .. land")]
        if board.players <= 2:
            parts.append(t("blank: mist, out of play"))
        return parts
    parts = [
        t("G grassland, F forest, M mountain, £ land cost, ~~ loch, ≈ river, P touches a port tile")
    ]
    if board.players <= 2:
        parts.append(t("lower case: mist, out of play"))
    return parts


def _units_shown(
    board: Board, position: Position | None, labels: Mapping[int, str], words: str
) -> set[str]:
    """The kinds of unit the picture shows (`words`: what it drew), not those off it."""
    players = position.players if position else ()
    drawn = None  # the modules drawn, None: all of them
    if words not in (t("the whole board"), t(MINI_WORDS)):
        drawn = {board.spaces[i].module for i in labels}
    return {
        kind
        for p in players
        for index, kind in p.units.items()
        if kind and (drawn is None or board.spaces[index].module in drawn)
    }
