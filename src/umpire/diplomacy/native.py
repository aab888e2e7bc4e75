"""The backend of the movement adjudicator: the native core (``_cresolver``, C) or the Python reference.

The native core mirrors ``resolver._Movement`` and ``contract._movement`` step by step on integer tables (a
map's provinces, locations and adjacencies, built here once per map) and builds the whole answer of a standard
movement case.  It is used when the extension was built (``pip install`` compiles it when a C compiler is
there; without one the install still succeeds) and the variant's policy is the standard one; it hands a case
back to the Python path (returning None) for anything it does not take on: an error in the case, orders in
compact notation, several orders to one unit, an order naming another type or coast than the board's.  Both
give the same answers (tests/diplomacy/test_native.py compares them on the DATC and on random positions).

``UMPIRE_NATIVE=0`` in the environment forces the Python path; :func:`backend` says which is in use and
:func:`set_backend` switches (tests, benchmarks).
"""

from __future__ import annotations

import importlib
import os
import struct
from typing import Any, Literal, NamedTuple

from umpire.diplomacy.map import GameMap
from umpire.diplomacy.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove, Waive

__all__ = [
    "Backend",
    "Indexes",
    "available",
    "backend",
    "fast",
    "fast_maps",
    "indexes",
    "native_map",
    "order_fields",
    "set_backend",
]

Backend = Literal["native", "python"]

_core: Any
try:
    _core = importlib.import_module("umpire.diplomacy._cresolver")
except ImportError:  # not built (no compiler at install time): the Python path does everything
    _core = None

#: Whether movement cases go to the native core (read by contract.adjudicate on every case).
enabled: bool = _core is not None and os.environ.get("UMPIRE_NATIVE", "1").strip() != "0"

#: ``fast(case, fast_maps)``: the answer of a standard movement case of a variant in ``fast_maps``, or None.
fast: Any = _core.fast if _core is not None else None

#: The variants whose movement cases the native core answers whole, by name (contract fills it on the first
#: movement case of a variant with the standard policy; ``register_variant`` drops a name it redefines).
fast_maps: dict[str, Any] = {}

# Order codes, as _cresolver.c reads them.
_HOLD, _MOVE, _SUPHOLD, _SUPMOVE, _CONVOY, _UNREADABLE, _WAIVE, _FALLBACK = range(1, 9)
_PACK = struct.Struct("11i").pack
_CANON = 1 << 20  # in a unit or centre code: the text is already the canonical one
_PT = {"land": 0, "sea": 1, "coast": 2}


def available() -> bool:
    """Whether the native core was built and can be imported."""
    return _core is not None


def backend() -> Backend:
    """The backend standard movement phases go to now: ``"native"`` or ``"python"``."""
    return "native" if enabled else "python"


def set_backend(name: Backend) -> Backend:
    """Send standard movement phases to ``name`` from now on; returns the previous backend.  ``"native"``
    raises RuntimeError when the extension is not built."""
    global enabled
    previous = backend()
    if name == "native":
        if _core is None:
            raise RuntimeError("the native adjudicator (umpire.diplomacy._cresolver) is not built")
        enabled = True
    elif name == "python":
        enabled = False
    else:
        raise ValueError(f"unknown backend {name!r}: expected 'native' or 'python'")
    return previous


_MAPS: dict[GameMap, Any] = {}


def native_map(gm: GameMap) -> Any:
    """The native tables of ``gm`` (built on first use), or None without the extension or for a map it cannot
    hold (then the Python path adjudicates)."""
    got = _MAPS.get(gm)
    if got is None and _core is not None:
        if len(_MAPS) >= 64:  # maps built on the fly (tests, tools) must not pile up
            _MAPS.clear()
        try:
            got = _core.Map(_spec(gm))
        except (ValueError, TypeError, KeyError, OverflowError):
            got = False
        _MAPS[gm] = got
    return got or None


class Indexes(NamedTuple):
    """A map's provinces and locations as the native core numbers them (every province is a location too: an
    army's, or a fleet's without coasts)."""

    provinces: tuple[str, ...]
    locations: tuple[str, ...]
    province_index: dict[str, int]
    location_index: dict[str, int]


_INDEXES: dict[GameMap, Indexes] = {}


def indexes(gm: GameMap) -> Indexes:
    """The native numbering of ``gm``'s provinces and locations (built once per map)."""
    got = _INDEXES.get(gm)
    if got is None:
        if len(_INDEXES) >= 64:
            _INDEXES.clear()
        provs = list(gm.provinces)
        locs = list(gm.province_of)
        for p in provs:
            if p not in gm.province_of:
                locs.append(p)
        got = _INDEXES[gm] = Indexes(
            tuple(provs), tuple(locs), {p: i for i, p in enumerate(provs)}, {loc: i for i, loc in enumerate(locs)}
        )
    return got


