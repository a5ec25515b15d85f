"""Splitting the warped grid into cells and turning each cell's digit, if any, into a feature vector.

A cell holds a digit when, inside a margin that drops the grid lines, a blob of ink is tall enough
(pencil marks and specks are small) and near the middle. The feature is that blob's own pixels scaled
to fit :data:`GLYPH` pixels and centred in a :data:`FRAME`-pixel square: the same function serves the
reader and the training script, so both see digits alike.
"""

from __future__ import annotations

import cv2
import numpy as np

from sudoku_workbench.vision.grid_finder import ink

__all__ = ["FEATURES", "FRAME", "GLYPH", "cell_features", "glyph_feature"]

GLYPH = 20
FRAME = 24
FEATURES = FRAME * FRAME
#: Share of a cell's side cut off each edge before looking for the digit.
_MARGIN = 0.1
#: A digit is at least this share of the cell's height (pencil marks are about a third).
_MIN_HEIGHT = 0.38


def cell_features(square: np.ndarray, n: int) -> list[np.ndarray | None]:
    """For each cell of an ``n``×``n`` warped grid, row by row, its digit's feature (None: empty)."""
    side = square.shape[0] // n
    binary = ink(cv2.GaussianBlur(square, (3, 3), 0), side | 1)
    return [
        glyph_feature(binary[r * side : (r + 1) * side, c * side : (c + 1) * side])
        for r in range(n)
        for c in range(n)
    ]


def glyph_feature(cell: np.ndarray) -> np.ndarray | None:
    """The digit blob of one cell's ink mask (255 = ink) as a flat float vector, or None if none."""
    side = cell.shape[0]
    cut = round(side * _MARGIN)
    inner = cell[cut : side - cut, cut : side - cut]
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(inner, connectivity=8)
    best, best_score = 0, 0.0
    middle = inner.shape[0] / 2
    for label in range(1, count):
        _x, _y, width, height, area = stats[label]
        if height < _MIN_HEIGHT * side or width > 0.9 * inner.shape[1] or height > 0.95 * inner.shape[0]:
            continue
        off = np.hypot(*(centroids[label] - middle)) / side
        if off > 0.25:
            continue
        score = area * (1.0 - off)
        if score > best_score:
            best, best_score = label, score
    if not best:
        return None
    x, y, width, height, _ = stats[best]
    blob = (labels[y : y + height, x : x + width] == best).astype(np.float32)
    return _framed(blob)


def _framed(blob: np.ndarray) -> np.ndarray:
    """The blob scaled so its longer side is :data:`GLYPH`, centred in a :data:`FRAME` square, flat."""
    height, width = blob.shape
    scale = GLYPH / max(height, width)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    small = cv2.resize(blob, size, interpolation=cv2.INTER_AREA)
    frame = np.zeros((FRAME, FRAME), np.float32)
    top, left = (FRAME - size[1]) // 2, (FRAME - size[0]) // 2
    frame[top : top + size[1], left : left + size[0]] = small
    return frame.reshape(-1)
