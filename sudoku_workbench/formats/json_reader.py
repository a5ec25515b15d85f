"""Typed access to decoded JSON: every surprise becomes a FormatError that names the field's path.

Top-level fields are also located by line (found in the text), nested ones by their path alone, such
as ``history[3].placements[0]``.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import Candidate, Geometry, digit_from_char

__all__ = ["JsonReader", "load_json_object"]

_T = TypeVar("_T")
_MISSING: Any = object()
_KIND_NAMES: dict[type, str] = {
    int: "a whole number",
    str: "a string",
    bool: "true or false",
    list: "a list",
    dict: "an object",
}


def load_json_object(text: str, source: str, what: str) -> dict[str, Any]:
    """The JSON object a text holds, or a FormatError saying why not.

    Hostile JSON (nested thousands deep, integers of thousands of digits) and anything but an object
    are FormatErrors too, never a RecursionError.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise FormatError(f"broken JSON: {err.msg}", source, err.lineno, err.colno) from err
    except RecursionError:
        raise FormatError(f"JSON nested too deeply to be {what}", source) from None
    except ValueError as err:  # an integer of more digits than Python converts
        raise FormatError(f"JSON with an impossible value: {err}", source) from None
    if not isinstance(data, dict):
        raise FormatError(f"expected a JSON object ({what})", source)
    return data


class JsonReader:
    """Typed access to decoded JSON that turns every surprise into a FormatError naming the field."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source

    def error(self, path: str, message: str) -> FormatError:
        """A FormatError for a field; top-level fields are also located by line."""
        line = 0
        if path and "." not in path and "[" not in path:
            index = self.text.find(f'"{path}"')
            line = self.text.count("\n", 0, index) + 1 if index >= 0 else 0
        return FormatError(f"{path}: {message}" if path else message, self.source, line)

    def get(self, obj: Any, key: str, kind: type[_T], path: str, default: _T = _MISSING) -> _T:
        """``obj[key]`` checked to be a ``kind`` (bool is not taken for int)."""
        if key not in obj:
            if default is _MISSING:
                raise self.error(path, f"missing (expected {_KIND_NAMES[kind]})")
            return default
        value = obj[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(path, f"expected {_KIND_NAMES[kind]} but found {json.dumps(value)[:40]}")
        return value

    def digits(self, geo: Geometry, text: str, path: str, blank: bool = True) -> tuple[int, ...]:
        """The digits of a line of digit characters (a full grid line when ``blank`` is allowed)."""
        if blank and len(text) != geo.size:
            raise self.error(path, f"expected {geo.size} cells but found {len(text)}")
        digits = []
        for index, char in enumerate(text):
            value = _digit_value(char, geo.n)
            if value < 0 or (value == 0 and not blank):
                raise self.error(
                    path, f"{char!r} at position {index + 1} is not a digit of a {geo.n}x{geo.n} grid"
                )
            digits.append(value)
        return tuple(digits)

    def cell(self, geo: Geometry, value: Any, path: str) -> int:
        """A cell number ``0 … N²−1``."""
        return self._ranged(value, 0, geo.size - 1, path, "cell")

    def unit(self, geo: Geometry, value: Any, path: str) -> int:
        """A unit number ``0 … 3N−1``."""
        return self._ranged(value, 0, len(geo.units) - 1, path, "unit")

    def digit(self, geo: Geometry, value: Any, path: str) -> int:
        """A digit ``1 … N``."""
        return self._ranged(value, 1, geo.n, path, "digit")

    def candidate(self, geo: Geometry, value: Any, path: str) -> Candidate:
        """A ``[cell, digit]`` pair."""
        if not isinstance(value, list) or len(value) != 2:
            raise self.error(path, "expected a [cell, digit] pair")
        return self.cell(geo, value[0], path), self.digit(geo, value[1], path)

    def candidates(self, geo: Geometry, obj: Any, key: str, path: str) -> tuple[Candidate, ...]:
        """A list of ``[cell, digit]`` pairs under ``key`` (missing means none)."""
        items = self.get(obj, key, list, f"{path}.{key}", [])
        return tuple(self.candidate(geo, item, f"{path}.{key}[{i}]") for i, item in enumerate(items))

    def _ranged(self, value: Any, low: int, high: int, path: str, what: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.error(path, f"{json.dumps(value)[:40]} is not a {what} ({low} to {high})")
        return value


def _digit_value(char: str, n: int) -> int:
    """0 for a blank, the digit, or -1 when the character is no digit of an N×N grid."""
    value = digit_from_char(char)
    return value if value <= n else -1
