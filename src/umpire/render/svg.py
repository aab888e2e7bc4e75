"""Draw a game state on its map as SVG (standard library only), and export it as PNG.

Layers, bottom to top: sea provinces, land provinces in their owners' colours, land that belongs to no province,
minor-state status overlays (hatching and outlines), the coastline, province ids, centre markers with their
values, religious crosses and status badges, units; then a side panel with the title, the key, the minor states
and the INF totals of the viewer. The renderer draws only what it is given: the caller redacts.
"""

from __future__ import annotations

import colorsys
import hashlib
import math
import threading
import xml.etree.ElementTree as ET
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from shapely import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from umpire.render.geometry import MapGeometry, map_geometry
from umpire.render.state import RELIGIONS, InfView, MapState, MinorState, Religion, Unit

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

MIN_WIDTH_PX, MAX_WIDTH_PX = 1100.0, 2200.0
NEIGHBOUR_PX = 48.0  # the wanted distance between a point and its nearest neighbour (for 90% of points)
PANEL_WIDTH_PX = 340.0

SEA_FILL = "#b4cde2"
SEA_BORDER = "#86a9c8"
SEA_LABEL = "#234a6d"
LAND_FILL = "#f1e9d2"  # land of no owner and no minor state
UNCLAIMED_FILL = "#d8d2c4"  # land outside every province
LAND_BORDER = "#6d6357"
COAST = "#2f4257"
INK = "#1b1b1b"

CROSS_COLOURS: Mapping[Religion, str] = {
    "protestant": "#f28a1e",
    "catholic": "#2456c8",
    "grey": "#4d4d4d",
    "white": "#ffffff",
}
CROSS_NAMES: Mapping[Religion, str] = {
    "protestant": "Protestant",
    "catholic": "Catholic",
    "grey": "suspended (held by a foreign state)",
    "white": "Ecclesiastical reservation",
}


def _fmt(v: float) -> str:
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _safe_id(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in text)


