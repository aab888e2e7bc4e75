"""The megagame's map drawn as areas on real coastlines (issue 18, point 7): games/rr3/drawing.py."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

from umpire.games.rr3 import drawing
from umpire.games.rr3.colours import rr3_state_colour
from umpire.games.rr3.geography import map1524
from umpire.kernel.game import new_game

NS = {"s": "http://www.w3.org/2000/svg"}


def observer_view() -> dict:
    return new_game("rr3", seed=1).view("observer")


def area_group(root: ET.Element, aid: str) -> ET.Element:
    found = root.find(f".//s:g[@id='area-{aid}']", NS)
    assert found is not None, aid
    return found


def test_map_every_area_is_a_shape_or_a_free_city_square_with_its_owner_colour() -> None:
    view = observer_view()
    root = ET.fromstring(drawing.draw(view))
    geo = map1524()
    for aid, area in geo.areas.items():
        g = area_group(root, aid)
        assert g.get("data-area") == aid
        shape = g.find("s:rect" if area.free_city else "s:path", NS)
        assert shape is not None, aid
        if not area.free_city:
            assert shape.get("d", "").startswith("M") and shape.get("d", "").count("L") >= 3, aid
        owner = view["map"]["areas"].get(aid, {}).get("owner") or area.state
        if area.kind == "land" and owner:
            assert shape.get("fill") == rr3_state_colour(owner), aid
        assert g.find("s:title", NS) is not None and area.name in (g.find("s:title", NS).text or "")


def test_map_an_owner_change_and_a_revolt_show() -> None:
    view = copy.deepcopy(observer_view())
    view["map"]["areas"]["brescia"]["owner"] = "france"
    view["map"]["areas"]["brescia"]["revolt"] = True
    g = area_group(ET.fromstring(drawing.draw(view)), "brescia")
    path = g.find("s:path", NS)
    assert path is not None and path.get("fill") == rr3_state_colour("france") and path.get("stroke") == "#c4001d"
    assert "in revolt" in (g.find("s:title", NS).text or "")


def test_map_armies_and_fleets_are_counters() -> None:
    view = observer_view()
    root = ET.fromstring(drawing.draw(view))
    armies = {g.get("data-army") for g in root.iterfind(".//s:g[@class='army']", NS)}
    fleets = {g.get("data-fleet") for g in root.iterfind(".//s:g[@class='fleet']", NS)}
    assert armies == set(view["map"]["armies"])
    assert fleets == set(view["map"]["fleets"])


def test_map_labels_are_short_names_and_the_shown_ones_never_overlap() -> None:
    assert drawing.short_name("London and the South-East") == "London"
    assert drawing.short_name("The North of England") == "North of England"
    assert drawing.short_name("Free City of Nuremberg") == "Nuremberg"
    places = drawing._label_places()
    shown = [(aid, x, y) for aid, (x, y, crowded) in places.items() if not crowded]
    assert len(shown) >= 150  # of 198 areas, at the whole map; the rest when zoomed in
    geo = map1524()
    boxes = []
    for aid, x, y in shown:
        w = 0.56 * drawing.LABEL_SIZE * len(drawing.short_name(geo.areas[aid].name)) + 2
        boxes.append((x - w / 2, y - drawing.LABEL_SIZE - 1, x + w / 2, y + 1))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])


def test_map_rivers_mountains_and_passes_follow_a_shared_border() -> None:
    kinds = {kind for kind, *_ in drawing.shapes().borders}
    assert {"river", "mountains", "pass"} <= kinds
    root = ET.fromstring(drawing.draw(observer_view()))
    assert root.find(".//s:path[@class='border river']", NS) is not None
