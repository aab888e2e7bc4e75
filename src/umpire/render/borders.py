"""Land borders that follow real countries and their admin-1 units: a map's ``countries`` section splits each piece
of land by country before the Voronoi rule shares a country among the provinces that list it, and its ``regions``
section gives a country's units (Länder, départements, oblasts...) to provinces, so that borders inside a country
follow the units' (see docs/maps.md and docs/render.md).

The country polygons are Natural Earth's, shipped in ``data/europe_countries.json`` (see
``tools/build_coastlines.py``), the units in ``data/europe_regions.json`` (``tools/build_regions.py``); both are
widened out to sea, so the land drawing's coast is the land data's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import shapely
from shapely import MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

COLLAPSED_KM2 = 1e-6  # a polygon smaller than this is an overlay's leftover along an edge, not land
DUST_KM2 = 1.0  # land the listed admin-1 units leave uncovered in a country, smaller than this, is rounding
SLIVER_KM2 = 400.0  # land left between the countries' data and the coastline's, smaller than this, joins a neighbour


def _load(name: str, fmt: str, key: str) -> dict[str, tuple[Polygon, ...]]:
    """Polygons in degrees by code from a shipped data file in the ``umpire-countries/1`` encoding."""
    text = resources.files("umpire.render").joinpath(f"data/{name}").read_text(encoding="utf-8")
    raw = json.loads(text)
    if raw.get("format") != fmt:
        raise ValueError(f"{name} has format {raw.get('format')!r}, expected {fmt!r}")
    scale = float(raw["scale"])
    out: dict[str, tuple[Polygon, ...]] = {}
    for code, polygons in raw[key].items():
        shapes: list[Polygon] = []
        for rings in polygons:
            coords = [np.asarray(r, dtype=float).reshape(-1, 2) / scale for r in rings]
            poly = Polygon(coords[0], coords[1:])
            shapes.extend(_parts(poly if poly.is_valid else shapely.make_valid(poly)))
        out[str(code)] = tuple(shapes)
    return out


@cache
def country_data() -> dict[str, tuple[Polygon, ...]]:
    """Load ``data/europe_countries.json`` (format ``umpire-countries/1``): polygons in degrees by ISO code."""
    return _load("europe_countries.json", "umpire-countries/1", "countries")


@cache
def region_data() -> dict[str, tuple[Polygon, ...]]:
    """Load ``data/europe_regions.json`` (format ``umpire-regions/1``): admin-1 units' polygons in degrees, keyed
    ``<ISO code>.<name>`` (``DE.bayern``); they reach past their country, which clips them."""
    return _load("europe_regions.json", "umpire-regions/1", "regions")


def region_country(code: str) -> str:
    """The ISO code of the country a unit lies in (``DE`` for ``DE.bayern``)."""
    return code.split(".", 1)[0]


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


def map_regions(game_map: Mapping[str, Any], countries_of: Mapping[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """The map's ``regions`` section (``{province: [unit code, ...]}``), checked: a province that lists the unit's
    country in ``countries`` and codes the shipped data has. Raises ``ValueError`` naming what is wrong."""
    raw = game_map.get("regions") or {}
    if not isinstance(raw, Mapping):
        raise ValueError("regions must map a province to a list of admin-1 unit codes")
    known = region_data()
    out: dict[str, tuple[str, ...]] = {}
    for pid, codes in raw.items():
        if pid not in countries_of:
            raise ValueError(f"regions: {pid!r} lists no countries (a province's units lie in the countries it lists)")
        if not isinstance(codes, list) or not codes:
            raise ValueError(f"regions: {pid}: expected a non-empty list of unit codes, got {codes!r}")
        for code in codes:
            if code not in known:
                near = sorted(c for c in known if c.split(".")[0] == str(code).split(".")[0])[:5]
                raise ValueError(
                    f"regions: {pid}: {code!r} is not an admin-1 unit of the drawing's data (codes look like "
                    f"{', '.join(near) or 'DE.bayern'})"
                )
            if region_country(code) not in countries_of[pid]:
                raise ValueError(f"regions: {pid}: {code} lies in {region_country(code)}, which {pid} does not list")
        out[str(pid)] = tuple(str(c) for c in codes)
    return out


def _parts(geom: BaseGeometry) -> list[Polygon]:
    """The polygons of a geometry, without the collapsed ones (no area) that overlays leave along shared edges."""
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom] if geom.area > COLLAPSED_KM2 else []
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
    join_by_border(strays, mains)
    return mains


def _coverage_union(parts: list[Polygon]) -> BaseGeometry:
    """The union of polygons that share edges exactly and do not overlap (the units of one country, as shipped):
    GEOS's coverage union, much quicker than a general one; a general union if the result is not valid."""
    try:
        joined = shapely.coverage_union_all(parts)
    except shapely.errors.GEOSException:
        return unary_union(parts)
    return joined if joined.is_valid else unary_union(parts)


