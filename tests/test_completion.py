"""Shell completion through Typer's completion environment variables: the scripts for each
shell, `act`'s verbs with the players and spaces of the game file given, and the box's
words (clans, goods, units, contracts, port tiles, module sides) wherever they are typed."""

from __future__ import annotations

import pytest
from caledonia.cli import completion
from caledonia.cli.main import build_app
from conftest import SAMPLES, run_cli
from typer.testing import CliRunner

GAME = str(SAMPLES / "game-3p.yaml")
POSITION = str(SAMPLES / "position-3p.yaml")


def bash(line: str) -> list[str]:
    """The suggestions bash gets for `line` (the word being typed is the last one, or a new
    one when the line ends with a space)."""
    words = line.split()
    index = len(words) if line.endswith(" ") else len(words) - 1
    env = {"_CALEDONIA_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(index)}
    result = CliRunner().invoke(build_app(), [], env=env, prog_name="caledonia")
    assert result.exit_code == 0, result.output
    return result.output.split()


def zsh(line: str) -> str:
    env = {"_CALEDONIA_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": line}
    result = CliRunner().invoke(build_app(), [], env=env, prog_name="caledonia")
    assert result.exit_code == 0, result.output
    return result.output


# -- the scripts --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shell", "marker"),
    [
        ("zsh", "#compdef caledonia"),
        ("bash", "complete -o default -F _caledonia_completion caledonia"),
        ("fish", "complete --command caledonia"),
    ],
)
def test_the_shell_named_wins_over_the_shell_running(shell, marker):
    result = run_cli("--show-completion", shell, env={"SHELL": "/bin/bash"})
    assert result.returncode == 0, result.stderr
    assert marker in result.stdout
    assert "_CALEDONIA_COMPLETE=complete_" + shell in result.stdout


def test_an_unknown_shell_is_a_usage_error():
    result = run_cli("--show-completion", "tcsh")
    assert result.returncode == 2
    assert "tcsh" in result.stderr and "zsh" in result.stderr
    assert result.stdout == ""


def test_a_completion_option_alone_gets_the_shell_caledonia_runs_in(monkeypatch):
    monkeypatch.setattr(completion, "detected_shell", lambda: "fish")
    assert completion.with_shell_named(["--show-completion"]) == ["--show-completion", "fish"]
    assert completion.with_shell_named(["--install-completion"]) == [
        "--install-completion",
        "fish",
    ]
    assert completion.with_shell_named(["--show-completion", "zsh"]) == [
        "--show-completion",
        "zsh",
    ]
    # a command's own words are left alone
    assert completion.with_shell_named(["act", "g.yaml", "--show-completion"]) == [
        "act",
        "g.yaml",
        "--show-completion",
    ]


# -- act and fix ------------------------------------------------------------------------


def test_act_completes_the_verbs():
    verbs = bash(f"caledonia act {GAME} ")
    assert {"trade", "expand", "pass", "prepare", "fix", "fulfil"} <= set(verbs)
    assert bash(f"caledonia act {GAME} tr") == ["trade"]


def test_act_completes_the_players_of_the_game_file_given():
    assert bash(f"caledonia act {GAME} trade ") == ["Fiona", "Hamish", "Morag"]
    assert bash(f"caledonia act {GAME} pass h") == ["Hamish"]  # any letter case
    two_player = str(SAMPLES / "game-2p.yaml")
    assert bash(f"caledonia act {two_player} pass ") == ["Iain", "Kirsty"]


def test_act_completes_each_word_by_what_it_is():
    assert bash(f"caledonia act {GAME} trade Fiona ") == ["buy", "sell"]
    assert bash(f"caledonia act {GAME} trade Fiona buy w") == ["wool", "whisky"]
    assert "cheese_dairy" in bash(f"caledonia act {GAME} expand Fiona ")
    spaces = bash(f"caledonia act {GAME} expand Fiona cow A-1")
    assert spaces[0] == "A-10" and all(s.startswith("A-1") for s in spaces)
    assert bash(f"caledonia act {GAME} clan Fiona ") == [
        "MacKenzie",
        "Buchanan",
        "Campbell",
        "Fergusson",
    ]  # the clans drawn for this game
    assert bash(f"caledonia act {GAME} port Fiona ") == ["1", "2", "4", "6"]  # its port tiles
    assert bash(f"caledonia act {GAME} port Fiona 6 wool ") == ["up", "down"]
    assert bash(f"caledonia act {GAME} fulfil Fiona 12 --sl") == ["--slaughter"]
    assert bash(f"caledonia act {GAME} fulfil Fiona 12 --slaughter B-0")[0] == "B-01"
    assert bash(f"caledonia act {GAME} prepare --roll ch") == ["cheese:"]
    assert bash(f"caledonia act {GAME} pass Fiona ") == []  # nothing more to say


