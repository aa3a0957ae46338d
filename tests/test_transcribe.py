"""`caledonia map transcribe`: a side typed at the prompts, never losing what was typed."""

from __future__ import annotations

import pytest
import typer
from caledonia.cli.transcribe import transcribe
from caledonia.cli.writing import may_replace
from caledonia.rules.board import DEFAULT_ORIGINS
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.map_modules import hex_code, load_module, parse_module, side_warnings
from conftest import ROOT
from scripted import ScriptedAsker

EXAMPLE_A1 = load_module(ROOT / "maps" / "A1.yaml", DEFAULT_ORIGINS)


def example_answers(side=EXAMPLE_A1):
    """The answers a person gives to type the example side A1: the default size, each
    hex (the first row in one answer), the rivers by their numbers, the port slots."""
    codes = [hex_code(spec) for spec in side.hexes]
    answers = ["", ""]  # 7 positions per row, 6 rows: the defaults
    answers.append(" ".join(codes[:7]).lower())  # a whole row at once, in lower case
    answers += codes[7:]
    answers += [f"{a:02d} {b}" for a, b in side.rivers]  # 17 24, A-17 24 ... as drawn
    answers.append("")  # no more rivers
    answers += [" ".join(str(n) for n in side.port_slots[slot]) for slot in side.port_slots]
    return answers


def loaded(path):
    return load_module(path, DEFAULT_ORIGINS)


def same_layout(side, other):
    return (side.hexes, side.rivers, {k: sorted(v) for k, v in side.port_slots.items()}) == (
        other.hexes,
        other.rivers,
        {k: sorted(v) for k, v in other.port_slots.items()},
    )


def test_a_full_side_into_a_folder_that_does_not_exist(tmp_path, capsys):
    target = tmp_path / "my-maps" / "A1.yaml"
    ask = ScriptedAsker(example_answers())
    assert transcribe("A1", target, ask) == target
    assert ask.answers == [] and ask.refusals == []
    side = loaded(target)
    assert (side.name, side.example) == ("A1", False)
    assert same_layout(side, EXAMPLE_A1)
    assert not (tmp_path / "my-maps" / "A1.yaml.draft").exists()
    # the person was told which way up the tile goes before the first question
    told = " ".join(ask.said[0].split())
    assert "letter A at the bottom right corner" in told and "top left" in told
    assert "Warning" not in capsys.readouterr().err


def test_ctrl_c_keeps_the_draft_and_the_same_command_carries_on(tmp_path, capsys):
    answers = example_answers()
    whole = tmp_path / "whole" / "A1.yaml"
    transcribe("A1", whole, ScriptedAsker(answers))

    target = tmp_path / "stopped" / "A1.yaml"
    with pytest.raises(typer.Exit) as stop:
        transcribe("A1", target, ScriptedAsker([*answers[:20], KeyboardInterrupt()]))
    assert stop.value.exit_code == 130
    told = capsys.readouterr().err
    assert "A1.yaml.draft" in told and f"caledonia map transcribe A1 --out {target}" in told
    assert not target.exists() and target.with_name("A1.yaml.draft").exists()

    # again in the rivers, then carry on to the end
    rivers_at = answers.index("17 24")
    again = ScriptedAsker([True, *answers[20 : rivers_at + 2], KeyboardInterrupt()])
    with pytest.raises(typer.Exit):
        transcribe("A1", target, again)
    assert "24 of 42 positions typed" in again.questions[0]  # 2 sizes, a row of 7, then 17

    carry_on = ScriptedAsker([True, *answers[rivers_at + 2 :]])
    assert transcribe("A1", target, carry_on) == target
    assert "2 river edges typed" in carry_on.questions[0]
    assert target.read_text() == whole.read_text()
    assert not target.with_name("A1.yaml.draft").exists()


def test_ctrl_c_before_any_answer_keeps_nothing(tmp_path, capsys):
    target = tmp_path / "A1.yaml"
    with pytest.raises(typer.Exit):
        transcribe("A1", target, ScriptedAsker([KeyboardInterrupt()]))
    assert "Stopped: nothing was saved." in capsys.readouterr().err
    assert not target.with_name("A1.yaml.draft").exists()


def test_a_draft_can_be_put_aside_to_start_over(tmp_path):
    target = tmp_path / "A1.yaml"
    answers = example_answers()
    with pytest.raises(typer.Exit):
        transcribe("A1", target, ScriptedAsker([*answers[:5], EOFError()]))  # Ctrl-D
    assert transcribe("A1", target, ScriptedAsker([False, *answers])) == target
    assert same_layout(loaded(target), EXAMPLE_A1)


