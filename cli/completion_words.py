"""The words the shell completes, for `completion.py`: the box's (clans, goods, units,
contracts, port tiles, module sides), a game file's (players, spaces, its port tiles), and
the free words of `act` and `fix` from the event specs.

Loaded only while the shell asks for completions: the rules it reads stay out of every
normal run's start.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable
from typing import Any

from caledonia.rules.components import CONTRACT_GAINS, CONTRACT_PAYMENTS, components
from caledonia.rules.game.events.fix import CORRECTIONS, PLACES, YES
from caledonia.rules.game.registry import VERBS
from caledonia.rules.game.setup import parse_setup
from caledonia.rules.game.spec import CHOICES
from caledonia.rules.reach import SHIPPING_LEVELS
from caledonia.rules.schema import Node
from caledonia.rules.yamlfile import read_yaml

Completer = Callable[[Any, str], list[str]]  # (click context, incomplete word) -> suggestions


# -- what the words can be -----------------------------------------------------------


def _quiet(completer: Completer) -> Completer:
    """A completer that gives nothing rather than fail."""

    @functools.wraps(completer)
    def safe(ctx: Any, incomplete: str) -> list[str]:
        try:
            return completer(ctx, incomplete)
        except Exception:  # noqa: BLE001 - completion must never break the shell
            return []

    return safe


def matching(values: Iterable[str], incomplete: str) -> list[str]:
    """The values that start with what was typed, in any letter case."""
    typed = incomplete.lower()
    return [v for v in dict.fromkeys(values) if v.lower().startswith(typed)]


def listed(values: Iterable[str], incomplete: str) -> list[str]:
    """Completion of a comma-separated list (`A1,B2,C`): the last item, after the others."""
    done, _, last = incomplete.rpartition(",")
    prefix = done + "," if done else ""
    taken = {item.lower() for item in done.split(",")} if done else set()
    return [prefix + v for v in matching(values, last) if v.lower() not in taken]


@functools.cache
def _parts() -> Any:
    return components()


def clans() -> list[str]:
    return list(_parts().clans)


def goods() -> list[str]:
    return list(_parts().economy.goods)


def units() -> list[str]:
    return list(_parts().economy.units)


def contract_ids() -> list[str]:
    return [str(c) for c in sorted(_parts().contracts)]


def port_tiles() -> list[str]:
    return [tile.id for tile in _parts().port_tiles]


def scoring_tiles() -> list[str]:
    return [tile.id for tile in _parts().scoring_tiles]


def module_sides() -> list[str]:
    return [f"{letter}{side}" for letter in "ABCD" for side in (1, 2)]


@functools.cache
def _file_data(path: str) -> Any:
    return read_yaml(path)


def file_players(path: str) -> list[str]:
    """The player names of a game file (its setup) or a position file, read without a replay."""
    data = _file_data(path)
    players = data["setup"]["players"] if "setup" in data else data["players"]
    return [str(p["name"]) for p in players]


@functools.cache
def _setup(path: str) -> Any:
    return parse_setup(Node(_file_data(path)["setup"], path), _parts())


def game_spaces(path: str) -> list[str]:
    """Every space of a game's board, as A-07, and its port slots (port:A) for a fisherman."""
    setup = _setup(path)
    board = setup.board()
    return [space.id for space in board.spaces] + [f"port:{c}" for c in sorted(setup.ports)]


def game_port_tiles(path: str) -> list[str]:
    return sorted(set(_setup(path).ports.values()))


def _game_file(ctx: Any) -> str | None:
    """The file the command was given. While an option's value is typed, click may leave
    the file among the unparsed words: then the first word naming a file."""
    named = ctx.params.get("game_file") or ctx.params.get("source_file")
    if named:
        return named
    return next((word for word in ctx.args if os.path.isfile(word)), None)


# -- option and argument completers, by parameter name ---------------------------------


def _fixed(values: Callable[[], list[str]], comma: bool = False) -> Completer:
    return _quiet(lambda ctx, typed: (listed if comma else matching)(values(), typed))


