"""The his2p map data: published totals, both-way connections, rule-book facts and the loader's validation."""

from __future__ import annotations

import copy
import json
import re
from importlib import resources
from typing import Any

import pytest

from umpire.games.his2p.mapdata import LANGUAGE_COUNTS, TOTALS, TYPE_COUNTS, load_map, parse_map


def _raw() -> dict[str, Any]:
    text = resources.files("umpire.games.his2p").joinpath("data", "map.json").read_text(encoding="utf-8")
    return json.loads(text)


def test_published_totals() -> None:
    m = load_map()
    assert len(m.spaces) == 134
    assert len(m.seas) == 14
    assert sum(len(s.links) for s in m.spaces.values()) == 2 * 204
    assert sum(len(s.passes) for s in m.spaces.values()) == 2 * 16
    assert sum(len(s.ports) for s in m.spaces.values()) == 75
    assert sum(len(z.ports) for z in m.seas.values()) == 75
    assert sum(len(z.links) for z in m.seas.values()) == 2 * 16
    assert dict(TOTALS) == {"spaces": 134, "seas": 14, "links": 204, "passes": 16, "ports": 75, "sea_links": 16}


def test_language_zone_counts() -> None:
    m = load_map()
    assert {zone: len(m.by_language(zone)) for zone in LANGUAGE_COUNTS} == {
        "german": 27,
        "french": 24,
        "italian": 18,
        "english": 14,
        "spanish": 14,
        None: 37,
    }


def test_space_type_counts() -> None:
    m = load_map()
    assert {t: len(m.of_type(t)) for t in TYPE_COUNTS} == {
        "town": 86,
        "key": 27,
        "fortress": 9,
        "electorate": 6,
        "capital": 6,
    }
    assert len(m.keys()) == 33


def test_low_countries_are_outside_every_language_zone() -> None:
    """HIS-M01: Antwerp and Amsterdam have no zone; Brussels, Liège and Metz are French."""
    m = load_map()
    assert m.space("antwerp").language is None
    assert m.space("amsterdam").language is None
    assert {m.space(s).language for s in ("brussels", "liege", "metz", "besancon")} == {"french"}


def test_every_connection_runs_both_ways() -> None:
    m = load_map()
    for s in m.spaces.values():
        assert s.id not in s.links | s.passes
        for t in s.links:
            assert s.id in m.spaces[t].links, (s.id, t)
        for t in s.passes:
            assert s.id in m.spaces[t].passes, (s.id, t)
        for sea in s.ports:
            assert s.id in m.seas[sea].ports, (s.id, sea)
    for z in m.seas.values():
        for t in z.links:
            assert z.id in m.seas[t].links, (z.id, t)
        for p in z.ports:
            assert z.id in m.spaces[p].ports, (z.id, p)


def test_ids_are_ascii_snake_case_and_names_keep_diacritics() -> None:
    m = load_map()
    for sid in [*m.spaces, *m.seas]:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", sid), sid
    assert m.space("brunn").name == "Brünn"
    assert m.space("liege").name == "Liège"
    assert m.space("besancon").name == "Besançon"
    assert m.seas["gulf_of_lyon"].name == "Gulf of Lyon"


def test_capitals_keys_and_fortified_spaces() -> None:
    """Rule 2.1: keys (capitals among them), electorates and fortresses are fortified; other spaces are not."""
    m = load_map()
    assert set(m.of_type("capital")) == {"london", "paris", "valladolid", "vienna", "rome", "istanbul"}
    assert m.space("vienna").is_key and m.space("vienna").fortified
    assert m.space("wittenberg").fortified and not m.space("wittenberg").is_key
    assert m.space("rhodes").fortified and m.space("rhodes").type == "fortress"
    assert not m.space("worms").fortified
    assert m.electorates() == ("augsburg", "brandenburg", "cologne", "mainz", "trier", "wittenberg")


def test_homes_and_independent_spaces() -> None:
    """HIS-M02: 21 Protestant home spaces; Oran and Tripoli Hapsburg; Algiers Ottoman; 16 independent spaces."""
    m = load_map()
    protestant = m.home_spaces("protestant")
    assert len(protestant) == 21
    assert set(m.electorates()) <= set(protestant)
    assert all(m.space(s).language == "german" for s in protestant)
    assert m.space("oran").home == ("hapsburg",)
    assert m.space("tripoli").home == ("hapsburg",)
    assert m.space("algiers").home == ("ottoman",)
    assert set(m.independent_spaces()) == {
        "basel", "florence", "geneva", "liege", "metz", "milan", "modena", "nice",
        "pavia", "ragusa", "rhodes", "siena", "trent", "tunis", "turin", "zurich",
    }  # fmt: skip
    assert len(m.home_spaces("hungary")) == 9
    assert all(len(s.home) <= 1 for s in m.spaces.values())


