"""Where the board is drawn: ``data/board.json`` (each land space at its real city's longitude and latitude, each
sea zone's label point), its validated loader and the projection onto the drawing.

The projection is equirectangular about latitude 46°N (the middle of the map), :data:`SCALE` drawing units per
degree of latitude; a space's ``offset`` ([dx, dy] drawing units) moves its marker where two cities are too close
for their markers. The loader refuses a file that misses a space or sea of ``map.json``, names one it does not
have, or puts two spaces' markers over each other at the drawn scale.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from umpire.games.his2p.datafile import DataFault, get, read
from umpire.games.his2p.mapdata import HisMap, load_map

__all__ = ["HEIGHT", "SCALE", "WIDTH", "Layout", "load_layout", "marker_half", "parse_layout", "project"]

FILE = "board.json"
#: Drawing units per degree of latitude.
SCALE = 48.0
#: The western edge and northern edge of the drawing, in degrees.
WEST, NORTH = -11.5, 57.2
#: The drawing's size in its own units (the Black Sea's label is the easternmost point, Tripoli the southernmost).
WIDTH, HEIGHT = 1420.0, 1200.0
_COS = math.cos(math.radians(46.0))
#: The gap kept between two markers' edges, in drawing units.
GAP = 3.0


def project(lon: float, lat: float) -> tuple[float, float]:
    """The drawing's point (x right, y down) of a longitude and latitude."""
    return round((lon - WEST) * SCALE * _COS, 1), round((NORTH - lat) * SCALE, 1)


def marker_half(space_type: str) -> float:
    """Half the size of a space's marker: fortified spaces are drawn larger than towns."""
    return 6.0 if space_type == "town" else 8.0


@dataclass(frozen=True, slots=True)
class Layout:
    """Drawing points of the land spaces (markers) and sea zones (labels)."""

    spaces: Mapping[str, tuple[float, float]]
    seas: Mapping[str, tuple[float, float]]


def _degrees(entry: Mapping[str, Any], where: str) -> tuple[float, float]:
    lon, lat = get(entry, "lon", FILE, where), get(entry, "lat", FILE, where)
    for name, value, bound in (("lon", lon, 180), ("lat", lat, 90)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not -bound <= value <= bound:
            raise DataFault(FILE, where, f"'{name}' must be a number of degrees within ±{bound}, got {value!r}")
    if entry.get("authored") is not True:
        raise DataFault(FILE, where, 'every entry must say "authored": true (the positions are umpire\'s own)')
    return float(lon), float(lat)


def _section(data: Mapping[str, Any], name: str, expected: set[str]) -> Mapping[str, Any]:
    section = get(data, name, FILE, "top level")
    if not isinstance(section, dict):
        raise DataFault(FILE, name, "expected an object keyed by id")
    missing, unknown = sorted(expected - section.keys()), sorted(section.keys() - expected)
    if missing:
        raise DataFault(FILE, name, f"no position for {', '.join(missing)}")
    if unknown:
        raise DataFault(FILE, name, f"{', '.join(unknown)} not in map.json")
    return section


def parse_layout(data: Mapping[str, Any], board: HisMap) -> Layout:
    """Check ``board.json``'s data against the map and project it; a :class:`DataFault` names what is wrong."""
    spaces: dict[str, tuple[float, float]] = {}
    for sid, entry in sorted(_section(data, "spaces", set(board.spaces)).items()):
        x, y = project(*_degrees(entry, f"spaces.{sid}"))
        offset = entry.get("offset", [0, 0])
        if not (isinstance(offset, list) and len(offset) == 2 and all(isinstance(v, (int, float)) for v in offset)):
            raise DataFault(FILE, f"spaces.{sid}", f"'offset' must be [dx, dy] in drawing units, got {offset!r}")
        spaces[sid] = (x + offset[0], y + offset[1])
    seas = {
        sid: project(*_degrees(entry, f"seas.{sid}"))
        for sid, entry in sorted(_section(data, "seas", set(board.seas)).items())
    }
    for sid, (x, y) in {**spaces, **seas}.items():
        if not (0 <= x <= WIDTH and 0 <= y <= HEIGHT):
            raise DataFault(FILE, sid, f"drawn at ({x}, {y}), outside the drawing's {WIDTH:g} x {HEIGHT:g}")
    ids = sorted(spaces)
    for i, a in enumerate(ids):
        for other in ids[i + 1 :]:
            need = marker_half(board.spaces[a].type) + marker_half(board.spaces[other].type) + GAP
            if math.dist(spaces[a], spaces[other]) < need:
                raise DataFault(
                    FILE,
                    f"spaces.{a}",
                    f"its marker overlaps {other}'s at the drawn scale ({math.dist(spaces[a], spaces[other]):.1f} "
                    f"units apart, {need:g} needed): give one an 'offset'",
                )
    return Layout(MappingProxyType(spaces), MappingProxyType(seas))


@functools.cache
def load_layout() -> Layout:
    """The board's drawing points, checked once per process."""
    return parse_layout(read(FILE), load_map())