def _suffixed(values: Callable[[], list[str]], mark: str) -> Completer:
    """GOOD=£ or GOOD:±N: the good, then the rest is the player's to type."""
    return _quiet(lambda ctx, typed: [v + mark for v in matching(values(), typed)])


def _players_here(ctx: Any, typed: str) -> list[str]:
    path = _game_file(ctx)
    return matching(file_players(path), typed) if path else []


def _start_player(ctx: Any, typed: str) -> list[str]:
    names = [str(p).partition(":")[0] for p in ctx.params.get("player") or ()]
    return matching(names, typed)


def _gains(ctx: Any, typed: str) -> list[str]:
    return matching(CONTRACT_GAINS, typed)


def _payments(ctx: Any, typed: str) -> list[str]:
    return matching(CONTRACT_PAYMENTS, typed)


def _verbs(ctx: Any, typed: str) -> list[str]:
    return matching(VERBS, typed)


def _corrections(ctx: Any, typed: str) -> list[str]:
    return matching(CORRECTIONS, typed)


def _ids_or_none(ctx: Any, typed: str) -> list[str]:
    return listed(contract_ids(), typed) + matching(["none"], typed)


PARAMETERS: dict[str, Completer] = {
    "clans": _fixed(clans, comma=True),
    "modules": _fixed(module_sides, comma=True),
    "side": _fixed(module_sides),
    "ports": _fixed(port_tiles, comma=True),
    "scoring_tiles": _fixed(scoring_tiles, comma=True),
    "contracts": _fixed(contract_ids, comma=True),
    "taken": _fixed(contract_ids, comma=True),
    "draw": _quiet(_ids_or_none),
    "contract_id": _fixed(contract_ids),
    "gives": _quiet(_gains),
    "pays": _quiet(_payments),
    "unit": _fixed(units),
    "price": _suffixed(goods, "="),
    "roll": _suffixed(goods, ":"),
    "player": _quiet(_players_here),
    "reach": _quiet(_players_here),
    "start_player": _quiet(_start_player),
    "action": _quiet(_verbs),
    "what": _quiet(_corrections),
}
# Parameters whose name means something else in one command.
BY_COMMAND: dict[tuple[str, str], Completer | None] = {
    ("clans", "name"): _fixed(clans),
    ("new", "player"): None,  # names the table makes up
}


def attach(command: Any, name: str | None = None) -> None:
    """Give every parameter of `command` (and of its subcommands) its completer, unless it
    has one of its own."""
    for param in command.params:
        key = (name or "", param.name)
        completer = BY_COMMAND[key] if key in BY_COMMAND else PARAMETERS.get(param.name)
        if completer is not None and param._custom_shell_complete is None:
            param._custom_shell_complete = _as_parameter_completer(completer)
    for sub_name, sub in getattr(command, "commands", {}).items():
        attach(sub, sub_name)


def _as_parameter_completer(completer: Completer) -> Callable[[Any, Any, str], list[str]]:
    return lambda ctx, param, incomplete: completer(ctx, incomplete)


# -- the free words of act and fix -----------------------------------------------------


def free_words(ctx: Any, typed: list[str], incomplete: str) -> list[str]:
    """What the next word of `act GAME VERB ...` or `fix GAME WHAT ...` may be."""
    path = _game_file(ctx)
    if path is None:
        return []
    if "what" in ctx.params:
        return _fix_words(path, ctx.params["what"], typed, incomplete)
    verb = ctx.params.get("action")
    spec = VERBS.get(verb.lower().replace("_", "-")) if verb else None
    if spec is None:
        return []
    return _action_words(path, spec, typed, incomplete)


def _action_words(path: str, spec: Any, typed: list[str], incomplete: str) -> list[str]:
    """The next word after `act GAME VERB` and the words `typed` so far, by the verb's spec."""
    if incomplete.startswith("-"):
        return matching([f"--{flag}" for flag in spec.flags], incomplete)
    if typed and typed[-1].startswith("--"):  # the value of one of the action's options
        return _option_words(path, spec, typed[-1][2:], incomplete)
    positional = [w for i, w in enumerate(typed) if not _is_option_value(spec, typed, i)]
    if spec.type == "bonus":
        return _bonus_words(path, positional, incomplete)
    if spec.type == "port":
        return _port_words(path, positional, incomplete)
    if len(positional) >= len(spec.positional):
        return []
    name = spec.positional[len(positional)]
    return kind_words(path, spec.fields[name].kind, incomplete)


