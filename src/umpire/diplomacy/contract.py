"""The JSON adjudication contract (docs/adjudication.md): one phase in, the next position out.

``adjudicate(case)`` takes a case dict and returns an answer dict; a bad case (unknown variant or power, a bad
unit string, a phase that does not fit the data, an unknown option, retreat options the case's own units
contradict, a winter case without ``centers``) gives ``{"id": ..., "error": "..."}``.  Power names are
case-insensitive (``_by_power`` spells them as the variant does before anything else reads the case).  An order
that cannot be read, or one for a unit that is not there or not the power's own, is not an error: it is reported
with result ``void`` and the unit holds (in a retreat phase: is disbanded).

**Phases.**  ``S1901M`` -> ``S1901R`` -> ``F1901M`` -> ``F1901R`` -> ``W1901A`` -> ``S1902M``.  A retreat phase
follows a movement phase only when some dislodged unit has somewhere to retreat to.  A dislodged unit with nowhere
to go is listed in the answer's ``dislodged`` with no options and is disbanded at once (it is not in ``units``);
when every dislodged unit is in that case, no retreat phase follows, as in the standard game: a spring movement
phase goes straight to fall movement, a fall one straight to the adjustments (centres changing hands then).  A
case for a phase other than a retreat phase may carry such option-less ``dislodged`` entries over from the
previous answer; they are ignored.  A winter adjustment phase follows only when some power must disband, or may
build and has a vacant owned home centre to build on.  Skipped phases are jumped over in ``next_phase``.

**Centres** change hands at the end of the fall: after ``F…R``, or after ``F…M`` when no retreat phase follows.
Each centre with a unit on it then belongs to that unit's power; an empty centre keeps its owner.  The answer's
``centers`` are the owners after the phase.

**Orders.**  Several different orders to one unit (DATC 4.D.3): illegal ones are ignored; if more than one legal,
different order remains, none is carried out and the unit holds.  In a retreat phase, a dislodged unit without a
valid retreat is disbanded; in an adjustment phase, disbands still missing are chosen by the civil-disorder rule.
Both are listed in ``results`` as ``<unit> D`` entries (result ``succeeds``) so that players can see them.

**Determinism.**  Powers are sorted, each power's ``units`` and ``centers`` are sorted, its ``results`` follow
its orders in the order given (then any disbands the umpire ordered for it).

**Speed.**  A movement case of a variant with the standard policy is answered whole by the native core when it
is built (:mod:`umpire.diplomacy.native`: ``adjudicate`` hands it the case first; it returns None for anything it
leaves to this module, e.g. any case with an error).  On the Python path, per power, the reading of its unit,
centre and order lists is cached on the lists' texts (so a list seen before costs a lookup), and a movement phase
is read, adjudicated and answered in a few passes over the orders (the common cases inline; ``_claims_slow``
takes compact notation and several orders to one unit).

``run_jsonl(instream, outstream)`` reads one case per line and writes one answer per line, in order; a line that
is not a JSON object, or whose case is bad, yields an error answer and the run goes on.  It returns the number of
error lines.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import IO, Any, TypeVar

from umpire.diplomacy import native
from umpire.diplomacy.map import GameMap, MapError, UnitType, load_map
from umpire.diplomacy.orders import (
    Build,
    Disband,
    Order,
    OrderError,
    PhaseKind,
    Waive,
    _parse_cached,
    fill_unit_types,
    format_order,
)
from umpire.diplomacy.phases import needs_adjustment, resolve_adjustments, resolve_retreats
from umpire.diplomacy.policy import STANDARD, SUCCEEDS, VOID, Outcome, Policy, Rules, Unit
from umpire.diplomacy.resolver import as_adjudicated, illegal_reason, resolve_movement

__all__ = ["CaseError", "Variant", "adjudicate", "register_variant", "run_jsonl"]

_CASE_KEYS = ("id", "variant", "phase", "units", "centers", "orders", "dislodged", "options")
_CASE_KEY_SET = frozenset(_CASE_KEYS)
_T = TypeVar("_T")
_OPTIONS = {"rules": ("2000", "2023")}
_PHASE = re.compile(r"([SFW])([0-9]{4})([MRA])")


class CaseError(ValueError):
    """A case that cannot be adjudicated; the message says which part and why."""


@dataclass(slots=True)
class Variant:
    """A playable variant: its map file and its rule policy."""

    name: str
    map_source: str | Path
    policy: Policy = STANDARD
    _map: GameMap | None = None

    @property
    def game_map(self) -> GameMap:
        if self._map is None:
            self._map = load_map(self.map_source)
        return self._map


_VARIANTS: dict[str, Variant] = {"standard": Variant("standard", "standard")}


def register_variant(name: str, map_source: str | Path, policy: Policy = STANDARD) -> None:
    """Make ``name`` usable as a case's ``variant`` (Europe 1615 registers itself this way)."""
    _VARIANTS[name] = Variant(name, map_source, policy)
    native.fast_maps.pop(name, None)


