"""`caledonia play GAME`: walk a table through a whole game with prompts.

Each answer becomes an ordinary event, recorded and saved (atomic replace)
before the next question, so Ctrl-C or Ctrl-D at any question leaves the file
as of the last event and `play` resumes at that same question. The menus come
from `legal_events` (cli/choosing.py); at the first menu of each question the
table may also undo, redo, fix, look at the status, the board or the log, or
stop.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from .choosing import (
    KIND_WORDS,
    Decision,
    decision,
    event_choices,
    forced,
    kind_choices,
    narrow,
)
from .errors import UsageProblem
from .game_io import GameArgument, keep_checkpoint
from .output import (
    BoxOption,
    ExportBoardOption,
    MapsOption,
    MarketOption,
    console,
    emit,
    is_interactive,
    message,
)
from .play_saving import Table, commit
from .prompts import Asker, Choice

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game

BACK = Choice("← back", "back", "0")
NO_TERMINAL = (
    "play asks questions and needs a terminal. Without one, record each event with "
    "'caledonia act GAME VERB ...' and list what is legal with 'caledonia options GAME'"
)


class Escape(str):
    """A menu answer that is not an event: undo, redo, fix, status, board, log, quit."""


UNDO, REDO, FIX, STATUS, BOARD, LOG, QUIT, END_TURN, FINAL = (
    Escape(w) for w in ("undo", "redo", "fix", "status", "board", "log", "quit", "end", "final")
)


class Stop(Exception):
    """The table chose to stop: everything is saved already."""


def play(
    game_file: GameArgument,
    maps: MapsOption = None,
    market_file: MarketOption = None,
    box_file: BoxOption = None,
    export_board: ExportBoardOption = None,
) -> None:
    """Walk the table through a whole game with prompts, from the setup to the score.

    A new game when GAME does not exist (the setup questions first); else on from where
    the file stands.

    Example: [cyan]caledonia play game.yaml[/cyan]
    """
    if not is_interactive():
        raise UsageProblem(NO_TERMINAL, "play")
    from .prompts import QuestionaryAsker

    files = {
        "maps": maps,
        "market_file": market_file,
        "box_file": box_file,
        "export_board": export_board,
    }
    run(QuestionaryAsker(), game_file, **files)


def run(asker: Asker, path: str, **files: Any) -> Game:
    """The whole walk-through on any asker (tests script one). Returns the game as saved."""
    from caledonia.rules.locking import seen

    from .writing import check_writable

    check_writable(path)  # every answer is saved at once: refuse now, not at the first save
    if Path(path).exists():
        table = Table.opened(path)
    else:
        from .drafts import Draft
        from .play_setup import ask_new_game

        # the setup's answers are kept as they are given: a stop goes on from there next time
        draft = Draft.named("play-setup", str(Path(path).resolve()))
        check_writable(draft.path)  # the set-up's answers are kept there: refuse now too
        try:
            game = ask_new_game(draft.asker(asker, f"the setup of {path}"), path, **files)
        except (KeyboardInterrupt, EOFError):
            if draft.kept:
                message(draft.stopped_words(f"caledonia play {path}"))
            else:
                message("Stopped before the game was created: nothing was written.")
            raise typer.Exit(130) from None
        draft.discard()
        table = Table(path, game, seen(path))
    try:
        while step(asker, table):
            pass
    except Stop:
        if table.unsaved is not None:
            message(f"Stopped. {table.saved_words()}", style="red")
            raise typer.Exit(1) from None
        message(f"Saved. 'caledonia play {table.path}' goes on from here.")
    except (KeyboardInterrupt, EOFError):
        message(f"Stopped. {table.saved_words()}")
        raise typer.Exit(130) from None
    finally:  # each answer is saved without one: the checkpoint is kept once, at the end
        keep_checkpoint(table.path, table.game)
    return table.game


def step(asker: Asker, table: Table) -> bool:
    """Ask one question and record its answer; False once the game is over."""
    game = table.game
    state = game.state
    legal = game.legal()
    if state.phase == "over" and not len(legal):  # else a barrel may come out first
        _final_score(game)
        return False
    choice = decision(state, legal)
    if choice is None:
        return False
    event = forced(choice)
    if event is None:
        _header(game, choice)
        event = ask_event(asker, game, choice)
        if isinstance(event, Escape):
            _escape(asker, table, event, choice)
            return True
    _record(asker, table, event)
    return True


def _record(asker: Asker, table: Table, event: dict) -> None:
    """Record an answer and save it; when the file changed meanwhile, only if the rules
    still allow it on the file's game (else the question is asked again)."""
    from caledonia.rules.game.events import describe

    def still_legal(game: Game) -> bool:
        reasons = game.check(event)
        if reasons:
            message(f"Not recorded: {describe(event)}: {reasons[0]}. Asking again.", style="red")
            return False
        message(f"Your answer still stands: {describe(event)} is recorded after them.")
        return True

    made, notes = commit(asker, table, lambda game: game.apply(event), still_legal)
    if not made:
        return
    emit(f"✓ {describe(table.game.events[-1])}", style="bold")
    for note in notes:  # who answers next is the next question's header
        emit(f"  {note}")


