"""Text puzzle formats."""

from __future__ import annotations

import math

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import BOX_SHAPES, digit_from_char, geometry_for_size
from sudoku_workbench.core.grid import Grid

__all__ = ["parse_line"]


def parse_line(text: str, source: str = "<input>", line: int = 1) -> Grid:
    """A puzzle written as N*N characters on one line; anything after the first blank is ignored.

    Raises:
        FormatError: naming the column of a bad character, or the length that fits no grid size.
    """
    cells = text.strip().split(maxsplit=1)[0] if text.strip() else ""
    n = math.isqrt(len(cells))
    if n * n != len(cells) or n not in BOX_SHAPES:
        sizes = ", ".join(f"{k * k} ({k}x{k})" for k in BOX_SHAPES)
        raise FormatError(f"{len(cells)} cells fit no grid size; expected one of {sizes}", source, line)
    digits = []
    for column, char in enumerate(cells, start=1):
        digit = digit_from_char(char)
        if not 0 <= digit <= n:
            raise FormatError(f"{char!r} is not a digit of a {n}x{n} grid", source, line, column)
        digits.append(digit)
    return Grid.from_values(geometry_for_size(n), digits)
