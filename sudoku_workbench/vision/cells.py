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
#: Pieces of one broken digit lie at most this share of the cell's side apart (a pencil mark's
#: neighbours are about twice as far).
_GAP = 0.09
#: A stroke this many times as wide as it is tall is flat.
_FLAT = 1.4


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
    """The digit blob of one cell's ink mask (255 = ink) as a flat float vector, or None if none.

    A faint printed digit can break into pieces under the threshold (a 7's bar and leg, a 2's foot):
    the main piece (tall enough alone if any is, then the largest near the middle) takes in the
    pieces stacked close above and below it, and the digit's height is the height of the whole.
    """
    side = cell.shape[0]
    cut = round(side * _MARGIN)
    inner = cell[cut : side - cut, cut : side - cut]
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(inner, connectivity=8)
    middle = inner.shape[0] / 2
    pieces: list[tuple[tuple[bool, float], int, float]] = []
    for label in range(1, count):
        _x, _y, width, height, area = stats[label]
        off = np.hypot(*(centroids[label] - middle)) / side
        if _fits(width, height, inner.shape[0]) and off <= 0.3:
            pieces.append(((height >= _MIN_HEIGHT * side, area * (1.0 - off)), label, off))
    if not pieces:
        return None
    _, best, off = max(pieces)
    if off > 0.25:
        return None
    box = _box(stats[best])
    chosen = [best]
    for _, label, _ in sorted(pieces, reverse=True):
        if label != best and _beside(box, _box(stats[label]), _GAP * side):
            chosen.append(label)
            box = _union(box, _box(stats[label]))
    x0, y0, x1, y1 = box
    if y1 - y0 < _MIN_HEIGHT * side or not _fits(x1 - x0, y1 - y0, inner.shape[0]):
        return None
    blob = np.isin(labels[y0:y1, x0:x1], chosen).astype(np.float32)
    return _framed(blob)


Box = tuple[int, int, int, int]


def _fits(width: int, height: int, inner: int) -> bool:
    """Whether ink of this size can be a digit of the cell's ``inner`` square, not a grid line."""
    return width <= 0.9 * inner and height <= 0.95 * inner


def _box(stat: np.ndarray) -> Box:
    """A component's bounding box as (left, top, right, bottom), right and bottom exclusive."""
    x, y, width, height = (int(v) for v in stat[:4])
    return x, y, x + width, y + height


def _union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _beside(a: Box, b: Box, gap: float) -> bool:
    """Whether ``b`` lies above or below ``a``, overlapping it across, within ``gap``, one of them flat.

    A broken digit's loose piece is a flat stroke (a 7's bar, a 2's foot); stacked pencil marks are
    each about as tall as wide.
    """
    across = min(a[2], b[2]) - max(a[0], b[0])  # shared width
    down = min(a[3], b[3]) - max(a[1], b[1])  # shared height (negative: the gap between them)
    flat = any(box[2] - box[0] >= _FLAT * (box[3] - box[1]) for box in (a, b))
    return across > 0 and down > -gap and flat


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
