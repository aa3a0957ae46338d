"""`caledonia play GAME`: walk a table through a whole game with prompts.

Each answer becomes an ordinary event, recorded and saved (atomic replace)
before the next question, so Ctrl-C or Ctrl-D at any question leaves the file
as of the last event and `play` resumes at that same question. The menus come
from `legal_events` (cli/choosing.py); at the first menu of each question the
table may also undo, redo, fix, look at the status, the board or the log, or
stop.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Mapping
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from caledonia.rules.components import components
from caledonia.rules.contract_faces import short
from caledonia.rules.game.contracts import available, draw_reasons, where_contract
from caledonia.rules.game.event_words import describe
from caledonia.rules.game.events.prepare import seeded_rolls
from caledonia.rules.game.families import Family
from caledonia.rules.game.final import final_score, sheet_of
from caledonia.rules.game.legal import normalise
from caledonia.rules.game.pieces import position_of
from caledonia.rules.game.registry import EVENTS, MENU
from caledonia.rules.game.state import phase_words
from caledonia.rules.game.why_not import why_not
from caledonia.rules.locking import seen
from caledonia.rules.messages import N_
from caledonia.rules.names import Name
from caledonia.storage.games import undo_game

from .choosing import (
    Decision,
    all_of,
    bonus_words,
    by_module,
    decision,
    ends_words,
    event_choices,
    forced,
    kind_choices,
    kind_words,
    narrow,
)
from .dice import PHYSICAL_DICE, TOOL_DICE, ask_rolls
from .drafts import Draft
from .errors import UsageProblem
from .explaining import refusing, with_rules
from .game_io import GameArgument, keep_checkpoint
from .game_log import print_log
from .game_status import print_status
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
from .play_fix import ask_fix
from .play_history import ask_kept, undo_words
from .play_saving import Table, commit
from .play_setup import ask_new_game
from .prompts import Asker, Choice, GoBack, answered_lines, terminal_width
from .score_view import render_score
from .serve_options import PORT, LanOption, PortOption
from .tile_entry import ask_tiles
from .translation import t, t_n, tr
from .way_back import with_way_back
from .where_view import fits_a_picture, keyed_with_picture
from .writing import check_writable

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game
    from caledonia.rules.game.spec import DieRoll
    from caledonia.rules.game.state import GameState

BACK = Choice(N_("← back"), "back", "0")  # its words translated where shown (_back)
NO_TERMINAL = N_(
    "play asks questions and needs a terminal. Without one, record each event with "
    "'caledonia act GAME VERB ...' and list what is legal with 'caledonia options GAME'"
)


class Escape(str):
    """A menu answer that is not an event: undo, redo, fix, status, board, log, quit."""


UNDO, REDO, FIX, STATUS, BOARD, LOG, QUIT, END_TURN, FINAL = (
    Escape(w) for w in ("undo", "redo", "fix", "status", "board", "log", "quit", "end", "final")
)
HISTORY, REDO_ALL = Escape("history"), Escape("redo all")


class Screen:
    """The lines printed since the player's header, the header's own included: a "Where?"
    picture must leave them on the terminal (each answered menu leaves its line there)."""

    def __init__(self, lines: int = 0):
        self.lines = lines
        self.by_module: dict[str, bool] = {}  # asked "Where?" first, by the list of events


class Stop(Exception):
    """The table chose to stop: everything is saved already."""


def play(
    game_file: GameArgument,
    maps: MapsOption = None,
    market_file: MarketOption = None,
    box_file: BoxOption = None,
    export_board: ExportBoardOption = None,
    serve: Annotated[
        bool,
        typer.Option(
            "--serve",
            help=N_(
                "Also serve the game's live page, as 'caledonia serve' does, for as long as "
                "play runs."
            ),
        ),
    ] = False,
    lan: LanOption = False,
    port: PortOption = PORT,
) -> None:
    """Walk the table through a whole game with prompts, from the setup to the score.

    A new game when GAME does not exist (the setup questions first); else on from where
    the file stands. With --serve (or --lan), the game's live page for the phones and the
    TV too.

    Example: [cyan]caledonia play game.yaml[/cyan]
    """
    if not is_interactive():
        raise UsageProblem(t(NO_TERMINAL), "play")
    from .prompts import QuestionaryAsker

    files = {
        "maps": maps,
        "market_file": market_file,
        "box_file": box_file,
        "export_board": export_board,
    }
    page = None
    if serve or lan:
        from .serve_server import start_beside

        page = start_beside(game_file, port, lan)
    try:
        run(QuestionaryAsker(), game_file, **files)
    finally:
        if page is not None:
            page.stop()


def run(asker: Asker, path: str, **files: Any) -> Game:
    """The whole walk-through on any asker (tests script one). Returns the game as saved."""
    check_writable(path)  # every answer is saved at once: refuse now, not at the first save
    if Path(path).exists():
        table = Table.opened(path)
    else:
        # the setup's answers are kept as they are given: a stop goes on from there next time
        draft = Draft.named("play-setup", str(Path(path).resolve()))
        check_writable(draft.path)  # the set-up's answers are kept there: refuse now too
        try:
            game = ask_new_game(
                draft.asker(asker, t("the setup of {path}", path=path)), path, **files
            )
        except (KeyboardInterrupt, EOFError):
            if draft.kept:
                message(draft.stopped_words(f"caledonia play {path}"))
            else:
                message(t("Stopped before the game was created: nothing was written."))
            raise typer.Exit(130) from None
        draft.discard()
        table = Table(path, game, seen(path))
    try:
        while step(asker, table):
            pass
    except Stop:
        if table.unsaved is not None:
            message(t("Stopped. {saved}", saved=table.saved_words()), style="red")
            raise typer.Exit(1) from None
        message(t("Saved. 'caledonia play {path}' goes on from here.", path=table.path))
    except (KeyboardInterrupt, EOFError):
        message(t("Stopped. {saved}", saved=table.saved_words()))
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
    _say_turn_over(table, choice)
    event = forced(choice)
    if event is None:
        screen = Screen(_header(game, choice))
        asked = ask_event(asker, game, choice, screen)
        if isinstance(asked, Escape):
            _escape(asker, table, asked, choice)
            return True
        event = asked
    _record(asker, table, event)
    return True


def _record(asker: Asker, table: Table, event: Mapping[str, Any]) -> None:
    """Record an answer and save it; when the file changed meanwhile, only if the rules
    still allow it on the file's game (else the question is asked again)."""

    def still_legal(game: Game) -> bool:
        reasons = game.check(event)
        if reasons:
            message(
                t(
                    "Not recorded: {event}: {reason}. Asking again.",
                    event=describe(event),
                    reason=reasons[0],
                ),
                style="red",
            )
            return False
        message(
            t("Your answer still stands: {event} is recorded after them.", event=describe(event))
        )
        return True

    made, notes = commit(asker, table, lambda game: game.apply(event), still_legal)
    if not made:
        return
    _said(f"✓ {tr(describe(table.game.events[-1], position_of(table.game.state)))}", style="bold")
    for note in notes:  # who answers next is the next question's header
        _said(f"  {tr(note)}")


