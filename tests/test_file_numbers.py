"""A number in a file is checked like a number typed: an integer of any length (1 to
10,000 digits) in any numeric field of a game file, a score sheet, a box file or a position
file gives a valid load or exit 1 naming the file, line and field, never exit 3."""

from __future__ import annotations

import yaml
from caledonia.rules.plaindata import LongNumber
from caledonia.rules.yamlfile import parse_yaml
from conftest import ROOT, SAMPLES, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

BOX = ROOT / "rules" / "data" / "examples" / "box.yaml"
PLACEHOLDER = "__the_number__"


def number_paths(data, path=()):
    """Every place in `data` that holds a whole number."""
    if isinstance(data, dict):
        items = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return [path] if isinstance(data, int) and not isinstance(data, bool) else []
    return [found for key, value in items for found in number_paths(value, (*path, key))]


def with_number(source, path, digits):
    data = yaml.safe_load(source.read_text())
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = PLACEHOLDER
    return yaml.safe_dump(data, sort_keys=False).replace(PLACEHOLDER, digits)


def command_for(kind, file):
    return {
        "game": ("status", file),
        "sheet": ("score", file),
        "position": ("map", "settlements", file),
        "box": ("new", str(file) + ".game.yaml", "-p", "Ann", "-p", "Bob", "--box", file),
    }[kind]


SOURCES = {
    "game": SAMPLES / "game-2p.yaml",
    "sheet": SAMPLES / "final-4p.yaml",
    "position": SAMPLES / "position-3p.yaml",
    "box": BOX,
}
PATHS = {kind: number_paths(yaml.safe_load(path.read_text())) for kind, path in SOURCES.items()}


def digits_of(length, first, sign):
    return sign + str(first) + "7" * (length - 1)


numbers = st.builds(
    digits_of,
    st.integers(1, 10_000),
    st.integers(1, 9),
    st.sampled_from(["", "-", "+"]),
)


def check(tmp_path, kind, path, digits):
    file = tmp_path / f"{kind}.yaml"
    file.write_text(with_number(SOURCES[kind], path, digits))
    done = run_cli(*map(str, command_for(kind, file)))
    assert done.returncode in (0, 1), (kind, path, done.stderr[-500:])
    assert "Internal error" not in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr) < 3000  # a long number is said back shortened
    if done.returncode == 1 and len(digits.lstrip("+-")) > LongNumber.MAX_DIGITS:
        assert f"{file.name}:" in done.stderr, done.stderr  # its file and line


@settings(max_examples=60)
@given(st.data(), numbers)
def test_any_integer_in_a_game_file_loads_or_is_exit_1(tmp_path_factory, data, digits):
    path = data.draw(st.sampled_from(PATHS["game"]))
    check(tmp_path_factory.mktemp("g"), "game", path, digits)


@settings(max_examples=25)
@given(st.data(), st.sampled_from(["sheet", "position", "box"]), numbers)
def test_any_integer_in_a_sheet_box_or_position_file_loads_or_is_exit_1(
    tmp_path_factory, data, kind, digits
):
    path = data.draw(st.sampled_from(PATHS[kind]))
    check(tmp_path_factory.mktemp(kind), kind, path, digits)


def test_a_5000_digit_money_is_said_with_its_file_line_and_range(tmp_path):
    sheet = tmp_path / "sheet.yaml"
    source = (SAMPLES / "final-4p.yaml").read_text()
    assert "money: " in source
    sheet.write_text(source.replace("money: ", "money: " + "1234" + "5" * 4996 + " #", 1))
    done = run_cli("score", str(sheet))
    assert done.returncode == 1, done.stderr
    assert "sheet.yaml:" in done.stderr and "money" in done.stderr
    assert "got 123455555555…(5,000 digits)" in done.stderr


def test_the_loader_keeps_a_long_number_as_its_text():
    data = parse_yaml("a: " + "9" * 5000 + "\nb: 0x" + "f" * 200 + "\nc: 12\n", "x.yaml")
    assert data["a"] == LongNumber("9" * 5000) and data["c"] == 12
    assert isinstance(data["b"], LongNumber)
    assert str(data["a"]) == "999999999999…(5,000 digits)"
