"""The map drawing: well-formed SVG holding every province, unit, centre and minor state; PNG export."""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from shapely import Point

from umpire.render import (
    InfView,
    MapGeometryError,
    MapState,
    MinorState,
    Unit,
    compute_geometry,
    draw_svg,
    land_data,
    map_geometry,
    render_png,
)

HERE = Path(__file__).parent
SMALL_MAP = HERE / "small_map.json"
EUROPE_1615 = HERE.parents[1] / "src" / "umpire" / "games" / "europe1615" / "data" / "map.json"
SVG = "{http://www.w3.org/2000/svg}"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def small_map() -> dict[str, Any]:
    return load(SMALL_MAP)


def small_minors(game_map: dict[str, Any]) -> dict[str, MinorState]:
    return {
        mid: MinorState(d["name"], tuple(d["provinces"]), "unaligned", markers=tuple(d["markers"]))
        for mid, d in game_map["minors"].items()
    }


def start_state(game_map: dict[str, Any]) -> MapState:
    return MapState.start(game_map, minors=small_minors(game_map))


def mid_state() -> MapState:
    """Autumn 1617, retreats: a dislodged army, a fleet on a split coast, a minor state's own army."""
    return MapState(
        title="Autumn 1617 — Retreats",
        units=[
            Unit("F", "NTH", "ENGLAND"),
            Unit("A", "FLA", "ENGLAND"),
            Unit("A", "HOL", "ENGLAND"),
            Unit("A", "PIC", "FRANCE"),
            Unit("F", "ENG", "FRANCE"),
            Unit("A", "FLA", "FRANCE", dislodged=True),
            Unit("F", "JUT/EC", "DENMARK"),
            Unit("A", "FRI", "DENMARK"),
            Unit("A", "WES", "MUNS"),
        ],
        centre_owners={
            "LON": "ENGLAND",
            "YOR": "ENGLAND",
            "FLA": "ENGLAND",
            "PAR": "FRANCE",
            "BRI": "FRANCE",
            "JUT": "DENMARK",
            "HST": "DENMARK",
            "HOL": "NETH",
            "WES": "MUNS",
            "IRE": "IREL",
        },
        province_owners={
            "LON": "ENGLAND",
            "YOR": "ENGLAND",
            "WAL": "ENGLAND",
            "FLA": "ENGLAND",
            "PAR": "FRANCE",
            "BRI": "FRANCE",
            "NOR": "FRANCE",
            "PIC": "FRANCE",
            "JUT": "DENMARK",
            "HST": "DENMARK",
            "FRI": "DENMARK",
        },
        minors={
            "NETH": MinorState("United Provinces", ("HOL", "FRI"), "aligned", "ENGLAND", ("protestant",)),
            "SPNL": MinorState("Spanish Netherlands", ("FLA", "BRA"), "neutral", None, ("catholic",)),
            "MUNS": MinorState("Münster", ("WES",), "aligned", "FRANCE", ("catholic", "white")),
            "IREL": MinorState("Ireland", ("IRE",), "unaligned", None, ("grey",)),
            "SCOT": MinorState("Scotland", ("SCO",), "neutral", None, ("protestant",)),
        },
    )


FRANCE_SEES = InfView("FRANCE", {"NETH": {"ENGLAND": 6, "FRANCE": 2}, "MUNS": {"FRANCE": 5}})


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    return root


def ids(root: ET.Element) -> list[str]:
    return [el.attrib["id"] for el in root.iter() if "id" in el.attrib]


def check_drawing(game_map: dict[str, Any], state: MapState, svg: str) -> ET.Element:
    root = parse(svg)
    all_ids = ids(root)
    duplicates = [i for i, n in Counter(all_ids).items() if n > 1]
    assert not duplicates, f"duplicate ids: {duplicates}"
    present = set(all_ids)
    for pid, province in game_map["provinces"].items():
        assert f"prov-{pid}" in present, pid
        if province.get("center"):
            assert f"centre-{pid}" in present, pid
    for unit in state.units:
        uid = "unit-" + unit.location.replace("/", "-") + ("-dislodged" if unit.dislodged else "")
        assert uid in present, uid
    for mid in state.minors:
        assert f"minor-{mid}" in present, mid
    assert float(root.attrib["width"]) > 500 and float(root.attrib["height"]) > 300
    return root


def by_id(root: ET.Element, element_id: str) -> ET.Element:
    for el in root.iter():
        if el.attrib.get("id") == element_id:
            return el
    raise AssertionError(f"no element {element_id}")


