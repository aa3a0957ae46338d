"""Guided entry of the box's printed values: `box market`, `box tiles` and `box values`.

Each wizard is a list of fields, one question each. A typed answer is read at once and a
refused one is asked again with the reason; every answer goes to a draft (cli/drafts.py),
so Ctrl-C loses nothing and the same command goes on from there. When the box already
holds the file, the wizard shows what it holds and changes one value at a time, without
retyping the rest. The finished file is checked by the loader a game uses, then written
into the box atomically.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from caledonia.rules.boxdata import STARTING_TILES, TILES_PART, VALUES_PART, clan_box_values
from caledonia.rules.boxfiles import check_file
from caledonia.rules.boxfolder import path_of
from caledonia.rules.components import IMPORT_GOODS, components, word
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.market import SIDES
from caledonia.rules.messages import N_, Reason
from caledonia.rules.plaindata import plain
from caledonia.rules.solo import KNOWN_ANCHOR, SLOTS
from caledonia.rules.yamlfile import read_yaml, refuse_link, to_yaml, write_text_atomic

from . import prompts  # its QuestionaryAsker looked up when asked: tests script it
from .drafts import Draft
from .errors import Interrupted, reason_of
from .prompts import Asker, Choice
from .translation import t, tr
from .writing import check_writable

if TYPE_CHECKING:
    from caledonia.rules.box_values import BoxValue

DONE = "done"


class Field(NamedTuple):
    """One value: its key in the wizard's answers, the question, how a typed answer is read
    (given the answers so far; ValueError with the reason), and how a value is typed back."""

    key: str
    question: str
    read: Callable[[str, dict[str, Any]], Any]
    typed: Callable[[Any], str]
    shown: Callable[[dict[str, Any]], str] | None = None  # said once the answer is taken
    when: Callable[[dict[str, Any]], bool] | None = None  # asked only when this holds


def _numbers(text: str) -> list[int]:
    parts = text.replace(",", " ").split()
    if not parts or not all(p.isdigit() for p in parts):
        raise ValueError(
            t("expected whole numbers separated by spaces, got {text!r}", text=text.strip())
        )
    return [int(p) for p in parts]


def _spaced(values: Any) -> str:
    return " ".join(str(v) for v in values)


def run_wizard(
    asker: Asker, title: str, fields: list[Field], held: dict[str, Any] | None
) -> dict[str, Any]:
    """Every field's value: asked in turn for a new file; for a file the box holds, its
    values shown and changed one at a time until the person is done. `title` is shown as
    it is (in the reader's language)."""
    answers: dict[str, Any] = {}

    def ask(field: Field, default: str = "") -> None:
        def check(typed: str) -> bool | str:
            try:
                field.read(typed, answers)
            except ValueError as reason:
                return str(reason)
            return True

        typed = asker.text(field.question, default=default, validate=check)
        answers[field.key] = field.read(typed, answers)
        said = field.shown(answers) if field.shown else ""
        if said:
            asker.say(said)

    def wanted(field: Field) -> bool:
        return field.when is None or field.when(answers)

    if not held:
        for field in fields:
            if wanted(field):
                ask(field)
        return answers
    answers.update(held)
    while True:
        shown = [field for field in fields if wanted(field)]
        choices = [
            Choice(
                # TRANSLATORS: a menu line: a question (without its last colon), the value held
                t(
                    "{question}: {value}",
                    question=field.question.rstrip(":"),
                    value=field.typed(answers[field.key]),
                ),
                field.key,
            )
            for field in shown
        ]
        choices.append(Choice(t("Done: save these values"), DONE, "d"))
        chosen = asker.choose(
            t("{title}: which value to change?", title=title), choices, default=DONE
        )
        if chosen == DONE:
            return answers
        field = next(f for f in fields if f.key == chosen)
        ask(field, field.typed(answers[field.key]))


class Wizard(NamedTuple):
    """What a wizard is called: its title (in English, which also names its draft) and the
    words that name what it enters (both message ids)."""

    title: str
    what: str


MARKET = Wizard(N_("Market board"), N_("the market board"))
TILES = Wizard(N_("Starting tiles"), N_("the starting tiles"))
VALUES = Wizard(N_("Box values"), N_("the box values"))
GRID = Wizard(N_("Solo removal grid"), N_("the solo removal grid"))


# the wizards that enter each file of the box, with the command that runs each
WIZARDS = {
    "market": ((MARKET, "caledonia box market"),),
    "box": ((TILES, "caledonia box tiles"), (VALUES, "caledonia box values")),
    "export_board": ((GRID, "caledonia box values"),),
}


def wizard_draft(kind: str, wizard: Wizard) -> Draft:
    """The draft a wizard keeps while it enters the box's file of this kind."""
    # named by the English title: a draft goes on in any language
    return Draft.named(f"box-{wizard.title.lower().replace(' ', '-')}", str(path_of(kind)))


def _enter(
    asker: Asker | None,
    kind: str,
    wizard: Wizard,
    fields: list[Field],
    held: dict[str, Any] | None,
    build: Callable[[dict[str, Any]], dict[str, Any]],
    command: str,
) -> dict[str, Any]:
    """Run a wizard in a draft; check what it built as a game would load it; save it into
    the box. Returns the data saved."""
    target = path_of(kind)
    refuse_link(target)  # a link planted in the box is never written through
    check_writable(target)  # before the first question
    draft = wizard_draft(kind, wizard)
    ask = draft.asker(asker or prompts.QuestionaryAsker(), t(wizard.what))
    try:
        answers = run_wizard(ask, t(wizard.title), fields, held)
    except (KeyboardInterrupt, EOFError):
        raise Interrupted(draft.stopped_words(command)) from None
    data = build(answers)
    try:
        check_file(data, str(target), components(), kind)
    except CaledoniaError as problem:  # a cross-check the single answers could not see
        raise CaledoniaError(
            t(
                "{problem} (your answers are kept: run '{command}' again)",
                problem=reason_of(problem),
                command=command,
            )
        ) from None
    write_text_atomic(target, to_yaml(data), follow_links=False)
    draft.discard()
    ask.say(t("Saved {path}: every command now uses it.", path=target))
    return data


# -- the market board --------------------------------------------------------------------


def track_drawing(prices: list[int], start: int | None, medium: tuple[int, int] | None) -> str:
    """The track as it lies on the board: (£4) the circled start, [ ] the medium range."""
    cells = []
    for price in prices:
        cell = f"(£{price})" if price == start else f"£{price}"
        if medium and price == medium[0]:
            cell = "[ " + cell
        if medium and price == medium[1]:
            cell += " ]"
        cells.append(cell)
    return " ".join(cells)


def market_fields(goods: tuple[str, ...]) -> list[Field]:
    words = {"players_1_2": N_("1-2 player side"), "players_3_4": N_("3-4 player side")}
    fields = []
    for side in SIDES:
        for good in goods:
            key = f"{side}.{good}"

            def prices(text: str, answers: dict[str, Any], key: str = key) -> list[int]:
                found = _numbers(text)
                if len(found) < 2 or found != sorted(set(found)):
                    raise ValueError(
                        t(
                            "give at least two prices, rising from the lowest, e.g. 1 2 3 4 5 6 7 8 9"
                        )
                    )
                return found

            def start(text: str, answers: dict[str, Any], key: str = key) -> int:
                track = answers[f"{key}.prices"]
                found = _numbers(text)
                if len(found) != 1 or found[0] not in track:
                    raise ValueError(
                        t("give one price of the track: {track}", track=_spaced(track))
                    )
                return found[0]

            def medium(text: str, answers: dict[str, Any], key: str = key) -> list[int]:
                track = answers[f"{key}.prices"]
                found = _numbers(text)
                if len(found) != 2 or found[0] > found[1] or any(p not in track for p in found):
                    raise ValueError(
                        t(
                            "give the lowest and the highest price inside the brackets, both on "
                            "the track ({track}), e.g. {low} {high}",
                            track=_spaced(track),
                            low=track[1],
                            high=track[-2],
                        )
                    )
                return found

            def drawn(answers: dict[str, Any], key: str = key) -> str:
                medium = answers.get(f"{key}.medium")
                return "  " + track_drawing(
                    answers[f"{key}.prices"],
                    answers.get(f"{key}.start"),
                    (medium[0], medium[1]) if medium else None,
                )

            where = {"side": t(words[side]), "good": good}
            other = f"{SIDES[0]}.{good}"
            if side != SIDES[0]:  # a track often alike on both sides: one answer for it

                def same(text: str, answers: dict[str, Any]) -> bool:
                    return _yes_or_no(text)

                def drawn_other(answers: dict[str, Any], key: str = key, other: str = other) -> str:
                    if not answers[f"{key}.same"]:
                        return ""
                    medium = answers[f"{other}.medium"]
                    return "  " + track_drawing(
                        answers[f"{other}.prices"],
                        answers[f"{other}.start"],
                        (medium[0], medium[1]),
                    )

                def differs(answers: dict[str, Any], key: str = key) -> bool:
                    return not answers.get(f"{key}.same")

                fields.append(
                    Field(
                        f"{key}.same",
                        t(
                            "Market {side}, {good}: the same track, start and brackets as on "
                            "the {other} (y/n, Enter: yes):",
                            other=t(words[SIDES[0]]),
                            **where,
                        ),
                        same,
                        _yes_no_typed,
                        drawn_other,
                    )
                )
            else:

                def differs(answers: dict[str, Any], key: str = key) -> bool:
                    return True

            fields += [
                Field(
                    f"{key}.prices",
                    t("Market {side}, {good}: the prices of the track, lowest first:", **where),
                    prices,
                    _spaced,
                    drawn,
                    differs,
                ),
                Field(
                    f"{key}.start",
                    t("Market {side}, {good}: the circled starting price:", **where),
                    start,
                    str,
                    drawn,
                    differs,
                ),
                Field(
                    f"{key}.medium",
                    t(
                        "Market {side}, {good}: the lowest and highest price inside the brackets:",
                        **where,
                    ),
                    medium,
                    _spaced,
                    drawn,
                    differs,
                ),
            ]
    return fields


def _yes_or_no(text: str) -> bool:
    """y or n; Enter alone is yes (nothing is filled in, so an n is typed as it is)."""
    typed = text.strip().casefold()
    if not typed:
        return True
    # TRANSLATORS: y, yes, n and no as a person types them to answer a yes/no question
    if typed in ("y", "yes", t("y").casefold(), t("yes").casefold()):
        return True
    if typed in ("n", "no", t("n").casefold(), t("no").casefold()):
        return False
    raise ValueError(t("answer y (yes) or n (no)"))


def _yes_no_typed(value: Any) -> str:
    return "y" if value else "n"


def _market_answers(data: dict[str, Any]) -> dict[str, Any]:
    answers = {
        f"{side}.{good}.{part}": track[part]
        for side, tracks in data.items()
        if isinstance(tracks, dict)
        for good, track in tracks.items()
        for part in ("prices", "start", "medium")
    }
    for good, track in data[SIDES[1]].items():  # a track alike on both sides is shown so
        answers[f"{SIDES[1]}.{good}.same"] = track == data[SIDES[0]].get(good)
    return answers


def _build_market(answers: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = {"example": False}
    for side in SIDES:
        goods = dict.fromkeys(k.split(".")[1] for k in answers if k.startswith(side + "."))
        data[side] = {}
        for good in goods:
            key = f"{side}.{good}"
            if answers.get(f"{key}.same"):
                key = f"{SIDES[0]}.{good}"
            data[side][good] = {
                "prices": list(answers[f"{key}.prices"]),
                "start": answers[f"{key}.start"],
                "medium": list(answers[f"{key}.medium"]),
            }
    return data


def enter_market(asker: Asker | None = None) -> dict[str, Any]:
    """`box market`: both sides of the market board, each good's track, start and bracket."""
    held = _held("market")
    return _enter(
        asker,
        "market",
        MARKET,
        market_fields(components().economy.goods),
        _market_answers(held) if held else None,
        _build_market,
        "caledonia box market",
    )


def _held(kind: str) -> dict[str, Any] | None:
    """The box's file of this kind as plain data, when it holds one that loads."""
    path = path_of(kind)
    refuse_link(path)  # a link planted in the box: neither read nor written through
    if not path.is_file():
        return None
    data = read_yaml(path)
    check_file(data, str(path), components(), kind)  # a broken file: say so, change nothing
    checked: dict[str, Any] = plain(data)  # check_file refuses any but a mapping
    return checked


# -- the box file: the starting tiles (`box tiles`), the other values (`box values`) -----------------


def _tile(goods: tuple[str, ...]) -> Callable[[str, dict[str, Any]], dict[str, Any]]:
    def read(text: str, answers: dict[str, Any]) -> dict[str, Any]:
        words = text.replace(",", " ").lower().split()
        if not words or not words[0].lstrip("£").isdigit():
            raise ValueError(
                t("start with the money, then the goods: e.g. 55 wool grain, or 56 2 milk")
            )
        held: dict[str, int] = {}
        money, count = int(words[0].lstrip("£")), 1
        for typed in words[1:]:
            if typed.isdigit():
                count = int(typed)
                continue
            if typed not in goods:
                raise ValueError(
                    t("{word!r} is not a good: use {goods}", word=typed, goods=", ".join(goods))
                )
            held[typed] = held.get(typed, 0) + count
            count = 1
        return {"money": money, "goods": held}

    return read


def _tile_typed(tile: dict[str, Any]) -> str:
    goods = " ".join(f"{n} {g}" if n > 1 else g for g, n in tile["goods"].items())
    return f"{tile['money']} {goods}".strip()


def tile_fields(goods: tuple[str, ...]) -> list[Field]:
    return [
        Field(
            f"tile.{n}",
            t("Starting tile {number}: its money, then its goods (e.g. 55 wool grain):", number=n),
            _tile(goods),
            _tile_typed,
        )
        for n in range(1, STARTING_TILES + 1)
    ]


def _count(players: int) -> Callable[[str, dict[str, Any]], list[int]]:
    def read(text: str, answers: dict[str, Any]) -> list[int]:
        found = _numbers(text)
        if len(found) != players:
            raise ValueError(
                t("give {count} amounts, one per place in the pass order", count=players)
            )
        if any(later >= earlier for earlier, later in zip(found, found[1:], strict=False)):
            raise ValueError(
                t(
                    "the pass money falls along the pass order: the first to pass takes the "
                    "most (with 4 players: 16 14 12 10); you gave {typed}",
                    typed=_spaced(found),
                )
            )
        return found

    return read


def _rising(text: str, answers: dict[str, Any]) -> list[int]:
    found = _numbers(text)
    if found != sorted(set(found)) or 0 in found:
        raise ValueError(t("give the marked steps, rising, e.g. 6 12 18 24"))
    return found


def _one(low: int, high: int) -> Callable[[str, dict[str, Any]], int]:
    def read(text: str, answers: dict[str, Any]) -> int:
        found = _numbers(text)
        if len(found) != 1 or not low <= found[0] <= high:
            raise ValueError(t("give one whole number from {low} to {high}", low=low, high=high))
        return found[0]

    return read


def _clan_value(value: BoxValue) -> Callable[[str, dict[str, Any]], Any]:
    """A clan's box value as typed, checked as its clan declares (rules/box_values.py)."""

    def read(text: str, answers: dict[str, Any]) -> Any:
        found = value.from_typed(_numbers(text), "typed")
        return list(found) if isinstance(found, tuple) else found  # as the file holds it

    return read


def _clan_typed(value: Any) -> str:
    return _spaced(value) if isinstance(value, (list, tuple)) else str(value)


def value_fields() -> list[Field]:
    fields = [
        Field(
            "pass.2",
            t("Pass money with 2 players, first to pass first (e.g. 16 14):"),
            _count(2),
            _spaced,
        ),
        Field(
            "pass.3",
            t("Pass money with 3 players, first to pass first (e.g. 16 14 12):"),
            _count(3),
            _spaced,
        ),
    ]
    fields += [
        Field(
            f"marks.{good}",
            t("Marked steps of the {good} import track, rising:", good=word(good)),
            _rising,
            _spaced,
        )
        for good in IMPORT_GOODS
    ]
    fields += [
        Field(
            "boxes",
            t("Contract boxes on the 3-4 player side of the export board:"),
            _one(1, 12),
            str,
        ),
    ]
    fields += [  # the values clans declare they take from the table's clan tiles
        Field(value.key, _clans_words(value.question), _clan_value(value), _clan_typed)
        for value in clan_box_values().values()
    ]
    return fields


def _clans_words(question: str) -> str:
    """A clan's question in the reader's language: a Reason, or a message id it marked."""
    return t(question) if not isinstance(question, Reason) else tr(question)


def _box_answers(data: dict[str, Any], part: str) -> dict[str, Any]:
    """A box file's values of one part (`tiles` or `values`), as the wizard holds them."""
    if part == "tiles":
        return {
            f"tile.{n}": {"money": tile["money"], "goods": dict(tile["goods"] or {})}
            for n, tile in data["starting_tiles"].items()
        }
    answers: dict[str, Any] = {f"pass.{n}": list(a) for n, a in data["pass_money"].items()}
    answers.update({f"marks.{g}": list(m) for g, m in data["import_track_marks"].items()})
    answers["boxes"] = data["export_boxes_3_4"]
    for key, value in clan_box_values().items():
        found = data.get(key, value.default)
        answers[key] = list(found) if isinstance(found, (list, tuple)) else found
    return answers


def _build_part(answers: dict[str, Any], part: str) -> dict[str, Any]:
    """The keys of the box file that one part's answers make."""
    if part == "tiles":
        tiles = sorted(int(k.split(".")[1]) for k in answers if k.startswith("tile."))
        return {"starting_tiles": {n: answers[f"tile.{n}"] for n in tiles}}
    return {
        "pass_money": {2: answers["pass.2"], 3: answers["pass.3"]},
        "export_boxes_3_4": answers["boxes"],
        "import_track_marks": {g: answers[f"marks.{g}"] for g in IMPORT_GOODS},
        **{key: answers[key] for key in clan_box_values()},
    }


def _part_held(held: dict[str, Any] | None, part: str) -> bool:
    """Whether the box file holds this part already (then it is changed value by value)."""
    keys = TILES_PART if part == "tiles" else VALUES_PART
    return held is not None and all(key in held for key in keys)


def enter_box(part: str, asker: Asker | None = None) -> dict[str, Any]:
    """`box tiles` (part 'tiles': the nine starting tiles) or `box values` (part 'values':
    pass money, import marks, export boxes, the clans' values). One file holds both parts;
    each wizard asks and writes its own part only, and keeps the other as the file holds
    it (a part never entered stays the example's, and the notices say so)."""
    held = _held("box")
    if held and held.get("example"):  # a copied example: nothing in it is the table's yet
        held = None
    if part == "tiles":
        fields, wizard = tile_fields(components().economy.goods), TILES
    else:
        fields, wizard = value_fields(), VALUES
    answers = _box_answers(held, part) if held and _part_held(held, part) else None
    own = (*TILES_PART, *VALUES_PART, *clan_box_values())

    def build(given: dict[str, Any]) -> dict[str, Any]:
        kept = {key: value for key, value in (held or {}).items() if key in own}
        return {"example": False, **kept, **_build_part(given, part)}

    ask = asker or prompts.QuestionaryAsker()
    data = _enter(ask, "box", wizard, fields, answers, build, f"caledonia box {part}")
    if not _part_held(data, "values" if part == "tiles" else "tiles"):
        ask.say(
            t("The other box values stay the example's until 'caledonia box values' enters them.")
            if part == "tiles"
            else t("The starting tiles stay the example's until 'caledonia box tiles' enters them.")
        )
    return data


# -- the solo removal grid of the export board ----------------------------------------------


def grid_fields(price_die: tuple[int, ...]) -> list[Field]:
    def columns(text: str, answers: dict[str, Any]) -> int:
        found = _numbers(text)
        if len(found) != 1 or found[0] < 1 or SLOTS % found[0]:
            raise ValueError(
                t(
                    "give how many columns the {count} contract slots make: 1, 2, 3 or 6",
                    count=SLOTS,
                )
            )
        return found[0]

    def slot(face: int) -> Callable[[str, dict[str, Any]], int]:
        def read(text: str, answers: dict[str, Any]) -> int:
            found = _numbers(text)
            if len(found) != 1 or not 1 <= found[0] <= SLOTS:
                raise ValueError(t("give one slot from 1 to {count}", count=SLOTS))
            taken = {
                v: k for k, v in answers.items() if k.startswith("roll.") and k != f"roll.{face:+d}"
            }
            if found[0] in taken:
                raise ValueError(
                    t(
                        "slot {slot} is already the slot of {roll}",
                        slot=found[0],
                        roll=taken[found[0]][5:],
                    )
                )
            bottom_left = SLOTS - answers["columns"] + 1
            if face == KNOWN_ANCHOR and found[0] != bottom_left:
                raise ValueError(
                    t(
                        "the rulebook puts {roll} at the bottom-left slot, which is slot "
                        "{slot} with {columns} columns",
                        roll=KNOWN_ANCHOR,
                        slot=bottom_left,
                        columns=answers["columns"],
                    )
                )
            return found[0]

        return read

    fields = [
        Field(
            "columns",
            t(
                "Solo removal grid: how many columns do the {count} contract slots make?",
                count=SLOTS,
            ),
            columns,
            str,
        )
    ]
    fields += [
        Field(
            f"roll.{face:+d}",
            t(
                "Solo removal grid: the slot a price roll of {roll:+d} removes (slots numbered "
                "left to right, then top to bottom):",
                roll=face,
            ),
            slot(face),
            str,
        )
        for face in price_die
    ]
    return fields


def _grid_answers(data: dict[str, Any]) -> dict[str, Any]:
    answers: dict[str, Any] = {"columns": data["columns"]}
    answers.update({f"roll.{key}": value for key, value in data["solo_removal"].items()})
    return answers


def _build_grid(answers: dict[str, Any]) -> dict[str, Any]:
    rolls = {k[5:]: v for k, v in answers.items() if k.startswith("roll.")}
    return {"example": False, "columns": answers["columns"], "solo_removal": rolls}


def enter_grid(asker: Asker | None = None) -> dict[str, Any]:
    """The export board's solo removal grid (part of `box values`)."""
    held = _held("export_board")
    return _enter(
        asker,
        "export_board",
        GRID,
        grid_fields(components().solo.price_die),
        _grid_answers(held) if held else None,
        _build_grid,
        "caledonia box values",
    )
