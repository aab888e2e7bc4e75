"""The in-process fast path for bots: one movement phase's units read once, many order combinations resolved.

A search bot adjudicates thousands of order combinations on one position.  The JSON contract
(:func:`umpire.diplomacy.contract.adjudicate`) reads every unit and order text and builds a whole answer of dicts
and strings each time; here the units are read once into a :class:`Board`, each candidate order once into a small
int (its *code*), and :meth:`Board.resolve` takes a list of codes and returns compact per-unit facts
(:class:`Resolution`): the order's result, whether the unit moved, who dislodged it, where it stands after the
phase, and its retreat options on request.  The adjudication is the contract's own, step for step: the native core
(``_cresolver.c``) when it is built and the rules are the standard ones, else the Python reference resolver (the
same answers, slower); ``tests/diplomacy/test_fast.py`` checks both against the contract on random positions.

Example (run by the tests)::

    >>> from umpire.diplomacy.fast import Board
    >>> board = Board({"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]})
    >>> attack = board.order("A PAR - BUR")
    >>> support = board.order("A MAR S A PAR - BUR")
    >>> rival = board.order("A MUN - BUR")
    >>> res = board.resolve([attack, support, rival])
    >>> res.result(0), res.location(0), res.result(2), res.location(2)
    ('succeeds', 'BUR', 'fails', 'MUN')
    >>> res.contract()["units"]
    {'FRANCE': ['A BUR', 'A MAR'], 'GERMANY': ['A MUN']}

**Units** are numbered in the order given (nation by nation, each list in order): ``board.units[i]`` is a
:class:`~umpire.diplomacy.policy.Unit`, ``board.index("A PAR")`` (or ``"PAR"``) its number.  A nation that is a
power of the map is spelled as the map spells it (``"france"`` is ``FRANCE``).

**Orders** are encoded once per unit and candidate: ``board.order(text)`` (any notation the contract reads,
compact notation included) or ``board.encode(order)`` for an :mod:`umpire.diplomacy.orders` object.  The unit's type
and coast (and a supported unit's type) are taken from the board, as the contract does.  Only movement orders
(hold, move, support, convoy) for units on the board are accepted; anything else raises :class:`BoardError` (an
:class:`~umpire.diplomacy.orders.OrderError` for an unreadable text).  An illegal order is accepted: it is
``void`` in the result, as in the contract.  The same text or order gives the same code; codes belong to their
board.

**Resolving**: ``board.resolve(codes)`` with at most one code per unit (a unit without one holds, with no result of
its own); the codes' order is the order in which the contract would meet the orders.  ``retreats=True`` also
computes the retreat options of the dislodged units (otherwise :meth:`Resolution.retreats` resolves once more when
first asked).  :meth:`Resolution.contract` gives the contract's ``units`` and ``dislodged``, :meth:`Board.case` the
contract case of a list of codes.

**Speed**: on the native core a full standard position resolves in a few microseconds
(``benchmarks/fast_vs_contract.py`` prints the rate against the contract's).  The native core takes the standard
rules on any map it can hold (the standard map, Europe 1615's map); a board with another policy (Europe 1615's own
rules), a map beyond the core's limits, ``UMPIRE_NATIVE=0`` when the board is made, or a build without the C
extension uses the Python resolver.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from umpire.diplomacy import native
from umpire.diplomacy.map import GameMap, load_map, parse_unit
from umpire.diplomacy.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove, format_order, parse_order
from umpire.diplomacy.policy import FAILS, STANDARD, SUCCEEDS, VOID, Policy, Result, Unit
from umpire.diplomacy.resolver import as_adjudicated, resolve_movement

__all__ = ["MOVED", "RESULTS", "Board", "BoardError", "Resolution"]

#: Result codes in the low two bits of ``Resolution.flags[i]``: no order, succeeds, fails, void.
RESULTS: tuple[Result | None, ...] = (None, SUCCEEDS, FAILS, VOID)
_CODE = {SUCCEEDS: 1, FAILS: 2, VOID: 3}
#: The bit of ``Resolution.flags[i]`` set when the unit moved.
MOVED = 4
_MAX_UNITS = 250
_UNIT = struct.Struct("3i")
_ROW = struct.Struct("11i")
_MOVEMENT = (Hold, Move, SupportHold, SupportMove, Convoy)


class BoardError(ValueError):
    """A board or an order the fast path cannot take; the message says which and why."""


class Board:
    """The units of one movement phase, read once; orders encoded as codes; resolutions (see the module)."""

    __slots__ = (
        "_board",
        "_by_prov",
        "_code_of_order",
        "_code_of_text",
        "_core",
        "_kinds",
        "_order_unit",
        "_orders",
        "_table",
        "_units_buf",
        "game_map",
        "policy",
        "units",
    )

    def __init__(
        self,
        units: Mapping[str, Iterable[str]],
        game_map: GameMap | str | Path = "standard",
        *,
        policy: Policy = STANDARD,
    ) -> None:
        gm = game_map if isinstance(game_map, GameMap) else load_map(game_map)
        self.game_map = gm
        self.policy = policy
        spelled = {p.upper(): p for p in gm.powers}
        nations: dict[str, int] = {p: i for i, p in enumerate(gm.powers)}
        board: list[Unit] = []
        by_prov: dict[str, int] = {}
        for given, texts in units.items():
            if not isinstance(given, str):
                raise BoardError(f"a nation must be a string, got {given!r}")
            nation = spelled.get(given.upper(), given)
            nations.setdefault(nation, len(nations))
            if isinstance(texts, str):
                raise BoardError(f"units of {nation}: expected a list of units such as ['A PAR'], got {texts!r}")
            for text in texts:
                if not isinstance(text, str):
                    raise BoardError(f"units of {nation}: a unit must be a string such as 'A PAR', got {text!r}")
                try:
                    kind, loc = parse_unit(gm, text)
                except ValueError as exc:
                    raise BoardError(f"units of {nation}: {exc}") from None
                prov = gm.province_of[loc]
                if prov in by_prov:
                    raise BoardError(f"units of {nation}: {prov} already holds {board[by_prov[prov]]}")
                by_prov[prov] = len(board)
                board.append(Unit(nation, kind, loc))
        if len(board) > _MAX_UNITS:
            raise BoardError(f"{len(board)} units: the fast path takes at most {_MAX_UNITS}")
        if len(nations) > 256:
            raise BoardError(f"{len(nations)} nations: the fast path takes at most 256")
        self.units: tuple[Unit, ...] = tuple(board)
        self._by_prov = by_prov
        self._board = {gm.province_of[u.loc]: u for u in board}
        self._kinds = {gm.province_of[u.loc]: u.kind for u in board}
        lidx = native.indexes(gm).location_index
        self._units_buf = b"".join(_UNIT.pack(nations[u.nation], u.kind == "F", lidx[u.loc]) for u in board)
        self._table = bytearray()
        self._orders: list[Order] = []
        self._order_unit: list[int] = []
        self._code_of_text: dict[str, int] = {}
        self._code_of_order: dict[Order, int] = {}
        core = None
        if native.enabled and type(policy) is Policy and not policy.impassable:
            core = native.native_map(gm)
            if core is not None and core.resolve(self._units_buf, self._table, (), False) is None:
                core = None  # a map beyond the core's limits
        self._core: Any = core

    @property
    def backend(self) -> native.Backend:
        """Which resolver this board uses: ``"native"`` or ``"python"``."""
        return "native" if self._core is not None else "python"

    def __len__(self) -> int:
        return len(self.units)

    def __repr__(self) -> str:
        return f"Board({self.game_map.id!r}, {len(self.units)} units, {self.backend})"

    def index(self, unit: str) -> int:
        """The number of the unit named by ``unit``: ``"A PAR"``, ``"F STP/SC"`` or a province, ``"PAR"``."""
        words = unit.upper().split()
        where = words[-1] if words else ""
        prov = self.game_map.province_of.get(where.replace("(", "/").rstrip(")"), where.split("/", 1)[0])
        i = self._by_prov.get(prov)
        if i is None or len(words) > 2 or (len(words) == 2 and words[0] != self.units[i].kind):
            raise BoardError(f"no unit {unit!r} on this board")
        return i

    def order(self, text: str) -> int:
        """The code of the order ``text`` (read once; the same text gives the same code)."""
        code = self._code_of_text.get(text)
        if code is None:
            parsed = parse_order(text, self.game_map, phase="M", units=self._kinds)
            code = self._code_of_text[text] = self.encode(parsed)
        return code

    def encode(self, order: Order) -> int:
        """The code of an order object (a hold, move, support or convoy of a unit on the board)."""
        code = self._code_of_order.get(order)
        if code is not None:
            return code
        if not isinstance(order, _MOVEMENT):
            raise BoardError(f"{format_order(order)}: only holds, moves, supports and convoys are resolved here")
        prov = self.game_map.province_of.get(order.loc, order.loc)
        i = self._by_prov.get(prov)
        if i is None:
            raise BoardError(f"{format_order(order)}: no unit in {prov} on this board")
        norm = as_adjudicated(order, self.units[i], self._board)
        code = self._code_of_order.get(norm)
        if code is None:
            code = len(self._orders)
            self._orders.append(norm)
            self._order_unit.append(i)
            self._table += _ROW.pack(*native.order_fields(self.game_map, norm), 0)
            self._code_of_order[norm] = code
        self._code_of_order[order] = code
        return code

    def order_of(self, code: int) -> Order:
        """The order of ``code``, with the board's unit types and coasts."""
        return self._orders[code]

    def unit_of(self, code: int) -> int:
        """The number of the unit that ``code`` orders."""
        return self._order_unit[code]

    def resolve(self, codes: Sequence[int], *, retreats: bool = False) -> Resolution:
        """Adjudicate the movement phase with the orders ``codes`` (at most one per unit)."""
        core = self._core
        if core is not None:
            got = core.resolve(self._units_buf, self._table, codes, retreats)
            if got is not None:
                return Resolution(self, codes, *got)
        return self._resolve_python(codes, retreats)

    def case(
        self,
        codes: Sequence[int],
        *,
        phase: str = "S1901M",
        centers: Mapping[str, list[str]] | None = None,
        variant: str = "standard",
    ) -> dict[str, Any]:
        """The contract case of these orders (each order given by its unit's nation, in the codes' order)."""
        units: dict[str, list[str]] = {}
        for u in self.units:
            units.setdefault(u.nation, []).append(f"{u.kind} {u.loc}")
        orders: dict[str, list[str]] = {}
        for code in codes:
            orders.setdefault(self.units[self._order_unit[code]].nation, []).append(format_order(self._orders[code]))
        case: dict[str, Any] = {"variant": variant, "phase": phase, "units": units, "orders": orders}
        if centers is not None:
            case["centers"] = {p: list(cs) for p, cs in centers.items()}
        return case

    def _resolve_python(self, codes: Sequence[int], retreats: bool) -> Resolution:
        """The same facts from the Python reference resolver."""
        gm, units = self.game_map, self.units
        prov_of = gm.province_of
        chosen: dict[str, Order] = {}
        for code in codes:
            if not 0 <= code < len(self._orders):
                raise IndexError(f"order code {code} is not one of this board's")
            prov = prov_of[units[self._order_unit[code]].loc]
            if prov in chosen:
                raise BoardError(f"two orders for the unit in {prov}")
            chosen[prov] = self._orders[code]
        res = resolve_movement(gm, self._board, chosen, policy=self.policy)
        flags = bytearray(len(units))
        by = bytearray(len(units))
        where: list[str | None] = []
        options: list[tuple[str, ...] | None] = []
        for i, u in enumerate(units):
            prov = prov_of[u.loc]
            order = chosen.get(prov)
            loc: str | None = u.loc
            if order is not None:
                result = res.verdict(prov)[1]
                flags[i] = _CODE[result]
                if result == SUCCEEDS and isinstance(order, Move):
                    flags[i] |= MOVED
                    loc = res.units[prov_of[order.dest]].loc
            gone = res.dislodged.get(prov)
            if gone is not None:
                by[i] = self._by_prov[gone.by] + 1
                loc = None
            where.append(loc)
            options.append(gone.options if gone is not None else None)
        return Resolution(self, codes, bytes(flags), bytes(by), tuple(where), tuple(options) if retreats else None)


