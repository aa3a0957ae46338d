"""What a terminal of a given size shows after a program's output: just enough of a VT100
(the sequences rich and prompt_toolkit write) to tell which lines are still on the screen
and which scrolled off."""

from __future__ import annotations

import codecs
import re

PARTIAL = re.compile(r"\x1b(\[[0-?]*[ -/]*|\][^\x07]*|[()])?\Z")  # a sequence cut short
SEQUENCE = re.compile(r"\x1b\[([0-?]*)([ -/]*)([@-~])|\x1b\][^\x07]*\x07|\x1b[()][0-9A-B]|.", re.S)


class Screen:
    def __init__(self, columns: int, rows: int):
        self.columns, self.rows = columns, rows
        self.lines = [[" "] * columns for _ in range(rows)]
        self.row = self.column = 0
        self.wrap = True  # DECAWM: a character past the last column goes on the next line
        self.scrolled: list[str] = []  # the lines pushed off the top, oldest first
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._held = ""  # the start of a sequence the next read completes

    def feed(self, data: bytes) -> str:
        """Take the program's output, as read (a character or a sequence may be cut between
        two reads); what the terminal answers (its cursor's place, asked by prompt_toolkit)."""
        text = self._held + self._decoder.decode(data)
        cut = PARTIAL.search(text)
        self._held, text = (text[cut.start() :], text[: cut.start()]) if cut else ("", text)
        answers = ""
        for found in SEQUENCE.finditer(text):
            whole = found.group(0)
            if found.group(3) == "n" and found.group(1) == "6":
                answers += f"\x1b[{self.row + 1};{min(self.column, self.columns - 1) + 1}R"
            elif found.group(3) is not None:
                self._control(found.group(1), found.group(3))
            elif whole == "\r":
                self.column = 0
            elif whole == "\n":
                self._down()
            elif whole == "\b":
                self.column = max(self.column - 1, 0)
            elif len(whole) == 1 and whole.isprintable():
                self._put(whole)
        return answers

    def text(self) -> list[str]:
        """The screen's lines, their trailing spaces dropped."""
        return ["".join(line).rstrip() for line in self.lines]

    def _put(self, char: str) -> None:
        if self.column >= self.columns:
            if not self.wrap:
                return
            self.column = 0
            self._down()
        self.lines[self.row][self.column] = char
        self.column += 1

    def _down(self) -> None:
        if self.row == self.rows - 1:
            self.scrolled.append("".join(self.lines.pop(0)).rstrip())
            self.lines.append([" "] * self.columns)
        else:
            self.row += 1

    def _control(self, fields: str, final: str) -> None:
        if fields.startswith("?"):
            if fields == "?7":
                self.wrap = final == "h"
            return
        count = int(fields) if fields.isdigit() else 1
        if final == "A":
            self.row = max(self.row - count, 0)
        elif final == "B":
            self.row = min(self.row + count, self.rows - 1)
        elif final == "C":
            self.column = min(self.column + count, self.columns - 1)
        elif final == "D":
            self.column = max(self.column - count, 0)
        elif final == "G":
            self.column = min(count - 1, self.columns - 1)
        elif final == "K" and fields in ("", "0"):
            self.lines[self.row][self.column :] = [" "] * (self.columns - self.column)
        elif final == "J" and fields in ("", "0"):
            self.lines[self.row][self.column :] = [" "] * (self.columns - self.column)
            for below in range(self.row + 1, self.rows):
                self.lines[below] = [" "] * self.columns
        elif final == "J" and fields == "2":
            self.lines = [[" "] * self.columns for _ in range(self.rows)]
        elif final == "H":
            row, _, column = fields.partition(";")
            self.row = min(int(row or 1) - 1, self.rows - 1)
            self.column = min(int(column or 1) - 1, self.columns - 1)
