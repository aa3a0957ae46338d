"""A contract tile by what it shows: the printed tiles carry no numbers.

The left half of a tile shows the goods it asks for, the right half what it gives.
`face` writes a tile as a person reads it ("4 wool → 2 cotton, 1 hop, free space");
`read_tiles` reads what a person types for one or more tiles: the left half's goods
("4 wool", "1 cheese + 1 bread + 1 whisky", "cheese bread whisky": a missing count is
1) in any order and letter case, commas between tiles, or a tile's id. Two tiles
share a left half (2 wool + 1 cheese + 1 whisky): a right half after "→" (or "->")
tells them apart, and so does the id. `search_tiles` is the short search of `play`:
the tiles whose left half holds the goods typed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Mapping
from typing import NamedTuple

from .components import CONTRACT_GAINS, CONTRACT_PAYMENTS, Contract, components, word
from .messages import Plural, Reason
from .words import Unmatched, is_name, match_word, one_of, shortened

ARROWS = ("→", "->", "=>")


class TileNotRead(ValueError):
    """Typed words that name no tile, or several: the message says which and why."""


def left_half(contract: Contract) -> str:
    """'4 wool', '1 cheese + 1 bread + 1 whisky'."""
    return " + ".join(f"{n} {word(good)}" for good, n in contract.pay.items())


def right_half(contract: Contract) -> str:
    """'2 cotton, 1 hop, free space', '4 sugar cane, £10, 2 bonus upgrades'."""
    return ", ".join(_gain(good, n) for good, n in contract.gain.items())


def _gain(good: str, count: int) -> str:
    if good == "money":
        return f"£{count}"
    if good == "hops":
        return Plural("{count} hop", "{count} hops", count=count)
    # TRANSLATORS: a contract tile's gain, as printed: one shows no count
    if good == "free_space":
        return Plural("free space", "{count} free spaces", count=count)
    if good == "bonus_upgrade":
        return Plural("bonus upgrade", "{count} bonus upgrades", count=count)
    return f"{count} {word(good)}"  # goods: their names are the data's


def face(contract: Contract) -> str:
    """The whole tile: '4 wool → 2 cotton, 1 hop, free space'."""
    return f"{left_half(contract)} → {right_half(contract)}"


def named(contract: Contract) -> str:
    """The tile as a person names it: its face (the printed tiles carry no number, so the
    id stays in the record and `--json`; two tiles that share a left half differ on the
    right)."""
    return face(contract)


def tile(contract_id: object, contracts: Mapping[int, Contract] | None = None) -> str:
    """A contract by its face; 'contract N' for an id not in the data."""
    if contracts is None:
        contracts = components().contracts
    found = contracts.get(contract_id) if isinstance(contract_id, int) else None
    return named(found) if found else Reason("contract {id}", id=contract_id)


def short(contract_id: object, contracts: Mapping[int, Contract] | None = None) -> str:
    """A contract by its left half (how a table finds the tile); a tile whose left half
    another tile shares, by its whole face (the right half tells them apart)."""
    if contracts is None:
        contracts = components().contracts
    found = contracts.get(contract_id) if isinstance(contract_id, int) else None
    if not found:
        return Reason("contract {id}", id=contract_id)
    if has_twin(found, contracts):
        return face(found)
    return left_half(found)


def has_twin(contract: Contract, contracts: Mapping[int, Contract]) -> bool:
    """Does another tile ask for the same goods (2 wool + 1 cheese + 1 whisky)?"""
    return any(
        o.id != contract.id and dict(o.pay) == dict(contract.pay) for o in contracts.values()
    )


def tiles(ids: Collection[object], contracts: Mapping[int, Contract] | None = None) -> str:
    """Several tiles by their faces: '4 wool → … and 2 beef → …'; a face holds
    commas, so three or more are parted by semicolons."""
    named_ids = [tile(i, contracts) for i in ids]
    if not named_ids:
        return Reason("none")  # TRANSLATORS: no contract tile
    if len(named_ids) == 1:
        return named_ids[0]
    # TRANSLATORS: contract tiles by their faces, which hold commas
    if len(named_ids) == 2:
        return Reason("{first} and {second}", first=named_ids[0], second=named_ids[1])
    return Reason("{tiles}; and {last}", tiles="; ".join(named_ids[:-1]), last=named_ids[-1])


def choices(ids: Collection[object], contracts: Mapping[int, Contract] | None = None) -> str:
    """One or two tiles as a menu line names them: one by its face; a pair (Buchanan's) by
    the two left halves, '2 bread and 4 bread together', so the lines of a menu of pairs,
    most of them sharing a tile, differ within their first words, not after a whole face
    (the single tiles' lines around them show each whole face)."""
    if len(ids) != 2:
        return tiles(ids, contracts)
    first, second = (short(i, contracts) for i in ids)
    # TRANSLATORS: two contract tiles taken or fulfilled in one action, each by its left half
    return Reason("{first} and {second} together", first=first, second=second)


# -- reading what is typed -----------------------------------------------------------------


class Goods(NamedTuple):
    """One half of a tile as typed: goods and counts (a count left out is None)."""

    counts: dict[str, int | None]


def _read_half(text: str, vocabulary: tuple[str, ...], what: str, other: tuple[str, ...]) -> Goods:
    """'4 wool + 1 cheese', 'cheese bread whisky', '£10 7 hops' → the goods and their counts."""
    tokens = [t for t in re.split(r"[\s+&,]+|(?<=\d)(?=[^\d\s])|(?<=£)", text) if t]
    counts: dict[str, int | None] = {}
    pending: int | None = None
    money = False
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.casefold() in ("and", "of", "y", "de"):  # '4 wool and 2 beef', Spanish too
            i += 1
            continue
        if token == "£":
            money, i = True, i + 1
            continue
        if token.casefold() in ("x", "×"):  # '4 x wool', '4x wool'
            i += 1
            continue
        if token.isdecimal():
            if len(token) > 2:  # no tile asks for 100 of anything (and int() has a limit)
                raise TileNotRead(
                    Reason("{number} is more than any contract tile holds", number=shortened(token))
                )
            pending = int(token)
            if money and "money" in vocabulary:
                counts["money"] = (counts.get("money") or 0) + (pending or 0)
                pending, money = None, False
            i += 1
            continue
        good, used = _good_at(tokens, i, vocabulary, what, other)
        if good in counts:  # 'wool wool': two wool
            counts[good] = (counts[good] or 1) + (pending or 1)
        else:
            counts[good] = pending
        pending, i = None, i + used
    if pending is not None:
        raise TileNotRead(
            Reason(
                "{typed!r}: {count} of what? A count goes before its good",
                typed=text.strip(),
                count=pending,
            )
        )
    if not counts:
        raise TileNotRead(Reason("{typed!r} names no goods", typed=text.strip()))
    return Goods(counts)


def _good_at(
    tokens: list[str], i: int, vocabulary: tuple[str, ...], what: str, other: tuple[str, ...]
) -> tuple[str, int]:
    """The good the words at `i` name (two-word goods first: 'sugar cane', 'free space')."""
    for length in (3, 2):
        typed = " ".join(tokens[i : i + length])
        if len(tokens) - i >= length:
            found = match_word(typed, vocabulary, what)
            if isinstance(found, str) and is_name(typed, found):
                return found, length
    typed = tokens[i]
    found = match_word(typed, vocabulary, what)
    if isinstance(found, str):
        return found, 1
    elsewhere = match_word(typed, other, what)
    if isinstance(elsewhere, str):
        raise TileNotRead(_other_half(word(elsewhere), elsewhere in CONTRACT_GAINS))
    if isinstance(found, Unmatched) and found.ambiguous:
        raise TileNotRead(found.reason)
    raise _not_on_a_tile(typed, vocabulary, what)


def _not_on_a_tile(typed: str, vocabulary: tuple[str, ...], what: str) -> TileNotRead:
    """The words that no good (or gain) of a tile's half fit, listing those that do."""
    spoken = one_of([word(g) for g in vocabulary])
    # TRANSLATORS: {typed} is what was typed, {names} what a tile may hold there
    if what == "good":
        return TileNotRead(
            Reason(
                "no good {typed!r} on a contract tile: they are {names}", typed=typed, names=spoken
            )
        )
    return TileNotRead(
        Reason("no gain {typed!r} on a contract tile: they are {names}", typed=typed, names=spoken)
    )


def _other_half(good: str, gained: bool) -> str:
    """A good typed in the wrong half of a tile: a gain in the left half, or a payment in
    the right half (the other vocabulary is always the other half's)."""
    if gained:
        return Reason(
            "{good} is what a contract gives (its right half), not what it asks for "
            "(its left half)",
            good=good,
        )
    return Reason(
        "{good} is what a contract asks for, not what it gives (its right half)", good=good
    )


def _left(text: str) -> dict[str, int]:
    goods = _read_half(text, CONTRACT_PAYMENTS, "good", CONTRACT_GAINS)
    return {good: n or 1 for good, n in goods.counts.items()}


def _right(text: str) -> dict[str, int]:
    goods = _read_half(text, CONTRACT_GAINS, "gain", CONTRACT_PAYMENTS)
    return {good: n or 1 for good, n in goods.counts.items()}


def _split_arrow(text: str) -> tuple[str, str | None]:
    for arrow in ARROWS:
        if arrow in text:
            left, _, right = text.partition(arrow)
            return left, right
    return text, None


def split_tiles(text: str) -> list[str]:
    """The tiles in a typed list: commas between tiles, except inside a right half (after
    '→'), which goes on while its parts name only what contracts give."""
    items: list[str] = []
    for part in (p.strip() for p in re.split(r"[,;]", text)):
        if not part:
            continue
        if items and _split_arrow(items[-1])[1] is not None and _only_gains(part):
            items[-1] += f", {part}"
        else:
            items.append(part)
    return items


def _only_gains(text: str) -> bool:
    try:
        _right(text)
    except TileNotRead:
        return False
    return True


def find_tile(
    typed: str, contracts: Mapping[int, Contract], among: Collection[int] | None = None
) -> list[int]:
    """The tiles (ids) one typed tile can be: its id, or the tiles whose left half is exactly
    the goods typed (and whose right half holds the gains typed after '→'). Several only
    for the tiles that share a left half. TileNotRead when none fits."""
    text = typed.strip()
    pool = [i for i in contracts if among is None or i in among]
    # a face as `named` writes it ('4 wool → … (1)'), or after its id ('1: 4 wool → …')
    labelled = re.fullmatch(r".*\((\d+)\)", text, re.S) or re.match(r"#?(\d+)\s*:", text)
    if labelled:
        text = labelled.group(1)
    if text.lstrip("#").isdecimal():
        digits = text.lstrip("#")
        if len(digits) > 3:  # a pasted number: said back short, never given to int()
            raise TileNotRead(_no_contract(shortened(digits), len(contracts)))
        number = int(digits)
        if number not in contracts:
            raise TileNotRead(_no_contract(number, len(contracts)))
        if number not in pool:
            raise TileNotRead(_not_among(named(contracts[number]), 1))
        return [number]
    left_text, right_text = _split_arrow(text)
    right_text = (right_text or "").strip()
    pay = _left(left_text)
    gain = _right(right_text) if right_text else {}
    same = [i for i in contracts if dict(contracts[i].pay) == pay]
    fits = [i for i in same if all(contracts[i].gain.get(g) == n for g, n in gain.items())]
    found = [i for i in fits if i in pool]
    if found:
        return found
    asked = " + ".join(f"{n} {word(g)}" for g, n in pay.items())
    if not same:
        return_close = _close(asked, pay, contracts, pool)
        raise TileNotRead(return_close)
    if not fits:
        # TRANSLATORS: {asked} is a tile's left half typed ("4 wool"), {typed} its right
        # half typed, {tiles} the right halves of the tiles that do ask for those goods
        raise TileNotRead(
            Reason(
                "no {asked} tile gives {typed}: {tiles}",
                asked=asked,
                typed=right_text,
                tiles=_either([right_half(contracts[i]) for i in same]),
            )
        )
    raise TileNotRead(_not_among(_either([named(contracts[i]) for i in fits]), len(fits)))


def _either(tiles: list[str]) -> str:
    """'a or b or c': tiles (or their halves) hold commas, so every pair says 'or'."""
    # TRANSLATORS: two contract tiles (or halves of tiles), either of which is meant
    return functools.reduce(
        lambda first, second: Reason("{first} or {second}", first=first, second=second), tiles
    )


def _no_contract(number: object, count: int) -> str:
    return Reason(
        "no contract {number}: the tiles are numbered 1-{count}", number=number, count=count
    )


def _not_among(tiles: str, count: int) -> str:
    # TRANSLATORS: {tiles} is one contract tile by its face (singular), or several joined by "or"
    return Plural(
        "{tiles} is not among these tiles",
        "{tiles} are not among these tiles",
        count=count,
        tiles=tiles,
    )


def _close(
    asked: str, pay: dict[str, int], contracts: Mapping[int, Contract], pool: list[int]
) -> str:
    """No tile asks for exactly these goods: say so, with the tiles that ask for the same
    goods (other counts) when they are few."""
    close = [i for i in pool if set(contracts[i].pay) == set(pay)]
    if not close or len(close) > 3:
        return Reason(
            "no contract tile asks for exactly {asked} (one tile's goods with + or spaces "
            "between them; commas between tiles)",
            asked=asked,
        )
    return Reason(
        "no contract tile asks for exactly {asked}; with these goods: {tiles}",
        asked=asked,
        tiles="; ".join(left_half(contracts[i]) for i in close),
    )


def read_tiles(
    text: str,
    contracts: Mapping[int, Contract],
    among: Collection[int] | None = None,
) -> list[int]:
    """Tiles typed as a list ('4 wool, 2 beef', '12, 31', 'none'): their ids in the order
    typed. TileNotRead names the first tile not read, or the one that needs telling apart
    from its twin (by its right half or id)."""
    if text.strip().casefold() in ("", "none", "-"):
        return []
    items = split_tiles(text)
    ids: list[int] = []
    while items:
        found, used = _first_tile(items, contracts, among)
        if len(found) > 1:
            raise TileNotRead(twins_reason(", ".join(items[:used]), [contracts[i] for i in found]))
        ids.append(found[0])
        del items[:used]
    return ids


def _first_tile(
    items: list[str], contracts: Mapping[int, Contract], among: Collection[int] | None
) -> tuple[list[int], int]:
    """The tile the first typed item names, and how many items it took: a tile whose goods
    were written with commas ('2 wool, 1 cheese, 1 whisky') is read as one when the first
    part alone names no tile."""
    try:
        return find_tile(items[0], contracts, among), 1
    except TileNotRead as first_problem:
        for used in range(2, min(len(items), len(CONTRACT_PAYMENTS)) + 1):
            try:
                return find_tile(" + ".join(items[:used]), contracts, among), used
            except TileNotRead:
                continue
        raise first_problem from None


def twins_reason(typed: str, twins: list[Contract]) -> str:
    """Two tiles share a left half: say how to tell them apart."""
    rights = _either([f"→ {right_half(c)}" for c in twins])
    first = set(_gain(g, n) for g, n in twins[0].gain.items())
    telling = next((_gain(g, n) for g, n in twins[-1].gain.items() if _gain(g, n) not in first), "")
    example = f"{typed.strip()} → {telling}"
    # TRANSLATORS: {left} is a tile's left half ("2 wool + 1 cheese"), {rights} the right
    # halves of the tiles that share it; {example} shows how to type one of them
    return Reason(
        "{left} is on {count} tiles: {rights}; add the right half after '→' (e.g. '{example}')",
        left=left_half(twins[0]),
        count=len(twins),
        rights=rights,
        example=example,
    )


def search_tiles(
    typed: str, contracts: Mapping[int, Contract], among: Collection[int] | None = None
) -> list[int]:
    """The tiles that fit what is typed, for a short search: an id or an exact left half
    first (both twins); else every tile whose left half holds all the goods typed (with at
    least the counts typed). TileNotRead when the words name no goods."""
    try:
        return find_tile(typed, contracts, among)
    except TileNotRead:
        left_text, _ = _split_arrow(typed)
        if left_text.strip().lstrip("#").isdigit():
            raise
        wanted = _read_half(left_text, CONTRACT_PAYMENTS, "good", CONTRACT_GAINS).counts
    return [
        i
        for i in contracts
        if (among is None or i in among)
        and all(contracts[i].pay.get(g, 0) >= (n or 1) for g, n in wanted.items())
    ]
