"""Finding the grid: the largest four-cornered outline of ink, warped to a square, and its number of rows.

Adaptive thresholding copes with uneven light; the outline is the largest contour that reduces to a
convex quadrilateral (text and neighbouring puzzles are smaller). The size is read from the warped
square: an N×N grid has ink lines at every k/N of its side, so the largest N whose weakest line is
still a line wins.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from sudoku_workbench.vision.picture import PictureError

__all__ = ["SIDE", "SIZES", "Found", "find_grid", "ink", "square_size"]

#: Grid sizes a picture is read as, largest first (a 16x16's lines include a 4x4's).
SIZES = (16, 12, 9, 8, 6, 4)
#: Pixels per side of the warped square (a whole number of cells for every size in SIZES).
SIDE = 720
#: A line is a line where at least this share of its length is ink.
_LINE_SHARE = 0.45
#: The outline must cover at least this share of the picture.
_MIN_AREA = 0.04


@dataclass(frozen=True)
class Found:
    """The grid's corners in the picture (clockwise from top left) and the warped square, grey."""

    corners: tuple[tuple[float, float], ...]
    square: np.ndarray


def ink(grey: np.ndarray, block: int) -> np.ndarray:
    """Dark strokes as 255 on 0, thresholded against the neighbourhood (``block`` pixels, made odd)."""
    block = max(3, block | 1)
    return cv2.adaptiveThreshold(grey, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 9)


def find_grid(grey: np.ndarray, source: str) -> Found:
    """The largest quadrilateral outline in the picture, warped to a square of :data:`SIDE` pixels.

    Raises:
        PictureError: when no outline large and square enough for a grid is found.
    """
    blurred = cv2.GaussianBlur(grey, (5, 5), 0)
    binary = ink(blurred, max(grey.shape) // 40)
    binary = cv2.dilate(binary, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(binary, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    picture_area = grey.shape[0] * grey.shape[1]
    for contour in sorted(contours, key=cv2.contourArea, reverse=True)[:5]:
        if cv2.contourArea(contour) < _MIN_AREA * picture_area:
            break
        quad = _quadrilateral(contour)
        if quad is not None:
            return Found(tuple((float(x), float(y)) for x, y in quad), _warp(grey, quad))
    raise PictureError(f"{source}: no grid found (no large four-cornered outline in the picture)")


def _quadrilateral(contour: np.ndarray) -> np.ndarray | None:
    """The contour's hull reduced to four corners, ordered, if it is roughly a square."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for share in (0.02, 0.04, 0.06):
        approx = cv2.approxPolyDP(hull, share * perimeter, True)
        if len(approx) == 4:
            quad = _ordered(approx.reshape(4, 2).astype(np.float32))
            sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
            return quad if sides.min() > 0.5 * sides.max() else None
    return None


def _ordered(points: np.ndarray) -> np.ndarray:
    """Corners clockwise from the top left (smallest x+y first, then the smallest y−x)."""
    total = points.sum(axis=1)
    diff = points[:, 1] - points[:, 0]
    return np.array(
        [points[total.argmin()], points[diff.argmin()], points[total.argmax()], points[diff.argmax()]],
        dtype=np.float32,
    )


def _warp(grey: np.ndarray, quad: np.ndarray) -> np.ndarray:
    side = SIDE
    target = np.array([[0, 0], [side - 1, 0], [side - 1, side - 1], [0, side - 1]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(quad, target)
    return cv2.warpPerspective(grey, matrix, (side, side), flags=cv2.INTER_LINEAR)


def square_size(square: np.ndarray) -> int:
    """The number of rows the warped grid has: the largest of :data:`SIZES` whose lines are all there."""
    side = square.shape[0]
    binary = ink(square, side // 9) > 0
    rows = _line_profile(binary)
    cols = _line_profile(binary.T)
    for n in SIZES:
        positions = [round(k * (side - 1) / n) for k in range(1, n)]
        weakest = min(min(rows[p], cols[p]) for p in positions)
        if weakest >= _LINE_SHARE:
            return n
    return 9


def _line_profile(binary: np.ndarray) -> np.ndarray:
    """For each row of pixels, the best share of ink within 2 % of the side around it."""
    share = binary.mean(axis=1)
    reach = max(1, binary.shape[0] // 50)
    padded = np.pad(share, reach)
    windows = np.lib.stride_tricks.sliding_window_view(padded, 2 * reach + 1)
    return np.asarray(windows.max(axis=1))
