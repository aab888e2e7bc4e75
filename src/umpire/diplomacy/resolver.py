"""Movement adjudication by Kruijswijk's guess-and-check algorithm (DATC v3.0, sections 5.B and 5.F).

**Legality first.**  Each order is checked against the map and the board before anything is adjudicated.  An
illegal order (DATC 4.E.1: impossible whatever the other orders are) becomes a hold whose result is ``void`` with
the reason; a support or convoy that matches no order is ``void`` too, and its unit holds.  A convoy order is
legal only when its fleet, in a sea, lies on some convoy route of fleets on the board that needs it (DATC 6.G.19);
an army move that needs a convoy is legal only when such a route of fleets exists (6.D.32).

**Decisions.**  Every move, support and convoy is a yes/no decision, keyed by the province of its unit:

* MOVE succeeds when its attack strength beats the defend strength of the unit coming the other way (head-to-
  head), or else the hold strength of the destination, and the prevent strength of every other unit moving there;
* SUPPORT succeeds unless a unit of another (unfriendly) nation moves to the supporter with a working path,
  except from the province the support is aimed at, which only cuts by dislodging;
* CONVOY succeeds unless a move into the fleet's sea succeeds.

The strengths (hold, attack, defend, prevent) follow DATC 5.B.5-5.B.8; they ask for other decisions through
``_resolve``.  A convoyed army's path exists when a chain of fleets with matching, successful convoys links its
province to its destination.

**Resolution.**  ``_resolve(d)`` returns a decision's value.  The first visit records a guess (fail) and
adjudicates; meeting a decision again deeper in the recursion (a dependency cycle) returns its current guess and
counts a "recursion hit".  If the adjudication never relied on a guess, the value is final.  Otherwise, back at
the decision that started the whole cycle (no hits left outstanding), the cycle is adjudicated again with the
opposite guess.  Both guesses agreeing means the value is final; disagreeing means the cycle has zero or two
consistent answers and the backup rule settles it: a cycle of moves only is circular movement and all of them
succeed; a cycle with convoys is a convoy paradox and, by the Szykman rule, the convoys in it fail (their armies
then do not move); any other cycle (possible only in variants) fails entirely.  Adjudicating a convoy calls the
attacking move's adjudication directly rather than resolving it (DATC 5.D), so cycles stay simple.

**Settled first.**  Most decisions of a phase depend on no other and are settled while the orders are checked,
before any recursion: a move over land, alone, into an empty province succeeds; a convoy whose fleet nobody
attacks succeeds; a support succeeds when nobody unfriendly attacks it, and is cut when the first unfriendly
attack on it (in order) comes over land from elsewhere than the province the support is aimed at -- exactly what
``_support_ok`` would find, without touching any other decision, so the recursion (and its cycle bookkeeping)
meets them as settled.  Typically only the contested moves are left to ``_resolve``.

**Cheap checks.**  The common legal orders are recognised inline (an army or fleet moving to a neighbour, a
support of a unit that can reach the province itself, a convoy by a fleet whose sea borders both ends, an army
move that one fleet on the board could carry alone); everything else, and every reason, goes through the
``_check_*`` methods.  ``GameMap.sea_between`` gives the one-fleet convoy routes; longer ones are searched by the
cached ``_route_fleets``.

Everything is computed once per decision; results, reasons and retreat options are read off afterwards.  A failed
move settled without a guess keeps the comparison that decided it (``why``), so its reason is not recomputed.

**The reference.**  Standard movement cases normally go to the native core (``_cresolver.c``, see
:mod:`umpire.diplomacy.native`), which mirrors this class step by step -- the same checks and reasons in the same
order, the same resolution order, cycle handling and backup rule -- and must give the same answers
(tests/diplomacy/test_native.py).  A change here needs the same change there.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from umpire.diplomacy.map import GameMap, UnitType
from umpire.diplomacy.orders import (
    Convoy,
    Hold,
    Move,
    Order,
    SupportHold,
    SupportMove,
)
from umpire.diplomacy.policy import FAILS, STANDARD, SUCCEEDS, VOID, Outcome, Policy, Result, Rules, Unit

__all__ = ["Dislodgement", "MovementResult", "as_adjudicated", "illegal_reason", "resolve_movement"]


@dataclass(frozen=True, slots=True)
class Dislodgement:
    """A unit dislodged in a movement phase: by whom (the attacker's origin) and where it may retreat."""

    unit: Unit
    by: str  # the province the attacker came from
    attack: str  # the attacker's order, e.g. "A MUN - BUR"
    options: tuple[str, ...]


class MovementResult:
    """The adjudicated phase.  ``units``: the board after it, by province (dislodged units are not on it);
    ``dislodged``: by the province each unit was dislodged from; ``standoffs``: provinces left empty by a
    bounce; ``outcomes``: by the province of each ordered unit (built on first use; ``verdict`` gives one)."""

    __slots__ = ("_m", "_outcomes", "dislodged", "units", "verdict")

    def __init__(self, m: _Movement, units: Mapping[str, Unit], dislodged: Mapping[str, Dislodgement]) -> None:
        self._m = m
        self.units = units
        self.dislodged = dislodged
        #: ``verdict(province)``: (the order of the unit there as adjudicated, its result, the reason).
        self.verdict: Callable[[str], tuple[Order, Result, str]] = m.verdict
        self._outcomes: Mapping[str, Outcome] | None = None

    @property
    def standoffs(self) -> frozenset[str]:
        return self._m.standoffs(self.units)

    @property
    def outcomes(self) -> Mapping[str, Outcome]:
        if self._outcomes is None:
            self._outcomes = MappingProxyType({p: Outcome(*self._m.verdict(p)) for p in self._m.order_of})
        return self._outcomes


def resolve_movement(
    game_map: GameMap,
    units: Mapping[str, Unit],
    orders: Mapping[str, Order],
    *,
    rules: Rules = "2000",
    policy: Policy = STANDARD,
) -> MovementResult:
    """Adjudicate a movement phase.  ``units`` maps each province to its unit; ``orders`` maps the province of
    an ordered unit to its order (the unit's type and coast are taken from the board, DATC 4.B.5 and 4.C.2).
    ``rules`` is accepted for symmetry with the other phases: read with the DATC's preferences, the 2000 and
    2023 rulebooks adjudicate movement alike (docs/rulings/standard.md)."""
    return _Movement(game_map, units, orders, rules, policy).run()


def illegal_reason(
    game_map: GameMap,
    units: Mapping[str, Unit],
    order: Order,
    *,
    policy: Policy = STANDARD,
) -> str:
    """Why ``order`` is illegal on this board whatever the other orders are (DATC 4.E.1), or ``""``."""
    p = _strip(getattr(order, "loc", ""))
    unit = units.get(p)
    if unit is None:
        return f"no unit in {p}"
    probe = _Movement(game_map, units, {}, "2000", policy)
    if isinstance(order, Move):
        return probe._check_move(p, unit, order)
    if isinstance(order, SupportHold | SupportMove):
        return probe._check_support(p, unit, order)
    if isinstance(order, Convoy):
        return probe._check_convoy(p, unit, order)
    if isinstance(order, Hold):
        return ""
    return f"{type(order).__name__.lower()} orders are not given in a movement phase"


def _strip(loc: str) -> str:
    i = loc.find("/")
    return loc if i < 0 else loc[:i]


class _Tables:
    """Plain-dict copies of a map's tables for the hot paths (the map's own are read-only proxies, whose lookups
    take a slower road through the interpreter)."""

    __slots__ = (
        "army_adj",
        "convoy_seas",
        "fleet_adj",
        "fleet_reach",
        "province_of",
        "sea_between",
        "sea_links",
        "sea_touches",
    )

    def __init__(self, gm: GameMap) -> None:
        self.province_of: dict[str, str] = dict(gm.province_of)
        self.army_adj: dict[str, frozenset[str]] = dict(gm.army_adj)
        self.fleet_adj: dict[str, frozenset[str]] = dict(gm.fleet_adj)
        self.fleet_reach: dict[str, frozenset[str]] = dict(gm.fleet_reach)
        self.sea_touches: dict[str, frozenset[str]] = dict(gm.sea_touches)
        self.sea_links: dict[str, frozenset[str]] = dict(gm.sea_links)
        self.sea_between: dict[tuple[str, str], tuple[str, ...]] = dict(gm.sea_between)
        self.convoy_seas: frozenset[str] = gm.convoy_seas


_TABLES: dict[GameMap, _Tables] = {}


def _tables(gm: GameMap) -> _Tables:
    got = _TABLES.get(gm)
    if got is None:
        if len(_TABLES) >= 64:  # maps built on the fly (tests, tools) must not pile up
            _TABLES.clear()
        got = _TABLES[gm] = _Tables(gm)
    return got


class _Movement:
    __slots__ = (
        "_fleet_seas",
        "_standoffs",
        "arrivals",
        "bonus",
        "conv",
        "cv",
        "cv_fleets",
        "cycle",
        "cycle_set",
        "dislodged_by",
        "friendly",
        "gm",
        "guess",
        "guess_based",
        "h2h",
        "hits",
        "impassable",
        "into",
        "last",
        "moved_from",
        "mv_dest",
        "mv_loc",
        "order_of",
        "paths",
        "policy",
        "renamed",
        "res",
        "rules",
        "sup",
        "sup_hold",
        "sup_move",
        "szykman",
        "tables",
        "units",
        "visiting",
        "void",
        "weak",
        "why",
    )

    def __init__(
        self, gm: GameMap, units: Mapping[str, Unit], orders: Mapping[str, Order], rules: Rules, policy: Policy
    ) -> None:
        self.gm = gm
        self.tables = _tables(gm)
        self.units = units
        self.rules = rules
        self.policy = policy
        self.impassable = policy.impassable
        cls = type(policy)
        self.friendly: Callable[[str, str], bool] = operator.eq if cls.friendly is Policy.friendly else policy.friendly
        self.bonus: dict[str, int] = (
            {} if cls.defence_bonus is Policy.defence_bonus else {p: policy.defence_bonus(p) for p in units}
        )
        self.weak: frozenset[str] = (
            frozenset() if cls.weak is Policy.weak else frozenset(p for p, u in units.items() if policy.weak(u))
        )
        self.order_of = orders
        self.void: dict[str, str] = {}
        self.mv_dest: dict[str, str] = {}
        self.mv_loc: dict[str, str] = {}
        self.conv: set[str] = set()
        self.into: dict[str, list[str]] = {}
        self.h2h: dict[str, str] = {}
        self.sup: dict[str, tuple[str, str | None]] = {}
        self.sup_move: dict[str, list[str]] = {}
        self.sup_hold: dict[str, list[str]] = {}
        self.cv: dict[str, str] = {}
        self.cv_fleets: dict[str, list[str]] = {}
        self.paths: dict[str, bool] = {}
        self.res: dict[str, bool] = {}
        self.guess: dict[str, bool] = {}
        self.visiting: set[str] = set()
        self.cycle: list[str] = []
        self.cycle_set: set[str] = set()
        self.hits = 0
        self.guess_based = False
        self.szykman: set[str] = set()
        self.dislodged_by: dict[str, str] = {}
        self.renamed: set[str] = set()  # ordered units whose order names another type or coast than the board's
        self.moved_from: set[str] = set()
        self.arrivals: dict[str, Unit] = {}  # by destination, the unit that moved in
        # Why a move failed, as its deciding comparison found it when settled without a guess: ("own", 0, 0)
        # (attack 0 on its own side), ("h2h", attack, defence), ("hold", attack, hold); else read afresh.
        self.why: dict[str, tuple[str, int, int]] = {}
        self.last: tuple[str, int, int] = _PREVENTED
        self._fleet_seas: frozenset[str] | None = None
        self._standoffs: frozenset[str] | None = None
        if orders:
            self._legalise()

    @property
    def fleet_seas(self) -> frozenset[str]:
        """Provinces of fleets that stand in seas (the fleets that could convoy)."""
        if self._fleet_seas is None:
            seas = self.gm.convoy_seas
            self._fleet_seas = frozenset(p for p, u in self.units.items() if u.kind == "F" and p in seas)
        return self._fleet_seas

    # ------------------------------------------------------------------------------------------- legality

    def _legalise(self) -> None:
        """Check every order (the common legal cases inline, the rest and every reason in ``_check_*``), match
        supports and convoys to the moves, and settle at once the decisions that depend on no other."""
        # ruling STD-D09: each order judged on its own, save the convoy intent of STD-B03
        units, void = self.units, self.void
        get_unit = units.get
        tb = self.tables
        prov_of, army_adj, fleet_adj, fleet_reach = tb.province_of, tb.army_adj, tb.fleet_adj, tb.fleet_reach
        impassable = self.impassable
        supports: list[tuple[str, SupportHold | SupportMove]] = []
        convoys: list[tuple[str, Convoy]] = []
        overland: list[str] = []  # army moves to a neighbour: by land unless its power shows convoy intent
        mv_dest, mv_loc, into, h2h = self.mv_dest, self.mv_loc, self.into, self.h2h
        checked: list[str] = []  # moves that took the long legality check
        renamed, conv = self.renamed, self.conv
        seas, sea_between, sea_touches = tb.convoy_seas, tb.sea_between, tb.sea_touches
        for p, order in self.order_of.items():
            unit = get_unit(p)
            if unit is None:
                void[p] = f"no unit in {p}"
                continue
            t = type(order)
            if t is Move:
                mo: Move = order  # type: ignore[assignment]
                if mo.unit != unit.kind or mo.loc != unit.loc:
                    renamed.add(p)
                dest = mo.dest
                d = prov_of[dest]
                # The common cases first: an army to a neighbour, a fleet to a plain neighbouring location.
                if not mo.via_convoy and d != p and d not in impassable:
                    if unit.kind == "A":
                        if d in army_adj[p]:
                            mv_dest[p] = mv_loc[p] = d
                            overland.append(p)
                            lst = into.get(d)
                            if lst is None:
                                into[d] = [p]
                            else:
                                lst.append(p)
                            if mv_dest.get(d) == p:
                                h2h[p] = d
                                h2h[d] = p
                            continue
                    elif dest in fleet_adj[unit.loc]:
                        mv_dest[p] = d
                        mv_loc[p] = dest
                        lst = into.get(d)
                        if lst is None:
                            into[d] = [p]
                        else:
                            lst.append(p)
                        if mv_dest.get(d) == p:
                            h2h[p] = d
                            h2h[d] = p
                        continue
                if unit.kind == "A" and d != p and d not in impassable and d not in seas:
                    # By convoy: legal when one fleet on the board could carry it alone (else see _check_move).
                    for f in sea_between.get((p, d), ()):
                        if f in units and f not in impassable:
                            mv_dest[p] = mv_loc[p] = d
                            conv.add(p)
                            checked.append(p)
                            break
                    else:
                        f = ""
                    if f:
                        continue
                why = self._check_move(p, unit, mo)
                if why:
                    void[p] = why
                    continue
                if p not in mv_dest:
                    mv_dest[p] = mv_loc[p] = d
                    overland.append(p)
                checked.append(p)
            elif t is Hold:
                if order.unit != unit.kind or order.loc != unit.loc:  # type: ignore[union-attr]
                    renamed.add(p)
            elif t is SupportMove:
                sm: SupportMove = order  # type: ignore[assignment]
                tp = prov_of[sm.target]
                target = get_unit(tp)
                if sm.unit != unit.kind or sm.loc != unit.loc or (target is not None and sm.target_unit != target.kind):
                    renamed.add(p)
                d = prov_of[sm.dest]
                # The common legal case inline: a neighbour supports a unit that can reach ``d`` itself.
                if (
                    target is not None
                    and tp != p
                    and d != p
                    and d != tp
                    and d in (army_adj[p] if unit.kind == "A" else fleet_reach[unit.loc])
                    and d not in impassable
                    and (
                        d in army_adj[tp]
                        if target.kind == "A"
                        else (sm.dest in fleet_adj[target.loc] if sm.dest != d else d in fleet_reach[target.loc])
                    )
                ):
                    supports.append((p, sm))
                    continue
                why = self._check_support(p, unit, sm)
                if why:
                    void[p] = why
                else:
                    supports.append((p, sm))
            elif t is SupportHold:
                sh: SupportHold = order  # type: ignore[assignment]
                tp = prov_of[sh.target]
                target = get_unit(tp)
                if sh.unit != unit.kind or sh.loc != unit.loc or (target is not None and sh.target_unit != target.kind):
                    renamed.add(p)
                reach = army_adj[p] if unit.kind == "A" else fleet_reach[unit.loc]
                if tp != p and target is not None and tp in reach:
                    supports.append((p, sh))
                    continue
                why = self._check_support(p, unit, sh)
                if why:
                    void[p] = why
                else:
                    supports.append((p, sh))
            elif t is Convoy:
                co: Convoy = order  # type: ignore[assignment]
                if co.unit != unit.kind or co.loc != unit.loc:
                    renamed.add(p)
                army = get_unit(co.target)
                touches = sea_touches.get(p, ())  # empty unless the fleet is in a sea
                # The common legal case inline: a fleet in a sea bordering both ends (the route needs it alone).
                if (
                    army is not None
                    and unit.kind == "F"
                    and army.kind == "A"
                    and co.dest != co.target
                    and co.target in touches
                    and co.dest in touches
                    and co.dest not in seas
                    and p not in impassable
                    and co.dest not in impassable
                ):
                    convoys.append((p, co))
                    continue
                why = self._check_convoy(p, unit, co)
                if why:
                    void[p] = why
                else:
                    convoys.append((p, co))
            else:
                void[p] = f"{t.__name__.lower()} orders are not given in a movement phase"

        # Convoy to a neighbouring province: used when ordered VIA (checked above) or when the army's own
        # power orders one of its fleets to convoy it legally (DATC 4.A.3; an illegal convoy order, on no route
        # that needs it, is ignored and shows no intent: 4.E.1, 6.G.7, 6.G.19).
        if convoys and overland:
            intent: set[tuple[str, str, str]] = set()
            for f, c in convoys:
                intent.add((units[f].nation, c.target, c.dest))
            for p in overland:
                if (units[p].nation, p, mv_dest[p]) in intent:
                    conv.add(p)
        for p in checked:
            d = mv_dest[p]
            lst = into.get(d)
            if lst is None:
                into[d] = [p]
            else:
                lst.append(p)
            if mv_dest.get(d) == p:
                h2h[p] = d
                h2h[d] = p
        if conv:  # no head-to-head battle when one of the two goes by convoy (DATC 4.A.7)
            for p in list(h2h):
                if p in conv or h2h[p] in conv:
                    del h2h[p]
        res = self.res
        # Settle at once what depends on nothing: a unit moving over land, alone, into an empty province.
        for d, lst in into.items():
            if len(lst) == 1 and d not in units and lst[0] not in conv:
                res[lst[0]] = True

        cv = self.cv
        for p, c in convoys:
            a = c.target
            if a not in mv_dest:
                void[p] = f"A {a} was not ordered to move to {c.dest}"
            elif mv_dest[a] != c.dest:
                void[p] = f"A {a} was ordered to {mv_loc[a]}, not to {c.dest}"
            elif a not in conv:
                void[p] = f"A {a} - {c.dest} goes over land, not by convoy"
            else:
                cv[p] = a
                lst = self.cv_fleets.get(a)
                if lst is None:
                    self.cv_fleets[a] = [p]
                else:
                    lst.append(p)
                if p not in into:  # nobody attacks the fleet: the convoy stands
                    res[p] = True

        sup, sup_move, sup_hold, friendly = self.sup, self.sup_move, self.sup_hold, self.friendly
        for p, s in supports:
            a = prov_of[s.target]
            target = units[a]
            aim: str | None
            if type(s) is SupportHold:
                if a in mv_dest:
                    void[p] = f"{target} was ordered to move to {mv_loc[a]}, not to hold"
                    continue
                aim = None
                sup[p] = (a, None)
                lst = sup_hold.get(a)
                if lst is None:
                    sup_hold[a] = [p]
                else:
                    lst.append(p)
            else:
                sm = s  # type: ignore[assignment]
                aim = prov_of[sm.dest]
                if a not in mv_dest:
                    void[p] = f"{target} was not ordered to move to {aim}"
                    continue
                if mv_dest[a] != aim or (sm.dest != aim and target.kind == "F" and mv_loc[a] != sm.dest):
                    void[p] = f"{target} was ordered to {mv_loc[a]}, not to {sm.dest}"
                    continue
                sup[p] = (a, aim)
                lst = sup_move.get(a)
                if lst is None:
                    sup_move[a] = [p]
                else:
                    lst.append(p)
            # Settle the support now when the first attack on it that counts needs no other decision
            # (as ``_support_ok`` would find it): none at all, or one over land from elsewhere than ``aim``.
            attackers = into.get(p)
            if attackers is None:
                res[p] = True
                continue
            nation = units[p].nation
            for m in attackers:
                if friendly(units[m].nation, nation):
                    continue
                if m != aim and m not in conv:
                    res[p] = False
                break
            else:
                res[p] = True

    def _check_move(self, p: str, unit: Unit, order: Move) -> str:
        # rulings STD-C01, STD-C02, STD-D11 (a fleet's VIA is void)
        gm = self.gm
        dest = order.dest
        d = _strip(dest)
        if d == p:
            return f"{unit} cannot move to its own province"
        if d in self.impassable:
            return f"{d} is impassable"
        if unit.kind == "F":
            if order.via_convoy:
                return "only armies can be convoyed"
            adj = gm.fleet_adj[unit.loc]
            if gm.provinces[d].type == "land":
                return f"a fleet cannot enter {d} (inland)"
            coasts = gm.coasts.get(d)
            if coasts:
                if dest == d:
                    reach = [c for c in coasts if c in adj]
                    if len(reach) > 1:
                        return f"the coast of {d} must be given ({' or '.join(reach)})"
                    if reach:
                        dest = reach[0]  # the only coast it can reach (DATC 4.B.2)
                if dest not in adj:
                    return f"{unit} cannot reach {dest}" if dest != d else f"{unit} is not adjacent to {d}"
            elif dest not in adj:
                return f"{unit} is not adjacent to {d}"
            self.mv_dest[p] = d
            self.mv_loc[p] = dest
            return ""
        if gm.provinces[d].type == "sea":
            return f"an army cannot enter {d} (a sea)"
        if d in gm.army_adj[p] and not order.via_convoy:
            return ""  # over land, unless its power shows the intent to convoy (the caller records it)
        if gm.provinces[p].type != "coast" or gm.provinces[d].type != "coast":
            return f"{unit} is not adjacent to {d}"
        if not self._chain_possible(p, d, ""):
            return f"no fleets could convoy {unit} to {d}"
        self.mv_dest[p] = d
        self.mv_loc[p] = d
        self.conv.add(p)
        return ""

    def _check_support(self, p: str, unit: Unit, order: SupportHold | SupportMove) -> str:
        # ruling STD-C03: the supporter reaches the province, not the coast
        gm = self.gm
        t = _strip(order.target)
        if t == p:
            return f"{unit} cannot support itself"
        target = self.units.get(t)
        if target is None:
            return f"no unit in {t} to support"
        reach = gm.army_adj[p] if unit.kind == "A" else gm.fleet_reach[unit.loc]
        if isinstance(order, SupportHold):
            return "" if t in reach else f"{unit} cannot reach {t}"
        d = _strip(order.dest)
        if d == p:
            return f"{unit} cannot support a move into its own province"
        if d == t:
            return f"{target} cannot move to its own province"
        if d not in reach:
            return f"{unit} cannot reach {d}"
        if d in self.impassable:
            return f"{d} is impassable"
        if target.kind == "F":
            ok = order.dest in gm.fleet_adj[target.loc] if order.dest != d else d in gm.fleet_reach[target.loc]
        else:
            ok = gm.provinces[d].type != "sea" and (
                d in gm.army_adj[t]
                or (
                    gm.provinces[t].type == "coast"
                    and gm.provinces[d].type == "coast"
                    and self._chain_possible(t, d, p)
                )
            )
        return "" if ok else f"{target} cannot reach {order.dest}"

    def _check_convoy(self, p: str, unit: Unit, order: Convoy) -> str:
        # ruling STD-B07: the legality of a convoy order
        gm = self.gm
        if unit.kind != "F":
            return "only fleets can convoy"
        if p not in gm.convoy_seas:
            return f"{unit} cannot convoy from a coast"
        if p in self.impassable:
            return f"{p} is impassable"
        t, d = order.target, order.dest
        army = self.units.get(t)
        if army is None:
            return f"no army in {t} to convoy"
        if army.kind != "A":
            return "only armies can be convoyed"
        if d == t:
            return f"{army} cannot be convoyed to its own province"
        if gm.provinces[t].type != "coast" or gm.provinces[d].type != "coast":
            return f"{army} cannot be convoyed to {d}"
        if d in self.impassable:
            return f"{d} is impassable"
        if not self._on_route(p, t, d):
            return f"{unit} is not needed on any convoy route from {t} to {d}"
        return ""

    def _fleets(self, without: str = "") -> frozenset[str]:
        """The seas holding a fleet that could convoy (impassable ones and ``without`` left out)."""
        fleets = self.fleet_seas
        if self.impassable:
            fleets = fleets - self.impassable
        return fleets - {without} if without in fleets else fleets

    def _chain_possible(self, o: str, d: str, without: str) -> bool:
        """Whether fleets now in seas (whatever their orders) could convoy an army from ``o`` to ``d``."""
        fleets = self._fleets(without)
        for f in self.tables.sea_between.get((o, d), ()):
            if f in fleets:
                return True  # one fleet is a chain by itself
        return bool(_route_fleets(self.gm, fleets, o, d))

    def _on_route(self, fleet: str, o: str, d: str) -> bool:
        """Whether ``fleet`` is needed on some convoy route from ``o`` to ``d`` (see ``_route_fleets``)."""
        touches = self.tables.sea_touches[fleet]
        if o in touches and d in touches:
            return True  # it links them alone
        return fleet in _route_fleets(self.gm, self._fleets(), o, d)

    # ----------------------------------------------------------------------------------------- resolution

    def _resolve(self, p: str) -> bool:
        r = self.res.get(p)
        if r is not None:
            return r
        if p in self.cycle_set:
            self.guess_based = True
            return self.guess[p]
        if p in self.visiting:
            self.cycle.append(p)
            self.cycle_set.add(p)
            self.hits += 1
            self.guess_based = True
            return self.guess[p]
        self.visiting.add(p)
        old_len, old_gb, old_hits = len(self.cycle), self.guess_based, self.hits
        self.guess_based = False
        self.guess[p] = False
        is_move = p in self.mv_dest
        first = self._move_ok(p) if is_move else self._adjudicate(p)
        if not self.guess_based:
            self.guess_based = old_gb
            self.visiting.discard(p)
            self.res[p] = first
            if is_move and not first:
                self.why[p] = self.last
            return first
        if p in self.cycle_set:
            self.hits -= 1
        if self.hits != old_hits:
            # A cycle through this decision that started higher up: let the ancestor settle it.
            if p not in self.cycle_set:
                self.cycle.append(p)
                self.cycle_set.add(p)
            self.guess[p] = first
            self.visiting.discard(p)
            return first
        # This decision started the cycle: adjudicate it again with the opposite guess.
        members = self.cycle[old_len:]
        self._drop_cycle(old_len)
        self.guess[p] = True
        second = self._adjudicate(p)
        if first == second:
            self.res[p] = first
        else:  # zero or two consistent answers: the backup rule decides
            members += [q for q in self.cycle[old_len:] if q not in members]
            self._backup_rule(members if p in members else [*members, p])
        self._drop_cycle(old_len)
        self.hits = old_hits
        self.guess_based = old_gb
        self.visiting.discard(p)
        return first if first == second else self._resolve(p)

    def _drop_cycle(self, n: int) -> None:
        for q in self.cycle[n:]:
            self.cycle_set.discard(q)
        del self.cycle[n:]

    def _backup_rule(self, cycle: list[str]) -> None:
        # ruling STD-B01: circular movement, the Szykman rule, else the cycle fails
        if all(q in self.mv_dest for q in cycle):  # circular movement: everybody moves
            for q in cycle:
                self.res[q] = True
        elif any(q in self.cv for q in cycle):  # convoy paradox, Szykman rule: the convoys in the paradox fail
            for q in cycle:
                if q in self.cv:
                    self.res[q] = False
                    self.szykman.add(q)
        else:  # only possible with variant rules: the whole cycle fails
            for q in cycle:
                self.res[q] = False

    def _adjudicate(self, p: str) -> bool:
        if p in self.mv_dest:
            return self._move_ok(p)
        if p in self.sup:
            return self._support_ok(p)
        res = self.res
        for m in self.into.get(p, ()):
            r = res.get(m)
            if r is None:
                r = self._move_ok(m)  # DATC 5.D: adjudicate the attack directly, keeping cycles simple
            if r:
                return False
        return True

    def _move_ok(self, p: str) -> bool:
        """Whether the move from ``p`` succeeds: its attack strength beats the defence (head-to-head) or the
        hold strength of the destination, and the prevent strength of every other unit moving there."""
        if p in self.conv and not self._path(p):
            self.last = _PREVENTED
            return False
        d = self.mv_dest[p]
        units = self.units
        occ = units.get(d)
        movers = self.into[d]
        if occ is None and len(movers) == 1:
            return True  # alone into an empty province: attack at least 1 against nothing
        res = self.res
        q = self.h2h.get(p)
        # Attack strength (DATC 5.B.6).
        if occ is not None and (q is not None or d not in self.mv_dest or not self._resolve(d)):
            nation = occ.nation
            if self.friendly(units[p].nation, nation):
                a = 0  # no dislodging a unit of one's own side
            else:
                a = 1
                for s in self.sup_move.get(p, ()):
                    if not self.friendly(units[s].nation, nation):
                        r = res.get(s)
                        if r is None:
                            r = self._resolve(s)
                        if r:
                            a += 1
        else:
            a = self._support_count(p)
        if q is not None:  # defend strength of the unit coming the other way
            n = self._support_count(q)
            if a <= n:
                self.last = ("h2h", a, n) if a else _OWN
                return False
        elif occ is not None:
            n = self._hold(d)
            if a <= n:
                self.last = ("hold", a, n) if a else _OWN
                return False
        for r_ in movers:
            if r_ != p and a <= self._prevent(r_):
                self.last = _PREVENTED
                return False
        return True

    def _support_ok(self, s: str) -> bool:
        # ruling STD-B04: an attack from where the support is aimed (by convoy too) cuts only by dislodging
        d = self.sup[s][1]
        units = self.units
        nation = units[s].nation
        for m in self.into.get(s, ()):
            if self.friendly(units[m].nation, nation):
                continue
            if m == d:  # attacked from where the support is aimed: cut only by being dislodged
                if self._resolve(m):
                    return False
            elif m not in self.conv or self._path(m):
                return False
        return True

    def _path(self, p: str) -> bool:
        known = self.paths.get(p)
        if known is not None:
            return known
        fleets = self.cv_fleets.get(p)
        if not fleets:
            return False
        touches, links, resolve, res = self.tables.sea_touches, self.tables.sea_links, self._resolve, self.res
        d = self.mv_dest[p]
        found = False
        todo = [f for f in fleets if p in touches[f] and resolve(f)]
        seen = set(todo)
        while todo:
            f = todo.pop()
            if d in touches[f]:
                found = True
                break
            for g in fleets:
                if g not in seen and g in links[f] and resolve(g):
                    seen.add(g)
                    todo.append(g)
        if all(f in res for f in fleets):  # settled: no guess involved, remember it
            self.paths[p] = found
        return found

    def _counted(self, supporters: Iterable[str]) -> int:
        """How many of ``supporters`` give their support (resolving each that is not settled yet)."""
        n = 0
        res = self.res
        for s in supporters:
            r = res.get(s)
            if r is None:
                r = self._resolve(s)
            if r:
                n += 1
        return n

    def _support_count(self, p: str) -> int:
        """The strength of the move from ``p``: 1 plus its supports that are given."""
        return 1 + self._counted(self.sup_move.get(p, ()))

    def _hold(self, d: str) -> int:
        if d not in self.units:
            return 0
        if d in self.mv_dest:
            return 0 if self._resolve(d) else 1 + self.bonus.get(d, 0)
        n = 1 + self.bonus.get(d, 0) if self.bonus else 1
        return n + self._counted(self.sup_hold.get(d, ()))

    def _defend(self, q: str) -> int:
        return self._support_count(q)

    def _prevent(self, r: str) -> int:
        # rulings STD-B06 (DATC 5.B.6 literally), STD-H03 (a weak unit)
        if r in self.conv and not self._path(r):
            return 0
        q = self.h2h.get(r)
        if q is not None and self._resolve(q):
            return 0
        n = self._support_count(r)
        return 0 if n == 1 and r in self.weak else n

    # -------------------------------------------------------------------------------------------- results

    def run(self) -> MovementResult:
        res, resolve = self.res, self._resolve
        for decisions in (self.mv_dest, self.sup, self.cv):
            for p in decisions:
                if p not in res:
                    resolve(p)
        units, mv_dest, mv_loc = self.units, self.mv_dest, self.mv_loc
        moved = [p for p in mv_dest if res[p]]
        self.moved_from.update(moved)
        after = dict(units)
        for p in moved:
            del after[p]
        dislodged_by = self.dislodged_by
        cache = _UNITS
        for p in moved:
            d = mv_dest[p]
            if d in after:  # its unit stays: dislodged
                dislodged_by[d] = p
        arrivals = self.arrivals
        for p in moved:
            u = units[p]
            key = (u.nation, u.kind, mv_loc[p])
            got = cache.get(key)
            arrivals[mv_dest[p]] = got if got is not None else _unit(*key)
        after.update(arrivals)
        dislodged: dict[str, Dislodgement] = {}
        if dislodged_by:
            standoffs = self.standoffs(after)
            for p, by in dislodged_by.items():
                u = units[p]
                dislodged[p] = Dislodgement(u, by, self._text(by), self._retreats(u, p, by, after, standoffs))
        return MovementResult(self, MappingProxyType(after), MappingProxyType(dislodged))

    def standoffs(self, after: Mapping[str, Unit]) -> frozenset[str]:
        """Provinces left empty by a bounce (no retreat goes there)."""
        if self._standoffs is None:
            found: set[str] = set()
            for d, movers in self.into.items():
                if d not in after:
                    for r in movers:
                        if self._prevent(r):
                            found.add(d)
                            break
            self._standoffs = frozenset(found)
        return self._standoffs

    def _retreats(
        self, unit: Unit, p: str, by: str, after: Mapping[str, Unit], standoffs: frozenset[str]
    ) -> tuple[str, ...]:
        # rulings STD-E01, STD-C07: retreat options are by province
        if not self.policy.may_retreat(unit):
            return ()
        # Not to the attacker's province, unless the attacker came by convoy (DATC 4.A.5, choice b).
        barred = by if by not in self.conv else ""
        tb = self.tables
        locs = tb.army_adj[p] if unit.kind == "A" else tb.fleet_adj[unit.loc]
        prov_of, impassable = tb.province_of, self.policy.impassable
        return tuple(
            sorted(
                loc
                for loc in locs
                if (q := prov_of[loc]) != barred and q not in after and q not in standoffs and q not in impassable
            )
        )

    def _text(self, p: str) -> str:
        """The order of the unit in ``p`` as adjudicated (board type and coast), e.g. ``A MUN - BUR``."""
        u = self.units[p]
        if p in self.mv_dest:
            return f"{u.kind} {u.loc} - {self.mv_loc[p]}"
        return f"{u.kind} {u.loc}"

    def norm(self, p: str) -> Order:
        """The order given for ``p`` with the unit's type and coast (and a supported unit's type) from the board."""
        order = self.order_of[p]
        unit = self.units.get(p)
        if unit is None:
            return order
        if isinstance(order, SupportMove | SupportHold):
            target = self.units.get(_strip(order.target))
            if (
                order.unit == unit.kind
                and order.loc == unit.loc
                and (target is None or order.target_unit == target.kind)
            ):
                return order
        elif not isinstance(order, Move | Hold | Convoy) or (order.unit == unit.kind and order.loc == unit.loc):
            return order
        return as_adjudicated(order, unit, self.units)

    def table(self) -> dict[str, tuple[Result, str]]:
        """(result, reason) by the province of every ordered unit; after ``run``.  The same as ``result_of``,
        with the common cases read here at once."""
        out: dict[str, tuple[Result, str]] = {}
        res, mv_dest, mv_loc, conv, units = self.res, self.mv_dest, self.mv_loc, self.conv, self.units
        dislodged_by, sup, cv, void, why = self.dislodged_by, self.sup, self.cv, self.void, self.why
        for p in self.order_of:
            d = mv_dest.get(p)
            if d is not None:
                if res[p]:
                    text = "moves to " + mv_loc[p]
                    if p in conv:
                        text += " by convoy"
                    if dislodged_by and dislodged_by.get(d) == p:
                        occ = units[d]
                        text = f"{text}, dislodging {occ.kind} {occ.loc}"
                    out[p] = (SUCCEEDS, text)
                    continue
                known = why.get(p)
                if known is not None and known[0]:
                    code, a, n = known
                    occ = units[d]
                    if code == "hold":
                        text = f"bounced off {occ.kind} {occ.loc}, {a} against {n}"
                    elif code == "h2h":
                        q = self.h2h[p]
                        u = units[q]
                        verb = "bounced with" if a == n else "beaten head-to-head by"
                        text = f"{verb} {u.kind} {u.loc} - {mv_loc[q]}, {a} against {n}"
                    else:
                        text = f"cannot dislodge {occ.kind} {occ.loc}, a unit of its own side"
                    by = dislodged_by.get(p) if dislodged_by else None
                    if by is not None:
                        text = f"{text}; dislodged by {self._text(by)}"
                    out[p] = (FAILS, text)
                    continue
            else:
                aimed = sup.get(p)
                if aimed is not None:
                    if res[p]:
                        t = aimed[0]
                        u = units[t]
                        if t in mv_dest:
                            out[p] = (SUCCEEDS, f"supports {u.kind} {u.loc} - {mv_loc[t]}")
                        else:
                            out[p] = (SUCCEEDS, f"supports {u.kind} {u.loc}")
                        continue
                elif p not in cv and p not in void and p not in dislodged_by:
                    out[p] = _HOLDS
                    continue
            out[p] = self.result_of(p)
        return out

    def verdict(self, p: str) -> tuple[Order, Result, str]:
        """(order as adjudicated, result, reason) for the unit ordered in ``p``; after ``run``."""
        return (self.norm(p), *self.result_of(p))

    def result_of(self, p: str) -> tuple[Result, str]:
        """(result, reason) for the unit ordered in ``p``; after ``run``."""
        # rulings STD-G01..G03: the result labels
        dislodged_by = self.dislodged_by
        d = self.mv_dest.get(p)
        if d is not None:  # the commonest case first
            if self.res[p]:
                how = " by convoy" if p in self.conv else ""
                if dislodged_by.get(d) == p:
                    occ = self.units[d]
                    return SUCCEEDS, f"moves to {self.mv_loc[p]}{how}, dislodging {occ.kind} {occ.loc}"
                return SUCCEEDS, f"moves to {self.mv_loc[p]}{how}"
            by = dislodged_by.get(p)
            tail = f"; dislodged by {self._text(by)}" if by is not None else ""
            return FAILS, self._why_move_failed(p) + tail
        by = dislodged_by.get(p)
        aimed = self.sup.get(p)
        if aimed is not None:
            target, aim = aimed
            if self.res[p]:
                return SUCCEEDS, f"supports {self._text(target)}"
            if by is not None:
                return FAILS, f"support cut: dislodged by {self._text(by)}"
            nation = self.units[p].nation
            cutters = [
                m
                for m in self.into[p]
                if m != aim
                and not self.friendly(self.units[m].nation, nation)
                and (m not in self.conv or self._path(m))
            ]
            if not cutters:  # only after the backup rule of a variant paradox
                return FAILS, "fails: part of a paradox that the backup rule settles against it"
            return FAILS, f"support cut by {self._text(cutters[0])}"
        army = self.cv.get(p)
        if army is None:
            why = self.void.get(p)
            if why is not None:
                tail = f"; dislodged by {self._text(by)}" if by is not None else ""
                return VOID, f"void: {why}{tail}"
            if by is not None:
                return FAILS, f"dislodged by {self._text(by)}"
            return SUCCEEDS, "holds"
        if by is not None:
            return FAILS, f"dislodged by {self._text(by)}"
        if p in self.szykman:
            return FAILS, "convoy paradox: by the Szykman rule this convoy fails"
        if not self._path(army):
            return FAILS, self._why_no_path(army)
        return SUCCEEDS, f"convoys {self._text(army)}"

    def _why_no_path(self, p: str) -> str:
        fleets = self.cv_fleets.get(p, [])
        if not fleets:
            return "no fleet convoys it"
        paradox = [f for f in fleets if f in self.szykman]
        if paradox:
            names = ", ".join(str(self.units[f]) for f in paradox)
            return f"convoy paradox: by the Szykman rule the convoy of {names} fails, so the army stays"
        lost = [f for f in fleets if not self.res[f]]
        if lost:
            return f"convoy disrupted: {', '.join(str(self.units[f]) for f in lost)} dislodged"
        return "no chain of convoying fleets reaches the destination"

    def _why_move_failed(self, p: str) -> str:
        if p in self.conv and not self._path(p):
            return self._why_no_path(p)
        d = self.mv_dest[p]
        units, res = self.units, self.res
        occ = units.get(d)
        # The attack strength (every decision is settled now).
        if occ is None or (p not in self.h2h and d in self.mv_dest and res[d]):
            a = 1
            for s in self.sup_move.get(p, ()):
                if res[s]:
                    a += 1
        elif self.friendly(units[p].nation, occ.nation):
            a = 0
        else:
            a = 1
            for s in self.sup_move.get(p, ()):
                if res[s] and not self.friendly(units[s].nation, occ.nation):
                    a += 1
        if a == 0 and occ is not None:
            return f"cannot dislodge {occ.kind} {occ.loc}, a unit of its own side"
        q = self.h2h.get(p)
        if q is not None:
            n = self._defend(q)
            if a <= n:
                verb = "bounced with" if a == n else "beaten head-to-head by"
                return f"{verb} {self._text(q)}, {a} against {n}"
        elif occ is not None:
            n = self._hold(d)
            if a <= n:
                return f"bounced off {occ.kind} {occ.loc}, {a} against {n}"
        texts = []
        most = 0
        for r in self.into[d]:
            if r != p:
                n = self._prevent(r)
                if a <= n:
                    texts.append(self._text(r))
                    most = max(most, n)
        return f"bounced with {' and '.join(texts)}, {a} against {most}"


@lru_cache(maxsize=16384)
def _route_fleets(gm: GameMap, fleets: frozenset[str], o: str, d: str) -> frozenset[str]:
    """The fleets (seas in ``fleets``) needed on some convoy route from ``o`` to ``d``: those on a chain of
    fleets from a sea touching ``o`` to one touching ``d`` in which no fleet could be skipped (no link between
    non-consecutive fleets, only the first touches ``o``, only the last touches ``d``).  Empty when no chain
    exists.  Cached: fleet positions recur from phase to phase."""
    touches, links = gm.sea_touches, gm.sea_links
    needed: set[str] = set()
    path: list[str] = []

    def extend(f: str) -> None:
        path.append(f)
        if d in touches[f]:
            needed.update(path)
        else:
            for g in links[f]:
                if g in fleets and g not in path and o not in touches[g] and not any(g in links[x] for x in path[:-1]):
                    extend(g)
        path.pop()

    for f in fleets:
        if o in touches[f]:
            extend(f)
    return frozenset(needed)


_UNITS: dict[tuple[str, str, str], Unit] = {}
_HOLDS: tuple[Result, str] = (SUCCEEDS, "holds")
_OWN = ("own", 0, 0)
_PREVENTED = ("", 0, 0)  # or no convoy path: read afresh by ``_why_move_failed``


def _unit(nation: str, kind: UnitType, loc: str) -> Unit:
    """A shared Unit object (units recur from phase to phase; building a new tuple each time costs more)."""
    key = (nation, kind, loc)
    got = _UNITS.get(key)
    if got is None:
        if len(_UNITS) > 50_000:
            _UNITS.clear()
        got = _UNITS[key] = Unit(nation, kind, loc)
    return got


def as_adjudicated(order: Order, unit: Unit, units: Mapping[str, Unit]) -> Order:
    """The order with the ordering unit's type and coast (and the supported unit's type) taken from the board."""
    if isinstance(order, SupportHold | SupportMove):
        target = units.get(_strip(order.target))
        tkind = target.kind if target is not None else order.target_unit
        if order.unit == unit.kind and order.loc == unit.loc and order.target_unit == tkind:
            return order
        if isinstance(order, SupportHold):
            return SupportHold(unit.kind, unit.loc, tkind, order.target)
        return SupportMove(unit.kind, unit.loc, tkind, order.target, order.dest)
    if getattr(order, "unit", None) == unit.kind and getattr(order, "loc", None) == unit.loc:
        return order
    if isinstance(order, Move):
        return Move(unit.kind, unit.loc, order.dest, order.via_convoy)
    if isinstance(order, Hold):
        return Hold(unit.kind, unit.loc)
    if isinstance(order, Convoy):
        return Convoy(unit.kind, unit.loc, order.target, order.dest)
    return order
