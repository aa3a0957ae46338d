"""Drafts of long entries (cli/drafts.py): answers kept as given, replayed on the next run
only while they still fit, and a draft that cannot be kept said once, never a failure."""

from __future__ import annotations

import json

import pytest
from caledonia.cli.drafts import Draft, drafts_folder
from caledonia.cli.prompts import Choice, whole_number
from scripted import ScriptedAsker

MENU = [Choice("Red", {"colour": "red"}), Choice("Blue", {"colour": "blue"})]


def flow(ask):
    """A small entry: every kind of question once."""
    name = ask.text("Name", validate=lambda t: bool(t.strip()) or "A name, please.")
    money = ask.text("Money", default="0", validate=whole_number())
    colour = ask.choose("Colour", MENU)
    sure = ask.confirm("Sure?", default=True)
    clan = ask.complete("Clan", ["Buchanan", "Stewart"])
    size = ask.select("Size", ["small", "big"])
    return name, money, colour, sure, clan, size


ANSWERS = ["Ailsa", "12", "Blue", True, "Stewart", "big"]
RESULT = ("Ailsa", "12", {"colour": "blue"}, True, "Stewart", "big")


@pytest.mark.parametrize("stop_at", range(len(ANSWERS)))
def test_a_stopped_entry_goes_on_where_it_stopped(stop_at):
    first = ScriptedAsker([*ANSWERS[:stop_at], KeyboardInterrupt()])
    draft = Draft.named("test")
    with pytest.raises(KeyboardInterrupt):
        flow(draft.asker(first, "the test"))
    assert draft.kept == bool(stop_at) and len(draft.answers) == stop_at
    second = ScriptedAsker(([True] if stop_at else []) + ANSWERS[stop_at:])
    assert flow(Draft.named("test").asker(second, "the test")) == RESULT
    resumed = second.questions[1:] if stop_at else second.questions
    assert resumed[0] == first.questions[-1]  # where it stopped, not before


def test_an_answer_the_check_now_refuses_ends_the_replay_there():
    draft = Draft.named("test")
    with pytest.raises(KeyboardInterrupt):
        flow(draft.asker(ScriptedAsker(["Ailsa", "12", KeyboardInterrupt()]), "the test"))
    stored = json.loads(draft.path.read_text())
    stored["answers"][1]["answer"] = "lots"  # e.g. a limit that changed since
    draft.path.write_text(json.dumps(stored))
    again = ScriptedAsker([True, "13", *ANSWERS[2:]])
    assert flow(Draft.named("test").asker(again, "the test"))[1] == "13"
    assert again.questions[:2] == [again.questions[0], "Money"]


def test_a_different_question_ends_the_replay():
    draft = Draft.named("test")
    with pytest.raises(KeyboardInterrupt):
        flow(draft.asker(ScriptedAsker(["Ailsa", "12", "Red", KeyboardInterrupt()]), "the test"))

    def other_flow(ask):
        return ask.text("Name"), ask.text("Glory", validate=whole_number())

    again = ScriptedAsker([True, "5"])
    assert other_flow(Draft.named("test").asker(again, "the test")) == ("Ailsa", "5")
    assert "Went on from the draft: 1 answer kept." in again.said
    assert len(Draft.named("test").answers) == 2  # the stale rest is dropped


def test_declining_throws_the_draft_away():
    draft = Draft.named("test")
    with pytest.raises(KeyboardInterrupt):
        flow(draft.asker(ScriptedAsker(["Ailsa", KeyboardInterrupt()]), "the test"))
    again = ScriptedAsker([False, *ANSWERS])
    assert flow(Draft.named("test").asker(again, "the test")) == RESULT
    assert again.questions[1] == "Name"


def test_discard_leaves_no_file():
    draft = Draft.named("test")
    flow(draft.asker(ScriptedAsker(ANSWERS), "the test"))
    assert draft.path.exists()
    draft.discard()
    assert not draft.path.exists() and Draft.named("test").answers == []


def test_a_draft_that_cannot_be_kept_is_said_once_and_the_entry_goes_on(tmp_path, monkeypatch):
    (tmp_path / "plain-file").write_text("x")
    monkeypatch.setenv("CALEDONIA_DRAFTS_DIR", str(tmp_path / "plain-file" / "drafts"))
    draft = Draft.named("test")
    ask = ScriptedAsker(ANSWERS)
    assert flow(draft.asker(ask, "the test")) == RESULT
    assert len([s for s in ask.said if s.startswith("Note: no draft can be kept")]) == 1
    assert not draft.kept
    assert draft.stopped_words("caledonia x") == "Stopped: nothing was saved."


def test_a_broken_draft_file_is_ignored():
    drafts_folder().mkdir(parents=True, exist_ok=True)
    Draft.named("test").path.write_text("{not json")
    assert Draft.named("test").answers == []


def test_draft_names_are_plain_file_names():
    assert Draft.named("transcribe", "../../etc/A1").path.parent == drafts_folder()


def test_a_way_back_over_a_draft_keeps_the_answers_of_the_questions_as_they_stand():
    """Back from a question (cli/way_back.py), the draft forgets the answer to be given
    again: a stop then keeps the answers as the flow stands, in order, none twice."""
    from caledonia.cli.way_back import with_way_back

    draft = Draft.named("test")
    first = ScriptedAsker(["Ailsa", "12", "0", "13", "Blue", KeyboardInterrupt()])
    with pytest.raises(KeyboardInterrupt):
        with_way_back(draft.asker(first, "the test"), flow)
    assert first.questions == ["Name", "Money", "Colour", "Money", "Colour", "Sure?"]
    assert [a["answer"] for a in Draft.named("test").answers] == ["Ailsa", "13", 1]
    second = ScriptedAsker([True, *ANSWERS[3:]])
    assert with_way_back(Draft.named("test").asker(second, "the test"), flow)[:3] == (
        "Ailsa",
        "13",
        {"colour": "blue"},
    )