def _is_option_value(spec: Any, typed: list[str], index: int) -> bool:
    word = typed[index]
    if word.startswith("--"):
        return True
    before = typed[index - 1] if index else ""
    if not before.startswith("--") or "=" in before:
        return False
    field = spec.flags.get(before[2:])
    return field is not None and spec.fields[field].kind != "bool"


def kind_words(path: str, kind: str, incomplete: str) -> list[str]:
    """The words a field of `kind` may be in the game at `path`."""
    if kind == "player":
        return matching(file_players(path), incomplete)
    if kind == "space":
        return matching(game_spaces(path), incomplete)
    if kind == "unit":
        return matching(units(), incomplete)
    if kind == "good":
        return matching(goods(), incomplete)
    if kind == "clan":
        return matching(_setup(path).clans, incomplete)
    if kind == "contract":
        return matching(contract_ids(), incomplete)
    if kind in ("tile",):
        return matching(game_port_tiles(path), incomplete)
    if kind in CHOICES:
        return matching(CHOICES[kind], incomplete)
    return []


def _option_words(path: str, spec: Any, option: str, incomplete: str) -> list[str]:
    field = spec.flags.get(option)
    kind = spec.fields[field].kind if field else None
    if kind == "spaces":
        return listed(game_spaces(path), incomplete)
    if kind == "ids":
        return listed(contract_ids(), incomplete) + matching(["none"], incomplete)
    if kind == "rolls":
        return [g + ":" for g in matching(goods(), incomplete)]
    return []


def _bonus_words(path: str, words: list[str], incomplete: str) -> list[str]:
    if not words:
        return kind_words(path, "player", incomplete)
    if len(words) == 1:
        return matching(CHOICES["choice"], incomplete)
    if len(words) == 2 and words[1] == "technology":
        return matching(CHOICES["worker"], incomplete)
    if len(words) == 2 and words[1] == "retrieve":
        return matching([f"{g}:{side}" for g in goods() for side in CHOICES["side"]], incomplete)
    return []


def _port_words(path: str, words: list[str], incomplete: str) -> list[str]:
    if not words:
        return kind_words(path, "player", incomplete)
    if len(words) == 1:
        return matching(game_port_tiles(path), incomplete)
    tile, rest = words[1].upper(), words[2:]
    if tile == "KS":
        if not rest:
            return matching([t for t in port_tiles() if t != "KS"], incomplete)
        tile, rest = rest[0].upper(), rest[1:]
    return _port_tile_words(path, words[0], tile, rest, incomplete)


def _port_tile_words(
    path: str, player: str, tile: str, rest: list[str], incomplete: str
) -> list[str]:
    """The next word of port tile `tile`'s own, after the words `rest` typed for it."""
    if tile in ("2", "3"):
        return matching(goods(), incomplete)
    if tile == "6":
        return matching(
            goods() if not rest else ["up", "down"] if len(rest) == 1 else [], incomplete
        )
    if tile == "7":
        return matching(game_spaces(path) if len(rest) % 2 == 0 else units(), incomplete)
    if tile == "4":
        return _bonus_words(path, [player, *rest], incomplete)
    return []


def _fix_words(path: str, what: str, typed: list[str], incomplete: str) -> list[str]:
    correction = CORRECTIONS.get(what.lower())
    if correction is None:
        return []
    fields = correction.fields
    if len(typed) >= len(fields):
        return []
    name = fields[len(typed)]
    if name in ("player", "good", "space", "unit", "contract"):
        found = kind_words(path, name, incomplete)
        return found + (matching(["none"], incomplete) if name == "unit" else [])
    if name == "worker":
        return matching(["woodcutter", "miner"], incomplete)
    if name == "to":
        return matching(PLACES, incomplete)
    if name == "upgraded":
        return matching([YES[0], "no"], incomplete)
    if name == "level":
        return matching(SHIPPING_LEVELS, incomplete)
    return []
