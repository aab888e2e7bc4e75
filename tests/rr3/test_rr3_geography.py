"""RR3 geography: the map format, its validation and the movement questions (handbook, The Map; Movement)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from umpire.games.rr3.geography import GeographyError, load_geography


def land(state: str, lon: float, lat: float, table: str = "east", **extra: Any) -> dict[str, Any]:
    return {"name": state.title(), "kind": "land", "state": state, "table": table, "region": "germany",
            "religion": "catholic", "pos": [lon, lat], **extra}  # fmt: skip


def sea(lon: float, lat: float, table: str = "east") -> dict[str, Any]:
    return {"name": "Sea", "kind": "sea", "table": table, "pos": [lon, lat]}


def small() -> dict[str, Any]:
    """A river (up1 -> mid1 -> low1 on the west bank, up2 -> mid2 -> low2 on the east), a range with one pass,
    a free city, a sea with a port and an island across a strait."""
    return {
        "format": "umpire-rr3-map/1",
        "areas": {
            "up1": land("aa", 8, 47, cities=[{"id": "basel", "name": "Basel", "fort": 2}]),
            "up2": land("bb", 9, 47, cities=[{"id": "zurich", "name": "Zurich", "fort": 3, "capital": True}]),
            "mid1": land("aa", 8, 49, cities=[{"id": "speyer", "name": "Speyer", "fort": 2, "capital": True}]),
            "mid2": land("bb", 9, 49),
            "low1": land("cc", 6, 51, cities=[{"id": "cologne", "name": "Koln", "fort": 4, "port": True}]),
            "low2": land("cc", 7, 51),
            "free": land("free_x", 9.2, 49.2, free_city=True, cities=[{"id": "x", "name": "X", "fort": 3}]),
            "alps": land("dd", 10, 46, minority="lutheran"),
            "south": land("dd", 10, 45),
            "island": land("ee", 5, 53),
            "sea1": sea(4, 52),
            "sea2": sea(3, 54),
        },
        "rivers": {"rhine": {"name": "Rhine", "course": [["up1", "up2"], ["mid1", "mid2"], ["low1", "low2"]]}},
        "borders": [
            {"between": ["up1", "up2"], "kind": "river", "river": "rhine"},
            {"between": ["mid1", "mid2"], "kind": "river", "river": "rhine"},
            {"between": ["low1", "low2"], "kind": "river", "river": "rhine"},
            {"between": ["up1", "mid1"], "kind": "land"},
            {"between": ["up2", "mid2"], "kind": "land"},
            {"between": ["mid1", "low1"], "kind": "land"},
            {"between": ["mid2", "low2"], "kind": "land"},
            {"between": ["up1", "mid2"], "kind": "river", "river": "rhine"},
            {"between": ["mid2", "free"], "kind": "land"},
            {"between": ["up2", "alps"], "kind": "pass", "name": "St Gotthard"},
            {"between": ["up1", "south"], "kind": "mountains"},
            {"between": ["alps", "south"], "kind": "land"},
            {"between": ["low1", "sea1"], "kind": "coast"},
            {"between": ["sea1", "sea2"], "kind": "sea"},
            {"between": ["island", "sea2"], "kind": "coast"},
            {"between": ["island", "low1"], "kind": "strait", "name": "Narrows"},
        ],
    }


def test_map_loads_and_answers() -> None:
    g = load_geography(small(), "small")
    assert len(g.areas) == 12 and len(g.cities) == 5 and set(g.rivers) == {"rhine"}
    assert g.areas["sea1"].state is None and g.areas["alps"].minority == "lutheran"
    assert g.cities["cologne"].area == "low1" and g.cities["cologne"].port
    b = g.border("mid2", "up1")
    assert b is not None and b.kind == "river" and b.river == "rhine"
    assert g.border("up1", "low2") is None
    assert g.areas_of("aa") == ("mid1", "up1") and g.areas_of("zz") == ()
    cap = g.capital("aa")
    assert cap is not None and cap.id == "speyer"
    assert g.capital("cc") is None
    assert "free_x" in g.states() and g.areas["free"].free_city


def test_map_neighbours_by_army_and_fleet() -> None:
    g = load_geography(small())
    assert g.neighbours("up1") == ("mid1", "mid2", "up2")  # mountains to "south" impassable (RR3-MP01)
    assert g.neighbours("up2") == ("alps", "mid2", "up1")  # the pass is open
    assert g.neighbours("low1") == ("island", "low2", "mid1")  # the strait is open to armies, not the coast
    assert g.neighbours("free") == ("mid2",)
    assert g.neighbours("sea1") == ()
    assert g.neighbours("sea1", by="fleet") == ("low1", "sea2")
    assert g.neighbours("low1", by="fleet") == ("sea1",)
    assert g.coastal_seas("low1") == ("sea1",) and g.coastal_seas("mid1") == ()
    assert [c.id for c in g.ports("sea1")] == ["cologne"] and g.ports("sea2") == ()
    with pytest.raises(GeographyError, match="unknown mover"):
        g.neighbours("up1", by="cavalry")
    with pytest.raises(GeographyError, match="unknown area 'nowhere'"):
        g.neighbours("nowhere")
    with pytest.raises(GeographyError, match="sea area"):
        g.coastal_seas("sea1")
    with pytest.raises(GeographyError, match="land area"):
        g.ports("low1")


def test_map_fatigue_and_river_between() -> None:
    g = load_geography(small())
    assert g.crossing_fatigue("up2", "alps") == 1
    assert g.crossing_fatigue("up1", "mid1") == 0
    assert g.crossing_fatigue("up1", "up2") == 0
    with pytest.raises(GeographyError, match="mountains border"):
        g.crossing_fatigue("up1", "south")
    with pytest.raises(GeographyError, match="do not touch"):
        g.crossing_fatigue("up1", "low1")
    assert g.river_between("up1", "up2") == "rhine"
    assert g.river_between("up1", "mid1") is None
    assert g.river_between("up1", "low1") is None


def test_map_reach_and_downriver() -> None:
    g = load_geography(small())
    assert g.reach("rhine", "up1") == 0 and g.reach("rhine", "low2") == 2 and g.reach("rhine", "alps") is None
    assert g.rivers_of("mid2") == ("rhine",) and g.rivers_of("alps") == ()
    with pytest.raises(GeographyError, match="unknown river"):
        g.reach("danube", "up1")
    assert g.downriver(["up1", "mid1", "low1"])  # two areas down the west bank
    assert g.downriver(["up2", "mid2", "low2"])
    assert g.downriver(["up1", "mid1"])
    assert not g.downriver(["low1", "mid1", "up1"])  # upstream
    assert not g.downriver(["up1", "up2"])  # across the river, same reach
    assert not g.downriver(["up1", "mid2"])  # across the river itself, even though further down (RR3-MP04)
    assert not g.downriver(["up1", "low1"])  # not adjacent
    assert not g.downriver(["up2", "alps"])  # not on the river
    assert not g.downriver(["up1"])
    assert not g.downriver(["up1", "mid1", "mid2"])  # the second step crosses
    with pytest.raises(GeographyError):
        g.downriver(["up1", "nowhere"])


def test_map_distance() -> None:
    g = load_geography(small())
    assert g.distance("up1", "up1") == 0
    assert g.distance("up1", "low2") == 2
    assert g.distance("up1", "south") == 3  # up2, alps, south: the mountains are impassable
    assert g.distance("up1", "island") == 3
    assert g.distance("up1", "sea1") is None
    assert g.distance("low1", "island", by="fleet") == 3  # sea1, sea2, island
    assert g.distance("sea1", "sea2", by="fleet") == 1
    assert g.distance("up1", "sea1", by="fleet") is None


def test_map_minimal_map_defaults() -> None:
    g = load_geography(
        {"areas": {"a": land("s", 0, 50), "b": land("s", 1, 50)}, "borders": [{"between": ["a", "b"], "kind": "land"}]}
    )
    assert g.areas["a"].cities == () and not g.areas["a"].free_city and g.rivers == {}


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(small())
    change(data)
    return data


def _add_border(**border: Any) -> Any:
    return lambda d: d["borders"].append(border)


def _set_area(area: str, **values: Any) -> Any:
    return lambda d: d["areas"][area].update(values)


ERRORS: list[tuple[str, Any, str]] = [
    ("format", lambda d: d.update(format="other/9"), "format is 'other/9'"),
    ("top key", lambda d: d.update(extra=1), "unknown key"),
    ("area key", _set_area("up1", colour="red"), "area up1: unknown key"),
    ("border unknown area", _add_border(between=["up1", "atlantis"], kind="land"), "unknown area 'atlantis'"),
    ("self border", _add_border(between=["up1", "up1"], kind="land"), "up1-up1: an area cannot border itself"),
    ("duplicate", _add_border(between=["up2", "up1"], kind="land"), "up2-up1 is given twice"),
    ("border kind", _add_border(between=["up1", "low2"], kind="bridge"), "kind is 'bridge'"),
    ("area kind", _set_area("up1", kind="air"), "area up1: kind is 'air'"),
    ("table", _set_area("up1", table="north"), "area up1: table is 'north'"),
    ("river unknown", _add_border(between=["up1", "low2"], kind="river", river="nile"), "unknown river 'nile'"),
    ("river missing", _add_border(between=["up1", "low2"], kind="river"), "needs the river's id"),
    ("river off course", _add_border(between=["alps", "low2"], kind="river", river="rhine"), "alps not on the course"),
    ("river on land", _add_border(between=["alps", "low2"], kind="land", river="rhine"), "only a river border"),
    ("course unknown", lambda d: d["rivers"]["rhine"]["course"].append(["atlantis"]), "names unknown area"),
    ("course twice", lambda d: d["rivers"]["rhine"]["course"].append(["up1"]), "up1 is on reach 0 and reach 3"),
    ("course sea", lambda d: d["rivers"]["rhine"]["course"].append(["sea1"]), "names sea area"),
    ("no state", _set_area("up1", state=None), "area up1: a land area needs a state"),
    ("sea state", _set_area("sea1", state="aa"), "area sea1: a sea area has no state"),
    ("sea city", _set_area("sea1", cities=[{"id": "y", "name": "Y", "fort": 1}]), "a sea area has no cities"),
    ("fort 0", _set_area("mid2", cities=[{"id": "y", "name": "Y", "fort": 0}]), r"city #1 \(y\): fort is 0"),
    ("fort 7", _set_area("mid2", cities=[{"id": "y", "name": "Y", "fort": 7}]), "expected an integer 1..6"),
    ("dup city", _set_area("mid2", cities=[{"id": "basel", "name": "B", "fort": 1}]), "city id 'basel' is used"),
    ("port inland", _set_area("mid2", cities=[{"id": "y", "name": "Y", "fort": 1, "port": True}]), "no coast border"),
    ("lonely", lambda d: d["areas"].update(lone=land("zz", 1, 50)), "area lone has no border"),
    ("lon", _set_area("up1", pos=[60, 47]), r"pos \(60.0, 47.0\) is outside the map"),
    ("lat", _set_area("up1", pos=[8, 20]), "outside the map"),
    ("pos shape", _set_area("up1", pos=[8]), "expected \\[longitude, latitude\\]"),
    (
        "free city two",
        _set_area(
            "up1", free_city=True, cities=[{"id": "y", "name": "Y", "fort": 1}, {"id": "z", "name": "Z", "fort": 1}]
        ),
        "exactly one city",
    ),
    ("free city none", _set_area("mid2", free_city=True), "found 0"),
    (
        "two capitals",
        _set_area("mid2", cities=[{"id": "y", "name": "Y", "fort": 1, "capital": True}]),
        "state bb has two capitals, zurich",
    ),
    ("coast land-land", _add_border(between=["up1", "low2"], kind="coast"), "a coast border joins"),
    ("land with sea", _add_border(between=["up1", "sea2"], kind="land"), "a land border joins two land areas"),
    ("sea with land", _add_border(between=["low2", "sea2"], kind="sea"), "a sea border joins two sea areas"),
    ("minority same", _set_area("alps", minority="catholic"), "is the area's own religion"),
]


@pytest.mark.parametrize(("label", "change", "message"), ERRORS, ids=[e[0] for e in ERRORS])
def test_map_validation_errors(label: str, change: Any, message: str) -> None:
    with pytest.raises(GeographyError, match=message):
        load_geography(broken(change), "small")


def test_map_error_names_source() -> None:
    with pytest.raises(GeographyError, match=r"^test\.json: area up1"):
        load_geography(broken(_set_area("up1", table="north")), "test.json")
