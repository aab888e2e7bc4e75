"""Land borders that follow real countries: a map's ``countries`` section splits each piece of land by country
before the Voronoi rule shares a country among the provinces that list it (see docs/maps.md and docs/render.md).

The country polygons are Natural Earth's, shipped in ``data/europe_countries.json`` (see
``tools/build_coastlines.py``); they are widened out to sea, so the land drawing's coast is the land data's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

import shapely
from shapely import MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

SLIVER_KM2 = 400.0  # land left between the countries' data and the coastline's, smaller than this, joins a neighbour


@cache
def country_data() -> dict[str, tuple[Polygon, ...]]:
    """Load ``data/europe_countries.json`` (format ``umpire-countries/1``): polygons in degrees by ISO code."""
    text = resources.files("umpire.render").joinpath("data/europe_countries.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    if raw.get("format") != "umpire-countries/1":
        raise ValueError(f"europe_countries.json has format {raw.get('format')!r}, expected 'umpire-countries/1'")
    scale = float(raw["scale"])
    out: dict[str, tuple[Polygon, ...]] = {}
    for code, polygons in raw["countries"].items():
        shapes: list[Polygon] = []
        for rings in polygons:
            coords = [[(r[i] / scale, r[i + 1] / scale) for i in range(0, len(r), 2)] for r in rings]
            poly = Polygon(coords[0], coords[1:])
            shapes.extend(_parts(poly if poly.is_valid else shapely.make_valid(poly)))
        out[str(code)] = tuple(shapes)
    return out


def map_countries(game_map: Mapping[str, Any], placed: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """The map's ``countries`` section (``{province: [ISO code, ...]}``), checked: a province with a ``pos`` that
    is land or coast, and codes the shipped data has. Raises ``ValueError`` naming what is wrong."""
    raw = game_map.get("countries") or {}
    if not isinstance(raw, Mapping):
        raise ValueError("countries must map a province to a list of ISO country codes")
    known = country_data()
    out: dict[str, tuple[str, ...]] = {}
    for pid, codes in raw.items():
        if pid not in placed:
            raise ValueError(f"countries: {pid!r} is not a province of the map with a pos")
        if placed[pid].get("type") == "sea":
            raise ValueError(f"countries: {pid} is a sea; only land and coast provinces lie in countries")
        if not isinstance(codes, list) or not codes:
            raise ValueError(f"countries: {pid}: expected a non-empty list of ISO codes, got {codes!r}")
        for code in codes:
            if code not in known:
                raise ValueError(
                    f"countries: {pid}: {code!r} is not a country of the drawing's data (expected one of "
                    f"{', '.join(sorted(known))})"
                )
        out[str(pid)] = tuple(str(c) for c in codes)
    return out


def _parts(geom: BaseGeometry) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    out: list[Polygon] = []
    for g in getattr(geom, "geoms", []):
        out.extend(_parts(g))
    return out


def _province(seed: str) -> str:
    return seed.split("#", 1)[0]


def _voronoi(region: BaseGeometry, seeds: Mapping[str, Point], frame: Polygon) -> dict[str, list[Polygon]]:
    """``region`` shared by the provinces of ``seeds`` (keys ``PID`` or ``PID#n``) by the Voronoi rule; a stray
    part of a province (one holding none of its seeds, when it has seeds in ``region``) joins the province it
    borders most."""
    provinces = sorted({_province(s) for s in seeds})
    if len(provinces) == 1:
        return {provinces[0]: _parts(region)}
    names = sorted(seeds)
    cells = shapely.voronoi_polygons(MultiPoint([seeds[s] for s in names]), extend_to=frame, ordered=True)
    raw: dict[str, list[BaseGeometry]] = {p: [] for p in provinces}
    for name, cell in zip(names, cells.geoms, strict=True):
        raw[_province(name)].append(cell)
    areas = {p: _parts(unary_union(cs).intersection(region)) for p, cs in raw.items()}
    mains: dict[str, list[Polygon]] = {}
    strays: list[Polygon] = []
    for pid, parts in areas.items():
        own = [pt for s, pt in seeds.items() if _province(s) == pid and region.covers(pt)]
        if not own:
            mains[pid] = parts
            continue
        mains[pid] = [p for p in parts if any(p.covers(pt) for pt in own)]
        strays.extend(p for p in parts if p not in mains[pid])
    _join_by_border(strays, mains)
    return mains


def _join_by_border(pieces: list[Polygon], areas: dict[str, list[Polygon]]) -> None:
    """Give each piece to the province it shares the longest border with (the nearest, if it touches none)."""
    if not areas:
        return
    if not pieces:
        return
    unions = {pid: unary_union(parts) for pid, parts in areas.items()}
    grown = {pid: area.buffer(0.01) for pid, area in unions.items()}
    for piece in pieces:
        edge = piece.boundary

        def score(pid: str, edge: BaseGeometry = edge, piece: Polygon = piece) -> tuple[float, float]:
            if not grown[pid].intersects(edge):
                return (0.0, -piece.distance(unions[pid]))
            return (edge.intersection(grown[pid]).length, 0.0)

        best = max(sorted(unions), key=score)
        areas[best].append(piece)


def country_cells(
    land: BaseGeometry,
    seeds: Mapping[str, Point],
    countries_of: Mapping[str, tuple[str, ...]],
    project: Callable[[Polygon], BaseGeometry],
    frame: Polygon,
) -> tuple[dict[str, BaseGeometry], list[tuple[Polygon, str | None]], list[Polygon]]:
    """Land provinces' areas when the map places provinces in countries.

    Each connected piece of land holding seeds is cut by the countries its provinces list; a country's part is
    shared by the Voronoi rule among the provinces that list it and have a seed in that piece. What is left (land
    in no listed country) goes to the piece's provinces that list no country, by the Voronoi rule; if there are
    none, a sliver joins the province it borders most and a larger part (a country no province lists, such as
    Switzerland) is unclaimed. Returns the areas by province, the pieces of land with no seed (islands) each with
    the listed country more than half of it lies in (else None), and the unclaimed parts.
    """
    codes = sorted({c for cs in countries_of.values() for c in cs})
    data = country_data()
    shapes = {code: unary_union([project(p) for p in data[code]]).intersection(frame) for code in codes}
    areas: dict[str, list[Polygon]] = {}
    empty: list[Polygon] = []
    island_countries: list[str | None] = []
    unclaimed: list[Polygon] = []
    for piece in _parts(land):
        inside = {s: pt for s, pt in seeds.items() if piece.covers(pt)}
        if not inside:
            empty.append(piece)
            overlap = {code: piece.intersection(shapes[code]).area for code in codes if piece.intersects(shapes[code])}
            main = max(overlap, key=lambda code: overlap[code]) if overlap else None
            island_countries.append(main if main and overlap[main] > piece.area / 2 else None)
            continue
        here: dict[str, list[Polygon]] = {}
        listed: list[BaseGeometry] = []
        for code in codes:
            if not piece.intersects(shapes[code]):
                continue
            sub = piece.intersection(shapes[code])
            if sub.area <= 0:
                continue
            listed.append(sub)
            takers = {s: pt for s, pt in inside.items() if code in countries_of.get(_province(s), ())}
            if not takers:
                unclaimed.extend(_parts(sub))
                continue
            for pid, parts in _voronoi(sub, takers, frame).items():
                here.setdefault(pid, []).extend(parts)
        rest = piece.difference(unary_union(listed)) if listed else piece
        others = {s: pt for s, pt in inside.items() if _province(s) not in countries_of}
        if others and not rest.is_empty:
            for pid, parts in _voronoi(rest, others, frame).items():
                here.setdefault(pid, []).extend(parts)
        else:
            slivers: list[Polygon] = []
            for part in _parts(rest):
                (slivers if part.area < SLIVER_KM2 else unclaimed).append(part)
            _join_by_border(slivers, here)
        for pid, parts in here.items():
            areas.setdefault(pid, []).extend(parts)
    merged = {pid: unary_union(parts) for pid, parts in areas.items()}
    return merged, list(zip(empty, island_countries, strict=True)), unclaimed
