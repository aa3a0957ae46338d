"""`caledonia map transcribe`: enter a printed module side at the prompts.

Before the first question the out file is checked (`writing`). The
person then types one code per hex position, row by row (or a whole row at
once), seeing the side drawn with its space ids and the next position framed;
then the river edges and the port slots, by pointing at the ids drawn. Every
answer goes at once to the draft beside the out file (`drafts`), so a stop
loses nothing: the same command carries on. The result is checked like any
module file and saved atomically.
"""

from __future__ import annotations

import datetime
import re
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from caledonia.rules.board import DEFAULT_ORIGINS
from caledonia.rules.boxfolder import side_file
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.hexgrid import are_adjacent, around
from caledonia.rules.map_modules import (
    LETTER_CORNER,
    NO_HEX,
    OPPOSITE,
    PORT_SLOTS,
    HexSpec,
    ModuleSide,
    hex_code,
    parse_code,
    parse_module,
    port_slot_problem,
    side_warnings,
)
from caledonia.rules.messages import N_
from caledonia.rules.yamlfile import parse_yaml, refuse_link, write_text_atomic

from .drafts import Draft
from .errors import ExitCode, reason_of
from .output import console, message
from .prompts import Asker, Choice, QuestionaryAsker, whole_number
from .side_view import LEGEND, draw_side, space_ids
from .translation import t, t_n, tr
from .writing import check_writable, may_replace

BACK = "<"
_POINTED_ID = re.compile(r"^([A-Da-d])?-?(\d{1,3})$")
# TRANSLATORS: the codes themselves (G3, GF2, M5*, ~, .) and < are typed: keep them
CODE_HELP = N_(
    "Codes: G3 grassland £3, GF2 mixed, M5* mist, ~ loch, . no hex; a whole row is fine; < back"
)
# TRANSLATORS: which port slot, in "The {slot} port slot beside the factory ..."
SLOT_LABELS = {"players_1_2": N_("1-2 player"), "players_3_4": N_("3-4 player")}
# TRANSLATORS: a corner of a module tile as it lies in front of the person
CORNER_WORDS = {
    ("top", "left"): N_("top left"),
    ("top", "right"): N_("top right"),
    ("bottom", "left"): N_("bottom left"),
    ("bottom", "right"): N_("bottom right"),
}

Position = tuple[int, int]


def orientation(module: str) -> str:
    """Which edge of the physical tile is the top, in terms of what a person sees."""
    vertical, horizontal = LETTER_CORNER[module]
    # TRANSLATORS: two paragraphs, split at the line break and wrapped to the terminal
    return t(
        "Lay module {module} down as it lies in the assembled map: the rock showing the letter "
        "{module} at the {letter_corner} corner, where the four letters meet in the "
        "middle of the map (rulebook setup: A top left, then B, C, D clockwise). Its factory "
        "corner is then at the {factory_corner}. The top row is the "
        "edge farthest from you; type each row from left to right.\n"
        "The printed layouts are not public, so the questions follow the example sides: 7 "
        "positions a row, 6 rows, every 2nd row half a hex to the right. If your tile differs, "
        "give its own counts. A side typed the other way up shows its mist or port slots "
        "towards the middle: this command and 'caledonia map check' warn about that.",
        module=module,
        letter_corner=corner_words(vertical, horizontal),
        factory_corner=corner_words(OPPOSITE[vertical], OPPOSITE[horizontal]),
    )


def corner_words(vertical: str, horizontal: str) -> str:
    """'top left': a corner of a module, in the reader's words."""
    return t(CORNER_WORDS[vertical, horizontal])


def _normal_code(typed: str) -> str:
    typed = typed.strip()
    if typed.startswith("~"):
        return "~"
    return typed.upper().replace("*", "") + ("*" if typed.endswith("*") else "")


def _row_validator(positions_left: int) -> Callable[[str], bool | str]:
    def check(typed: str) -> bool | str:
        words = typed.split()
        if typed.strip() == BACK:
            return True
        if not words:
            return t("Type a code such as G3, GF2, M5*, ~ or . (no hex).")
        if len(words) > positions_left:
            return t_n(
                "{codes} codes, but this row has {count} position left.",
                "{codes} codes, but this row has {count} positions left.",
                positions_left,
                codes=len(words),
            )
        for word in words:
            try:
                parse_code(word)
            except ValueError as reason:
                problem = _why(reason).capitalize() + "."
                return (
                    t("{code}: {problem}", code=word, problem=problem)
                    if len(words) > 1
                    else problem
                )
        return True

    return check


