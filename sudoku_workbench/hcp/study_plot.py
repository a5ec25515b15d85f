"""The study's picture as a small SVG written by hand (the core has no plotting library).

Two panels share a logarithmic time axis: solve time against the number of givens, and against the
logic rating's level. Each mode has its colour; a search that ran out of time is drawn hollow at the
time limit, so it is visible and never mistaken for a solve.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from xml.sax.saxutils import escape

from sudoku_workbench.hcp.study import MODES, StudyRow

__all__ = ["study_svg"]

_COLOURS = {"givens": "#1f77b4", "local": "#ff7f0e"}
_LEVELS = ("", "easy", "medium", "hard", "very hard", "needs search")
_W, _H, _PAD = 420, 300, 55


def study_svg(rows: Sequence[StudyRow], time_limit: float, title: str) -> str:
    """Both panels side by side, with a legend and the title."""
    low = min([r.seconds for r in rows if r.seconds > 0] + [time_limit]) / 2
    y_range = (math.log10(max(low, 1e-3)), math.log10(time_limit * 1.5))
    givens = [r.givens for r in rows] or [0]
    x_givens = (min(givens) - 1, max(givens) + 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * _W + 20}" height="{_H + 40}" '
        'font-family="sans-serif" font-size="12">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="{_W + 10}" y="20" text-anchor="middle" font-size="14">{escape(title)}</text>',
    ]
    parts += _panel(rows, 0, "givens", x_givens, y_range, time_limit, lambda r: float(r.givens), str)
    parts += _panel(
        rows, _W + 20, "logic rating", (0.5, 5.5), y_range, time_limit, lambda r: float(r.level), _level
    )
    for index, mode in enumerate(MODES):
        x = 80 + 170 * index
        parts.append(f'<circle cx="{x}" cy="{_H + 25}" r="4" fill="{_COLOURS[mode]}"/>')
        label = "givens only" if mode == "givens" else "with candidates after the local rules"
        parts.append(f'<text x="{x + 8}" y="{_H + 29}">{label}</text>')
    parts.append(f'<text x="{x + 260}" y="{_H + 29}">hollow: no cycle within {time_limit:g} s</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _level(value: float) -> str:
    return _LEVELS[int(value)] if 0 < value < len(_LEVELS) else ""


def _panel(
    rows: Sequence[StudyRow],
    left: float,
    x_title: str,
    x_range: tuple[float, float],
    y_range: tuple[float, float],
    time_limit: float,
    x_of: Callable[[StudyRow], float],
    x_label: Callable[[float], str],
) -> list[str]:
    top, width, height = 30.0, _W - _PAD - 10, _H - 30 - _PAD

    def sx(value: float) -> float:
        return left + _PAD + (value - x_range[0]) / (x_range[1] - x_range[0]) * width

    def sy(seconds: float) -> float:
        fraction = (math.log10(max(seconds, 10 ** y_range[0])) - y_range[0]) / (y_range[1] - y_range[0])
        return top + height * (1 - fraction)

    out = [
        f'<rect x="{left + _PAD}" y="{top}" width="{width}" height="{height}" fill="none" stroke="#444"/>',
        f'<text x="{left + _PAD + width / 2}" y="{top + height + 38}" text-anchor="middle">{x_title}</text>',
        f'<text x="{left + 14}" y="{top + height / 2}" text-anchor="middle" '
        f'transform="rotate(-90 {left + 14} {top + height / 2})">CP-SAT seconds (log)</text>',
    ]
    ticks = [m * 10.0**p for p in range(math.floor(y_range[0]), math.ceil(y_range[1]) + 1) for m in (1, 2, 5)]
    for seconds in ticks:
        if 10 ** y_range[0] <= seconds <= 10 ** y_range[1]:
            y = sy(seconds)
            out.append(
                f'<line x1="{left + _PAD}" x2="{left + _PAD + width}" y1="{y}" y2="{y}" stroke="#ddd"/>'
            )
            out.append(f'<text x="{left + _PAD - 4}" y="{y + 4}" text-anchor="end">{seconds:g}</text>')
    limit_y = sy(time_limit)
    out.append(
        f'<line x1="{left + _PAD}" x2="{left + _PAD + width}" y1="{limit_y}" y2="{limit_y}" '
        'stroke="#c00" stroke-dasharray="4 3"/>'
    )
    first, last = math.ceil(x_range[0]), math.floor(x_range[1])
    step = max(1, (last - first) // 10)
    for tick in range(first, last + 1, step):
        x = sx(tick)
        out.append(f'<text x="{x}" y="{top + height + 16}" text-anchor="middle">{x_label(tick)}</text>')
    for row in rows:
        shift = -0.12 if row.mode == "givens" else 0.12
        x, y = sx(x_of(row) + shift), sy(time_limit if row.status != "found" else row.seconds)
        colour = _COLOURS.get(row.mode, "#333")
        fill = colour if row.status == "found" else "none"
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{fill}" stroke="{colour}" fill-opacity="0.7"/>'
        )
    return out