def _share(
    sub: BaseGeometry,
    takers: Mapping[str, Point],
    units: Mapping[str, tuple[BaseGeometry, frozenset[str]]],
    frame: Polygon,
) -> dict[str, list[Polygon]]:
    """One country's land in one piece (``sub``) shared among the seeds ``takers``: each unit of ``units`` goes to
    the provinces listing it (by the Voronoi rule among them if several); the rest by the Voronoi rule among all
    takers, and slivers (where the units' data and the countries' disagree) join the province they border most."""
    out: dict[str, list[Polygon]] = {}
    taken: list[BaseGeometry] = []
    area = 0.0
    for shape, pids in units.values():
        claim = {s: pt for s, pt in takers.items() if _province(s) in pids}
        if not claim or not shape.intersects(sub):
            continue
        near = shapely.clip_by_rect(sub, *shape.bounds)  # a quick cut first: the overlay then has less to do
        part = (near if near.is_valid else shapely.make_valid(near)).intersection(shape)
        if part.area <= 0:
            continue
        taken.append(shape)
        area += part.area
        for pid, parts in _voronoi(part, claim, frame).items():
            out.setdefault(pid, []).extend(parts)
    if not taken:
        return _voronoi(sub, takers, frame)
    if sub.area - area < DUST_KM2:
        return out  # the listed units cover the country's land here (up to rounding)
    rest = _parts(sub.difference(unary_union(taken)))
    large = [p for p in rest if p.area >= SLIVER_KM2]
    if large:
        for pid, parts in _voronoi(unary_union(large), takers, frame).items():
            out.setdefault(pid, []).extend(parts)
    join_by_border([p for p in rest if p.area < SLIVER_KM2], out)
    return out


def join_by_border(pieces: list[Polygon], areas: dict[str, list[Polygon]]) -> None:
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
    project: Callable[[BaseGeometry], BaseGeometry],
    frame: Polygon,
    regions_of: Mapping[str, tuple[str, ...]] | None = None,
) -> tuple[dict[str, BaseGeometry], list[tuple[Polygon, str | None]], list[Polygon]]:
    """Land provinces' areas when the map places provinces in countries.

    Each connected piece of land holding seeds is cut by the countries its provinces list; a country's part is
    shared by the Voronoi rule among the provinces that list it and have a seed in that piece, except for the
    admin-1 units ``regions_of`` gives to them: a unit goes to the province listing it (by the Voronoi rule among
    several). What is left (land
    in no listed country) goes to the piece's provinces that list no country, by the Voronoi rule; if there are
    none, a sliver joins the province it borders most and a larger part (a country no province lists, such as
    Switzerland) is unclaimed. Returns the areas by province, the pieces of land with no seed (islands) each with
    the listed country more than half of it lies in (else None), and the unclaimed parts.
    """
    codes = sorted({c for cs in countries_of.values() for c in cs})
    data = country_data()
    shapes = {code: unary_union([project(p) for p in data[code]]).intersection(frame) for code in codes}
    units: dict[str, dict[str, tuple[BaseGeometry, frozenset[str]]]] = {}
    claimed_by: dict[str, set[str]] = {}
    for pid, unit_codes in (regions_of or {}).items():
        for unit in unit_codes:
            claimed_by.setdefault(unit, set()).add(pid)
    units_data = region_data() if claimed_by else {}
    groups: dict[tuple[str, frozenset[str]], list[Polygon]] = {}
    for unit, pids in sorted(claimed_by.items()):
        # The units one set of provinces claims are joined first (in degrees, where the shipped units are an exact
        # coverage): fewer, larger cuts to make.
        groups.setdefault((region_country(unit), frozenset(pids)), []).extend(units_data[unit])
    for (country, claimants), shapes_of in sorted(groups.items(), key=lambda item: (item[0][0], sorted(item[0][1]))):
        units.setdefault(country, {})["+".join(sorted(claimants))] = (
            project(_coverage_union(shapes_of)).intersection(frame),
            claimants,
        )
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
            for pid, parts in _share(sub, takers, units.get(code, {}), frame).items():
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
            join_by_border(slivers, here)
        for pid, parts in here.items():
            areas.setdefault(pid, []).extend(parts)
    merged = {pid: unary_union(parts) for pid, parts in areas.items()}
    return merged, list(zip(empty, island_countries, strict=True)), unclaimed