def _specs(module: str, codes: list[list[str]]) -> dict[str, HexSpec]:
    """Space id -> the hex typed there."""
    specs = {}
    for (column, row), name in space_ids(module, codes).items():
        parsed = parse_code(codes[row][column])
        land, cost, mist = parsed if parsed else (frozenset(), None, False)
        specs[name] = HexSpec(int(name[2:]), column, row, land, cost, mist)
    return specs


def _read_ids(typed: str, module: str, specs: dict[str, HexSpec]) -> list[str]:
    """Space ids as pointed at: 7, 07, A-07 or a7. ValueError with the reason."""
    names = []
    for word in typed.replace(",", " ").split():
        match = _POINTED_ID.match(word)
        if not match or (match.group(1) or module).upper() != module:
            raise ValueError(
                t(
                    "{typed!r} is not a space id of this side: give the numbers drawn, "
                    "such as 07 or {module}-07",
                    typed=word,
                    module=module,
                )
            )
        digits = match.group(2)
        name = f"{module}-{int(digits):02d}"
        if name not in specs:
            raise ValueError(
                t(
                    "No space {space} on this side: it has {module}-01 to {last}.",
                    space=name,
                    module=module,
                    last=max(specs),
                )
            )
        names.append(name)
    return names


def _touching(name: str, specs: dict[str, HexSpec]) -> str:
    at = {(s.column, s.row): other for other, s in specs.items()}
    here = specs[name]
    near = sorted(at[p] for _, p in around(here.column, here.row) if p in at)
    return ", ".join(near)


def _river_problem(pair: list[str], specs: dict[str, HexSpec], rivers: list[list[str]]) -> str:
    if len(pair) != 2:
        return t("Give two space ids for a river edge, such as 17 24 (the numbers drawn).")
    first, second = pair
    if first == second:
        return t("Give two different spaces: the river runs along the edge between them.")
    for name in pair:
        if specs[name].loch:
            return t(
                "{space} is a loch: a river edge lies between two land spaces; it flows into "
                "the loch where its last edge meets it.",
                space=name,
            )
    a, b = specs[first], specs[second]
    if not are_adjacent((a.column, a.row), (b.column, b.row)):
        return t(
            "{first} and {second} are not adjacent: {first} touches {touching}.",
            first=first,
            second=second,
            touching=_touching(first, specs),
        )
    if sorted(pair) in rivers:
        return t(
            "The river between {first} and {second} is already listed.", first=first, second=second
        )
    return ""


