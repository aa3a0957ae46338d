"""YAML text to plain data and back, through PyYAML: imported only by what reads or writes
YAML (a command that restores a game from its checkpoint and appends an event needs none).

Only plain data is ever built: the loader is PyYAML's safe loader (the C one when
available), so a tag such as ``!!python/object`` is refused instead of building an object,
and a document whose aliases would expand it beyond MAX_EXPANDED_VALUES values (a "billion
laughs" bomb) is refused before it is built. Mappings and lists remember the line of each
key and item (yamlfile's LineDict and LineList).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import yaml

from .errors import DataError
from .messages import Reason
from .plaindata import LineDict, LineList, LongNumber, plain
from .yamltail import Tail, read_item, shifted, split_tail

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _DuplicateKey(yaml.MarkedYAMLError):
    pass


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Iterator[LineDict]:
    data = LineDict(node.start_mark.line + 1)
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            seen = key in data
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, Reason("a key must be plain text or a number"), key_node.start_mark
            ) from None
        if seen:
            raise _DuplicateKey(
                None,
                None,
                Reason("the key {key!r} appears twice in one mapping", key=key),
                key_node.start_mark,
            )
        data[key] = loader.construct_object(value_node, deep=False)
        data.lines[key] = key_node.start_mark.line + 1


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> Iterator[LineList]:
    data = LineList(node.start_mark.line + 1)
    yield data
    for item in node.value:
        data.append(loader.construct_object(item, deep=False))
        data.lines.append(item.start_mark.line + 1)


def _construct_int(loader: _Loader, node: yaml.ScalarNode) -> int | LongNumber:
    """A whole number, as the safe loader reads it, unless it is written with more than
    LongNumber.MAX_DIGITS characters: then its text, never converted (one place for every
    file: each field's own range check then refuses it, with its file and line)."""
    text = loader.construct_scalar(node)
    digits = text.replace("_", "").lstrip("+-")
    if len(digits) > LongNumber.MAX_DIGITS:
        return LongNumber(text)
    return _BaseLoader.construct_yaml_int(loader, node)


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_Loader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
_Loader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)


def _yaml_error(source: str, error: yaml.YAMLError) -> DataError:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    problem = getattr(error, "problem", None) or str(error)
    if "could not determine a constructor for the tag" in problem:
        tag = problem.split("tag", 1)[-1].strip(" '").replace("tag:yaml.org,2002:", "!!")
        problem = Reason(
            "the tag {tag} is not allowed: a file holds plain data only "
            "(mappings, lists, text and numbers)",
            tag=tag,
        )
    elif isinstance(error, _DuplicateKey):
        pass
    else:
        # TRANSLATORS: {problem} is the YAML reader's own words, in English
        problem = Reason("not valid YAML: {problem}", problem=problem)
    return DataError(source, problem, line=line)


def _character_error(source: str, text: str, error: yaml.reader.ReaderError) -> DataError:
    """One line for a character the YAML reader refuses (a NUL byte, a control character),
    with its line and column rather than the reader's position in its own buffer."""
    position = error.position if isinstance(error.position, int) else 0
    before = text[:position]
    line = before.count("\n") + 1
    column = position - (before.rfind("\n") + 1) + 1
    code = error.character if isinstance(error.character, int) else ord(text[position])
    if code == 0:
        said = Reason(
            "a NUL byte at column {column}: a YAML file holds text only (was it saved as text?)",
            column=column,
        )
    else:
        said = Reason(
            "the control character U+{code:04X} at column {column}: a YAML file holds text "
            "only (was it saved as text?)",
            code=code,
            column=column,
        )
    return DataError(source, said, line=line)


# Refuse alias bombs ("billion laughs"): the largest real file, a long game,
# has a few thousand values, so this leaves a wide margin while a document at
# the limit still takes well under a second to copy or check.
MAX_EXPANDED_VALUES = 200_000


