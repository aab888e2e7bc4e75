"""19.3's "nearest": the winter's distances are the shortest path over spaces and sea zones, a sea zone a step like a
space by default (ruling HIS-W06, issue 28 point 12), whatever order a set of neighbours comes in (found when a
replay in another process diverged); the option's other readings count sea zones as free or take none."""

from __future__ import annotations

import heapq

import pytest

from umpire.games.his2p.mapdata import HisMap, load_map
from umpire.games.his2p.winter import wintering


def _reference(board: HisMap, start: str, sea: str) -> dict[str, int]:
    """Dijkstra: weight 1 into a land space; into a sea zone 1 (``step``), 0 (``free``) or no way (``land``)."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, here = heapq.heappop(heap)
        if d > best[here]:
            continue
        for n in wintering._neighbours(board, here):
            if n in board.seas and sea == wintering.LAND_ONLY:
                continue
            nd = d + (0 if n in board.seas and sea == wintering.SEA_FREE else 1)
            if nd < best.get(n, 10**9):
                best[n] = nd
                heapq.heappush(heap, (nd, n))
    return {s: d for s, d in best.items() if s in board.spaces}


@pytest.mark.parametrize("sea", wintering.SEA_RULES)
def test_19_3_winter_distances_are_the_shortest_paths_from_every_space(sea: str) -> None:
    board = load_map()
    for start in sorted(board.spaces):
        assert wintering.distances(board, start, sea) == _reference(board, start, sea), start


def test_19_3_free_sea_zones_make_the_whole_mediterranean_one_step() -> None:
    """Why ``step`` is the default: with sea zones free, Athens and Istanbul are one step from Genoa."""
    board = load_map()
    assert wintering.distances(board, "genoa", wintering.SEA_FREE)["athens"] == 1
    assert wintering.distances(board, "genoa", wintering.SEA_STEP)["athens"] > 3
    with pytest.raises(ValueError, match="unknown sea-zone rule 'wet'"):
        wintering.distances(board, "genoa", "wet")