def order_fields(gm: GameMap, order: Order) -> tuple[int, ...]:
    """A hold, move, support or convoy as the core's order fields (type, unit type, location, province, target
    type, location and province, destination location and province, by convoy); the type is ``_FALLBACK`` for
    anything the core leaves to the Python path (other orders, a type left out, a convoy naming a coast)."""
    ix = indexes(gm)
    pidx, lidx, prov_of = ix.province_index, ix.location_index, gm.province_of
    fallback = (_FALLBACK, *[-1] * 9)
    if isinstance(order, Waive) or order.unit is None:
        return fallback
    head = (0 if order.unit == "A" else 1, lidx[order.loc], pidx[prov_of[order.loc]])
    if isinstance(order, Hold):
        return (_HOLD, *head, -1, -1, -1, -1, -1, 0)
    if isinstance(order, Move):
        return (_MOVE, *head, -1, -1, -1, lidx[order.dest], pidx[prov_of[order.dest]], int(order.via_convoy))
    if isinstance(order, SupportHold | SupportMove) and order.target_unit is not None:
        target = (0 if order.target_unit == "A" else 1, lidx[order.target], pidx[prov_of[order.target]])
        if isinstance(order, SupportHold):
            return (_SUPHOLD, *head, *target, -1, -1, 0)
        return (_SUPMOVE, *head, *target, lidx[order.dest], pidx[prov_of[order.dest]], 0)
    if isinstance(order, Convoy) and order.target in pidx and order.dest in pidx:
        return (_CONVOY, *head, 0, lidx[order.target], pidx[order.target], lidx[order.dest], pidx[order.dest], 0)
    return fallback


def _spec(gm: GameMap) -> dict[str, Any]:
    """A map's tables as lists of ints for ``_cresolver.Map``."""
    ix = indexes(gm)
    provs, locs, pidx, lidx = list(ix.provinces), list(ix.locations), ix.province_index, ix.location_index
    prov_of = [pidx[gm.province_of.get(loc, loc)] for loc in locs]
    unit_texts = tuple(f"{k} {loc}" for k in ("A", "F") for loc in locs)
    powers = list(gm.powers)

    def ranks(names: list[str] | tuple[str, ...]) -> list[int]:
        order = sorted(range(len(names)), key=lambda i: names[i])
        out = [0] * len(names)
        for r, i in enumerate(order):
            out[i] = r
        return out

    def read_unit(text: str) -> int:
        from umpire.diplomacy.contract import CaseError, _unit

        try:
            u = _unit(gm, powers[0], text, "units")
        except CaseError:
            return -1
        code = (0 if u.kind == "A" else 1) * len(locs) + lidx[u.loc]
        return code | _CANON if text == f"{u.kind} {u.loc}" else code

    def read_center(text: str) -> int:
        c = text.upper()
        if c not in gm.centers:
            return -1
        return pidx[c] | _CANON if c == text else pidx[c]

    def read_order(text: str) -> tuple[bytes, str, str]:
        from umpire.diplomacy.contract import _read_order

        order, prov, canon, why = _read_order(gm, "M", text)
        if order is None:
            return _PACK(_UNREADABLE, *[-1] * 10), canon, why
        if isinstance(order, Waive):
            return _PACK(_WAIVE, *[-1] * 10), canon, why
        if why or not prov or order.unit is None:
            return _PACK(_FALLBACK, *[-1] * 10), canon, why
        fields = order_fields(gm, order)
        if fields[0] == _FALLBACK:
            return _PACK(_FALLBACK, *[-1] * 10), canon, why
        return _PACK(*fields, int(canon == text)), canon, ""

    def canon_unit(code: int) -> int:
        """1 when the canonical text of unit ``code`` reads as that unit, canonical (the core then reads it
        itself)."""
        return int(read_unit(unit_texts[code]) == code | _CANON)

    seas = gm.convoy_seas
    return {
        "prov_names": tuple(provs),
        "loc_names": tuple(locs),
        "power_names": tuple(powers),
        "unit_texts": unit_texts,
        "power_index": {p: i for i, p in enumerate(powers)},
        "prov_of": prov_of,
        "ptype": [_PT[gm.provinces[p].type] for p in provs],
        "prov_loc": [lidx[p] for p in provs],
        "loc_rank": ranks(locs),
        "unit_rank": ranks(unit_texts),
        "prov_rank": ranks(provs),
        "power_rank": ranks(powers),
        "is_center": [int(p in gm.centers) for p in provs],
        "canon_units": [canon_unit(code) for code in range(len(unit_texts))],
        "coasts": [[lidx[c] for c in gm.coasts.get(p, ())] for p in provs],
        "homes": [[pidx[c] for c in gm.homes.get(w, ())] for w in powers],
        "army_adj": [[pidx[q] for q in gm.army_adj.get(p, ())] for p in provs],
        "fleet_adj": [[lidx[q] for q in gm.fleet_adj.get(loc, ())] for loc in locs],
        "fleet_reach": [[pidx[q] for q in gm.fleet_reach.get(loc, ())] for loc in locs],
        "touches": [[pidx[q] for q in gm.sea_touches.get(p, ())] if p in seas else [] for p in provs],
        "links": [[pidx[q] for q in gm.sea_links.get(p, ())] if p in seas else [] for p in provs],
        "seas": [[pidx[p] for p in seas]],
        "read_unit": read_unit,
        "read_order": read_order,
        "read_center": read_center,
    }