def test_refused_answers_say_why_at_once(tmp_path):
    answers = example_answers()
    rivers_at = answers.index("17 24")
    slots_at = len(answers) - 2
    answers[rivers_at:rivers_at] = [
        "17 19",  # not adjacent
        "17 18",  # A-18 is a loch
        "17 99",  # no such space
        "B-17 24",  # another module's id
    ]
    slots_at += 4
    answers[slots_at:slots_at] = ["1 40", "1 8"]  # apart; only mist for the 1-2 player slot
    ask = ScriptedAsker(answers)
    target = tmp_path / "A1.yaml"
    assert transcribe("A1", target, ask) == target
    reasons = [reason for _, _, reason in ask.refusals]
    assert reasons == [
        "A-17 and A-19 are not adjacent: A-17 touches A-09, A-10, A-16, A-18, A-23, A-24.",
        "A-18 is a loch: a river edge lies between two land spaces; it flows into the loch "
        "where its last edge meets it.",
        "No space A-99 on this side: it has A-01 to A-42.",
        "'B-17' is not a space id of this side: give the numbers drawn, such as 07 or A-07",
        "A-01 and A-40 are not side by side: a port slot is one place beside the map and "
        "touches neighbouring spaces.",
        "The 1-2 player port slot touches only mist spaces, which are not on the 1-2 player "
        "map: list the active spaces it touches.",
    ]
    assert same_layout(loaded(target), EXAMPLE_A1)


def test_a_bad_code_is_refused_and_back_fixes_the_one_before(tmp_path):
    answers = [
        "3",
        "2",  # not 7 x 6: the origin is asked
        "",
        "",  # the defaults for module B
        "g3 GF7",  # a row with a bad cost: refused whole
        "g3 GF2 M4",  # then a typo in the third ...
        "<",  # ... fixed by going back one
        "~",
        "m5*",
        ".",
        "F1",
        "01 02",  # a river
        "",
        "4",  # the 1-2 player slot: mist only, refused
        "1",
        "04 01",  # 3-4 player slot, in any order
    ]
    ask = ScriptedAsker(answers)
    target = tmp_path / "B1.yaml"
    assert transcribe("B1", target, ask) == target
    side = loaded(target)
    assert (side.module, side.side, side.example, side.origin) == ("B", 1, False, (7, 0))
    assert [hex_code(h) for h in side.hexes] == ["G3", "GF2", "~", "M5*", "F1"]
    assert side.rivers == ((1, 2),)
    assert side.port_slots == {"players_1_2": (1,), "players_3_4": (1, 4)}
    assert [reason for _, _, reason in ask.refusals][
        0
    ] == "GF7: Land cost must be £1 to £6, got £7."


def test_a_side_without_mist_is_asked_for_its_mist(tmp_path):
    answers = ["2", "2", "", "", "G1 G2", "G3 ~", "1 3", "", "", "2", "1"]
    ask = ScriptedAsker(answers)
    target = tmp_path / "C1.yaml"
    assert transcribe("C1", target, ask) == target
    assert [spec.mist for spec in loaded(target).hexes] == [True, False, True, False]
    assert any("mist spaces" in question for question in ask.questions)


