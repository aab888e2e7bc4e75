"""The board's positions (``data/board.json``, ``layout.py``) and its drawing (``drawing.py``) from a view."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import umpire.games.his2p.rules  # noqa: F401  (registers the ruleset)
from umpire.games.his2p import drawing
from umpire.games.his2p.datafile import DataFault, read
from umpire.games.his2p.layout import WIDTH, load_layout, parse_layout
from umpire.games.his2p.mapdata import load_map
from umpire.kernel.game import new_game

SVG = "{http://www.w3.org/2000/svg}"


def start_view(role: str = "observer") -> dict[str, Any]:
    view: dict[str, Any] = new_game("his2p", seed=2).view(role)
    return view


def space_group(svg: str, space: str) -> ET.Element:
    root = ET.fromstring(svg)
    found = root.find(f".//{SVG}g[@id='space-{space}']")
    assert found is not None, space
    return found


def test_every_space_and_sea_has_an_authored_point_on_the_drawing() -> None:
    # ruling HIS-B01
    board, layout = load_map(), load_layout()
    assert set(layout.spaces) == set(board.spaces) and len(layout.spaces) == 134
    assert set(layout.seas) == set(board.seas) and len(layout.seas) == 14
    data = read("board.json")
    assert all(e["authored"] is True for e in [*data["spaces"].values(), *data["seas"].values()])
    # west to east and north to south as on a map of Europe
    assert (
        layout.spaces["corunna"][0]
        < layout.spaces["paris"][0]
        < layout.spaces["vienna"][0]
        < layout.spaces["istanbul"][0]
    )
    assert (
        layout.spaces["edinburgh"][1]
        < layout.spaces["london"][1]
        < layout.spaces["rome"][1]
        < layout.spaces["tripoli"][1]
    )


def test_the_loader_names_a_missing_space_an_unauthored_entry_and_overlapping_markers() -> None:
    data = copy.deepcopy(read("board.json"))
    missing = copy.deepcopy(data)
    del missing["spaces"]["mainz"]
    with pytest.raises(DataFault, match="no position for mainz"):
        parse_layout(missing, load_map())
    unauthored = copy.deepcopy(data)
    del unauthored["seas"]["north_sea"]["authored"]
    with pytest.raises(DataFault, match=r"seas\.north_sea.*authored"):
        parse_layout(unauthored, load_map())
    crowded = copy.deepcopy(data)
    del crowded["spaces"]["pavia"]["offset"]  # Pavia is 13 units below Milan: their markers touch without it
    with pytest.raises(DataFault, match=r"milan.*overlaps pavia"):
        parse_layout(crowded, load_map())


def test_each_space_is_drawn_by_type_with_its_control_colour_and_religion() -> None:
    # ruling HIS-B02
    svg = drawing.draw(start_view())
    root = ET.fromstring(svg)
    spaces = root.findall(f".//{SVG}g[@class]")
    assert len([g for g in spaces if (g.get("class") or "").startswith("space ")]) == 134
    rome = space_group(svg, "rome")
    assert rome.get("class") == "space capital catholic" and rome.get("data-control") == "papacy"
    assert len(rome.findall(f"{SVG}rect")) == 2  # a capital: a square with a double border
    assert rome.find(f"{SVG}rect").get("fill") == drawing.COLOURS["papacy"]  # type: ignore[union-attr]
    wittenberg = space_group(svg, "wittenberg")  # Luther's 95 Theses turned it Protestant
    assert wittenberg.get("class") == "space electorate protestant"
    assert (
        wittenberg.find(f"{SVG}polygon") is not None
        and wittenberg.find(f"{SVG}circle[@class='protestant']") is not None
    )
    assert space_group(svg, "basel").find(f"{SVG}circle[@class='protestant']") is None
    assert float(root.get("width") or 0) == WIDTH


def test_units_leaders_unrest_and_sieges_come_from_the_view() -> None:
    view = start_view()
    doria = drawing.draw(view)
    assert "Andrea Doria" in doria and "Luther (reformer)" in doria
    assert f">{drawing.unit_text(view['units']['genoa']['genoa'])}<" in doria
    changed = copy.deepcopy(view)
    changed["units"]["basel"] = {"protestant": {"regular": 3, "mercenary": 2, "cavalry": 0}}
    changed["spaces"]["basel"]["unrest"] = True
    changed["spaces"]["basel"]["jesuit"] = True
    changed["sieges"] = {"basel": {"besieger": "hapsburg", "impulse": 1}}
    svg = drawing.draw(changed)
    assert "3r 2m" in svg and "3r 2m" not in doria
    basel = space_group(svg, "basel")
    titles = [t.text for t in basel.iter(f"{SVG}title")]
    assert "unrest" in titles and "Jesuit university" in titles
    assert basel.find(f"{SVG}circle[@class='siege']") is not None
    assert "besieged by Hapsburg" in (titles[0] or "")
    assert drawing.draw(changed) == svg  # a pure function of the view


def test_unit_text_lists_only_the_kinds_present() -> None:
    assert drawing.unit_text({"regular": 4, "mercenary": 0, "cavalry": 1, "squadron": 2}) == "4r 1c 2s"
    assert drawing.unit_text({}) == ""
