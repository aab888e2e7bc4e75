"""The standard map's land borders follow the real frontiers where provinces lie in different countries (issue 18:
no straight-line polygons), and the 1901 frontiers docs/render.md describes."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from shapely import LineString
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from tests.render.test_page_map import STANDARD, km, province_at
from tests.render.test_svg import load

from umpire.render import MapGeometryError, compute_geometry, map_geometry
from umpire.render.borders import country_data


@pytest.fixture(scope="module")
def standard() -> dict[str, Any]:
    return load(STANDARD)


def shared_border(game_map: dict[str, Any], a: str, b: str) -> BaseGeometry:
    geom = map_geometry(game_map)
    return geom.provinces[a].area.boundary.intersection(geom.provinces[b].area.buffer(0.05))


def frontier(game_map: dict[str, Any], a: str, b: str) -> BaseGeometry:
    """Natural Earth's frontier between two countries, as shipped, projected like the map."""
    proj = map_geometry(game_map).projection

    def projected(code: str) -> BaseGeometry:
        return unary_union([LineString([proj.project(*c) for c in p.exterior.coords]) for p in country_data()[code]])

    return projected(a).intersection(projected(b).buffer(0.05))


# Each pair: provinces, countries, and places on the real frontier (lon, lat).
FRONTIERS = [
    ("NWY", "SWE", "NO", "SE", [(11.43, 58.99), (12.13, 63.33), (20.55, 69.06), (12.9, 61.3)]),
    ("SPA", "POR", "ES", "PT", [(-8.65, 42.04), (-7.03, 38.87), (-7.4, 37.3), (-6.35, 41.65)]),
    ("HOL", "BEL", "NL", "BE", [(4.94, 51.43), (5.75, 50.77), (3.8, 51.27)]),
    ("FIN", "SWE", "FI", "SE", [(23.9, 66.5), (24.15, 65.85)]),
    ("RUH", "BEL", "DE", "BE", [(6.2, 50.5)]),
]


@pytest.mark.parametrize(("a", "b", "ca", "cb", "places"), FRONTIERS, ids=[f[0] + "-" + f[1] for f in FRONTIERS])
def test_borders_between_countries_follow_the_real_frontier(
    standard: dict[str, Any], a: str, b: str, ca: str, cb: str, places: list[tuple[float, float]]
) -> None:
    border = shared_border(standard, a, b)
    assert border.length > 20, f"{a} and {b} share no border"
    vertices = sum(len(line.coords) for line in getattr(border, "geoms", [border]))
    assert vertices >= 10, f"the {a}-{b} border is a near-straight line of {vertices} vertices"
    for lon, lat in places:
        assert border.distance(km(standard, lon, lat)) < 6, f"{a}-{b} border is far from ({lon}, {lat})"
    real = frontier(standard, ca, cb)
    # Every point of the drawn border lies within a few km of Natural Earth's frontier.
    assert real.buffer(4).covers(border)


def test_1901_frontiers_and_countries_of_no_province(standard: dict[str, Any]) -> None:
    expected = {
        (7.75, 48.58): "MUN",  # Strasbourg: Alsace, German in 1901
        (6.18, 49.12): "MUN",  # Metz: Lorraine, German in 1901
        (6.18, 48.69): "BUR",  # Nancy stayed French
        (6.86, 47.64): "BUR",  # Belfort stayed French
        (6.13, 49.61): "BUR",  # Luxembourg
        (19.94, 50.06): "GAL",  # Kraków, Austrian Galicia
        (24.03, 49.84): "GAL",  # Lviv
        (16.93, 52.41): "SIL",  # Poznań, Prussian
        (18.65, 54.35): "PRU",  # Gdańsk
        (20.51, 54.71): "PRU",  # Königsberg (Kaliningrad)
        (21.0, 52.23): "WAR",  # Warsaw
        (23.59, 46.77): "BUD",  # Cluj, Hungarian Transylvania
        (26.1, 44.43): "RUM",  # Bucharest
        (11.35, 46.5): "TYR",  # Bolzano, Austrian Tyrol
        (14.51, 46.06): "TRI",  # Ljubljana
        (13.77, 45.65): "TRI",  # Trieste
        (11.88, 45.41): "VEN",  # Padua
        (17.11, 48.15): "BUD",  # Bratislava, Hungarian
        (14.42, 50.09): "BOH",  # Prague
        (16.6, 49.2): "BOH",  # Brno: Moravia goes with Bohemia
        (24.1, 56.95): "LVN",  # Riga
        (-1.91, 34.68): "NAF",  # Oujda, Morocco
        (-0.64, 35.7): "NAF",  # Oran, Algeria
    }
    for (lon, lat), pid in expected.items():
        assert province_at(standard, lon, lat) == pid, (lon, lat, pid)
    # Switzerland, Ireland and Libya are no province's: drawn as unclaimed land, not inside a neighbour (Ireland
    # was Clyde's, as the island nearest to it).
    geom = map_geometry(standard)
    for lon, lat in ((8.3, 46.8), (-8.0, 53.3), (13.2, 32.8)):
        pt = km(standard, lon, lat)
        assert not [pid for pid, shape in geom.provinces.items() if shape.area.covers(pt)], (lon, lat)
        assert geom.unclaimed_land.covers(pt), (lon, lat)


def test_every_land_province_has_land_and_no_two_overlap(standard: dict[str, Any]) -> None:
    geom = map_geometry(standard)
    land = [(pid, s.area) for pid, s in geom.provinces.items() if s.type != "sea"]
    for pid, area in land:
        assert area.area > 500, pid
    total = sum(area.area for _, area in land)
    assert abs(unary_union([area for _, area in land]).area - total) < 50  # km², of about 10 million


def test_bad_countries_are_refused(standard: dict[str, Any]) -> None:
    cases = (
        ({"XYZ": ["FR"]}, "XYZ"),
        ({"NTH": ["GB"]}, "NTH is a sea"),
        ({"PAR": ["ZZ"]}, "'ZZ' is not a country"),
        ({"PAR": []}, "PAR: expected a non-empty list"),
        (["PAR"], "countries must map"),
    )
    for bad, words in cases:
        game_map = copy.deepcopy(standard)
        game_map["countries"] = bad
        with pytest.raises(MapGeometryError, match=words):
            compute_geometry(game_map)


def test_countries_are_part_of_the_cache_key(standard: dict[str, Any]) -> None:
    plain = copy.deepcopy(standard)
    del plain["countries"], plain["regions"]  # units lie in the countries a province lists
    assert map_geometry(plain) is not map_geometry(standard)
    assert map_geometry(copy.deepcopy(standard)) is map_geometry(standard)
    # Without the section, the Spain-Portugal border is Voronoi's: far from the real frontier in places.
    border = shared_border(plain, "SPA", "POR")
    assert not frontier(plain, "ES", "PT").buffer(4).covers(border)
