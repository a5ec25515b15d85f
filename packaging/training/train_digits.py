"""Train the digit classifier shipped as sudoku_workbench/vision/digits.npz (minutes on two cores).

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/training/train_digits.py [PHOTOS_DIR]

Data: digits 1-9 and A-G rendered by Qt from every font family on the machine (fc-list) with random
size, weight, shift, rotation/perspective, blur, noise and stroke thickness; plus the cells of the
training photos (../shared/data/photos/train, Wicht and Hennebert's Sudoku dataset, CC-BY-4.0), every
fifth photo held out for validation. Seeded: the same fonts and photos give the same weights.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import cv2
import numpy as np

from sudoku_workbench.vision.cells import FEATURES, cell_features, glyph_feature
from sudoku_workbench.vision.classifier import CLASSES, WEIGHTS, forward
from sudoku_workbench.vision.grid_finder import find_grid, ink
from sudoku_workbench.vision.picture import PictureError, load

PHOTOS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "photos" / "train"
CHARS = "123456789ABCDEFG"
rng = np.random.default_rng(43)


def split(root: Path) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    rows = [line.split("\t") for line in (root / "truth.tsv").read_text().splitlines() if line]
    pairs = [(name, puzzle.strip()) for name, puzzle in rows]
    return [p for i, p in enumerate(pairs) if i % 5], [p for i, p in enumerate(pairs) if i % 5 == 0]


def photo_samples(root: Path, pairs: list[tuple[str, str]]) -> tuple[list[np.ndarray], list[int]]:
    xs: list[np.ndarray] = []
    ys: list[int] = []
    for name, puzzle in pairs:
        try:
            square = find_grid(load(root / name), name).square
        except PictureError:
            continue
        for feature, char in zip(cell_features(square, 9), puzzle, strict=True):
            if feature is not None:
                xs.append(feature)
                ys.append(0 if char == "." else int(char))
    return xs, ys


def font_samples(per_font: int) -> tuple[list[np.ndarray], list[int]]:
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QFontDatabase, QGuiApplication, QImage, QPainter

    QGuiApplication.instance() or QGuiApplication([])
    families = [f for f in QFontDatabase.families() if not QFontDatabase.isPrivateFamily(f)]
    xs: list[np.ndarray] = []
    ys: list[int] = []
    side = 64
    for family in families:
        for _ in range(per_font):
            label = int(rng.integers(1, 17))
            image = QImage(side, side, QImage.Format.Format_Grayscale8)
            image.fill(QColor(235, 235, 235))
            painter = QPainter(image)
            font = QFont(family)
            font.setPixelSize(int(rng.integers(26, 46)))
            font.setBold(bool(rng.random() < 0.4))
            painter.setFont(font)
            painter.setPen(QColor(20, 20, 20))
            dx, dy = rng.integers(-5, 6, size=2)
            painter.drawText(QRectF(dx, dy, side, side), Qt.AlignmentFlag.AlignCenter, CHARS[label - 1])
            painter.end()
            grey = np.array(image.constBits(), np.uint8).reshape(side, image.bytesPerLine())[:, :side]
            feature = glyph_feature(ink(distorted(grey), side | 1))
            if feature is not None:
                xs.append(feature)
                ys.append(label)
    return xs, ys


def distorted(grey: np.ndarray) -> np.ndarray:
    side = grey.shape[0]
    corners = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    moved = corners + rng.normal(0, 2.5, corners.shape).astype(np.float32)
    grey = cv2.warpPerspective(
        grey, cv2.getPerspectiveTransform(corners, moved), (side, side), borderValue=235
    )
    kernel = np.ones((2, 2), np.uint8)
    if rng.random() < 0.25:
        grey = cv2.erode(grey, kernel)
    elif rng.random() < 0.25:
        grey = cv2.dilate(grey, kernel)
    grey = cv2.GaussianBlur(grey, (5, 5), rng.uniform(0.1, 1.6))
    noise = rng.normal(0, rng.uniform(0, 12), grey.shape)
    return np.clip(grey + noise, 0, 255).astype(np.uint8)


def train(x: np.ndarray, y: np.ndarray, epochs: int = 25, hidden: int = 128) -> dict[str, np.ndarray]:
    params = {
        "w1": rng.normal(0, np.sqrt(2 / FEATURES), (FEATURES, hidden)).astype(np.float32),
        "b1": np.zeros(hidden, np.float32),
        "w2": rng.normal(0, np.sqrt(2 / hidden), (hidden, CLASSES)).astype(np.float32),
        "b2": np.zeros(CLASSES, np.float32),
    }
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    step = 0
    for _epoch in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), 128):
            batch = order[start : start + 128]
            xb, yb = x[batch], y[batch]
            h = np.maximum(xb @ params["w1"] + params["b1"], 0)
            p = forward(params, xb)
            p[np.arange(len(yb)), yb] -= 1
            p /= len(yb)
            dh = (p @ params["w2"].T) * (h > 0)
            grads = {"w2": h.T @ p, "b2": p.sum(0), "w1": xb.T @ dh, "b1": dh.sum(0)}
            step += 1
            for k, g in grads.items():
                m, v = moments[k]
                m[:] = 0.9 * m + 0.1 * g
                v[:] = 0.999 * v + 0.001 * g * g
                params[k] -= 0.002 * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return params


def main() -> None:
    started = time.time()
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else PHOTOS
    train_pairs, held_out = split(root)
    px, py = photo_samples(root, train_pairs)
    fx, fy = font_samples(per_font=400)
    x = np.array(px * 3 + fx, np.float32)
    y = np.array(py * 3 + fy)
    print(f"{len(px)} photo cells (x3), {len(fx)} font digits")
    params = train(x, y)
    half = {k: v.astype(np.float16) for k, v in params.items()}
    np.savez_compressed(WEIGHTS, **half)  # type: ignore[arg-type]
    vx, vy = photo_samples(root, held_out)
    right = (forward(params, np.array(vx, np.float32)).argmax(1) == np.array(vy)).mean()
    print(f"held-out photo blobs classified right: {right:.4f}; {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