def _not_again(what: str) -> Any:
    """For an undo or redo asked on a game that has changed since: ask again instead."""

    def refuse(game: Game) -> bool:
        message(f"Not {what}: the game changed elsewhere. Asking again.", style="red")
        return False

    return refuse


# -- the menus ------------------------------------------------------------------------


def ask_event(asker: Asker, game: Game, choice: Decision) -> dict | Escape:
    """Menus down to one legal event, or an escape; 'back' returns to the first menu."""
    while True:
        kind = asker.choose(_question(game, choice), _first_menu(game, choice))
        if isinstance(kind, Escape):
            return kind
        picked = _ask_kind(asker, game, kind, choice.events[kind])
        if picked is not None:
            return picked


def _question(game: Game, choice: Decision) -> str:
    if choice.player is None:
        return f"Prepare round {game.state.round + 1}:"
    if choice.then is not None:
        return f"{choice.player}: anything more this turn?"
    return f"{choice.player}, what now?"


def _first_menu(game: Game, choice: Decision) -> list[Choice]:
    listed = {kind: events for kind, events in choice.events.items() if kind != "end_turn"}
    menu = kind_choices(game.state, listed)
    if choice.then is not None:
        menu.append(Choice(f"End {choice.player}'s turn: {choice.then} plays", END_TURN, "z"))
    if game.state.phase == "over":  # what is still legal comes before the final score
        menu.append(Choice("The final score", FINAL, "f"))
    menu.append(Choice("Undo the last event", UNDO, "u") if game.events else None)
    menu.append(Choice("Redo", REDO, "y") if game.undone else None)
    menu += [
        Choice("Fix something to match the table", FIX, "x"),
        Choice("Status", STATUS, "i"),
        Choice("Board", BOARD, "d"),
        Choice("Log", LOG, "l"),
        Choice("Save and quit", QUIT, "q"),
    ]
    return [c for c in menu if c is not None]


def _ask_kind(asker: Asker, game: Game, kind: str, events: Any) -> dict | None:
    from caledonia.rules.game.families import Family

    if isinstance(events, Family):
        return _ask_family(asker, game, kind, events)
    events = list(events)
    earlier: list[list[dict]] = []  # the lists above this one, for 'back'
    while True:
        level = narrow(game.state, kind, events)
        if level is not None:
            question, choices = level
            picked = asker.choose(question.question, choices + [BACK])
        elif len(events) == 1:
            return events[0]
        else:
            words = KIND_WORDS.get(kind, kind)
            picked = asker.choose(f"{words}:", event_choices(game.state, kind, events) + [BACK])
            if picked != "back":
                return picked
        if picked == "back":
            if not earlier:
                return None
            events = earlier.pop()
            continue
        earlier.append(events)
        events = picked


