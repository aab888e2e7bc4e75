"""19.3's "nearest": the winter's distances count land spaces only (sea zones are free) and are the shortest such
path whatever order a set of neighbours comes in (ruling HIS-W06; found when a replay in another process diverged)."""

from __future__ import annotations

import heapq

from umpire.games.his2p import wintering
from umpire.games.his2p.mapdata import HisMap, load_map


def _reference(board: HisMap, start: str) -> dict[str, int]:
    """Dijkstra with weight 0 into a sea zone and 1 into a land space."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, here = heapq.heappop(heap)
        if d > best[here]:
            continue
        for n in wintering._neighbours(board, here):
            nd = d + (0 if n in board.seas else 1)
            if nd < best.get(n, 10**9):
                best[n] = nd
                heapq.heappush(heap, (nd, n))
    return {s: d for s, d in best.items() if s in board.spaces}


def test_19_3_winter_distances_are_the_shortest_land_steps_from_every_space() -> None:
    board = load_map()
    for start in sorted(board.spaces):
        assert wintering.distances(board, start) == _reference(board, start), start