def _said(text: str, style: str | None = None) -> None:
    """A line of what happened; at a terminal wrapped between words under itself (the
    terminal would break a long tile's face mid-word), elsewhere one line as it is."""
    if not sys.stdout.isatty():
        emit(text, style=style)
        return
    indent = " " * (len(text) - len(text.lstrip()) + 2)
    for line in textwrap.wrap(text, terminal_width() - 1, subsequent_indent=indent) or [text]:
        emit(line, style=style)


def _not_again(said: str) -> Any:
    """For an undo or redo asked on a game that has changed since: ask again instead
    (`said`: the message id that says so)."""

    def refuse(game: Game) -> bool:
        message(t(said), style="red")
        return False

    return refuse


# -- the menus ------------------------------------------------------------------------


def ask_event(
    asker: Asker, game: Game, choice: Decision, screen: Screen | None = None
) -> Mapping[str, Any] | Escape:
    """Menus down to one legal event, or an escape; 'back' returns to the first menu.
    `screen`: the lines printed since the player's header, which a "Where?" picture
    leaves on the screen."""
    screen = screen or Screen()
    only = _only_kind(choice)
    if only is not None:  # its own menu first, the escapes under it: no extra key
        escapes = [c for c in _first_menu(game, choice) if isinstance(c.value, Escape)]
        while True:
            picked = _ask_kind(
                asker, game, only, choice.events[only], escapes, choice.player, screen
            )
            if picked is not None:
                return picked
    while True:
        question, menu = _question(game, choice), _learning_menu(game, choice)
        kind = asker.choose(question, menu)
        if isinstance(kind, Escape):
            return kind
        screen.lines += answered_lines(question, menu, kind)
        picked = _ask_kind(asker, game, kind, choice.events[kind], screen=screen)
        if picked is not None:
            return picked


