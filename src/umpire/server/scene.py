"""What the board draws for one view: the adapter between any ruleset's view and the web client's board.

:func:`scene` reads only the view it is given (already redacted for its role) and returns the drawing data that
``board.js`` understands, whatever the ruleset's own shapes:

- ``map``: the board to fetch from ``/api/boards/{map}`` (``view["map"]``, else the ruleset's name when a board
  of that id exists, as for Europe 1615);
- ``units``: ``[{"owner", "type", "loc", "unit", "dislodged"}]`` from the standard view's per-power lists
  (``{"FRANCE": ["A PAR", ...]}``) or Europe 1615's per-province records (``{"PAR": {"nation", "kind", "loc"}}``),
  dislodged units included;
- ``centres``: ``{centre: owner}`` from ``centers`` (per power) or ``owner`` (per province, centres only);
- ``owners``: ``{province: owner}`` of every owned province where the view says (Europe 1615's ``owner``);
- ``minors``: ``{state: {"status", "aligned_with", "markers"}}`` from Europe 1615's ``status`` and ``markers``:
  status ``aligned``/``neutral``/``unaligned`` and the crosses (``protestant``, ``catholic``, ``grey``,
  ``white``) as the map drawing names them;
- ``nations``: ``{state: {"name", "colour", "kind", "provinces", "seat"}}`` of the states created during play
  (Europe 1615's ``new_minors``, the free states of an abandoned power), which the board's own ``nations`` do
  not know: the board draws their status, crosses and units as it does the map's minor states.

A view the board cannot draw (no map, or units in an unknown shape) gives ``None``: the page then shows the view
as it is.
"""

from __future__ import annotations

import zlib
from typing import Any

from umpire.render.markup import pale
from umpire.server.boards import RR3_BOARD, board, has_board, has_rr3_board

UNIT_TYPES = ("A", "F")
CROSSES = ("protestant", "catholic")


def map_of(view: dict[str, Any]) -> str | None:
    """The id of the board a view is drawn on, or None."""
    for key in ("map", "ruleset"):
        value = view.get(key)
        if isinstance(value, str) and value and has_board(value):
            return value
    return None


def _unit(owner: Any, kind: Any, loc: Any, dislodged: bool) -> dict[str, Any] | None:
    if not (isinstance(owner, str) and isinstance(kind, str) and isinstance(loc, str)):
        return None
    kind = kind.upper()
    if kind not in UNIT_TYPES or not loc:
        return None
    return {"owner": owner, "type": kind, "loc": loc, "unit": f"{kind} {loc}", "dislodged": dislodged}


def _from_record(record: Any, dislodged: bool) -> dict[str, Any] | None:
    """A unit as a record ``{"nation", "kind", "loc"}`` (Europe 1615)."""
    if not isinstance(record, dict):
        return None
    return _unit(record.get("nation"), record.get("kind"), record.get("loc"), dislodged)


def _from_text(owner: str, text: Any, dislodged: bool) -> dict[str, Any] | None:
    """A unit in order notation, ``"A PAR"`` or ``"F STP/NC"``."""
    if not isinstance(text, str):
        return None
    parts = text.split()
    if len(parts) != 2:
        return None
    return _unit(owner, parts[0], parts[1], dislodged)