def _check_alias_expansion(node: yaml.Node, source: str) -> None:
    """Refuse a document whose aliases would expand it beyond MAX_EXPANDED_VALUES.

    Counts the values of the fully expanded document without expanding it: a
    node reached through several aliases is measured once (memoised by id) and
    counted once per reference. An alias to one of its own ancestors is a cycle.
    """
    # Exact type tests and local names: this runs on every file read, so keep it cheap.
    scalar_node, mapping_node = yaml.ScalarNode, yaml.MappingNode
    if type(node) is scalar_node:
        return
    cap = MAX_EXPANDED_VALUES + 1  # sizes saturate here: no huge integers
    sizes: dict[int, int] = {}  # measured collections; scalars count 1 and are never stacked
    open_ids: set[int] = set()  # collections on the current path
    shared = False  # some collection is reached twice: only then do aliases multiply
    first_too_big: yaml.Node | None = None
    # (collection, None) to enter it; (collection, its child collections) to leave it.
    stack: list[tuple[yaml.Node, list[yaml.Node] | None]] = [(node, None)]
    while stack:
        current, inner = stack.pop()
        key = id(current)
        if inner is not None:
            open_ids.discard(key)
            total = 1 + len(current.value) * (2 if type(current) is mapping_node else 1)
            for child in inner:
                total += sizes[id(child)] - 1
            if total > MAX_EXPANDED_VALUES and first_too_big is None:
                first_too_big = current
            sizes[key] = min(total, cap)
        elif key in sizes:
            shared = True
        elif key in open_ids:
            raise DataError(
                source,
                Reason(
                    "an alias (*alias) refers to a value that contains it: recursive YAML is "
                    "refused"
                ),
                line=current.start_mark.line + 1,
            )
        else:
            open_ids.add(key)
            if type(current) is mapping_node:
                inner = [c for pair in current.value for c in pair if type(c) is not scalar_node]
            else:
                inner = [c for c in current.value if type(c) is not scalar_node]
            stack.append((current, inner))
            stack.extend([(child, None) for child in inner])
    if first_too_big is not None and shared:
        raise DataError(
            source,
            Reason(
                "the YAML expands to more than {count} values "
                "through aliases (&anchor / *alias): refused",
                count=MAX_EXPANDED_VALUES,
            ),
            line=first_too_big.start_mark.line + 1,
        )


def parse_yaml(text: str, source: str, tail: str | None = None) -> Any:
    """Parse YAML text into plain data with line numbers; raise DataError. `tail`: the
    last top-level key of a mapping, whose list's items written as caledonia writes a
    game's events are read without PyYAML (yamltail), the rest as always."""
    if tail is not None:
        data = _with_tail(text, source, tail)
        if data is not None:
            return data
    return _parsed(text, source)


def _with_tail(text: str, source: str, key: str) -> LineDict | None:
    """The mapping of `text`, its list under `key` read by yamltail where it can; None when
    the document is not such (read whole then, by PyYAML, with its own errors)."""
    found = split_tail(text, key)
    if found is None:
        return None
    try:
        head = _parsed(found.head, source, _top_block_mapping)
        items = _tail_items(found, source)
    except (DataError, _NotTail):  # said by PyYAML reading the whole document, its own way
        return None
    if items is None or not isinstance(head, LineDict) or key in head:
        return None
    head[key] = items
    head.lines[key] = found.key_line
    return head


def _tail_items(found: Tail, source: str) -> LineList | None:
    items = LineList(found.key_line + 1)
    for line, item in found.items:
        value = read_item(item, line)
        if value is None:  # another kind of item: PyYAML reads it alone
            if "&" in item or "*" in item:  # an anchor or alias: the document's own
                return None
            alone = _parsed(item, source)
            if not isinstance(alone, LineList) or len(alone) != 1:
                return None
            value = shifted(alone[0], line - 1)
        items.append(value)
        items.lines.append(line)
    return items


class _NotTail(Exception):
    """The head of a document is not a mapping that a last key can end."""


def _top_block_mapping(node: yaml.Node) -> bool:
    """Is the document a mapping of keys at the left margin, which a last key can end?"""
    return (
        isinstance(node, yaml.MappingNode) and not node.flow_style and node.start_mark.column == 0
    )


def _parsed(text: str, source: str, accept: Any = None) -> Any:
    try:
        loader = _Loader(text)
        try:
            # Compose first, measure, and only then build the data, so that an
            # alias bomb is refused before anything walks its expansion.
            node = loader.get_single_node()
            if node is None:
                data = None
            elif accept is not None and not accept(node):
                raise _NotTail
            else:
                _check_alias_expansion(node, source)
                data = loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.reader.ReaderError as error:  # a character YAML cannot hold: say where, plainly
        raise _character_error(source, text, error) from None
    except yaml.YAMLError as error:
        raise _yaml_error(source, error) from None
    except RecursionError:
        raise DataError(source, Reason("the YAML nests too deeply")) from None
    if data is None:
        raise DataError(source, Reason("the file is empty: expected YAML data"))
    return data


_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # the C one writes the same, 4x faster


def to_yaml(data: Any) -> str:
    """Plain data as block YAML, with short lists and mappings kept on one line."""
    return yaml.dump(
        plain(data),
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=None,
        width=100,
    )
