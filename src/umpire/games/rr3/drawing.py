"""The megagame's map as SVG, drawn from one role's view (already redacted: nothing hidden is in it).

The areas of :func:`~umpire.games.rr3.geography.map1524` are drawn as shapes on Natural Earth's coastlines (the
renderer's :func:`~umpire.render.geometry.compute_geometry`: a Voronoi cell of each area's ``pos`` within its piece
of land or sea), filled with their owner's colour (a state's colour, its team's when played), ringed red in revolt;
an Imperial Free City (an area of one city, RR3-MP05) is a small square at its point; dark-blue rivers, mountain ranges
and their passes are drawn along the border they follow, a strait as a dashed line across the water. Each area's
label is its short name, placed where it does not cover another label (those that would are marked ``crowded``; the
page shows them when zoomed in). Armies and fleets are counters in their state's colour (an army's men in
thousands). Every area's group has the id ``area-ID`` and ``data-area``; the page uses them to show and pick areas.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from shapely import LineString, MultiLineString
from shapely.geometry.base import BaseGeometry

from umpire.games.rr3.colours import rr3_state_colour
from umpire.games.rr3.geography import Geography, map1524
from umpire.render.geometry import MapGeometry, compute_geometry
from umpire.render.markup import el, ink, text
from umpire.render.svg import Canvas

__all__ = ["DRAWN_KEYS", "WIDTH", "draw", "short_name"]

WIDTH = 1200.0
SEA = "#cfe1ee"
SEA_EDGE = "#9dbdd6"
PAGE = "#eef3f6"
UNOWNED = "#dcd6c8"
LABEL_SIZE = 11.0
#: Crowded labels show only on a zoomed page (the page gives the drawing the class ``zoomed``).
STYLE = ".crowded{display:none}.zoomed .crowded{display:inline}"
#: The parts of a view the drawing reads (what a cache of drawings is keyed by).
DRAWN_KEYS = ("map",)
#: How each special border is drawn: colour, width, dash.
BORDER_STYLE: Mapping[str, tuple[str, float, str | None]] = {
    "river": ("#2f6fb5", 2.0, None),
    "mountains": ("#6b4a2b", 2.6, None),
    "pass": ("#6b4a2b", 2.0, "4 3"),
    "strait": ("#2f6fb5", 1.6, "5 3"),
}


def short_name(name: str) -> str:
    """An area's name as the map labels it: without a leading "The " or "Free City of ", and only the part before
    " and ", a bracket, a comma or a colon ("London and the South-East" is "London"); the full name is the area's
    tooltip."""
    for prefix in ("The ", "Free City of ", "Imperial City of "):
        if name.startswith(prefix):
            name = name[len(prefix) :]
    return name.split(" and ")[0].split(" (")[0].split(", ")[0].split(": ")[0].strip()


@dataclass(frozen=True)
class Shapes:
    """The fixed drawing of the map: each area's path, label point and the special borders, in drawing units."""

    width: float
    height: float
    land: str
    areas: Mapping[str, str]  # area id -> path data ("" for a free city)
    points: Mapping[str, tuple[float, float]]
    borders: tuple[tuple[str, str, str, str], ...]  # (kind, a, b, path data)


