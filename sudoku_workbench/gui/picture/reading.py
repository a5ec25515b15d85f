"""Reading a picture for the window, on a pool thread: the reader's answer and a copy of the picture to show.

Both entry points run in the session's worker, never on the UI thread: decoding a 12-megapixel photo
and finding its grid take a good part of a second. The picture shown beside the board is shrunk to
:data:`SHOWN_SIDE` a side (a full photo would hold 48 MB for a panel a few hundred pixels wide), and the
found corners are scaled with it. ``QImage`` may be used off the UI thread (``QPixmap`` may not).
OpenCV and the reader are imported by the jobs, on the pool thread: the window starts 0.2 s sooner.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter

from sudoku_workbench.search.solve import count

if TYPE_CHECKING:
    from sudoku_workbench.vision.reader import Reading

__all__ = ["IMAGE_SUFFIXES", "SHOWN_SIDE", "PictureRead", "grey_array", "read_clipboard_image", "read_file"]

#: The longest side of the copy of the picture the panel shows.
SHOWN_SIDE = 1200
#: File names a drop or the file dialog takes as pictures (the reader decides what they really are).
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".gif", ".pbm", ".pgm", ".ppm")


@dataclass(frozen=True)
class PictureRead:
    """A reading and the copy of its picture shown (the reading's corners are in that copy's pixels).

    The image is null when Qt cannot decode a format OpenCV can: the board still shows the reading.
    """

    source: str
    reading: Reading
    image: QImage


def read_file(path: Path) -> PictureRead:
    """Read the picture file at ``path`` (a pool thread's job).

    Raises:
        PictureError: when the file is no readable picture or holds no grid.
    """
    from sudoku_workbench.vision.picture import load_bytes
    from sudoku_workbench.vision.reader import read_data

    data = load_bytes(path)
    reading = read_data(data, path.name, count)
    return _shown(path.name, reading, _decoded(data))


def read_clipboard_image(image: QImage) -> PictureRead:
    """Read a picture pasted from the clipboard (a pool thread's job).

    Raises:
        PictureError: when the picture is empty, too large or holds no grid.
    """
    from sudoku_workbench.vision.picture import MAX_PIXELS, PictureError
    from sudoku_workbench.vision.reader import read_grey

    if image.isNull() or image.width() * image.height() == 0:
        raise PictureError("clipboard: the picture on the clipboard is empty")
    if image.width() * image.height() > MAX_PIXELS:
        raise PictureError(f"clipboard: more than {MAX_PIXELS // 1_000_000} megapixels: too large")
    flat = _on_white(image)
    reading = read_grey(grey_array(flat), "clipboard", count)
    return _shown("the clipboard", reading, flat)


def grey_array(image: QImage) -> np.ndarray:
    """The image as rows × columns of 8-bit grey (a copy, independent of the image's buffer)."""
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    width, height, stride = grey.width(), grey.height(), grey.bytesPerLine()
    rows = np.frombuffer(grey.constBits(), dtype=np.uint8, count=stride * height).reshape(height, stride)
    return rows[:, :width].copy()


def _decoded(data: bytes) -> QImage:
    """The picture as Qt decodes it, turned upright by its EXIF orientation as OpenCV turns it."""
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setAutoTransform(True)
    return reader.read()


def _on_white(image: QImage) -> QImage:
    """A picture with transparency laid on white: a web page's clear background is white to a reader."""
    if not image.hasAlphaChannel():
        return image
    flat = QImage(image.size(), QImage.Format.Format_RGB32)
    flat.fill(QColor("white"))
    painter = QPainter(flat)
    painter.drawImage(0, 0, image)
    painter.end()
    return flat


def _shown(source: str, reading: Reading, image: QImage) -> PictureRead:
    """The reading with a copy of ``image`` at most :data:`SHOWN_SIDE` a side, corners scaled to it."""
    if image.isNull():  # a format OpenCV reads and Qt does not: the board still shows the reading
        return PictureRead(source, reading, QImage())
    side = max(image.width(), image.height())
    if side <= SHOWN_SIDE:
        return PictureRead(source, reading, image)
    scale = SHOWN_SIDE / side
    small = image.scaled(
        round(image.width() * scale),
        round(image.height() * scale),
        Qt.AspectRatioMode.IgnoreAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )
    corners = tuple((x * scale, y * scale) for x, y in reading.corners)
    return PictureRead(source, replace(reading, corners=corners), small)
