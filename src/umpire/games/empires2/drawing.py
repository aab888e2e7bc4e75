"""The Empires for Two map drawn as SVG: sea areas, land areas in the colour of the empire possessing them in a
scenario, court areas starred, every area named, and a side panel naming the empires.

Shapes come from the project's map geometry (:mod:`umpire.render.geometry`): each area is the cell of its point
within the Natural Earth coastline (EMP-D06), so the map file holds points, not hand-drawn outlines.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

from umpire.games.empires2.course import only
from umpire.games.empires2.mapdata import EmpiresMap, load_map
from umpire.games.empires2.scenario import Scenario, load_scenario
from umpire.render.geometry import MapGeometry, map_geometry
from umpire.render.svg import (
    COAST,
    FONT,
    INK,
    LAND_BORDER,
    LAND_FILL,
    SEA_BORDER,
    SEA_FILL,
    SEA_LABEL,
    SVG_NS,
    UNCLAIMED_FILL,
    Canvas,
    _fmt,
    _sub,
    _text,
)

__all__ = ["DRAWN_KEYS", "draw_map_svg", "draw_view", "geometry_source"]

#: The keys of a game's view the board is drawn from (the server caches a drawing by them).
DRAWN_KEYS = ("scenario", "areas", "empires", "defence", "raids", "magnates")
UNREST_STROKE = "#c0392b"
RAID_STROKE = "#e67e22"  # an area raided this round (rewrite 24.0)
MAGNATE_FILL = "#b8a98a"  # an area a Magnate holds (rewrite 24.0)

LAND_PX = 10.0
SEA_PX = 11.5
PANEL_PX = 300.0
NEIGHBOUR_PX = 64.0  # wanted distance between neighbouring points (for 90% of them), so that names fit
MIN_WIDTH_PX, MAX_WIDTH_PX = 1200.0, 1800.0


def geometry_source(game_map: EmpiresMap) -> dict[str, Any]:
    """The map in the shape :func:`umpire.render.geometry.map_geometry` reads (``provinces`` with type and pos)."""
    provinces: dict[str, dict[str, Any]] = {}
    for a in game_map.areas.values():
        provinces[a.id] = {"type": "land", "pos": list(a.point), "name": a.name}
    for z in game_map.seas.values():
        provinces[z.id] = {"type": "sea", "pos": list(z.point), "name": z.name}
    return {"provinces": provinces}


def _width(geom: MapGeometry) -> float:
    points = [shape.point for shape in geom.provinces.values()]
    nearest = sorted(min(math.dist(p, q) for j, q in enumerate(points) if j != i) for i, p in enumerate(points))
    km = max(nearest[len(nearest) // 10], 1e-6)
    return min(MAX_WIDTH_PX, max(MIN_WIDTH_PX, NEIGHBOUR_PX / km * geom.width()))


def _star(parent: ET.Element, x: float, y: float, r: float, **attrs: Any) -> None:
    pts = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = math.pi / 2 + k * math.pi / 5
        pts.append(f"{_fmt(x + radius * math.cos(angle))},{_fmt(y - radius * math.sin(angle))}")
    _sub(parent, "polygon", points=" ".join(pts), **attrs)


def _area_title(
    game_map: EmpiresMap, scenario: Scenario | None, area_id: str, live: dict[str, Any] | None = None
) -> str:
    a = game_map.area(area_id)
    language = scenario.language(game_map, area_id) if scenario else a.language
    religion = scenario.religion(game_map, area_id) if scenario else a.religion
    text = (
        f"{a.name}: population {a.population}, maximum social state {a.max_social_state}, "
        f"{language.replace('_', ' ')}, {religion}, {a.terrain}"
    )
    if scenario is not None:
        owner = live["owners"].get(area_id) if live else scenario.possessor(area_id)
        text += f"; {scenario.empires[owner].name}" if owner else "; independent"
        if live and area_id in live["unrest"]:
            text += "; in unrest"
        if live and area_id in live.get("magnates", {}):
            text += f"; held by the {live['magnates'][area_id]}"
        if live and area_id in live.get("raided", {}):
            text += f"; raided this round by the {live['raided'][area_id]}"
        level = live["fortification"].get(area_id) if live else scenario.fortifications.get(area_id)
        if level:
            text += f"; fortification level {level}"
    return text


def draw_view(view: dict[str, Any], panel: bool = True) -> str:
    """The board of a game in progress, from a view (``rules.view``): each area in its possessor's colour now, an
    area in unrest outlined red, the Courts where they are now, the area under attack marked; ``panel=False`` draws
    the map alone (the game page lists the empires itself)."""
    live = {
        "owners": {aid: a["owner"] for aid, a in view["areas"].items()},
        "fortification": {aid: a["fortification"] for aid, a in view["areas"].items()},
        "unrest": sorted(aid for aid, a in view["areas"].items() if a.get("unrest")),
        "courts": {eid: e["court"] for eid, e in view["empires"].items() if e.get("court") and not e.get("demise")},
        "attacked": (view.get("defence") or {}).get("area"),
        "raided": {r["area"]: r["name"] for r in view.get("raids", [])},
        "magnates": {aid: g["name"] for g in view.get("magnates", []) for aid in g["areas"]},
        "magnate_seats": {g["seat"]: g["name"] for g in view.get("magnates", [])},
    }
    scenario = only(load_scenario(view["scenario"]), view["empires"])  # without an empire left out (33.11)
    return draw_map_svg(scenario, live=live, panel=panel)


def draw_map_svg(
    scenario: Scenario | None = None,
    game_map: EmpiresMap | None = None,
    *,
    width_px: float | None = None,
    live: dict[str, Any] | None = None,
    panel: bool = True,
) -> str:
    """The SVG text of the map; with ``scenario``, areas take the colour of the empire possessing them (at the
    start, or by ``live``: ``owners``, ``courts``, ``unrest`` and ``attacked`` of a game in progress).

    Every land area gets ``id="area-<id>"`` (and ``data-area``) and a label ``id="label-<id>"`` holding its name;
    every sea area ``id="sea-<id>"`` and ``id="label-<id>"``; every court a star ``id="court-<empire>"``; the panel
    lists the empires (``id="empire-<id>"``).
    """
    game_map = game_map or load_map()
    geom = map_geometry(geometry_source(game_map))
    map_w = width_px or _width(geom)
    canvas = Canvas(geom, map_w / geom.width())
    map_h = geom.height() * canvas.scale
    total_w = map_w + (PANEL_PX if panel else 0)
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "version": "1.1",
            "font-family": FONT,
            "width": _fmt(total_w),
            "height": _fmt(map_h),
            "viewBox": f"0 0 {_fmt(total_w)} {_fmt(map_h)}",
        },
    )
    title = _sub(root, "title")
    title.text = f"Empires for Two: {scenario.name} ({scenario.start_year})" if scenario else "Empires for Two: the map"
    _sub(root, "rect", x=0, y=0, width=_fmt(map_w), height=_fmt(map_h), fill=SEA_FILL)

    seas_g = _sub(root, "g", id="seas", fill=SEA_FILL, stroke=SEA_BORDER, stroke_width=0.8)
    for sid in sorted(game_map.seas):
        el = _sub(seas_g, "path", id=f"sea-{sid}", d=canvas.path(geom.provinces[sid].area), class_="sea")
        t = _sub(el, "title")
        t.text = game_map.seas[sid].name
    land_g = _sub(root, "g", id="areas", stroke=LAND_BORDER, stroke_width=0.7, stroke_linejoin="round")
    owners = live["owners"] if live else {}
    for aid in sorted(game_map.areas):
        owner = owners.get(aid) if live else scenario.possessor(aid) if scenario else None
        fill = scenario.empires[owner].colour if scenario and owner else LAND_FILL
        if live and not owner and aid in live.get("magnates", {}):
            fill = MAGNATE_FILL
        el = _sub(
            land_g,
            "path",
            id=f"area-{aid}",
            d=canvas.path(geom.provinces[aid].area),
            fill=fill,
            class_="area",
            data_area=aid,
        )
        t = _sub(el, "title")
        t.text = _area_title(game_map, scenario, aid, live)
    if not geom.unclaimed_land.is_empty:
        _sub(
            root,
            "path",
            id="off-map-land",
            d=canvas.path(geom.unclaimed_land),
            fill=UNCLAIMED_FILL,
            stroke=LAND_BORDER,
            stroke_width=0.5,
        )
    _sub(root, "path", id="coastline", d=canvas.path(geom.land), fill="none", stroke=COAST, stroke_width=1.0)

    if live:
        marks = _sub(root, "g", id="marks", fill="none", stroke_linejoin="round")
        for aid in live["unrest"]:
            d = canvas.path(geom.provinces[aid].area)
            _sub(marks, "path", id=f"unrest-{aid}", d=d, stroke=UNREST_STROKE, stroke_width=2.2, stroke_dasharray="5 3")
        if live["attacked"]:
            d = canvas.path(geom.provinces[live["attacked"]].area)
            _sub(marks, "path", id="attacked", d=d, stroke=INK, stroke_width=3.5)
        for aid in sorted(live.get("raided", {})):
            d = canvas.path(geom.provinces[aid].area)
            _sub(marks, "path", id=f"raided-{aid}", d=d, stroke=RAID_STROKE, stroke_width=3.0, stroke_dasharray="2 2")
        for aid, who in sorted(live.get("magnate_seats", {}).items()):
            x, y = canvas.xy(*geom.provinces[aid].point)
            g = _sub(marks, "g", id=f"magnate-{aid}")
            t = _sub(g, "title")
            t.text = f"{game_map.area(aid).name}: seat of the {who}"
            _sub(g, "circle", cx=_fmt(x), cy=_fmt(y - 11), r="5", fill=MAGNATE_FILL, stroke=INK, stroke_width=0.9)
    if scenario is not None:
        courts_g = _sub(root, "g", id="courts")
        courts = live["courts"] if live else {e.id: e.court for e in scenario.empires.values()}
        for empire in scenario.empires.values():
            if empire.id not in courts:
                continue
            court = courts[empire.id]
            x, y = canvas.xy(*geom.provinces[court].point)
            g = _sub(courts_g, "g", id=f"court-{empire.id}")
            t = _sub(g, "title")
            t.text = f"{game_map.area(court).name}: court area of {empire.name}"
            _star(g, x, y - 11, 6.5, fill="#ffd84a", stroke=INK, stroke_width=0.9)

    labels_g = _sub(root, "g", id="labels", text_anchor="middle")
    for aid in sorted(game_map.areas):
        x, y = canvas.xy(*geom.provinces[aid].point)
        _text(
            labels_g,
            x,
            y + LAND_PX * 0.35,
            game_map.areas[aid].name,
            halo="#ffffff",
            id=f"label-{aid}",
            fill=INK,
            font_size=_fmt(LAND_PX),
            font_weight="bold",
        )
    for sid in sorted(game_map.seas):
        x, y = canvas.xy(*geom.provinces[sid].point)
        _text(
            labels_g,
            x,
            y + SEA_PX * 0.35,
            game_map.seas[sid].name,
            halo=SEA_FILL,
            id=f"label-{sid}",
            fill=SEA_LABEL,
            font_size=_fmt(SEA_PX),
            font_style="italic",
        )

    if panel:
        _panel(root, game_map, scenario, map_w, map_h)
    _sub(root, "rect", x=0, y=0, width=_fmt(map_w), height=_fmt(map_h), fill="none", stroke=INK, stroke_width=1.5)
    ET.indent(root, space="")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _swatch(parent: ET.Element, x: float, y: float, fill: str) -> None:
    _sub(parent, "rect", x=_fmt(x), y=_fmt(y - 10), width=14, height=14, fill=fill, stroke=INK, stroke_width=0.8)


def _wrap(text: str, width: int) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` characters (a longer word keeps its own line)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _panel(root: ET.Element, game_map: EmpiresMap, scenario: Scenario | None, x0: float, height: float) -> None:
    _sub(root, "rect", x=_fmt(x0), y=0, width=_fmt(PANEL_PX), height=_fmt(height), fill="#faf7ef")
    g = _sub(root, "g", id="panel", font_size=11, fill=INK)
    x, y = x0 + 14, 26.0
    for line in _wrap(scenario.name if scenario else "Empires for Two", 30):
        _text(g, x, y, line, font_size=15, font_weight="bold")
        y += 18
    sub = f"{scenario.start_year}-{scenario.end_year}, {scenario.section}" if scenario else "the authored map"
    _text(g, x, y, sub, font_size=11)
    y += 14
    _text(g, x, y, f"{len(game_map.areas)} land areas, {len(game_map.seas)} sea areas", font_size=11)
    y += 26
    if scenario is None:
        return
    for empire in scenario.empires.values():
        eg = _sub(g, "g", id=f"empire-{empire.id}")
        _swatch(eg, x, y, empire.colour)
        _text(eg, x + 20, y + 1, empire.name, font_weight="bold", font_size=12)
        y += 15
        court = game_map.area(empire.court).name
        _text(eg, x + 20, y, f"court {court}; {len(empire.possessions)} areas; {empire.gold} gold", font_size=10)
        y += 13
        lead = empire.leader
        statures = f"{lead.administrative}/{lead.combat}/{lead.diplomatic}"
        _text(eg, x + 20, y, f"{lead.name} (adm/com/dip {statures})", font_size=10)
        y += 22
    _star(g, x + 7, y - 4, 6.5, fill="#ffd84a", stroke=INK, stroke_width=0.9)
    _text(g, x + 20, y, "court area", font_size=10)
    y += 18
    _swatch(g, x, y, LAND_FILL)
    _text(g, x + 20, y + 1, "independent area", font_size=10)
    y += 18
    _swatch(g, x, y, UNCLAIMED_FILL)
    _text(g, x + 20, y + 1, "land off the map", font_size=10)
