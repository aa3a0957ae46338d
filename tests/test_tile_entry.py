"""Contract tiles typed by their goods: a tile already in play is said to be, with where it
is, before the tiles left that come near it are offered."""

from __future__ import annotations

from caledonia.cli.tile_entry import ask_tiles
from caledonia.rules.components import components
from caledonia.rules.contract_faces import face, left_half, named
from scripted import ScriptedAsker

CONTRACTS = components().contracts
THREE_WOOL = next(i for i, c in CONTRACTS.items() if left_half(c) == "3 wool")
FOUR_WOOL = next(i for i, c in CONTRACTS.items() if left_half(c) == "4 wool")


def where(contract: int) -> str | None:
    return "on the export board" if contract == THREE_WOOL else None


def ask(answers: list, pool: list[int]) -> tuple[list[int], ScriptedAsker]:
    asker = ScriptedAsker(answers)
    drawn = ask_tiles(asker, "Drawn:", CONTRACTS, lambda: pool, lambda drawn: [], 1, where)
    return drawn, asker


def test_a_tile_in_play_is_said_to_be_before_near_tiles_are_offered():
    pool = [c for c in CONTRACTS if c != THREE_WOOL]
    drawn, asker = ask(["3 wool", named(CONTRACTS[FOUR_WOOL])], pool)
    said = [s for s in asker.said if "already" in s]
    face_of = face(CONTRACTS[THREE_WOOL])
    assert said == [f"The 3 wool tile ({face_of}) is already on the export board."]
    assert drawn == [FOUR_WOOL]


def test_none_of_the_near_tiles_asks_the_whole_answer_again():
    pool = [c for c in CONTRACTS if c != THREE_WOOL]
    drawn, asker = ask(["3 wool", "0", "4 wool"], pool)
    assert drawn == [FOUR_WOOL]
    assert sum("already on the export board" in s for s in asker.said) == 1


def test_a_tile_left_in_the_pile_is_taken_without_a_word():
    drawn, asker = ask(["3 wool"], list(CONTRACTS))
    assert drawn == [THREE_WOOL] and not asker.said


def test_where_a_contract_in_play_is():
    from caledonia.rules.game.contracts import available, where_contract
    from caledonia.storage.games import load_game
    from conftest import SAMPLES

    state = load_game(str(SAMPLES / "midway-4p.yaml"), components()).state
    on_board = next(c for c in state.export_board if c is not None)
    assert where_contract(state, on_board) == "on the export board"
    holder = next(p for p in state.players if p.open_contracts)
    assert where_contract(state, holder.open_contracts[0]) == f"in {holder.name}'s export box"
    assert where_contract(state, available(state)[0]) is None


def test_the_tile_count_is_checked_before_any_menu():
    """'wool, beef, whisky' for one tile drawn (no tile asks for exactly those goods):
    three tiles named, refused at once with the count, before a "Which tile is ...?" menu
    for each part; then asked again."""
    drawn, asker = ask(["wool, beef, whisky", "3 wool"], list(CONTRACTS))
    assert drawn == [THREE_WOOL]
    [(_, typed, reason)] = asker.refusals
    assert typed == "wool, beef, whisky"
    assert reason == "1 tile was drawn, and 3 were named: commas go only between tiles."
    assert not [q for q in asker.questions if q.startswith("Which tile")]


def test_one_tiles_goods_written_with_commas_are_one_tile_when_one_was_drawn():
    twin_free = next(
        c
        for c in CONTRACTS.values()
        if len(c.pay) == 3 and left_half(c) != "2 wool + 1 cheese + 1 whisky"
    )
    typed = ", ".join(f"{n} {g}" for g, n in twin_free.pay.items())
    drawn, asker = ask([typed], list(CONTRACTS))
    assert drawn == [twin_free.id] and not asker.refusals
