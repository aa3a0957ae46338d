"""`caledonia box ...`: the folder of the table's own components: see it, fill it, check
it, hand it on, and put a component back to its example."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer
from caledonia.rules.boxdata import parse_box
from caledonia.rules.boxfiles import KIND_WORDS, bundle, check_file, parse_bundle
from caledonia.rules.boxfolder import (
    COMPONENTS,
    EXAMPLES,
    find,
    folder,
    held_sides,
    path_of,
    side_file,
    use_folder,
)
from caledonia.rules.components import components
from caledonia.rules.errors import CaledoniaError, DataError
from caledonia.rules.file_kinds import SIGNATURE_BYTES, kind_in_words
from caledonia.rules.map_modules import MAPS_ENV, SIDE_NAMES
from caledonia.rules.messages import N_
from caledonia.rules.plaindata import plain
from caledonia.rules.yamlfile import file_head, read_yaml, refuse_link, to_yaml, write_text_atomic

from .box_entry import WIZARDS, enter_box, enter_grid, enter_market, wizard_draft
from .drafts import Draft
from .errors import Declined, NeedsTerminal, UsageProblem, reason_of
from .output import JsonOption, emit, emit_wrapped, is_interactive, message, print_json
from .transcribe import progress
from .translation import t, t_n, tr
from .writing import ForceOption, check_output, person_at_terminal

app = typer.Typer(
    help=N_(
        "Your box: the printed values you enter once (map sides, market, box values), for "
        "every command."
    ),
    no_args_is_help=True,
    rich_markup_mode="rich",
)

FILES = ("market", "box", "export_board")  # the box's files besides the module sides


@app.callback()
def _box(
    box_dir: Annotated[
        str | None,
        typer.Option(
            "--box-dir",
            metavar="DIR",
            show_default=False,
            help=N_("The box folder to use (else CALEDONIA_HOME, else your data folder)."),
        ),
    ] = None,
) -> None:
    """Your box: the printed values you enter once, for every command."""
    if box_dir:
        use_folder(box_dir)


# -- what the box holds -------------------------------------------------------------------


def _relative(path: Path) -> str:
    """A box file by its place in the box (the same in every copy of it); others in full."""
    try:
        return str(path.relative_to(folder()))
    except ValueError:
        return str(path)


def _example_parts(data: Any, source: str) -> tuple[str, ...]:
    """The parts a box file leaves out (the example's): keys of TILES_PART, VALUES_PART."""
    return parse_box(data, source, components()).example_parts


# `box show`'s words for a component's status (its --json value)
STATUS_WORDS = {"example": N_("example"), "yours": N_("yours"), "broken": N_("broken")}


def _entry(
    component: str, kind: str, path: Path, origin: str, enter: str, for_json: bool
) -> dict[str, Any]:
    """One component's line of `box show`: its status, its file, what it warns of (in
    English for --json, else as messages to show)."""
    entry: dict[str, Any] = {
        "component": component,
        "status": "example" if origin == "example" else "yours",
        "origin": origin,
        "file": _relative(path) if origin == "box" else str(path),
        "problem": None,
        "warnings": [],
        "enter": enter,
    }
    if origin == "example":
        return entry
    return _checked_entry(entry, kind, path, for_json)


def _checked_entry(entry: dict[str, Any], kind: str, path: Path, for_json: bool) -> dict[str, Any]:
    """The entry of a file the box holds or is given, with what checking it says."""
    try:
        checked = check_file(read_yaml(path), str(path), components(), kind)
    except CaledoniaError as problem:
        said = reason_of(problem)
        entry.update(status="broken", problem=str(said) if for_json else said)
        return entry
    entry["warnings"] = [str(w) for w in checked.warnings] if for_json else list(checked.warnings)
    if kind == "box" and not checked.example:
        _with_example_parts(entry, checked.data, path)
    if checked.example:
        entry["status"] = "example"
        entry["problem"] = f"{path} is marked 'example: true'"  # never shown, only in --json
    return entry


def _with_example_parts(entry: dict[str, Any], data: Any, path: Path) -> None:
    """A box file's entry with the parts it still leaves to the example, if any: said on
    its line itself, with the wizard that enters them."""
    entry["example_parts"] = list(_example_parts(data, str(path)))
    if entry["example_parts"]:
        entry["warnings"] = []  # said on the line itself
        entry["enter"] = (
            "caledonia box tiles"
            if "starting_tiles" in entry["example_parts"]
            else "caledonia box values"
        )


def _drafts(component: str) -> list[tuple[Any, str]]:
    """The drafts left of a component's entry (each with the command that goes on with it):
    a side's beside its file, a wizard's in the drafts folder."""
    if component not in COMPONENTS:
        command = f"caledonia map transcribe {component}"
        try:
            found = [(Draft.beside(side_file(component), f"side {component}", command), command)]
        except CaledoniaError:  # a file there that is no draft of this side: not ours to show
            return []
    else:
        found = [
            (wizard_draft(component, wizard), command) for wizard, command in WIZARDS[component]
        ]
    return [(draft, command) for draft, command in found if draft.kept]


def draft_words(draft: Any) -> str:
    """'a draft of 14 answers' or 'a draft (12 of 42 positions typed)'."""
    if "answers" in draft.data:
        return t_n("a draft of {count} answer", "a draft of {count} answers", len(draft.answers))
    return t("a draft ({progress})", progress=progress(draft.data))


def box_report(for_json: bool = True) -> dict[str, Any]:
    """Every component with its status, the folder, and what games still take from the
    examples; its problems and warnings in English (`for_json`), else as messages to show
    in the reader's language."""
    entries = _side_entries(for_json)
    for component in FILES:
        found = find(component)
        enter = COMPONENTS[component].enter
        entries.append(_entry(component, component, found.path, found.origin, enter, for_json))
    for entry in entries:
        entry["drafts"] = _draft_entries(entry["component"])
    return {"folder": str(folder()), "components": entries, "examples": _examples(entries)}


def _side_entries(for_json: bool) -> list[dict[str, Any]]:
    """The module sides' lines of `box show`: given by the maps variable, in the box, or
    the example's."""
    entries = []
    maps_given = os.environ.get(MAPS_ENV)
    for name in SIDE_NAMES:
        enter = f"caledonia map transcribe {name}"
        if maps_given:
            path, origin = Path(maps_given) / f"{name}.yaml", "given"
        elif side_file(name).is_file():
            path, origin = side_file(name), "box"
        else:
            path, origin = Path(), "example"
        entry = _entry(name, "side", path, origin, enter, for_json)
        if origin == "example":
            entry["file"] = None
        entries.append(entry)
    return entries


def _modules_without_a_side(sides: list[dict[str, Any]]) -> list[str]:
    """The module letters with neither side of the box's own."""
    return sorted(
        {
            name[0]
            for name in SIDE_NAMES
            if all(e["status"] != "yours" for e in sides if e["component"][0] == name[0])
        }
    )


def _draft_entries(component: str) -> list[dict[str, Any]]:
    return [
        {
            "file": str(draft.path),
            "answers": len(draft.answers) if "answers" in draft.data else None,
            "progress": str(draft_words(draft)),
            "command": command,
        }
        for draft, command in _drafts(component)
    ]


def _examples(entries: list[dict[str, Any]]) -> dict[str, list[str]]:
    """What games still take from the examples, given every component's entry (the eight
    sides first)."""
    example_sides = [e["component"] for e in entries[:8] if e["status"] != "yours"]
    by_name = {e["component"]: e for e in entries}
    every_game = [c for c in ("market", "box") if by_name[c]["status"] != "yours"]
    return {
        "module_sides": example_sides,
        "drawn_from_examples": _modules_without_a_side(entries[:8]),
        "every_game": every_game,
        "solo_game": every_game
        + (["export_board"] if by_name["export_board"]["status"] != "yours" else []),
    }


@app.command("show")
def show(as_json: JsonOption = False) -> None:
    """Every component with its status (yours / example / broken), the folder, and what a
    game would still take from the examples.

    Example: [cyan]caledonia box show --json[/cyan]
    """
    report = box_report(for_json=as_json)
    if as_json:
        print_json(report)
        return
    emit_wrapped(t("Box folder: {folder}", folder=report["folder"]))
    for entry in report["components"]:
        _show_entry(entry)
    _show_examples(report["examples"])


def _show_entry(entry: dict[str, Any]) -> None:
    """One component of `box show`: its line, its problem, its warnings, its drafts."""
    emit_wrapped(_status_line(entry), "  ", "      ")
    if entry["problem"] and entry["status"] == "broken":
        emit_wrapped(tr(entry["problem"]), "      ", "")
    for warning in entry["warnings"]:
        emit_wrapped(t("warning: {warning}", warning=warning), "      ", "  ")
    for draft in entry["drafts"]:
        emit_wrapped(
            t(
                "{draft}, not yet used: '{command}' goes on with it",
                draft=draft["progress"],
                command=draft["command"],
            ),
            "      ",
            "  ",
        )


def _show_examples(examples: dict[str, list[str]]) -> None:
    """What games still take from the examples, and how to enter the box's own instead."""
    if examples["drawn_from_examples"]:
        emit_wrapped(
            t(
                "A drawn layout takes an example side for module {modules} "
                "(your box holds no side of it).",
                modules=", ".join(examples["drawn_from_examples"]),
            )
        )
    still = [t(COMPONENTS[c].words) for c in examples["every_game"]]
    if still:
        emit_wrapped(
            t(
                "Every game still takes from the examples: {components}.",
                components="; ".join(still),
            )
        )
    if "export_board" in examples["solo_game"]:
        emit_wrapped(t("A solo game also takes the example solo removal grid."))
    if still or "export_board" in examples["solo_game"]:
        emit_wrapped(
            t(
                "Or, without the questions: copy an example from {folder}, enter your values, "
                "set 'example: false' and 'caledonia box add FILE'.",
                folder=EXAMPLES,
            )
        )


# `box show`'s words for the part of the box file still the example's
PART_WORDS = {
    "starting_tiles": N_("the starting tiles"),
    "pass_money": N_("pass money"),
    "import_track_marks": N_("import marks"),
    "export_boxes_3_4": N_("export boxes"),
}


def _status_line(entry: dict[str, Any]) -> str:
    """One component of `box show`: its status, its file, and the command that enters it."""
    words = entry["component"]
    if entry["component"] in COMPONENTS:
        words = t(COMPONENTS[entry["component"]].words)
    status = t(STATUS_WORDS[entry["status"]])
    if entry["origin"] == "given":
        status = t("{status}, given by its option or variable", status=status)
    if entry["status"] == "example" and entry["origin"] != "given":
        return _example_line(entry, words, status)
    if entry.get("example_parts"):
        return t(
            "{component}: {status} ({file}); still the example's: {parts}; enter them with "
            "'{command}'",
            component=words,
            status=status,
            file=entry["file"],
            parts=", ".join(t(PART_WORDS[part]) for part in entry["example_parts"]),
            command=entry["enter"],
        )
    if entry["file"] and entry["status"] != "example":
        return t(
            "{component}: {status} ({file})", component=words, status=status, file=entry["file"]
        )
    return t("{component}: {status}", component=words, status=status)


def _example_line(entry: dict[str, Any], words: str, status: str) -> str:
    """The line of a component still the example's, with the command that enters it."""
    if entry["component"] == "box":
        return t(
            "{component}: {status}; enter them with 'caledonia box tiles' and "
            "'caledonia box values'",
            component=words,
            status=status,
        )
    return t(
        "{component}: {status}; enter it with '{command}'",
        component=words,
        status=status,
        command=entry["enter"],
    )


@app.command("path")
def path() -> None:
    """Print the box folder (it need not exist yet).

    Example: [cyan]caledonia --box-dir ~/my-box box path[/cyan]
    """
    emit(str(folder()))


# -- filling it -----------------------------------------------------------------------------


def _place(checked: Any) -> Path:
    """Where a checked file goes in the box."""
    return side_file(checked.name) if checked.kind == "side" else path_of(checked.kind)


def _check_given(files: list[str]) -> list[tuple[Any, str]]:
    """Each file checked as a box component; every problem said, CaledoniaError if any."""
    good, problems = [], []
    places: dict[str, str] = {}  # a component's name -> the file that gave it
    for name in files:
        try:
            text = Path(name).read_text(encoding="utf-8")
            checked = check_file(read_yaml(name), name, components())
        except CaledoniaError as problem:
            problems.append(tr(reason_of(problem)))
            continue
        except (OSError, UnicodeDecodeError) as problem:
            # TRANSLATORS: {reason} is the system's own words
            problems.append(
                t(
                    "{file}: cannot read it ({reason})",
                    file=name,
                    reason=getattr(problem, "strerror", problem),
                )
            )
            continue
        if checked.example:
            problems.append(
                t(
                    "{file}: is marked 'example: true': set 'example: false' once it holds your "
                    "box's {component}",
                    file=name,
                    component=t(KIND_WORDS[checked.kind]),
                )
            )
            continue
        if checked.name in places:
            problems.append(
                t(
                    "{file}: holds {component}, as {other} does",
                    file=name,
                    component=checked.name,
                    other=places[checked.name],
                )
            )
            continue
        places[checked.name] = name
        good.append((checked, text))
    for problem in problems:
        message(problem, style="red")
    if problems:
        raise CaledoniaError(
            t(
                "nothing was added: {problems} of {count} file(s) need correcting",
                problems=len(problems),
                count=len(files),
            )
        )
    return good


@app.command("add")
def add(
    files: Annotated[
        list[str],
        typer.Argument(
            metavar="FILE...", help=N_("Module-side, market, box-values or export-board files.")
        ),
    ],
) -> None:
    """Add your own files to the box, each checked first: nothing is added when any file is
    wrong.

    Example: [cyan]caledonia box add my-maps/A1.yaml my-maps/B2.yaml market.yaml[/cyan]
    """
    checked = _check_given(files)
    for item, _text in checked:
        refuse_link(_place(item))  # a link planted in the box is never written through
        check_output(_place(item), force=True)
    for (item, text), name in zip(checked, files, strict=True):
        write_text_atomic(_place(item), text, follow_links=False)
        if item.kind == "side":
            what = t("side {side}", side=item.name)
        else:
            what = t(KIND_WORDS[item.kind])
        message(
            t(
                "Added {file} as your {component} ({path}).",
                file=name,
                component=what,
                path=_place(item),
            )
        )
        for warning in item.warnings:
            message("  " + t("warning: {warning}", warning=warning), style="yellow")


def _box_files() -> list[Path]:
    """The component files the box holds now."""
    held = [side_file(name) for name in held_sides()]
    return held + [path_of(c) for c in FILES if path_of(c).is_file()]


def _checked_box() -> tuple[list[Any], list[str]]:
    """The box's files checked: those that pass, and the problems of those that do not (in
    English; a Reason of the rules keeps its message id)."""
    good, problems = [], []
    for file in _box_files():
        kind = "side" if file.parent.name == "maps" else file.stem
        try:
            good.append(check_file(read_yaml(file), str(file), components(), kind))
        except CaledoniaError as problem:
            problems.append(reason_of(problem))
    return good, problems


@app.command("check")
def check(as_json: JsonOption = False) -> None:
    """Check every file in the box, with what a person would miss: a market start price off
    its track, a side with no mist, pass money that does not fall.

    Example: [cyan]caledonia box check[/cyan]
    """
    good, problems = _checked_box()
    warnings = [w for item in good for w in item.warnings]
    if as_json:
        print_json(
            {
                "folder": str(folder()),
                "ok": not problems,
                "checked": [item.name for item in good],
                "problems": [str(problem) for problem in problems],
                "warnings": [str(warning) for warning in warnings],
            }
        )
    else:
        emit(
            t(
                "{folder}: {good} file(s) good, {problems} with problems",
                folder=folder(),
                good=len(good),
                problems=len(problems),
            )
        )
        for problem in problems:
            emit("  " + t("problem: {problem}", problem=problem))
        for warning in warnings:
            emit("  " + t("warning: {warning}", warning=warning))
    if problems:
        raise typer.Exit(1)


# -- handing it on ---------------------------------------------------------------------------


@app.command("export")
def export(
    file: Annotated[str, typer.Argument(metavar="FILE", help=N_("The file to write."))],
    force: ForceOption = False,
) -> None:
    """Write the whole box into one file, to keep or to hand to friends.

    Example: [cyan]caledonia box export my-box.yaml[/cyan]
    """
    good, problems = _checked_box()
    if problems:
        for problem in problems:
            message(tr(problem), style="red")
        raise CaledoniaError(
            t("the box has files with problems: correct them first ('caledonia box check')")
        )
    if not good:
        raise CaledoniaError(t("the box is empty: nothing to export"))
    check_output(file, force=force, ask=person_at_terminal())
    write_text_atomic(file, to_yaml(plain(bundle(good))))
    message(
        t(
            "Wrote {file}: {components}.",
            file=file,
            components=", ".join(item.name for item in good),
        )
    )


@app.command("import")
def import_(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help=N_("A file written by 'box export'."))
    ],
    force: Annotated[
        bool, typer.Option("--force", help=N_("Replace what the box holds without asking."))
    ] = False,
) -> None:
    """Replace the whole box with a copy from 'box export', checked whole first.

    Example: [cyan]caledonia box import my-box.yaml[/cyan]
    """
    files = parse_bundle(_export_data(file), file, components())
    old = _box_files()
    if old and not force:
        _ask_or_refuse(
            t(
                "The box at {folder} holds {count} file(s). Replace them all?",
                folder=_folder(),
                count=len(old),
            ),
            t(
                "The box at {folder} holds {count} file(s). Replace them all: "
                "pass --force to do it without a terminal",
                folder=_folder(),
                count=len(old),
            ),
        )
    for item in files:
        refuse_link(_place(item))  # a link planted in the box is never written through
        check_output(_place(item), force=True)  # makes the folder
    for item in files:
        data = bundle([item]).get("maps", {}).get(item.name, item.data)  # lochs as ~
        write_text_atomic(_place(item), to_yaml(plain(data)), follow_links=False)
    kept = {_place(item) for item in files}
    for stale in old:
        if stale not in kept:
            stale.unlink()
    imported = ", ".join(item.name for item in files) or t("nothing")
    message(t("Imported {file}: {components}.", file=file, components=imported))