def _only_kind(choice: Decision) -> str | None:
    kinds = [kind for kind in choice.events if kind != "end_turn"]
    if len(kinds) == 1 and EVENTS[kinds[0]].asked_at_once and choice.then is None:
        return kinds[0]
    return None


def _question(game: Game, choice: Decision) -> str:
    if choice.player is None:
        return t("Prepare round {round}:", round=game.state.round + 1)
    if choice.then is not None:
        return t("{player}: anything more this turn?", player=choice.player)
    return t("{player}, what now?", player=choice.player)


def _first_menu(game: Game, choice: Decision) -> list[Choice]:
    listed = {kind: events for kind, events in choice.events.items() if kind != "end_turn"}
    menu = kind_choices(game.state, listed)
    if choice.then is not None:
        left = left_this_turn(game, choice)
        end = t("End {player}'s turn: {next} plays", player=choice.player, next=choice.then)
        menu.append(Choice(ends_words(end, left), END_TURN, "z"))
    if game.state.phase == "over":  # what is still legal comes before the final score
        menu.append(Choice(t("The final score"), FINAL, "f"))
    menu.append(Choice(t("Undo the last event"), UNDO, "u") if game.events else None)
    menu += _history_choices(game)
    menu += [
        Choice(t("Fix something to match the table"), FIX, "x"),
        Choice(t("Status"), STATUS, "i"),
        Choice(t("Board"), BOARD, "d"),
        Choice(t("Log"), LOG, "l"),
        Choice(t("Save and quit"), QUIT, "q"),
    ]
    return [c for c in menu if c is not None]


def left_this_turn(game: Game, choice: Decision) -> list[str]:
    """What the turn still allows and ending it gives up, in words: the open bonuses, free
    spaces and bonus upgrades that `choice` offers."""
    return [words for words, kind, _ in turn_holds(game.state) if kind in choice.events]


def turn_holds(state: GameState) -> list[tuple[str, str, dict[str, Any]]]:
    """What the turn still holds: each thing's words, the kind that would take it, and that
    kind's fields for it (a free space's expansion is free)."""
    turn = state.turn
    left: list[tuple[str, str, dict[str, Any]]] = [
        (bonus_words(spec.type), spec.type, {}) for spec in MENU if spec.bonus_open(turn)
    ]
    if turn.free_spaces:
        words = t_n("{count} free space", "{count} free spaces", turn.free_spaces)
        left.append((words, "expand", {"free": True}))
    if turn.bonus_upgrades:
        words = t_n("{count} bonus upgrade", "{count} bonus upgrades", turn.bonus_upgrades)
        left.append((words, "bonus", {}))
    return left


def _say_turn_over(table: Table, choice: Decision) -> None:
    """A turn that ends because nothing it still held can be taken says so, once, with
    the rules' reason: no bonus is lost without a word."""
    state = table.game.state
    ended = state.turn.player if state.phase == "action" else None
    if ended is None or choice.player == ended or table.turn_over_said == len(table.game.events):
        return
    left = turn_holds(state)  # nothing of it is offered: the next player is asked
    if not left:
        return
    table.turn_over_said = len(table.game.events)
    _, kind, fields = left[0]
    reasons = why_not(state, kind, ended, fields)
    _said(
        t(
            "{player}'s turn is over: {left} cannot be taken now ({reason}), and is given up",
            player=ended,
            left=all_of([words for words, _, _ in left]),
            reason=tr(reasons[0]) if reasons else t("nothing is offered for it"),
        ),
        style="yellow",
    )


def _end_turn_wanted(asker: Asker, game: Game, choice: Decision) -> bool:
    """'z' with something the turn still allows: a warning that says what, and a No that
    goes back to the menu (Enter keeps the turn going)."""
    left = left_this_turn(game, choice)
    if not left:
        return True
    return asker.confirm(
        t(
            "{player} may still take {left}. End the turn and give it up?",
            player=choice.player,
            left=all_of(left),
        ),
        default=False,
    )


