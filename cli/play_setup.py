"""The setup questions of `caledonia play` when GAME does not exist yet: players, box data,
variants and the layout (drawn from a seed or as the table laid it out).

Every typed answer is checked as it is given (a refused one is asked again with the
reason), and nothing is written before the last answer: Ctrl-C leaves no file behind.
The game is made exactly as `caledonia new` makes it (cli/game_setup.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from caledonia.rules.boxdata import BOX_ENV
from caledonia.rules.boxfolder import COMPONENTS, find, folder
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.game.registry import adds_kickstarter, variant_choices
from caledonia.rules.game.setup import SetupPlayer, TableChoices, face_up_count
from caledonia.rules.market import MARKET_ENV
from caledonia.rules.messages import N_
from caledonia.rules.position import COLOURS, DEFAULT_COLOURS
from caledonia.rules.solo import EXPORT_BOARD_ENV
from caledonia.rules.space_names import port_corner_words
from caledonia.rules.words import name_problem, resolve_word, sentence

from .game_io import example_note, save
from .game_setup import (
    TableData,
    create_game,
    draw_game_setup,
    load_table_data,
    port_tile_words,
    random_seed,
    scoring_tile_words,
    setup_lines,
    starting_tile_words,
    words,
)
from .prompts import Asker, Choice, Validator, shown, whole_number
from .tile_entry import ask_tiles
from .translation import t, tr
from .way_back import with_way_back
from .writing import check_writable

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game
    from caledonia.rules.game.setup import Setup

MAX_PLAYERS = len(DEFAULT_COLOURS)
COLOUR_KEYS = {"black": "k"}  # every other colour answers to its first letter
DONE = "done"
# The tighter map is asked for in the variant menu too, though `new` takes its spaces
TIGHTER = ("tighter", N_("Tighter map: four spaces covered"), "m")
EXAMPLES_SAID = N_(
    "The shipped examples are made-up values, not your box's printed ones: money, goods and "
    "scores will differ from your table's. Enter yours once into your box with 'caledonia "
    "box market', 'caledonia box tiles' and 'caledonia box values' ('caledonia box show' "
    "says what it holds); every game then uses them."
)


def ask_new_game(
    asker: Asker,
    path: str,
    *,
    maps: str | None = None,
    market_file: str | None = None,
    box_file: str | None = None,
    export_board: str | None = None,
) -> Game:
    """Ask the table for the game, create the file (atomic save) and return the Game."""
    if Path(path).exists():  # never replace a game: `play` resumes it
        raise CaledoniaError(t("{path} exists: 'caledonia play {path}' resumes it", path=path))
    check_writable(path)  # before the first question, not after the last
    given = {"market_file": market_file, "box_file": box_file, "export_board": export_board}
    drawn = random_seed()  # once: the flow runs again on each way back, to the same questions
    players, files, variants, seed, table, tighter = with_way_back(
        asker, lambda ask: ask_setup(ask, given, maps, drawn)
    )
    game = create_game(
        players,
        seed,
        variants,
        tighter,
        table,
        maps=maps,
        market_file=files["market_file"],
        box_file=files["box_file"],
        export_board=files["export_board"],
    )
    save(path, game)
    started = t("Started {path} (seed {seed}).", path=path, seed=seed)
    # TRANSLATORS: under the set-up checklist: the first question comes after this key
    asker.page([*checklist(game.setup), started], t("Press a key once the table is laid out."))
    return game


def ask_setup(
    asker: Asker, given: dict[str, str | None], maps: str | None, drawn: int
) -> tuple[
    list[SetupPlayer], dict[str, str | None], dict[str, bool], int, TableChoices, Sequence[str]
]:
    """Every set-up question in turn (`drawn`: the seed when none is given): the players,
    the files, the variants, the seed and the layout; nothing is written."""
    players = ask_players(asker)
    files = ask_box_files(asker, len(players), given)
    data = load_table_data(len(players), maps=maps, **files)
    variants, tighter_wanted = ask_variants(asker, data, players)
    seed, table = ask_layout(asker, data, players, variants, drawn)
    table = ask_pile(asker, data, players, variants, seed, table)
    tighter = ask_tighter(asker, data, players, seed, variants, table) if tighter_wanted else ()
    return players, files, variants, seed, table, tighter


# -- players ----------------------------------------------------------------------------


def ask_players(asker: Asker) -> list[SetupPlayer]:
    """Names and colours in seat order, until a blank name (or the fourth player)."""
    players: list[SetupPlayer] = []
    while len(players) < MAX_PLAYERS:
        seat = len(players) + 1
        question = (
            t(
                "Player {seat}'s name (seat order, clockwise) (Enter alone: that's everyone):",
                seat=seat,
            )
            if players
            else t("Player {seat}'s name (seat order, clockwise):", seat=seat)
        )
        name = asker.text(question, validate=name_check(players)).strip()
        if not name:
            break
        players.append(SetupPlayer(name, ask_colour(asker, name, players)))
    if len(players) == 1:
        asker.say(t("One player: {player} plays the solo game.", player=players[0].name))
    return players


def name_check(players: Sequence[SetupPlayer]) -> Validator:
    """A new player's name: not blank for the first, not one already at the table."""
    taken = {p.name.casefold() for p in players}

    def check(typed: str) -> bool | str:
        name = typed.strip()
        if not name:
            return True if players else t("A player needs a name.")
        problem = name_problem(name)
        if problem:
            said = tr(problem)
            return t(
                "{problem} (got {typed}).", problem=said[:1].upper() + said[1:], typed=shown(name)
            )
        if name.casefold() in taken:
            return t(
                "{player} is already at the table: give each player a different name.", player=name
            )
        return True

    return check


