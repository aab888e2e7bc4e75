"""Map loading, validation and the precomputed structures (docs/maps.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from umpire.diplomacy.map import GameMap, MapError, build_map, load_map, map_by_id, parse_unit


def tiny() -> dict[str, Any]:
    """A small valid map: an inland province, two coasts (one split) and two seas."""
    return {
        "format": "umpire-map/1",
        "id": "tiny",
        "name": "Tiny",
        "first_phase": "S1901M",
        "powers": {"RED": {"name": "Red", "adjective": "Red", "colour": "#f00"}, "BLUE": {}},
        "provinces": {
            "INL": {"name": "Inland", "type": "land", "army": ["COA", "SPL"]},
            "COA": {
                "name": "Coast",
                "type": "coast",
                "center": True,
                "home": "RED",
                "army": ["INL", "SPL"],
                "fleet": ["SEA", "SPL/NC"],
            },
            "SPL": {
                "name": "Split",
                "type": "coast",
                "center": True,
                "home": "BLUE",
                "army": ["INL", "COA"],
                "coasts": {"NC": ["COA", "SEA"], "SC": ["OCE"]},
            },
            "SEA": {"name": "Sea", "type": "sea", "fleet": ["COA", "OCE", "SPL/NC"]},
            "OCE": {"name": "Ocean", "type": "sea", "fleet": ["SEA", "SPL/SC"]},
        },
        "start": {"units": {"RED": ["F COA"], "BLUE": ["A SPL"]}, "centers": {"RED": ["COA"], "BLUE": ["SPL"]}},
        "minors": {"kept": True},
    }


def fails(data: dict[str, Any], *fragments: str) -> str:
    with pytest.raises(MapError) as info:
        build_map(data)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


# ------------------------------------------------------------------------------------------ the standard map


def test_standard_map_facts() -> None:
    m = load_map("standard")
    assert m.id == "standard" and m.first_phase == "S1901M"
    assert m.powers == ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    assert len(m.provinces) == 75
    assert len(m.centers) == 34
    assert sum(1 for p in m.provinces.values() if p.type == "sea") == 19
    assert sum(1 for p in m.provinces.values() if p.type == "land") == 14
    assert m.homes["RUSSIA"] == ("MOS", "SEV", "STP", "WAR")
    assert m.start_units["RUSSIA"] == ("A MOS", "A WAR", "F SEV", "F STP/SC")
    assert sum(len(u) for u in m.start_units.values()) == 22
    assert sum(len(c) for c in m.start_centers.values()) == 22
    assert m.coasts == {"BUL": ("BUL/EC", "BUL/SC"), "SPA": ("SPA/NC", "SPA/SC"), "STP": ("STP/NC", "STP/SC")}


def test_standard_adjacency_details() -> None:
    m = load_map("standard")
    assert "NWY" in m.army_adj["STP"] and "STP/NC" in m.fleet_adj["NWY"]
    assert "WAL" in m.army_adj["YOR"] and "WAL" not in m.fleet_adj["YOR"]  # no fleet crawl round Britain
    assert "NAO" in m.fleet_adj["LVP"] and "IRI" not in m.fleet_adj["CLY"]
    assert m.fleet_adj["STP/NC"] == frozenset({"BAR", "NWY"})
    assert m.fleet_adj["SPA/SC"] == frozenset({"LYO", "MAO", "MAR", "POR", "WES"})
    assert "VEN" in m.army_adj["ROM"] and "VEN" not in m.fleet_adj["ROM"]
    assert m.fleet_reach["GRE"] >= {"BUL"} and "BUL/SC" in m.fleet_adj["GRE"]
    assert "CON" in m.fleet_adj["BUL/EC"] and "CON" in m.fleet_adj["BUL/SC"]
    assert m.sea_touches["NTH"] >= {"LON", "NWY", "BEL"}
    assert "SKA" in m.sea_links["NTH"] and "LON" not in m.sea_links["NTH"]
    assert m.convoy_seas == frozenset(p for p, v in m.provinces.items() if v.type == "sea")
    assert {"BAL", "SWE", "FIN"} <= m.any_adj["BOT"]


def test_standard_adjacency_is_symmetric() -> None:
    m = load_map("standard")
    for a, ns in m.army_adj.items():
        for b in ns:
            assert a in m.army_adj[b]
    for a, ns in m.fleet_adj.items():
        for b in ns:
            assert a in m.fleet_adj[b]


def test_cached_and_immutable() -> None:
    m = load_map("standard")
    assert load_map("standard") is m
    assert map_by_id("standard") is m
    assert load_map(Path(m.source)) is m
    with pytest.raises(AttributeError):
        m.id = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        m.army_adj["PAR"] = frozenset()  # type: ignore[index]
    assert isinstance(m.army_adj["PAR"], frozenset)


def test_parse_unit() -> None:
    m = load_map("standard")
    assert parse_unit(m, "F STP/SC") == ("F", "STP/SC")
    assert parse_unit(m, "a par") == ("A", "PAR")
    assert parse_unit(m, "A STP/NC") == ("A", "STP")
    for text, fragment in [
        ("F STP", "needs its coast"),
        ("A NTH", "cannot stand on NTH"),
        ("F MUN", "inland"),
        ("F SPA/EC", "no coast SPA/EC"),
        ("X PAR", "expected a type"),
        ("A XYZ", "unknown province XYZ"),
    ]:
        with pytest.raises(ValueError, match=fragment):
            parse_unit(m, text)


# ---------------------------------------------------------------------------------------------- loading


def test_tiny_map_loads_and_keeps_extra_keys() -> None:
    m = build_map(tiny())
    assert isinstance(m, GameMap)
    assert m.extra == {"minors": {"kept": True}}
    assert m.fleet_locations == frozenset({"COA", "SPL/NC", "SPL/SC", "SEA", "OCE"})
    assert m.army_locations == frozenset({"INL", "COA", "SPL"})
    assert m.power_info["BLUE"].name == "Blue"


def test_load_from_path_and_unknown_name(tmp_path: Path) -> None:
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(tiny()), encoding="utf-8")
    m = load_map(str(path))
    assert m.id == "tiny" and load_map(path) is m
    with pytest.raises(MapError, match=r"unknown map 'nosuchmap'.*standard"):
        load_map("nosuchmap")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(MapError, match="not valid JSON"):
        load_map(bad)
    with pytest.raises(MapError, match="cannot read map file"):
        load_map(tmp_path / "missing.json")


def test_positions() -> None:
    data = tiny()
    data["provinces"]["COA"]["pos"] = [2.5, 48.0]
    data["provinces"]["SPL"]["coast_pos"] = {"NC": [1, 2], "SC": [3.5, 4]}
    m = build_map(data)
    assert m.provinces["COA"].pos == (2.5, 48.0)
    assert m.provinces["SPL"].coast_pos == {"SPL/NC": (1.0, 2.0), "SPL/SC": (3.5, 4.0)}
    data["provinces"]["INL"]["pos"] = [200, 0]
    fails(data, "INL: pos must be [longitude, latitude]")
    data = tiny()
    data["provinces"]["COA"]["coast_pos"] = {"NC": [1, 2]}
    fails(data, "COA: coast_pos on a province without split coasts")


# ------------------------------------------------------------------------------------------ each error kind


def test_error_unknown_key_and_type() -> None:
    data = tiny()
    data["provinces"]["INL"]["colour"] = "red"
    fails(data, "INL: unknown key 'colour'")
    data = tiny()
    data["provinces"]["INL"]["type"] = "swamp"
    fails(data, "INL: unknown type 'swamp'")
    data = tiny()
    data["powers"]["RED"]["flag"] = "x"
    fails(data, "power RED: unknown key 'flag'")
    data = tiny()
    data["start"]["armies"] = {}
    fails(data, "start: unknown key 'armies'")
    data = tiny()
    data["format"] = "umpire-map/2"
    fails(data, "map format must be 'umpire-map/1'")
    data = tiny()
    del data["start"]
    fails(data, "missing the key 'start'")


def test_error_unknown_neighbour_or_coast() -> None:
    data = tiny()
    data["provinces"]["INL"]["army"].append("XXX")
    fails(data, "INL: army adjacency to an unknown province 'XXX'")
    data = tiny()
    data["provinces"]["SEA"]["fleet"].append("SPL/WC")
    fails(data, "SEA: fleet adjacency to an unknown coast 'SPL/WC'")
    data = tiny()
    data["provinces"]["OCE"]["fleet"] = ["SEA", "SPL"]
    fails(data, "OCE: fleet adjacency to SPL must name the coast")


def test_error_asymmetric_adjacency() -> None:
    data = tiny()
    data["provinces"]["INL"]["army"] = ["COA"]
    fails(data, "SPL lists INL for armies but INL does not list SPL")
    data = tiny()
    data["provinces"]["OCE"]["fleet"] = ["SEA"]
    fails(data, "SPL/SC lists OCE for fleets but OCE does not list SPL/SC")


def test_error_army_on_sea_and_fleet_on_land() -> None:
    data = tiny()
    data["provinces"]["SEA"]["army"] = ["COA"]
    fails(data, "SEA: army adjacency on a sea")
    data = tiny()
    data["provinces"]["INL"]["fleet"] = ["COA"]
    fails(data, "INL: fleet adjacency on a land province")
    data = tiny()
    data["provinces"]["COA"]["army"].append("SEA")
    fails(data, "COA: army adjacency to SEA, a sea")
    data = tiny()
    data["provinces"]["SEA"]["fleet"].append("INL")
    fails(data, "SEA: fleet adjacency to INL, a land province")


def test_error_coasts_on_non_coastal_province() -> None:
    data = tiny()
    data["provinces"]["INL"]["coasts"] = {"NC": [], "SC": []}
    fails(data, "INL: a coast list on a non-coastal province (land)")
    data = tiny()
    data["provinces"]["SPL"]["fleet"] = ["SEA"]
    fails(data, "SPL: a split-coast province has no fleet list")


def test_error_orphan_and_unreachable() -> None:
    data = tiny()
    data["provinces"]["LON"] = {"name": "Lonely", "type": "land"}
    fails(data, "LON is an orphan province")
    data = tiny()
    data["provinces"]["IS"] = {"type": "coast", "army": ["LE"], "fleet": ["LE"]}
    data["provinces"]["LE"] = {"type": "coast", "army": ["IS"], "fleet": ["IS"]}
    fails(data, "is unreachable from INL")


def test_error_bad_home_centre() -> None:
    data = tiny()
    data["provinces"]["INL"]["home"] = "RED"
    fails(data, "INL: home centre of RED but INL is not a centre")
    data = tiny()
    data["provinces"]["COA"]["home"] = "GREEN"
    fails(data, "COA: home names an unknown power 'GREEN'")


def test_error_start_units() -> None:
    for unit, fragment in [
        ("A SEA", "start unit 'A SEA' of RED is on an impossible location"),
        ("F INL", "start unit 'F INL' of RED is on an impossible location"),
        ("F SPL", "start unit 'F SPL' of RED is on an impossible location"),
        ("A XYZ", "unknown province XYZ"),
        ("Army COA", "expected a unit such as"),
        ("A SPL", "SPL already holds a unit of RED"),
    ]:
        data = tiny()
        data["start"]["units"]["RED"] = [unit]
        fails(data, fragment)
    data = tiny()
    data["start"]["units"]["GREEN"] = []
    fails(data, "start.units: unknown power 'GREEN'")


def test_error_centre_owned_twice() -> None:
    data = tiny()
    data["start"]["centers"]["BLUE"].append("COA")
    fails(data, "centre COA is owned by both RED and BLUE at the start")
    data = tiny()
    data["start"]["centers"]["RED"].append("INL")
    fails(data, "start.centers.RED: INL is not a centre")


def test_error_ids_and_lists() -> None:
    data = tiny()
    data["provinces"]["inl"] = data["provinces"].pop("INL")
    fails(data, "province id 'inl' must be upper-case letters")
    data = tiny()
    data["provinces"]["INL"]["army"] = ["COA", "COA", "SPL"]
    fails(data, "INL lists COA twice for armies")
    data = tiny()
    data["provinces"]["INL"]["army"] = "COA"
    fails(data, "INL: army must be a list of ids")
    data = tiny()
    data["first_phase"] = "1901"
    fails(data, "first_phase must look like 'S1901M'")
    data = tiny()
    data["provinces"]["INL"]["value"] = 2
    fails(data, "INL: value given but INL is not a centre")


def test_validation_does_not_mutate_input() -> None:
    data = tiny()
    before = copy.deepcopy(data)
    build_map(data)
    assert data == before