def _ask_kind(
    asker: Asker,
    game: Game,
    kind: str,
    events: Any,
    escapes: list[Choice] | None = None,
    player: str | None = None,
    screen: Screen | None = None,
) -> Mapping[str, Any] | Escape | None:
    """Menus down to one event of `kind`; None: back to the first menu. With `escapes`
    this is the first menu itself: they stand under its top list in place of 'back'.
    `screen`: the lines printed since the player's header, which stay on the screen."""
    if isinstance(events, Family):
        return _ask_family(asker, game, kind, events)
    events = list(events)
    screen = screen or Screen()
    earlier: list[list[dict[str, Any]]] = []  # the lists above this one, for 'back'
    while True:
        below = [_back()] if escapes is None or earlier else escapes
        whose = player if escapes is not None and player else None
        level = narrow(game.state, kind, events) or _where_first(game, kind, events, below, screen)
        if level is None and len(events) == 1 and escapes is None:
            return events[0]
        if level is not None:
            question, choices = _whose(whose, level[0].asked()), _beside(level[1], below)
        else:
            # TRANSLATORS: a menu's question: the kind of event ("Expand")
            question = _whose(whose, t("{kind}:", kind=kind_words(kind)))
            choices = _beside(event_choices(game.state, kind, events), below)
        keyed, drawn = keyed_with_picture(game.state, choices, screen.lines, question)
        picked = asker.choose(question, _with_rules(game, keyed))
        screen.lines += drawn + answered_lines(question, keyed, picked)
        if level is None and picked != "back":
            return picked
        if isinstance(picked, Escape):
            return picked
        if picked == "back":
            if not earlier:
                return None
            events = earlier.pop()
            continue
        earlier.append(events)
        events = picked


def _where_first(
    game: Game, kind: str, events: list[dict], below: list[Choice], screen: Screen
) -> Any:
    """The "Where?" question by module, for spaces in several modules when their menu has
    no room for a picture and a module's would have: at 80x24 one module fits, in
    miniature, where the whole board does not. None otherwise (the menu as it is). Once
    asked of a list, asked of it again ('back' returns to the menu it left)."""
    split = by_module(game.state, kind, events) if len(events) > 1 else None
    if split is None:
        return None
    if repr(events) not in screen.by_module:
        helps = _where_helps(game, kind, events, below, screen.lines, split)
        screen.by_module[repr(events)] = helps
    return split if screen.by_module[repr(events)] else None


def _where_helps(
    game: Game, kind: str, events: list[dict], below: list[Choice], above: int, split: Any
) -> bool:
    """Whether asking by module first shows a picture where the whole list shows none."""
    state = game.state
    asked = t("{kind}:", kind=kind_words(kind))
    if fits_a_picture(state, _beside(event_choices(state, kind, events), below), above, asked):
        return False
    level, modules = split
    menu = _beside(modules, below)

    def pictured(module: Choice) -> bool:
        shown = above + answered_lines(level.asked(), menu, module.value)
        one = _beside(event_choices(state, kind, module.value), [_back()])
        return fits_a_picture(state, one, shown, asked)

    return any(len(m.value) > 1 and pictured(m) for m in modules)


def _learning_menu(game: Game, choice: Decision) -> list[Choice]:
    """The first menu for a table learning the game: `?` says each option's rule, and the
    key of an action not possible now says why (cli/explaining.py)."""
    menu = with_rules(game.state, _first_menu(game, choice), choice.events)
    return refusing(game.state, menu, choice.player, choice.events)


def _with_rules(game: Game, choices: list[Choice]) -> list[Choice]:
    """A menu whose options carry the rule `?` shows."""
    return with_rules(game.state, choices)


def _back() -> Choice:
    return BACK._replace(label=t(BACK.label))


def _whose(player: str | None, question: str) -> str:
    """A question of the first menu names whose it is: 'Bruce: Which unit?'."""
    return (
        question if player is None else t("{player}: {question}", player=player, question=question)
    )


def _beside(choices: list[Choice], below: list[Choice]) -> list[Choice]:
    """`choices`, then `below`; a key of theirs that one of `choices` holds (module d, the
    board's d) goes to the next free one instead."""
    taken = {c.key for c in choices if c.key}
    return choices + [c._replace(key=None) if c.key in taken else c for c in below]


def _ask_family(asker: Asker, game: Game, kind: str, events: Any) -> Mapping[str, Any] | None:
    """Choices too many to list (the dice, contracts drawn from the table's own pile): the
    table says what the dice or the pile show, then picks among what that allows. Each
    question has a way back to the one before it, the first to the first menu (None)."""
    if game.state.pile is None and "drawn" in next(iter(events)):
        asker.say(events.summary)
    flow = lambda ask: _family_event(ask, game, kind, events)  # noqa: E731
    try:
        event = with_way_back(asker, flow, out=True, kept=_answers_left(game, kind))
    except GoBack:
        return None
    if event is not None and event not in events:  # the dice and the draw are checked
        for reason in game.check(event):
            asker.say(t("Refused: {reason}", reason=reason))
        return None
    return event