def ask_colour(asker: Asker, name: str, players: Sequence[SetupPlayer]) -> str:
    """One of the colours still free; Enter takes the seat's usual one (red, blue, ...)."""
    taken = {p.colour for p in players}
    free = [c for c in COLOURS if c not in taken]
    usual = next(c for c in (*DEFAULT_COLOURS, *COLOURS) if c in free)
    choices = [Choice(c, c, COLOUR_KEYS.get(c, c[0])) for c in free]
    colour: str = asker.choose(t("{player}'s colour:", player=name), choices, default=usual)
    return colour


# -- box data ---------------------------------------------------------------------------


def ask_box_files(
    asker: Asker, players: int, given: dict[str, str | None]
) -> dict[str, str | None]:
    """The table's own data files or the examples; those given as options (or by their
    environment variables) are used without asking."""
    wanted = {  # option: (what it holds, its environment variable)
        "market_file": (t("market board"), MARKET_ENV),
        "box_file": (t("box values (starting tiles, pass money, import marks)"), BOX_ENV),
        "export_board": (t("solo removal grid"), EXPORT_BOARD_ENV),
    }
    if players > 1:
        del wanted["export_board"]
    missing = [key for key, (_, env) in wanted.items() if not (given[key] or os.environ.get(env))]
    if not missing:
        return dict(given)
    if box_in_use(asker, missing):
        return dict(given)
    what = ", ".join(wanted[key][0] for key in missing)
    own = asker.choose(
        t("Which data for the {data}?", data=what),
        [
            Choice(t("The shipped examples: made-up values, not your box's"), False, "e"),
            Choice(t("Your own files"), True, "o"),
        ],
        default=False,
    )
    files = dict(given)
    for key in missing if own else ():
        typed = asker.text(
            t("Your {data} file (Enter alone: the example):", data=wanted[key][0]),
            validate=file_check(key, players),
        )
        files[key] = own_path(typed)
    if any(files[key] is None for key in missing):
        asker.say(t(EXAMPLES_SAID))
    return files


def box_in_use(asker: Asker, missing: Sequence[str]) -> bool:
    """With a box folder that holds any component, nothing is asked: one line says what
    comes from the box and what from the examples."""
    component = {"market_file": "market", "box_file": "box", "export_board": "export_board"}
    found = [find(component[key]) for key in missing]
    if all(f.example for f in found):
        return False
    own = [COMPONENTS[f.component].words for f in found if not f.example]
    examples = [COMPONENTS[f.component].words for f in found if f.example]
    if examples:
        line = t(
            "Using your box at {folder}: {own}; the examples for the {examples} "
            "('caledonia box show').",
            folder=folder(),
            own="; ".join(own),
            examples="; ".join(examples),
        )
    else:
        line = t("Using your box at {folder}: {own}.", folder=folder(), own="; ".join(own))
    asker.say(line)
    return True


def file_check(key: str, players: int) -> Validator:
    """A data file is accepted once it loads; else the loader's reason (file and line)."""

    def check(typed: str) -> bool | str:
        if not typed.strip().isprintable():
            return t("A file name without control characters, please.")
        path = own_path(typed)
        if path is None:
            return True
        try:
            load_table_data(players, **{key: path})
        except CaledoniaError as problem:
            return str(problem)
        except OSError as problem:  # a place the system refuses to look at
            return t("Cannot read {path}: {reason}.", path=path, reason=problem.strerror or problem)
        return True

    return check