class Transcription:
    """One side being typed: the answers so far, saved to the draft after each."""

    def __init__(self, name: str, ask: Asker, draft: Draft, state: dict[str, Any] | None = None):
        self.module, self.side = name[0], int(name[1])
        self.ask = ask
        self.draft = draft
        # what the draft holds is where the side stands; a side being corrected keeps its
        # own state (its draft holds the answers, replayed: `correct`)
        self.own_state = state is not None
        self.state = state if state is not None else draft.data

    def remember(self, **answers: Any) -> None:
        if self.own_state:
            self.state.update(answers)
        else:
            self.draft.update(self.ask, **answers)

    def show(self, current: Position | None = None) -> None:
        codes = self.state["cells"]
        specs = _specs(self.module, self._typed()) if current is None else {}
        where = {name: (spec.column, spec.row) for name, spec in specs.items()}
        rivers = {frozenset((where[a], where[b])) for a, b in self.state.get("rivers", [])}
        slots = {
            slot: [where[n] for n in touched]
            for slot, touched in self.state.get("port_slots", {}).items()
        }
        picture = draw_side(self.module, codes, rivers, slots, current)
        console(stderr=True).print(picture, soft_wrap=True, crop=False)

    def _typed(self) -> list[list[str]]:
        return [[code or NO_HEX for code in row] for row in self.state["cells"]]

    # -- the questions, each skipped when the draft already has its answer --
    def ask_size(self) -> None:
        if "columns" not in self.state:
            columns = self.ask.text(
                t("Hex positions per row (count the widest row)"),
                default="7",
                validate=whole_number(1, 30),
            )
            self.remember(columns=int(columns))
        if "rows" not in self.state:
            rows = int(self.ask.text(t("Rows"), default="6", validate=whole_number(1, 30)))
            self.remember(rows=rows)
        size = (self.state["columns"], self.state["rows"])
        if "origin" not in self.state:
            origin = None
            if size != (7, 6):
                default_column, default_row = DEFAULT_ORIGINS[self.module]
                column = self.ask.text(
                    t("Board column of this side's first position (0 = left edge)"),
                    default=str(default_column),
                    validate=whole_number(0, 60),
                )
                row = self.ask.text(
                    t("Board row of this side's first row (0 = top edge; even)"),
                    default=str(default_row),
                    validate=_even_row,
                )
                origin = [int(column), int(row)]
            self.remember(origin=origin)
        if "cells" not in self.state:
            self.remember(cells=[[None] * size[0] for _ in range(size[1])], at=0)

    def ask_grid(self) -> None:
        columns, rows = self.state["columns"], self.state["rows"]
        cells = self.state["cells"]
        at = self.state["at"]
        while at < columns * rows:
            row, column = divmod(at, columns)
            self.show((column, row))
            next_id = f"{self.module}-{len(space_ids(self.module, _before(cells, at))) + 1:02d}"
            message(t(CODE_HELP), style="dim")
            typed = self.ask.text(
                t(
                    "{space} (row {row}, position {position} of {positions})",
                    space=next_id,
                    row=row + 1,
                    position=column + 1,
                    positions=columns,
                ),
                default=cells[row][column] or "",
                validate=_row_validator(columns - column),
            ).strip()
            if typed == BACK:
                at = max(0, at - 1)
            else:
                for word in typed.split():
                    cells[row][column] = _normal_code(word)
                    column += 1
                    at += 1
            self.remember(cells=cells, at=at)

    def ask_mist(self) -> None:
        """A side without any mist is most likely a side whose `*` were forgotten."""
        if self.state.get("mist_checked"):
            return
        specs = _specs(self.module, self._typed())
        if not any(spec.mist for spec in specs.values()):
            self.show()
            message(
                t(
                    "No space is marked as mist (*). On the 2-player map the shaded spaces at "
                    "the board's edge are left out, and every example side has some."
                )
            )

            def check(typed: str) -> bool | str:
                try:
                    names = _read_ids(typed, self.module, specs)
                except ValueError as reason:
                    return str(reason)
                lochs = [name for name in names if specs[name].loch]
                if lochs:
                    return t("{space} is a loch: lochs are never mist.", space=lochs[0])
                return True

            typed = self.ask.text(
                t("Ids of the mist spaces, such as 01 02 08 (Enter: this side has none)"),
                validate=check,
            )
            cells = self.state["cells"]
            for name in _read_ids(typed, self.module, specs):
                spec = specs[name]
                cells[spec.row][spec.column] += "*"
            self.state["cells"] = cells
        self.remember(mist_checked=True)
        self.warn_if_turned()

    def warn_if_turned(self) -> None:
        """Mist towards the middle of the map: say so before the rivers are typed."""
        specs = _specs(self.module, self._typed())
        side = ModuleSide(
            self.module,
            self.side,
            False,
            (0, 0),
            self.state["columns"],
            tuple(sorted(specs.values())),
            (),
            {},
            "draft",
        )
        for warning in side_warnings(side):
            if "towards the middle" in warning:
                message(
                    t(
                        "Warning: {warning}. If so, stop (Ctrl-C), and start over with the tile "
                        "turned; otherwise go on.",
                        warning=warning,
                    ),
                    style="yellow",
                )

    def ask_rivers(self) -> None:
        if self.state.get("rivers_done"):
            return
        specs = _specs(self.module, self._typed())
        rivers: list[list[str]] = self.state.setdefault("rivers", [])

        def pairs(typed: str) -> list[list[str]]:
            return [_read_ids(part, self.module, specs) for part in typed.split(",") if part]

        def check(typed: str) -> bool | str:
            if typed.strip() in ("", BACK):
                return True
            try:
                edges = pairs(typed)
            except ValueError as reason:
                return str(reason)
            for index, pair in enumerate(edges):
                problem = _river_problem(pair, specs, rivers + edges[:index])
                if problem:
                    return problem
            return True

        message(t("Rivers: give each river edge by the two spaces it runs between, as drawn."))
        while True:
            self.show()
            typed = self.ask.text(
                t(
                    "River edge {number} (two ids such as 17 24, more after a comma; "
                    "Enter: done; < undo)",
                    number=len(rivers) + 1,
                ),
                validate=check,
            ).strip()
            if not typed:
                break
            if typed == BACK:
                if rivers:
                    rivers.pop()
            else:
                rivers.extend(sorted(pair) for pair in pairs(typed))
            self.remember(rivers=rivers)
        self.remember(rivers_done=True)

    def ask_port_slots(self) -> None:
        specs = _specs(self.module, self._typed())
        slots: dict[str, list[str]] = self.state.setdefault("port_slots", {})
        vertical, horizontal = LETTER_CORNER[self.module]
        corner = corner_words(OPPOSITE[vertical], OPPOSITE[horizontal])
        for slot in PORT_SLOTS:
            if slot in slots:
                continue

            def check(typed: str, slot: str = slot) -> bool | str:
                try:
                    names = _read_ids(typed, self.module, specs)
                except ValueError as reason:
                    return str(reason)
                problem = port_slot_problem(slot, [specs[n] for n in names], self.module)
                if not problem:
                    return True
                words = tr(problem)
                return words[0].upper() + words[1:] + "."

            self.show()
            slots[slot] = sorted(
                _read_ids(
                    self.ask.text(
                        t(
                            "The {slot} port slot beside the factory ({corner} corner): "
                            "the ids of the one or two spaces it touches, as drawn",
                            slot=t(SLOT_LABELS[slot]),
                            corner=corner,
                        ),
                        validate=check,
                    ),
                    self.module,
                    specs,
                )
            )
            self.remember(port_slots=slots)

    def text(self) -> str:
        origin = self.state.get("origin")
        return side_yaml(
            self.module,
            self.side,
            self._typed(),
            self.state["rivers"],
            self.state["port_slots"],
            tuple(origin) if origin else None,
        )


