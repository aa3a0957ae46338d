"""A value printed on a clan tile that no public source gives, declared by the clan that uses
it (its `box_values`): MacKenzie's whisky cellar, MacEwen's beer money.

The table enters it once into its box data (`caledonia box values`, the box file's key of the
same name); a box file without the key gets the declared example value, and the game's
notices say so. boxdata.py reads and the set-up stores every declared value by its key, so a
clan with a new such value needs no change anywhere else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .errors import DataError
from .schema import Node


class BoxValue(NamedTuple):
    key: str  # in the box file, and in the game file's `box`
    default: Any  # the labelled example value, used when a box file leaves the key out
    words: str  # how the notices name it when it is the example value
    question: str  # how `caledonia box values` asks for it
    read: Callable[[Node], Any]  # the value from its node (a DataError naming the key)
    many: bool = False  # a list of whole numbers (else one), as typed in `box values`

    def example_words(self) -> str:
        """How the example-data notices name it when it is left at the example."""
        return f"{self.words} ({self.key}: example value; 'caledonia box values' enters yours)"

    def from_typed(self, numbers: list[int], source: str) -> Any:
        """The value from the numbers typed for it; ValueError with the reason."""
        try:
            typed: Any = numbers
            if not self.many:  # one number; else the text as typed, for the reason to show
                typed = numbers[0] if len(numbers) == 1 else " ".join(map(str, numbers))
            return self.read(Node(typed, source, self.key))
        except DataError as error:
            raise ValueError(error.reason) from None