def test_fix_completes_what_and_its_words():
    assert "money" in bash(f"caledonia fix {GAME} ")
    assert bash(f"caledonia fix {GAME} goods M") == ["Morag"]
    assert bash(f"caledonia fix {GAME} goods Morag ") == [
        "wool",
        "milk",
        "grain",
        "cheese",
        "bread",
        "whisky",
    ]


def test_zsh_gets_the_same_words():
    out = zsh(f"caledonia act {GAME} trade ")
    assert '"Fiona"' in out and '"Hamish"' in out and '"Morag"' in out
    assert '"wool"' in zsh(f"caledonia act {GAME} trade Fiona buy w")


@pytest.mark.parametrize(
    "content",
    [None, "format: caledonia-game/1\nsetup: [\n", "just words", "setup: {players: 3}\n"],
    ids=["missing", "broken-yaml", "not-a-game", "bad-setup"],
)
def test_a_missing_or_broken_game_file_gives_no_suggestions(tmp_path, content):
    path = tmp_path / "game.yaml"
    if content is not None:
        path.write_text(content)
    for line in (
        f"caledonia act {path} trade ",
        f"caledonia act {path} expand Fiona cow A-",
        f"caledonia act {path} port Fiona ",
        f"caledonia fix {path} goods ",
        f"caledonia options {path} --player ",
    ):
        assert bash(line) == []


def test_completion_through_the_installed_entry_point_prints_nothing_else(tmp_path):
    env = {
        "_CALEDONIA_COMPLETE": "complete_bash",
        "COMP_WORDS": f"caledonia act {GAME} trade ",
        "COMP_CWORD": "4",
    }
    result = run_cli(env=env, subprocess=True)  # nothing printed as the interpreter starts
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.split() == ["Fiona", "Hamish", "Morag"]
    env["COMP_WORDS"] = f"caledonia act {tmp_path / 'none.yaml'} trade "
    result = run_cli(env=env)
    assert (result.returncode, result.stdout.strip(), result.stderr) == (0, "", "")


def test_only_the_command_being_completed_is_built():
    env = {"_CALEDONIA_COMPLETE": "complete_bash", "COMP_WORDS": "caledonia act g.yaml tr"}
    assert completion.command_being_completed({**env, "COMP_CWORD": "3"}) == "act"
    assert completion.command_being_completed({**env, "COMP_CWORD": "1"}) is None
    zsh_env = {"_CALEDONIA_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "caledonia so"}
    assert completion.command_being_completed(zsh_env) is None
    zsh_env["_TYPER_COMPLETE_ARGS"] = "caledonia solo "
    assert completion.command_being_completed(zsh_env) == "solo"
    assert completion.command_being_completed({}) is None


# -- the box's words wherever they are typed --------------------------------------------


def test_the_box_words_complete_in_every_command():
    assert "MacDonald" in bash("caledonia clans ")
    assert bash("caledonia clans mac") == ["MacDonald", "MacKenzie", "MacEwen"]
    assert bash("caledonia new g.yaml --modules A1,B") == ["A1,B1", "A1,B2"]
    assert bash("caledonia new g.yaml --clans Buchanan,Stew") == ["Buchanan,Stewart"]
    assert "5,2" in bash("caledonia new g.yaml --ports 5,")  # port tiles
    assert "5" not in [p.split(",")[-1] for p in bash("caledonia new g.yaml --ports 5,")]
    assert bash("caledonia new g.yaml -p Ailsa:red -p Bruce --start-player ") == [
        "Ailsa",
        "Bruce",
    ]
    assert "17" in bash("caledonia contracts ")
    assert "tobacco" in bash("caledonia contracts --gives ")
    assert "whisky" in bash("caledonia contracts --pays ")
    assert bash("caledonia map transcribe C") == ["C1", "C2"]
    assert bash(f"caledonia map legal {POSITION} ") == ["Ailsa", "Bruce", "Catriona"]
    assert "cheese_dairy" in bash(f"caledonia map legal {POSITION} Ailsa ")
    assert bash("caledonia solo prepare s.yaml --roll wh") == ["whisky:"]
    assert bash("caledonia solo prepare s.yaml --price br") == ["bread="]
    assert "12,33" in bash("caledonia solo new s.yaml --contracts 12,3")
    assert bash(f"caledonia options {GAME} --player ") == ["Fiona", "Hamish", "Morag"]


def test_fix_contract_completes_where_then_who():
    assert bash(f"caledonia fix {GAME} contract 12 ") == ["open", "fulfilled", "board", "out"]
    assert bash(f"caledonia fix {GAME} contract 12 open ") == ["Fiona", "Hamish", "Morag"]
    assert bash(f"caledonia fix {GAME} technology Fiona ") == ["woodcutter", "miner"]
