"""Where the graph pane's edge labels go, in screen pixels: never over a node, never over another label.

Labels keep their size in pixels while the graph zooms, so the placement is redone for each view. Each
label tries a few spots along and beside its edge, most important labels first; a label with no free
spot is hidden, unless it is *forced* (the pane forces the labels of the node under the mouse). Pure
numpy, no Qt.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["place_labels"]

FloatArray = npt.NDArray[np.float64]

#: Where along the edge a label may sit (fractions from the first end); each spot is tried on the edge,
#: just beside it on either side, and a node's radius further out.
_ALONG = (0.5, 0.35, 0.65, 0.25, 0.75)


def place_labels(
    nodes: FloatArray,
    radius: float,
    ends: FloatArray,
    sizes: FloatArray,
    order: Sequence[int],
    gap: float = 2.0,
    forced: Collection[int] = (),
) -> list[tuple[float, float] | None]:
    """The centre of each label in pixels, or None when it has no free spot.

    Args:
        nodes: ``(N, 2)`` node centres in pixels.
        radius: the nodes' radius in pixels.
        ends: ``(L, 2, 2)`` each labelled edge's two end points in pixels.
        sizes: ``(L, 2)`` each label's width and height in pixels.
        order: label indices, most important first (they get the best spots).
        gap: free pixels kept around nodes and between labels.
        forced: labels shown even without a free spot (on their edge's middle): those the person asked
            for by pointing at a node.
    """
    placed: list[tuple[float, float] | None] = [None] * len(ends)
    boxes = np.zeros((0, 4))  # centre x, centre y, half width, half height of labels placed so far
    for index in order:
        (ax, ay), (bx, by) = ends[index]
        half_w, half_h = sizes[index] / 2.0 + gap
        length = float(np.hypot(bx - ax, by - ay)) or 1.0
        nx, ny = -(by - ay) / length, (bx - ax) / length  # unit normal of the edge
        beside = half_w * abs(nx) + half_h * abs(ny)  # just clear of the edge's line
        for along in _ALONG:
            for side in (0.0, beside, -beside, beside + radius, -beside - radius):
                x = ax + (bx - ax) * along + nx * side
                y = ay + (by - ay) * along + ny * side
                if _free(x, y, half_w, half_h, nodes, radius, boxes):
                    placed[index] = (x, y)
                    boxes = np.vstack([boxes, (x, y, half_w, half_h)])
                    break
            if placed[index] is not None:
                break
        if placed[index] is None and index in forced:
            middle = ((ax + bx) / 2, (ay + by) / 2)
            placed[index] = middle
            boxes = np.vstack([boxes, (*middle, half_w, half_h)])
    return placed


def _free(
    x: float, y: float, half_w: float, half_h: float, nodes: FloatArray, radius: float, boxes: FloatArray
) -> bool:
    """True when the box centred at (x, y) touches no node disc and no placed box."""
    if len(nodes):
        dx = np.maximum(np.abs(nodes[:, 0] - x) - half_w, 0.0)
        dy = np.maximum(np.abs(nodes[:, 1] - y) - half_h, 0.0)
        if np.any(dx * dx + dy * dy < radius * radius):
            return False
    if len(boxes):
        overlap_x = np.abs(boxes[:, 0] - x) < boxes[:, 2] + half_w
        overlap_y = np.abs(boxes[:, 1] - y) < boxes[:, 3] + half_h
        if np.any(overlap_x & overlap_y):
            return False
    return True
