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

Everything is computed once per decision; results, reasons and retreat options are read off afterwards.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
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

__all__ = ["Dislodgement", "MovementResult", "illegal_reason", "resolve_movement"]


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

    __slots__ = ("_m", "_outcomes", "dislodged", "standoffs", "units", "verdict")

    def __init__(
        self, m: _Movement, units: Mapping[str, Unit], dislodged: Mapping[str, Dislodgement], standoffs: frozenset[str]
    ) -> None:
        self._m = m
        self.units = units
        self.dislodged = dislodged
        self.standoffs = standoffs
        #: ``verdict(province)``: (the order of the unit there as adjudicated, its result, the reason).
        self.verdict: Callable[[str], tuple[Order, Result, str]] = m.verdict
        self._outcomes: Mapping[str, Outcome] | None = None

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
    2023 rulebooks adjudicate movement alike (notes/adjudicator-rulings.md)."""
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


class _Movement:
    __slots__ = (
        "_fleet_seas",
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
        "mv_dest",
        "mv_loc",
        "norm",
        "order_of",
        "paths",
        "policy",
        "res",
        "rules",
        "sup",
        "sup_hold",
        "sup_move",
        "szykman",
        "units",
        "visiting",
        "void",
        "weak",
    )

    def __init__(
        self, gm: GameMap, units: Mapping[str, Unit], orders: Mapping[str, Order], rules: Rules, policy: Policy
    ) -> None:
        self.gm = gm
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
        self.norm: dict[str, Order] = {}
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
        self._fleet_seas: frozenset[str] | None = None
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
        units, void, gm, norm = self.units, self.void, self.gm, self.norm
        prov_of, army_adj, fleet_adj = gm.province_of, gm.army_adj, gm.fleet_adj
        impassable = self.impassable
        supports: list[tuple[str, SupportHold | SupportMove]] = []
        convoys: list[tuple[str, Convoy]] = []
        overland: list[str] = []  # army moves to a neighbour: by land unless its power shows convoy intent
        any_convoy = False
        mv_dest, mv_loc, into, h2h = self.mv_dest, self.mv_loc, self.into, self.h2h
        checked: list[str] = []  # moves that took the long legality check
        for p, order in self.order_of.items():
            unit = units.get(p)
            t = type(order)
            if unit is None:
                void[p] = f"no unit in {p}"
                norm[p] = order
            elif t is Move:
                mo: Move = order  # type: ignore[assignment]
                kind = unit.kind
                norm[p] = order if mo.unit == kind and mo.loc == unit.loc else _as_adjudicated(order, unit, units)
                dest = mo.dest
                d = prov_of[dest]
                # The common cases first: an army to a neighbour, a fleet to a plain neighbouring location.
                if not mo.via_convoy and d != p and not (impassable and d in impassable):
                    if kind == "A":
                        ok = d in army_adj[p]
                        loc = d
                        if ok:
                            overland.append(p)
                    else:
                        ok = dest in fleet_adj[unit.loc]
                        loc = dest
                    if ok:
                        mv_dest[p] = d
                        mv_loc[p] = loc
                        lst = into.get(d)
                        if lst is None:
                            into[d] = [p]
                        else:
                            lst.append(p)
                        if mv_dest.get(d) == p:
                            h2h[p] = d
                            h2h[d] = p
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
                ho: Hold = order  # type: ignore[assignment]
                norm[p] = order if ho.unit == unit.kind and ho.loc == unit.loc else Hold(unit.kind, unit.loc)
            elif t is SupportMove or t is SupportHold:
                so: SupportHold | SupportMove = order  # type: ignore[assignment]
                target = units.get(prov_of[so.target])
                if so.unit == unit.kind and so.loc == unit.loc and (target is None or so.target_unit == target.kind):
                    norm[p] = order
                else:
                    norm[p] = _as_adjudicated(order, unit, units)
                why = self._check_support(p, unit, so)
                if why:
                    void[p] = why
                else:
                    supports.append((p, so))
            elif t is Convoy:
                co: Convoy = order  # type: ignore[assignment]
                any_convoy = True
                norm[p] = order if co.unit == unit.kind and co.loc == unit.loc else _as_adjudicated(order, unit, units)
                why = self._check_convoy(p, unit, co)
                if why:
                    void[p] = why
                else:
                    convoys.append((p, co))
            else:
                norm[p] = order
                void[p] = f"{t.__name__.lower()} orders are not given in a movement phase"

        # Convoy to a neighbouring province: used when ordered VIA (checked above) or when the army's own
        # power orders one of its fleets to convoy it legally (DATC 4.A.3; an illegal convoy order, on no route
        # that needs it, is ignored and shows no intent: 4.E.1, 6.G.7, 6.G.19).
        if any_convoy and overland:
            intent: set[tuple[str, str, str]] = set()
            for f, c in convoys:
                intent.add((units[f].nation, c.target, c.dest))
            for p in overland:
                if (units[p].nation, p, mv_dest[p]) in intent:
                    self.conv.add(p)
        conv, res, occupied = self.conv, self.res, self.units
        for p in checked:
            d = mv_dest[p]
            into.setdefault(d, []).append(p)
            if mv_dest.get(d) == p:
                h2h[p] = d
                h2h[d] = p
        if conv:  # no head-to-head battle when one of the two goes by convoy (DATC 4.A.7)
            for p in list(h2h):
                if p in conv or h2h[p] in conv:
                    del h2h[p]
        # Settle at once what depends on nothing: a unit moving over land, alone, into an empty province.
        for d, lst in into.items():
            if len(lst) == 1 and d not in occupied and lst[0] not in conv:
                res[lst[0]] = True

        for p, c in convoys:
            a = c.target
            if a not in mv_dest:
                void[p] = f"A {a} was not ordered to move to {c.dest}"
            elif mv_dest[a] != c.dest:
                void[p] = f"A {a} was ordered to {mv_loc[a]}, not to {c.dest}"
            elif a not in conv:
                void[p] = f"A {a} - {c.dest} goes over land, not by convoy"
            else:
                self.cv[p] = a
                self.cv_fleets.setdefault(a, []).append(p)

        for p, s in supports:
            a = prov_of[s.target]
            target = units[a]
            if type(s) is SupportHold:
                if a in mv_dest:
                    void[p] = f"{target} was ordered to move to {mv_loc[a]}, not to hold"
                    continue
                self.sup[p] = (a, None)
                self.sup_hold.setdefault(a, []).append(p)
            else:
                assert isinstance(s, SupportMove)
                d = prov_of[s.dest]
                if a not in mv_dest:
                    void[p] = f"{target} was not ordered to move to {d}"
                    continue
                if mv_dest[a] != d or (s.dest != d and target.kind == "F" and mv_loc[a] != s.dest):
                    void[p] = f"{target} was ordered to {mv_loc[a]}, not to {s.dest}"
                    continue
                self.sup[p] = (a, d)
                self.sup_move.setdefault(a, []).append(p)

    def _check_move(self, p: str, unit: Unit, order: Move) -> str:
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
        return bool(_route_fleets(self.gm, self._fleets(without), o, d))

    def _on_route(self, fleet: str, o: str, d: str) -> bool:
        """Whether ``fleet`` is needed on some convoy route from ``o`` to ``d`` (see ``_route_fleets``)."""
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
        first = self._adjudicate(p)
        if not self.guess_based:
            self.guess_based = old_gb
            self.visiting.discard(p)
            self.res[p] = first
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
        for m in self.into.get(p, ()):
            r = self.res.get(m)
            if r is None:
                r = self._move_ok(m)  # DATC 5.D: adjudicate the attack directly, keeping cycles simple
            if r:
                return False
        return True

    def _move_ok(self, p: str) -> bool:
        if p in self.conv and not self._path(p):
            return False
        d = self.mv_dest[p]
        if d not in self.units and len(self.into[d]) == 1:
            return True  # alone into an empty province: attack at least 1 against nothing
        a = self._attack(p)
        q = self.h2h.get(p)
        if q is not None:
            if a <= self._defend(q):
                return False
        elif a <= self._hold(d):
            return False
        return all(r == p or a > self._prevent(r) for r in self.into[d])

    def _support_ok(self, s: str) -> bool:
        d = self.sup[s][1]
        nation = self.units[s].nation
        for m in self.into.get(s, ()):
            if self.friendly(self.units[m].nation, nation):
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
        touches, links, resolve, res = self.gm.sea_touches, self.gm.sea_links, self._resolve, self.res
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

    def _support_count(self, p: str) -> int:
        n = 1
        for s in self.sup_move.get(p, ()):
            if self._resolve(s):
                n += 1
        return n

    def _attack(self, p: str) -> int:
        d = self.mv_dest[p]
        occ = self.units.get(d)
        if occ is None or (p not in self.h2h and d in self.mv_dest and self._resolve(d)):
            return self._support_count(p)
        if self.friendly(self.units[p].nation, occ.nation):
            return 0
        n = 1
        for s in self.sup_move.get(p, ()):
            if not self.friendly(self.units[s].nation, occ.nation) and self._resolve(s):
                n += 1
        return n

    def _hold(self, d: str) -> int:
        if d not in self.units:
            return 0
        if d in self.mv_dest:
            return 0 if self._resolve(d) else 1 + self.bonus.get(d, 0)
        n = 1 + self.bonus.get(d, 0)
        for s in self.sup_hold.get(d, ()):
            if self._resolve(s):
                n += 1
        return n

    def _defend(self, q: str) -> int:
        return self._support_count(q)

    def _prevent(self, r: str) -> int:
        if r in self.conv and not self._path(r):
            return 0
        q = self.h2h.get(r)
        if q is not None and self._resolve(q):
            return 0
        n = self._support_count(r)
        return 0 if n == 1 and r in self.weak else n

    # -------------------------------------------------------------------------------------------- results

    def run(self) -> MovementResult:
        resolve = self._resolve
        for decisions in (self.mv_dest, self.sup, self.cv):
            for p in decisions:
                resolve(p)
        units, res, mv_dest, mv_loc = self.units, self.res, self.mv_dest, self.mv_loc
        after: dict[str, Unit] = {}
        winner: dict[str, str] = {}  # destination -> origin of the unit that moved in
        cache = _UNITS
        for p, d in mv_dest.items():
            if res[p]:
                winner[d] = p
                u = units[p]
                key = (u.nation, u.kind, mv_loc[p])
                moved = cache.get(key)
                after[d] = moved if moved is not None else _unit(*key)
        dislodged_by: dict[str, str] = {}
        for p, u in units.items():
            if p in mv_dest and res[p]:
                continue
            w = winner.get(p)
            if w is None:
                after[p] = u
            else:
                dislodged_by[p] = w
        standoffs: frozenset[str] = frozenset()
        for d, movers in self.into.items():
            if d not in after:
                for r in movers:
                    if self._prevent(r):
                        standoffs = standoffs | {d}
                        break
        dislodged = {
            p: Dislodgement(units[p], by, self._text(by), self._retreats(units[p], p, by, after, standoffs))
            for p, by in dislodged_by.items()
        }
        self.dislodged_by = dislodged_by
        return MovementResult(self, MappingProxyType(after), MappingProxyType(dislodged), standoffs)

    def _retreats(
        self, unit: Unit, p: str, by: str, after: Mapping[str, Unit], standoffs: frozenset[str]
    ) -> tuple[str, ...]:
        if not self.policy.may_retreat(unit):
            return ()
        gm = self.gm
        # Not to the attacker's province, unless the attacker came by convoy (DATC 4.A.5, choice b).
        barred = by if by not in self.conv else ""
        locs = gm.army_adj[p] if unit.kind == "A" else gm.fleet_adj[unit.loc]
        prov_of, impassable = gm.province_of, self.policy.impassable
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

    def verdict(self, p: str) -> tuple[Order, Result, str]:
        """(order as adjudicated, result, reason) for the unit ordered in ``p``; after ``run``."""
        dislodged_by = self.dislodged_by
        order = self.norm[p]
        if p in self.mv_dest:  # the commonest case first
            if self.res[p]:
                d = self.mv_dest[p]
                how = " by convoy" if p in self.conv else ""
                if dislodged_by.get(d) == p:
                    occ = self.units[d]
                    return order, SUCCEEDS, f"moves to {self.mv_loc[p]}{how}, dislodging {occ.kind} {occ.loc}"
                return order, SUCCEEDS, f"moves to {self.mv_loc[p]}{how}"
            by = dislodged_by.get(p)
            tail = f"; dislodged by {self._text(by)}" if by is not None else ""
            return order, FAILS, self._why_move_failed(p) + tail
        by = dislodged_by.get(p)
        if p not in self.sup and p not in self.cv:
            why = self.void.get(p)
            if why is not None:
                tail = f"; dislodged by {self._text(by)}" if by is not None else ""
                return order, VOID, f"void: {why}{tail}"
            if by is not None:
                return order, FAILS, f"dislodged by {self._text(by)}"
            return order, SUCCEEDS, "holds"
        if p in self.sup:
            target, aim = self.sup[p]
            if self.res[p]:
                return order, SUCCEEDS, f"supports {self._text(target)}"
            if by is not None:
                return order, FAILS, f"support cut: dislodged by {self._text(by)}"
            nation = self.units[p].nation
            cutters = [
                m
                for m in self.into[p]
                if m != aim
                and not self.friendly(self.units[m].nation, nation)
                and (m not in self.conv or self._path(m))
            ]
            if not cutters:  # only after the backup rule of a variant paradox
                return order, FAILS, "fails: part of a paradox that the backup rule settles against it"
            return order, FAILS, f"support cut by {self._text(cutters[0])}"
        army = self.cv[p]
        if by is not None:
            return order, FAILS, f"dislodged by {self._text(by)}"
        if p in self.szykman:
            return order, FAILS, "convoy paradox: by the Szykman rule this convoy fails"
        if not self._path(army):
            return order, FAILS, self._why_no_path(army)
        return order, SUCCEEDS, f"convoys {self._text(army)}"

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
        a = self._attack(p)
        occ = self.units.get(d)
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


def _unit(nation: str, kind: UnitType, loc: str) -> Unit:
    """A shared Unit object (units recur from phase to phase; building a new tuple each time costs more)."""
    key = (nation, kind, loc)
    got = _UNITS.get(key)
    if got is None:
        if len(_UNITS) > 50_000:
            _UNITS.clear()
        got = _UNITS[key] = Unit(nation, kind, loc)
    return got


def _as_adjudicated(order: Order, unit: Unit, units: Mapping[str, Unit]) -> Order:
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