def units_of(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every unit of the view, on the board and dislodged, whichever shape the ruleset uses: those on the board,
    then the dislodged (drawn over them), each in the order of their places, so that an answer never depends on
    the order a ruleset keeps them in."""
    out: list[dict[str, Any]] = []
    units = view.get("units")
    if isinstance(units, dict):
        for key, value in units.items():
            if isinstance(value, list):  # {power: ["A PAR", ...]}
                out.extend(u for u in (_from_text(key, t, False) for t in value) if u)
            else:  # {province: {"nation", "kind", "loc"}}
                u = _from_record(value, False)
                if u:
                    out.append(u)
    dislodged = view.get("dislodged")
    if isinstance(dislodged, dict):
        for key, value in dislodged.items():
            if isinstance(value, dict) and isinstance(value.get("unit"), dict):  # {province: {"unit": {...}}}
                u = _from_record(value["unit"], True)
                if u:
                    out.append(u)
            elif isinstance(value, (dict, list)):  # {power: {"A PAR": ...}} or {power: ["A PAR"]}
                out.extend(u for u in (_from_text(key, t, True) for t in value) if u)
    return sorted(out, key=lambda u: (bool(u.get("dislodged")), u["loc"], u.get("owner") or ""))


def _owners(view: dict[str, Any], provinces: dict[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """(centre owners, province owners) as the view gives them."""
    centres: dict[str, str] = {}
    owners: dict[str, str] = {}
    centers = view.get("centers")
    if isinstance(centers, dict):
        for power, cs in centers.items():
            if isinstance(cs, list):
                for c in cs:
                    if isinstance(c, str) and c in provinces:
                        centres[c] = power
    owner = view.get("owner")
    if isinstance(owner, dict):
        for prov, who in owner.items():
            if isinstance(who, str) and prov in provinces:
                owners[prov] = who
                if provinces[prov].get("center"):
                    centres.setdefault(prov, who)
    return centres, owners


def _markers(raw: Any) -> list[str]:
    if not isinstance(raw, dict):
        return []
    out: list[str] = []
    if raw.get("white"):
        out.append("white")
    if raw.get("grey"):
        out.append("grey")
    elif raw.get("confession") in CROSSES:
        out.append(str(raw["confession"]))
    return out


def _minors(view: dict[str, Any], nations: dict[str, Any]) -> dict[str, dict[str, Any]]:
    status = view.get("status")
    markers = view.get("markers")
    out: dict[str, dict[str, Any]] = {}
    if not isinstance(status, dict):
        return out
    for mid, st in status.items():
        if mid not in nations or not isinstance(st, dict):
            continue
        kind = str(st.get("kind", "")).lower()
        if kind not in ("aligned", "neutral", "unaligned"):
            continue
        power = st.get("power")
        out[mid] = {
            "status": kind,
            "aligned_with": power if kind == "aligned" and isinstance(power, str) else None,
            "markers": _markers(markers.get(mid) if isinstance(markers, dict) else None),
        }
    if isinstance(markers, dict):  # a state with crosses but no status of its own
        for mid, raw in markers.items():
            if mid in nations and mid not in out and _markers(raw):
                out[mid] = {"status": None, "aligned_with": None, "markers": _markers(raw)}
    return out


def _new_nations(view: dict[str, Any], data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The states created during play (``new_minors``) as the board's nations: a name, a pale colour that depends
    on the state's id only (so it stays the same from phase to phase), its provinces and its seat (its centre)."""
    raw = view.get("new_minors")
    if not isinstance(raw, dict):
        return {}
    known, provinces = data["nations"], data["provinces"]
    out: dict[str, dict[str, Any]] = {}
    for mid, info in raw.items():
        if not isinstance(mid, str) or mid in known or not isinstance(info, dict):
            continue
        provs = [p for p in info.get("provinces", []) if isinstance(p, str) and p in provinces]
        centre = info.get("centre")
        seat: str | None = centre if isinstance(centre, str) and centre in provinces else None
        if seat is None and provs:
            seat = provs[0]
        out[mid] = {
            "name": str(info.get("name", mid)),
            "colour": pale(zlib.crc32(mid.encode()) % 97),
            "kind": "minor",
            "provinces": provs,
            "seat": seat,
        }
    return out


def scene(view: dict[str, Any]) -> dict[str, Any] | None:
    """The board's drawing data for ``view`` (see the module's docstring), or None if it has no board."""
    if view.get("ruleset") == RR3_BOARD:
        # Renaissance and Reformation's page draws its areas, owners and counters from the view's own "map".
        return {"map": RR3_BOARD, "kind": "rr3"} if has_rr3_board() else None
    map_id = map_of(view)
    if map_id is None:
        return None
    data = board(map_id)
    provinces = data["provinces"]
    units = [u for u in units_of(view) if u["loc"].split("/", 1)[0] in provinces]
    centres, owners = _owners(view, provinces)
    created = _new_nations(view, data)
    return {
        "map": map_id,
        "units": units,
        "centres": centres,
        "owners": owners,
        "minors": _minors(view, {**data["nations"], **created}),
        "nations": created,
    }