class Resolution:
    """The facts of one resolved phase, per unit number ``i`` of the board.

    ``flags[i]``: the result code in the low two bits (see ``RESULTS``) and ``MOVED``; ``by[i]``: 1 + the number of
    the unit that dislodged it, 0 when not dislodged; ``locations[i]``: where it stands after the phase, None when
    dislodged.  The methods read these."""

    __slots__ = ("_options", "board", "by", "codes", "flags", "locations")

    def __init__(
        self,
        board: Board,
        codes: Sequence[int],
        flags: bytes,
        by: bytes,
        locations: tuple[str | None, ...],
        options: tuple[tuple[str, ...] | None, ...] | None,
    ) -> None:
        self.board = board
        self.codes = codes
        self.flags = flags
        self.by = by
        self.locations = locations
        self._options = options

    def result(self, i: int) -> Result | None:
        """``succeeds``, ``fails`` or ``void`` for the order of unit ``i``; None when it had none."""
        return RESULTS[self.flags[i] & 3]

    def succeeded(self, i: int) -> bool:
        """Whether the order of unit ``i`` succeeded."""
        return self.flags[i] & 3 == 1

    def moved(self, i: int) -> bool:
        """Whether unit ``i`` moved."""
        return bool(self.flags[i] & MOVED)

    def dislodged_by(self, i: int) -> int | None:
        """The number of the unit that dislodged unit ``i``, or None."""
        b = self.by[i]
        return b - 1 if b else None

    def location(self, i: int) -> str | None:
        """Where unit ``i`` stands after the phase; None when it was dislodged."""
        return self.locations[i]

    def dislodged(self) -> tuple[int, ...]:
        """The numbers of the dislodged units."""
        return tuple(i for i, b in enumerate(self.by) if b)

    def retreats(self, i: int) -> tuple[str, ...]:
        """Where dislodged unit ``i`` may retreat (sorted; empty: it is disbanded); empty when not dislodged."""
        if not self.by[i]:
            return ()
        if self._options is None:
            self._options = self.board.resolve(self.codes, retreats=True)._options
        got = self._options[i] if self._options is not None else None
        return got if got is not None else ()

    def contract(self) -> dict[str, Any]:
        """The contract's ``units`` (after the phase) and ``dislodged`` (with retreat options) of this phase."""
        units: dict[str, list[str]] = {}
        dislodged: dict[str, dict[str, list[str]]] = {}
        for i, u in enumerate(self.board.units):
            loc = self.locations[i]
            if loc is None:
                dislodged.setdefault(u.nation, {})[f"{u.kind} {u.loc}"] = list(self.retreats(i))
            else:
                units.setdefault(u.nation, []).append(f"{u.kind} {loc}")
        return {
            "units": {n: sorted(units[n]) for n in sorted(units)},
            "dislodged": {n: dict(sorted(dislodged[n].items())) for n in sorted(dislodged)},
        }
