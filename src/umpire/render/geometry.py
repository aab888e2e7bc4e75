"""Projection, land outline and province shapes for the map drawing.

Everything here works in kilometres on a Lambert conformal conic projection fitted to the map's own province
points; :mod:`umpire.render.svg` scales the result to pixels. Province shapes are Voronoi cells of the provinces'
``pos`` points, computed separately within each connected piece of land (for ``land`` and ``coast`` provinces)
and of sea (for ``sea`` provinces), so that no cell reaches across a strait or an isthmus into a piece where it has
no point. The land is Natural Earth's, shipped in ``data/europe_land.json`` (see ``tools/build_coastlines.py``).
A map that places its provinces in modern countries has its land cut by their frontiers first, and by the
countries' admin-1 units where it gives them to provinces (:mod:`umpire.render.borders`).
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt
import shapely
from shapely import MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union

from umpire.render.borders import country_cells, join_by_border, map_countries, map_regions

EARTH_RADIUS_KM = 6371.0

# Geometry tolerances, in kilometres.
SNAP_KM = 60.0  # a land point this close to land (or a sea point to sea) is moved onto it
ISLAND_KM = 14.0  # radius of the disc drawn for a land province whose point lies on no land in the data
ATTACH_KM = 45.0  # an island with no point of its own joins the nearest province this close
MARGIN_KM = 160.0  # the drawing's margin round the outermost province points


class MapGeometryError(ValueError):
    """The map's data cannot be drawn (for example a province point outside the shipped coastline data)."""


