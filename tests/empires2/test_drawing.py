"""The SVG drawing of the Empires for Two map."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from umpire.games.empires2.drawing import draw_map_svg
from umpire.games.empires2.mapdata import load_map
from umpire.games.empires2.scenario import load_scenario
from umpire.render.svg import LAND_FILL

NS = "{http://www.w3.org/2000/svg}"


def _by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {el.attrib["id"]: el for el in root.iter() if "id" in el.attrib}


@pytest.fixture(scope="module")
def millennium() -> ET.Element:
    return ET.fromstring(draw_map_svg(load_scenario("millennium")))


def test_the_svg_parses_and_names_every_area(millennium: ET.Element) -> None:
    m = load_map()
    ids = _by_id(millennium)
    for area in m.areas.values():
        assert ids[f"area-{area.id}"].tag == f"{NS}path"
        assert ids[f"label-{area.id}"].text == area.name
    for sea in m.seas.values():
        assert ids[f"sea-{sea.id}"].tag == f"{NS}path"
        assert ids[f"label-{sea.id}"].text == sea.name
    texts = {el.text for el in millennium.iter(f"{NS}text")}
    assert {a.name for a in m.areas.values()} <= texts


def test_areas_take_their_possessors_colour_and_courts_are_starred(millennium: ET.Element) -> None:
    s = load_scenario("millennium")
    ids = _by_id(millennium)
    for empire in s.empires.values():
        assert f"court-{empire.id}" in ids
        assert f"empire-{empire.id}" in ids
        for area in empire.possessions:
            assert ids[f"area-{area}"].attrib["fill"] == empire.colour
    assert ids["area-sicily"].attrib["fill"] == LAND_FILL  # independent in 976
    title = ids["area-sicily"].find(f"{NS}title")
    assert title is not None and title.text is not None
    assert "moslem" in title.text and "independent" in title.text  # the scenario's difference, not the map's


def test_the_bare_map_has_no_empire_colours() -> None:
    root = ET.fromstring(draw_map_svg())
    fills = {el.attrib["fill"] for el in root.iter(f"{NS}path") if el.attrib.get("class") == "area"}
    assert fills == {LAND_FILL}
    assert not [el for el in root.iter() if el.attrib.get("id", "").startswith("court-")]
