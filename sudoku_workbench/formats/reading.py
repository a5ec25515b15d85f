r"""Reading files and streams without trusting them: bounded sizes, UTF-8 with located errors, UTF-16 named.

Every reader of this package takes its text from here, so a missing file says "no such file", a folder
says so, UTF-16 is recognised (a common export of Windows editors) instead of being read as control
characters, and no input can make a reader hold more than a bounded amount in memory: lines are read
at most :data:`LINE_LIMIT` characters at a time and whole files at most their reader's limit. A line
ends at ``\n``, ``\r\n`` or a lone ``\r`` (old Mac files), so no ending hides the records of a file.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from typing import BinaryIO

from sudoku_workbench.core.errors import FormatError

__all__ = [
    "LINE_LIMIT",
    "UnreadableInput",
    "open_binary",
    "read_bytes",
    "read_lines",
    "read_text",
    "utf16_message",
]

#: The longest line a line-by-line reader accepts: far beyond any puzzle line (a 25x25 grid written
#: with numbers is under 2,000 characters), and enough for a compact document.
LINE_LIMIT = 1 << 20
#: How much a line reader asks for at once.
_CHUNK = 1 << 16


class UnreadableInput(FormatError):
    """A located error after which nothing more of the input is read (binary data, a line too long).

    It stands for the whole input: a command reports it as it reports a file it cannot open.
    """


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
    """The lines of a byte stream as text, endings kept (undecodable bytes kept as escapes to locate).

    A UTF-8 byte order mark is dropped. At most one chunk and one line are held at a time, and a
    stream yields each line as soon as it is complete (``read1``: a pipe or a terminal is not waited on).

    Raises:
        FormatError: for UTF-16 text, or a line longer than ``limit`` bytes (naming its number).
    """
    read = getattr(handle, "read1", handle.read)
    pending = b""
    number = 0
    head = True
    while chunk := read(_CHUNK):
        if head:
            message = utf16_message(chunk)
            if message:
                raise FormatError(message, source, 1)
            chunk, head = chunk.removeprefix(b"\xef\xbb\xbf"), False
        lines = (pending + chunk).splitlines(keepends=True)
        pending = lines.pop() if lines and not lines[-1].endswith(b"\n") else b""  # unfinished, or \r + \n?
        for raw in lines:
            number += 1
            yield _decoded(raw, limit, source, number)
        if len(pending) > limit:
            raise _too_long(limit, source, number + 1)
    if pending:
        yield _decoded(pending, limit, source, number + 1)


def _decoded(raw: bytes, limit: int, source: str, number: int) -> str:
    if len(raw.rstrip(b"\r\n")) > limit:
        raise _too_long(limit, source, number)
    return raw.decode("utf-8", errors="surrogateescape")


def _too_long(limit: int, source: str, number: int) -> FormatError:
    return FormatError(f"a line longer than {limit:,} bytes: not a text this program reads", source, number)


def read_bytes(path: str | os.PathLike[str], source: str, limit: int, refuse_larger: bool = True) -> bytes:
    """A whole file's bytes, refused beyond ``limit`` bytes (or, with ``refuse_larger`` off, its first ones).

    Raises:
        FormatError: for a missing or unreadable file, or one larger than ``limit``.
    """
    with open_binary(path, source) as handle:
        try:
            raw = handle.read(limit + 1 if refuse_larger else limit)
        except OSError as err:
            raise FormatError(f"cannot read the file: {err.strerror or err}", source) from None
    if len(raw) > limit:
        raise FormatError(f"larger than {limit:,} bytes: not a file this program wrote or reads", source)
    return raw


def read_text(path: str | os.PathLike[str], source: str, limit: int) -> str:
    """A whole file as UTF-8 text (a UTF-8 byte order mark dropped), refused beyond ``limit`` bytes.

    Raises:
        FormatError: for a missing or unreadable file, one larger than ``limit``, UTF-16 text, or bytes
            that are not UTF-8 (with their line and column).
    """
    return decode_text(read_bytes(path, source, limit), source)


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
