"""Loading a picture within bounds: one clear message for a file that is no image, truncated or huge."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.vision import MAX_PIXELS  # the package sets OpenCV's pixel bound from it

__all__ = [
    "MAX_BYTES",
    "MAX_PIXELS",
    "PictureError",
    "decode",
    "decode_scaled",
    "load",
    "load_bytes",
    "shrunk",
]

#: Larger files are refused before reading: no photo or screenshot of a grid needs more.
MAX_BYTES = 64 * 1024 * 1024
#: Pictures are shrunk to this longest side before the grid is looked for (enough for 16x16 cells).
WORKING_SIDE = 1600


class PictureError(WorkbenchError, ValueError):
    """A picture that cannot be read or holds no grid; the message names the file."""


def load(path: Path) -> np.ndarray:
    """The picture at ``path`` as an 8-bit grey image no longer than :data:`WORKING_SIDE` a side.

    Raises:
        PictureError: when the file is missing, too large, not an image, truncated or too many pixels.
    """
    return decode(load_bytes(path), str(path))


def load_bytes(path: Path) -> bytes:
    """The file's contents, refused before reading when larger than :data:`MAX_BYTES`.

    Raises:
        PictureError: when the file is missing, unreadable or too large.
    """
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise PictureError(f"{path}: {size // 2**20} MB is too large a picture (at most 64 MB)")
        return path.read_bytes()
    except OSError as err:
        raise PictureError(f"{path}: cannot read: {err.strerror or err}") from err


def decode(data: bytes, source: str) -> np.ndarray:
    """Decode image bytes (PNG, JPEG, BMP, TIFF, WebP …) to a bounded grey image.

    Raises:
        PictureError: when the bytes are not an image, are cut short, or exceed :data:`MAX_PIXELS`.
    """
    return decode_scaled(data, source)[0]


def decode_scaled(data: bytes, source: str) -> tuple[np.ndarray, float]:
    """As :func:`decode`, with the scale from the picture's pixels to the returned image's (≤ 1).

    Raises:
        PictureError: as :func:`decode`.
    """
    if _truncated(data):
        raise PictureError(f"{source}: the picture is truncated (its file ends early)")
    buffer = np.frombuffer(data, dtype=np.uint8)
    try:
        image = cv2.imdecode(buffer, cv2.IMREAD_GRAYSCALE) if len(buffer) else None
    except cv2.error as err:  # OpenCV asserts its pixel bound before decoding anything
        raise PictureError(f"{source}: more than {MAX_PIXELS // 1_000_000} megapixels: too large") from err
    if image is None or image.size == 0:
        raise PictureError(
            f"{source}: not a picture OpenCV can read, or larger than {MAX_PIXELS // 1_000_000} megapixels"
        )
    return shrunk(image)


def shrunk(grey: np.ndarray) -> tuple[np.ndarray, float]:
    """A grey image scaled down to :data:`WORKING_SIDE` a side if larger, and the scale applied."""
    side = max(grey.shape)
    if side <= WORKING_SIDE:
        return grey, 1.0
    scale = WORKING_SIDE / side
    return cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), scale


def _truncated(data: bytes) -> bool:
    """A JPEG without its end marker or a PNG without its IEND chunk (OpenCV decodes them half grey)."""
    if data[:2] == b"\xff\xd8":
        return b"\xff\xd9" not in data[-1024:]
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return b"IEND" not in data[-64:]
    return False