# ------------------------------------------------------------------------------------------------- helpers


@lru_cache(maxsize=256)
def _phase(text: str) -> tuple[str, int, PhaseKind]:
    m = _PHASE.fullmatch(text)
    if m is None or (m.group(1) == "W") != (m.group(3) == "A"):
        raise CaseError(
            f"bad phase {text!r}: expected S or F + year + M or R (movement, retreats), or W + year + A "
            "(adjustments), e.g. S1901M, F1901R, W1901A"
        )
    kind: PhaseKind = "M" if m.group(3) == "M" else "R" if m.group(3) == "R" else "A"
    return m.group(1), int(m.group(2)), kind


_UNITS: dict[tuple[GameMap, str, str], Unit] = {}


def _unit(gm: GameMap, nation: str, text: Any, where: str) -> Unit:
    key = (gm, nation, text)
    got = _UNITS.get(key)
    if got is not None:
        return got
    if not isinstance(text, str):
        raise CaseError(f"{where}: a unit must be a string such as 'A PAR', got {text!r}")
    parts = text.upper().replace("(", "/").replace(")", "").split()
    if len(parts) != 2 or parts[0] not in ("A", "F"):
        raise CaseError(f"{where}: bad unit {text!r}: expected a type (A or F) and a location, e.g. 'F STP/SC'")
    kind, loc = parts
    prov = loc.split("/", 1)[0]
    if prov not in gm.provinces:
        raise CaseError(f"{where}: bad unit {text!r}: unknown province {prov!r}")
    if kind == "A":
        if prov not in gm.army_locations:
            raise CaseError(f"{where}: bad unit {text!r}: an army cannot be in {prov} (a sea)")
        unit = Unit(nation, "A", prov)
    else:
        if loc not in gm.fleet_locations:
            coasts = gm.coasts.get(prov)
            why = (
                f"a fleet in {prov} must be on a coast: {' or '.join(coasts)}"
                if coasts
                else f"a fleet cannot be in {prov} (inland)"
            )
            raise CaseError(f"{where}: bad unit {text!r}: {why}")
        unit = Unit(nation, "F", loc)
    if len(_UNITS) > 100_000:
        _UNITS.clear()
    _UNITS[key] = unit
    return unit


_SPELLINGS: dict[GameMap, dict[str, str]] = {}


def _by_power(gm: GameMap, case: Mapping[str, Any], key: str) -> dict[str, Any]:
    """The case's object ``key`` (``{}`` when absent), keyed by the variant's own power names: power names are
    case-insensitive, so ``"france"`` is FRANCE.  A name that is no power is kept for ``_check_power`` to refuse;
    one power under two spellings is an error."""
    # ruling STD-F04
    value = case.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise CaseError(f"{key} must be an object keyed by power")
    info = gm.power_info
    if all(p in info for p in value):
        return value
    spelled = _SPELLINGS.get(gm)
    if spelled is None:
        spelled = _SPELLINGS[gm] = {p.upper(): p for p in gm.powers}
    out: dict[str, Any] = {}
    given: dict[str, Any] = {}
    for name, entry in value.items():
        power = spelled.get(name.upper(), name) if isinstance(name, str) else name
        if power in out:
            raise CaseError(f"{key}: {power} is given twice, as {given[power]!r} and {name!r}; expected one entry")
        out[power] = entry
        given[power] = name
    return out


def _check_power(gm: GameMap, power: str, where: str) -> None:
    if power not in gm.power_info:
        raise CaseError(f"{where}: unknown power {power!r}; the {gm.id} powers are {', '.join(gm.powers)}")


def _result(order: str, result: str, reason: str) -> dict[str, str]:
    return {"order": order, "result": result, "reason": reason}


