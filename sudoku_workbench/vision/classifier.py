"""The digit classifier: a small two-layer perceptron run with numpy, weights shipped in ``digits.npz``.

Class 0 is "no digit" (a speck or a pencil mark that passed the blob test); class d is digit d
(10 … 16 written A … G). ``packaging/training/train_digits.py`` makes the weights.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np

__all__ = ["CLASSES", "WEIGHTS", "Classifier", "forward"]

CLASSES = 17
WEIGHTS = Path(__file__).with_name("digits.npz")


def forward(params: dict[str, np.ndarray], features: np.ndarray) -> np.ndarray:
    """Class probabilities for each row of ``features`` (the training script uses this too)."""
    hidden = np.maximum(features @ params["w1"] + params["b1"], 0.0)
    logits = hidden @ params["w2"] + params["b2"]
    logits -= logits.max(axis=1, keepdims=True)
    exp = np.exp(logits)
    return np.asarray(exp / exp.sum(axis=1, keepdims=True))


class Classifier:
    """The shipped weights, loaded once."""

    def __init__(self, path: Path = WEIGHTS) -> None:
        with np.load(path) as data:
            self.params = {key: data[key].astype(np.float32) for key in data.files}

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        """One row of :data:`CLASSES` probabilities per feature row."""
        return forward(self.params, features.astype(np.float32))


@functools.cache
def shipped() -> Classifier:
    """The classifier of the shipped weights (loaded on first use)."""
    return Classifier()
