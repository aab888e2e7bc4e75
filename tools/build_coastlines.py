#!/usr/bin/env python3
"""Build the map drawing's land and country polygons, ``src/umpire/render/data/europe_land.json`` and
``europe_countries.json``.

Build-time only: the game never runs this, and nothing is fetched at run time. The source is Natural Earth's
1:50m land polygons (version 4.1.0, public domain), as redistributed in TopoJSON by the ``world-atlas`` package
of the npm registry (version 2.0.2, file ``land-50m.json``; the package's own code and packaging are ISC). This
script decodes the TopoJSON, keeps the land inside a box round Europe, the Mediterranean and the Near East,
simplifies it and writes the project's own compact format ``umpire-land/1``:

    {"format": "umpire-land/1", "source": ..., "licence": ..., "bbox": [west, south, east, north],
     "scale": 100, "polygons": [[outer_ring, hole, ...], ...]}

where every ring is a flat list ``[lon0, lat0, lon1, lat1, ...]`` of integers in hundredths of a degree, outer
rings counter-clockwise, holes clockwise, each ring closed implicitly (the last point is not repeated).

The country polygons come from the same package's ``countries-50m.json`` (Natural Earth 1:50m admin-0 countries,
also public domain), keyed by ISO 3166-1 alpha-2 code (``XK`` for Kosovo; Aland, Northern Cyprus and the like are
merged into the country that administers them). Each country is widened out to sea by ``REACH`` degrees (never
into another country), so that the countries cover every coast of the separately simplified land, and the set is
simplified as one coverage (neighbours keep one shared border). The run-time drawing intersects them with the land.
Format ``umpire-countries/1``: ``{"format", "source", "licence", "bbox", "scale", "countries": {code: polygons}}``
with polygons encoded as in ``umpire-land/1``.

Usage::

    python tools/build_coastlines.py                       # runs `npm pack world-atlas@2.0.2` in a temp dir
    python tools/build_coastlines.py --source land-50m.json  # or a land-50m.json already at hand
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import shapely
from shapely import MultiPolygon, Polygon, box, make_valid, unary_union
from shapely.geometry.polygon import orient

PACKAGE = "world-atlas@2.0.2"
MEMBER = "package/land-50m.json"
COUNTRIES_MEMBER = "package/countries-50m.json"
BBOX = (-30.0, 20.0, 80.0, 76.0)  # west, south, east, north, in degrees
TOLERANCE = 0.02  # degrees; well under a pixel at the drawing's usual scale
MIN_AREA = 0.004  # square degrees; drops islets of about 6 km by 6 km and smaller
SCALE = 100
DATA = Path(__file__).resolve().parents[1] / "src" / "umpire" / "render" / "data"
OUT = DATA / "europe_land.json"
COUNTRIES_OUT = DATA / "europe_countries.json"
REACH = 0.3  # degrees a country is widened out to sea

#: Natural Earth's country names (as in world-atlas) inside the box, by ISO 3166-1 alpha-2 code; a territory is
#: merged into its country. Countries not named here are left out.
COUNTRY_CODES = {
    "Afghanistan": "AF", "Albania": "AL", "Algeria": "DZ", "Andorra": "AD", "Armenia": "AM", "Austria": "AT",
    "Azerbaijan": "AZ", "Bahrain": "BH", "Belarus": "BY", "Belgium": "BE", "Bosnia and Herz.": "BA",
    "Bulgaria": "BG", "Chad": "TD", "China": "CN", "Croatia": "HR", "Cyprus": "CY", "N. Cyprus": "CY",
    "Czechia": "CZ", "Denmark": "DK", "Egypt": "EG", "Estonia": "EE", "Faeroe Is.": "FO", "Finland": "FI",
    "Åland": "FI", "France": "FR", "Georgia": "GE", "Germany": "DE", "Greece": "GR", "Greenland": "GL",
    "Guernsey": "GG", "Hungary": "HU", "Iceland": "IS", "India": "IN", "Iran": "IR", "Iraq": "IQ",
    "Ireland": "IE", "Isle of Man": "IM", "Israel": "IL", "Italy": "IT", "Jersey": "JE", "Jordan": "JO",
    "Kazakhstan": "KZ", "Kosovo": "XK", "Kuwait": "KW", "Kyrgyzstan": "KG", "Latvia": "LV", "Lebanon": "LB",
    "Libya": "LY", "Liechtenstein": "LI", "Lithuania": "LT", "Luxembourg": "LU", "Macedonia": "MK", "Mali": "ML",
    "Malta": "MT", "Mauritania": "MR", "Moldova": "MD", "Monaco": "MC", "Montenegro": "ME", "Morocco": "MA",
    "Netherlands": "NL", "Niger": "NE", "Norway": "NO", "Oman": "OM", "Pakistan": "PK", "Palestine": "PS",
    "Poland": "PL", "Portugal": "PT", "Qatar": "QA", "Romania": "RO", "Russia": "RU", "San Marino": "SM",
    "Saudi Arabia": "SA", "Serbia": "RS", "Slovakia": "SK", "Slovenia": "SI", "Spain": "ES", "Sudan": "SD",
    "Sweden": "SE", "Switzerland": "CH", "Syria": "SY", "Tajikistan": "TJ", "Tunisia": "TN", "Turkey": "TR",
    "Turkmenistan": "TM", "Ukraine": "UA", "United Arab Emirates": "AE", "United Kingdom": "GB",
    "Uzbekistan": "UZ", "Vatican": "VA", "W. Sahara": "EH",
}  # fmt: skip

SOURCE_NOTE = (
    "Natural Earth 1:50m land polygons, version 4.1.0 (naturalearthdata.com), as redistributed in TopoJSON by "
    "the npm package world-atlas 2.0.2 (land-50m.json); clipped, simplified and re-encoded by "
    "tools/build_coastlines.py"
)
COUNTRIES_SOURCE_NOTE = (
    "Natural Earth 1:50m admin-0 countries, version 4.1.0 (naturalearthdata.com), as redistributed in TopoJSON "
    "by the npm package world-atlas 2.0.2 (countries-50m.json); clipped, widened out to sea, simplified as a "
    "coverage and re-encoded by tools/build_coastlines.py"
)
LICENCE_NOTE = (
    "Natural Earth data is in the public domain (no permission needed, no attribution required); "
    "world-atlas's packaging is ISC-licensed"
)


def fetch_topojson(member: str = MEMBER) -> dict[str, Any]:
    """Take one TopoJSON file out of the npm package, with npm's own client, into a temporary directory."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=tmp, check=True, stdout=subprocess.DEVNULL)
        tarball = next(Path(tmp).glob("world-atlas-*.tgz"))
        with tarfile.open(tarball) as tar:
            extracted = tar.extractfile(member)
            if extracted is None:
                raise SystemExit(f"{member} is missing from {tarball.name}")
            data: dict[str, Any] = json.load(extracted)
            return data