def _luminance(colour: str) -> float:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        r, g, b = (int(c[i : i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return 0.5
    return 0.299 * r + 0.587 * g + 0.114 * b


def _text_on(colour: str) -> str:
    return INK if _luminance(colour) > 0.55 else "#ffffff"


def _pale_colour(key: str) -> str:
    """A stable pale colour for an owner the map does not colour."""
    h = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16)
    r, g, b = colorsys.hls_to_rgb((h % 360) / 360, 0.80, 0.45)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def _spread_colour(index: int) -> str:
    """The ``index``-th of a sequence of pale colours whose hues are spread by the golden angle."""
    hue = (0.11 + index * 0.381966) % 1.0
    lightness = (0.80, 0.74, 0.86)[index % 3]
    r, g, b = colorsys.hls_to_rgb(hue, lightness, 0.50)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def _strong_colour(key: str) -> str:
    h = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16)
    r, g, b = colorsys.hls_to_rgb((h % 360) / 360, 0.45, 0.55)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def _deepen(colour: str) -> str:
    """The same hue, darker and more saturated (for a minor state's units on its pale land)."""
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        r, g, b = (int(c[i : i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return colour
    h, lightness, sat = colorsys.rgb_to_hls(r, g, b)
    r, g, b = colorsys.hls_to_rgb(h, min(lightness, 0.5), max(sat, 0.45))
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


#: Path data of a map's fixed shapes (provinces, coastline, unions of provinces) by the geometry they belong to,
#: the scale and the shape's name: every phase redraws the same coastlines, and writing them out is most of a
#: drawing's time. The geometry is kept in the value, so the ``id`` in the key cannot be reused while cached.
_PATHS: OrderedDict[tuple[int, float, str], tuple[MapGeometry, str]] = OrderedDict()
_PATHS_GUARD = threading.Lock()
_PATHS_SIZE = 8192


@dataclass
class Canvas:
    """A map's geometry (kilometres, north up) scaled to a drawing (``scale`` px per km, y down), writing shapes as
    SVG path data."""

    geometry: MapGeometry
    scale: float  # px per km

    def fixed_path(self, name: str, shape: BaseGeometry | None = None) -> str:
        """:meth:`path` of a shape that depends only on the map (``name`` says which: ``prov:ID``, ``land``, a
        union's members…), computed once per map and scale; ``shape`` is read only when it is not cached."""
        key = (id(self.geometry), self.scale, name)
        with _PATHS_GUARD:
            hit = _PATHS.get(key)
            if hit is not None and hit[0] is self.geometry:
                _PATHS.move_to_end(key)
                return hit[1]
        d = self.path(shape if shape is not None else self._named(name))
        with _PATHS_GUARD:
            _PATHS[key] = (self.geometry, d)
            while len(_PATHS) > _PATHS_SIZE:
                _PATHS.popitem(last=False)
        return d

    def _named(self, name: str) -> BaseGeometry:
        kind, _, rest = name.partition(":")
        if kind == "prov":
            return self.geometry.provinces[rest].area
        if kind == "union":
            return unary_union([self.geometry.provinces[p].area for p in rest.split(",")])
        return {"land": self.geometry.land, "unclaimed": self.geometry.unclaimed_land}[kind]

    def xy(self, x: float, y: float) -> tuple[float, float]:
        minx, _, _, maxy = self.geometry.frame
        return (x - minx) * self.scale, (maxy - y) * self.scale

    def path(self, geom: BaseGeometry) -> str:
        parts: list[str] = []
        polys: Iterable[Polygon]
        if isinstance(geom, Polygon):
            polys = [geom]
        elif isinstance(geom, MultiPolygon):
            polys = geom.geoms
        else:
            polys = [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)]
        for poly in polys:
            if poly.is_empty:
                continue
            for ring in (poly.exterior, *poly.interiors):
                coords = list(ring.coords)[:-1]
                if len(coords) < 3:
                    continue
                pts = [self.xy(x, y) for x, y in coords]
                parts.append("M" + " L".join(f"{_fmt(px)} {_fmt(py)}" for px, py in pts) + " Z")
        return " ".join(parts)


def _sub(parent: ET.Element, tag: str, **attrs: Any) -> ET.Element:
    clean = {k.rstrip("_").replace("__", ":").replace("_", "-"): str(v) for k, v in attrs.items() if v is not None}
    return ET.SubElement(parent, tag, clean)


def _text(parent: ET.Element, x: float, y: float, text: str, *, halo: str | None = None, **attrs: Any) -> None:
    """Text, with a halo of colour ``halo`` drawn underneath for legibility over fills and borders."""
    if halo:
        under = {k: v for k, v in attrs.items() if k not in ("id", "fill")}
        h = _sub(
            parent,
            "text",
            x=_fmt(x),
            y=_fmt(y),
            fill=halo,
            stroke=halo,
            stroke_width=3,
            stroke_linejoin="round",
            opacity=0.85,
            **under,
        )
        h.text = text
    t = _sub(parent, "text", x=_fmt(x), y=_fmt(y), **attrs)
    t.text = text


class _Palette:
    def __init__(self, game_map: Mapping[str, Any], state: MapState) -> None:
        self.colours: dict[str, str] = {}
        self.names: dict[str, str] = {}
        for pid, power in (game_map.get("powers") or {}).items():
            if isinstance(power, Mapping):
                if power.get("colour"):
                    self.colours[pid] = str(power["colour"])
                self.names[pid] = str(power.get("name", pid))
        for index, mid in enumerate(sorted(state.minors)):
            minor = state.minors[mid]
            self.colours.setdefault(mid, minor.colour or _spread_colour(index))
            self.names.setdefault(mid, minor.name)
        self.colours.update(state.colours)
        self.names.update(state.names)
        self.powers = list((game_map.get("powers") or {}).keys())
        self.minors = set(state.minors)

    def colour(self, owner: str, *, strong: bool = False) -> str:
        """An owner's colour; ``strong`` for units and centre rings, where a minor state's pale fill colour is
        darkened so that its units stand out from its land."""
        if owner not in self.colours:
            self.colours[owner] = _strong_colour(owner) if strong else _pale_colour(owner)
        colour = self.colours[owner]
        if strong and owner in self.minors:
            return _deepen(colour)
        return colour

    def name(self, owner: str) -> str:
        return self.names.get(owner, owner.title())


def _province_of_minor(state: MapState) -> dict[str, str]:
    out: dict[str, str] = {}
    for mid, minor in state.minors.items():
        for pid in minor.provinces:
            out.setdefault(pid, mid)
    return out


def _cross(parent: ET.Element, cx: float, cy: float, marker: Religion, size: float = 6.5) -> None:
    a, b = size, size * 0.36
    d = (
        f"M{_fmt(cx - b)} {_fmt(cy - a)} H{_fmt(cx + b)} V{_fmt(cy - b)} H{_fmt(cx + a)} V{_fmt(cy + b)} "
        f"H{_fmt(cx + b)} V{_fmt(cy + a)} H{_fmt(cx - b)} V{_fmt(cy + b)} H{_fmt(cx - a)} V{_fmt(cy - b)} "
        f"H{_fmt(cx - b)} Z"
    )
    _sub(parent, "path", d=d, fill=CROSS_COLOURS[marker], stroke=INK, stroke_width=1, class_="cross " + marker)


def _army(parent: ET.Element, cx: float, cy: float, colour: str, s: float = 1.0) -> None:
    """A field gun: a barrel raised to the right on a wheel, with a trail to the left."""
    angle = math.radians(-22)
    ux, uy = math.cos(angle), math.sin(angle)  # along the barrel
    vx, vy = -uy, ux  # across it
    bx, by = cx + 1.5 * s, cy - 2.5 * s  # the barrel's middle
    half_len, breech, muzzle = 10.5 * s, 3.3 * s, 2.2 * s
    corners = [
        (bx - ux * half_len + vx * breech, by - uy * half_len + vy * breech),
        (bx + ux * half_len + vx * muzzle, by + uy * half_len + vy * muzzle),
        (bx + ux * half_len - vx * muzzle, by + uy * half_len - vy * muzzle),
        (bx - ux * half_len - vx * breech, by - uy * half_len - vy * breech),
    ]
    trail = f"M{_fmt(cx - 1 * s)} {_fmt(cy + 3 * s)} L{_fmt(cx - 11 * s)} {_fmt(cy + 8.5 * s)}"
    _sub(parent, "path", d=trail, stroke=INK, stroke_width=_fmt(3.6 * s), stroke_linecap="round")
    _sub(parent, "path", d=trail, stroke=colour, stroke_width=_fmt(1.8 * s), stroke_linecap="round")
    barrel = "M" + " L".join(f"{_fmt(x)} {_fmt(y)}" for x, y in corners) + " Z"
    _sub(parent, "path", d=barrel, fill=colour, stroke=INK, stroke_width=1.2, stroke_linejoin="round")
    _sub(parent, "circle", cx=_fmt(cx), cy=_fmt(cy + 3 * s), r=_fmt(5 * s), fill=colour, stroke=INK, stroke_width=1.2)
    _sub(parent, "circle", cx=_fmt(cx), cy=_fmt(cy + 3 * s), r=_fmt(1.4 * s), fill=INK)


def _fleet(parent: ET.Element, cx: float, cy: float, colour: str, s: float = 1.0) -> None:
    hull = (
        f"M{_fmt(cx - 12 * s)} {_fmt(cy + 1 * s)} H{_fmt(cx + 12 * s)} L{_fmt(cx + 8 * s)} {_fmt(cy + 8 * s)} "
        f"H{_fmt(cx - 8 * s)} Z"
    )
    sail = f"M{_fmt(cx - 1 * s)} {_fmt(cy - 11 * s)} V{_fmt(cy - 1 * s)} H{_fmt(cx + 9 * s)} Z"
    sail2 = f"M{_fmt(cx - 3 * s)} {_fmt(cy - 9 * s)} V{_fmt(cy - 1 * s)} H{_fmt(cx - 10 * s)} Z"
    for d in (hull, sail, sail2):
        _sub(parent, "path", d=d, fill=colour, stroke=INK, stroke_width=1.2, stroke_linejoin="round")


LABEL_PX = 10.5
ROW_DY = 18.5  # from a province's point down to the middle of its label row


def _label_width(text: str) -> float:
    """Roughly the width of a bold label in DejaVu Sans at LABEL_PX (capitals are about 0.7 em wide)."""
    return 0.72 * LABEL_PX * len(text)


def _centre(
    parent: ET.Element,
    pid: str,
    p: Mapping[str, Any],
    x: float,
    y: float,
    state: MapState,
    palette: _Palette,
) -> None:
    """A supply centre: a ring in its owner's colour, with the centre's value in it on a map whose centres have
    values (Europe 1615), else a dot, as Diplomacy boards draw a centre."""
    owner = state.centre_owners.get(pid)
    ring = palette.colour(owner, strong=True) if owner else "#8a8a8a"
    owned = f", owned by {palette.name(owner)}" if owner else ", unowned"
    g = _sub(parent, "g", id=f"centre-{_safe_id(pid)}", class_="centre")
    t = _sub(g, "title")
    if "value" not in p:
        t.text = f"{pid}: supply centre{owned}"
        _sub(g, "circle", cx=_fmt(x), cy=_fmt(y), r=6.5, fill=ring, stroke=INK, stroke_width=1)
        _sub(g, "circle", cx=_fmt(x), cy=_fmt(y), r=3.6, fill="#ffffff", stroke="none")
        _sub(g, "circle", cx=_fmt(x), cy=_fmt(y), r=1.7, fill=INK, stroke="none")
        return
    value = int(p["value"])
    t.text = f"{pid}: centre, value {value}{owned}"
    _sub(g, "circle", cx=_fmt(x), cy=_fmt(y), r=8, fill=ring, stroke=INK, stroke_width=1)
    _sub(g, "circle", cx=_fmt(x), cy=_fmt(y), r=5.3, fill="#ffffff", stroke="none")
    _text(g, x, y + 3.1, str(value), font_size=8.5, font_weight="bold", text_anchor="middle", fill=INK)


def _minor_badge(parent: ET.Element, mid: str, minor: MinorState, x: float, y: float, palette: _Palette) -> None:
    """The religious crosses, then the status badge (A, N or U), left to right from ``x``."""
    g = _sub(parent, "g", id=f"minor-marker-{_safe_id(mid)}")
    t = _sub(g, "title")
    t.text = _minor_caption(minor, palette)
    for marker in minor.markers:
        x += 7.5
        _cross(g, x, y, marker)
        x += 7.5
    x += 8.5
    if minor.status == "aligned" and minor.aligned_with:
        fill, letter = palette.colour(minor.aligned_with, strong=True), "A"
    elif minor.status == "neutral":
        fill, letter = "#ffffff", "N"
    else:
        fill, letter = "#d0d0d0", "U"
    _sub(
        g,
        "rect",
        x=_fmt(x - 6.5),
        y=_fmt(y - 6.5),
        width=13,
        height=13,
        rx=2.5,
        fill=fill,
        stroke=INK,
        stroke_width=1,
        class_=f"status {minor.status}",
    )
    _text(g, x, y + 3.5, letter, font_size=9.5, font_weight="bold", text_anchor="middle", fill=_text_on(fill))


def _seat(minor: MinorState, provinces: Mapping[str, Mapping[str, Any]]) -> str | None:
    """Where a minor state's crosses and badge go: its ``seat``, else its first centre, else its first province."""
    if minor.seat:
        return minor.seat
    for pid in minor.provinces:
        if provinces.get(pid, {}).get("center"):
            return pid
    return minor.provinces[0] if minor.provinces else None


def _auto_width(geom: MapGeometry) -> float:
    points = [shape.point for shape in geom.provinces.values()]
    if len(points) < 2:
        return MIN_WIDTH_PX
    nearest = sorted(min(math.dist(p, q) for j, q in enumerate(points) if j != i) for i, p in enumerate(points))
    km = max(nearest[len(nearest) // 10], 1e-6)
    return min(MAX_WIDTH_PX, max(MIN_WIDTH_PX, NEIGHBOUR_PX / km * geom.width()))


def _unit_point(geom: MapGeometry, unit: Unit) -> tuple[float, float] | None:
    shape = geom.provinces.get(unit.province)
    if shape is None:
        return None
    if unit.coast and unit.coast in shape.coast_points:
        return shape.coast_points[unit.coast]
    return shape.point


def draw_svg(
    game_map: Mapping[str, Any],
    state: MapState,
    viewer_inf: InfView | None = None,
    *,
    width_px: float | None = None,
    panel: bool = True,
) -> str:
    """The SVG drawing of ``state`` on ``game_map`` (a map file in format ``umpire-map/1``, as a dict).

    ``viewer_inf``: the INF totals one viewer may see, drawn as a table in the side panel; ``None`` draws none.
    Every province of the map gets an element ``id="prov-<ID>"``; every unit ``id="unit-<LOCATION>"`` (``/`` as
    ``-``; a dislodged unit gets ``-dislodged`` appended); every centre ``id="centre-<ID>"``; every minor state
    ``id="minor-<ID>"``; the INF table ``id="inf-table"``.

    ``width_px`` is the map's width without the side panel; by default it is chosen so that neighbouring province
    points stand far enough apart for their labels (1100 to 2200 px).

    ``panel=False`` leaves out the side panel (a web page draws its own key). Either way a hidden group
    ``id="anchors"`` holds a point ``id="at-<LOCATION>"`` for every province and coast, where its unit stands (for
    a page that draws order arrows on the map).
    """
    geom = map_geometry(game_map)
    provinces: Mapping[str, Mapping[str, Any]] = game_map.get("provinces", {})
    if width_px is None:
        width_px = _auto_width(geom)
    canvas = Canvas(geom, width_px / geom.width())
    map_w, map_h = width_px, geom.height() * canvas.scale
    palette = _Palette(game_map, state)
    minor_of = _province_of_minor(state)

    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "version": "1.1",
            "font-family": FONT,
        },
    )
    title_el = _sub(root, "title")
    title_el.text = state.title or str(game_map.get("name", "map"))
    defs = _sub(root, "defs")

    # Sea.
    _sub(root, "rect", id="background", x=0, y=0, width=_fmt(map_w), height=_fmt(map_h), fill=SEA_FILL)
    sea_g = _sub(root, "g", id="sea", fill=SEA_FILL, stroke=SEA_BORDER, stroke_width=0.8)
    land_g = _sub(root, "g", id="land", stroke=LAND_BORDER, stroke_width=0.7, stroke_linejoin="round")
    for pid in sorted(provinces):
        shape = geom.provinces.get(pid)
        name = str(provinces[pid].get("name", pid))
        if shape is None:
            continue
        if shape.type == "sea":
            el = _sub(
                sea_g, "path", id=f"prov-{_safe_id(pid)}", d=canvas.fixed_path(f"prov:{pid}"), class_="province sea"
            )
        else:
            owner = state.province_owners.get(pid)
            if owner is not None:
                fill = palette.colour(owner)
            elif pid in minor_of:
                fill = palette.colour(minor_of[pid])
            else:
                fill = LAND_FILL
            el = _sub(
                land_g,
                "path",
                id=f"prov-{_safe_id(pid)}",
                d=canvas.fixed_path(f"prov:{pid}"),
                fill=fill,
                fill_rule="evenodd",
                class_=f"province {shape.type}",
            )
        t = _sub(el, "title")
        t.text = f"{pid}: {name}"
    if not geom.unclaimed_land.is_empty:
        _sub(
            root,
            "path",
            id="unclaimed-land",
            d=canvas.fixed_path("unclaimed"),
            fill=UNCLAIMED_FILL,
            stroke=LAND_BORDER,
            stroke_width=0.5,
        )

    # Minor states: hatching in the aligned power's colour, and an outline whose style tells the status.
    minors_g = _sub(root, "g", id="minors")
    hatches: set[str] = set()
    for mid in sorted(state.minors):
        minor = state.minors[mid]
        parts = sorted(p for p in set(minor.provinces) if p in geom.provinces and geom.provinces[p].type != "sea")
        g = _sub(minors_g, "g", id=f"minor-{_safe_id(mid)}", class_=f"minor {minor.status}")
        t = _sub(g, "title")
        t.text = _minor_caption(minor, palette)
        if not parts:
            continue
        d = canvas.fixed_path("union:" + ",".join(parts))
        if minor.status == "aligned" and minor.aligned_with:
            colour = palette.colour(minor.aligned_with, strong=True)
            hid = f"hatch-{_safe_id(minor.aligned_with)}"
            if hid not in hatches:
                hatches.add(hid)
                pat = _sub(
                    defs,
                    "pattern",
                    id=hid,
                    patternUnits="userSpaceOnUse",
                    width=9,
                    height=9,
                    patternTransform="rotate(45)",
                )
                _sub(pat, "rect", x=0, y=0, width=3, height=9, fill=colour, opacity=0.55)
            _sub(g, "path", d=d, fill=f"url(#{hid})", stroke="none", fill_rule="evenodd")
            _sub(g, "path", d=d, fill="none", stroke=colour, stroke_width=2.6, stroke_linejoin="round")
        elif minor.status == "neutral":
            _sub(
                g,
                "path",
                d=d,
                fill="none",
                stroke="#2d2d2d",
                stroke_width=2,
                stroke_dasharray="7 4",
                stroke_linejoin="round",
            )
        else:
            _sub(
                g,
                "path",
                d=d,
                fill="#ffffff",
                fill_opacity=0.25,
                stroke="#6e6e6e",
                stroke_width=1.6,
                stroke_dasharray="2 3",
                stroke_linejoin="round",
            )

    # Coastline over the fills.
    _sub(
        root,
        "path",
        id="coastline",
        d=canvas.fixed_path("land"),
        fill="none",
        stroke=COAST,
        stroke_width=1.1,
        stroke_linejoin="round",
    )

    # Around each province's point: the unit on the point; below it a row with the centre marker, the province
    # id, the religious crosses and the minor-state status badge.
    labels_g = _sub(root, "g", id="labels", font_size=_fmt(LABEL_PX), text_anchor="middle")
    centres_g = _sub(root, "g", id="centres")
    markers_g = _sub(root, "g", id="markers")
    units_g = _sub(root, "g", id="units")
    seats: dict[str, str] = {}
    for minor_id in sorted(state.minors):
        seat = _seat(state.minors[minor_id], provinces)
        if seat is not None:
            seats.setdefault(seat, minor_id)
    for pid in sorted(geom.provinces):
        shape = geom.provinces[pid]
        x, y = canvas.xy(*shape.point)
        row = y + ROW_DY
        half = _label_width(pid) / 2
        is_sea = shape.type == "sea"
        _text(
            labels_g,
            x,
            row + LABEL_PX * 0.36,
            pid,
            halo=SEA_FILL if is_sea else "#ffffff",
            id=f"label-{_safe_id(pid)}",
            fill=SEA_LABEL if is_sea else INK,
            font_weight="bold",
            font_style="italic" if is_sea else None,
        )
        p = provinces.get(pid, {})
        if p.get("center"):
            _centre(centres_g, pid, p, x - half - 10, row, state, palette)
        seated = seats.get(pid)
        if seated is not None:
            _minor_badge(markers_g, seated, state.minors[seated], x + half + 3, row, palette)

    # Units.
    unplaced_units: list[Unit] = []
    for unit in sorted(state.units, key=lambda u: (u.dislodged, u.location)):
        point = _unit_point(geom, unit)
        if point is None:
            unplaced_units.append(unit)
            continue
        x, y = canvas.xy(*point)
        colour = palette.colour(unit.owner, strong=True)
        uid = f"unit-{_safe_id(unit.location)}" + ("-dislodged" if unit.dislodged else "")
        g = _sub(units_g, "g", id=uid, class_="unit army" if unit.kind == "A" else "unit fleet")
        t = _sub(g, "title")
        t.text = f"{palette.name(unit.owner)} {unit.kind} {unit.location}" + (" (dislodged)" if unit.dislodged else "")
        if unit.dislodged:
            x, y = x + 27, y - 9
            _sub(
                g,
                "circle",
                cx=_fmt(x),
                cy=_fmt(y - 0.5),
                r=11.5,
                fill="#ffffff",
                fill_opacity=0.6,
                stroke="#d11",
                stroke_width=2,
            )
        if unit.kind == "A":
            _army(g, x, y - 1, colour, 0.95 if unit.dislodged else 1.15)
        else:
            _fleet(g, x, y + 1, colour, 0.8 if unit.dislodged else 1.0)

    # Provinces with no position: still present, as empty groups, and named in the panel.
    for pid in geom.unplaced:
        g = _sub(root, "g", id=f"prov-{_safe_id(pid)}", class_="province unplaced")
        t = _sub(g, "title")
        t.text = f"{pid}: {provinces[pid].get('name', pid)} (no position on the map)"

    # Where each province's and coast's unit stands, for order arrows drawn over the map by a page.
    anchors_g = _sub(root, "g", id="anchors", visibility="hidden")
    for pid in sorted(geom.provinces):
        shape = geom.provinces[pid]
        coasts = ((f"{pid}/{coast}", point) for coast, point in sorted(shape.coast_points.items()))
        for loc, point in ((pid, shape.point), *coasts):
            ax, ay = canvas.xy(*point)
            _sub(anchors_g, "circle", id=f"at-{_safe_id(loc)}", cx=_fmt(ax), cy=_fmt(ay), r=1)

    if not panel:
        root.set("width", _fmt(map_w))
        root.set("height", _fmt(map_h))
        root.set("viewBox", f"0 0 {_fmt(map_w)} {_fmt(map_h)}")
        _sub(root, "rect", x=0, y=0, width=_fmt(map_w), height=_fmt(map_h), fill="none", stroke=INK, stroke_width=1.5)
        ET.indent(root, space="")
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"

    panel_h = _panel(root, game_map, state, viewer_inf, palette, map_w, geom.unplaced, unplaced_units)

    total_w, total_h = map_w + PANEL_WIDTH_PX, max(map_h, panel_h)
    root.set("width", _fmt(total_w))
    root.set("height", _fmt(total_h))
    root.set("viewBox", f"0 0 {_fmt(total_w)} {_fmt(total_h)}")
    panel_bg = _sub(root, "rect", x=_fmt(map_w), y=0, width=_fmt(PANEL_WIDTH_PX), height=_fmt(total_h), fill="#faf7ef")
    # The panel background goes under the panel's contents: move it just before the panel group.
    root.remove(panel_bg)
    panel_g = root.find("g[@id='panel']")
    index = list(root).index(panel_g) if panel_g is not None else len(root)
    root.insert(index, panel_bg)
    _sub(root, "rect", x=0, y=0, width=_fmt(map_w), height=_fmt(map_h), fill="none", stroke=INK, stroke_width=1.5)
    ET.indent(root, space="")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _minor_caption(minor: MinorState, palette: _Palette) -> str:
    if minor.status == "aligned" and minor.aligned_with:
        status = f"aligned with {palette.name(minor.aligned_with)}"
    else:
        status = minor.status
    crosses = ", ".join(CROSS_NAMES[m] for m in minor.markers)
    return f"{minor.name}: {status}" + (f"; {crosses}" if crosses else "")


def _panel(
    root: ET.Element,
    game_map: Mapping[str, Any],
    state: MapState,
    viewer_inf: InfView | None,
    palette: _Palette,
    x0: float,
    unplaced: list[str],
    unplaced_units: list[Unit],
) -> float:
    """The side panel; returns the height it needs."""
    g = _sub(root, "g", id="panel", font_size=11, fill=INK)
    x = x0 + 14
    y = 26.0
    title = state.title or str(game_map.get("name", ""))
    title_px = min(15.0, (PANEL_WIDTH_PX - 24) / (0.62 * max(len(title), 1)))
    _text(g, x, y, title, font_size=_fmt(title_px), font_weight="bold")
    y += 24

    # Powers: colour, centres held (from the state given), units.
    centres: dict[str, int] = {}
    values: dict[str, int] = {}
    provinces = game_map.get("provinces", {})
    for pid, owner in state.centre_owners.items():
        centres[owner] = centres.get(owner, 0) + 1
        values[owner] = values.get(owner, 0) + int(provinces.get(pid, {}).get("value", 1))
    units: dict[str, int] = {}
    for unit in state.units:
        units[unit.owner] = units.get(unit.owner, 0) + 1
    owners = list(palette.powers) + sorted(
        o for o in {*centres, *units} if o not in palette.powers and o not in state.minors
    )
    valued = any("value" in p for p in provinces.values())
    _text(g, x, y, "Powers", font_weight="bold", font_size=12)
    _text(g, x + 190, y, "centres", font_size=9.5, fill="#555", text_anchor="end")
    if valued:
        _text(g, x + 245, y, "value", font_size=9.5, fill="#555", text_anchor="end")
    _text(g, x + 300, y, "units", font_size=9.5, fill="#555", text_anchor="end")
    y += 6
    for owner in owners:
        y += 17
        _sub(
            g,
            "rect",
            x=_fmt(x),
            y=_fmt(y - 10),
            width=16,
            height=12,
            fill=palette.colour(owner, strong=True),
            stroke=INK,
            stroke_width=0.8,
        )
        _text(g, x + 22, y, palette.name(owner))
        _text(g, x + 190, y, str(centres.get(owner, 0)), text_anchor="end")
        if valued:
            _text(g, x + 245, y, str(values.get(owner, 0)), text_anchor="end")
        _text(g, x + 300, y, str(units.get(owner, 0)), text_anchor="end")
    y += 26

    # Key.
    _text(g, x, y, "Key", font_weight="bold", font_size=12)
    y += 20
    _army(g, x + 10, y - 5, "#bbbbbb", 0.9)
    _text(g, x + 24, y, "army")
    _fleet(g, x + 100, y - 3, "#bbbbbb")
    _text(g, x + 118, y, "fleet")
    if valued:
        _sub(g, "circle", cx=_fmt(x + 195), cy=_fmt(y - 4), r=8, fill="#8a8a8a", stroke=INK, stroke_width=1)
        _sub(g, "circle", cx=_fmt(x + 195), cy=_fmt(y - 4), r=5.3, fill="#ffffff")
        _text(g, x + 195, y - 0.8, "2", font_size=8.5, font_weight="bold", text_anchor="middle")
        _text(g, x + 208, y, "centre (value)")
    else:
        _sub(g, "circle", cx=_fmt(x + 195), cy=_fmt(y - 4), r=6.5, fill="#8a8a8a", stroke=INK, stroke_width=1)
        _sub(g, "circle", cx=_fmt(x + 195), cy=_fmt(y - 4), r=3.6, fill="#ffffff")
        _sub(g, "circle", cx=_fmt(x + 195), cy=_fmt(y - 4), r=1.7, fill=INK)
        _text(g, x + 208, y, "supply centre")
    y += 20
    # Only what this drawing shows: the crosses and minor statuses of a map with minor states, none for the rest.
    used_markers = {m for minor in state.minors.values() for m in minor.markers}
    for marker in RELIGIONS:
        if marker not in used_markers:
            continue
        _cross(g, x + 9, y - 4, marker)
        _text(g, x + 24, y, CROSS_NAMES[marker], font_size=10.5)
        y += 17
    y += 3
    used_statuses = {minor.status for minor in state.minors.values()}
    for letter, fill, label, style in (
        ("A", "#8a8a8a", "aligned: hatched in the power's colour", "aligned"),
        ("N", "#ffffff", "neutral: dashed outline", "neutral"),
        ("U", "#d0d0d0", "unaligned: dotted outline", "unaligned"),
    ):
        if style not in used_statuses:
            continue
        _sub(
            g,
            "rect",
            x=_fmt(x + 2.5),
            y=_fmt(y - 10.5),
            width=13,
            height=13,
            rx=2.5,
            fill=fill,
            stroke=INK,
            stroke_width=1,
            class_=f"key-status {style}",
        )
        _text(g, x + 9, y - 0.9, letter, font_size=9.5, font_weight="bold", text_anchor="middle", fill=_text_on(fill))
        _text(g, x + 24, y, label, font_size=10.5)
        y += 17
    y += 12

    # Minor states.
    if state.minors:
        _text(g, x, y, "Minor states", font_weight="bold", font_size=12)
        y += 4
        for mid in sorted(state.minors, key=lambda m: state.minors[m].name):
            minor = state.minors[mid]
            y += 15
            _sub(
                g,
                "rect",
                x=_fmt(x),
                y=_fmt(y - 9),
                width=10,
                height=10,
                fill=palette.colour(mid),
                stroke=INK,
                stroke_width=0.6,
            )
            if minor.status == "aligned" and minor.aligned_with:
                status = f"aligned: {palette.name(minor.aligned_with)}"
            else:
                status = minor.status
            _text(g, x + 15, y, f"{minor.name}", font_size=10)
            _text(g, x + 150, y, status, font_size=10)
            for i, marker in enumerate(minor.markers):
                _cross(g, x + 285 + 13 * i, y - 4, marker, size=5)
        y += 24

    # INF totals, as the viewer may see them.
    if viewer_inf is not None:
        y = _inf_table(g, viewer_inf, state, palette, x, y)

    if unplaced or unplaced_units:
        _text(g, x, y, "Not on the map", font_weight="bold", font_size=12)
        y += 16
        if unplaced:
            _text(g, x, y, "provinces: " + ", ".join(unplaced), font_size=10)
            y += 15
        for unit in unplaced_units:
            _text(g, x, y, f"{palette.name(unit.owner)} {unit.kind} {unit.location}", font_size=10)
            y += 15
    return y + 10


def _inf_table(g: ET.Element, view: InfView, state: MapState, palette: _Palette, x: float, y: float) -> float:
    table = _sub(g, "g", id="inf-table")
    _text(table, x, y, f"INF as seen by {palette.name(view.viewer)}", font_weight="bold", font_size=12)
    y += 18
    powers = [p for p in palette.powers if any(p in row for row in view.totals.values())]
    powers += sorted({p for row in view.totals.values() for p in row} - set(powers))
    col_w = min(42.0, (PANEL_WIDTH_PX - 140) / max(len(powers), 1))
    first_col = x + 120
    for i, power in enumerate(powers):
        cx = first_col + col_w * (i + 0.5)
        _sub(
            table,
            "rect",
            x=_fmt(cx - 8),
            y=_fmt(y - 10),
            width=16,
            height=6,
            fill=palette.colour(power, strong=True),
            stroke=INK,
            stroke_width=0.5,
        )
        _text(table, cx, y + 6, palette.name(power)[:3].upper(), font_size=9, font_weight="bold", text_anchor="middle")
    y += 8
    for row_index, minor_id in enumerate(sorted(view.totals, key=lambda m: _minor_name(m, state, palette))):
        y += 15
        if row_index % 2 == 0:
            _sub(
                table, "rect", x=_fmt(x - 2), y=_fmt(y - 11), width=_fmt(PANEL_WIDTH_PX - 24), height=15, fill="#efe8d6"
            )
        _text(table, x, y, _minor_name(minor_id, state, palette), font_size=10)
        row = view.totals[minor_id]
        for i, power in enumerate(powers):
            if power in row:
                cx = first_col + col_w * (i + 0.5)
                _text(
                    table,
                    cx,
                    y,
                    str(row[power]),
                    font_size=10,
                    text_anchor="middle",
                    id=f"inf-{_safe_id(minor_id)}-{_safe_id(power)}",
                )
    return y + 26


def _minor_name(minor_id: str, state: MapState, palette: _Palette) -> str:
    minor = state.minors.get(minor_id)
    return minor.name if minor else palette.name(minor_id)


def render_png(svg: str, *, scale: float = 1.0) -> bytes:
    """Rasterise an SVG drawing to PNG bytes (with CairoSVG, which needs the system's cairo library)."""
    try:
        import cairosvg  # type: ignore[import-untyped]
    except (ImportError, OSError) as exc:  # OSError: libcairo missing
        raise RuntimeError(f"PNG export needs CairoSVG and the cairo library: {exc}") from exc
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale, background_color="white")
    return png


def draw_png(
    game_map: Mapping[str, Any], state: MapState, viewer_inf: InfView | None = None, *, scale: float = 1.0
) -> bytes:
    """:func:`draw_svg`, rasterised to PNG."""
    return render_png(draw_svg(game_map, state, viewer_inf), scale=scale)