_LEFT: dict[tuple[int, int, str], list] = {}  # the answers of the last family left by back


def _answers_left(game: Game, kind: str) -> list:
    """The answers given to this decision's questions before going back to the first menu
    (none for a decision not met yet): coming back, nothing typed is lost."""
    key = (id(game), len(game.events), kind)
    if key not in _LEFT:
        _LEFT.clear()
        _LEFT[key] = []
    return _LEFT[key]


def _family_event(asker: Asker, game: Game, kind: str, events: Any) -> Mapping[str, Any] | None:
    """The event the table's answers make (None: a building bonus none of whose keeps is
    allowed); its questions asked through `asker` in turn, nothing else done."""
    state = game.state
    base: dict[str, Any] = {"type": kind}
    sample = next(iter(events))
    if "player" in sample:
        base["player"] = sample["player"]
    if state.pile is None and "drawn" in sample:  # the table's own pile: what came up?
        base["drawn"] = ask_drawn(asker, state, len(sample["drawn"]))
    if kind == "prepare" and state.rules.dice(state) is not None:
        base["rolls"] = _ask_dice(asker, game)
    if kind == "building_bonus":  # keep none, one or (a clan's) two of those drawn
        drawn = base.get("drawn", [])
        kept = [
            normalise(state, {**base, **dict(zip(("keep", "second"), keep, strict=False))})
            for n in range(3)
            for keep in combinations(drawn, n)
        ]
        allowed = [e for e in kept if e in events]
        if not allowed:
            return None
        return asker.choose(t("Keep:"), _with_rules(game, event_choices(state, kind, allowed)))
    return normalise(state, base)


def ask_drawn(asker: Asker, state: Any, count: int) -> list[int]:
    """The contracts drawn from the table's own pile, by the goods their tiles show
    (cli/tile_entry.py)."""
    question = t_n(
        "The {count} contract drawn from your pile: the goods on each tile's left half, "
        "commas between tiles (e.g. 4 wool, 2 beef + 2 cheese); a few goods search the pile:",
        "The {count} contracts drawn from your pile: the goods on each tile's left half, "
        "commas between tiles (e.g. 4 wool, 2 beef + 2 cheese); a few goods search the pile:",
        count,
    )
    if not count:
        question = t("Nothing is left in your pile to draw: Enter to go on")
    return ask_tiles(
        asker,
        question,
        state.parts.contracts,
        lambda: available(state),
        lambda drawn: draw_reasons(state, drawn, count),
        count,
        lambda contract: where_contract(state, contract),
    )


def _ask_dice(asker: Asker, game: Game) -> list[DieRoll]:
    physical = Choice(PHYSICAL_DICE, "physical", "p")
    tool = Choice(TOOL_DICE, "tool", "t")
    if asker.choose(t("The market dice:"), [physical, tool]) == "tool":
        return seeded_rolls(game.state)
    return [{"good": r.good, "die": r.die} for r in ask_rolls(components(), asker)]


# -- the escapes ----------------------------------------------------------------------


def _escape(asker: Asker, table: Table, escape: Escape, choice: Decision) -> None:
    game, path = table.game, table.path
    if escape == QUIT:
        raise Stop
    if escape == FINAL:
        _final_score(game)
        raise Stop
    if escape == END_TURN:  # an event of its own, saved at once: the file says whose turn
        if _end_turn_wanted(asker, game, choice):
            _record(asker, table, {"type": "end_turn", "player": choice.player})
    elif escape == UNDO:
        made, undone = commit(
            asker,
            table,
            lambda g: undo_game(table.path, g, 1),
            _not_again(N_("Not undone: the game changed elsewhere. Asking again.")),
        )
        for event in undone if made else []:
            _said(t("undone: {event}", event=describe(event, position_of(game.state))))
    elif escape == REDO:
        not_again = _not_again(N_("Not redone: the game changed elsewhere. Asking again."))
        made, redone = commit(asker, table, lambda g: g.redo(1), not_again)
        for event, notes in redone if made else []:
            _said(t("redone: {event}", event=describe(event, position_of(game.state))))
            for note in notes:
                _said(f"  {tr(note)}")
    elif escape in (HISTORY, REDO_ALL):
        _back_or_forth(asker, table, escape)
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
            emit(
                t_n(
                    "Marked: the space {player} may build on now.",
                    "Marked: the {count} spaces {player} may build on now.",
                    len(spaces),
                    player=choice.player,
                )
            )
    elif escape == LOG:
        print_log(game, last=20)