def _before(cells: list[list[str | None]], at: int) -> list[list[str | None]]:
    """The positions answered before position `at`, for numbering the next one."""
    columns = len(cells[0])
    return [
        [code if row * columns + column < at else None for column, code in enumerate(cells_row)]
        for row, cells_row in enumerate(cells)
    ]


def _even_row(typed: str) -> bool | str:
    verdict = whole_number(0, 60)(typed)
    if verdict is True and int(typed) % 2:
        return t("Expected an even row, so that the side's odd rows stay the shifted ones.")
    return verdict


def progress(state: dict[str, Any]) -> str:
    if "cells" not in state:
        return t("the size given")
    total = state["columns"] * state["rows"]
    if state.get("at", 0) < total:
        return t("{typed} of {total} positions typed", typed=state.get("at", 0), total=total)
    return t_n(
        "all {total} positions and {count} river edge typed",
        "all {total} positions and {count} river edges typed",
        len(state.get("rivers", [])),
        total=total,
    )


def _why(problem: ValueError) -> str:
    """A ValueError's reason in the reader's words (a Reason of the rules translated)."""
    return tr(problem.args[0]) if problem.args else str(problem)


def side_yaml(
    module: str,
    side: int,
    codes: list[list[str]],
    rivers: list[list[str]],
    slots: dict[str, list[str]],
    origin: tuple[int, int] | None,
) -> str:
    lines = [
        f"# Module {module}, side {side}, transcribed from the printed board with",
        f"# caledonia map transcribe on {datetime.date.today().isoformat()}.",
        f"module: {module}",
        f"side: {side}",
        "example: false",
    ]
    if origin is not None:
        lines.append(f"origin: {{column: {origin[0]}, row: {origin[1]}}}")
    lines.append("rows:")
    lines += [f"  - [{', '.join(row)}]" for row in codes]
    lines.append("rivers:" if rivers else "rivers: []")
    lines += [f"  - [{a}, {b}]" for a, b in rivers]
    lines.append("port_slots:")
    lines += [f"  {name}: [{', '.join(slots[name])}]" for name in PORT_SLOTS]
    return "\n".join(lines) + "\n"


def _out_words(name: str, path: Path) -> str:
    """' --out FILE', unless FILE is the side's place in the box (the default)."""
    return "" if path == side_file(name) else f" --out {path}"


