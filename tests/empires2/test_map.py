"""The authored Empires for Two map (data/map.json) and every fault its loader reports."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from umpire.games.empires2.mapdata import (
    LANGUAGES,
    RELIGIONS,
    TERRAINS,
    language_modifier,
    load_map,
    parse_map,
    religion_modifier,
)


def _raw_map() -> dict[str, Any]:
    text = resources.files("umpire.games.empires2").joinpath("data", "map.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_counts_are_in_the_briefs_range() -> None:
    m = load_map()
    assert len(m.areas) == 104
    assert len(m.seas) == 17
    assert sum(len(a.links) for a in m.areas.values()) // 2 == 190


def test_every_land_link_and_coast_is_listed_at_both_ends() -> None:
    m = load_map()
    for a in m.areas.values():
        for other in a.links:
            assert a.id in m.areas[other].links, (a.id, other)
        for sea in a.seas:
            assert a.id in m.seas[sea].coasts, (a.id, sea)
    for z in m.seas.values():
        for other in z.links:
            assert z.id in m.seas[other].links
        assert z.coasts, z.id


def test_values_are_known_and_every_area_is_marked_authored() -> None:
    m = load_map()
    for a in m.areas.values():
        assert a.language in LANGUAGES and a.religion in RELIGIONS and a.terrain in TERRAINS
        assert 0 <= a.population <= 5 and 0 <= a.max_social_state <= 5
        assert a.authored
    assert m.authored_areas() == tuple(sorted(m.areas))


def test_names_from_the_rewrites_scenarios_are_areas() -> None:
    """Rewrite 27.4-27.6 and 23.33 name these areas: the authored map has each of them."""
    m = load_map()
    named = {"Saxony", "Friesland", "Flanders", "Lorraine", "Venice", "Constantinople", "Denmark", "Norway", "Sweden"}
    named |= {"Austria", "The Steppes", "Khazar", "Leon", "Castille", "Aragon", "Portugal", "Valencia", "Cordova"}
    named |= {"Granada", "Apulia", "Sicily", "Brandenburg", "Bulgaria", "Wallachia", "Syria", "Jerusalem"}
    assert named <= {a.name for a in m.areas.values()}


def test_islands_are_reached_by_sea_only() -> None:
    m = load_map()
    islands = sorted(a.id for a in m.areas.values() if a.island)
    assert islands == ["crete", "cyprus", "sardinia"]
    assert all(m.areas[i].coastal for i in islands)


def test_hops_over_land() -> None:
    m = load_map()
    hops = m.hops("wessex")
    assert hops["wessex"] == 0 and hops["mercia"] == 1 and hops["scotland"] == 3
    assert "ile_de_france" not in hops  # across the Channel: no land route
    assert m.hops("constantinople")["bithynia"] == 1  # the Bosporus is a land link (EMP-D05)


def test_sea_path_counts_the_sea_areas_crossed() -> None:
    m = load_map()
    assert m.sea_path("wessex", "normandy") == 1
    assert m.sea_path("wessex", "egypt") == 6
    assert m.sea_path("denmark", "rhineland") is None  # Rhineland has no coast
    with pytest.raises(ValueError, match="unknown land area 'atlantis'"):
        m.sea_path("atlantis", "wessex")


def test_language_modifier_same_related_unrelated() -> None:
    # ruling EMP-R14
    assert language_modifier("french", "french") == 0
    assert language_modifier("french", "occitan") == 1
    assert language_modifier("french", "german") == 2
    assert language_modifier("magyar", "turkic") == 1  # one non-Indo-European family (rewrite 27.6)
    with pytest.raises(ValueError, match="unknown language 'klingon'"):
        language_modifier("klingon", "french")


def test_religion_modifier_same_church_other_church_other_religion() -> None:
    # rulings EMP-D04, EMP-R14
    assert religion_modifier("catholic", "catholic") == 0
    assert religion_modifier("catholic", "orthodox") == 1
    assert religion_modifier("orthodox", "moslem") == 2
    assert religion_modifier("pagan", "catholic") == 2
    with pytest.raises(ValueError, match="unknown religion 'druid'"):
        religion_modifier("druid", "pagan")


def test_lookups_name_unknown_ids() -> None:
    m = load_map()
    with pytest.raises(ValueError, match="unknown land area 'atlantis'"):
        m.area("atlantis")
    with pytest.raises(ValueError, match="unknown sea area 'sargasso'"):
        m.sea("sargasso")


def _small() -> dict[str, Any]:
    """A valid three-area map: two linked areas on one sea, an island on a second sea."""

    def area(links: list[str], seas: list[str]) -> dict[str, Any]:
        return {
            "name": "X",
            "population": 1,
            "max_social_state": 2,
            "language": "french",
            "religion": "catholic",
            "terrain": "clear",
            "seas": seas,
            "links": links,
            "point": [2.0, 48.0],
            "authored": True,
        }

    return {
        "about": "test map",
        "areas": {"aa": area(["bb"], ["north"]), "bb": area(["aa"], []), "isle": area([], ["south"])},
        "seas": {
            "north": {"name": "N", "coasts": ["aa"], "links": ["south"], "point": [2.0, 50.0]},
            "south": {"name": "S", "coasts": ["isle"], "links": ["north"], "point": [2.0, 40.0]},
        },
    }


def test_the_small_map_is_valid() -> None:
    m = parse_map(_small(), "t.json")
    assert sorted(m.areas) == ["aa", "bb", "isle"]


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def apply(raw: dict[str, Any]) -> None:
        target = raw
        for k in keys[:-1]:
            target = target[k]
        target[keys[-1]] = value

    return apply


def _drop(path: str) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def apply(raw: dict[str, Any]) -> None:
        target = raw
        for k in keys[:-1]:
            target = target[k]
        del target[keys[-1]]

    return apply


def _cut_off(raw: dict[str, Any]) -> None:
    raw["seas"]["south"]["links"] = []
    raw["seas"]["north"]["links"] = []


def _no_coast(raw: dict[str, Any]) -> None:
    raw["areas"]["isle"]["seas"] = []
    raw["seas"]["south"]["coasts"] = []


def _shared_id(raw: dict[str, Any]) -> None:
    raw["seas"]["aa"] = raw["seas"]["north"]


FAULTS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("top keys", _drop("about"), "exactly 'about', 'areas' and 'seas'"),
    ("blank about", _set("about", " "), "'about' must say"),
    ("areas not object", _set("areas", []), "must be objects keyed by id"),
    ("bad id", _set("areas.Bad-Id", {}), "id 'Bad-Id' is not lowercase ASCII snake_case"),
    ("shared id", _shared_id, "ids used both for a land area and a sea area: \\['aa'\\]"),
    ("area not object", _set("areas.bb", 3), "area 'bb': expected an object, got int"),
    ("missing field", _drop("areas.aa.terrain"), "area 'aa': fields must be .*missing \\['terrain'\\]"),
    ("unknown field", _set("areas.aa.colour", "red"), "area 'aa': fields must be .*unknown \\['colour'\\]"),
    ("blank name", _set("areas.aa.name", ""), "area 'aa': 'name' must be a non-empty string"),
    ("population high", _set("areas.aa.population", 6), "'population' must be an integer from 0 to 5, got 6"),
    ("population bool", _set("areas.aa.population", True), "'population' must be an integer from 0 to 5"),
    ("social state", _set("areas.aa.max_social_state", -1), "'max_social_state' must be an integer from 0 to 5"),
    ("language", _set("areas.aa.language", "latin"), "language 'latin' is not one of english"),
    ("religion", _set("areas.aa.religion", "cathar"), "religion 'cathar' is not one of catholic"),
    ("terrain", _set("areas.aa.terrain", "jungle"), "terrain 'jungle' is not one of clear"),
    ("seas not list", _set("areas.aa.seas", "north"), "'seas' must be a list of ids"),
    ("links twice", _set("areas.aa.links", ["bb", "bb"]), "'links' lists an id twice"),
    ("point shape", _set("areas.aa.point", [2.0]), "'point' must be \\[longitude, latitude\\]"),
    ("point bool", _set("areas.aa.point", [True, 48.0]), "'point' must be \\[longitude, latitude\\]"),
    ("point range", _set("areas.aa.point", [120.0, 48.0]), "point \\[120.0, 48.0\\] lies outside longitudes"),
    ("authored", _set("areas.aa.authored", "yes"), "'authored' must be true or false"),
    ("link self", _set("areas.aa.links", ["aa", "bb"]), "area 'aa': links names the area itself"),
    ("link unknown", _set("areas.aa.links", ["bb", "cc"]), "area 'aa': links names unknown land area 'cc'"),
    ("link one way", _set("areas.bb.links", []), "area 'aa': links has 'bb', but 'bb' does not link back"),
    ("sea unknown", _set("areas.aa.seas", ["north", "east"]), "seas names unknown sea area 'east'"),
    ("coast one way", _set("areas.bb.seas", ["north"]), "coastal to 'north', but 'north' does not list it"),
    ("sea link self", _set("seas.north.links", ["north"]), "sea 'north': links names the sea area itself"),
    ("sea link unknown", _set("seas.north.links", ["south", "east"]), "links names unknown sea area 'east'"),
    ("sea link one way", _set("seas.south.links", []), "sea 'north': links has 'south', but 'south' does not"),
    ("sea coast unknown", _set("seas.north.coasts", ["aa", "zz"]), "coasts names unknown land area 'zz'"),
    ("sea coast one way", _set("seas.north.coasts", ["aa", "bb"]), "lists coast 'bb', but 'bb' does not name it"),
    ("sea no coast", _no_coast, "sea 'south': touches no land area"),
    ("sea fields", _drop("seas.south.point"), "sea 'south': fields must be .*missing \\['point'\\]"),
    ("cut off", _cut_off, "areas cut off from 'aa' by land and sea: \\['isle', 'south'\\]"),
    ("no areas", _set("areas", {}), "the map has no land area"),
]


@pytest.mark.parametrize(("mutate", "message"), [(f, m) for _, f, m in FAULTS], ids=[n for n, _, _ in FAULTS])
def test_each_fault_is_named(mutate: Callable[[dict[str, Any]], None], message: str) -> None:
    raw = _small()
    mutate(raw)
    with pytest.raises(ValueError, match=f"^t.json: .*{message}"):
        parse_map(raw, "t.json")


def test_a_fault_in_the_real_file_names_the_area() -> None:
    raw = copy.deepcopy(_raw_map())
    raw["areas"]["wessex"]["links"].remove("mercia")
    with pytest.raises(ValueError, match="area 'mercia': links has 'wessex', but 'wessex' does not link back"):
        parse_map(raw, "map.json")