def _sorted_units(units: Iterable[Unit]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    last = ""
    lst: list[str] = []
    for nation, kind, loc in sorted(units):  # by nation, then type, then location
        if nation != last:
            lst = out[nation] = []
            last = nation
        lst.append(kind + " " + loc)
    return out


def _sorted_centers(owners: Mapping[str, str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for c, p in owners.items():
        out.setdefault(p, []).append(c)
    return {p: sorted(out[p]) for p in sorted(out)}


def _take_centres(gm: GameMap, units: Mapping[str, Unit], owners: dict[str, str], policy: Policy) -> bool:
    """Give each centre with a unit on it (``units`` by province) to the unit's power; return whether any centre
    changed hands."""
    centers = gm.centers
    standard = type(policy).centre_owner is Policy.centre_owner
    changed = False
    for prov, u in units.items():
        if prov in centers:
            who = u.nation if standard else policy.centre_owner(u)
            if who is not None and owners.get(prov) != who:
                owners[prov] = who
                changed = True
    return changed


def _centers_out(owners: Mapping[str, str], given: Mapping[str, tuple[str, ...]] | None) -> dict[str, list[str]]:
    """The answer's centres: the case's own (already sorted) lists when nothing changed hands."""
    if given is not None:
        return {p: list(given[p]) for p in sorted(given) if given[p]}
    return _sorted_centers(owners)


# --------------------------------------------------------------------------------------------- adjudicate


#: Variants whose case is a whole game state plus submissions, answered by their ruleset's own module.
STATE_VARIANTS: dict[str, str] = {"europe1615": "umpire.games.europe1615.contract"}


def adjudicate(case: dict[str, Any]) -> dict[str, Any]:
    """Adjudicate one phase: JSON case in, JSON answer out (docs/adjudication.md)."""
    if native.enabled:  # a standard movement case, answered whole by the native core (None: anything else)
        done: dict[str, Any] | None = native.fast(case, native.fast_maps)
        if done is not None:
            return done
    try:
        if not isinstance(case, dict):
            raise CaseError(f"a case must be a JSON object, got {type(case).__name__}")
        if case.get("variant") in STATE_VARIANTS:
            module = importlib.import_module(STATE_VARIANTS[case["variant"]])
            answer: dict[str, Any] = module.adjudicate(case)
            return answer
        return _adjudicate(case)
    except (CaseError, MapError) as exc:
        return {"id": case.get("id") if isinstance(case, dict) else None, "error": str(exc)}


# A power's units, cached on the texts: by province, the canonical texts by province, and whether two of them
# share a province (then the board is read unit by unit, for the exact error).
_PowerUnits = tuple[dict[str, Unit], dict[str, str], tuple[str, ...], bool]


@lru_cache(maxsize=4096)
def _power_units(gm: GameMap, power: str, texts: tuple[Any, ...], where: str) -> _PowerUnits:
    """The units of ``power``: by province, their canonical texts by province and sorted, and whether two of them
    share a province."""
    _check_power(gm, power, where)
    prov_of = gm.province_of
    units: list[Unit] = []
    for i, t in enumerate(texts):
        unit = _UNITS.get((gm, power, t))
        units.append(unit if unit is not None else _unit(gm, power, t, f"{where}.{power}[{i}]"))
    by_prov = {prov_of[u.loc]: u for u in units}
    by_text = {p: f"{u.kind} {u.loc}" for p, u in by_prov.items()}
    return by_prov, by_text, tuple(sorted(by_text.values())), len(by_prov) != len(units)


@lru_cache(maxsize=4096)
def _power_centers(
    gm: GameMap, power: str, texts: tuple[Any, ...], _unused: str
) -> tuple[tuple[str, ...], dict[str, str]]:
    """The centres of ``power``, sorted, and as a mapping to ``power`` (shorter when one is listed twice)."""
    _check_power(gm, power, "centers")
    out = []
    for c in texts:
        if not isinstance(c, str) or c.upper() not in gm.centers:
            raise CaseError(f"centers.{power}: {c!r} is not a supply centre of {gm.id}")
        out.append(c.upper())
    return tuple(sorted(out)), dict.fromkeys(out, power)


# One parsed order of a power: (index, text, order or None, province or "", canonical text, void reason or "").
_Parsed = tuple[int, str, Order | None, str, str, str]


@lru_cache(maxsize=4096)
def _power_orders(gm: GameMap, power: str, texts: tuple[Any, ...], kind: PhaseKind) -> tuple[_Parsed, ...]:
    _check_power(gm, power, "orders")
    out: list[_Parsed] = []
    for i, text in enumerate(texts):
        if not isinstance(text, str):
            raise CaseError(f"orders.{power}[{i}]: an order must be a string, got {text!r}")
        out.append((i, text, *_read_order(gm, kind, text)))
    return tuple(out)


@lru_cache(maxsize=65536)
def _read_order(gm: GameMap, kind: PhaseKind, text: str) -> tuple[Order | None, str, str, str]:
    """One order text read: (order or None, province of its unit or "", canonical text, void reason or "")."""
    try:
        order = _parse_cached(gm, kind, text)
    except OrderError as exc:
        return None, "", text.strip().upper(), f"cannot read the order: {exc}"
    if isinstance(order, Waive):
        return order, "", "WAIVE", "" if kind == "A" else "waive is an adjustment order"
    return order, gm.province_of[order.loc], format_order(order), ""


def _cached(fn: Callable[..., _T], gm: GameMap, power: str, value: Any, extra: str, what: str) -> _T:
    """``fn(gm, power, tuple(value), extra)`` through its cache, with a precise error for a non-list."""
    if type(value) is not list:
        raise CaseError(f"{what}.{power} must be a list")
    try:
        return fn(gm, power, tuple(value), extra)
    except TypeError:  # an unhashable entry: not a string anyway
        raise CaseError(f"{what}.{power} must be a list of strings") from None


def _retreats_given(entries: Any) -> bool:
    """Whether a power's ``dislodged`` entry names a unit that could retreat (one without options is what an
    answer lists after a movement phase whose retreat phase was skipped: no error in the next case)."""
    return bool(entries) and (not isinstance(entries, dict) or any(entries.values()))


def _clash(gm: GameMap, units: Mapping[str, Any] | None, centers: Mapping[str, tuple[str, ...]] | None = None) -> None:
    """Raise the error for the first unit (centre) whose province is already taken, reading in case order."""
    if units is not None:
        board: dict[str, Unit] = {}
        for power, lst in units.items():
            for i, t in enumerate(lst):
                unit = _unit(gm, power, t, f"units.{power}[{i}]")
                prov = gm.province_of[unit.loc]
                if prov in board:
                    raise CaseError(f"units.{power}: {prov} already holds {board[prov]} of {board[prov].nation}")
                board[prov] = unit
    if centers is not None:
        owners: dict[str, str] = {}
        for power, got in centers.items():
            for c in got:
                if c in owners:
                    raise CaseError(f"centers: {c} is listed for both {owners[c]} and {power}")
                owners[c] = power
    raise AssertionError("no clash found")  # pragma: no cover


def _adjudicate(case: dict[str, Any]) -> dict[str, Any]:
    for key in case:
        if key not in _CASE_KEY_SET:
            raise CaseError(f"unknown key {key!r}; a case has {', '.join(_CASE_KEYS)}")
    name = case.get("variant", "standard")
    variant = _VARIANTS.get(name) if isinstance(name, str) else None
    if variant is None:
        raise CaseError(f"unknown variant {name!r}; known variants: {', '.join(sorted(_VARIANTS))}")
    gm, policy = variant.game_map, variant.policy
    phase = case.get("phase")
    if not isinstance(phase, str):
        raise CaseError("phase is missing: expected e.g. 'S1901M'")
    season, year, kind = _phase(phase)
    rules: Rules = "2000"
    options = case.get("options")
    if options:
        if not isinstance(options, dict):
            raise CaseError('options must be an object such as {"rules": "2023"}')
        for key, value in options.items():
            allowed = _OPTIONS.get(key)
            if allowed is None:
                raise CaseError(f"unknown option {key!r}; known options: {', '.join(_OPTIONS)}")
            if value not in allowed:
                raise CaseError(f"option {key} must be one of {', '.join(allowed)}, got {value!r}")
        rules = "2023" if options.get("rules") == "2023" else "2000"

    if "units" not in case:
        raise CaseError('units is missing: expected an object such as {"FRANCE": ["A PAR"]}')
    if kind == "A" and case.get("centers") is None:
        raise CaseError(
            f"centers is missing: the adjustment phase {phase} needs every power's supply centres, "
            'e.g. {"FRANCE": ["BRE", "MAR", "PAR"]}'
        )
    units_in = _by_power(gm, case, "units")
    centers_by_power = _by_power(gm, case, "centers")
    orders_by_power = _by_power(gm, case, "orders")
    dislodged_in = _by_power(gm, case, "dislodged")
    fast = kind == "M" and native.enabled and type(policy) is Policy and not policy.impassable
    if fast and not any(map(_retreats_given, dislodged_in.values())):
        core = native.native_map(gm)
        if core is not None:
            native.fast_maps[variant.name] = core
            done: dict[str, Any] | None = core.movement(
                case.get("id"),
                units_in,
                centers_by_power if case.get("centers") is not None else None,
                orders_by_power if case.get("orders") is not None else None,
                season == "F",
                year,
            )
            if done is not None:
                return done
    board: dict[str, Unit] = {}
    texts: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {}  # per power, its units' texts by province, sorted
    for power, lst in units_in.items():
        if type(lst) is list:
            try:
                by_prov, by_text, ordered, clash = _power_units(gm, power, tuple(lst), "units")
            except TypeError:  # an unhashable entry: not a string anyway
                raise CaseError(f"units.{power} must be a list of strings") from None
        else:
            by_prov, by_text, ordered, clash = _cached(_power_units, gm, power, lst, "units", "units")
        texts[power] = (by_text, ordered)
        n = len(board)
        board.update(by_prov)
        if clash or len(board) != n + len(by_prov):
            _clash(gm, units_in)
    owners: dict[str, str] = {}
    centers_in: dict[str, tuple[str, ...]] = {}
    for power, lst in centers_by_power.items():
        if type(lst) is list:
            try:
                got, mine = _power_centers(gm, power, tuple(lst), "")
            except TypeError:  # an unhashable entry: not a string anyway
                raise CaseError(f"centers.{power} must be a list of strings") from None
        else:
            got, mine = _cached(_power_centers, gm, power, lst, "", "centers")
        centers_in[power] = got
        n = len(owners)
        owners.update(mine)
        if len(owners) != n + len(got):
            _clash(gm, None, centers_in)
    orders: dict[str, tuple[_Parsed, ...]] = {}
    for power, lst in orders_by_power.items():
        if type(lst) is list:
            try:
                orders[power] = _power_orders(gm, power, tuple(lst), kind)
            except TypeError:  # an unhashable entry: not a string anyway
                raise CaseError(f"orders.{power} must be a list of strings") from None
        else:
            orders[power] = _cached(_power_orders, gm, power, lst, kind, "orders")
    if kind != "R" and dislodged_in and any(_retreats_given(v) for v in dislodged_in.values()):
        raise CaseError(f"phase mismatch: dislodged units are given but {phase} is not a retreat phase")

    if kind == "M":
        return _movement(case, gm, policy, rules, season, year, board, texts, owners, centers_in, orders)
    if kind == "R":
        return _retreats(case, gm, policy, season, year, board, owners, centers_in, orders, dislodged_in)
    return _adjustments(case, gm, policy, rules, year, board, owners, centers_in, orders)


def _after_fall(
    gm: GameMap, policy: Policy, season: str, year: int, units: Mapping[str, Unit], owners: dict[str, str]
) -> tuple[str, bool]:
    """Take centres if this ends the fall and name the next phase (skipping an empty adjustment phase).
    Also says whether any centre changed hands."""
    if season == "S":
        return f"F{year}M", False
    changed = _take_centres(gm, units, owners, policy)
    return (f"W{year}A" if needs_adjustment(gm, units, owners, policy) else f"S{year + 1}M"), changed


# A power's order as the umpire takes it: (index, order or None, canonical text, void reason or "", province).
_Claim = tuple[int, Order | None, str, str, str]
_Dups = dict[str, list[tuple[str, int, Order]]]


def _claims(
    orders: Mapping[str, tuple[_Parsed, ...]],
    owner_of: Callable[[str], Unit | None],
    kinds: Callable[[], Mapping[str, UnitType]] | None,
) -> tuple[dict[str, list[_Claim]], dict[str, Order], _Dups]:
    """Check who owns each ordered unit.  Returns per power its claims, per province the first order for its
    unit, and for provinces whose unit got more than one order all of them.  ``kinds`` gives the board's unit
    types to fill in types an order leaves out (compact notation)."""
    per_power: dict[str, list[_Claim]] = {}
    chosen: dict[str, Order] = {}
    first: dict[str, tuple[str, int, Order]] = {}
    dups: _Dups = {}
    for power, parsed in orders.items():
        claims: list[_Claim] = []
        for i, _, order, prov, canon, why in parsed:
            if why or order is None or not prov:
                claims.append((i, order, canon, why, prov))
                continue
            unit = owner_of(prov)
            if unit is None:
                claims.append((i, order, canon, f"no unit in {prov}", prov))
            elif unit.nation != power:
                claims.append((i, order, canon, f"{unit} is a unit of {unit.nation}, not of {power}", prov))
            else:
                if kinds is not None and getattr(order, "unit", "") is None:
                    order = fill_unit_types(order, kinds())
                    canon = format_order(order)
                claims.append((i, order, canon, "", prov))
                if prov in chosen:
                    dups.setdefault(prov, [first[prov]]).append((power, i, order))
                else:
                    chosen[prov] = order
                    first[prov] = (power, i, order)
        per_power[power] = claims
    return per_power, chosen, dups


def _movement(
    case: Mapping[str, Any],
    gm: GameMap,
    policy: Policy,
    rules: Rules,
    season: str,
    year: int,
    board: dict[str, Unit],
    texts: Mapping[str, tuple[dict[str, str], tuple[str, ...]]],
    owners: dict[str, str],
    centers_in: dict[str, tuple[str, ...]],
    orders: Mapping[str, tuple[_Parsed, ...]],
) -> dict[str, Any]:
    # Who owns each ordered unit: the common case read here, the rest (orders in compact notation, several
    # orders to one unit) by ``_claims_slow``.
    chosen: dict[str, Order] = {}
    unowned: dict[tuple[str, int], str] = {}  # void reasons decided here, by (power, index)
    board_get = board.get
    simple = True
    for power, parsed in orders.items():
        for i, _, order, prov, _, why in parsed:
            if why or order is None or not prov:
                continue
            unit = board_get(prov)
            if unit is None:
                unowned[(power, i)] = f"no unit in {prov}"
            elif unit.nation != power:
                unowned[(power, i)] = f"{unit} is a unit of {unit.nation}, not of {power}"
            elif prov in chosen or order.unit is None:  # type: ignore[union-attr]  # (no Waive has a province)
                simple = False
            else:
                chosen[prov] = order
    if simple:
        filled: dict[tuple[str, int], tuple[Order, str]] = {}
        rejected = unowned
    else:
        chosen, filled, rejected = _claims_slow(gm, policy, board, orders)
    res = resolve_movement(gm, board, chosen, rules=rules, policy=policy)
    m = res._m
    table, renamed, dislodged = m.table(), m.renamed, res.dislodged
    results: dict[str, list[dict[str, str]]] = {}
    kinds: dict[str, UnitType] = {}
    for power in sorted(orders):
        out: list[dict[str, str]] = []
        for i, _, order, prov, canon, why in orders[power]:
            if filled:
                got = filled.get((power, i))
                if got is not None:
                    order, canon = got
            if rejected and not why:
                why = rejected.get((power, i), "")
            if why:
                if order is not None and prov:
                    if not isinstance(order, Waive | Build):
                        if not kinds:
                            kinds = {p: u.kind for p, u in board.items()}
                        order = fill_unit_types(order, kinds)
                    canon = format_order(order)
                    d = dislodged.get(prov)
                    if d is not None and d.unit.nation == power:
                        why = f"{why}; dislodged by {d.attack}"
                out.append({"order": canon, "result": VOID, "reason": f"void: {why}"})
                continue
            result, reason = table[prov]
            if simple:
                if prov in renamed:
                    canon = format_order(m.norm(prov))
            else:
                adjudicated = m.norm(prov)
                if adjudicated is not order:
                    canon = format_order(adjudicated)
            out.append({"order": canon, "result": result, "reason": reason})
        results[power] = out

    after = res.units
    # The units after the phase, per power: a power none of whose units moved or was dislodged keeps its list.
    units_out: dict[str, list[str]] = {}
    gone = m.moved_from
    if gone or dislodged:
        changed: dict[str, list[str]] = {}
        for p in gone:
            changed[board[p].nation] = []
        for p in dislodged:
            changed[board[p].nation] = []
        for u in m.arrivals.values():
            changed[u.nation].append(f"{u.kind} {u.loc}")
    else:
        changed = {}
    for power in sorted(texts):
        by_text, ordered = texts[power]
        lst = changed.get(power)
        if lst is None:
            if ordered:
                units_out[power] = list(ordered)
            continue
        for q, t in by_text.items():
            if q not in gone and q not in dislodged:
                lst.append(t)
        if lst:
            lst.sort()
            units_out[power] = lst

    dis_out: dict[str, dict[str, list[str]]] = {}
    changed_hands = False
    can_retreat = False
    for d in dislodged.values():
        dis_out.setdefault(d.unit.nation, {})[f"{d.unit.kind} {d.unit.loc}"] = list(d.options)
        can_retreat = can_retreat or bool(d.options)
    if can_retreat:
        next_phase = f"{season}{year}R"
    else:  # nobody can retreat (a unit dislodged with nowhere to go is disbanded now): no retreat phase
        next_phase, changed_hands = _after_fall(gm, policy, season, year, after, owners)
    return {
        "id": case.get("id"),
        "units": units_out,
        "dislodged": {n: dict(sorted(dis_out[n].items())) for n in sorted(dis_out)},
        "centers": _centers_out(owners, None if changed_hands else centers_in),
        "results": results,
        "next_phase": next_phase,
    }


def _claims_slow(
    gm: GameMap, policy: Policy, board: Mapping[str, Unit], orders: Mapping[str, tuple[_Parsed, ...]]
) -> tuple[dict[str, Order], dict[tuple[str, int], tuple[Order, str]], dict[tuple[str, int], str]]:
    """Claims with orders in compact notation (types filled in from the board) or several orders to one unit
    (DATC 4.D.3: illegal ones ignored; more than one legal, different order left: the unit holds).  Returns the
    orders chosen by province, the filled-in orders and texts and the void reasons by (power, index)."""
    # ruling STD-D04
    per_power, chosen, dups = _claims(orders, board.get, lambda: {p: u.kind for p, u in board.items()})
    filled: dict[tuple[str, int], tuple[Order, str]] = {}
    rejected: dict[tuple[str, int], str] = {}
    for power, claims in per_power.items():
        for i, order, canon, why, _ in claims:
            if why:
                rejected[(power, i)] = why
            elif order is not None:
                filled[(power, i)] = (order, canon)
    for prov, lst in dups.items():
        del chosen[prov]
        unit = board[prov]
        legal: list[Order] = []
        reasons: dict[Order, str] = {}
        for _, _, given in lst:
            why = illegal_reason(gm, board, given, policy=policy)
            reasons[given] = why
            norm = as_adjudicated(given, unit, board)
            if not why and norm not in legal:
                legal.append(norm)
        if len(legal) == 1:
            chosen[prov] = legal[0]
        for power, i, given in lst:
            if reasons[given]:
                rejected[(power, i)] = reasons[given]
            elif len(legal) > 1:
                rejected[(power, i)] = f"{unit} was given {len(legal)} different orders, so it holds"
    return chosen, filled, rejected


def _check_dislodger(board: Mapping[str, Unit], unit: Unit, prov: str, where: str) -> None:
    """A unit in a dislodged unit's province is the one that dislodged it, so it cannot be of the same power."""
    there = board.get(prov)
    if there is not None and there.nation == unit.nation:
        raise CaseError(
            f"{where}: {unit} cannot have been dislodged by {there} of its own power {unit.nation}; expected the "
            f"unit in {prov} to be of another power"
        )


def _retreats(
    case: Mapping[str, Any],
    gm: GameMap,
    policy: Policy,
    season: str,
    year: int,
    board: dict[str, Unit],
    owners: dict[str, str],
    centers_in: dict[str, tuple[str, ...]],
    orders: Mapping[str, tuple[_Parsed, ...]],
    dislodged_in: Mapping[str, Any],
) -> dict[str, Any]:
    # ruling STD-E02: the retreat options a case gives are checked again
    dislodged: dict[str, tuple[Unit, tuple[str, ...]]] = {}
    keys: dict[str, str] = {}  # the case's key of each dislodged unit, by province (for errors)
    for power, entries in dislodged_in.items():
        _check_power(gm, power, "dislodged")
        if not isinstance(entries, dict):
            raise CaseError(f"dislodged.{power} must map each unit to its retreat options")
        for text, options in entries.items():
            unit = _unit(gm, power, text, f"dislodged.{power}")
            prov = unit.loc.split("/", 1)[0]
            if prov in dislodged:
                raise CaseError(f"dislodged.{power}: two dislodged units in {prov}")
            _check_dislodger(board, unit, prov, f"dislodged.{power}.{text}")
            reach = gm.army_adj[prov] if unit.kind == "A" else gm.fleet_adj[unit.loc]
            opts: list[str] = []
            if not isinstance(options, list):
                raise CaseError(f"dislodged.{power}.{text} must be a list of locations")
            for o in options:
                loc = o.upper().replace("(", "/").replace(")", "") if isinstance(o, str) else o
                if loc not in reach:
                    raise CaseError(f"dislodged.{power}.{text}: {unit} cannot retreat to {o!r}")
                held = board.get(gm.province_of[loc])
                if held is not None:
                    raise CaseError(
                        f"dislodged.{power}.{text}: {unit} cannot retreat to {o!r}: {gm.province_of[loc]} holds "
                        f"{held} of {held.nation} (units); expected only provinces left vacant by the movement"
                    )
                opts.append(loc)
            dislodged[prov] = (unit, tuple(opts))
            keys[prov] = f"dislodged.{power}.{text}"
    for prov, (unit, reachable) in dislodged.items():  # the unit that dislodged another stands in its province
        for loc in reachable:
            other = dislodged.get(gm.province_of[loc])
            if other is not None:
                raise CaseError(
                    f"{keys[prov]}: {unit} cannot retreat to {loc}: {other[0]} was "
                    f"dislodged from there, so the unit that dislodged it is there; expected only provinces left "
                    "vacant by the movement"
                )

    def owner_of(prov: str) -> Unit | None:
        entry = dislodged.get(prov)
        return entry[0] if entry is not None else board.get(prov)

    per_power, chosen, dups = _claims(orders, owner_of, None)
    rejected: dict[tuple[str, int], str] = {}
    for prov, lst in dups.items():
        distinct: list[Order] = []
        for _, _, given in lst:
            if given not in distinct:
                distinct.append(given)
        if len(distinct) == 1:
            continue
        del chosen[prov]
        for power, i, _ in lst:
            rejected[(power, i)] = f"{owner_of(prov)} was given {len(distinct)} different orders; disbanded"
    res = resolve_retreats(gm, board, dislodged, chosen)
    results: dict[str, list[dict[str, str]]] = {}
    ordered: set[str] = set()
    for power in sorted(per_power):
        out: list[dict[str, str]] = []
        for i, order, canon, why, prov in per_power[power]:
            if not why:
                why = rejected.get((power, i), "")
            if order is None or not prov:
                out.append(_result(canon, VOID, f"void: {why}"))
            elif why:
                out.append(_result(canon, VOID, f"void: {why}"))
                ordered.add(prov)
            else:
                ordered.add(prov)
                o = res.outcomes[prov]
                out.append(_result(format_order(o.order), o.result, o.reason))
        results[power] = out
    for unit in res.disbanded:
        if unit.loc.split("/", 1)[0] not in ordered:
            results.setdefault(unit.nation, []).append(
                _result(f"{unit.kind} {unit.loc} D", SUCCEEDS, "no retreat ordered: disbanded")
            )
    next_phase, changed = _after_fall(gm, policy, season, year, res.units, owners)
    return {
        "id": case.get("id"),
        "units": _sorted_units(res.units.values()),
        "dislodged": {},
        "centers": _centers_out(owners, None if changed else centers_in),
        "results": {p: results[p] for p in sorted(results)},
        "next_phase": next_phase,
    }


def _adjustments(
    case: Mapping[str, Any],
    gm: GameMap,
    policy: Policy,
    rules: Rules,
    year: int,
    board: dict[str, Unit],
    owners: dict[str, str],
    centers_in: dict[str, tuple[str, ...]],
    orders: Mapping[str, tuple[_Parsed, ...]],
) -> dict[str, Any]:
    kinds = {p: u.kind for p, u in board.items()}
    parsed: dict[str, list[Order]] = {}
    slots: dict[str, list[tuple[str, Order | None, str]]] = {}
    for power, entries in orders.items():
        parsed[power] = []
        slots[power] = []
        for _, _, order, _, canon, why in entries:
            if order is None:
                slots[power].append((canon, None, why))
                continue
            if isinstance(order, Disband) and order.unit is None:
                order = fill_unit_types(order, kinds)
            parsed[power].append(order)
            slots[power].append((canon, order, ""))
    res = resolve_adjustments(gm, board, owners, parsed, rules=rules, policy=policy)
    results: dict[str, list[dict[str, str]]] = {}
    for power in sorted(set(slots) | set(res.civil_disorder)):
        given = iter(res.outcomes.get(power, ()))
        out: list[dict[str, str]] = []
        for canon, order, why in slots.get(power, ()):
            if order is None:
                out.append(_result(canon, VOID, f"void: {why}"))
                continue
            o: Outcome = next(given)
            out.append(_result(format_order(o.order), o.result, o.reason))
        for unit in res.civil_disorder.get(power, ()):
            out.append(_result(f"{unit.kind} {unit.loc} D", SUCCEEDS, "civil disorder: too few disbands ordered"))
        results[power] = out
    return {
        "id": case.get("id"),
        "units": _sorted_units(res.units.values()),
        "dislodged": {},
        "centers": _centers_out(owners, centers_in),
        "results": results,
        "next_phase": f"S{year + 1}M",
    }


# ------------------------------------------------------------------------------------------------- jsonl


def run_jsonl(instream: IO[str], outstream: IO[str], *, default_variant: str = "standard") -> int:
    """Adjudicate one JSON case per input line, writing one answer per line in order; return the error count.
    Blank lines are skipped; a case without ``variant`` gets ``default_variant``."""
    errors = 0
    for n, line in enumerate(instream, 1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as exc:
            answer: dict[str, Any] = {"id": None, "error": f"line {n}: not valid JSON: {exc}"}
        else:
            if isinstance(case, dict) and "variant" not in case:
                case["variant"] = default_variant
            try:
                answer = adjudicate(case)
            except Exception as exc:  # keep going: one broken case must not stop a batch
                cid = case.get("id") if isinstance(case, dict) else None
                answer = {"id": cid, "error": f"line {n}: internal error: {type(exc).__name__}: {exc}"}
        if "error" in answer:
            errors += 1
        outstream.write(json.dumps(answer, separators=(",", ":")) + "\n")
    return errors