def transcribe(
    name: str, path: Path, ask: Asker | None = None, *, replace: bool = False
) -> Path | None:
    """Ask for a whole side and save it; return the file, or None if the person kept an
    existing file. A stop (Ctrl-C, Ctrl-D) exits 130 and keeps the draft."""
    ask = ask or QuestionaryAsker()

    into_box = path == side_file(name)
    command = f"caledonia map transcribe {name}" + _out_words(name, path)
    if into_box:
        refuse_link(path)  # a link planted in the box is never written through
    check_writable(path)  # the draft goes beside it: this checks the draft's folder too
    draft = Draft.beside(path, f"side {name}", command)
    held = None if replace or "cells" in draft.data else _held_side(path)
    if held is not None:  # a saved side: change what is wrong, keep the rest
        corrected = correct(name, path, ask, draft, held, command)
        if not isinstance(corrected, str):  # saved, or kept as it is; else REPLACE
            return corrected
        draft = Draft.beside(path, f"side {name}", command)
        replace = True
    try:
        if not may_replace(path, force=replace, ask=ask, when=" when the new side is saved"):
            message(
                t(
                    "Kept {file} as it is. Give another --out to transcribe into a new file.",
                    file=path,
                )
            )
            return None
        if not draft.offer(ask, t("the side {side}", side=name), progress(draft.data)):
            width = min(console(stderr=True).width, 100)
            ask.say(
                "\n".join(textwrap.fill(part, width) for part in orientation(name[0]).split("\n"))
            )
        work = Transcription(name, ask, draft)
        work.ask_size()
        work.ask_grid()
        work.ask_mist()
        work.ask_rivers()
        work.ask_port_slots()
    except (KeyboardInterrupt, EOFError):
        message(draft.stopped_words(command, t("the answers so far")))
        raise typer.Exit(ExitCode.INTERRUPTED) from None
    except Exception:  # a bug or a failed save: what was typed is still in the draft
        if draft.kept:
            message(draft.kept_words(command))
        raise
    try:
        text = work.text()
        side = parse_module(parse_yaml(text, str(path)), str(path), DEFAULT_ORIGINS)
        write_text_atomic(path, text, follow_links=not into_box)
    except Exception:
        message(draft.kept_words(command))
        raise
    draft.discard()
    for warning in side_warnings(side):
        message(t("Warning: {warning}", warning=warning), style="yellow")
    work.show()
    message(t(LEGEND))
    say_saved(name, path)
    return path


def say_saved(name: str, path: Path) -> None:
    """What a saved side is for: in the box, every command uses it; elsewhere, how to
    put it there."""
    if path == side_file(name):
        message(
            t(
                "Saved {file}: every command now uses your side {side} ('caledonia box show' "
                "lists your box).",
                file=path,
                side=name,
            )
        )
        return
    message(
        t(
            "Saved {file}. Check it with 'caledonia map check {file}'; add it to your box "
            "with 'caledonia box add {file}'.",
            file=path,
        )
    )


# -- correcting a saved side ------------------------------------------------------------------

REPLACE = "replace"


def _held_side(path: Path) -> dict[str, Any] | None:
    """A saved side as the transcription's state (codes, rivers, port slots), or None when
    there is none or it does not load (then it can only be typed again)."""
    try:
        data = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        side = parse_module(data, str(path), DEFAULT_ORIGINS)
    except Exception:  # missing, unreadable or broken: the whole side is typed again
        return None
    by_position = {(h.column, h.row): h for h in side.hexes}
    rows = max(h.row for h in side.hexes) + 1
    default = DEFAULT_ORIGINS.get(side.module)
    return {
        "columns": side.columns,
        "rows": rows,
        "origin": None if side.origin == default else list(side.origin),
        "cells": [
            [hex_code(by_position.get((column, row))) for column in range(side.columns)]
            for row in range(rows)
        ],
        "rivers": [sorted([side.space_id(a), side.space_id(b)]) for a, b in side.rivers],
        "port_slots": {
            slot: sorted(side.space_id(n) for n in touched)
            for slot, touched in side.port_slots.items()
        },
    }