def test_sea_zones_follow_rule_2_5() -> None:
    """HIS-M03: the North Sea meets the Baltic and the Irish Sea; three pairs meet only through a two-sea port."""
    m = load_map()
    assert "baltic_sea" in m.seas["north_sea"].links
    assert "irish_sea" in m.seas["north_sea"].links
    for a, b, port in (
        ("ionian_sea", "tyrrhenian_sea", "messina"),
        ("barbary_coast", "atlantic_ocean", "gibraltar"),
        ("black_sea", "aegean_sea", "istanbul"),
    ):
        assert b not in m.seas[a].links
        assert m.space(port).ports == {a, b}


def test_munster_cologne_link() -> None:
    """HIS-M04: two transcriptions miss Münster–Cologne on one end; the map has it."""
    m = load_map()
    assert "cologne" in m.adjacent("munster")
    assert "munster" in m.adjacent("cologne")


def test_adjacent_counts_passes() -> None:
    m = load_map()
    assert "barcelona" in m.space("toulouse").passes
    assert "barcelona" in m.adjacent("toulouse")
    assert m.space("bastia").links == frozenset() and m.space("bastia").is_port


def test_queries_name_bad_arguments() -> None:
    m = load_map()
    with pytest.raises(ValueError, match="unknown land space 'atlantis'"):
        m.adjacent("atlantis")
    with pytest.raises(ValueError, match="unknown language zone 'dutch'"):
        m.by_language("dutch")
    with pytest.raises(ValueError, match="unknown power 'burgundy'"):
        m.home_spaces("burgundy")


def test_parse_rejects_a_one_way_link() -> None:
    raw = _raw()
    raw["spaces"]["munster"]["links"].remove("cologne")
    with pytest.raises(ValueError, match=r"map.json: space 'cologne': links has 'munster', but 'munster' lacks"):
        parse_map(raw)


def test_parse_rejects_a_self_link_and_unknown_ids() -> None:
    raw = _raw()
    raw["spaces"]["paris"]["links"].append("paris")
    with pytest.raises(ValueError, match="space 'paris': links names the space itself"):
        parse_map(raw)
    raw = _raw()
    raw["spaces"]["paris"]["passes"].append("atlantis")
    with pytest.raises(ValueError, match="space 'paris': passes names unknown land space 'atlantis'"):
        parse_map(raw)
    raw = _raw()
    raw["seas"]["north_sea"]["ports"].append("paris")
    with pytest.raises(ValueError, match="sea 'north_sea': lists port 'paris', but 'paris' does not open on it"):
        parse_map(raw)


def test_parse_rejects_wrong_totals_and_fields() -> None:
    raw = _raw()
    raw["spaces"]["antwerp"]["language"] = "french"
    with pytest.raises(ValueError, match="25 land spaces in language zone french, expected 24"):
        parse_map(raw)
    raw = _raw()
    raw["spaces"]["worms"]["type"] = "city"
    with pytest.raises(ValueError, match="space 'worms': type 'city' is not one of"):
        parse_map(raw)
    raw = _raw()
    del raw["spaces"]["worms"]["passes"]
    with pytest.raises(ValueError, match=r"space 'worms': fields must be .*missing \['passes'\]"):
        parse_map(raw)
    raw = _raw()
    raw["spaces"]["worms"]["home"] = ["burgundy"]
    with pytest.raises(ValueError, match="space 'worms': home"):
        parse_map(raw)
    raw = copy.deepcopy(_raw())
    del raw["about"]
    with pytest.raises(ValueError, match="top level must be an object"):
        parse_map(raw)


def test_hops_count_connections_and_passes_from_a_space() -> None:
    board = load_map()
    hops = board.hops("wittenberg")
    assert hops["wittenberg"] == 0 and hops["leipzig"] == 1 and hops["erfurt"] == 2
    assert set(hops) <= set(board.spaces)  # land only
    assert board.hops("innsbruck")["augsburg"] == 1  # over a pass
