"""Where each land space's name is written on the board, so that no two names overlap and no name covers a marker
or a badge where spaces crowd (Saxony's Brunswick, Magdeburg and Wittenberg; the Scottish towns; the Low Countries).

A name goes to the right of its marker where it fits; else to the left, above, or below and to the side, whichever
is free of the markers (with their rings and badges) and of the names already placed; where none is free, the
place that overlaps least. Spaces are placed most crowded first, so the crowded ones get the first choice. The
places depend only on the map and its layout, never on a game, so they are worked out once.

Counters and leaders' names are drawn under their markers and move with the game: a name avoids the place of a
space's first counter where it can, but a long stack or a leader's line (Luther's under Wittenberg, beside
Leipzig) may still cross a neighbour's name. With a badge on every space at once, one name (Besançon, by Dijon's)
touches another space's badge.

Widths are estimated from the font's size (the board's labels are DejaVu Sans, as Debian's Chromium draws them);
``tests/his2p/test_label_places.py`` measures the drawn labels in Chromium and checks that none overlaps.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from umpire.games.his2p.layout import Layout, load_layout, marker_half
from umpire.games.his2p.mapdata import HisMap, load_map

__all__ = ["LABEL_PX", "Place", "label_places", "place_labels"]

#: The labels' font size, in drawing units.
LABEL_PX = 11.5
#: Width of a character, as a share of the font size (bold and regular names; an estimate that errs wide).
_EM_BOLD, _EM = 0.70, 0.64
#: Above and below the baseline, as shares of the font size.
_ASCENT, _DESCENT = 0.93, 0.24
#: The gap between a marker's ring and its name, and the margin kept round every box.
_GAP, _MARGIN = 2.5, 1.0
#: The radius round a space's point that its marker, Protestant ring and badges take.
_RING = 3.2
#: Rounds of moving names that still overlap to their best place given the others'.
_ROUNDS = 6
#: How far (drawing units) another space counts as a neighbour when the crowded ones are put first.
_NEAR = 70.0

Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Place:
    """A name's baseline point and its text anchor (``start``, ``end`` or ``middle``)."""

    x: float
    y: float
    anchor: str


def _width(name: str, bold: bool) -> float:
    return len(name) * LABEL_PX * (_EM_BOLD if bold else _EM)


def _box(place: Place, width: float) -> Box:
    left = {"start": place.x, "end": place.x - width, "middle": place.x - width / 2}[place.anchor]
    return (
        left - _MARGIN,
        place.y - LABEL_PX * _ASCENT - _MARGIN,
        left + width + _MARGIN,
        place.y + LABEL_PX * _DESCENT + _MARGIN,
    )


def _overlap(a: Box, b: Box) -> float:
    dx = min(a[2], b[2]) - max(a[0], b[0])
    dy = min(a[3], b[3]) - max(a[1], b[1])
    return dx * dy if dx > 0 and dy > 0 else 0.0


def _marker_box(x: float, y: float, h: float) -> Box:
    """A marker with its Protestant ring and its badges (unrest and Jesuit, on its upper corners)."""
    r = h + _RING
    return (x - h - 5.8, y - h - 6.0, x + h + 5.8, y + r)


def _pieces_box(x: float, y: float, h: float) -> Box:
    """Where a space's first counter is drawn (under its marker): avoided when a name can go elsewhere."""
    return (x - 16.0, y + h + 2.0, x + 16.0, y + h + 14.0)


#: How much a name over a counter's place counts against it, beside one over a marker or a name (1).
_PIECES_WEIGHT = 0.5


def _candidates(x: float, y: float, h: float) -> list[Place]:
    r = h + _RING + _GAP
    mid = y + LABEL_PX * 0.35  # the baseline that centres a name on the marker
    return [
        Place(x + r, mid, "start"),
        Place(x - r, mid, "end"),
        Place(x, y - h - 10.0, "middle"),
        Place(x + r - 2.0, y + h + LABEL_PX * 0.9, "start"),
        Place(x - r + 2.0, y + h + LABEL_PX * 0.9, "end"),
        Place(x + r - 2.0, y - h - 3.0, "start"),
        Place(x - r + 2.0, y - h - 3.0, "end"),
        Place(x, y + h + LABEL_PX * 1.9, "middle"),
        Place(x + r + 4.0, mid + 7.0, "start"),
        Place(x - r - 4.0, mid + 7.0, "end"),
        Place(x + r + 4.0, mid - 7.0, "start"),
        Place(x - r - 4.0, mid - 7.0, "end"),
        Place(x + 12.0, y - h - 10.0, "middle"),
        Place(x - 12.0, y - h - 10.0, "middle"),
        Place(x + 12.0, y + h + LABEL_PX * 1.9, "middle"),
        Place(x - 12.0, y + h + LABEL_PX * 1.9, "middle"),
    ]


def place_labels(board: HisMap, layout: Layout) -> Mapping[str, Place]:
    """Each land space's label place on ``layout`` (see the module's docstring)."""
    points = layout.spaces
    markers = {sid: _marker_box(x, y, marker_half(board.spaces[sid].type)) for sid, (x, y) in points.items()}
    pieces = [_pieces_box(x, y, marker_half(board.spaces[sid].type)) for sid, (x, y) in points.items()]

    def crowd(sid: str) -> tuple[int, str]:
        x, y = points[sid]
        near = sum(1 for o, (ox, oy) in points.items() if o != sid and math.hypot(ox - x, oy - y) < _NEAR)
        return -near, sid

    order = sorted(points, key=crowd)
    widths = {sid: _width(board.spaces[sid].name, board.spaces[sid].is_key) for sid in order}
    options = {sid: _candidates(*points[sid], marker_half(board.spaces[sid].type)) for sid in order}
    fixed = [*markers.values()]

    def cost(sid: str, place: Place, boxes: Mapping[str, Box]) -> float:
        box = _box(place, widths[sid])
        total = sum(_overlap(box, other) for other in fixed)
        total += sum(_overlap(box, other) for o, other in boxes.items() if o != sid)
        return total + _PIECES_WEIGHT * sum(_overlap(box, other) for other in pieces)

    def best(sid: str, boxes: Mapping[str, Box]) -> Place:
        ranked = [(cost(sid, place, boxes), rank, place) for rank, place in enumerate(options[sid])]
        return min(ranked, key=lambda c: (c[0], c[1]))[2]

    # Greedy, most crowded first; then a few rounds in which each name moves to its best place given the others'.
    placed: dict[str, Place] = {}
    boxes: dict[str, Box] = {}
    for sid in order:
        placed[sid] = best(sid, boxes)
        boxes[sid] = _box(placed[sid], widths[sid])
    for _ in range(_ROUNDS):
        moved = False
        for sid in order:
            if cost(sid, placed[sid], boxes) == 0:
                continue
            place = best(sid, boxes)
            if place != placed[sid]:
                placed[sid], boxes[sid], moved = place, _box(place, widths[sid]), True
        if not moved:
            break
    return MappingProxyType(dict(sorted(placed.items())))


@functools.cache
def label_places() -> Mapping[str, Place]:
    """:func:`place_labels` on the packaged map and layout, worked out once."""
    return place_labels(load_map(), load_layout())