def test_start_position_on_small_map(small_map: dict[str, Any]) -> None:
    state = start_state(small_map)
    assert len(state.units) == 6 and state.centre_owners["JUT"] == "DENMARK"
    root = check_drawing(small_map, state, draw_svg(small_map, state))
    # Land provinces are filled, home centres in their power's colour.
    assert by_id(root, "prov-LON").attrib["fill"] == "#c0392b"
    assert by_id(root, "prov-PAR").attrib["fill"] == "#3a6fc4"
    # Centre markers carry their values.
    assert "3" in "".join(by_id(root, "centre-LON").itertext())
    assert "4" in "".join(by_id(root, "centre-PAR").itertext())
    # Fleets and armies are told apart.
    assert "fleet" in by_id(root, "unit-LON").attrib["class"]
    assert "army" in by_id(root, "unit-YOR").attrib["class"]
    assert "fleet" in by_id(root, "unit-JUT-WC").attrib["class"]
    # No INF table unless the caller passes one.
    assert "inf-table" not in ids(root)


def test_mid_game_position_on_small_map(small_map: dict[str, Any]) -> None:
    state = mid_state()
    svg = draw_svg(small_map, state, FRANCE_SEES)
    root = check_drawing(small_map, state, svg)
    assert "unit-FLA-dislodged" in ids(root)
    # Minor statuses: an aligned state is hatched in its power's colour; the others are outlined.
    assert by_id(root, "minor-NETH").attrib["class"] == "minor aligned"
    assert by_id(root, "minor-SPNL").attrib["class"] == "minor neutral"
    assert by_id(root, "minor-IREL").attrib["class"] == "minor unaligned"
    assert "hatch-ENGLAND" in ids(root) and "hatch-FRANCE" in ids(root)
    # Religious markers: one cross per marker, in its colour, at the seat of each minor state.
    markers = by_id(root, "markers")
    crosses = [el.attrib["class"] for el in markers.iter() if el.attrib.get("class", "").startswith("cross ")]
    assert Counter(c.split()[1] for c in crosses) == Counter({"protestant": 2, "catholic": 2, "white": 1, "grey": 1})
    assert by_id(root, "minor-marker-MUNS").find(f"{SVG}path[@class='cross white']") is not None


def test_inf_table_shows_only_what_the_viewer_is_given(small_map: dict[str, Any]) -> None:
    root = parse(draw_svg(small_map, mid_state(), FRANCE_SEES))
    table = by_id(root, "inf-table")
    assert "France" in "".join(table.itertext())
    shown = {i for i in ids(table) if i.startswith("inf-") and i != "inf-table"}
    assert shown == {"inf-NETH-ENGLAND", "inf-NETH-FRANCE", "inf-MUNS-FRANCE"}
    assert "".join(by_id(root, "inf-NETH-ENGLAND").itertext()) == "6"
    # Spanish Netherlands, Scotland and Ireland have no row: the viewer was given none.
    assert "Spanish Netherlands" not in "".join(table.itertext())


def test_text_is_escaped(small_map: dict[str, Any]) -> None:
    state = mid_state()
    state.title = 'Spring <1618> & "rumours"'
    state.names["ENGLAND"] = "England & Wales"
    root = parse(draw_svg(small_map, state, FRANCE_SEES))
    assert root.find(f"{SVG}title") is not None
    assert 'Spring <1618> & "rumours"' in "".join(root.itertext())


def test_province_without_position_is_still_present(small_map: dict[str, Any]) -> None:
    game_map = copy.deepcopy(small_map)
    game_map["provinces"]["XYZ"] = {"name": "Nowhere", "type": "land"}
    state = MapState(units=[Unit("A", "XYZ", "FRANCE")])
    root = parse(draw_svg(game_map, state))
    assert by_id(root, "prov-XYZ").attrib["class"] == "province unplaced"
    assert "France A XYZ" in "".join(by_id(root, "panel").itertext())


def test_png_export(small_map: dict[str, Any], tmp_path: Path) -> None:
    png = render_png(draw_svg(small_map, mid_state(), FRANCE_SEES))
    assert png.startswith(PNG_SIGNATURE)
    (tmp_path / "mid.png").write_bytes(png)
    assert len(png) > 20_000