def _history_choices(game: Game) -> list[Choice]:
    """Redo, back to any point (the history), and redo all of what was undone."""
    menu = [Choice(t("Redo"), REDO, "y")] if game.undone else []
    if len(game.events) > 1:
        menu.append(Choice(t("Back to an earlier event (the history)"), HISTORY, "a"))
    if len(game.undone) > 1:
        menu.append(
            Choice(
                t_n(
                    "Redo all {count} undone event",
                    "Redo all {count} undone events",
                    len(game.undone),
                ),
                REDO_ALL,
                "Y",
            )
        )
    return menu


def _back_or_forth(asker: Asker, table: Table, escape: Escape) -> None:
    """Back to just after an event chosen in the history (cli/play_history.py), or every
    undone event redone."""
    if escape == REDO_ALL:
        not_again = _not_again(N_("Not redone: the game changed elsewhere. Asking again."))
        made, redone = commit(asker, table, lambda g: g.redo(len(g.undone)), not_again)
        if made:
            _said(t_n("{count} event redone", "{count} events redone", len(redone)))
            last = describe(redone[-1][0], position_of(table.game.state))
            _said(t("  the last: {event}", event=last))
        return
    kept = ask_kept(asker, table.game)
    if kept is None:
        return
    count = len(table.game.events) - kept
    made, undone = commit(
        asker,
        table,
        lambda g: undo_game(table.path, g, count),
        _not_again(N_("Not undone: the game changed elsewhere. Asking again.")),
    )
    for line in undo_words(undone, position_of(table.game.state)) if made else []:
        _said(line)


def _fix(asker: Asker, table: Table) -> None:
    """A correction asked in menus (cli/play_fix.py), checked before it is recorded."""
    event = ask_fix(asker, table.game)
    if event is not None:
        _record(asker, table, event)


# -- what the table sees ----------------------------------------------------------------


def _header(game: Game, choice: Decision) -> int:
    """One unmissable line: round, whose question, and what that player holds; the lines
    it took."""
    state = game.state
    out = console()
    if choice.player is None:
        out.rule(table_title(state), style="bold")
        return 1
    p = state.by_name(choice.player)
    who = t("{player} ({clan})", player=p.name, clan=p.clan) if p.clan else p.name
    when = t("Round {round}", round=state.round) if state.round else t("Set-up")
    # TRANSLATORS: the rule above a player's question: "Round 2 · Bruce (Buchanan) · actions"
    title = t("{when} · {player} · {phase}", when=when, player=who, phase=phase_words(state.phase))
    out.rule(title, style=f"bold {p.colour}")

    held = status_lines(state, p, terminal_width() - 1)
    for line in held:
        emit(line)
    return 1 + len(held)


def table_title(state: Any) -> str:
    """The rule above a question for the whole table: the round it is about (the one being
    prepared, in the preparation phase, as the log heads it)."""
    shown = state.round + (1 if state.phase == "preparation" else 0)
    return t("Round {round} · {phase}", round=shown, phase=phase_words(state.phase))


def status_lines(state: Any, p: Any, width: int) -> list[str]:
    """What the player holds, in lines of at most `width` columns broken between facts
    (or between words of a long one): a terminal breaks a line mid-word ("technol / ogy")."""
    goods = ", ".join(tr(Name(g, n)) for g, n in p.goods.items() if n)
    held = ", ".join(short(c, state.parts.contracts) for c in p.open_contracts)
    facts = [
        t("£{amount}", amount=p.money),
        goods or t("no goods"),
        t_n("{count} merchant free", "{count} merchants free", p.merchants_stock),
        t("contracts {contracts}", contracts=held or "-"),
        t("shipping {level}", level=Name(p.shipping_level)),
        t("technology {tiles}", tiles=", ".join(tr(Name(x)) for x in sorted(p.technology)) or "-"),
    ]
    lines: list[str] = []
    for fact in facts:
        joined = f"{lines[-1]} · {fact}" if lines else fact
        if lines and len(joined) <= width:
            lines[-1] = joined
        else:
            lines += textwrap.wrap(fact, width, break_on_hyphens=False) or [fact]
    return lines


def _final_score(game: Game) -> None:
    render_score(final_score(game.state), sheet_of(game.state))