def _export_data(file: str) -> Any:
    """The data of a file given to `box import`. One that is not a box export (an archive,
    an image, a program, plain text, a game file) is refused by its kind in words, never
    by showing what it holds."""
    head = file_head(file, SIGNATURE_BYTES)
    try:
        data = read_yaml(file)
    except DataError:
        kind = kind_in_words(head)
        if kind is None:
            raise
        data = None
    else:
        kind = kind_in_words(head, data)
        if kind is None:
            return data  # a mapping: parse_bundle names what is wrong in it, key by key
    raise CaledoniaError(
        t(
            "{file} is {kind}, not a box copy: give a file written by 'caledonia box export'",
            file=file,
            kind=tr(kind),
        )
    )


def _folder() -> Path:
    return folder()


def _ask_or_refuse(question: str, refusal: str) -> None:
    """Ask a person at a terminal (no: Declined, exit 0); elsewhere refuse with exit 2
    (`refusal` names --force)."""
    ask = person_at_terminal()
    if ask is None:
        raise NeedsTerminal(refusal)
    if not ask.confirm(question, default=False):
        raise Declined(t("Nothing was changed."))


@app.command("reset")
def reset(
    component: Annotated[
        str | None,
        typer.Argument(
            metavar="COMPONENT",
            # TRANSLATORS: market, box and export_board are typed as they are
            help=N_("market, box, export_board or a side such as A1 (left out: everything)."),
            show_default=False,
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help=N_("Do it without asking."))] = False,
    drafts: Annotated[
        bool,
        typer.Option(
            "--drafts", help=N_("Also throw away the drafts of unfinished entries of it.")
        ),
    ] = False,
) -> None:
    """Put a component (or the whole box) back to the shipped example: its file is removed.
    A draft of an unfinished entry is kept and named, unless you ask to remove it too.

    Example: [cyan]caledonia box reset A1[/cyan]
    """
    targets, names, what = _reset_targets(component)
    targets = [target for target in targets if target.is_file()]
    left = [(draft, command) for name in names for draft, command in _drafts(name)]
    if not targets and not (drafts and left):
        message(t("The box holds no file for {what}: it already uses the example.", what=what))
        _say_drafts(left, component)
        return
    drafts = _drafts_too(targets, left, what, force=force, drafts=drafts)
    _remove(targets, what)
    if drafts:
        _throw_away(left)
    else:
        _say_drafts(left, component)