def test_shapes_follow_the_coastline(small_map: dict[str, Any]) -> None:
    geom = compute_geometry(small_map)
    land_area = geom.land.area
    for pid, shape in geom.provinces.items():
        assert not shape.area.is_empty, pid
        if shape.type == "sea":
            assert shape.area.intersection(geom.land).area < 1e-6 * land_area, pid
        else:
            assert shape.area.difference(geom.land).area < 1e-6 * land_area, pid
            assert shape.area.covers(Point(shape.point)), pid
    # Provinces do not overlap one another.
    shapes = list(geom.provinces.values())
    for i, a in enumerate(shapes):
        for b in shapes[i + 1 :]:
            assert a.area.intersection(b.area).area < 1.0, (a.id, b.id)  # km²
    # Great Britain is split between its provinces; London's is the south-east.
    lon, wal = geom.provinces["LON"].area, geom.provinces["WAL"].area
    assert lon.centroid.x > wal.centroid.x
    # The split coast of Jutland has its own unit points.
    assert set(geom.provinces["JUT"].coast_points) == {"WC", "EC"}
    # Cached per map.
    assert map_geometry(small_map) is map_geometry(copy.deepcopy(small_map))


def test_shipped_coastlines_are_real_and_documented() -> None:
    data = land_data()
    assert "Natural Earth" in data.source and "public domain" in data.licence
    land = data.polygons

    def on_land(lon: float, lat: float) -> bool:
        return any(p.covers(Point(lon, lat)) for p in land)

    for place in [(-0.13, 51.51), (2.35, 48.86), (13.4, 52.52), (12.5, 41.9), (-3.7, 40.42), (37.6, 55.75)]:
        assert on_land(*place), place  # London, Paris, Berlin, Rome, Madrid, Moscow
    for place in [(3.0, 55.5), (-1.5, 50.1), (18.0, 35.0), (34.0, 43.0), (-12.0, 45.0)]:
        assert not on_land(*place), place  # North Sea, Channel, Ionian, Black Sea, Atlantic


def test_position_outside_the_coastline_data_is_refused(small_map: dict[str, Any]) -> None:
    game_map = copy.deepcopy(small_map)
    game_map["provinces"]["NTH"]["pos"] = [-75.0, 40.0]
    with pytest.raises(MapGeometryError, match="NTH"):
        compute_geometry(game_map)


def test_bad_state_values_are_refused() -> None:
    with pytest.raises(ValueError):
        MinorState("X", ("A",), "friendly")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        MinorState("X", ("A",), "aligned")
    with pytest.raises(ValueError):
        MinorState("X", ("A",), "neutral", markers=("green",))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Unit.parse("Z LON", "ENGLAND")


# ----------------------------------------------------------------------------------------- Europe 1615's map

needs_1615 = pytest.mark.skipif(not EUROPE_1615.exists(), reason="Europe 1615's map file is not there yet")


def europe_1615_start(game_map: dict[str, Any]) -> MapState:
    """The starting position: the powers' from `start`, the minor states' units and centres from `minors`."""
    minors: dict[str, MinorState] = {}
    units: dict[str, list[str]] = {}
    centres: dict[str, list[str]] = {}
    for mid, d in game_map["minors"].items():
        if d.get("part_of"):
            continue  # a successor state exists only once its parent kingdom is captured
        markers = (d["permanent_marker"],) if d.get("permanent_marker") else ()
        minors[mid] = MinorState(d["name"], tuple(d["provinces"]), "unaligned", markers=markers)
        units[mid] = d.get("units", [])
        centres[mid] = d.get("centers", [])
    state = MapState.start(game_map, minors=minors)
    extra = MapState.from_orders(units, centres)
    state.units += extra.units
    state.centre_owners.update(extra.centre_owners)
    return state