def _ask_family(asker: Asker, game: Game, kind: str, events: Any) -> dict | None:
    """Choices too many to list (the dice, contracts drawn from the table's own pile): the
    table says what the dice or the pile show, then picks among what that allows."""
    from caledonia.rules.game.legal import normalise

    state = game.state
    base: dict[str, Any] = {"type": kind}
    sample = next(iter(events))
    if "player" in sample:
        base["player"] = sample["player"]
    if state.pile is None and "drawn" in sample:  # the table's own pile: what came up?
        asker.say(events.summary)
        base["drawn"] = ask_drawn(asker, state, len(sample["drawn"]))
    if kind == "prepare" and state.rules.dice(state) is not None:
        base["rolls"] = _ask_dice(asker, game)
    if kind == "building_bonus":  # keep none, one or (a clan's) two of those drawn
        from itertools import combinations

        drawn = base.get("drawn", [])
        kept = [
            normalise(state, {**base, **dict(zip(("keep", "second"), keep, strict=False))})
            for n in range(3)
            for keep in combinations(drawn, n)
        ]
        allowed = [e for e in kept if e in events]
        if not allowed:
            return None
        picked = asker.choose("Keep:", event_choices(state, kind, allowed) + [BACK])
        return None if picked == "back" else picked
    event = normalise(state, base)
    if event not in events:  # the dice and the draw are checked; say why if not
        for reason in game.check(event):
            asker.say(f"Refused: {reason}")
        return None
    return event


DRAWN_QUESTION = (
    "The {count} drawn from your pile: the goods on each tile's left half, commas between "
    "tiles (e.g. 4 wool, 2 beef + 2 cheese); a few goods search the pile:"
)


def ask_drawn(asker: Asker, state: Any, count: int) -> list[int]:
    """The contracts drawn from the table's own pile, by the goods their tiles show: a tile
    that the goods typed do not single out (the twin left half, or a short search such as
    'wool cheese') is then chosen from a menu of the tiles that fit, by their whole face."""
    from caledonia.rules.contract_faces import named, search_tiles, split_tiles
    from caledonia.rules.game.contracts import available, draw_reasons
    from caledonia.rules.words import counted

    contracts = state.parts.contracts
    question = DRAWN_QUESTION.format(count=counted(count, "contract"))
    if not count:
        question = "Nothing is left in your pile to draw: Enter to go on"
    while True:
        typed = asker.text(question, validate=_drawn_validator(state, count))
        drawn: list[int] = []
        for item in split_tiles(typed) if typed.strip().casefold() not in ("none", "-") else ():
            pool = [c for c in available(state) if c not in drawn]
            found = search_tiles(item, contracts, among=pool)
            if len(found) > 1:
                menu = [Choice(named(contracts[c]), c) for c in found]
                found = [asker.choose(f"Which tile is {item!r}?", menu)]
            drawn.extend(found)
        reasons = draw_reasons(state, drawn, count)
        if not reasons:
            return drawn
        asker.say(f"Refused: {reasons[0]}")


def _drawn_validator(state: Any, count: int):
    """Each tile typed fits at least one tile in the pile; when every tile typed is singled
    out, the draw itself is checked too (how many, none twice, none in play)."""
    from caledonia.rules.contract_faces import TileNotRead, search_tiles, split_tiles
    from caledonia.rules.game.contracts import available, draw_reasons
    from caledonia.rules.words import sentence

    def check(text: str) -> bool | str:
        if text.strip().casefold() in ("", "none", "-"):
            return True if not count else f"Name the {count} tiles drawn."
        items = split_tiles(text)
        single: list[int] = []
        try:
            for item in items:
                found = search_tiles(item, state.parts.contracts)
                if not found:
                    return f"No tile asks for all of {item!r}."
                if len(found) == 1:
                    single += found
        except TileNotRead as problem:
            return sentence(str(problem))
        if len(single) == len(items):
            reasons = draw_reasons(state, single, count)
            return True if not reasons else sentence(reasons[0])
        if not any(c not in single for c in available(state)):
            return "Every tile left is named already."
        return True

    return check


def _ask_dice(asker: Asker, game: Game) -> list[dict]:
    from caledonia.rules.components import components
    from caledonia.rules.game.events.prepare import seeded_rolls

    from .dice import PHYSICAL_DICE, TOOL_DICE, ask_rolls

    physical = Choice(PHYSICAL_DICE, "physical", "p")
    tool = Choice(TOOL_DICE, "tool", "t")
    if asker.choose("The market dice:", [physical, tool]) == "tool":
        return seeded_rolls(game.state)
    return [{"good": r.good, "die": r.die} for r in ask_rolls(components(), asker)]


# -- the escapes ----------------------------------------------------------------------