def _line_path(canvas: Canvas, geom: BaseGeometry) -> str:
    lines: Iterable[LineString]
    if isinstance(geom, LineString):
        lines = [geom]
    elif isinstance(geom, MultiLineString):
        lines = geom.geoms
    else:
        lines = [g for g in getattr(geom, "geoms", []) if isinstance(g, LineString)]
    parts = []
    for line in lines:
        pts = [canvas.xy(x, y) for x, y in line.coords]
        if len(pts) >= 2:
            parts.append("M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in pts))
    return " ".join(parts)


@functools.cache
def shapes() -> Shapes:
    """The map's shapes, computed once per process (about half a second)."""
    geo = map1524()
    cells = {
        aid: {"type": "sea" if a.kind == "sea" else "land", "pos": [a.pos[0], a.pos[1]]}
        for aid, a in geo.areas.items()
        if not a.free_city
    }
    geometry: MapGeometry = compute_geometry({"provinces": cells})
    canvas = Canvas(geometry, WIDTH / geometry.width())
    tolerance = 2.0  # km
    areas: dict[str, str] = {}
    points: dict[str, tuple[float, float]] = {}
    for aid, area in geo.areas.items():
        if area.free_city:
            areas[aid] = ""
            points[aid] = canvas.xy(*geometry.projection.project(area.pos[0], area.pos[1]))
            continue
        shape = geometry.provinces[aid]
        areas[aid] = canvas.path(shape.area.simplify(tolerance))
        points[aid] = canvas.xy(*shape.point)
    return Shapes(
        width=WIDTH,
        height=round(geometry.height() * canvas.scale, 1),
        land=canvas.path(geometry.land.simplify(tolerance)),
        areas=areas,
        points=points,
        borders=tuple(_borders(geo, geometry, canvas)),
    )


def _borders(geo: Geography, geometry: MapGeometry, canvas: Canvas) -> Iterable[tuple[str, str, str, str]]:
    """Rivers, mountains and passes along the shared edge of their two areas; straits across the water."""
    for b in geo.borders:
        if b.kind not in BORDER_STYLE:
            continue
        one, two = geometry.provinces.get(b.a), geometry.provinces.get(b.b)
        if b.kind == "strait" or one is None or two is None:
            p, q = (canvas.xy(*s.point) if s else None for s in (one, two))
            if p and q:
                yield b.kind, b.a, b.b, f"M{p[0]:.1f} {p[1]:.1f} L{q[0]:.1f} {q[1]:.1f}"
            continue
        edge = one.area.boundary.intersection(two.area.boundary)
        if not edge.is_empty:
            d = _line_path(canvas, edge.simplify(1.0) if hasattr(edge, "simplify") else edge)
            if d:
                yield b.kind, b.a, b.b, d


def _labels(geo: Geography, points: Mapping[str, tuple[float, float]]) -> dict[str, tuple[float, float, bool]]:
    """Where each area's label goes and whether it is crowded: the larger names first, each at its point, or just
    above or below it, where it covers no label already placed."""
    placed: list[tuple[float, float, float, float]] = []
    out: dict[str, tuple[float, float, bool]] = {}
    order = sorted(geo.areas, key=lambda a: (geo.areas[a].free_city, geo.areas[a].kind == "sea", a))
    for aid in order:
        area = geo.areas[aid]
        x, y = points[aid]
        words = short_name(area.name)
        w, h = 0.56 * LABEL_SIZE * len(words) + 2, LABEL_SIZE + 1
        spot = None
        for dy in (10.0, -6.0, 20.0):
            box = (x - w / 2, y + dy - h, x + w / 2, y + dy + 1)
            if not any(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3] for o in placed):
                spot = (x, y + dy)
                placed.append(box)
                break
        out[aid] = (x, y + 10.0, True) if spot is None else (spot[0], spot[1], False)
    return out


@functools.cache
def _label_places() -> Mapping[str, tuple[float, float, bool]]:
    return _labels(map1524(), shapes().points)


def _counters(view_map: Mapping[str, Any], geo: Geography, points: Mapping[str, tuple[float, float]]) -> str:
    """Armies and fleets beside their area's point, several stacked sideways."""
    port_area = {c.id: aid for aid, a in geo.areas.items() for c in a.cities}
    count: dict[str, int] = {}
    out = []

    def spot(area: str) -> tuple[float, float] | None:
        if area not in points:
            return None
        n = count.get(area, 0)
        count[area] = n + 1
        x, y = points[area]
        return x + 6 + n * 15, y - 12

    for army_id, army in sorted((view_map.get("armies") or {}).items()):
        at = spot(str(army.get("area")))
        if at is None:
            continue
        colour = rr3_state_colour(str(army.get("state")))
        men = army.get("men")
        label = f"{round(men / 1000)}k" if isinstance(men, int) else "A"
        tip = f"army {army_id} ({army.get('state')}): {men if men is not None else '?'} men"
        out.append(
            el(
                "g",
                el("title", escape(tip))
                + el("rect", x=f"{at[0]:.1f}", y=f"{at[1]:.1f}", width=14, height=9, rx=1.5, fill=colour, stroke="#111")
                + text(at[0] + 7, at[1] + 7, label, font_size="6.5", text_anchor="middle", fill=ink(colour)),
                class_="army",
                data_army=army_id,
            )
        )
    for fleet_id, fleet in sorted((view_map.get("fleets") or {}).items()):
        where = fleet.get("sea") or port_area.get(str(fleet.get("port")))
        at = spot(str(where))
        if at is None:
            continue
        colour = rr3_state_colour(str(fleet.get("state")))
        x, y = at
        hull = f"M{x:.1f} {y + 2:.1f} L{x + 14:.1f} {y + 2:.1f} L{x + 11:.1f} {y + 8:.1f} L{x + 3:.1f} {y + 8:.1f} Z"
        tip = f"fleet {fleet_id} ({fleet.get('state')})" + (" damaged" if fleet.get("damaged") else "")
        out.append(
            el(
                "g",
                el("title", escape(tip))
                + el(
                    "path",
                    d=hull,
                    fill=colour,
                    stroke="#c4001d" if fleet.get("damaged") else "#111",
                    stroke_dasharray="2 1" if fleet.get("damaged") else None,
                ),
                class_="fleet",
                data_fleet=fleet_id,
            )
        )
    return "".join(out)