def decode_arcs(topo: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """Undo TopoJSON's quantisation and delta encoding of every arc."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring_from_arcs(indices: list[int], arcs: list[list[tuple[float, float]]]) -> list[tuple[float, float]]:
    ring: list[tuple[float, float]] = []
    for index in indices:
        arc = arcs[index] if index >= 0 else arcs[~index][::-1]
        # Consecutive arcs share their joining point.
        ring.extend(arc if not ring else arc[1:])
    return ring


def unwrap(ring: list[tuple[float, float]]) -> list[tuple[float, float]] | None:
    """Make a ring that crosses the antimeridian continuous (Eurasia reaches past 180 degrees east).

    Returns None for a ring that winds round a pole (Antarctica), which has no place on this map.
    """
    out = [ring[0]]
    shift = 0.0
    for (lon0, _), (lon1, lat1) in itertools.pairwise(ring):
        if lon1 - lon0 > 180:
            shift -= 360
        elif lon0 - lon1 > 180:
            shift += 360
        out.append((lon1 + shift, lat1))
    if abs(out[-1][0] - out[0][0]) > 180:
        return None
    lons = [lon for lon, _ in out]
    middle = (min(lons) + max(lons)) / 2
    k = -360.0 * round(middle / 360)  # bring the ring's middle between -180 and 180 degrees
    return [(lon + k, lat) for lon, lat in out]


def geometry_polygons(geometry: dict[str, Any], arcs: list[list[tuple[float, float]]]) -> list[Polygon]:
    """The polygons of one TopoJSON geometry (none for a point or a polar ring)."""
    if geometry.get("type") not in ("Polygon", "MultiPolygon"):
        return []
    parts = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
    polygons = []
    for part in parts:
        rings = [unwrap(ring_from_arcs(r, arcs)) for r in part]
        if any(r is None for r in rings):
            continue
        polygons.append(Polygon(rings[0], rings[1:]))
    return polygons


def land_geometry(topo: dict[str, Any]) -> MultiPolygon:
    arcs = decode_arcs(topo)
    polygons = []
    for geometry in topo["objects"]["land"]["geometries"]:
        parts = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for part in parts:
            rings = [unwrap(ring_from_arcs(r, arcs)) for r in part]
            if any(r is None for r in rings):
                continue
            polygons.append(Polygon(rings[0], rings[1:]))
    return MultiPolygon(polygons)


def encode_polygon(poly: Polygon, min_hole: float) -> list[list[int]]:
    """A polygon's rings as flat lists of integer hundredths of a degree (outer ring counter-clockwise)."""
    poly = orient(poly, sign=1.0)
    rings = [poly.exterior, *(h for h in poly.interiors if Polygon(h).area >= min_hole)]
    encoded = []
    for ring in rings:
        flat: list[int] = []
        last: tuple[int, int] | None = None
        for lon, lat in list(ring.coords)[:-1]:
            point = (round(lon * SCALE), round(lat * SCALE))
            if point != last:
                flat.extend(point)
                last = point
        if len(flat) >= 6:
            encoded.append(flat)
    return encoded


def build_countries(topo: dict[str, Any]) -> dict[str, Any]:
    """Country polygons widened out to sea and simplified as one coverage (see the module's docstring)."""
    frame = box(*BBOX)
    arcs = decode_arcs(topo)
    parts: dict[str, list[Polygon]] = {}
    for geometry in topo["objects"]["countries"]["geometries"]:
        code = COUNTRY_CODES.get(geometry.get("properties", {}).get("name", ""))
        polygons = [p if p.is_valid else make_valid(p) for p in geometry_polygons(geometry, arcs)]
        near = [p.intersection(frame) for p in polygons if p.intersects(frame)]
        if code is not None and near:
            parts.setdefault(code, []).extend(near)
    countries = {code: make_valid(unary_union(polys)) for code, polys in sorted(parts.items())}
    covered = unary_union(list(countries.values()))
    widened = {}
    for code, shape in sorted(countries.items(), key=lambda item: -item[1].area):
        reach = shape.simplify(0.05).buffer(REACH, quad_segs=2).intersection(frame).difference(covered)
        widened[code] = make_valid(unary_union([shape, reach]))
        covered = unary_union([covered, reach])
    codes = sorted(widened)
    simplified = shapely.coverage_simplify([widened[c] for c in codes], TOLERANCE)
    out: dict[str, list[list[list[int]]]] = {}
    for code, geom in zip(codes, simplified, strict=True):
        polys = [p for p in getattr(make_valid(geom), "geoms", [geom]) if isinstance(p, Polygon)]
        encoded = [encode_polygon(p, MIN_AREA) for p in sorted(polys, key=lambda p: -p.area) if p.area >= MIN_AREA]
        out[code] = [e for e in encoded if e]
    return {
        "format": "umpire-countries/1",
        "source": COUNTRIES_SOURCE_NOTE,
        "licence": LICENCE_NOTE,
        "bbox": list(BBOX),
        "scale": SCALE,
        "tolerance_deg": TOLERANCE,
        "reach_deg": REACH,
        "countries": out,
    }


def build(topo: dict[str, Any]) -> dict[str, Any]:
    frame = box(*BBOX)
    near = [p if p.is_valid else make_valid(p) for p in land_geometry(topo).geoms if p.intersects(frame)]
    invalid = [p.bounds for p in near if not p.is_valid]
    if invalid:
        raise SystemExit(f"land polygons still invalid after repair: {invalid}")
    clipped = make_valid(unary_union([g.intersection(frame) for g in near]))
    simplified = make_valid(clipped.simplify(TOLERANCE, preserve_topology=True))
    merged = unary_union([g for g in getattr(simplified, "geoms", [simplified]) if isinstance(g, Polygon)])
    pieces = list(getattr(merged, "geoms", [merged]))
    out_polygons = []
    for poly in sorted(pieces, key=lambda p: -p.area):
        if not isinstance(poly, Polygon) or poly.area < MIN_AREA:
            continue
        encoded = encode_polygon(poly, MIN_AREA)
        if encoded:
            out_polygons.append(encoded)
    return {
        "format": "umpire-land/1",
        "source": SOURCE_NOTE,
        "licence": LICENCE_NOTE,
        "bbox": list(BBOX),
        "scale": SCALE,
        "tolerance_deg": TOLERANCE,
        "polygons": out_polygons,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help="a land-50m.json from world-atlas 2.0.2 (else npm pack)")
    parser.add_argument("--countries-source", type=Path, help="a countries-50m.json from world-atlas 2.0.2")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--countries-out", type=Path, default=COUNTRIES_OUT)
    args = parser.parse_args(argv)
    if not args.countries_source or args.source:
        topo = json.loads(args.source.read_text()) if args.source else fetch_topojson()
        result = build(topo)
        text = json.dumps(result, separators=(",", ":"))
        # One polygon a line keeps diffs readable.
        text = text.replace(',"polygons":[[', ',"polygons":[\n[').replace("]],[[", "]],\n[[")
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
        points = sum(len(r) // 2 for p in result["polygons"] for r in p)
        print(f"wrote {args.out}: {len(result['polygons'])} polygons, {points} points", file=sys.stderr)
    if not args.source or args.countries_source:
        source = args.countries_source
        countries_topo = json.loads(source.read_text()) if source else fetch_topojson(COUNTRIES_MEMBER)
        countries = build_countries(countries_topo)
        text = json.dumps(countries, separators=(",", ":"))
        # One country a line.
        text = text.replace(',"countries":{', ',"countries":{\n').replace(']]],"', ']]],\n"')
        args.countries_out.write_text(text + "\n")
        points = sum(len(r) // 2 for polys in countries["countries"].values() for p in polys for r in p)
        print(f"wrote {args.countries_out}: {len(countries['countries'])} countries, {points} points", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