def test_the_out_file_is_checked_before_the_first_question(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    ask = ScriptedAsker([])  # any question would fail the test
    with pytest.raises(CaledoniaError, match=r"cannot write .*A1.yaml: .*not a folder"):
        transcribe("A1", blocker / "A1.yaml", ask)
    with pytest.raises(CaledoniaError, match="cannot write .*: it is a folder"):
        transcribe("A1", tmp_path, ask)
    assert ask.questions == []


def test_an_existing_file_is_asked_about_first_and_kept_when_declined(tmp_path):
    target = tmp_path / "A1.yaml"
    target.write_text("keep")
    ask = ScriptedAsker([False])
    assert transcribe("A1", target, ask) is None
    assert ask.questions == [f"{target} exists. Replace it when the new side is saved?"]
    assert target.read_text() == "keep"
    with pytest.raises(CaledoniaError, match="exists: pass --force to replace it"):
        may_replace(target, force=False, ask=None)
    assert may_replace(target, force=True, ask=None)
    replaced = ScriptedAsker(example_answers())
    assert transcribe("A1", target, replaced, replace=True) == target
    assert same_layout(loaded(target), EXAMPLE_A1)


def test_a_draft_of_another_side_is_not_overwritten(tmp_path):
    target = tmp_path / "A1.yaml"
    with pytest.raises(typer.Exit):
        transcribe("A1", target, ScriptedAsker(["", "", KeyboardInterrupt()]))
    with pytest.raises(CaledoniaError, match="is a draft of side A1, not side B1"):
        transcribe("B1", target, ScriptedAsker([]))


def turned(side):
    """The side typed the other way up: rows and positions in reverse."""
    rows = max(spec.row for spec in side.hexes) + 1
    grid = [["."] * side.columns for _ in range(rows)]
    for spec in side.hexes:
        grid[rows - 1 - spec.row][side.columns - 1 - spec.column] = hex_code(spec)
    last = len(side.hexes)
    data = {
        "module": side.module,
        "side": side.side,
        "rows": grid,
        "port_slots": {
            slot: [side.space_id(last + 1 - n) for n in touched]
            for slot, touched in side.port_slots.items()
        },
    }
    return parse_module(data, "turned", DEFAULT_ORIGINS)


def test_a_side_typed_the_other_way_up_is_warned_about():
    assert side_warnings(EXAMPLE_A1) == []
    warnings = side_warnings(turned(EXAMPLE_A1))
    assert any("mist spaces lie towards the middle" in w for w in warnings)
    assert any("port slots lie towards the middle" in w for w in warnings)
    assert all("letter rock goes at the bottom right" in w for w in warnings[:2])


def test_port_slots_apart_or_only_on_mist_are_warned_about_in_a_file():
    text = (ROOT / "maps" / "A1.yaml").read_text()
    text = text.replace("players_1_2: [A-09, A-10]", "players_1_2: [A-01, A-08]")
    text = text.replace("players_3_4: [A-01, A-02]", "players_3_4: [A-01, A-40]")
    from caledonia.rules.yamlfile import parse_yaml

    warnings = side_warnings(parse_module(parse_yaml(text, "A1.yaml"), "A1.yaml", DEFAULT_ORIGINS))
    assert "A1: port_slots.players_1_2: the 1-2 player port slot touches only mist" in warnings[0]
    assert "A-01 and A-40 are not side by side" in warnings[1]


def test_a_crash_keeps_the_draft_too(tmp_path, capsys):
    answers = example_answers()
    target = tmp_path / "A1.yaml"
    with pytest.raises(RuntimeError):
        transcribe("A1", target, ScriptedAsker([*answers[:30], RuntimeError("a bug")]))
    assert "kept in" in capsys.readouterr().err
    assert transcribe("A1", target, ScriptedAsker([True, *answers[30:]])) == target
    assert same_layout(loaded(target), EXAMPLE_A1)


def test_a_tile_typed_the_other_way_up_is_warned_about_before_the_rivers(tmp_path, capsys):
    answers = example_answers(turned(EXAMPLE_A1))
    rivers_at = 2 + 42 - 6  # the sizes, a row at once, then one code per position
    ask = ScriptedAsker([*answers[:rivers_at], KeyboardInterrupt()])
    with pytest.raises(typer.Exit):
        transcribe("A1", tmp_path / "A1.yaml", ask)
    told = " ".join(capsys.readouterr().err.split())
    assert "the mist spaces lie towards the middle of the map: is the tile turned?" in told
    assert ask.questions[-1].startswith("River edge 1")


def test_a_side_goes_into_the_box_by_default_and_every_command_finds_it(capsys):
    from caledonia.rules.boxfolder import load_sides, side_file

    target = side_file("A1")
    with pytest.raises(typer.Exit):
        transcribe("A1", target, ScriptedAsker([*example_answers()[:20], KeyboardInterrupt()]))
    told = capsys.readouterr().err
    assert "'caledonia map transcribe A1' again" in told and "--out" not in told
    assert transcribe("A1", target, ScriptedAsker([True, *example_answers()[20:]])) == target
    sides = load_sides()
    assert sides["A1"].source == str(target) and not sides["A1"].example
    assert sides["A2"].example  # the example, for the side the box lacks


def test_a_draft_left_by_the_earlier_transcription_format_carries_on(tmp_path):
    """Drafts were YAML (`side`, `saved`, the fields) before the one draft mechanism."""
    import json

    answers = example_answers()
    target = tmp_path / "A1.yaml"
    with pytest.raises(typer.Exit):
        transcribe("A1", target, ScriptedAsker([*answers[:20], KeyboardInterrupt()]))
    draft = target.with_name("A1.yaml.draft")
    fields = json.loads(draft.read_text())
    for own in ("format", "about", "command", "saved"):
        del fields[own]
    from caledonia.rules.yamlfile import to_yaml

    draft.write_text(
        "# A draft of 'caledonia map transcribe': run the same command to carry on.\n"
        + to_yaml({"side": "A1", "saved": "2026-11-30T20:15:00", **fields})
    )
    carry_on = ScriptedAsker([True, *answers[20:]])
    assert transcribe("A1", target, carry_on) == target
    assert "24 of 42 positions typed, kept 2026-11-30 20:15:00" in carry_on.questions[0]
    assert same_layout(loaded(target), EXAMPLE_A1) and not draft.exists()
    # an earlier draft of another side is refused like a new one
    draft.write_text(to_yaml({"side": "B2", "saved": "2026-11-30T20:15:00", **fields}))
    with pytest.raises(CaledoniaError, match="is a draft of side B2, not side A1"):
        transcribe("A1", target, ScriptedAsker([]), replace=True)


@pytest.mark.parametrize("text", ["{not a draft", "just: a file\n", "\xff\xfe"])
def test_a_file_in_the_drafts_place_that_is_not_one_is_never_overwritten(tmp_path, text):
    target = tmp_path / "A1.yaml"
    draft = target.with_name("A1.yaml.draft")
    draft.write_bytes(text.encode("latin-1"))
    ask = ScriptedAsker([])
    with pytest.raises(CaledoniaError, match="move it away to start over"):
        transcribe("A1", target, ask)
    assert draft.read_bytes() == text.encode("latin-1") and ask.questions == []


# -- correcting a saved side one hex at a time ------------------------------------------------

FIX = "Change single hexes, rivers or port slots; keep the rest"


def saved_side(tmp_path):
    """The example A1 saved as a person's own side."""
    target = tmp_path / "A1.yaml"
    target.write_text(
        (ROOT / "maps" / "A1.yaml").read_text().replace("example: true", "example: false")
    )
    return target


def test_a_saved_side_changes_one_hex_and_keeps_the_rest(tmp_path, capsys):
    target = saved_side(tmp_path)
    ask = ScriptedAsker([FIX, "h", "10", ".", "G1 G2", "GF1*", "d"])
    assert transcribe("A1", target, ask) == target
    refused = [reason for _, _, reason in ask.refusals]
    assert refused[0].startswith("A space cannot be taken away here")
    assert refused[1] == "Type one code, such as G3, GF2, M5* or ~."
    assert "New code for A-10 (now G1;" in ask.questions[3]
    side = loaded(target)
    changed = {h.number: h for h in side.hexes}[10]
    assert (changed.cost, changed.mist, sorted(changed.land)) == (1, True, ["forest", "grassland"])
    others = [h for h in side.hexes if h.number != 10]
    assert others == [h for h in EXAMPLE_A1.hexes if h.number != 10]
    assert (side.rivers, side.port_slots) == (EXAMPLE_A1.rivers, EXAMPLE_A1.port_slots)
    assert not side.example and not target.with_name("A1.yaml.draft").exists()


def test_a_river_edge_is_taken_away_or_added_and_the_port_slots_typed_again(tmp_path):
    target = saved_side(tmp_path)
    ask = ScriptedAsker([FIX, "r", "17 24", "r", "1 42", "9 16", "p", "9 10", "1 2", "d"])
    transcribe("A1", target, ask)
    [(_, typed, _)] = ask.refusals  # 1 and 42 are not side by side
    assert typed == "1 42"
    rivers = set(loaded(target).rivers)
    assert rivers == (set(EXAMPLE_A1.rivers) - {(17, 24)}) | {(9, 16)}


def test_ctrl_c_while_correcting_keeps_the_answers_and_the_same_command_goes_on(tmp_path, capsys):
    target = saved_side(tmp_path)
    before = target.read_text()
    with pytest.raises(typer.Exit):
        transcribe("A1", target, ScriptedAsker([FIX, "h", "10", KeyboardInterrupt()]))
    assert "3 answers kept in" in capsys.readouterr().err
    assert target.read_text() == before  # nothing saved yet
    again = ScriptedAsker([True, "M4", "d"])  # go on: the space asked about is asked again
    transcribe("A1", target, again)
    assert again.questions[1].startswith("New code for A-10")
    assert {h.number: h for h in loaded(target).hexes}[10].land == frozenset({"mountain"})


def test_a_saved_side_can_be_kept_or_typed_again(tmp_path):
    target = saved_side(tmp_path)
    before = target.read_text()
    assert transcribe("A1", target, ScriptedAsker(["Keep it as it is"])) is None
    assert target.read_text() == before
    again = ScriptedAsker(["Type the whole side again", *example_answers()])
    assert transcribe("A1", target, again) == target
    assert same_layout(loaded(target), EXAMPLE_A1)
