"""Board geometry for the web client's map: provinces, their drawing points and adjacencies (public map data).

A Diplomacy-family view names its map (``view["map"]``, or a ruleset named like its map, as Europe 1615); the
client fetches ``/api/boards/{map}`` once and draws on it the units of each view, as :mod:`umpire.server.scene`
turns them into drawing data. Points come from the provinces' ``pos`` (longitude, latitude) in the map file,
projected and drawn as a schematic (a point per province, a line per border); a map without them has no board.
A variant's other nations (Europe 1615's minor states and the Ottoman Empire) get a name and a colour too.
Nothing here depends on a game's state.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from umpire.diplomacy.map import GameMap, MapError, map_by_id
from umpire.games.rr3.colours import RR3_TEAM_COLOURS, RR3_TEAM_OF_STATE, rr3_state_colour
from umpire.kernel.errors import UmpireError
from umpire.render.markup import pale as _pale


def _europe1615() -> GameMap:
    from umpire.games.europe1615.mapdata import europe1615_map

    return europe1615_map()


#: Maps that are not shipped in ``umpire/diplomacy/maps/`` but with their ruleset, by id.
VARIANT_MAPS: dict[str, Callable[[], GameMap]] = {"europe1615": _europe1615}


def game_map(map_id: str) -> GameMap:
    """A map by its id: shipped with the adjudicator, or a variant's own (``VARIANT_MAPS``)."""
    if map_id in VARIANT_MAPS:
        return VARIANT_MAPS[map_id]()
    if not re.fullmatch(r"[A-Za-z0-9_]+", map_id):  # an id, never a path
        raise MapError(f"unknown map {map_id!r}")
    return map_by_id(map_id)


WIDTH = 1000.0
MARGIN = 30.0


