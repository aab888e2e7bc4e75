"""The Here I Stand board as SVG, drawn from one role's view (already redacted: nothing hidden is in it).

:func:`draw` is a pure function of a view: the language zones tinted, the land links (passes dashed), the sea zones
as labels joined to their ports and to each other, each space as a marker by type (key a square, a capital a
square with a double border, an electorate a hexagon, a fortress a circle with a double ring, a town a small
circle) filled with its political controller's colour and ringed black when under Protestant religious influence;
its units as counters in their power's colour (``3r 2m 1c 2s``), leaders and reformers by name, and unrest (U),
a Jesuit university (J) and a siege (a red dashed ring). Every space's group has the id ``space-ID`` and
``data-space``; the page uses them to show and pick spaces. Positions come from ``data/board.json``
(:mod:`umpire.games.his2p.layout`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any
from xml.sax.saxutils import escape

from umpire.games.his2p.label_places import label_places
from umpire.games.his2p.layout import HEIGHT, WIDTH, Layout, load_layout, marker_half, project
from umpire.games.his2p.mapdata import HisMap, load_map
from umpire.games.his2p.people import load_people
from umpire.render.markup import el as _el
from umpire.render.markup import ink as _ink
from umpire.render.markup import text as _text

__all__ = ["COLOURS", "DRAWN_KEYS", "NAMES", "UNIT_LETTERS", "ZONE_TINTS", "draw", "unit_text"]

#: Political control colours, as on the game's own board.
COLOURS: Mapping[str, str] = {
    "papacy": "#7d3c98",
    "protestant": "#8b5a2b",
    "hapsburg": "#f1cc2b",
    "france": "#2f62c4",
    "england": "#d2322d",
    "ottoman": "#2f8f46",
    "venice": "#8cc8ec",
    "genoa": "#d8b98a",
    "scotland": "#5b7fa8",
    "hungary": "#c2956b",
    "independent": "#f4f4f0",
}
NAMES: Mapping[str, str] = {
    "papacy": "Papacy",
    "protestant": "Protestant",
    "hapsburg": "Hapsburg",
    "france": "France",
    "england": "England",
    "ottoman": "Ottoman",
    "venice": "Venice",
    "genoa": "Genoa",
    "scotland": "Scotland",
    "hungary": "Hungary",
    "independent": "Independent",
}
#: The language zones' tints, pale so that the control colours stay readable over them.
ZONE_TINTS: Mapping[str, str] = {
    "german": "#efd9a0",
    "french": "#c7daf2",
    "italian": "#cfe8c3",
    "english": "#f3cbc6",
    "spanish": "#e6d3ef",
}
#: A counter's letters: regulars, mercenaries, cavalry, naval squadrons, corsairs.
UNIT_LETTERS: Mapping[str, str] = {"regular": "r", "mercenary": "m", "cavalry": "c", "squadron": "s", "corsair": "k"}
SEA_COLOUR = "#3f78a8"
#: The parts of a view the drawing reads (what a cache of drawings is keyed by).
DRAWN_KEYS = ("turn", "spaces", "units", "leaders", "reformers", "sieges")
PAGE = "#f6f1e4"


def unit_text(counts: Mapping[str, int]) -> str:
    """A counter's text for one power's units in one place: ``3r 2m 1c 2s`` (kinds with none left out)."""
    return " ".join(f"{counts[k]}{letter}" for k, letter in UNIT_LETTERS.items() if counts.get(k))


def _shape(space_type: str, x: float, y: float, fill: str) -> str:
    """The marker of a space of ``space_type`` centred on (x, y)."""
    h = marker_half(space_type)
    edge = {"stroke": "#222", "stroke_width": "1.2"}
    if space_type in ("key", "capital"):
        out = _el("rect", x=f"{x - h:.1f}", y=f"{y - h:.1f}", width=2 * h, height=2 * h, fill=fill, **edge)
        if space_type == "capital":
            k = h - 2.6
            out += _el(
                "rect",
                x=f"{x - k:.1f}",
                y=f"{y - k:.1f}",
                width=f"{2 * k:.1f}",
                height=f"{2 * k:.1f}",
                fill="none",
                stroke="#222",
                stroke_width="0.9",
            )
        return out
    if space_type == "electorate":
        points = " ".join(
            f"{x + h * math.cos(math.radians(a)):.1f},{y + h * math.sin(math.radians(a)):.1f}"
            for a in range(0, 360, 60)
        )
        return _el("polygon", points=points, fill=fill, **edge)
    if space_type == "fortress":
        return _el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=h, fill=fill, **edge) + _el(
            "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=h - 2.6, fill="none", stroke="#222", stroke_width="0.9"
        )
    return _el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=h, fill=fill, **edge)


def _badge(x: float, y: float, letter: str, fill: str, title: str) -> str:
    return _el(
        "g",
        _el("title", escape(title))
        + _el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=4.6, fill=fill, stroke="#fff", stroke_width="0.8")
        + _text(x, y + 2.8, letter, font_size="7", font_weight="bold", fill="#fff", text_anchor="middle"),
        class_="badge",
    )


def _counters(x: float, y: float, units: Mapping[str, Mapping[str, int]]) -> tuple[str, float]:
    """One counter per power with units at a place, stacked down from (x, y); returns them and the y below."""
    out = []
    for power in sorted(units):
        text = unit_text(units[power])
        if not text:
            continue
        fill = COLOURS.get(power, "#999")
        w = 6.4 * len(text) + 6
        out.append(
            _el(
                "g",
                _el("title", escape(f"{NAMES.get(power, power)}: {text}"))
                + _el(
                    "rect",
                    x=f"{x - w / 2:.1f}",
                    y=f"{y:.1f}",
                    width=f"{w:.1f}",
                    height=12,
                    rx=2,
                    fill=fill,
                    stroke="#222",
                    stroke_width="0.6",
                )
                + _text(x, y + 9.4, text, font_size="10", font_weight="bold", fill=_ink(fill), text_anchor="middle"),
                class_="units",
                data_power=power,
            )
        )
        y += 13
    return "".join(out), y


def _people_lines(x: float, y: float, names: Iterable[tuple[str, str]]) -> str:
    out = []
    for name, kind in names:
        out.append(
            _text(
                x,
                y + 8.5,
                name,
                font_size="9.5",
                font_style="italic",
                text_anchor="middle",
                class_=kind,
                fill="#111",
                stroke=PAGE,
                stroke_width="2.4",
                paint_order="stroke",
            )
        )
        y += 11
    return "".join(out)


def _zones(board: HisMap, layout: Layout) -> str:
    """Each language zone as a soft tinted area (discs round its spaces, one opacity for the whole zone)."""
    out = []
    for zone, tint in ZONE_TINTS.items():
        discs = "".join(
            _el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=34)
            for sid, (x, y) in layout.spaces.items()
            if board.spaces[sid].language == zone
        )
        out.append(_el("g", discs, id=f"zone-{zone}", fill=tint, opacity="0.75", data_zone=zone))
    return _el("g", "".join(out), id="zones")


#: Where each language zone's name is written (longitude, latitude): an empty stretch of the zone or beside it.
ZONE_NAME_AT: Mapping[str, tuple[float, float]] = {
    "german": (9.0, 54.7),
    "french": (2.8, 44.7),
    "italian": (9.9, 41.5),
    "english": (-7.0, 53.3),
    "spanish": (-4.0, 39.2),
}


def _zone_names() -> str:
    out = []
    for zone in ZONE_TINTS:
        x, y = project(*ZONE_NAME_AT[zone])
        out.append(
            _text(
                x,
                y,
                f"{zone.upper()} ZONE",
                font_size="15",
                font_weight="bold",
                fill="#6b5a3a",
                opacity="0.6",
                text_anchor="middle",
                letter_spacing="3",
            )
        )
    return _el("g", "".join(out), id="zone-names", pointer_events="none")


def _links(board: HisMap, layout: Layout) -> str:
    out = []
    for sid in sorted(board.spaces):
        a = layout.spaces[sid]
        space = board.spaces[sid]
        for other in sorted(space.links | space.passes):
            if other < sid:
                continue
            b = layout.spaces[other]
            is_pass = other in space.passes
            out.append(
                _el(
                    "line",
                    x1=a[0],
                    y1=a[1],
                    x2=b[0],
                    y2=b[1],
                    class_="pass" if is_pass else "link",
                    stroke="#8a5a2b" if is_pass else "#6d6d6d",
                    stroke_width="1.6" if is_pass else "1",
                    stroke_dasharray="5 3" if is_pass else None,
                )
            )
        for sea in sorted(space.ports):
            b = layout.seas[sea]
            out.append(
                _el(
                    "line",
                    x1=a[0],
                    y1=a[1],
                    x2=b[0],
                    y2=b[1],
                    class_="port",
                    stroke=SEA_COLOUR,
                    stroke_width="0.8",
                    stroke_dasharray="1.5 3",
                    opacity="0.6",
                )
            )
    for sid in sorted(board.seas):
        a = layout.seas[sid]
        for other in sorted(board.seas[sid].links):
            if other < sid:
                continue
            b = layout.seas[other]
            out.append(
                _el(
                    "line",
                    x1=a[0],
                    y1=a[1],
                    x2=b[0],
                    y2=b[1],
                    class_="sea-link",
                    stroke=SEA_COLOUR,
                    stroke_width="2",
                    stroke_dasharray="8 5",
                    opacity="0.45",
                )
            )
    return _el("g", "".join(out), id="links")


def _who(view: Mapping[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """The named pieces at each place: army and naval leaders, reformers."""
    people = load_people()
    at: dict[str, list[tuple[str, str]]] = {}
    for lid, where in sorted((view.get("leaders") or {}).items()):
        leader = people.army_leaders.get(lid) or people.naval_leaders.get(lid)
        if isinstance(where, str):
            at.setdefault(where, []).append((leader.name if leader else lid.replace("_", " "), "leader"))
    for rid, where in sorted((view.get("reformers") or {}).items()):
        reformer = people.reformers.get(rid)
        if isinstance(where, str):
            at.setdefault(where, []).append(((reformer.name if reformer else rid) + " (reformer)", "reformer"))
    return at


def _seas(view: Mapping[str, Any], board: HisMap, layout: Layout, who: Mapping[str, list[tuple[str, str]]]) -> str:
    units = view.get("units") or {}
    out = []
    for sid, (x, y) in layout.seas.items():
        name = board.seas[sid].name
        body = _el("title", escape(name)) + _text(
            x,
            y,
            name,
            font_size="14",
            font_style="italic",
            font_weight="bold",
            fill=SEA_COLOUR,
            text_anchor="middle",
            stroke=PAGE,
            stroke_width="3",
            paint_order="stroke",
        )
        counters, below = _counters(x, y + 4, units.get(sid) or {})
        body += counters + _people_lines(x, below, who.get(sid, []))
        out.append(_el("g", body, id=f"sea-{sid}", class_="sea", data_sea=sid))
    return _el("g", "".join(out), id="seas")


def _spaces(view: Mapping[str, Any], board: HisMap, layout: Layout, who: Mapping[str, list[tuple[str, str]]]) -> str:
    shown = view.get("spaces") or {}
    units = view.get("units") or {}
    sieges = view.get("sieges") or {}
    marks, labels, pieces = [], [], []
    places = label_places()
    for sid, (x, y) in layout.spaces.items():
        space = board.spaces[sid]
        here = shown.get(sid) or {}
        control = str(here.get("control") or "independent")
        fill = COLOURS.get(control, COLOURS["independent"])
        h = marker_half(space.type)
        protestant = bool(here.get("protestant"))
        body = _el(
            "title",
            escape(
                f"{space.name}: {space.type}, {NAMES.get(control, control)} control, "
                f"{'Protestant' if protestant else 'Catholic'}"
                + (", unrest" if here.get("unrest") else "")
                + (", Jesuit university" if here.get("jesuit") else "")
                + (f", besieged by {NAMES.get(sieges[sid].get('besieger'), '?')}" if sid in sieges else "")
            ),
        )
        if protestant:
            body += _el(
                "circle",
                cx=f"{x:.1f}",
                cy=f"{y:.1f}",
                r=f"{h + 3.2:.1f}",
                fill="none",
                stroke="#111",
                stroke_width="2.6",
                class_="protestant",
            )
        body += _shape(space.type, x, y, fill)
        if sid in sieges:
            body += _el(
                "circle",
                cx=f"{x:.1f}",
                cy=f"{y:.1f}",
                r=f"{h + 6.5:.1f}",
                fill="none",
                stroke="#c4001d",
                stroke_width="1.8",
                stroke_dasharray="3 2",
                class_="siege",
            )
        if here.get("unrest"):
            body += _badge(x - h - 1, y - h - 1, "U", "#c4001d", "unrest")
        if here.get("jesuit"):
            body += _badge(x + h + 1, y - h - 1, "J", "#1f1f6e", "Jesuit university")
        marks.append(
            _el(
                "g",
                body,
                id=f"space-{sid}",
                class_=f"space {space.type}" + (" protestant" if protestant else " catholic"),
                data_space=sid,
                data_control=control,
            )
        )
        place = places[sid]
        labels.append(
            _text(
                place.x,
                place.y,
                space.name,
                font_size="11.5",
                text_anchor=None if place.anchor == "start" else place.anchor,
                fill="#111",
                stroke=PAGE,
                stroke_width="2.6",
                paint_order="stroke",
                class_="label",
                font_weight="bold" if space.is_key else None,
            )
        )
        counters, below = _counters(x, y + h + 2, units.get(sid) or {})
        people = _people_lines(x, below, who.get(sid, []))
        if counters or people:
            pieces.append(_el("g", counters + people, class_="pieces", data_space=sid))
    return (
        _el("g", "".join(marks), id="spaces")
        + _el("g", "".join(labels), id="labels", pointer_events="none")
        + _el("g", "".join(pieces), id="pieces")
    )


def _key() -> str:
    """The key, in the empty corners: the markers at the bottom left, the powers' colours at the bottom right."""
    x0, y0 = 12.0, HEIGHT - 150
    rows = [
        ("capital", "capital (key)"),
        ("key", "key"),
        ("electorate", "electorate"),
        ("fortress", "fortress"),
        ("town", "town (unfortified)"),
    ]
    out = [_el("rect", x=x0 - 6, y=y0 - 14, width=330, height=156, fill="#fffdf6", stroke="#999", rx=4)]
    out.append(_text(x0, y0, "Key", font_size="11", font_weight="bold"))
    for i, (kind, text) in enumerate(rows):
        y = y0 + 16 + 17 * i
        out.append(_shape(kind, x0 + 9, y, COLOURS["independent"]) + _text(x0 + 22, y + 3.5, text, font_size="10"))
    x1 = x0 + 140
    out.append(
        _el("circle", cx=x1 + 9, cy=y0 + 16, r=9.2, fill="none", stroke="#111", stroke_width="2.6")
        + _shape("town", x1 + 9, y0 + 16, COLOURS["independent"])
        + _text(x1 + 22, y0 + 19.5, "Protestant influence", font_size="10")
    )
    out.append(
        _shape("town", x1 + 9, y0 + 33, COLOURS["independent"]) + _text(x1 + 22, y0 + 36.5, "Catholic", font_size="10")
    )
    out.append(_badge(x1 + 9, y0 + 50, "U", "#c4001d", "unrest") + _text(x1 + 22, y0 + 53.5, "unrest", font_size="10"))
    out.append(
        _badge(x1 + 9, y0 + 67, "J", "#1f1f6e", "Jesuit university")
        + _text(x1 + 22, y0 + 70.5, "Jesuit university", font_size="10")
    )
    out.append(
        _el(
            "circle",
            cx=x1 + 9,
            cy=y0 + 85,
            r=7,
            fill="none",
            stroke="#c4001d",
            stroke_width="1.8",
            stroke_dasharray="3 2",
        )
        + _text(x1 + 22, y0 + 88.5, "siege", font_size="10")
    )
    out.append(
        _el(
            "line",
            x1=x0,
            y1=y0 + 110,
            x2=x0 + 26,
            y2=y0 + 110,
            stroke="#8a5a2b",
            stroke_width="1.6",
            stroke_dasharray="5 3",
        )
        + _text(x0 + 32, y0 + 113.5, "pass", font_size="10")
    )
    out.append(
        _el(
            "line",
            x1=x0 + 80,
            y1=y0 + 110,
            x2=x0 + 106,
            y2=y0 + 110,
            stroke=SEA_COLOUR,
            stroke_width="0.8",
            stroke_dasharray="1.5 3",
        )
        + _text(x0 + 112, y0 + 113.5, "port on a sea zone", font_size="10")
    )
    out.append(_text(x0, y0 + 132, "units: r regulars, m mercenaries, c cavalry,", font_size="10"))
    out.append(_text(x0, y0 + 144, "s naval squadrons, k corsairs", font_size="10"))
    xr, yr = WIDTH - 250, HEIGHT - 116
    out.append(_el("rect", x=xr - 8, y=yr - 14, width=252, height=124, fill="#fffdf6", stroke="#999", rx=4))
    out.append(_text(xr, yr, "Political control", font_size="11", font_weight="bold"))
    for i, power in enumerate(COLOURS):
        col, row = divmod(i, 6)
        x, y = xr + 122 * col, yr + 14 + 16 * row
        out.append(
            _el("rect", x=x, y=y - 5, width=11, height=11, fill=COLOURS[power], stroke="#222", stroke_width="0.8")
            + _text(x + 16, y + 4, NAMES[power], font_size="10")
        )
    return _el("g", "".join(out), id="key", data_key="1")


def draw(view: Mapping[str, Any], *, key: bool = True) -> str:
    """The board of ``view`` (one role's view of a ``his2p`` game) as an SVG document."""
    board, layout = load_map(), load_layout()
    who = _who(view)
    parts = [
        _el("rect", x=0, y=0, width=WIDTH, height=HEIGHT, fill=PAGE),
        _zones(board, layout),
        _zone_names(),
        _links(board, layout),
        _seas(view, board, layout, who),
        _spaces(view, board, layout, who),
    ]
    if key:
        parts.append(_key())
    title = f"Here I Stand, turn {view.get('turn')}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:g} {HEIGHT:g}" width="{WIDTH:g}" '
        f'height="{HEIGHT:g}" font-family="DejaVu Sans, Arial, sans-serif">'
        f"<title>{escape(title)}</title>" + "".join(parts) + "</svg>"
    )
