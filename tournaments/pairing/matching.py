"""Maximum-weight matching over integer weights of any size, with fixed pairs.

``Matcher(n)`` holds a graph on vertices ``0..n-1``; ``set(i, j, w)`` sets an edge's weight
(0 removes it), ``fix(i, j)`` takes the pair out of the graph for good, ``solve()`` returns
``mate`` (``mate[v] == v`` for a vertex left unmatched) of a maximum-weight matching of the
remaining graph, with the fixed pairs.
"""

from __future__ import annotations

import networkx as nx


class Matcher:
    def __init__(self, n: int) -> None:
        self.n = n
        self.w: list[dict[int, int]] = [{} for _ in range(n)]
        self.fixed: dict[int, int] = {}
        self.calls = 0

    def set(self, i: int, j: int, weight: int) -> None:
        if i in self.fixed or j in self.fixed:
            return
        if weight:
            self.w[i][j] = weight
            self.w[j][i] = weight
        else:
            self.w[i].pop(j, None)
            self.w[j].pop(i, None)

    def fix(self, i: int, j: int) -> None:
        for v in (i, j):
            for u in list(self.w[v]):
                self.w[u].pop(v, None)
            self.w[v] = {}
        self.fixed[i] = j
        self.fixed[j] = i

    def solve(self) -> list[int]:
        self.calls += 1
        mate = list(range(self.n))
        for v, u in self.fixed.items():
            mate[v] = u
        g = nx.Graph()
        for i, row in enumerate(self.w):
            for j, w in row.items():
                if j < i:
                    g.add_edge(i, j, weight=w)
        for a, b in nx.max_weight_matching(g):
            mate[a] = b
            mate[b] = a
        return mate