def _project(points: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """Equirectangular projection scaled to the drawing: x east, y south."""
    lat0 = sum(lat for _, lat in points.values()) / len(points)
    scale_x = math.cos(math.radians(lat0))
    xs = [lon * scale_x for lon, _ in points.values()]
    ys = [-lat for _, lat in points.values()]
    span = max(max(xs) - min(xs), 1e-9)
    k = (WIDTH - 2 * MARGIN) / span
    return {
        loc: (round(MARGIN + (lon * scale_x - min(xs)) * k, 1), round(MARGIN + (-lat - min(ys)) * k, 1))
        for loc, (lon, lat) in points.items()
    }


def _spread(
    points: dict[str, tuple[float, float]], keep: set[str], gap: float = 64.0
) -> dict[str, tuple[float, float]]:
    """Push apart provinces closer than ``gap`` (the crowded centre of Europe), keeping the picture's shape."""
    pos = {k: [x, y] for k, (x, y) in points.items() if k in keep}
    home = {k: (x, y) for k, (x, y) in points.items() if k in keep}
    names = sorted(pos)
    for _ in range(200):
        moves = {k: [0.0, 0.0] for k in names}
        for i, a in enumerate(names):
            ax, ay = pos[a]
            for b in names[i + 1 :]:
                dx, dy = pos[b][0] - ax, pos[b][1] - ay
                dist = math.hypot(dx, dy) or 0.01
                if dist < gap:
                    push = (gap - dist) / 2 / dist
                    moves[a][0] -= dx * push
                    moves[a][1] -= dy * push
                    moves[b][0] += dx * push
                    moves[b][1] += dy * push
        for k in names:
            pos[k][0] += 0.5 * moves[k][0] + 0.015 * (home[k][0] - pos[k][0])
            pos[k][1] += 0.5 * moves[k][1] + 0.015 * (home[k][1] - pos[k][1])
    out = dict(points)
    for k in names:
        shift = (pos[k][0] - points[k][0], pos[k][1] - points[k][1])
        out[k] = (pos[k][0], pos[k][1])
        for loc in points:  # coasts move with their province
            if loc.startswith(k + "/"):
                out[loc] = (points[loc][0] + shift[0], points[loc][1] + shift[1])
    return out


def _fit(points: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    xs = [x for x, _ in points.values()]
    ys = [y for _, y in points.values()]
    k = (WIDTH - 2 * MARGIN) / max(max(xs) - min(xs), 1e-9)
    return {
        loc: (round(MARGIN + (x - min(xs)) * k, 1), round(MARGIN + (y - min(ys)) * k, 1))
        for loc, (x, y) in points.items()
    }


def _nations(gm: GameMap) -> dict[str, dict[str, Any]]:
    """Every nation that may own a unit or a province: the powers, then a variant's ``minors`` (with their
    provinces and the seat where their status is shown: the first centre, else the first province)."""
    out: dict[str, dict[str, Any]] = {
        p: {"name": i.name, "colour": i.colour, "kind": "power"} for p, i in gm.power_info.items()
    }
    minors = gm.extra.get("minors")
    if isinstance(minors, dict):
        for index, (mid, info) in enumerate(sorted(minors.items())):
            if not isinstance(info, dict):
                continue
            provinces = [p for p in info.get("provinces", []) if p in gm.provinces]
            centres = [p for p in info.get("centers", []) if p in gm.provinces]
            seat = (centres or provinces or [None])[0]
            out[mid] = {
                "name": str(info.get("name", mid)),
                "colour": "#8c8c8c" if info.get("kind") == "empire" else _pale(index),
                "kind": str(info.get("kind", "minor")),
                "provinces": provinces,
                "seat": seat,
            }
    return out


@lru_cache(maxsize=16)
def board(map_id: str) -> dict[str, Any]:
    """The drawing data of a map: size, provinces (point, type, centre, home, coasts), adjacencies, nations.

    ``rr3`` is Renaissance and Reformation's map of 1524 (areas and borders, not a Diplomacy map): see
    :func:`rr3_board`."""
    if map_id == RR3_BOARD:
        from umpire.games.rr3.geography import map1524

        return rr3_board(map1524())
    gm = game_map(map_id)
    raw: dict[str, tuple[float, float]] = {}
    for pid, province in gm.provinces.items():
        if province.pos:
            raw[pid] = (float(province.pos[0]), float(province.pos[1]))
        for coast in province.coasts:
            coast_pos = province.coast_pos.get(coast)
            if coast_pos:
                raw[coast] = (float(coast_pos[0]), float(coast_pos[1]))
    missing = sorted(pid for pid in gm.provinces if pid not in raw)
    if missing:
        raise LookupError(f"map {map_id!r} has no drawing positions (pos) for {', '.join(missing[:5])}")
    points = _fit(_spread(_project(raw), set(gm.provinces)))
    height = max(y for _, y in points.values()) + MARGIN + 14  # room for the lowest label and its badge
    provinces = {}
    for pid, province in gm.provinces.items():
        provinces[pid] = {
            "name": province.name,
            "type": province.type,
            "center": province.center,
            "value": province.value,
            "home": province.home,
            "xy": points[pid],
            "coasts": {c: points.get(c, points[pid]) for c in province.coasts},
        }
    return {
        "id": gm.id,
        "name": gm.name,
        "width": WIDTH,
        "height": round(height, 1),
        "powers": {p: {"name": i.name, "colour": i.colour} for p, i in gm.power_info.items()},
        "nations": _nations(gm),
        "provinces": provinces,
        "army_adj": {k: sorted(v) for k, v in gm.army_adj.items()},
        "fleet_adj": {k: sorted(v) for k, v in gm.fleet_adj.items()},
        "fleet_reach": {k: sorted(v) for k, v in gm.fleet_reach.items()},
    }


@lru_cache(maxsize=64)
def has_board(map_id: str) -> bool:
    """Whether ``map_id`` names a map this server can draw."""
    try:
        board(map_id)
    except (LookupError, UmpireError, ValueError, OSError):
        return False
    return True


# --- Renaissance and Reformation: areas on three tables -----------------------------------------------------------

RR3_BOARD = "rr3"
"""The board id of Renaissance and Reformation's map of 1524 (``umpire.games.rr3.geography.map1524``)."""


def rr3_board(geo: Any) -> dict[str, Any]:
    """The drawing data of a Renaissance and Reformation map (a ``Geography``): each area's point (from its
    ``pos``, projected and pushed apart where crowded), kind, owner at the start, table, cities; the borders with
    their kind (river, mountains, pass, strait, coast, sea); a colour per state and per team. The owners, markers
    and counters of a game come with each view."""
    raw = {aid: (float(area.pos[0]), float(area.pos[1])) for aid, area in geo.areas.items()}
    if not raw:
        raise LookupError("the rr3 map has no areas")
    points = _fit(_spread(_project(raw), set(raw), gap=34.0)) if len(raw) > 1 else {a: (MARGIN, MARGIN) for a in raw}
    height = max(y for _, y in points.values()) + MARGIN + 14
    areas: dict[str, Any] = {}
    states = set(RR3_TEAM_OF_STATE)
    for aid, area in geo.areas.items():
        if area.state:
            states.add(area.state)
        areas[aid] = {
            "name": area.name,
            "kind": area.kind,
            "state": area.state,
            "table": area.table,
            "region": area.region,
            "religion": area.religion,
            "free_city": area.free_city,
            "xy": points[aid],
            "cities": [
                {"id": c.id, "name": c.name, "fort": c.fort, "port": c.port, "capital": c.capital} for c in area.cities
            ],
        }
    borders = [{"a": b.a, "b": b.b, "kind": b.kind, "river": b.river, "name": b.name} for b in geo.borders]
    return {
        "id": RR3_BOARD,
        "name": "Europe in 1524",
        "kind": "rr3",
        "width": WIDTH,
        "height": round(height, 1),
        "areas": areas,
        "borders": borders,
        "states": {s: {"colour": rr3_state_colour(s), "team": RR3_TEAM_OF_STATE.get(s)} for s in sorted(states)},
        "teams": {t: {"colour": c} for t, c in RR3_TEAM_COLOURS.items()},
    }


def has_rr3_board() -> bool:
    """Whether the rr3 map can be drawn (its data file may not exist yet; a failure is not cached)."""
    try:
        board(RR3_BOARD)
    except (LookupError, UmpireError, ValueError, OSError, ImportError):
        return False
    return True
