"""Reading files and streams without trusting them: bounded sizes, UTF-8 with located errors, UTF-16 named.

Every reader of this package takes its text from here, so a missing file says "no such file", a folder
says so, UTF-16 is recognised (a common export of Windows editors) instead of being read as control
characters, and no input can make a reader hold more than a bounded amount in memory: lines are read
at most :data:`LINE_LIMIT` characters at a time and whole files at most their reader's limit.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from typing import BinaryIO

from sudoku_workbench.core.errors import FormatError

__all__ = ["LINE_LIMIT", "open_binary", "read_lines", "read_text", "utf16_message"]

#: The longest line a line-by-line reader accepts: far beyond any puzzle line (a 25x25 grid written
#: with numbers is under 2,000 characters), and enough for a compact document.
LINE_LIMIT = 1 << 20


def open_binary(path: str | os.PathLike[str], source: str) -> BinaryIO:
    """Open a file for reading bytes.

    Raises:
        FormatError: "no such file", "is a folder" or the system's reason, naming the file.
    """
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise FormatError("no such file", source) from None
    except IsADirectoryError:
        raise FormatError("is a folder, not a file", source) from None
    except OSError as err:
        if err.errno == errno.ENAMETOOLONG:
            raise FormatError("no such file (the name is too long for a file name)", source) from None
        raise FormatError(f"cannot read the file: {err.strerror or err}", source) from None


def utf16_message(head: bytes) -> str | None:
    """Why text starting with ``head`` is UTF-16 (by its byte order mark or its zero bytes), or None."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16 text (byte order mark found); save it as UTF-8"
    pairs = head[:8]
    if len(pairs) >= 4 and len(pairs) % 2 == 0:
        low, high = pairs[0::2], pairs[1::2]
        if all(high[i] == 0 for i in range(len(high))) and all(0x09 <= b < 0x7F for b in low):
            return "UTF-16 text (every other byte is zero); save it as UTF-8"
        if all(low[i] == 0 for i in range(len(low))) and all(0x09 <= b < 0x7F for b in high):
            return "UTF-16 text (every other byte is zero); save it as UTF-8"
    return None


def read_lines(handle: BinaryIO, source: str, limit: int = LINE_LIMIT) -> Iterator[str]:
    """The lines of a byte stream as text (undecodable bytes kept as escapes for the reader to locate).

    A UTF-8 byte order mark is dropped.

    Raises:
        FormatError: for UTF-16 text, or a line longer than ``limit`` bytes (naming its number).
    """
    number = 0
    while True:
        raw = handle.readline(limit + 1)
        if not raw:
            return
        number += 1
        if number == 1:
            message = utf16_message(raw)
            if message:
                raise FormatError(message, source, 1)
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        if len(raw) > limit:
            raise FormatError(
                f"a line longer than {limit:,} bytes: not a text this program reads", source, number
            )
        yield raw.decode("utf-8", errors="surrogateescape")


def read_text(path: str | os.PathLike[str], source: str, limit: int) -> str:
    """A whole file as UTF-8 text (a UTF-8 byte order mark dropped), refused beyond ``limit`` bytes.

    Raises:
        FormatError: for a missing or unreadable file, one larger than ``limit``, UTF-16 text, or bytes
            that are not UTF-8 (with their line and column).
    """
    with open_binary(path, source) as handle:
        try:
            raw = handle.read(limit + 1)
        except OSError as err:
            raise FormatError(f"cannot read the file: {err.strerror or err}", source) from None
    if len(raw) > limit:
        raise FormatError(f"larger than {limit:,} bytes: not a file this program wrote or reads", source)
    return decode_text(raw, source)


def decode_text(raw: bytes, source: str) -> str:
    """Bytes as UTF-8 text.

    Raises:
        FormatError: for UTF-16 text or bytes that are not UTF-8, located by line and column.
    """
    message = utf16_message(raw)
    if message:
        raise FormatError(message, source, 1)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        column = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        raise FormatError(
            f"binary data: byte 0x{raw[err.start]:02X} is not UTF-8 text", source, line, column
        ) from None