def draw(view: Mapping[str, Any]) -> str:
    """The map of ``view`` (one role's view of an ``rr3`` game) as an SVG document."""
    geo, fixed = map1524(), shapes()
    view_map: Mapping[str, Any] = view.get("map") or {}
    live: Mapping[str, Any] = view_map.get("areas") or {}
    labels = _label_places()
    parts = [
        el("rect", x=0, y=0, width=f"{fixed.width:g}", height=f"{fixed.height:g}", fill=SEA),
        el("path", d=fixed.land, fill=UNOWNED, stroke="none", class_="land"),
    ]
    area_parts, free_parts, label_parts = [], [], []
    for aid, area in geo.areas.items():
        now = live.get(aid) or {}
        owner = now.get("owner") or area.state
        fill = SEA if area.kind == "sea" else (rr3_state_colour(str(owner)) if owner else UNOWNED)
        tip = area.name + (f" · {owner}" if owner else "") + (" · in revolt" if now.get("revolt") else "")
        revolt = bool(now.get("revolt"))
        if area.free_city:
            x, y = fixed.points[aid]
            shape = el("rect", x=f"{x - 3.5:.1f}", y=f"{y - 3.5:.1f}", width=7, height=7, fill=fill, stroke="#222")
            free_parts.append(
                el("g", el("title", escape(tip)) + shape, id=f"area-{aid}", class_="area free-city", data_area=aid)
            )
            continue
        stroke = "#c4001d" if revolt else (SEA_EDGE if area.kind == "sea" else "#5b5346")
        width = 2.2 if revolt else (0.6 if area.kind == "sea" else 0.7)
        shape = el("path", d=fixed.areas[aid], fill=fill, stroke=stroke, stroke_width=width, stroke_linejoin="round")
        area_parts.append(
            el("g", el("title", escape(tip)) + shape, id=f"area-{aid}", class_=f"area {area.kind}", data_area=aid)
        )
    for aid, area in geo.areas.items():
        x, y, crowded = labels[aid]
        marks = "".join(m for m, on in (("L", "looted"), ("E", "extorted")) if (live.get(aid) or {}).get(on))
        words = short_name(area.name) + (f" [{marks}]" if marks else "")
        cls = "area-label" + (" sea" if area.kind == "sea" else "") + (" crowded" if crowded else "")
        style = {"font_size": f"{LABEL_SIZE:g}", "text_anchor": "middle"}
        if area.kind == "sea":
            style["font_style"] = "italic"
        halo = text(x, y, words, fill="none", stroke="#ffffff", stroke_width="2.4", stroke_opacity="0.8", **style)
        ink_ = text(x, y, words, fill="#2d5877" if area.kind == "sea" else "#1d1d1d", **style)
        label_parts.append(el("g", halo + ink_, class_=cls, data_label=aid))
    borders = [
        el(
            "path",
            d=d,
            fill="none",
            stroke=BORDER_STYLE[kind][0],
            stroke_width=BORDER_STYLE[kind][1],
            stroke_dasharray=BORDER_STYLE[kind][2],
            stroke_linecap="round",
            class_=f"border {kind}",
            data_between=f"{a} {b}",
        )
        for kind, a, b, d in fixed.borders
    ]
    parts += [
        el("g", "".join(area_parts), class_="areas"),
        el("g", "".join(borders), class_="borders"),
        el("g", "".join(free_parts), class_="free-cities"),
        el("g", "".join(label_parts), class_="labels"),
        el("g", _counters(view_map, geo, fixed.points), class_="counters"),
    ]
    title = "Europe in 1524" + (f", turn {view['turn']}" if view.get("turn") is not None else "")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fixed.width:g} {fixed.height:g}" '
        f'width="{fixed.width:g}" height="{fixed.height:g}" font-family="DejaVu Sans, Arial, sans-serif">'
        f"<title>{escape(title)}</title><style>{STYLE}</style>" + "".join(parts) + "</svg>"
    )