def _remove(targets: list[Path], what: str) -> None:
    for target in targets:
        target.unlink()
    if targets:
        message(
            t(
                "Removed {what} ({count} file(s)): the example is used instead.",
                what=what,
                count=len(targets),
            )
        )


def _throw_away(left: list[tuple[Any, str]]) -> None:
    for draft, command in left:
        said = _draft_line(draft, command)
        draft.discard()
        message(t("Threw away {draft}.", draft=said))


def _reset_targets(component: str | None) -> tuple[list[Path], tuple[str, ...], str]:
    """What `box reset COMPONENT` removes: the files, the components they hold (for their
    drafts), and the words for them."""
    if component is None:
        return _box_files(), (*SIDE_NAMES, *FILES), t("everything in the box")
    if component.upper() in SIDE_NAMES:
        side = component.upper()
        return [side_file(component)], (side,), t("side {side}", side=side)
    name = component.lower().replace("-", "_")
    if name in FILES:
        # TRANSLATORS: {component} as typed: market, box or export_board
        return [path_of(name)], (name,), t("the {component}", component=component)
    choices = ", ".join((*FILES, *SIDE_NAMES))
    raise CaledoniaError(
        t("no component {component!r}: choose from {choices}", component=component, choices=choices)
    )


def _drafts_too(
    targets: list[Path], left: list[tuple[Any, str]], what: str, *, force: bool, drafts: bool
) -> bool:
    """Whether the reset throws the drafts `left` away as well: asked at a terminal after
    the removal of `targets` is confirmed (refused without a terminal or --force)."""
    ask = None if force else person_at_terminal()
    if targets and not force:
        _ask_or_refuse(
            t("Remove {what} from the box and use the example instead?", what=what),
            t(
                "Remove {what} from the box and use the example instead: "
                "pass --force to do it without a terminal",
                what=what,
            ),
        )
    if not left or drafts or ask is None:
        return drafts
    return ask.confirm(
        t_n(
            "Also throw away the draft you left ({drafts})?",
            "Also throw away the {count} drafts you left ({drafts})?",
            len(left),
            drafts="; ".join(_draft_line(d, c) for d, c in left),
        ),
        default=False,
    )


