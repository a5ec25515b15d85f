"""The argparse types of every numeric option, so each command refuses the same bad numbers the same way.

A count, a limit or a number of workers below its least sensible value is refused by the parser with
a message naming the option (exit code 2), never passed on to mean something else (``--limit -1``
is not "all but the last").
"""

from __future__ import annotations

import argparse
import math

__all__ = ["add_jobs_option", "non_negative_int", "positive_float", "positive_int"]


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive_int(text: str) -> int:
    """A whole number of at least 1 (counts, limits, workers, jobs)."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number (1 or more)")
    return value


def non_negative_int(text: str) -> int:
    """A whole number of at least 0 (seeds, a least number of givens)."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative (0 or more)")
    return value


def positive_float(text: str) -> float:
    """A finite number above 0 (seconds, temperatures)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive finite number")
    return value


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    """``--jobs J``, worker processes, 1 by default (``build_parser`` adds ``--cluster`` beside it)."""
    parser.add_argument(
        "--jobs", type=positive_int, default=1, metavar="J", help="worker processes (default 1)"
    )
