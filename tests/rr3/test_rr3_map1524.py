"""RR3: the authored map of Europe in 1524 (src/umpire/games/rr3/data/map1524.json, docs/rr3-map.md)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from umpire.games.rr3.geography import TABLES, Geography, load_geography, map1524

PLAYED = {
    "england": "england",
    "france": "france",
    "spain": "habsburgs",
    "naples": "habsburgs",
    "netherlands": "habsburgs",
    "austria": "habsburgs",
    "saxony": "electors",
    "brandenburg": "electors",
    "palatinate": "electors",
    "bohemia": "electors",
    "hungary": "electors",
    "mainz": "electors",
    "ansbach": "lutherans",
    "hesse": "lutherans",
    "anhalt": "lutherans",
    "bavaria": "princes",
    "baden": "princes",
    "ducal_saxony": "princes",
    "denmark": "denmark",
    "papacy": "papacy",
    "florence": "florence",
    "milan": "milan",
    "venice": "venice",
}
"""/work/spec/rr3-ids.md: played state -> team."""

# fmt: off
NON_PLAYED = [
    "portugal", "scotland", "ireland", "swiss", "savoy", "genoa", "mantua", "ferrara", "siena", "lucca", "lorraine",
    "cleves", "guelders", "cologne", "trier", "wurttemberg", "salzburg", "wurzburg", "munster", "brunswick",
    "mecklenburg", "pomerania", "poland", "prussia", "sweden", "livonia", "ottomans", "north_africa", "transylvania",
    "navarre",
]
"""/work/spec/rr3-ids.md: the listed non-played states (with the doubtful ireland, transylvania, navarre)."""

FREE_CITIES = [
    "nuremberg", "augsburg", "frankfurt", "strasbourg", "ulm", "cologne", "lubeck", "hamburg", "regensburg", "worms",
    "speyer", "metz", "aachen",
]
# fmt: on

FLEETS = {"spain": "barcelona", "england": "portsmouth", "venice": "venice", "genoa": "genoa",
          "ottomans": "constantinople", "north_africa": "algiers"}  # fmt: skip


@pytest.fixture(scope="module")
def g() -> Geography:
    return map1524()


def test_map_loads_once_and_from_the_package(g: Geography) -> None:
    assert map1524() is g
    text = resources.files("umpire.games.rr3").joinpath("data/map1524.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["format"] == "umpire-rr3-map/1"
    again = load_geography(data, "again")
    assert set(again.areas) == set(g.areas) and len(again.borders) == len(g.borders)


def test_map_counts_in_range(g: Geography) -> None:
    land = [a for a in g.areas.values() if a.is_land]
    regular = [a for a in land if not a.free_city]
    seas = [a for a in g.areas.values() if not a.is_land]
    assert 110 <= len(regular) <= 160
    assert 20 <= len(seas) <= 30
    assert len([a for a in land if a.free_city]) >= 11
    assert len(g.rivers) >= 8
    assert len([b for b in g.borders if b.kind == "pass"]) >= 10
    assert len(g.cities) >= 300


def test_map_every_state_present_and_played_capitals(g: Geography) -> None:
    # rulings RR3-MP10, RR3-MP14
    states = set(g.states())
    for state in [*PLAYED, *NON_PLAYED]:
        assert state in states, state
        assert g.areas_of(state), state
    for state in PLAYED:
        capital = g.capital(state)
        assert capital is not None, f"{state} has no capital"
        assert g.areas[capital.area].state == state
    capitals = {state: getattr(g.capital(state), "id", None) for state in ("france", "austria", "papacy", "spain")}
    assert capitals == {"france": "paris", "austria": "vienna", "papacy": "rome", "spain": "valladolid"}


def test_map_tables_regions_religions(g: Geography) -> None:
    # rulings RR3-MP09, RR3-MP11, RR3-MP12
    for area in g.areas.values():
        assert area.table in TABLES
        if area.is_land:
            assert area.region and area.religion in {"catholic", "lutheran", "islam", "orthodox"}, area.id
            assert area.minority in {None, "catholic", "lutheran", "islam", "orthodox"}, area.id
    by_state = {a.state: a.table for a in g.areas.values() if a.is_land}
    assert by_state["france"] == by_state["england"] == by_state["netherlands"] == "west"
    assert by_state["saxony"] == by_state["hesse"] == by_state["denmark"] == by_state["bohemia"] == "east"
    assert by_state["florence"] == by_state["milan"] == by_state["venice"] == by_state["papacy"] == "mediterranean"
    assert all(g.areas[a].table == "mediterranean" for a in g.areas_of("spain"))
    assert g.areas["austria_upper"].minority == "lutheran"  # the handbook's example of a Lutheran minority


def test_map_borders_symmetric_and_connected(g: Geography) -> None:
    for area in g.areas:
        for by in ("army", "fleet"):
            for other in g.neighbours(area, by):
                assert area in g.neighbours(other, by), (area, other, by)
                assert g.border(area, other) is g.border(other, area)
    land = [a.id for a in g.areas.values() if a.is_land]
    for area in land:
        if g.distance("ile_de_france", area) is None:
            assert g.coastal_seas(area), f"{area} is cut off: no army route from Paris and no coast"
    assert g.distance("ile_de_france", "austria_lower") is not None
    assert g.distance("ile_de_france", "thrace") is not None
    assert g.distance("ile_de_france", "calabria") is not None
    seas = [a.id for a in g.areas.values() if not a.is_land]
    assert all(g.distance("english_channel", s, by="fleet") is not None for s in seas)


def test_map_alpine_crossings(g: Geography) -> None:
    gotthard = g.border("milan", "central_switzerland")
    assert gotthard is not None and gotthard.kind == "pass" and gotthard.name == "St Gotthard"
    assert g.crossing_fatigue("milan", "central_switzerland") == 1
    brenner = g.border("tyrol", "verona")
    assert brenner is not None and brenner.kind == "pass" and brenner.name == "Brenner"
    assert getattr(g.border("savoy", "piedmont"), "name", None) == "Mont Cenis"
    assert getattr(g.border("navarre_lower", "navarre_upper"), "name", None) == "Roncesvalles"
    blocked = g.border("provence", "piedmont")
    assert blocked is not None and blocked.kind == "mountains"
    assert "piedmont" not in g.neighbours("provence")
    for b in g.borders:
        if b.kind == "pass":
            assert b.name, f"pass {b.a}-{b.b} has no name"
    ranges = {b.kind for b in g.borders if {b.a, b.b} & {"transylvania", "bohemia", "bohemia_west", "aragon"}}
    assert {"pass", "mountains"} <= ranges


def test_map_rivers(g: Geography) -> None:
    for river in ("rhine", "danube", "elbe", "oder", "po", "rhone", "main", "weser", "meuse", "seine", "loire"):
        assert river in g.rivers
    assert g.downriver(["alsace", "palatinate", "mainz"])
    assert g.downriver(["mainz", "trier", "cologne"])
    assert g.downriver(["austria_upper", "austria_lower", "upper_hungary"])
    assert g.downriver(["piedmont", "montferrat", "pavia"])
    assert not g.downriver(["mainz", "palatinate", "alsace"])
    assert not g.downriver(["further_austria", "alsace"])  # across the Rhine
    assert g.river_between("baden", "alsace") == "rhine"
    assert g.river_between("temes", "serbia") == "danube"
    assert g.river_between("pavia", "emilia") == "po"
    rivers_used = {b.river for b in g.borders if b.kind == "river"}
    assert {"rhine", "danube", "elbe", "oder", "po", "rhone", "main", "weser"} <= rivers_used


def test_map_fleets_home_ports(g: Geography) -> None:
    for state, port in FLEETS.items():
        city = g.cities[port]
        assert city.port and g.areas[city.area].state == state
        assert g.coastal_seas(city.area)
        assert any(city in g.ports(sea) for sea in g.coastal_seas(city.area))
    for city in g.cities.values():
        if city.port:
            assert g.coastal_seas(city.area), city.id


def test_map_free_cities_are_separate_areas(g: Geography) -> None:
    for name in FREE_CITIES:
        area = g.areas[f"free_{name}"]
        assert area.free_city and area.state == f"free_{name}" and len(area.cities) == 1
        assert area.cities[0].id == name
        assert 1 <= len(g.neighbours(area.id)) <= 3
    assert g.areas["free_nuremberg"].table == "east"
    assert g.areas["free_metz"].table == "west"


def test_map_positions_inside_the_map(g: Geography) -> None:
    # ruling RR3-MP16
    for area in g.areas.values():
        lon, lat = area.pos
        assert -12 <= lon <= 45 and 28 <= lat <= 66
    assert abs(g.areas["ile_de_france"].pos[0] - 2.35) < 1 and abs(g.areas["ile_de_france"].pos[1] - 48.85) < 1