def europe_1615_mid(game_map: dict[str, Any]) -> MapState:
    """Autumn 1618, retreats: conquests, minor states aligned, neutral and captured, a dislodged army."""
    state = europe_1615_start(game_map)
    state.title = "Europe 1615 — Autumn 1618, retreats"
    moves = {"PAR": "LOR", "NORM": "CHA", "VIE": "BAV", "LON": "NTH", "SCA": "SMA", "CAS": "CAT"}
    beaten = {"LOR", "CAT"}  # minor states' armies destroyed; Bavaria's is dislodged
    units = []
    for unit in state.units:
        if unit.owner in game_map["powers"] and unit.location in moves:
            units.append(Unit(unit.kind, moves[unit.location], unit.owner))
        elif unit.owner == "BAV":
            units.append(Unit(unit.kind, unit.location, unit.owner, dislodged=True))
        elif unit.owner not in beaten:
            units.append(unit)
    state.units = [*units, Unit("F", "HEL", "DENMARK")]
    for centre, owner in {"LOR": "FRANCE", "BAV": "AUSTRIA", "CAT": "SPAIN"}.items():
        state.centre_owners[centre] = owner
        state.province_owners[centre] = owner
    m = state.minors
    m["DUT"] = MinorState("Dutch Provinces", ("DUT",), "aligned", "ENGLAND", ("protestant",))
    m["SAX"] = MinorState("Saxony", ("SAX",), "neutral", None, ("protestant",))
    m["PAPL"] = MinorState("Papal States", ("ROM", "MAR"), "aligned", "SPAIN", ("catholic",))
    m["WES"] = MinorState("Westphalia", ("WES",), "neutral", None, ("catholic", "white"))
    m["CAT"] = MinorState("Catalonia", ("CAT",), "unaligned", None, ("grey",))
    m["BRA"] = MinorState("Brandenburg", ("BRA", "POM"), "aligned", "DENMARK", ())
    m["SAV"] = MinorState("Savoy", ("SAV",), "aligned", "FRANCE", ("catholic",))
    return state


FRANCE_SEES_1615 = InfView(
    "FRANCE",
    {"SAV": {"FRANCE": 6, "SPAIN": 2}, "SAX": {"FRANCE": 3, "DENMARK": 3}, "WES": {"FRANCE": 4, "AUSTRIA": 4}},
)


@needs_1615
def test_europe_1615_start() -> None:
    game_map = load(EUROPE_1615)
    state = europe_1615_start(game_map)
    svg = draw_svg(game_map, state)
    root = check_drawing(game_map, state, svg)
    assert len(game_map["provinces"]) >= 100
    assert all("pos" in p for p in game_map["provinces"].values())  # every province is drawn, none unplaced
    assert not [el for el in root.iter() if el.attrib.get("class") == "province unplaced"]
    assert render_png(svg).startswith(PNG_SIGNATURE)


@needs_1615
def test_europe_1615_mid_game() -> None:
    game_map = load(EUROPE_1615)
    state = europe_1615_mid(game_map)
    svg = draw_svg(game_map, state, FRANCE_SEES_1615)
    root = check_drawing(game_map, state, svg)
    assert "unit-BAV-dislodged" in ids(root)
    assert by_id(root, "minor-PAPL").attrib["class"] == "minor aligned"
    shown = {i for i in ids(by_id(root, "inf-table")) if i.startswith("inf-") and i != "inf-table"}
    assert len(shown) == 6
    assert render_png(svg).startswith(PNG_SIGNATURE)


@needs_1615
def test_europe_1615_shapes() -> None:
    geom = map_geometry(load(EUROPE_1615))
    for pid, shape in geom.provinces.items():
        assert not shape.area.is_empty, pid
        assert shape.area.covers(Point(shape.point)), pid


def test_fixed_shapes_are_written_once_and_drawn_the_same(small_map: dict[str, Any]) -> None:
    """Coastlines and unions of provinces are cached per map and scale (issue 12 point 11: a drawing per phase);
    the cached path data is exactly what writing the shape out gives, and a second drawing is the first."""
    from shapely.ops import unary_union

    from umpire.render import svg as svg_module

    geometry = map_geometry(small_map)
    canvas = svg_module.Canvas(geometry, 0.5)
    land = sorted(p for p, shape in geometry.provinces.items() if shape.type != "sea")[:2]
    union = unary_union([geometry.provinces[p].area for p in land])
    assert canvas.fixed_path("union:" + ",".join(land)) == canvas.path(union)
    assert canvas.fixed_path("land") == canvas.path(geometry.land)
    assert canvas.fixed_path(f"prov:{land[0]}") == canvas.path(geometry.provinces[land[0]].area)
    # Another scale is another drawing, not a cached one.
    assert svg_module.Canvas(geometry, 1.0).fixed_path("land") == svg_module.Canvas(geometry, 1.0).path(geometry.land)
    assert svg_module.Canvas(geometry, 1.0).fixed_path("land") != canvas.fixed_path("land")
    state = mid_state()
    first = draw_svg(small_map, state, FRANCE_SEES)
    assert draw_svg(small_map, state, FRANCE_SEES) == first
    assert len(svg_module._PATHS) <= svg_module._PATHS_SIZE