@dataclass(frozen=True)
class LambertConic:
    """Spherical Lambert conformal conic projection; ``project`` gives (east, north) in kilometres."""

    lon0: float
    lat0: float
    lat1: float
    lat2: float

    def _n(self) -> float:
        p1, p2 = math.radians(self.lat1), math.radians(self.lat2)
        if abs(p1 - p2) < 1e-9:
            return math.sin(p1)
        return math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
        )

    def _cone(self) -> tuple[float, float, float]:
        """The cone's constant ``n``, the radius factor ``R·F`` and the origin's radius ``rho0``."""
        n = self._n()
        p1 = math.radians(self.lat1)
        f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
        k = EARTH_RADIUS_KM * f
        return n, k, k / math.tan(math.pi / 4 + math.radians(self.lat0) / 2) ** n

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        n, k, rho0 = self._cone()
        rho = k / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
        theta = n * math.radians(lon - self.lon0)
        return rho * math.sin(theta), rho0 - rho * math.cos(theta)

    def project_array(self, coords: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """:meth:`project` for an array of (lon, lat) rows at once (for ``shapely.transform``)."""
        n, k, rho0 = self._cone()
        rho = k / np.tan(np.pi / 4 + np.radians(coords[:, 1]) / 2) ** n
        theta = n * np.radians(coords[:, 0] - self.lon0)
        return np.column_stack((rho * np.sin(theta), rho0 - rho * np.cos(theta)))

    @classmethod
    def fitted(cls, lons: Sequence[float], lats: Sequence[float]) -> LambertConic:
        west, east, south, north = min(lons), max(lons), min(lats), max(lats)
        span = max(north - south, 1.0)
        return cls(
            lon0=(west + east) / 2,
            lat0=(south + north) / 2,
            lat1=south + span / 6,
            lat2=north - span / 6,
        )


@dataclass(frozen=True)
class LandData:
    """The shipped land polygons in degrees, and where they came from."""

    polygons: tuple[Polygon, ...]
    bbox: tuple[float, float, float, float]
    source: str
    licence: str


@cache
def land_data() -> LandData:
    """Load ``data/europe_land.json`` (format ``umpire-land/1``) from the package."""
    text = resources.files("umpire.render").joinpath("data/europe_land.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    if raw.get("format") != "umpire-land/1":
        raise MapGeometryError(f"europe_land.json has format {raw.get('format')!r}, expected 'umpire-land/1'")
    scale = float(raw["scale"])
    polygons = []
    for rings in raw["polygons"]:
        coords = [[(r[i] / scale, r[i + 1] / scale) for i in range(0, len(r), 2)] for r in rings]
        poly = Polygon(coords[0], coords[1:])
        polygons.extend(_polygons(poly if poly.is_valid else shapely.make_valid(poly)))
    west, south, east, north = (float(v) for v in raw["bbox"])
    return LandData(tuple(polygons), (west, south, east, north), str(raw["source"]), str(raw["licence"]))


@dataclass
class ProvinceShape:
    """One province as drawn: its area (km, projected), its point and its kind."""

    id: str
    type: str
    point: tuple[float, float]
    area: BaseGeometry
    coast_points: dict[str, tuple[float, float]] = field(default_factory=dict)


@dataclass
class MapGeometry:
    """All shapes of one map, in projected kilometres (north up: y grows northwards)."""

    projection: LambertConic
    frame: tuple[float, float, float, float]  # min x, min y, max x, max y
    land: BaseGeometry
    sea: BaseGeometry
    provinces: dict[str, ProvinceShape]
    unplaced: list[str]  # provinces with no `pos`: drawn in the legend only
    unclaimed_land: BaseGeometry  # land that belongs to no province (far islands, beyond the map's reach)

    def width(self) -> float:
        return self.frame[2] - self.frame[0]

    def height(self) -> float:
        return self.frame[3] - self.frame[1]


def _polygons(geom: BaseGeometry) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    if hasattr(geom, "geoms"):
        out: list[Polygon] = []
        for g in geom.geoms:
            out.extend(_polygons(g))
        return out
    return []


def _project_polygon(poly: BaseGeometry, proj: LambertConic) -> BaseGeometry:
    projected = shapely.transform(poly, proj.project_array)
    return projected if projected.is_valid else shapely.make_valid(projected)


def _snap_into(point: Point, region: BaseGeometry, limit: float) -> Point | None:
    """``point`` itself if inside ``region``; else the nearest point a little inside it, if within ``limit``."""
    if region.contains(point):
        return point
    if region.is_empty or region.distance(point) > limit:
        return None
    edge = nearest_points(region, point)[0]
    # Step a couple of kilometres past the edge so the point is inside, not on the boundary.
    dx, dy = edge.x - point.x, edge.y - point.y
    d = math.hypot(dx, dy) or 1.0
    for step in (3.0, 1.5, 0.5, 0.1):
        inner = Point(edge.x + dx / d * step, edge.y + dy / d * step)
        if region.contains(inner):
            return inner
    return edge


def _cells(
    region: BaseGeometry, points: dict[str, Point], frame: Polygon
) -> tuple[dict[str, BaseGeometry], list[Polygon]]:
    """Voronoi cells of ``points`` within each connected piece of ``region``.

    Returns each point's area (main part plus the stray parts of its cell) and the pieces of ``region`` that hold
    no point at all.
    """
    areas: dict[str, list[BaseGeometry]] = {pid: [] for pid in points}
    empty_pieces: list[Polygon] = []
    for piece in _polygons(region):
        inside = sorted(pid for pid, pt in points.items() if piece.covers(pt))
        if not inside:
            empty_pieces.append(piece)
            continue
        if len(inside) == 1:
            areas[inside[0]].append(piece)
            continue
        pts = [points[pid] for pid in inside]
        cells = shapely.voronoi_polygons(MultiPoint(pts), extend_to=frame, ordered=True)
        mains: dict[str, BaseGeometry] = {}
        strays: list[Polygon] = []
        for pid, cell in zip(inside, cells.geoms, strict=True):
            parts = _polygons(cell.intersection(piece))
            main = [p for p in parts if p.covers(points[pid])]
            if not main and parts:
                main = [min(parts, key=lambda p: p.distance(points[pid]))]
            mains[pid] = unary_union(main) if main else Polygon()
            strays.extend(p for p in parts if p not in main)
        # A stray part (a cell reaching round a gulf or across a bay) joins the province it touches most.
        grouped: dict[str, list[Polygon]] = {pid: _polygons(mains[pid]) for pid in inside}
        join_by_border(strays, grouped)
        for pid in inside:
            areas[pid].append(unary_union(grouped[pid]))
    merged = {pid: unary_union(parts) if parts else Polygon() for pid, parts in areas.items()}
    return merged, empty_pieces


def _dedupe(points: dict[str, Point]) -> dict[str, Point]:
    """Move points that coincide a few hundred metres apart, so that each has its own Voronoi cell."""
    seen: dict[tuple[float, float], int] = {}
    out = {}
    for pid in sorted(points):
        pt = points[pid]
        key = (round(pt.x, 2), round(pt.y, 2))
        k = seen.get(key, 0)
        seen[key] = k + 1
        out[pid] = Point(pt.x + 0.5 * k, pt.y + 0.3 * k) if k else pt
    return out


def _shape_points(
    game_map: Mapping[str, Any], placed: Mapping[str, Mapping[str, Any]]
) -> dict[str, list[tuple[float, float]]]:
    """The map's ``shape_points`` (``{province: [[lon, lat], ...]}``), for provinces it places; a point that is not
    a pair of numbers is refused."""
    raw = game_map.get("shape_points") or {}
    if not isinstance(raw, Mapping):
        raise MapGeometryError("shape_points must map a province to a list of [lon, lat] points")
    out: dict[str, list[tuple[float, float]]] = {}
    for pid, points in raw.items():
        if pid not in placed:
            raise MapGeometryError(f"shape_points: {pid!r} is not a province of the map with a pos")
        pairs = []
        for pt in points if isinstance(points, list) else [None]:
            if not (isinstance(pt, list | tuple) and len(pt) == 2 and all(isinstance(v, int | float) for v in pt)):
                raise MapGeometryError(f"shape_points: {pid}: {pt!r} is not a [lon, lat] point")
            pairs.append((float(pt[0]), float(pt[1])))
        out[str(pid)] = pairs
    return out


def _by_province(cells: dict[str, BaseGeometry]) -> dict[str, BaseGeometry]:
    """The cells of a province's seeds (``SWE``, ``SWE#0``, ...) as one area per province."""
    parts: dict[str, list[BaseGeometry]] = {}
    for seed, area in cells.items():
        parts.setdefault(seed.split("#", 1)[0], []).append(area)
    return {pid: unary_union(areas) for pid, areas in parts.items()}


def compute_geometry(game_map: Mapping[str, Any]) -> MapGeometry:
    """Province shapes for a map in format ``umpire-map/1`` (see docs/maps.md)."""
    provinces: Mapping[str, Mapping[str, Any]] = game_map.get("provinces", {})
    placed = {pid: p for pid, p in provinces.items() if isinstance(p.get("pos"), list | tuple)}
    unplaced = sorted(pid for pid in provinces if pid not in placed)
    if not placed:
        raise MapGeometryError("no province has a `pos`: there is nothing to draw the map from")
    data = land_data()
    lons = [float(p["pos"][0]) for p in placed.values()]
    lats = [float(p["pos"][1]) for p in placed.values()]
    west, south, east, north = data.bbox
    for pid, p in placed.items():
        lon, lat = float(p["pos"][0]), float(p["pos"][1])
        if not (west <= lon <= east and south <= lat <= north):
            raise MapGeometryError(
                f"{pid}: pos {p['pos']} lies outside the coastline data ({west}..{east}E, {south}..{north}N)"
            )
    try:
        countries_of = map_countries(game_map, placed)
        regions_of = map_regions(game_map, countries_of)
    except ValueError as exc:
        raise MapGeometryError(str(exc)) from None
    proj = LambertConic.fitted(lons, lats)
    xy = {pid: proj.project(float(p["pos"][0]), float(p["pos"][1])) for pid, p in placed.items()}
    xs = [x for x, _ in xy.values()]
    ys = [y for _, y in xy.values()]
    spread = max(max(xs) - min(xs), max(ys) - min(ys))
    margin = max(MARGIN_KM, 0.04 * spread)
    frame_box = (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)
    frame = box(*frame_box)

    # Land: only the polygons near the frame are projected (cheap and keeps the conic well-behaved).
    lon_pad, lat_pad = 12.0, 8.0
    near = box(min(lons) - lon_pad, min(lats) - lat_pad, max(lons) + lon_pad, max(lats) + lat_pad)
    land = unary_union([_project_polygon(poly, proj) for poly in data.polygons if poly.intersects(near)]).intersection(
        frame
    )

    land_pts: dict[str, Point] = {}
    sea_pts: dict[str, Point] = {}
    islands: list[BaseGeometry] = []
    for pid, p in placed.items():
        pt = Point(xy[pid])
        if p.get("type") == "sea":
            sea_pts[pid] = pt
            continue
        snapped = _snap_into(pt, land, SNAP_KM)
        if snapped is None:
            # A small island the data leaves out: draw it as a disc round its point.
            islands.append(pt.buffer(ISLAND_KM))
            snapped = pt
        land_pts[pid] = snapped
    if islands:
        land = unary_union([land, *islands]).intersection(frame)
    sea = frame.difference(land)
    for pid, pt in list(sea_pts.items()):
        snapped = _snap_into(pt, sea, SNAP_KM)
        if snapped is None:
            raise MapGeometryError(f"{pid}: a sea province whose pos {placed[pid]['pos']} is well inland")
        sea_pts[pid] = snapped

    # More seeds for a province's cell (a top-level ``shape_points`` section): its shape follows them, so that a
    # map can bend a border that one point per province draws straight, or give a peninsula to the right province.
    land_seeds, sea_seeds = dict(land_pts), dict(sea_pts)
    for pid, extra_points in _shape_points(game_map, placed).items():
        seeds, region = (sea_seeds, sea) if pid in sea_pts else (land_seeds, land)
        for i, (lon, lat) in enumerate(extra_points):
            snapped = _snap_into(Point(proj.project(lon, lat)), region, SNAP_KM)
            if snapped is not None:
                seeds[f"{pid}#{i}"] = snapped

    unclaimed: list[BaseGeometry] = []
    if countries_of:
        # Borders between countries follow Natural Earth's frontiers; inside a country, the Voronoi rule.
        # Wider than the land's box: cut along a meridian, a country would end in a slanted straight edge inside
        # the frame (a meridian is a straight line through the cone's apex), the land beyond left unclaimed.
        wide = 3 * lon_pad
        near_box = box(min(lons) - wide, min(lats) - lat_pad, max(lons) + wide, max(lats) + lat_pad)

        def project(poly: BaseGeometry) -> BaseGeometry:
            return _project_polygon(poly if near_box.contains(poly) else poly.intersection(near_box), proj)

        land_areas, islands_in, outside = country_cells(
            land, _dedupe(land_seeds), countries_of, project, frame, regions_of
        )
        unclaimed.extend(outside)
    else:
        land_cells, empty_land = _cells(land, _dedupe(land_seeds), frame)
        land_areas = _by_province(land_cells)
        islands_in = [(piece, None) for piece in empty_land]
    sea_cells, _empty_sea = _cells(sea, _dedupe(sea_seeds), frame)
    sea_areas = _by_province(sea_cells)

    # Islands with no point join the nearest land province when close; otherwise they are unclaimed.
    additions: dict[str, list[BaseGeometry]] = {}
    order = list(land_areas)
    tree = shapely.STRtree([land_areas[pid] for pid in order])
    for piece, country in islands_in:
        # The nearest province (the first in order among equals), found through a spatial index.
        nearest: list[int] = list(tree.query_nearest(piece)) if order else []
        best = order[min(nearest)] if nearest else None
        if best is not None and countries_of and country not in countries_of.get(best, ()):
            best = None  # an island of a country its nearest province does not list (Ireland, by Clyde)
        if best is not None and land_areas[best].distance(piece) <= ATTACH_KM:
            additions.setdefault(best, []).append(piece)
        else:
            unclaimed.append(piece)
    for pid, pieces in additions.items():
        land_areas[pid] = unary_union([land_areas[pid], *pieces])

    shapes: dict[str, ProvinceShape] = {}
    for pid, p in placed.items():
        area = sea_areas[pid] if pid in sea_areas else land_areas[pid]
        coast_points = {}
        for coast, cpos in (p.get("coast_pos") or {}).items():
            coast_points[str(coast)] = proj.project(float(cpos[0]), float(cpos[1]))
        point = sea_pts[pid] if pid in sea_pts else land_pts[pid]
        shapes[pid] = ProvinceShape(pid, str(p.get("type", "land")), (point.x, point.y), area, coast_points)
    return MapGeometry(
        projection=proj,
        frame=frame_box,
        land=land,
        sea=sea,
        provinces=shapes,
        unplaced=unplaced,
        unclaimed_land=unary_union(unclaimed) if unclaimed else Polygon(),
    )


def geometry_key(game_map: Mapping[str, Any]) -> str:
    """A cache key for :func:`compute_geometry`: only the data that shapes depend on."""
    provinces = game_map.get("provinces", {})
    key = {pid: [p.get("type"), p.get("pos"), p.get("coast_pos")] for pid, p in sorted(provinces.items())}
    return json.dumps(
        {
            "provinces": key,
            "shape_points": game_map.get("shape_points") or {},
            "countries": game_map.get("countries") or {},
            "regions": game_map.get("regions") or {},
        },
        sort_keys=True,
    )


@cache
def _geometry_cached(key: str) -> MapGeometry:
    data = json.loads(key)
    game_map = {
        "provinces": {
            pid: {k: v for k, v in (("type", t), ("pos", pos), ("coast_pos", cpos)) if v is not None}
            for pid, (t, pos, cpos) in data["provinces"].items()
        },
        "shape_points": data["shape_points"],
        "countries": data["countries"],
        "regions": data["regions"],
    }
    return compute_geometry(game_map)


_GEOMETRY_LOCK = threading.Lock()


def map_geometry(game_map: Mapping[str, Any]) -> MapGeometry:
    """:func:`compute_geometry`, cached per distinct set of province types and points. It is computed once: a
    server's threads asking at the same time wait for the first one (not 40 of them computing it at once)."""
    key = geometry_key(game_map)
    with _GEOMETRY_LOCK:
        return _geometry_cached(key)