def _escape(asker: Asker, table: Table, escape: Escape, choice: Decision) -> None:
    from caledonia.rules.game.events import describe
    from caledonia.rules.game.gamefile import undo_game

    from .game_cmd import print_log, print_status

    game, path = table.game, table.path
    if escape == QUIT:
        raise Stop
    if escape == FINAL:
        _final_score(game)
        raise Stop
    if escape == END_TURN:  # an event of its own, saved at once: the file says whose turn
        _record(asker, table, {"type": "end_turn", "player": choice.player})
    elif escape == UNDO:
        made, undone = commit(
            asker, table, lambda g: undo_game(table.path, g, 1), _not_again("undone")
        )
        for event in undone if made else []:
            emit(f"undone: {describe(event)}")
    elif escape == REDO:
        made, redone = commit(asker, table, lambda g: g.redo(1), _not_again("redone"))
        for event, notes in redone if made else []:
            emit(f"redone: {describe(event)}")
            for note in notes:
                emit(f"  {note}")
    elif escape == FIX:
        _fix(asker, table)
    elif escape == STATUS:
        print_status(game, game_file=path)
    elif escape == BOARD:
        spaces = {
            game.state.space(e["space"])
            for kind in ("expand", "worker")
            for e in choice.events.get(kind, [])
            if not str(e["space"]).startswith("port:")
        }
        print_status(game, show_map=True, highlight=spaces, game_file=path)
        if spaces:
            marked = "the space" if len(spaces) == 1 else f"the {len(spaces)} spaces"
            emit(f"Marked: {marked} {choice.player} may build on now.")
    elif escape == LOG:
        print_log(game, last=20)


def _fix(asker: Asker, table: Table) -> None:
    """A correction in the words `caledonia fix` takes, checked before it is recorded."""
    from caledonia.rules.game.events import event_from_words
    from caledonia.rules.game.gamefile import checked_event
    from caledonia.rules.game.spec import WordsError
    from caledonia.rules.game.state import Refused

    game = table.game
    parts = game.state.parts

    def parse(text: str) -> dict:
        event = event_from_words("fix", text.split())
        return checked_event(event, parts, "the fix")

    def check(text: str) -> bool | str:
        if not text.strip():
            return True  # nothing: back to the menu
        try:
            event = parse(text)
        except (WordsError, Refused) as problem:
            return str(problem)
        reasons = game.check(event)
        return True if not reasons else "; ".join(reasons)

    from caledonia.rules.game.events.fix import CORRECTIONS

    someone = game.state.turn.player or game.state.players[0].name
    asker.say(f"Corrections: {', '.join(CORRECTIONS)} (see 'caledonia fix --help').")
    text = asker.text(
        f"Fix, e.g. 'money {someone} 23' or 'goods {someone} wool 2' (Ctrl-U clears the line; "
        "Enter alone: none):",
        validate=check,
    )
    if text.strip():
        _record(asker, table, parse(text))


# -- what the table sees ----------------------------------------------------------------


def _header(game: Game, choice: Decision) -> None:
    """One unmissable line: round, whose question, and what that player holds."""
    from caledonia.rules.game.state import phase_words

    state = game.state
    out = console()
    if choice.player is None:
        out.rule(f"Round {state.round} · {phase_words(state.phase)}", style="bold")
        return
    p = state.by_name(choice.player)
    goods = ", ".join(f"{n} {g}" for g, n in p.goods.items() if n) or "no goods"
    facts = [
        f"£{p.money}",
        goods,
        f"{p.merchants_stock} merchant{'' if p.merchants_stock == 1 else 's'} free",
        f"contracts {', '.join(map(str, p.open_contracts)) or '-'}",
        f"shipping {p.shipping_level.replace('_', '-')}",
        f"technology {', '.join(sorted(p.technology)) or '-'}",
    ]
    clan = f" ({p.clan})" if p.clan else ""
    when = f"Round {state.round}" if state.round else "Set-up"
    title = f"{when} · {p.name}{clan} · {phase_words(state.phase)}"
    out.rule(title, style=f"bold {p.colour}")
    emit(" · ".join(facts))


def _final_score(game: Game) -> None:
    from caledonia.rules.game.final import final_score, sheet_of

    from .score_view import render_score

    render_score(final_score(game.state), sheet_of(game.state))