def own_path(typed: str) -> str | None:
    """A typed file name, ~ for the home folder; None when left blank (the example)."""
    return os.path.expanduser(typed.strip()) if typed.strip() else None


# -- variants ---------------------------------------------------------------------------


def variant_menu() -> list[tuple[str, str, str]]:
    """The variant menu as (`new`'s flag, words, key): the variants' own declarations
    (rules/game/variants.py), then the tighter map."""
    menu = [(c.flag, c.menu, c.menu_key) for c in variant_choices()] + [TIGHTER]
    return [(flag, t(words), key) for flag, words, key in menu]


def variants_of(chosen: set[str]) -> dict[str, bool]:
    """The variants as `new` sets them from the same flags."""
    return {c.key: c.default != (c.flag in chosen) for c in variant_choices()}


def ask_variants(
    asker: Asker, data: TableData, players: Sequence[SetupPlayer]
) -> tuple[dict[str, bool], bool]:
    """A key turns a variant on or off; Enter (done) plays with the ones ticked: the plain
    game at once. Returns the variants and whether the tighter map is wanted."""
    chosen: set[str] = set()
    menu = variant_menu()
    while True:
        choices = [
            Choice(f"[{'x' if flag in chosen else ' '}] {words}", flag, key)
            for flag, words, key in menu
        ]
        done = t("Done: play these variants") if chosen else t("Done: the plain game")
        choices.append(Choice(done, DONE, "d"))
        # the state in the question: the answered line then reads "on: ...: c) No clans"
        on = ", ".join(words.split(":")[0] for flag, words, _ in menu if flag in chosen)
        question = (
            t("Variants (on: {variants}; a key turns one on or off):", variants=on)
            if on
            else t("Variants (on: none; a key turns one on or off):")
        )
        answer = asker.choose(question, choices, default=DONE)
        if answer != DONE:
            chosen ^= {answer}
            continue
        variants = variants_of(chosen)
        problem = setup_problem(data, players, 0, variants)
        if problem is None:
            return variants, TIGHTER[0] in chosen
        asker.say(problem)


def setup_problem(
    data: TableData,
    players: Sequence[SetupPlayer],
    seed: int,
    variants: dict[str, bool],
    tighter: Sequence[str] = (),
    table: TableChoices | None = None,
) -> str | None:
    """Why this setup cannot be drawn (the rules' reason, as a sentence), or None."""
    try:
        draw_game_setup(data, players, seed, variants, tighter, table)
    except ValueError as reason:
        return sentence(str(reason))
    return None


# -- layout -----------------------------------------------------------------------------


def ask_layout(
    asker: Asker,
    data: TableData,
    players: Sequence[SetupPlayer],
    variants: dict[str, bool],
    drawn: int,
) -> tuple[int, TableChoices]:
    """A seed to draw everything from, or the table's own layout (what is left blank is
    drawn from the seed `drawn`, a random one)."""
    own = asker.choose(
        t("The layout:"),
        [
            Choice(t("Let caledonia draw it from a seed"), False, "s"),
            Choice(t("Enter your table's own layout"), True, "o"),
        ],
        default=False,
    )
    if not own:
        typed = asker.text(t("Seed (Enter alone: a random one):"), validate=seed_check)
        return (int(typed) if typed.strip() else drawn), TableChoices()
    return drawn, ask_table_layout(asker, data, players, variants, drawn)


def seed_check(typed: str) -> bool | str:
    return True if not typed.strip() else whole_number(0, None)(typed)