def _draft_line(draft: Any, command: str) -> str:
    # TRANSLATORS: {draft} is "a draft of 14 answers"; {command} the entry it goes on with
    return t("{draft} ('{command}')", draft=draft_words(draft), command=command)


def _say_drafts(left: list[tuple[Any, str]], component: str | None) -> None:
    """The drafts a reset leaves, each with what goes on with it and how to remove it."""
    reset = " ".join(["caledonia box reset", *([component] if component else []), "--drafts"])
    for draft, command in left:
        message(
            t(
                "Kept {draft}: '{command}' goes on with it; '{reset}' throws it away.",
                draft=draft_words(draft),
                command=command,
                reset=reset,
            )
        )


# -- guided entry ------------------------------------------------------------------------------


def _at_terminal(command: str) -> None:
    """The wizards ask questions: without a terminal, say what to do instead (exit 2)."""
    if not is_interactive():
        raise UsageProblem(
            t(
                "entering the values asks questions and needs a terminal; without one, copy the "
                "example file 'caledonia box show' names, enter your values and add it with "
                "'caledonia box add FILE'"
            ),
            command,
        )


@app.command("market")
def market() -> None:
    """Enter the market board: both sides, each good's track, its circled start and its
    medium bracket, with a drawing of the track as you type.

    Every answer is kept in a draft at once: after Ctrl-C, the same command goes on. With a
    market in the box, it shows the values and changes one at a time.

    Example: [cyan]caledonia box market[/cyan]
    """
    _at_terminal("box market")
    enter_market()


@app.command("tiles")
def tiles() -> None:
    """Enter the nine starting tiles: the money and goods of each.

    Every answer is kept in a draft at once: after Ctrl-C, the same command goes on. With
    tiles in the box, it shows them and changes one at a time. The other box values are
    'caledonia box values'; until they are entered, games use the example's, and say so.

    Example: [cyan]caledonia box tiles[/cyan]
    """
    _at_terminal("box tiles")
    enter_box("tiles")


@app.command("values")
def values() -> None:
    """Enter the box values: pass money for 2 and 3 players, the marked import steps, the
    export board's contract boxes, MacKenzie's cellar and MacEwen's beer money; then the
    solo removal grid of the export board.

    Every answer is kept in a draft at once: after Ctrl-C, the same command goes on. With
    values in the box, it shows them and changes one at a time. The starting tiles are
    'caledonia box tiles'.

    Example: [cyan]caledonia box values[/cyan]
    """
    _at_terminal("box values")
    enter_box("values")
    enter_grid()