def correct(
    name: str, path: Path, ask: Asker, draft: Draft, held: dict[str, Any], command: str
) -> Path | str | None:
    """On a saved side: change single hexes, rivers or port slots and keep the rest; or
    say to type it again (REPLACE), or keep it (None). The answers go to the draft as
    they are given: after a stop, the same command replays them and goes on."""
    asking = draft.asker(ask, t("the changes to side {side}", side=name))
    work = Transcription(name, asking, draft, state=held)
    try:
        work.show()  # the side as saved, before the question what to do with it
        chosen = asking.choose(
            t("{file} holds side {side}. What to do?", file=path, side=name),
            [
                Choice(t("Change single hexes, rivers or port slots; keep the rest"), "fix", "c"),
                Choice(t("Type the whole side again"), REPLACE, "r"),
                Choice(t("Keep it as it is"), "keep", "k"),
            ],
            default="fix",
        )
        if chosen != "fix":
            draft.discard()
            if chosen == "keep":
                message(t("Kept {file} as it is.", file=path))
                return None
            return REPLACE
        while not _corrected(work, asking, path):
            pass
    except (KeyboardInterrupt, EOFError):
        message(draft.stopped_words(command))
        raise typer.Exit(ExitCode.INTERRUPTED) from None
    text = work.text()
    side = parse_module(parse_yaml(text, str(path)), str(path), DEFAULT_ORIGINS)
    write_text_atomic(path, text)
    draft.discard()
    for warning in side_warnings(side):
        message(t("Warning: {warning}", warning=warning), style="yellow")
    say_saved(name, path)
    return path


def _corrected(work: Transcription, ask: Asker, path: Path) -> bool:
    """One change chosen from the menu; True once the person is done and the side checks."""
    work.show()
    chosen = ask.choose(
        t("Side {side}: what to change?", side=f"{work.module}{work.side}"),
        [
            Choice(t("A hex: its land, cost, mist or loch"), "hex", "h"),
            Choice(t("A river edge: add one, or remove one listed"), "river", "r"),
            Choice(t("The port slots: both again"), "ports", "p"),
            Choice(t("Done: save the side"), "done", "d"),
        ],
        default="done",
    )
    if chosen == "hex":
        _change_hex(work, ask)
    elif chosen == "river":
        _change_river(work, ask)
    elif chosen == "ports":
        work.state["port_slots"] = {}
        work.ask_port_slots()
    else:
        try:
            parse_module(parse_yaml(work.text(), str(path)), str(path), DEFAULT_ORIGINS)
        except CaledoniaError as problem:  # a change that breaks the side: said, then fixed
            ask.say(t("Not saved yet: {problem}", problem=tr(reason_of(problem))))
            return False
        return True
    return False


def _change_hex(work: Transcription, ask: Asker) -> None:
    specs = _specs(work.module, work._typed())

    def one_space(typed: str) -> bool | str:
        try:
            names = _read_ids(typed, work.module, specs)
        except ValueError as reason:
            return str(reason)
        return True if len(names) == 1 else t("Give the id of one space, such as 07.")

    typed = ask.text(t("Which space? Its id as drawn, such as 07"), validate=one_space)
    spec = specs[_read_ids(typed, work.module, specs)[0]]
    now = work.state["cells"][spec.row][spec.column]

    def code_check(typed: str) -> bool | str:
        if typed.strip() == NO_HEX:
            return t(
                "A space cannot be taken away here (the ids after it would change): type "
                "the whole side again for that."
            )
        if typed.strip() == BACK or len(typed.split()) != 1:
            return t("Type one code, such as G3, GF2, M5* or ~.")
        return _row_validator(1)(typed)

    space = f"{work.module}-{spec.number:02d}"
    code = ask.text(
        t(
            "New code for {space} (now {code}; {codes})",
            space=space,
            code=now,
            codes=t("G3 grassland £3, GF2 mixed, M5* mist, ~ loch"),
        ),
        default=now,
        validate=code_check,
    )
    work.state["cells"][spec.row][spec.column] = _normal_code(code)


def _change_river(work: Transcription, ask: Asker) -> None:
    specs = _specs(work.module, work._typed())
    rivers: list[list[str]] = work.state.setdefault("rivers", [])

    def edge(typed: str) -> list[str]:
        return sorted(_read_ids(typed, work.module, specs))

    def check(typed: str) -> bool | str:
        if not typed.strip():
            return True
        try:
            pair = edge(typed)
        except ValueError as reason:
            return str(reason)
        if pair in rivers:
            return True  # listed: it is taken away
        return _river_problem(pair, specs, rivers) or True

    listed = ", ".join(f"{a[2:]} {b[2:]}" for a, b in rivers) or t("none")
    typed = ask.text(
        t(
            "River edge: two ids such as 17 24; one listed is taken away, another added "
            "(listed: {rivers}; Enter: no change)",
            rivers=listed,
        ),
        validate=check,
    )
    if not typed.strip():
        return
    pair = edge(typed)
    if pair in rivers:
        rivers.remove(pair)
    else:
        rivers.append(pair)
