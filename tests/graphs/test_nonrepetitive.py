"""nr(G) against brute-force enumeration of walks on small random labelled graphs."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.graphs.nonrepetitive import (
    FlagEdge,
    Hop,
    NonrepetitiveGraph,
    gadget_arcs,
    labelled_edges,
    strong_components,
)

Walk = tuple[Hop, ...]


def _hops(edges: list[FlagEdge]) -> list[Hop]:
    out = []
    for u, w, fu, fw in dict.fromkeys(edges):
        out += [Hop(u, w, fu, fw), Hop(w, u, fw, fu)]
    return out


def _walks(edges: list[FlagEdge]) -> Iterator[Walk]:
    """Every nonrepetitive walk of 1 … 2m edges (enough to reach every state)."""
    hops = _hops(edges)
    limit = len(hops)
    stack: list[Walk] = [(h,) for h in hops]
    while stack:
        walk = stack.pop()
        yield walk
        if len(walk) < limit:
            last = walk[-1]
            stack += [(*walk, h) for h in hops if h.start == last.end and h.start_label != last.end_label]


def _is_closed(walk: Walk) -> bool:
    return bool(walk[-1].end == walk[0].start and walk[-1].end_label != walk[0].start_label)


def _undirected(hop: Hop) -> frozenset[tuple[object, object]]:
    return frozenset({(hop.start, hop.start_label), (hop.end, hop.end_label)})


def _valid(walk: Walk) -> bool:
    return all(a.end == b.start and a.end_label != b.start_label for a, b in itertools.pairwise(walk))


vertices = st.integers(0, 4)
labels = st.integers(1, 3)
flag_edge_lists = st.lists(
    st.tuples(vertices, vertices, labels, labels).filter(lambda e: e[0] != e[1]), max_size=5
)
edge_label_lists = flag_edge_lists.map(lambda es: [(u, w, x, x) for u, w, x, _ in es])
any_edges = st.one_of(flag_edge_lists, edge_label_lists)


@settings(max_examples=150, deadline=None)
@given(any_edges)
def test_cyclic_edges_match_closed_walks(edges: list[FlagEdge]) -> None:
    nrg = NonrepetitiveGraph(edges)
    expected = {_undirected(h) for walk in _walks(edges) if _is_closed(walk) for h in walk}
    got = {_undirected(Hop(*edge)) for edge in nrg.cyclic_edges()}
    assert got == expected
    closed = [walk for walk in _walks(edges) if _is_closed(walk)]
    for start, first, last in {(w[0].start, w[0].start_label, w[-1].end_label) for w in closed}:
        shortest = min(
            len(w) for w in closed if (w[0].start, w[0].start_label, w[-1].end_label) == (start, first, last)
        )
        cycle = nrg.shortest_cycle(start, first, last)
        assert cycle is not None
        assert len(cycle) == shortest
        assert nrg.on_cycle(start, first, last)
    kinds = {(w[0].start, w[0].start_label, w[-1].end_label) for w in closed}
    flags = {(h.start, h.start_label) for h in _hops(edges)}
    for (v, first), (u, last) in itertools.product(flags, flags):
        if u == v:
            assert nrg.on_cycle(v, first, last) == ((v, first, last) in kinds)
    for edge in nrg.cyclic_edges():
        cycle = nrg.cycle_through(edge)
        assert cycle is not None
        assert _valid(cycle)
        assert _is_closed(cycle)
        assert cycle[0] == Hop(*edge)


@settings(max_examples=150, deadline=None)
@given(any_edges)
def test_reachability_matches_walks(edges: list[FlagEdge]) -> None:
    nrg = NonrepetitiveGraph(edges)
    walks = list(_walks(edges))
    starts = {(h.start, h.start_label) for walk in walks for h in walk[:1]}
    for vertex, first in starts:
        from_here = [w for w in walks if (w[0].start, w[0].start_label) == (vertex, first)]
        assert nrg.reachable_hops(vertex, first) == {h for w in from_here for h in w}
        ends = {(w[-1].end, w[-1].end_label) for w in from_here}
        assert nrg.reachable_ends(vertex, first) == ends
        for end, last in ends:
            shortest = min(len(w) for w in from_here if (w[-1].end, w[-1].end_label) == (end, last))
            walk = nrg.shortest_path(vertex, first, end, last)
            assert walk is not None
            assert _valid(walk)
            assert len(walk) == shortest
            assert (walk[0].start, walk[0].start_label, walk[-1].end, walk[-1].end_label) == (
                vertex,
                first,
                end,
                last,
            )
    assert nrg.reachable_hops("nowhere", 1) == set()


@settings(max_examples=100, deadline=None)
@given(any_edges)
def test_closure_collects_reachable_ends(edges: list[FlagEdge]) -> None:
    nrg = NonrepetitiveGraph(edges)
    assert all(nrg.component[a] >= nrg.component[b] for a, b in nrg.digraph.edges())
    ends = sorted({(h.end, h.end_label) for h in _hops(edges)})
    ports = [nrg.in_port(v, x) for v, x in ends]
    bit = {port: 1 << i for i, port in enumerate(ports) if port is not None}
    assert len(bit) == len(ends)
    total = nrg.closure(bit)
    for h in _hops(edges):
        start = nrg.out_port(h.start, h.start_label)
        assert start is not None
        reached = {ends[i] for i in range(len(ends)) if total[nrg.component[start]] >> i & 1}
        assert reached == nrg.reachable_ends(h.start, h.start_label)


def test_gadget_separates_equal_labels_with_linear_size() -> None:
    for k in range(1, 30):
        counter = itertools.count(2 * k)
        arcs = gadget_arcs(list(range(k)), list(range(k, 2 * k)), counter.__next__)
        digraph = nx.DiGraph(arcs)
        digraph.add_nodes_from(range(2 * k))
        for x in range(k):
            reached = nx.descendants(digraph, x)
            assert {y for y in range(k) if y + k in reached} == set(range(k)) - {x}
        assert len(arcs) <= 6 * k
        assert next(counter) - 2 * k <= 2 * k


def test_edge_labelled_graph_with_two_labels_on_a_pair() -> None:
    graph = nx.Graph()
    graph.add_edge("a", "b", digits=frozenset({1, 2}))
    graph.add_edge("b", "c", digits=frozenset({3}))
    assert sorted(labelled_edges(graph), key=str) == sorted(
        [("a", "b", 1, 1), ("a", "b", 2, 2), ("b", "c", 3, 3)], key=str
    )
    nrg = NonrepetitiveGraph.from_edge_labels(graph)
    assert {(e[0], e[1], e[2]) for e in nrg.cyclic_edges()} == {("a", "b", 1), ("a", "b", 2)}
    assert nrg.on_cycle("a", 1, 2)
    assert not nrg.on_cycle("a", 1, 1)
    assert nrg.shortest_cycle("b", 3, 1) is None
    assert ("c", 3) in nrg.reachable_ends("a", 1)
    assert ("c", 3) in nrg.reachable_ends("a", 2)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 12).flatmap(lambda n: st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))))
)
def test_strong_components_are_networkx_components_in_reverse_topological_order(
    arcs: list[tuple[int, int]],
) -> None:
    count = 1 + max((max(arc) for arc in arcs), default=0)
    successors: list[list[int]] = [[] for _ in range(count)]
    for a, b in arcs:
        successors[a].append(b)
    component = strong_components(successors)
    digraph = nx.DiGraph(arcs)
    digraph.add_nodes_from(range(count))
    expected = {frozenset(members) for members in nx.strongly_connected_components(digraph)}
    got: dict[int, set[int]] = {}
    for node, number in enumerate(component):
        got.setdefault(number, set()).add(node)
    assert {frozenset(members) for members in got.values()} == expected
    assert all(component[a] >= component[b] for a, b in arcs)


#: Larger graphs than the brute-force tests walk, with many walks of one length to choose between.
many_ties = st.lists(
    st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(1, 4), st.integers(1, 4)).filter(
        lambda e: e[0] != e[1]
    ),
    max_size=24,
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(many_ties, many_ties.map(lambda es: [(u, w, x, x) for u, w, x, _ in es])))
def test_shortest_walks_are_the_ones_networkx_picks(edges: list[FlagEdge]) -> None:
    """The same walk, not only one as short: the steps that show it read the same as before."""
    nrg = NonrepetitiveGraph(edges)
    walked = nrg.hops
    for start, end in itertools.product([p for *_, p in nrg.out_ports()], [p for *_, p in nrg.in_ports()]):
        try:
            nodes = nx.shortest_path(nrg.digraph, start, end, weight=lambda a, b, _: (a, b) in walked)
        except nx.NetworkXNoPath:
            assert nrg.shortest_walk(start, end) is None
            continue
        expected = tuple(nrg.hops[arc] for arc in itertools.pairwise(nodes) if arc in walked)
        assert nrg.shortest_walk(start, end) == expected
