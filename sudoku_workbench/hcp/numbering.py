"""Vertex numbers of Haythorpe's directed graph, in the order of the paper's Section 6.

Labels are 1-based: s = 1, f = 2, then the blocks ``b_ak``, rows ``r_ik``, row ends ``t_i``, columns
``c_jk``, column ends ``d_j``, puzzle vertices ``x_ijkl``, cell ends ``v_ij``, duplicates ``y_ijkl`` and
their ends ``w_ij``, each family in lexicographic order of its indices. Every index (a, i, j, k, l) is
1-based too, as in the paper, so the formulas can be checked against it directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Numbering", "numbering"]


@dataclass(frozen=True)
class Numbering:
    """Offsets of each vertex family for grids with ``n`` symbols."""

    n: int
    b0: int = field(init=False)
    r0: int = field(init=False)
    t0: int = field(init=False)
    c0: int = field(init=False)
    d0: int = field(init=False)
    x0: int = field(init=False)
    v0: int = field(init=False)
    y0: int = field(init=False)
    w0: int = field(init=False)
    count: int = field(init=False)

    def __post_init__(self) -> None:
        n = self.n
        offsets = {}
        start = 3
        for name, size in (
            ("b0", n * n),
            ("r0", n * n),
            ("t0", n),
            ("c0", n * n),
            ("d0", n),
            ("x0", 3 * n**3),
            ("v0", n * n),
            ("y0", 3 * n**3),
            ("w0", n * n),
        ):
            offsets[name] = start
            start += size
        offsets["count"] = start - 1
        for name, value in offsets.items():
            object.__setattr__(self, name, value)

    s: int = field(default=1, init=False)
    f: int = field(default=2, init=False)

    def b(self, a: int, k: int) -> int:
        """Block vertex: digit k in block a."""
        return self.b0 + (a - 1) * self.n + k - 1

    def r(self, i: int, k: int) -> int:
        """Row vertex: digit k in row i."""
        return self.r0 + (i - 1) * self.n + k - 1

    def t(self, i: int) -> int:
        """End of row i."""
        return self.t0 + i - 1

    def c(self, j: int, k: int) -> int:
        """Column vertex: digit k in column j."""
        return self.c0 + (j - 1) * self.n + k - 1

    def d(self, j: int) -> int:
        """End of column j."""
        return self.d0 + j - 1

    def x(self, i: int, j: int, k: int, l: int) -> int:  # noqa: E741 - the paper's index name
        """Puzzle vertex l (1–3) of digit k in cell (i, j)."""
        return self.x0 + 3 * (((i - 1) * self.n + j - 1) * self.n + k - 1) + l - 1

    def v(self, i: int, j: int) -> int:
        """End of cell (i, j) in the first copy."""
        return self.v0 + (i - 1) * self.n + j - 1

    def y(self, i: int, j: int, k: int, l: int) -> int:  # noqa: E741 - the paper's index name
        """Duplicate puzzle vertex l (1–3) of digit k in cell (i, j)."""
        return self.y0 + 3 * (((i - 1) * self.n + j - 1) * self.n + k - 1) + l - 1

    def w(self, i: int, j: int) -> int:
        """End of cell (i, j) in the duplicate copy."""
        return self.w0 + (i - 1) * self.n + j - 1

    def wrap(self, k: int) -> int:
        """A digit index taken back into ``1 … N`` (the paper's k+1, k+2, k−1 wrap around)."""
        return (k - 1) % self.n + 1

    def puzzle_index(self, vertex: int) -> tuple[str, int, int, int, int] | None:
        """``("x" or "y", i, j, k, l)`` for a puzzle vertex, None for any other vertex."""
        for name, base in (("x", self.x0), ("y", self.y0)):
            offset = vertex - base
            if 0 <= offset < 3 * self.n**3:
                cell_digit, l0 = divmod(offset, 3)
                cell, k0 = divmod(cell_digit, self.n)
                i0, j0 = divmod(cell, self.n)
                return name, i0 + 1, j0 + 1, k0 + 1, l0 + 1
        return None

    def name(self, vertex: int) -> str:
        """The paper's name of a vertex, e.g. ``x_{2,3,5,1}`` or ``t_4`` (for messages)."""
        if vertex in (self.s, self.f):
            return "s" if vertex == self.s else "f"
        puzzle = self.puzzle_index(vertex)
        if puzzle is not None:
            kind, *indices = puzzle
            return f"{kind}_{{{','.join(map(str, indices))}}}"
        for kind, base, pairs in (
            ("b", self.b0, True),
            ("r", self.r0, True),
            ("t", self.t0, False),
            ("c", self.c0, True),
            ("d", self.d0, False),
            ("v", self.v0, True),
            ("w", self.w0, True),
        ):
            offset = vertex - base
            if 0 <= offset < (self.n * self.n if pairs else self.n):
                if not pairs:
                    return f"{kind}_{offset + 1}"
                first, second = divmod(offset, self.n)
                return f"{kind}_{{{first + 1},{second + 1}}}"
        raise ValueError(f"{vertex} is not a vertex of the N={self.n} graph (1..{self.count})")


def numbering(n: int) -> Numbering:
    """The numbering for N symbols."""
    return Numbering(n)
