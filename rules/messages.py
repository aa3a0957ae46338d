"""Sentences a person reads, as values: a message id in English with named fields.

A `Reason` is the English sentence itself (a `str`, so every caller that joins, prints,
compares or stores reasons keeps working) that also keeps what it was made of: its
message id, the English source text with named fields ("{space} holds {whose} {unit}"),
and the fields. The CLI renders it in the reader's language (cli/translation.py) by
looking the id up in a gettext catalogue and filling in the fields; the rules never
translate anything.

A sentence that depends on a count is a `Plural`: its singular and plural ids, chosen by
the count as gettext's `ngettext` chooses them (a language may have more than two forms).

Message ids are written as the first argument of `Reason(...)` (the first two of
`Plural(...)`), or marked with `N_` where the text is kept for later, so that
`pybabel extract` (babel.cfg, the keywords in the README) finds them all. An id is always
a literal: never an f-string, whose words would differ at every call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

Choose = Callable[[str, str, int], str]  # gettext's ngettext: (singular, plural, count)


def N_(message_id: str) -> str:
    """Mark a message id for extraction where it is not given straight to `Reason`."""
    return message_id


class Reason(str):
    """One sentence: its English words, its message id and its named fields.

    Equal to (and hashed as) its English words, as any string: two reasons are the same
    when they say the same. A field may itself be a Reason, rendered in the same language.
    """

    __slots__ = ("message_id", "fields")
    message_id: str
    fields: Mapping[str, Any]

    def __new__(cls, message_id: str, /, **fields: Any) -> Reason:
        self = super().__new__(cls, message_id.format(**_english(fields)))
        self.message_id = message_id
        self.fields = fields  # read only by convention: a Reason never changes
        return self

    def render(
        self,
        translate: Callable[[str], str],
        choose: Choose | None = None,
        plain: Callable[[str], str] | None = None,
    ) -> str:
        """The sentence in the language of `translate` (a gettext function; `choose`, its
        ngettext): its id translated, with its fields (any Reason among them rendered
        the same way; `plain` renders a field that is plain text: a data name)."""
        return translate(self.message_id).format(**self._rendered_fields(translate, choose, plain))

    def _rendered_fields(
        self,
        translate: Callable[[str], str],
        choose: Choose | None,
        plain: Callable[[str], str] | None,
    ) -> dict[str, Any]:
        return {
            name: _rendered(value, translate, choose, plain) for name, value in self.fields.items()
        }

    def __repr__(self) -> str:
        fields = "".join(f", {name}={value!r}" for name, value in self.fields.items())
        return f"Reason({self.message_id!r}{fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        # copy and pickle keep its English words as they are (a checkpoint holds every
        # note of a game: loading it formats nothing again), its id and its fields
        return _restored, (type(self), str(self), self.message_id, dict(self.fields))


class Plural(Reason):
    """A sentence that depends on a count ("{count} contract" / "{count} contracts"): the
    count is a field named `count`, the English form is chosen as English chooses (one is
    singular), a translation as its language's ngettext chooses."""

    __slots__ = ("plural_id",)
    plural_id: str

    def __new__(cls, singular: str, plural: str, /, count: int, **fields: Any) -> Plural:
        english = singular if count == 1 else plural
        self = str.__new__(cls, english.format(count=count, **_english(fields)))
        self.message_id = singular
        self.plural_id = plural
        self.fields = {"count": count, **fields}
        return self

    def render(
        self,
        translate: Callable[[str], str],
        choose: Choose | None = None,
        plain: Callable[[str], str] | None = None,
    ) -> str:
        count = self.fields["count"]
        if choose is None:  # no ngettext: the English choice of the translated forms
            form = translate(self.message_id if count == 1 else self.plural_id)
        else:
            form = choose(self.message_id, self.plural_id, count)
        return form.format(**self._rendered_fields(translate, choose, plain))

    def __repr__(self) -> str:
        fields = "".join(f", {name}={value!r}" for name, value in self.fields.items())
        return f"Plural({self.message_id!r}, {self.plural_id!r}{fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        fields = dict(self.fields)
        return _restored, (type(self), str(self), self.message_id, fields, self.plural_id)


class Joined(Reason):
    """Several texts read as one, parted by `separator` (", ", "; "), which has no words
    of its own: each part a Reason rendered in the reader's language, or plain text."""

    __slots__ = ()

    def __new__(cls, separator: str, parts: Iterable[str]) -> Joined:
        parts = tuple(parts)
        self = str.__new__(cls, separator.join(parts))
        self.message_id = separator
        self.fields = {"parts": parts}
        return self

    def render(
        self,
        translate: Callable[[str], str],
        choose: Choose | None = None,
        plain: Callable[[str], str] | None = None,
    ) -> str:
        return self.message_id.join(
            str(_rendered(part, translate, choose, plain)) for part in self.fields["parts"]
        )

    def __repr__(self) -> str:
        return f"Joined({self.message_id!r}, {self.fields['parts']!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Joined, (self.message_id, self.fields["parts"])


def _rendered(
    value: Any,
    translate: Callable[[str], str],
    choose: Choose | None,
    plain: Callable[[str], str] | None,
) -> Any:
    """A field in the reader's language: a Reason rendered, an error raised with a Reason
    (`problem=error`) as that Reason, a plain name through `plain`, else as it is."""
    if isinstance(value, BaseException) and len(value.args) == 1:
        if isinstance(value.args[0], Reason):
            value = value.args[0]
    if isinstance(value, Reason):
        return value.render(translate, choose, plain)
    if plain is not None and type(value) is str:
        return plain(value)
    return value


def _english(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields as their English words: a Reason among them as a plain str, so that
    `{field!r}` quotes its words rather than showing `Reason(...)`."""
    for value in fields.values():  # a loop, not any(): a replay makes thousands of Reasons
        if isinstance(value, Reason):
            return {
                name: str(field) if isinstance(field, Reason) else field
                for name, field in fields.items()
            }
    return fields


def _restored(
    kind: type[Reason], english: str, message_id: str, fields: dict[str, Any], plural_id: str = ""
) -> Reason:
    """A Reason (or Plural) as copy and pickle keep it."""
    self = str.__new__(kind, english)
    self.message_id = message_id
    self.fields = fields
    if plural_id:
        self.plural_id = plural_id  # type: ignore[attr-defined]
    return self


def render(text: str, translate: Callable[[str], str]) -> str:
    """Any text a person reads in the language of `translate`: a Reason translated, any
    other string (not converted yet) as it is."""
    return text.render(translate) if isinstance(text, Reason) else text