def ask_table_layout(
    asker: Asker,
    data: TableData,
    players: Sequence[SetupPlayer],
    variants: dict[str, bool],
    seed: int,
) -> TableChoices:
    """Who starts, then each part of the layout in turn, each answer tried with the ones
    before it: the map sides and clans as typed, the tiles from menus that say what each
    tile is."""
    start = ask_start_player(asker, players)
    if start is None:  # drawn now, so the questions can name the turn order
        start = draw_game_setup(data, players, seed, variants).start_player
    table = TableChoices(start_player=start)
    for field, question, read in layout_questions(data, players, variants, seed, table):

        def check(
            typed: str,
            field: str = field,
            read: Callable[[str], Any] = read,
            table: TableChoices = table,
        ) -> bool | str:
            if not typed.strip():
                return True
            try:
                value = read(typed)
            except ValueError as reason:
                return sentence(str(reason))
            tried = table._replace(**{field: value})
            return setup_problem(data, players, seed, variants, (), tried) or True

        typed = asker.text(question, validate=check)
        if typed.strip():
            table = table._replace(**{field: read(typed)})
    sample = draw_game_setup(data, players, seed, variants, (), table)
    if sample.ports:
        board = sample.board()  # the question says where each corner lies on the table
        corners = [
            t("Port tile at corner {corner} ({where})", corner=c, where=port_corner_words(board, c))
            for c in "ABCD"
        ]
        picked = ask_tiles_in_turn(asker, corners, port_menu(data, variants))
        if picked:
            table = table._replace(ports=dict(zip("ABCD", picked, strict=True)))
    if sample.scoring_tiles:
        rounds = [t("Scoring tile for round {round}", round=n) for n in range(1, 6)]
        picked = ask_tiles_in_turn(asker, rounds, scoring_menu(data, variants))
        if picked:
            table = table._replace(scoring_tiles=picked)
    sample = draw_game_setup(data, players, seed, variants, (), table)
    picked = ask_tiles_in_turn(asker, starting_tile_slots(sample), starting_menu(data))
    if picked:
        table = table._replace(starting_tiles=picked)
    return table


def ask_tiles_in_turn(asker: Asker, slots: Sequence[str], menu: list[Choice]) -> list[Any]:
    """One tile for each slot from `menu` (a tile taken is not offered again); the first
    menu may leave them all to caledonia's draw (an empty list)."""
    picked: list[Any] = []
    for number, slot in enumerate(slots):
        offered = [c for c in menu if c.value not in picked]
        if number == 0:
            offered.append(Choice(t("Let caledonia draw these"), DRAWN, "r"))
        # TRANSLATORS: a menu's question: what the tile is for ("Scoring tile for round 2")
        question = t("{slot}:", slot=slot)
        answer = asker.choose(question, offered, default=DRAWN if number == 0 else None)
        if answer == DRAWN:
            return []
        picked.append(answer)
    return picked


DRAWN = "drawn"


def port_menu(data: TableData, variants: dict[str, bool]) -> list[Choice]:
    """The port tiles by what they do, the number in brackets (its key)."""
    return _tile_menu(data.parts.port_tiles, port_tile_words, variants)


def scoring_menu(data: TableData, variants: dict[str, bool]) -> list[Choice]:
    """The scoring tiles by what they score, the number in brackets (its key)."""
    return _tile_menu(data.parts.scoring_tiles, scoring_tile_words, variants)


def _tile_menu(
    tiles: Iterable[Any], words: Callable[[str], str], variants: dict[str, bool]
) -> list[Choice]:
    """Tiles in the game's box (the Kickstarter ones with that variant), each by its words
    and keyed by its id's first character."""
    ks = variants.get("kickstarter", False)
    return [
        Choice(words(tile.id), tile.id, tile.id.lower()[0])
        for tile in tiles
        if ks or not tile.kickstarter
    ]


def starting_menu(data: TableData) -> list[Choice]:
    """The starting tiles by the money and goods they show (from the table's box, else the
    shipped example, said so), the number in brackets (its key)."""
    tiles = data.box.starting_tiles
    return [
        Choice(
            _example_marked(
                starting_tile_words(tiles, number),
                data.box.example or "starting_tiles" in data.box.example_parts,
            ),
            number,
            str(number),
        )
        for number in sorted(tiles)
    ]


def _example_marked(words: str, example: bool) -> str:
    return t("{tile} (example values)", tile=words) if example else words


def starting_tile_slots(sample: Setup) -> list[str]:
    """Whose starting tile each menu asks for: the clans' (in the order drawn), else the
    players' in turn order."""
    if sample.clans:
        return [t("{clan}'s starting tile", clan=clan) for clan in sample.clans]
    turn = sample.turn_order()
    if len(turn) == 1:
        return [t("The starting tile")]
    return [t("{player}'s starting tile", player=name) for name in turn]


def layout_questions(
    data: TableData,
    players: Sequence[SetupPlayer],
    variants: dict[str, bool],
    seed: int,
    table: TableChoices,
) -> list[tuple[str, str, Callable[[str], Any]]]:
    """(TableChoices field, question, reader of the answer) for the parts typed: the map
    sides and the clans, as printed on their boards."""
    sample = draw_game_setup(data, players, seed, variants, (), table)
    modules = t("Map modules and sides, e.g. A1,B2,C1,D2 (Enter alone: drawn by caledonia):")
    questions: list[tuple[str, str, Callable[[str], Any]]] = [("modules", modules, words)]
    if sample.clans:
        questions.append(
            (
                "clans",
                # TRANSLATORS: {count} is never 1: a game draws two clans or more
                t(
                    "The {count} clans drawn, e.g. Buchanan,Stewart "
                    "(Enter alone: drawn by caledonia):",
                    count=len(sample.clans),
                ),
                clan_reader(data, variants),
            )
        )
    return questions


