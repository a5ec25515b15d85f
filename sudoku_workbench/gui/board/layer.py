"""A part of the board kept as a transparent picture while what it shows stays the same.

Cages and the constraints' lines and dots change only with the puzzle, the board's size or a step,
while the board repaints a cell on every mouse move: stroking the cages' dashes alone took most of a
repaint (a cell's repaint under the mouse went from 5 to 15 ms). The window draws such a part once
into a picture and then draws the picture. Export image, Print and booklets draw afresh (an SVG keeps
the lines as lines).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage, QPainter

__all__ = ["KeptLayer"]


class KeptLayer:
    """One part of the board drawn once into a transparent picture and drawn again from it."""

    def __init__(self) -> None:
        self._key: tuple[Hashable, ...] = ()
        self._image = QImage()
        #: How many times the picture was drawn afresh (the tests read it to see the cache at work).
        self.redrawn = 0

    def paint(
        self,
        painter: QPainter,
        origin: QPointF,
        side: float,
        key: Hashable,
        draw: Callable[..., None],
        fresh: bool = False,
    ) -> None:
        """Draw ``draw``'s picture of a ``side``-pixel board at ``origin``, kept while ``key`` stays.

        ``key`` must name everything ``draw`` reads (the shape, the cell size, the colours, a step's
        highlights); the layer adds the screen's pixel ratio, the font and the fraction of a pixel
        of ``origin``, which the picture keeps so its lines fall where the board's do. ``draw`` is
        called with the painter and the origin as ``painter`` and ``origin``. ``fresh``: draw straight
        onto ``painter`` (Export image, Print: an SVG keeps the lines as lines).
        """
        if fresh:
            draw(painter=painter, origin=origin)
            return
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        corner = QPointF(math.floor(origin.x()), math.floor(origin.y()))
        offset = origin - corner
        full = (key, side, ratio, painter.font().key(), offset.toTuple())
        if full != self._key:
            pixels = round(side * ratio) + 2
            self._image = QImage(pixels, pixels, QImage.Format.Format_ARGB32_Premultiplied)
            self._image.setDevicePixelRatio(ratio)
            self._image.fill(Qt.GlobalColor.transparent)
            layer = QPainter(self._image)
            layer.setRenderHint(QPainter.RenderHint.Antialiasing)
            layer.setFont(painter.font())
            try:
                draw(painter=layer, origin=offset)
            finally:  # a painter left open on the picture crashes Qt when the picture goes
                layer.end()
            self._key = full
            self.redrawn += 1
        painter.drawImage(corner, self._image)
