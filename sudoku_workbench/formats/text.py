"""One-line puzzles and the cell vocabulary every text format shares.

A one-line puzzle is N*N characters (``.`` or ``0`` blank, ``1``–``9`` then ``A``, ``B``, … for 10 and
up) or N*N whitespace-separated numbers (``10 0 3 …``, for sizes above 9 written with numbers). After the
grid, a word of N*N letters is a jigsaw's region map and ``+x``, ``+windoku``, ``+disjoint``,
``+antiknight``, ``+antiking`` add a variant's rules, and one word ``cages:MAP:SUMS`` adds killer
cages (MAP a letter per cell, ``.`` for none, the cells of a letter joined side by side making a
cage; SUMS the totals in the order of the cages' first cells, ``-`` for none: see ``core.cages``);
other text (a rating, an id) is ignored. Errors name the line and column of the offending character
or word.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

from sudoku_workbench.core.cages import CAGE_WORD
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import (
    BOX_SHAPES,
    JIGSAW_SIZES,
    Digit,
    ShapeError,
    digit_char,
    digit_from_char,
    shape_from_words,
)
from sudoku_workbench.core.grid import Grid

__all__ = [
    "SIZES",
    "Token",
    "bad_char_message",
    "cell_digit",
    "chars_to_digits",
    "count_message",
    "format_numbers",
    "is_number_token",
    "leading_numbers",
    "number_digit",
    "parse_line",
    "size_for_count",
    "split_tokens",
]

#: The supported grid sizes N, ascending.
SIZES: tuple[int, ...] = tuple(sorted(BOX_SHAPES))
_SIZE_OF_COUNT = {n * n: n for n in SIZES}
_NUMBER = re.compile(r"[0-9]{1,2}|\.")


@dataclass(frozen=True)
class Token:
    """A run of non-blank characters and where it starts (1-based line and column)."""

    text: str
    line: int
    column: int


def split_tokens(text: str, line: int = 1) -> list[Token]:
    """The whitespace-separated tokens of one line of text, with their columns."""
    return [Token(m.group(), line, m.start() + 1) for m in re.finditer(r"\S+", text)]


def size_for_count(count: int, source: str, line: int = 0, what: str = "cells") -> int:
    """The grid size N whose N*N cells make ``count``.

    Raises:
        FormatError: listing the counts that would fit, and saying so when the count is the square of a
            size that has no box shape (7x7, 10x10, …).
    """
    size = _SIZE_OF_COUNT.get(count)
    if size is None:
        raise FormatError(count_message(count, what), source, line)
    return size


def count_message(count: int, what: str = "cells") -> str:
    """``expected 16 (4x4), …, 81 (9x9), … or 625 (25x25) cells but found 80``."""
    options = [f"{n * n} ({n}x{n})" for n in SIZES]
    message = f"expected {', '.join(options[:-1])} or {options[-1]} {what} but found {count}"
    root = math.isqrt(count)
    if root * root == count and root > 1:
        message += f": a {root}x{root} grid has no standard box shape"
    return message


def cell_digit(char: str, n: int, source: str, line: int, column: int) -> Digit:
    """The digit one character stands for in an N×N grid (0 for a blank).

    Raises:
        FormatError: naming the character and its place when it is no digit of this size.
    """
    digit = digit_from_char(char)
    if 0 <= digit <= n:
        return digit
    raise FormatError(bad_char_message(char, f"a digit of a {n}x{n} grid"), source, line, column)


def chars_to_digits(token: Token, n: int, source: str) -> list[Digit]:
    """The digits of a token that writes one cell a character (a table lookup: corpora are large).

    Raises:
        FormatError: at the first character that is no digit of an N×N grid.
    """
    table = _char_table(n)
    digits = [table.get(ch, -1) for ch in token.text]
    if -1 in digits:
        bad = digits.index(-1)
        cell_digit(token.text[bad], n, source, token.line, token.column + bad)
    return digits


@functools.cache
def _char_table(n: int) -> dict[str, Digit]:
    table = {".": 0, "0": 0}
    for digit in range(1, n + 1):
        table[digit_char(digit)] = table[digit_char(digit).lower()] = digit
    return table


def bad_char_message(char: str, expected: str, kind: str = "puzzle text") -> str:
    """Why a character is refused, with a plainer story for bytes that are not text at all."""
    if "\udc80" <= char <= "\udcff":
        return f"binary data: byte 0x{ord(char) - 0xDC00:02X} is not UTF-8 text"
    if not char.isprintable():
        return f"binary data: control character U+{ord(char):04X} is not {kind}"
    return f"{char!r} is not {expected}"


def is_number_token(text: str) -> bool:
    """True for a cell written as a number (``0``–``99``) or ``.``, as in the integer form."""
    return _NUMBER.fullmatch(text) is not None


def number_digit(token: Token, n: int, source: str) -> Digit:
    """The digit a number token stands for (a single character is read as in the character form).

    Raises:
        FormatError: when the token is no number or lies outside ``0 … N``.
    """
    if len(token.text) == 1:
        return cell_digit(token.text, n, source, token.line, token.column)
    if token.text.isascii() and token.text.isdigit() and int(token.text) <= n:
        return int(token.text)
    message = f"{token.text!r} is not a digit of a {n}x{n} grid (0 or . for a blank, 1 to {n})"
    raise FormatError(message, source, token.line, token.column)


def leading_numbers(tokens: list[Token]) -> int:
    """How many tokens at the start of a line are cells in the integer form."""
    count = 0
    for token in tokens:
        if not is_number_token(token.text) and not (len(token.text) == 1 and digit_from_char(token.text) > 0):
            break
        count += 1
    return count


def parse_line(text: str, source: str = "<input>", line: int = 1) -> Grid:
    """A puzzle on one line: N*N characters, or N*N numbers separated by blanks; the rest is ignored.

    Contradictory givens are not a format error: the grid is made and ``grid.problems()`` reports them.

    Raises:
        FormatError: naming the column of a bad character, or the cell count that fits no grid size.
    """
    tokens = split_tokens(text, line)
    if not tokens:
        raise FormatError("empty line: expected a puzzle", source, line)
    numbers = leading_numbers(tokens)
    cells = numbers if numbers >= 2 else 1
    words = [token.text for token in tokens[cells:]]
    if numbers >= 2:
        n = _shape_size(numbers, words, source, line, "numbers")
        digits = [number_digit(token, n, source) for token in tokens[:numbers]]
    else:
        first = tokens[0]
        n = _shape_size(len(first.text), words, source, line, "cells")
        digits = chars_to_digits(first, n, source)
    try:
        geo = shape_from_words(n, words)
    except ShapeError as err:
        raise FormatError(str(err), source, line, _word_column(tokens[cells:], str(err))) from None
    return Grid.from_values(geo, digits)


def _word_column(words: list[Token], message: str) -> int:
    """Where the shape word at fault starts: the cage word for a cage's problem, else the first word."""
    if not words:
        return 0
    cage_word = next((w for w in words if w.text.startswith(CAGE_WORD)), None)
    return cage_word.column if cage_word is not None and "cage" in message else words[0].column


def _shape_size(count: int, words: list[str], source: str, line: int, what: str) -> int:
    """The size of a line's grid: a box size, or with a region map after it any square of 4x4 to 25x25."""
    root = math.isqrt(count)
    regions = any(len(word) == count and word.isascii() and word.isalpha() for word in words)
    if count not in _SIZE_OF_COUNT and root * root == count and root in JIGSAW_SIZES and regions:
        return root
    return size_for_count(count, source, line, what)


def format_numbers(grid: Grid) -> str:
    """The digits as N*N numbers separated by spaces, 0 for an empty cell (``10 0 3 …``)."""
    return " ".join(str(v) for v in grid.values)
