"""Board geometry for the web client's map: provinces, their drawing points and adjacencies (public map data).

A Diplomacy-family view names its map (``view["map"]``); the client fetches ``/api/boards/{map}`` once and draws
the units of each view on it. Points come from a province's ``pos`` (longitude, latitude) when the map file has
one; until then the standard map uses the approximate geographic points below, drawn as a schematic (a point per
province, a line per border). Nothing here depends on a game's state.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from umpire.diplomacy.map import load_map

#: Approximate (longitude, latitude) of each standard province's centre, and of each split coast.
STANDARD_POINTS: dict[str, tuple[float, float]] = {
    "NAO": (-20, 57), "NWG": (3, 66), "BAR": (36, 71), "NTH": (3, 56.3), "IRI": (-7.5, 53), "ENG": (-3, 49.9),
    "MAO": (-16, 45), "HEL": (7.3, 54.6), "SKA": (9.2, 58.2), "BAL": (18, 56), "BOT": (20, 62.5), "WES": (2, 38.8),
    "LYO": (5.5, 41.8), "TYS": (11.5, 40), "ION": (18.5, 36), "ADR": (16, 43), "AEG": (25.2, 38.2), "EAS": (31, 34),
    "BLA": (34, 43.5),
    "CLY": (-5.2, 57.6), "EDI": (-2.4, 56.6), "LVP": (-3.2, 54.4), "YOR": (-0.9, 54.2), "WAL": (-4, 52.1),
    "LON": (0, 51.5), "NWY": (9, 61.5), "SWE": (15, 60.5), "FIN": (26, 63.5), "STP": (33, 62), "DEN": (9.6, 56),
    "BRE": (-3.2, 48.2), "PIC": (2, 50), "PAR": (2.4, 48.1), "BUR": (5, 47.3), "GAS": (-0.4, 44.6),
    "MAR": (5.2, 44.2), "BEL": (4.6, 50.7), "HOL": (5.6, 52.3), "RUH": (7.6, 51), "KIE": (9.8, 53.4),
    "BER": (13.4, 52.8), "MUN": (11, 48.6), "PRU": (20, 54.3), "SIL": (17, 51), "POR": (-8.2, 39.6),
    "SPA": (-3.7, 40.3), "NAF": (-2, 33.5), "TUN": (9.5, 34.5), "PIE": (7.6, 45), "VEN": (11.8, 45.6),
    "TUS": (11, 43.5), "ROM": (12.8, 41.9), "APU": (16.2, 41), "NAP": (15.8, 39.4), "TYR": (12, 47.2),
    "BOH": (14.5, 49.8), "VIE": (16.4, 48), "GAL": (23, 49.5), "BUD": (20, 47), "TRI": (15.2, 45.4),
    "SER": (20.8, 43.8), "ALB": (19.8, 41.2), "GRE": (22, 39.4), "BUL": (25.5, 42.6), "RUM": (26, 45.6),
    "WAR": (20.5, 52.2), "LVN": (25, 57), "MOS": (37.6, 55.7), "UKR": (31, 49.5), "SEV": (36, 46.5),
    "CON": (28.6, 41.1), "ANK": (33, 40.6), "SMY": (29, 38), "ARM": (41, 40), "SYR": (37, 35.5),
    "STP/NC": (34, 67.5), "STP/SC": (29, 60.3), "SPA/NC": (-5, 43.2), "SPA/SC": (-2.5, 37.2),
    "BUL/EC": (27.8, 43), "BUL/SC": (24.6, 41.2),
}  # fmt: skip

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


@lru_cache(maxsize=16)
def board(map_id: str) -> dict[str, Any]:
    """The drawing data of a map: size, provinces (point, type, centre, home, coasts) and adjacencies."""
    game_map = load_map(map_id)
    raw: dict[str, tuple[float, float]] = {}
    for pid, province in game_map.provinces.items():
        pos = getattr(province, "pos", None)
        if pos:
            raw[pid] = (float(pos[0]), float(pos[1]))
        for coast in province.coasts:
            coast_pos = (getattr(province, "coast_pos", None) or {}).get(coast)
            if coast_pos:
                raw[coast] = (float(coast_pos[0]), float(coast_pos[1]))
    if len(raw) < len(game_map.provinces):
        if map_id != "standard":
            raise LookupError(f"map {map_id!r} has no drawing positions yet")
        raw = dict(STANDARD_POINTS)
    points = _fit(_spread(_project(raw), set(game_map.provinces)))
    height = max(y for _, y in points.values()) + MARGIN
    provinces = {}
    for pid, province in game_map.provinces.items():
        provinces[pid] = {
            "name": province.name,
            "type": province.type,
            "center": province.center,
            "home": province.home,
            "xy": points[pid],
            "coasts": {c: points.get(c, points[pid]) for c in province.coasts},
        }
    return {
        "id": game_map.id,
        "name": game_map.name,
        "width": WIDTH,
        "height": round(height, 1),
        "powers": {p: {"name": i.name, "colour": i.colour} for p, i in game_map.power_info.items()},
        "provinces": provinces,
        "army_adj": {k: sorted(v) for k, v in game_map.army_adj.items()},
        "fleet_adj": {k: sorted(v) for k, v in game_map.fleet_adj.items()},
        "fleet_reach": {k: sorted(v) for k, v in game_map.fleet_reach.items()},
    }
