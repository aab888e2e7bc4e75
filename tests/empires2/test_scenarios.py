"""The Empires for Two scenarios, their public facts, and every fault their loader reports."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from umpire.games.empires2.mapdata import load_map
from umpire.games.empires2.scenario import SCENARIOS, load_scenario, parse_scenario


def _raw(scenario_id: str) -> dict[str, Any]:
    name = f"scenario_{scenario_id}.json"
    text = resources.files("umpire.games.empires2").joinpath("data", name).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_every_shipped_scenario_loads() -> None:
    assert SCENARIOS == ("charlemagne", "millennium")
    for sid in SCENARIOS:
        assert load_scenario(sid).id == sid


def test_charlemagne_is_the_two_player_scenario() -> None:
    s = load_scenario("charlemagne")
    assert s.courts() == {"frankish": "rhineland", "byzantine": "constantinople"}
    assert (s.start_year, s.end_year, s.rounds, s.players) == (771, 815, 9, (1, 2))
    assert s.vp_adjustments == {"frankish": -40}  # rewrite 27.92
    assert s.empires["frankish"].leader.name == "Charlemagne"


def test_charlemagne_carries_the_rewrites_fortifications_and_differences() -> None:
    s = load_scenario("charlemagne")
    m = load_map()
    public = {"saxony": 3, "friesland": 2, "flanders": 2, "lorraine": 2, "venice": 3, "constantinople": 3}
    assert dict(s.fortifications) == public  # rewrite 27.4
    assert not any(e.startswith("fortification:") for e in s.authored_entries)
    for area in ("denmark", "norway", "sweden", "saxony", "austria", "steppes", "khazar"):
        assert s.religion(m, area) == "pagan"  # rewrite 27.5
    for area in ("leon", "castille", "aragon", "portugal", "valencia", "cordova", "granada"):
        assert s.religion(m, area) == "moslem"
    assert s.religion(m, "apulia") == s.religion(m, "sicily") == "orthodox"
    slavonic_or_baltic = [a.id for a in m.areas.values() if a.language in ("west_slavonic", "east_slavonic", "baltic")]
    assert all(s.religion(m, a) == "pagan" for a in slavonic_or_baltic)  # "all Slavonic Areas, all Baltic Areas"
    assert s.language(m, "brandenburg") == "west_slavonic"  # rewrite 27.6
    assert {s.language(m, a) for a in ("austria", "bulgaria", "wallachia")} == {"turkic"}
    assert s.language(m, "wessex") == "english" and s.religion(m, "wessex") == "catholic"  # no difference: the map's


def test_millennium_has_seven_empires_with_their_courts() -> None:
    s = load_scenario("millennium")
    assert s.courts() == {
        "germany": "saxony",
        "france": "ile_de_france",
        "burgundy": "burgundy",
        "denmark": "denmark",
        "poland": "greater_poland",
        "byzantine": "constantinople",
        "kiev": "kiev",
    }
    assert (s.start_year, s.end_year, s.players) == (976, 1075, (2, 6))
    assert set(s.public) >= {"start_year", "end_year", "players"}


def test_every_empire_possesses_its_court_and_no_area_has_two_possessors() -> None:
    m = load_map()
    for sid in SCENARIOS:
        s = load_scenario(sid)
        seen: set[str] = set()
        for e in s.empires.values():
            assert e.court in e.possessions and e.authored
            assert not seen & set(e.possessions)
            seen |= set(e.possessions)
            assert all(s.possessor(a) == e.id for a in e.possessions)
        independent = set(m.areas) - seen
        assert independent and all(s.possessor(a) is None for a in independent)


def test_authored_entries_are_listed() -> None:
    s = load_scenario("millennium")
    assert "fortification:constantinople" in s.authored_entries
    assert "religion:sicily" in s.authored_entries
    assert "language:brandenburg" in s.authored_entries
    assert "vp_adjustment:byzantine" in s.authored_entries  # EMP-P10


def test_millenniums_adjustment_is_authored_and_charlemagnes_public() -> None:
    assert load_scenario("millennium").vp_adjustments == {"byzantine": -68}  # EMP-P10, authored
    assert "vp_adjustments" not in load_scenario("millennium").public
    assert not any(e.startswith("vp_adjustment:") for e in load_scenario("charlemagne").authored_entries)


def test_unknown_scenario_is_named() -> None:
    with pytest.raises(ValueError, match="unknown scenario 'hastings'; expected one of charlemagne, millennium"):
        load_scenario("hastings")


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def apply(raw: dict[str, Any]) -> None:
        target: Any = raw
        for k in keys[:-1]:
            target = target[int(k)] if isinstance(target, list) else target[k]
        target[keys[-1]] = value

    return apply


def _drop(path: str) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def apply(raw: dict[str, Any]) -> None:
        target: Any = raw
        for k in keys[:-1]:
            target = target[int(k)] if isinstance(target, list) else target[k]
        del target[keys[-1]]

    return apply


def _eight_empires(raw: dict[str, Any]) -> None:
    for i in range(6):
        e = copy.deepcopy(raw["empires"]["frankish"])
        e["colour"] = f"#00000{i}"
        e["possessions"] = e["claims"] = []
        e["court"] = "wessex"
        raw["empires"][f"extra{i}"] = e


def _one_empire(raw: dict[str, Any]) -> None:
    del raw["empires"]["byzantine"]


def _same_area(raw: dict[str, Any]) -> None:
    raw["empires"]["byzantine"]["possessions"].append("rhineland")


def _same_colour(raw: dict[str, Any]) -> None:
    raw["empires"]["byzantine"]["colour"] = raw["empires"]["frankish"]["colour"]


def _fort_twice(raw: dict[str, Any]) -> None:
    raw["fortifications"].append({"area": "saxony", "level": 1, "authored": True})


def _pub_vp_unmarked(raw: dict[str, Any]) -> None:
    del raw["public"]["vp_adjustments"]
    raw["vp_adjustments"] = {
        "frankish": {"points": -40, "authored": True},
        "byzantine": {"points": 5, "authored": False},
    }


def _diff(item: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def apply(raw: dict[str, Any]) -> None:
        raw["differences"].append(item)

    return apply


FAULTS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("top keys", _drop("public"), "top level: fields must be .*missing \\['public'\\]"),
    ("about", _set("about", ""), "top level: 'about' must be a non-empty string"),
    ("id", _set("id", "Charlemagne"), "'id' must be lowercase ASCII snake_case"),
    ("year range", _set("start_year", 500), "'start_year' must be an integer from 700 to 1500, got 500"),
    ("years order", _set("end_year", 771), "'end_year' 771 is not after 'start_year' 771"),
    ("rounds", _set("rounds", 0), "'rounds' must be an integer from 1 to 100, got 0"),
    ("players", _set("players", [3, 2]), "'players' must be \\[fewest, most\\] from 1 to 6, got \\[3, 2\\]"),
    ("players bool", _set("players", [True, 2]), "'players' must be \\[fewest, most\\]"),
    ("public type", _set("public", ["start_year"]), "'public' must map field names to the section"),
    ("public unknown", _set("public.weather", "27.1"), "'public' names fields the file does not have: \\['weather'\\]"),
    ("one empire", _one_empire, "'empires' must be an object of 2 to 7 empires keyed by id"),
    ("eight empires", _eight_empires, "'empires' must be an object of 2 to 7 empires keyed by id"),
    ("empire id", _set("empires.Franks", {}), "empire 'Franks': the id is not lowercase ASCII snake_case"),
    ("empire fields", _drop("empires.frankish.gold"), "empire 'frankish': fields must be .*missing \\['gold'\\]"),
    ("colour", _set("empires.frankish.colour", "blue"), "colour must be '#rrggbb' in lowercase hex, got 'blue'"),
    ("court unknown", _set("empires.frankish.court", "aachen"), "court 'aachen' is not a land area of the map"),
    ("court not held", _set("empires.frankish.court", "saxony"), "the court area 'saxony' is not among its poss"),
    ("possession unknown", _set("empires.byzantine.possessions", ["constantinople", "troy"]), "entry 'troy' is not"),
    ("possession twice", _set("empires.byzantine.possessions", ["constantinople"] * 2), "possessions lists an area tw"),
    ("claims type", _set("empires.byzantine.claims", "apulia"), "claims must be a list of land areas"),
    ("gold", _set("empires.byzantine.gold", 100), "gold must be an integer from 0 to 99, got 100"),
    ("name", _set("empires.byzantine.name", ""), "empire 'byzantine': 'name' must be a non-empty string"),
    ("authored", _set("empires.byzantine.authored", 1), "empire 'byzantine': 'authored' must be true or false"),
    ("leader fields", _drop("empires.frankish.leader.combat"), "empire 'frankish' leader: fields must be"),
    ("stature", _set("empires.frankish.leader.combat", 10), "combat stature must be an integer from 0 to 9, got 10"),
    ("leader name", _set("empires.frankish.leader.name", " "), "leader: 'name' must be a non-empty string"),
    ("two possessors", _same_area, "empire 'byzantine': possesses 'rhineland', which 'frankish' possesses too"),
    ("same colour", _same_colour, "empire 'byzantine': colour #a9c4ee is 'frankish''s too"),
    ("forts type", _set("fortifications", {}), "'fortifications' must be a list"),
    ("fort fields", _drop("fortifications.0.authored"), "fortifications\\[0\\]: fields must be"),
    ("fort area", _set("fortifications.0.area", "troy"), "fortifications\\[0\\]: area 'troy' is not a land area"),
    ("fort level", _set("fortifications.0.level", 4), "fortifications\\[0\\]: level must be an integer from 1 to 3"),
    ("fort twice", _fort_twice, "fortifications\\[6\\]: 'saxony' is fortified twice"),
    ("fort authored", _set("fortifications.0.authored", None), "fortifications\\[0\\]: 'authored' must be true or"),
    ("diffs type", _set("differences", {}), "'differences' must be a list"),
    ("diff both", _diff({"area": "wessex", "language": "norse", "religion": "pagan", "authored": True}), "one of"),
    ("diff neither", _diff({"area": "wessex", "authored": True}), "and one of 'language', 'religion'"),
    ("diff value", _diff({"area": "wessex", "religion": "cathar", "authored": True}), "religion 'cathar' is not one"),
    ("diff same", _diff({"area": "wessex", "language": "english", "authored": True}), "already has language 'eng"),
    ("diff twice", _diff({"area": "denmark", "religion": "moslem", "authored": True}), "second religion difference"),
    ("diff area", _diff({"area": "troy", "religion": "pagan", "authored": True}), "area 'troy' is not a land area"),
    ("diff extra", _diff({"area": "wessex", "religion": "pagan", "authored": True, "x": 1}), "unknown \\['x'\\]"),
    ("vp type", _set("vp_adjustments", []), "'vp_adjustments' must be an object keyed by empire"),
    ("vp empire", _set("vp_adjustments.saxons", -5), "vp_adjustments: 'saxons' is not an empire of the scenario"),
    ("vp range", _set("vp_adjustments.frankish", -500), "'frankish''s adjustment must be an integer from -200"),
    ("vp marked fields", _set("vp_adjustments.frankish", {"points": -40}), "vp_adjustments 'frankish': fields must be"),
    ("vp marked flag", _set("vp_adjustments.frankish", {"points": -40, "authored": 1}), "'authored' must be true or"),
    (
        "vp marked range",
        _set("vp_adjustments.frankish", {"points": 300, "authored": True}),
        "from -200 to 200, got 300",
    ),
    ("vp not public", _drop("public.vp_adjustments"), "'frankish': a figure not marked authored must be public"),
    ("vp unmarked", _pub_vp_unmarked, "'byzantine': a figure not marked authored must be public"),
    ("longevity type", _set("longevity", 7), "'longevity' must be an object keyed by empire \\(rewrite 27.7\\)"),
    ("longevity empire", _set("longevity.saxons", 7), "longevity: 'saxons' is not an empire of the scenario"),
    ("longevity range", _set("longevity.frankish", 0), "'frankish''s rounds must be an integer from 1 to 100"),
]


@pytest.mark.parametrize(("mutate", "message"), [(f, m) for _, f, m in FAULTS], ids=[n for n, _, _ in FAULTS])
def test_each_fault_is_named(mutate: Callable[[dict[str, Any]], None], message: str) -> None:
    raw = _raw("charlemagne")
    mutate(raw)
    with pytest.raises(ValueError, match=f"^s.json: .*{message}"):
        parse_scenario(raw, load_map(), "s.json")
