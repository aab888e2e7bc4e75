"""The drawing as the game page shows it (no side panel, unit anchors), a key of only what a map uses, and the
standard map's shapes (issue 18: southern Sweden inside Denmark)."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from shapely import Point
from tests.render.test_svg import EUROPE_1615, SVG, by_id, europe_1615_mid, ids, load, parse

from umpire.render import MapGeometryError, MapState, compute_geometry, draw_svg, map_geometry

STANDARD = Path(__file__).parents[2] / "src" / "umpire" / "diplomacy" / "maps" / "standard.json"


@pytest.fixture(scope="module")
def standard() -> dict[str, Any]:
    return load(STANDARD)


def km(game_map: dict[str, Any], lon: float, lat: float) -> Point:
    return Point(map_geometry(game_map).projection.project(lon, lat))


def province_at(game_map: dict[str, Any], lon: float, lat: float) -> str:
    geom = map_geometry(game_map)
    pt = km(game_map, lon, lat)
    found = [pid for pid, shape in geom.provinces.items() if shape.type != "sea" and shape.area.covers(pt)]
    assert len(found) == 1, found
    return found[0]


def test_southern_sweden_and_the_borders_of_scandinavia_iberia_and_north_africa(standard: dict[str, Any]) -> None:
    # Malmö and Gothenburg are Sweden's, not Denmark's (one point per province gave Denmark all of Skåne).
    assert province_at(standard, 13.19, 55.7) == "SWE"  # Lund
    assert province_at(standard, 12.2, 57.8) == "SWE"  # by Gothenburg
    assert province_at(standard, 9.9, 56.15) == "DEN"  # by Aarhus
    assert province_at(standard, 12.3, 55.65) == "DEN"  # by Copenhagen, on Zealand
    assert province_at(standard, 19.5, 69.2) == "NWY"  # by Tromsø
    assert province_at(standard, 21.8, 65.8) == "SWE"  # by Luleå
    assert province_at(standard, -8.4, 41.2) == "POR"  # by Porto
    assert province_at(standard, -8.5, 42.9) == "SPA"  # Santiago de Compostela
    assert province_at(standard, 6.6, 36.4) == "NAF"  # Constantine
    assert province_at(standard, 10.1, 36.7) == "TUN"  # by Tunis


def test_bad_shape_points_are_refused(standard: dict[str, Any]) -> None:
    for bad, words in (({"XYZ": [[1.0, 2.0]]}, "XYZ"), ({"SWE": [[13.0]]}, "SWE"), ({"SWE": "south"}, "SWE")):
        game_map = copy.deepcopy(standard)
        game_map["shape_points"] = bad
        with pytest.raises(MapGeometryError, match=words):
            compute_geometry(game_map)


def test_the_page_drawing_has_no_panel_and_an_anchor_per_province_and_coast(standard: dict[str, Any]) -> None:
    state = MapState.start(standard)
    root = parse(draw_svg(standard, state, panel=False, width_px=1100))
    present = set(ids(root))
    assert "panel" not in present and "anchors" in present
    assert root.attrib["viewBox"] == f"0 0 1100 {root.attrib['height']}"
    for pid, p in standard["provinces"].items():
        assert f"at-{pid}" in present, pid
        for coast in p.get("coasts", []):
            assert f"at-{pid}-{coast}" in present, coast
    # A fleet on a split coast stands at its coast's anchor, not at the province's.
    fleet = by_id(root, "unit-STP-SC")
    anchor = by_id(root, "at-STP-SC")
    hull = next(el for el in fleet.iter(f"{SVG}path"))
    first = hull.attrib["d"].split()[0].lstrip("M")
    hull_x = float(first)
    assert abs(hull_x + 12 - float(anchor.attrib["cx"])) < 0.2  # the hull starts 12 px left of the ship's point
    assert by_id(root, "at-STP").attrib["cx"] != anchor.attrib["cx"]


def key_texts(root: ET.Element) -> str:
    return " ".join("".join(el.itertext()) for el in root.iter(f"{SVG}text") if el in list(by_id(root, "panel").iter()))


def test_the_key_shows_only_what_the_map_uses(standard: dict[str, Any]) -> None:
    root = parse(draw_svg(standard, MapState.start(standard)))
    text = key_texts(root)
    # Standard centres have no values: a dot in the owner's ring, no number, no value column (issue 30 point 3).
    assert "army" in text and "supply centre" in text and "(value)" not in text and "value" not in text
    paris = next(el for el in root.iter(f"{SVG}g") if el.attrib.get("id") == "centre-PAR")
    assert not [el for el in paris.iter(f"{SVG}text")] and len(list(paris.iter(f"{SVG}circle"))) == 3
    assert "Protestant" not in text and "aligned" not in text and "Ecclesiastical" not in text
    assert not [el for el in root.iter() if "key-status" in el.attrib.get("class", "")]
    europe = load(EUROPE_1615)
    state = europe_1615_mid(europe)
    root = parse(draw_svg(europe, state))
    text = key_texts(root)
    assert "centre (value)" in text  # Europe 1615's centres are worth 1 to 3: the value in each ring
    assert all(
        len(list(el.iter(f"{SVG}text"))) == 1
        for el in root.iter(f"{SVG}g")
        if el.attrib.get("id", "").startswith("centre-")
    )
    used = {m for minor in state.minors.values() for m in minor.markers}
    assert ("Protestant" in text) == ("protestant" in used) and ("Catholic" in text) == ("catholic" in used)
    statuses = {minor.status for minor in state.minors.values()}
    drawn = {el.attrib["class"].split()[1] for el in root.iter() if "key-status" in el.attrib.get("class", "")}
    assert drawn == statuses