def clan_reader(data: TableData, variants: dict[str, bool]) -> Callable[[str], list[str]]:
    """The clans typed, each read as the word matcher reads a word (any case, the start of
    a name): a word that fits several clans raises WordNotKnown naming just those."""
    kickstarter = adds_kickstarter(variants)
    names = [c.name for c in data.parts.clans.values() if kickstarter or not c.kickstarter]

    def read(typed: str) -> list[str]:
        return [resolve_word(word, names, "clan") for word in words(typed)]

    return read


# -- the export contracts ---------------------------------------------------------------


def ask_pile(
    asker: Asker,
    data: TableData,
    players: Sequence[SetupPlayer],
    variants: dict[str, bool],
    seed: int,
    table: TableChoices,
) -> TableChoices:
    """The table's own pile (the default: every draw is then entered by what the tiles
    show), or caledonia's shuffled one for a table without the tiles."""
    own = asker.choose(
        t("The export contracts:"),
        [
            Choice(
                t("From your own pile: shuffle it, deal the face-up tiles, say what came up"),
                True,
                "o",
            ),
            Choice(t("Let caledonia draw: for a table without the tiles"), False, "c"),
        ],
        default=True,
    )
    if not own:
        return table

    sample = draw_game_setup(data, players, seed, variants, (), table)
    count = face_up_count(len(players), len(sample.export_board), data.parts)
    contracts = data.parts.contracts

    def reasons(dealt: list[int]) -> list[str]:
        if len(dealt) != count:
            return [
                t(
                    "the export board takes {count} face-up tiles, not {given}",
                    count=count,
                    given=len(dealt),
                )
            ]
        if len(set(dealt)) != count:
            return [t("a tile is named twice among those dealt")]
        return []

    question = t(
        "The {count} face-up contracts you dealt: the goods on each tile's left half, commas "
        "between tiles (e.g. 4 wool, 2 beef, cheese bread whisky); a few goods search the pile:",
        count=count,
    )
    dealt = ask_tiles(asker, question, contracts, lambda: list(contracts), reasons, count)
    return table._replace(face_up=dealt)


def ask_start_player(asker: Asker, players: Sequence[SetupPlayer]) -> str | None:
    """Who starts; None: drawn at random (solo: the one player)."""
    if len(players) == 1:
        return players[0].name
    choices = [Choice(p.name, p.name) for p in players]
    choices.append(Choice(t("Draw one at random"), None, "r"))
    start: str | None = asker.choose(t("Start player:"), choices, default=None)
    return start


def ask_tighter(
    asker: Asker,
    data: TableData,
    players: Sequence[SetupPlayer],
    seed: int,
    variants: dict[str, bool],
    table: TableChoices,
) -> list[str]:
    """The tighter map's four covered spaces, on the map the layout gives."""
    sides = " ".join(
        s.name for s in draw_game_setup(data, players, seed, variants, (), table).sides
    )

    def check(typed: str) -> bool | str:
        spaces = words(typed)
        if len(spaces) != 4:
            return t("Give the four covered spaces, one on each module, e.g. A-10,B-21,C-05,D-30.")
        return setup_problem(data, players, seed, variants, spaces, table) or True

    typed = asker.text(
        t(
            "Tighter map: the four covered spaces on {sides}, e.g. A-10,B-21,C-05,D-30:",
            sides=sides,
        ),
        validate=check,
    )
    return words(typed)


# -- the checklist ----------------------------------------------------------------------


def checklist(setup: Setup) -> list[str]:
    """What to build at the table, as boxes to tick, with the example-data notice first."""
    lines = [note] if (note := example_note(setup, in_play=True)) else []
    items = setup_lines(setup)
    if setup.tighter_map:
        items.append(t("Cover the spaces: {spaces}", spaces=", ".join(setup.tighter_map)))
    if not setup.clans:
        turn = setup.turn_order()
        held = "; ".join(
            f"{name} {starting_tile_words(setup.tile_contents, tile)}"
            for name, tile in zip(turn, setup.starting_tiles, strict=True)
        )
        items.append(t("Starting tiles: {tiles}", tiles=held))
    return [*lines, t("Lay out the table:"), *(f"  [ ] {item}" for item in items)]
