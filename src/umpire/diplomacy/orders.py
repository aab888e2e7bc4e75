"""Diplomacy orders: frozen dataclasses, a forgiving parser and the canonical formatter.

Accepted notation (case-insensitive; ``(NC)``, ``/NC`` and a separate ``NC`` token all name a coast)::

    A PAR - BUR        A PAR -> BUR        A PAR MOVE BUR      A LON - NWY VIA [CONVOY]   A LON - NWY BY CONVOY
    A PAR H            A PAR HOLD(S)       A PAR S A MAR - BUR A PAR S MAR - BUR          A PAR SUPPORTS A MAR
    F NTH C A LON - NWY                    F NTH CONVOYS LON - NWY
    A BUR R PAR        RETREAT A BUR - PAR A BUR - PAR (in a retreat phase)
    A BUR D            DISBAND A BUR       REMOVE A BUR        A BUR DISBAND
    F LON B            BUILD F LON         F STP/NC BUILD      WAIVE

and the compact form of the Europe 1615 seed, where the unit type is left out and looked up on the board:
``PAR-CHA``, ``NORM S PAR-CHA``, ``BRIT HOLD``, ``PRO S SAV HOLD``.  A convoy path written as
``A LON - NTH - NWY`` is accepted and the path ignored (DATC 4.A.6, choice a).  A coast that the province does
not have, or a coast on a province without coasts, is dropped (DATC 4.B.6, choice b).

``format_order`` gives the canonical form: upper case, single spaces, ``-``, ``H``, ``S``, ``C``, ``VIA``,
``R``, ``B``, ``D``, ``WAIVE`` and coasts as ``/NC``; ``parse_order(format_order(o)) == o``.

Parsing is cached per (map, phase kind, text), and filling in omitted unit types from the board per
(parsed order, unit types found on the board), so recurring texts cost one dictionary lookup; a text already in
canonical form is read by plain splitting (about 1 µs) before the full reader is tried.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from umpire.diplomacy.map import GameMap, UnitType

__all__ = [
    "Build",
    "Convoy",
    "Disband",
    "Hold",
    "Move",
    "Order",
    "OrderError",
    "PhaseKind",
    "Retreat",
    "SupportHold",
    "SupportMove",
    "Waive",
    "format_order",
    "parse_order",
]

PhaseKind = Literal["M", "R", "A"]


@dataclass(frozen=True, slots=True)
class Hold:
    unit: UnitType | None
    loc: str


@dataclass(frozen=True, slots=True)
class Move:
    unit: UnitType | None
    loc: str
    dest: str
    via_convoy: bool = False


@dataclass(frozen=True, slots=True)
class SupportHold:
    unit: UnitType | None
    loc: str
    target_unit: UnitType | None
    target: str


@dataclass(frozen=True, slots=True)
class SupportMove:
    unit: UnitType | None
    loc: str
    target_unit: UnitType | None
    target: str
    dest: str


@dataclass(frozen=True, slots=True)
class Convoy:
    unit: UnitType | None
    loc: str
    target: str  # the convoyed army's province
    dest: str


@dataclass(frozen=True, slots=True)
class Retreat:
    unit: UnitType | None
    loc: str
    dest: str


@dataclass(frozen=True, slots=True)
class Disband:
    unit: UnitType | None
    loc: str


@dataclass(frozen=True, slots=True)
class Build:
    unit: UnitType | None  # None: type left out (DATC 4.C.3 decides)
    loc: str


@dataclass(frozen=True, slots=True)
class Waive:
    pass


Order = Hold | Move | SupportHold | SupportMove | Convoy | Retreat | Disband | Build | Waive


class OrderError(ValueError):
    """An order that cannot be read.  ``token`` is the offending token (or ``""`` at the end of the text),
    ``position`` its 1-based index, and the message says why and what was expected."""

    def __init__(self, text: str, position: int, token: str, why: str, expected: str) -> None:
        at_end = " at the end of the order" if text.strip() else ""
        where = f" at token {position} {token!r}" if token else at_end
        super().__init__(f"bad order {text!r}: {why}{where}; expected {expected}")
        self.text = text
        self.position = position
        self.token = token
        self.why = why
        self.expected = expected


# --------------------------------------------------------------------------------------------- formatting


def _u(unit: str | None, loc: str) -> str:
    return f"{unit} {loc}" if unit else loc


def format_order(order: Order) -> str:
    """The canonical text of an order, e.g. ``A PAR S A MAR - BUR`` or ``F STP/NC B``."""
    if isinstance(order, Move):
        text = f"{_u(order.unit, order.loc)} - {order.dest}"
        return f"{text} VIA" if order.via_convoy else text
    if isinstance(order, Hold):
        return f"{_u(order.unit, order.loc)} H"
    if isinstance(order, SupportMove):
        return f"{_u(order.unit, order.loc)} S {_u(order.target_unit, order.target)} - {order.dest}"
    if isinstance(order, SupportHold):
        return f"{_u(order.unit, order.loc)} S {_u(order.target_unit, order.target)}"
    if isinstance(order, Convoy):
        return f"{_u(order.unit, order.loc)} C A {order.target} - {order.dest}"
    if isinstance(order, Retreat):
        return f"{_u(order.unit, order.loc)} R {order.dest}"
    if isinstance(order, Disband):
        return f"{_u(order.unit, order.loc)} D"
    if isinstance(order, Build):
        return f"{_u(order.unit, order.loc)} B"
    return "WAIVE"


# ------------------------------------------------------------------------------------------------ parsing

_HOLD = frozenset({"H", "HOLD", "HOLDS", "STAND", "STANDS"})
_SUPPORT = frozenset({"S", "SUP", "SUPPORT", "SUPPORTS"})
_CONVOY = frozenset({"C", "CONVOY", "CONVOYS"})
_MOVE = frozenset({"-", "M", "MOVE", "MOVES", "TO"})
_RETREAT = frozenset({"R", "RETREAT", "RETREATS"})
_BUILD = frozenset({"B", "BUILD", "BUILDS"})
_DISBAND = frozenset({"D", "DISBAND", "DISBANDS", "REMOVE", "REMOVES"})
_WAIVE = frozenset({"WAIVE", "WAIVES"})
_TYPES: dict[str, UnitType] = {"A": "A", "ARMY": "A", "F": "F", "FLEET": "F"}
_ACTIONS = "an action: '-' (move), H, S, C, R, B or D"

_COAST_PAREN = re.compile(r"\s*\(\s*([A-Z]*)\s*\)")
_SLASH = re.compile(r"\s*/\s*")
_ARROW = re.compile(r"->|→|–|—|=>")
_TOKEN = re.compile(r"[A-Z0-9]+(?:/[A-Z0-9]*)?|-|\S")


class _Reader:
    __slots__ = ("gm", "i", "text", "toks")

    def __init__(self, gm: GameMap, text: str) -> None:
        self.gm = gm
        self.text = text
        norm = _ARROW.sub(" - ", text.upper())
        norm = _COAST_PAREN.sub(r"/\1 ", norm)
        norm = _SLASH.sub("/", norm).strip().rstrip(".").strip()
        self.toks: list[str] = _TOKEN.findall(norm)
        self.i = 0

    def peek(self) -> str:
        return self.toks[self.i] if self.i < len(self.toks) else ""

    def take(self) -> str:
        tok = self.peek()
        self.i += 1
        return tok

    def fail(self, why: str, expected: str, back: int = 0) -> OrderError:
        pos = self.i - back
        tok = self.toks[pos] if 0 <= pos < len(self.toks) else ""
        return OrderError(self.text, pos + 1, tok, why, expected)

    def end(self) -> None:
        if self.i < len(self.toks):
            raise self.fail("unexpected text after a complete order", "nothing more")

    def unit_type(self) -> UnitType | None:
        kind = _TYPES.get(self.peek())
        if kind is not None and self.i + 1 < len(self.toks) and self._is_province(self.toks[self.i + 1]):
            self.i += 1
            return kind
        return None

    def _is_province(self, tok: str) -> bool:
        return tok.split("/", 1)[0] in self.gm.provinces

    def loc(self, what: str) -> str:
        tok = self.peek()
        if not tok:
            raise self.fail(f"missing {what}", "a province id such as BUR")
        prov, _, coast = tok.partition("/")
        if prov not in self.gm.provinces:
            why = f"unknown province {prov!r}" if re.fullmatch(r"[A-Z]+", prov) else f"{tok!r} is not a province"
            raise self.fail(why, f"{what}: a province id of map {self.gm.id!r}")
        self.i += 1
        coasts = self.gm.coasts.get(prov)
        if not coast and coasts and f"{prov}/{self.peek()}" in coasts:
            coast = self.take()
        if coast and coasts and f"{prov}/{coast}" in coasts:
            return f"{prov}/{coast}"
        return prov  # no coast, or one the province does not have (DATC 4.B.6: ignored)

    def via(self) -> bool:
        tok = self.peek()
        if tok == "VIA":
            self.i += 1
            if self.peek() == "CONVOY":
                self.i += 1
            return True
        if tok == "BY":
            self.i += 1
            if self.take() != "CONVOY":
                raise self.fail("'BY' must be followed by CONVOY", "BY CONVOY", back=1)
            return True
        return False


def parse_order(
    text: str,
    game_map: GameMap,
    *,
    phase: PhaseKind | None = None,
    units: Mapping[str, UnitType] | None = None,
) -> Order:
    """Parse one order.  ``phase`` ('M', 'R' or 'A') lets ``A BUR - PAR`` mean a retreat in a retreat phase;
    ``units`` (province -> 'A'/'F', the board) fills in unit types the text leaves out.  Raises
    :class:`OrderError` naming the token, the problem and what was expected."""
    # ruling STD-D03: a nationality in a support is not part of the notation (unreadable, void)
    order = _parse_cached(game_map, phase, text)
    if units is not None:
        order = fill_unit_types(order, units)
    return order


def fill_unit_types(order: Order, units: Mapping[str, UnitType]) -> Order:
    """Fill the unit types an order left out from the board (province -> type); others are kept."""
    if isinstance(order, Waive | Build):
        return order
    t1 = order.unit
    if t1 is None:
        t1 = units.get(order.loc.split("/", 1)[0])
    t2: UnitType | None = None
    if isinstance(order, SupportHold | SupportMove):
        t2 = order.target_unit
        if t2 is None:
            t2 = units.get(order.target.split("/", 1)[0])
    return _fill(order, t1, t2)


@lru_cache(maxsize=16384)
def _fill(order: Order, t1: UnitType | None, t2: UnitType | None) -> Order:
    if isinstance(order, Waive | Build):
        return order
    if isinstance(order, SupportHold | SupportMove):
        if order.unit == t1 and order.target_unit == t2:
            return order
        return replace(order, unit=t1, target_unit=t2)
    if order.unit == t1:
        return order
    return replace(order, unit=t1)


@lru_cache(maxsize=65536)
def _parse_cached(game_map: GameMap, phase: PhaseKind | None, text: str) -> Order:
    fast = _parse_canonical(game_map, phase, text)
    return fast if fast is not None else _parse_text(game_map, phase, text)


def _parse_canonical(game_map: GameMap, phase: PhaseKind | None, text: str) -> Order | None:
    """The canonical notation (what ``format_order`` writes), read with plain splitting; None otherwise.
    Gives exactly what the full reader gives, only faster: it accepts nothing the reader would read otherwise."""
    w = text.split(" ")
    n = len(w)
    if n < 3 or w[0] not in _UNIT_CHARS:
        return Waive() if text == "WAIVE" else None
    locs = game_map.province_of
    kind: UnitType = "A" if w[0] == "A" else "F"
    loc, act = w[1], w[2]
    if loc not in locs:
        return None
    if act == "-" and (n == 4 or (n == 5 and w[4] == "VIA")) and w[3] in locs:
        if phase == "R":
            return Retreat(kind, loc, w[3]) if n == 4 else None
        return Move(kind, loc, w[3], n == 5)
    if n == 3:
        if act == "H":
            return Hold(kind, loc)
        if act == "D":
            return Disband(kind, loc)
        if act == "B":
            return Build(kind, loc)
        return None
    if act == "S" and n in (5, 7) and w[3] in _UNIT_CHARS and w[4] in locs:
        tkind: UnitType = "A" if w[3] == "A" else "F"
        if n == 5:
            return SupportHold(kind, loc, tkind, w[4])
        if w[5] == "-" and w[6] in locs:
            return SupportMove(kind, loc, tkind, w[4], w[6])
        return None
    if (
        act == "C"
        and n == 7
        and w[3] == "A"
        and w[5] == "-"
        and w[4] in game_map.provinces
        and w[6] in game_map.provinces
    ):
        return Convoy(kind, loc, w[4], w[6])
    if act == "R" and n == 4 and w[3] in locs:
        return Retreat(kind, loc, w[3])
    return None


_UNIT_CHARS = frozenset({"A", "F"})


def _parse_text(game_map: GameMap, phase: PhaseKind | None, text: str) -> Order:
    r = _Reader(game_map, text)
    if not r.toks:
        raise OrderError(text, 1, "", "empty order", "an order such as 'A PAR - BUR'")
    first = r.peek()
    if first in _WAIVE:
        r.take()
        r.end()
        return Waive()
    if first in ("BUILD", "DISBAND", "REMOVE", "RETREAT") and not r._is_province(first):
        r.take()
        kind = r.unit_type()
        loc = r.loc("the unit's province")
        if first == "BUILD":
            r.end()
            return Build(kind, loc)
        if first == "RETREAT":
            tok = r.take()
            if tok not in _MOVE and tok not in _RETREAT:
                raise r.fail("a retreat needs a destination", "'-' or R then a province", back=1)
            dest = r.loc("the retreat destination")
            r.end()
            return Retreat(kind, loc, dest)
        r.end()
        return Disband(kind, loc)

    kind = r.unit_type()
    if kind is None and first in _TYPES and not r._is_province(first):
        r.take()
        if not r.peek():
            raise r.fail("missing province", "a province id after the unit type")
        raise r.fail(f"unknown province {r.peek()!r}", f"a province id of map {game_map.id!r}")
    if kind is None and not r._is_province(first) and len(r.toks) > 1 and r._is_province(r.toks[1]):
        raise r.fail(f"unknown unit type {first!r}", "A (army) or F (fleet) before the province")
    loc = r.loc("the unit's province")
    act = r.take()
    if not act:
        raise r.fail("missing action", _ACTIONS)
    if act in _MOVE:
        dest = r.loc("the destination")
        while r.peek() == "-":  # a convoy path A LON - NTH - NWY: only the last province counts
            r.take()
            dest = r.loc("the destination")
        via = r.via()
        r.end()
        if phase == "R":
            if via:
                raise r.fail("a retreat cannot go by convoy", "a retreat such as 'A BUR R PAR'", back=1)
            return Retreat(kind, loc, dest)
        return Move(kind, loc, dest, via)
    if act in _HOLD:
        r.end()
        return Hold(kind, loc)
    if act in _SUPPORT:
        tkind = r.unit_type()
        target = r.loc("the supported unit's province")
        nxt = r.peek()
        if nxt in _MOVE:
            r.take()
            dest = r.loc("the supported move's destination")
            r.end()
            return SupportMove(kind, loc, tkind, target, dest)
        if nxt in _HOLD:
            r.take()
        r.end()
        return SupportHold(kind, loc, tkind, target)
    if act in _CONVOY:
        tkind = r.unit_type()
        if tkind == "F":
            raise r.fail("only armies can be convoyed", "an army: C A LON - NWY", back=1)
        target = r.loc("the convoyed army's province")
        if r.take() not in _MOVE:
            raise r.fail("a convoy needs the army's destination", "'-' then a province", back=1)
        dest = r.loc("the convoyed army's destination")
        r.end()
        return Convoy(kind, loc, target.split("/", 1)[0], dest.split("/", 1)[0])
    if act in _RETREAT:
        dest = r.loc("the retreat destination")
        r.end()
        return Retreat(kind, loc, dest)
    if act in _DISBAND:
        r.end()
        return Disband(kind, loc)
    if act in _BUILD:
        r.end()
        return Build(kind, loc)
    raise r.fail(f"unknown action {act!r}", _ACTIONS, back=1)
