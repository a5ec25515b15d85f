"""Line endings: ``\\n``, ``\\r\\n`` and a lone ``\\r`` all end a line, wherever the reads split the bytes."""

from __future__ import annotations

import io

import pytest

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.formats.reading import read_lines
from sudoku_workbench.formats.records import read_puzzles

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


class Trickle(io.RawIOBase):
    """A stream that hands out ``step`` bytes per read, as a slow pipe does."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.step = data, step

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        part, self.data = self.data[: self.step], self.data[self.step :]
        return part


@pytest.mark.parametrize("step", [1, 2, 3, 7, 1 << 16])
@pytest.mark.parametrize("ending", [b"\n", b"\r\n", b"\r"])
def test_every_ending_splits_lines_at_any_read_size(step, ending):
    data = ending.join([b"one", b"two", b"", b"four"]) + ending
    lines = [line.rstrip("\r\n") for line in read_lines(Trickle(data, step), "s")]  # type: ignore[arg-type]
    assert lines == ["one", "two", "", "four"]


def test_a_file_with_carriage_returns_only_gives_every_puzzle():
    data = ("\r".join([EASY, EASY.replace("5", ".", 1), EASY]) + "\r").encode()
    puzzles = list(read_puzzles(read_lines(io.BytesIO(data), "cr.txt"), "cr.txt"))
    assert len(puzzles) == 3
    assert puzzles[1].to_line() == EASY.replace("5", ".", 1)  # type: ignore[union-attr]


def test_a_byte_order_mark_alone_is_an_empty_text():
    assert list(read_lines(io.BytesIO(b"\xef\xbb\xbf"), "s")) == []


def test_a_line_beyond_the_limit_is_named_even_when_it_arrives_in_pieces():
    with pytest.raises(FormatError, match="line 2: a line longer than 10 bytes"):
        list(read_lines(Trickle(b"short\n" + b"x" * 30, 4), "s", limit=10))  # type: ignore[arg-type]
