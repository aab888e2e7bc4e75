"""Europe 1615 (seed 003) as a kernel ruleset, registered as ``europe1615``.

**The year** ("PHASES OF THE GAME YEAR").  Phase names (ruling R01 of the 1615 engine section of docs/rulings.md):

- the initial status check runs in :meth:`Europe1615.advance` (no seat acts): the year's INF allocation, unused
  INFs of last year dropped, statuses reassessed;
- ``S1615M``, ``U1615M`` (Summer), ``F1615M``: movement, each followed by ``S1615R``/``U1615R``/``F1615R`` when a
  great power's unit must retreat (skipped otherwise);
- ``W1615E``: early winter (captures take effect; minor states whose home centre was captured disband; powers
  with more units than centres disband), a seat phase only when a power must disband;
- ``W1615A``: late winter builds (and the sanction choice when the ``sanctions`` option is on);
- ``W1615S``: scoring, run by the engine; it appears in ``history`` only.

**Actions.**  ``{"type": "submit", "text": "..."}``: a seat's whole submission for the phase in the seed's
format (``submission.parse_submission``); every line with an error is listed back in the seat's view and the good
lines are kept.  ``{"type": "ready", "ready": true}``; ``{"type": "resolve"}`` (GM, a deadline).

**Movement resolution** (seed, "EFFECTS OF INFLUENCE..."): deployments, then diplomatic attacks
(``influence.resolve_attacks``), then statuses (``influence.political_status``), then the minor orders followed
(ALIGNED: its power's orders; NEUTRAL: ignored; UNALIGNED: hold), the Ottoman orders by weight
(``influence.ottoman_order``), then the resolver with :class:`~umpire.games.europe1615.policy.Policy1615`.

**Hidden information.**  A seat's view never holds another seat's submission, the Ottoman proposals, another
power's INF amounts or another power's sanction list; the GM's view holds everything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.diplomacy.map import GameMap, UnitType
from umpire.diplomacy.orders import (
    Build,
    Disband,
    Hold,
    Move,
    Order,
    OrderError,
    Retreat,
    Waive,
    format_order,
    parse_order,
)
from umpire.diplomacy.phases import resolve_adjustments, resolve_retreats
from umpire.diplomacy.policy import Unit
from umpire.diplomacy.resolver import resolve_movement
from umpire.games.europe1615 import influence, sanctions, scoring
from umpire.games.europe1615.mapdata import (
    OTTOMAN,
    PAPAL_STATES,
    MinorState,
    center_values,
    europe1615_map,
    islamic_centers,
    minors,
    papal_neighbours,
    start_owner,
)
from umpire.games.europe1615.policy import Policy1615, capturer, faith_problem
from umpire.games.europe1615.report import report_text
from umpire.games.europe1615.submission import LineError, OrderLine, Submission, parse_submission
from umpire.kernel import registry, simultaneous
from umpire.kernel.errors import IllegalAction
from umpire.kernel.ruleset import GM, Option, Ruleset, RulesetInfo, Scenario

State = dict[str, Any]

FIRST_YEAR = 1615
SEASONS = ("S", "U", "F")
SEASON_NAMES = {"S": "Spring", "U": "Summer", "F": "Fall", "W": "Winter"}


def _strip(loc: str) -> str:
    return loc.split("/", 1)[0]


def game_map() -> GameMap:
    return europe1615_map()


def minor_table() -> dict[str, MinorState]:
    return minors(game_map())


def capital(m: MinorState) -> str:
    """The province whose capture is the capture of the state: its first centre, or its first province."""
    return m.centers[0] if m.centers else m.provinces[0]


# ------------------------------------------------------------------------------------------------ state


def board(state: State) -> dict[str, Unit]:
    """Province -> resolver unit of every unit on the board."""
    return {p: Unit(u["nation"], u["kind"], u["loc"]) for p, u in state["units"].items()}


def statuses(state: State) -> dict[str, dict[str, Any]]:
    """The political status of every independent pliant state from the current INF table."""
    out: dict[str, dict[str, Any]] = {}
    for minor in state["pliant"]:
        st = influence.political_status(state["inf"].get(minor, {}))
        out[minor] = {"kind": st.kind, "power": st.power}
    return out


def aligned_map(state: State) -> dict[str, str | None]:
    return {m: s["power"] for m, s in state["status"].items() if s["kind"] == "ALIGNED"}


def neutral_set(state: State) -> set[str]:
    return {m for m, s in state["status"].items() if s["kind"] == "NEUTRAL"}


def owned_centres(state: State, nation: str) -> list[str]:
    gm = game_map()
    return sorted(c for c in gm.centers if state["owner"].get(c) == nation)


def impassable(state: State) -> set[str]:
    """The provinces of NEUTRAL states not holding a foreign unit (seed, "Neutrality (impassable)")."""
    out: set[str] = set()
    neutral = neutral_set(state)
    for prov, owner in state["owner"].items():
        if owner in neutral:
            unit = state["units"].get(prov)
            if unit is None or unit["nation"] == owner:
                out.add(prov)
    return out


def phase_policy(state: State) -> Policy1615:
    marked = {p for p, u in state["units"].items() if u.get("mark")}
    return Policy1615(powers=game_map().powers, aligned=aligned_map(state), impassable=impassable(state), marked=marked)


def alive(state: State) -> list[str]:
    return [p for p in game_map().powers if p not in state["eliminated"]]


def sanction_context(state: State) -> sanctions.SanctionContext:
    return sanctions.SanctionContext(
        active=dict(state["sanctions"]["active"]) if state.get("sanctions") else {},
        independent=frozenset(state["pliant"]),
        eliminated=frozenset(state["eliminated"]),
        markers={m: mk.get("confession") for m, mk in state["markers"].items()},
        aligned=aligned_map(state),
    )


def may_deploy(state: State, power: str, minor: str) -> tuple[bool, str]:
    if state.get("sanctions"):
        return sanctions.may_deploy(power, minor, sanction_context(state))
    return influence.base_may_deploy(power, minor, pliant=state["pliant"], eliminated=state["eliminated"])


def recompute_markers(state: State) -> None:
    table = minor_table()
    out: dict[str, dict[str, Any]] = {}
    for mid, m in table.items():
        if m.id == OTTOMAN or m.dormant:
            continue
        captured = mid in state["suspended"]
        infs = state["suspended"].get(mid) if captured else state["inf"].get(mid, {})
        mk = influence.religious_markers(infs or {}, islamic=m.islamic, papal=mid == PAPAL_STATES, captured=captured)
        out[mid] = {"confession": mk.confession, "grey": mk.grey, "white": mk.white}
    state["markers"] = out


# ------------------------------------------------------------------------------------------------ ruleset


class Europe1615(Ruleset):
    """Five great powers, the minor states under influence, three movement phases a year, scoring by rounds."""

    info = RulesetInfo(
        name="europe1615",
        title="Europe 1615 (Diplomacy variant, version 3)",
        seed="003 Europe 1615",
        scenarios=(Scenario("1615", "Spring 1615, the seed's starting position"),),
        options=(
            Option("sanctions", True, (True, False), "deal sanction lists and choose sanctions each winter"),
            Option("end_year", None, (None, 1615, 1616, 1617, 1620, 1625, 1630, 1640), "stop after this year"),
        ),
    )

    # --- setup --------------------------------------------------------------------------------------------

    def setup(self, state: State, scenario: str, options: dict[str, Any]) -> None:
        gm = game_map()
        state["map"] = gm.id
        state["options"] = options
        state["year"] = FIRST_YEAR
        state["phase"] = f"S{FIRST_YEAR}M"
        units: dict[str, dict[str, Any]] = {}
        for power, us in gm.start_units.items():
            for text in us:
                units[_strip(text[2:])] = {"nation": power, "kind": text[0], "loc": text[2:], "mark": False}
        for mid, m in minor_table().items():
            if m.dormant:
                continue
            for text in m.units:
                units[_strip(text[2:])] = {"nation": mid, "kind": text[0], "loc": text[2:], "mark": False}
        state["units"] = units
        state["owner"] = start_owner(gm)
        state["pliant"] = sorted(mid for mid, m in minor_table().items() if m.pliant and not m.dormant)
        state["inf"] = {}
        state["suspended"] = {}
        state["status"] = {}
        state["markers"] = {}
        state["allocation"] = {}
        state["spent"] = {}
        state["eliminated"] = []
        state["dislodged"] = {}
        state["scores"] = {}
        state["rounds_won"] = dict.fromkeys(gm.powers, 0)
        state["history"] = []
        state["control"] = {p: p for p in gm.powers} | {OTTOMAN: "engine"}
        state["over"] = False
        state["result"] = None
        state["status_checked"] = False
        if options["sanctions"]:
            lists = sanctions.deal_sanction_lists(state, list(gm.powers))
            state["sanctions"] = {"lists": lists, "active": {}, "history": []}
        else:
            state["sanctions"] = None

    def seats(self, state: State) -> list[str]:
        return list(game_map().powers)

    # --- the engine's procedures --------------------------------------------------------------------------

    def advance(self, state: State) -> None:
        while not state["over"]:
            if not state["status_checked"]:
                self.status_check(state)
                continue
            if "box" not in state:
                self.open_phase(state)
                if "box" not in state:
                    continue
            if simultaneous.all_ready(state):
                self.resolve(state)
                continue
            break

    def status_check(self, state: State) -> None:
        """Seed, "Initial Status Check": the year's INFs (unused INFs of last year are lost) and statuses."""
        gm = game_map()
        values = center_values(gm)
        state["allocation"] = {
            p: influence.yearly_allocation(
                owned_centres(state, p), gm.homes[p], values, eliminated=p in state["eliminated"]
            ).total
            for p in gm.powers
        }
        state["spent"] = dict.fromkeys(gm.powers, 0)
        state["status"] = statuses(state)
        recompute_markers(state)
        state["status_checked"] = True
        state["history"].append(
            {
                "phase": f"S{state['year']}I",
                "public": {
                    "kind": "status check",
                    "allocation": dict(state["allocation"]),
                    "status": state["status"],
                },
                "gm": {},
            }
        )

    def must_act(self, state: State, power: str) -> bool:
        if power in state["eliminated"]:
            return False
        kind = state["phase"][-1]
        if kind == "M":
            return True  # deployments and attacks even without units
        if kind == "R":
            return any(d["unit"]["nation"] == power for d in state["dislodged"].values())
        if kind == "E":
            return self.delta(state, power) < 0
        if kind == "A":
            return bool(state.get("sanctions")) or (
                self.delta(state, power) > 0 and bool(self.build_sites(state, power))
            )
        return False

    def open_phase(self, state: State) -> None:
        seats = [p for p in self.seats(state) if self.must_act(state, p)]
        if seats:
            simultaneous.open_boxes(state, seats)
            return
        self.next_phase(state)

    def next_phase(self, state: State) -> None:
        """Move on from the current phase (which has been resolved or had nothing to do)."""
        year, season, kind = state["year"], state["phase"][0], state["phase"][-1]
        if kind == "M":
            state["phase"] = f"{season}{year}R"
            if not state["dislodged"]:
                self.next_phase(state)
        elif kind == "R":
            if season != "F":
                state["phase"] = f"{SEASONS[SEASONS.index(season) + 1]}{year}M"
            else:
                state["phase"] = f"W{year}E"
                self.early_winter(state)
        elif kind == "E":
            state["phase"] = f"W{year}A"
        elif kind == "A":
            self.scoring(state)
            if not state["over"]:
                state["year"] = year + 1
                state["phase"] = f"S{year + 1}M"
                state["status_checked"] = False

    def resolve(self, state: State) -> None:
        submissions = simultaneous.take_all(state)
        texts = {p: (s or {}).get("text", "") for p, s in submissions.items()}
        kind = state["phase"][-1]
        if kind == "M":
            self.resolve_movement(state, texts)
        elif kind == "R":
            self.resolve_retreats(state, texts)
        elif kind == "E":
            self.resolve_disbands(state, texts)
        elif kind == "A":
            self.resolve_builds(state, texts)
        self.next_phase(state)

    # --- parsing ------------------------------------------------------------------------------------------

    def parse(self, state: State, power: str, text: str) -> Submission:
        gm = game_map()
        kind = state["phase"][-1]
        if kind == "M":
            sub = parse_submission(
                text,
                power=power,
                game_map=gm,
                phase="M",
                board={p: (u["nation"], u["kind"]) for p, u in state["units"].items()},
                minors=state["pliant"],
                available=influence.remaining_inf(state["allocation"][power], state["spent"][power]),
                may_deploy=lambda p, m: may_deploy(state, p, m),
            )
            for line in sub.orders:
                if line.bribe:
                    sub.errors.append(
                        LineError(line.line, line.text, "BRIBE", "bribes are not implemented in this engine", "")
                    )
            for fm in sub.forced_marches:
                sub.errors.append(LineError(fm.line, "", "||", "forced marches are not implemented", ""))
            sub.orders = [o for o in sub.orders if not o.bribe]
            sub.forced_marches = []
            if sub.sanction is not None:
                sub.errors.append(LineError(sub.sanction.line, "", "SANCTION", "a sanction is chosen in winter", ""))
                sub.sanction = None
            return sub
        return self.parse_simple(state, power, text)

    def parse_simple(self, state: State, power: str, text: str) -> Submission:
        """Retreat, disband and build lines (one order a line) and, in late winter, a sanction line."""
        gm = game_map()
        kind = state["phase"][-1]
        sub = Submission(power=power)
        types = {p: u["kind"] for p, u in state["units"].items()}
        if kind == "R":
            types = {p: d["unit"]["kind"] for p, d in state["dislodged"].items()}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if line.upper().startswith("SANCTION"):
                if kind != "A" or not state.get("sanctions"):
                    sub.errors.append(LineError(number, line, "SANCTION", "no sanction is chosen now", ""))
                    continue
                parsed = parse_submission(line, power=power)
                if parsed.errors or parsed.sanction is None:
                    sub.errors.extend(LineError(number, e.text, e.token, e.message, e.expected) for e in parsed.errors)
                    continue
                hand = state["sanctions"]["lists"].get(power, [])
                if parsed.sanction.sanction not in hand:
                    sub.errors.append(
                        LineError(number, line, parsed.sanction.sanction, "not in your sanction list", ", ".join(hand))
                    )
                    continue
                sub.sanction = parsed.sanction
                continue
            try:
                order = parse_order(line, gm, phase="R" if kind == "R" else "A", units=types)
            except OrderError as exc:
                sub.errors.append(LineError(number, line, "", str(exc), "an order"))
                continue
            problem = self.check_simple(state, power, order)
            if problem:
                sub.errors.append(LineError(number, line, "", problem, ""))
                continue
            sub.orders.append(OrderLine(number, line, order, power))
        return sub

    def check_simple(self, state: State, power: str, order: Order) -> str:
        kind = state["phase"][-1]
        if kind == "R":
            if not isinstance(order, Retreat | Disband):
                return "only retreat and disband orders are given in a retreat phase"
            d = state["dislodged"].get(_strip(order.loc))
            if d is None or d["unit"]["nation"] != power:
                return f"{power} has no dislodged unit in {_strip(order.loc)}"
            return ""
        if kind == "E":
            if not isinstance(order, Disband):
                return "only disband orders are given in early winter"
            u = state["units"].get(_strip(order.loc))
            if u is None or u["nation"] != power:
                return f"{power} has no unit in {_strip(order.loc)}"
            return ""
        if not isinstance(order, Build | Waive):
            return "only build and waive orders are given in late winter"
        if isinstance(order, Build) and _strip(order.loc) not in self.build_sites(state, power):
            sites = ", ".join(self.build_sites(state, power)) or "none"
            return f"{power} cannot build in {_strip(order.loc)} (build sites: {sites})"
        return ""

    # --- movement -----------------------------------------------------------------------------------------

    def resolve_movement(self, state: State, texts: Mapping[str, str]) -> None:
        gm = game_map()
        powers = alive(state)
        subs = {p: self.parse(state, p, texts.get(p, "")) for p in powers}
        # 1. deployments
        deployed: dict[str, dict[str, int]] = {}
        for p in powers:
            totals = subs[p].deployment_totals()
            if totals:
                deployed[p] = totals
                state["inf"] = influence.apply_deployments(state["inf"], p, sorted(totals.items()))
                state["spent"][p] += sum(totals.values())
        # 2. diplomatic attacks
        attacks = [
            influence.Attack(p, subs[p].attack.minor, subs[p].attack.target)  # type: ignore[union-attr]
            for p in powers
            if subs[p].attack is not None
        ]
        order = influence.attack_order(
            powers,
            allocation=state["allocation"],
            centres={p: len(owned_centres(state, p)) for p in powers},
            last_score=state["scores"],
            first_year=state["year"] == FIRST_YEAR,
        )
        ctx = sanction_context(state) if state.get("sanctions") else None
        state["inf"], attack_results = influence.resolve_attacks(
            state["inf"],
            attacks,
            order,
            immune=(lambda a, t: sanctions.attack_immunity(a, t, ctx)) if ctx is not None else None,
            pliant=state["pliant"],
        )
        # 3. statuses
        state["status"] = statuses(state)
        recompute_markers(state)
        aligned = aligned_map(state)
        # 4. whose orders each unit follows
        units = board(state)
        orders: dict[str, Order] = {}
        minor_orders: dict[str, str] = {}
        ottoman_props: dict[str, dict[str, str]] = {}
        ottoman_objs: dict[str, Order] = {}
        for p in powers:
            for line in subs[p].orders:
                if line.order is None:
                    continue
                prov = _strip(getattr(line.order, "loc", ""))
                unit = units.get(prov)
                if unit is None:
                    continue
                if unit.nation == p:
                    orders[prov] = line.order
                elif unit.nation == OTTOMAN:
                    text = format_order(line.order)
                    ottoman_props.setdefault(prov, {})[p] = text
                    ottoman_objs[text] = line.order
                elif unit.nation not in gm.powers and aligned.get(unit.nation) == p:
                    orders[prov] = line.order
        for prov, unit in sorted(units.items()):
            if unit.nation in gm.powers or unit.nation == OTTOMAN:
                continue
            st = state["status"].get(unit.nation, {"kind": "UNALIGNED", "power": None})
            if st["kind"] == "ALIGNED":
                minor_orders[prov] = (
                    f"{unit.nation} follows {st['power']}'s order"
                    if prov in orders
                    else f"{unit.nation} holds: {st['power']} gave no order"
                )
            elif st["kind"] == "NEUTRAL":
                minor_orders[prov] = f"{unit.nation} is NEUTRAL: orders ignored, it holds"
            else:
                minor_orders[prov] = f"{unit.nation} is UNALIGNED: it holds"
        ottoman_tallies: dict[str, Any] = {}
        ottoman_public: dict[str, str] = {}
        weights = {p: state["allocation"].get(p, 0) for p in powers}
        for prov, unit in sorted(units.items()):
            if unit.nation != OTTOMAN:
                continue
            props = ottoman_props.get(prov, {})
            chosen = influence.ottoman_order(props, weights)
            ottoman_tallies[prov] = [
                {"order": o, "weight": w, "powers": ps} for o, w, ps in influence.ottoman_tally(props, weights)
            ]
            if chosen is not None:
                key = " ".join(chosen.upper().split())
                obj = next((o for t, o in ottoman_objs.items() if " ".join(t.upper().split()) == key), None)
                if obj is not None:
                    orders[prov] = obj
                ottoman_public[prov] = f"follows {key}"
            else:
                ottoman_public[prov] = "holds (no order carries the greatest weight)"
        # 5. the Christian/Islamic restrictions, then the resolver
        table = minor_table()
        faith_void: dict[str, tuple[str, str]] = {}
        for prov, o in list(orders.items()):
            why = faith_problem(
                o,
                units,
                islamic={mid for mid, m in table.items() if m.islamic},
                papal_area=set(table[PAPAL_STATES].provinces) | papal_neighbours(gm),
                islamic_centres=islamic_centers(gm),
                aligned=aligned,
            )
            if why:
                faith_void[prov] = (format_order(o), why)
                orders[prov] = Hold(units[prov].kind, units[prov].loc)
        policy = phase_policy(state)
        result = resolve_movement(gm, units, orders, policy=policy)
        order_results = [
            {
                "nation": units[p].nation,
                "order": format_order(o.order),
                "result": o.result,
                "reason": o.reason,
            }
            for p, o in sorted(result.outcomes.items())
        ]
        for entry in order_results:
            prov = _strip(entry["order"][2:].split(" ", 1)[0])
            if prov in faith_void and units[prov].nation == entry["nation"]:
                entry.update(order=faith_void[prov][0], result="void", reason=f"void: {faith_void[prov][1]}; holds")
        for p in sorted(units):
            if p not in result.outcomes:
                order_results.append(
                    {"nation": units[p].nation, "order": f"{units[p]} H", "result": "succeeds", "reason": "holds"}
                )
        marks = {p: bool(u.get("mark", False)) for p, u in state["units"].items()}
        arrivals = {
            _strip(o.order.dest): q
            for q, o in result.outcomes.items()
            if o.result == "succeeds" and isinstance(o.order, Move)
        }
        new_units: dict[str, dict[str, Any]] = {}
        for prov, unit in result.units.items():
            mark = marks.get(arrivals.get(prov, prov), False)
            new_units[prov] = {"nation": unit.nation, "kind": unit.kind, "loc": unit.loc, "mark": mark}
        disbanded: list[str] = []
        state["dislodged"] = {}
        for prov, d in sorted(result.dislodged.items()):
            if d.options:
                state["dislodged"][prov] = {
                    "unit": {"nation": d.unit.nation, "kind": d.unit.kind, "loc": d.unit.loc, "mark": marks[prov]},
                    "options": list(d.options),
                    "by": d.by,
                }
            else:
                why = (
                    "a minor state's unit"
                    if d.unit.nation not in gm.powers
                    else ("it carried an attrition mark" if marks.get(prov) else "it has nowhere to retreat")
                )
                disbanded.append(f"{d.unit.nation} {d.unit} dislodged and disbanded: {why}")
        state["units"] = new_units
        public = {
            "kind": "movement",
            "deployed": {p: sorted(t) for p, t in sorted(deployed.items())},
            "attacks": [
                {"power": r.attack.power, "minor": r.attack.minor, "target": r.attack.target, "outcome": r.outcome}
                for r in attack_results
            ],
            "status": state["status"],
            "minor_orders": minor_orders,
            "ottoman": ottoman_public,
            "orders": order_results,
            "dislodged": {p: {"unit": d["unit"], "options": d["options"]} for p, d in state["dislodged"].items()},
            "disbanded": disbanded,
        }
        gm_part = {
            "deployments": deployed,
            "attacks": [
                {
                    "power": r.attack.power,
                    "minor": r.attack.minor,
                    "target": r.attack.target,
                    "outcome": r.outcome,
                    "reduction": r.reduction,
                    "reason": r.reason,
                }
                for r in attack_results
            ],
            "ottoman_proposals": ottoman_tallies,
            "submissions": {p: texts.get(p, "") for p in powers},
            "errors": {p: [f"line {e.line}: {e.message}" for e in subs[p].errors] for p in powers if subs[p].errors},
            "inf": state["inf"],
        }
        state["history"].append({"phase": state["phase"], "public": public, "gm": gm_part})

    # --- retreats -----------------------------------------------------------------------------------------

    def resolve_retreats(self, state: State, texts: Mapping[str, str]) -> None:
        gm = game_map()
        orders: dict[str, Order] = {}
        for p, text in texts.items():
            for line in self.parse_simple(state, p, text).orders:
                if isinstance(line.order, Retreat | Disband):
                    orders[_strip(line.order.loc)] = line.order
        dislodged = {
            p: (Unit(d["unit"]["nation"], d["unit"]["kind"], d["unit"]["loc"]), tuple(d["options"]))
            for p, d in state["dislodged"].items()
        }
        result = resolve_retreats(gm, board(state), dislodged, orders)
        new_units: dict[str, dict[str, Any]] = {}
        for prov, unit in result.units.items():
            if prov in state["units"] and state["units"][prov]["loc"] == unit.loc:
                new_units[prov] = dict(state["units"][prov])
            else:
                # a retreating army gains an attrition mark (seed, "ATTRITION"); fleets do not
                new_units[prov] = {"nation": unit.nation, "kind": unit.kind, "loc": unit.loc, "mark": unit.kind == "A"}
        state["units"] = new_units
        report = [
            {"order": format_order(o.order), "result": o.result, "reason": o.reason}
            for _, o in sorted(result.outcomes.items())
        ]
        state["history"].append(
            {
                "phase": state["phase"],
                "public": {
                    "kind": "retreats",
                    "orders": report,
                    "disbanded": [f"{u.nation} {u}" for u in result.disbanded],
                },
                "gm": {"submissions": dict(texts)},
            }
        )
        state["dislodged"] = {}

    # --- winter -------------------------------------------------------------------------------------------

    def kinds(self, prov: str) -> str:
        """The unit types that may stand on ``prov``: "A", "F" or "AF"."""
        gm = game_map()
        return ("A" if gm.is_location(prov, "A") else "") + ("F" if gm.is_location(prov, "F") else "")

    def delta(self, state: State, power: str) -> int:
        have = sum(1 for u in state["units"].values() if u["nation"] == power)
        return len(owned_centres(state, power)) - have

    def build_sites(self, state: State, power: str) -> list[str]:
        gm = game_map()
        return sorted(c for c in gm.homes[power] if state["owner"].get(c) == power and c not in state["units"])

    def early_winter(self, state: State) -> None:
        """Captures at the end of the year, captured minor states, minor disbands (seed, "Capture of a minor
        state", "Disbanding", "Early Winter Adjustment Phase")."""
        gm = game_map()
        table = minor_table()
        aligned = aligned_map(state)
        neutral = neutral_set(state)
        changes: list[str] = []
        for prov, unit in sorted(state["units"].items()):
            old = state["owner"].get(prov)
            new = capturer(unit["nation"], old, aligned, neutral)
            if new is not None and gm.provinces[prov].type != "sea":
                state["owner"][prov] = new
                changes.append(f"{prov}: {old or 'unowned'} -> {new}")
        captured: list[str] = []
        for mid in list(state["pliant"]):
            m = table[mid]
            if state["owner"].get(capital(m)) != mid and any(state["owner"].get(p) != mid for p in m.provinces):
                captured.append(mid)
                state["pliant"].remove(mid)
                state["suspended"][mid] = state["inf"].pop(mid, {})
        liberated: list[str] = []
        for mid in captured:
            # seed, "Expansion of the minor states": the states it had taken are liberated
            for other in sorted(state["suspended"]):
                o = table[other]
                if other in captured or state["owner"].get(capital(o)) != mid:
                    continue
                for prov in o.provinces:
                    if state["owner"].get(prov) == mid:
                        state["owner"][prov] = other
                state["inf"][other] = state["suspended"].pop(other)
                if not state["inf"][other]:
                    del state["inf"][other]
                state["pliant"].append(other)
                state["pliant"].sort()
                liberated.append(other)
        for mid, m in table.items():
            if m.dormant and m.pliant_after_capture and mid not in state["pliant"]:
                parent = m.part_of
                cap = m.pliant_after_capture
                if (
                    parent is not None
                    and state["owner"].get(cap) not in (parent, None)
                    and mid not in state["suspended"]
                    and state["owner"].get(m.provinces[0]) == parent
                ):
                    state["pliant"].append(mid)
                    state["pliant"].sort()
                    for p in m.provinces:
                        state["owner"][p] = mid
        disbanded: list[str] = []
        for prov, u in sorted(state["units"].items()):
            nation = u["nation"]
            if nation in gm.powers or nation == OTTOMAN:
                continue
            state_of = table.get(nation)
            if state_of is None:
                continue
            if state_of.centers and state["owner"].get(capital(state_of)) != nation:
                home = capital(state_of)
                disbanded.append(f"{nation} {u['kind']} {u['loc']}: its home centre {home} was captured")
                del state["units"][prov]
        # minor states with more units than centres disband the farthest ones (ruling R07)
        for mid in sorted({u["nation"] for u in state["units"].values()} - set(gm.powers) - {OTTOMAN}):
            mine = sorted(p for p, u in state["units"].items() if u["nation"] == mid)
            extra = len(mine) - len(owned_centres(state, mid))
            if extra > 0 and table.get(mid) and table[mid].centers:
                away = [p for p in mine if state["owner"].get(p) != mid] + [
                    p for p in mine if state["owner"].get(p) == mid
                ]
                for p in away[:extra]:
                    u = state["units"].pop(p)
                    disbanded.append(f"{mid} {u['kind']} {u['loc']}: more units than centres")
        # eliminated powers: every home centre captured
        for p in gm.powers:
            if p not in state["eliminated"] and all(state["owner"].get(c) != p for c in gm.homes[p]):
                state["eliminated"].append(p)
                for prov in [q for q, u in state["units"].items() if u["nation"] == p]:
                    del state["units"][prov]
                disbanded.append(f"{p} is eliminated: all its units disband")
        state["status"] = statuses(state)
        recompute_markers(state)
        state["history"].append(
            {
                "phase": state["phase"],
                "public": {
                    "kind": "captures",
                    "changes": changes,
                    "captured_states": captured,
                    "liberated_states": liberated,
                    "disbanded": disbanded,
                    "status": state["status"],
                },
                "gm": {},
            }
        )

    def resolve_disbands(self, state: State, texts: Mapping[str, str]) -> None:
        self.adjust(state, texts, "disbands")

    def resolve_builds(self, state: State, texts: Mapping[str, str]) -> None:
        self.adjust(state, texts, "builds")
        # minor states build automatically: their own units on vacant home centres, then (expansion) an army on
        # each vacant acquired centre, up to their number of centres (rulings R08, R09)
        gm = game_map()
        rebuilt: list[str] = []
        for mid, m in minor_table().items():
            if mid not in state["pliant"] or not m.centers:
                continue
            have = sum(1 for u in state["units"].values() if u["nation"] == mid)
            held = owned_centres(state, mid)
            sites: list[tuple[str, UnitType, str]] = [
                (_strip(t[2:]), "A" if t[0] == "A" else "F", t[2:]) for t in m.units if _strip(t[2:]) in m.centers
            ]
            covered = {site[0] for site in sites}
            sites += [(c, "A" if "A" in self.kinds(c) else "F", c) for c in m.centers if c not in covered]
            sites += [(c, "A" if "A" in self.kinds(c) else "F", c) for c in held if c not in m.centers]
            for prov, kind, loc in sites:
                if have >= len(held):
                    break
                if state["owner"].get(prov) == mid and prov not in state["units"] and gm.is_location(loc, kind):
                    state["units"][prov] = {"nation": mid, "kind": kind, "loc": loc, "mark": False}
                    have += 1
                    rebuilt.append(f"{mid} {kind} {loc}")
        state["history"][-1]["public"]["minor_rebuilds"] = rebuilt
        if state.get("sanctions"):
            self.choose_sanctions(state, texts)

    def adjust(self, state: State, texts: Mapping[str, str], what: str) -> None:
        gm = game_map()
        orders: dict[str, list[Order]] = {}
        for p, text in texts.items():
            orders[p] = [line.order for line in self.parse_simple(state, p, text).orders if line.order is not None]
        owners = {c: o for c in gm.centers if (o := state["owner"].get(c)) in gm.powers}
        result = resolve_adjustments(gm, board(state), owners, orders, policy=phase_policy(state))
        new_units: dict[str, dict[str, Any]] = {}
        for prov, unit in result.units.items():
            old = state["units"].get(prov)
            new_units[prov] = (
                dict(old)
                if old is not None
                else {"nation": unit.nation, "kind": unit.kind, "loc": unit.loc, "mark": False}
            )
        state["units"] = new_units
        report = {
            p: [{"order": format_order(o.order), "result": o.result, "reason": o.reason} for o in outs]
            for p, outs in sorted(result.outcomes.items())
        }
        civil = {p: [str(u) for u in us] for p, us in sorted(result.civil_disorder.items())}
        state["history"].append(
            {
                "phase": state["phase"],
                "public": {"kind": what, "orders": report, "civil_disorder": civil},
                "gm": {"submissions": {p: t for p, t in texts.items() if "SANCTION" not in t.upper()}},
            }
        )

    def choose_sanctions(self, state: State, texts: Mapping[str, str]) -> None:
        chosen: dict[str, sanctions.SanctionSubmission] = {}
        for p, text in texts.items():
            sub = self.parse_simple(state, p, text)
            if sub.sanction is not None:
                chosen[p] = sanctions.SanctionSubmission(sub.sanction.sanction, sub.sanction.support)
        ctx = sanction_context(state)
        try:
            sel = sanctions.select_sanctions(
                chosen, state["sanctions"]["lists"], playable=lambda s: sanctions.available(s, ctx)
            )
        except ValueError as exc:
            state["history"][-1]["gm"]["sanction_error"] = str(exc)
            return
        for sid in sel.in_effect:
            state["sanctions"]["active"].setdefault(sid, None)
            state["inf"] = sanctions.purge_on_effect(sid, state["inf"])
        state["inf"] = {m: row for m, row in state["inf"].items() if row}
        state["sanctions"]["lists"] = {p: list(v) for p, v in sel.lists.items()}
        entry = {"year": state["year"], "in_effect": list(sel.in_effect), "notes": list(sel.notes)}
        state["sanctions"]["history"].append(entry)
        state["history"][-1]["public"]["sanctions"] = {"in_effect": list(sel.in_effect)}
        state["history"][-1]["gm"]["sanction_choices"] = {p: s.sanction for p, s in chosen.items()}

    def scoring(self, state: State) -> None:
        """Seed, "Scoring Phase": score_round, the round's winner, the end of the game; then the year's INFs
        lapse and the INFs of eliminated powers are removed."""
        gm = game_map()
        values = center_values(gm)
        table = minor_table()
        ms = []
        for mid, m in table.items():
            if m.dormant and mid not in state["pliant"]:
                continue
            st = state["status"].get(mid, {})
            ms.append(
                scoring.MinorScoring(
                    id=mid,
                    independent=mid in state["pliant"],
                    dominion=tuple(owned_centres(state, mid)),
                    aligned_to=st.get("power") if st.get("kind") == "ALIGNED" else None,
                    marker=state["markers"].get(mid, {}).get("confession"),
                    ottoman=mid == OTTOMAN,
                )
            )
        scores = scoring.score_round(
            gm.powers,
            held={p: owned_centres(state, p) for p in gm.powers},
            homes={p: gm.homes[p] for p in gm.powers},
            values=values,
            minors=ms,
            eliminated=state["eliminated"],
        )
        totals = {p: s.total for p, s in scores.items()}
        winner = scoring.round_winner({p: t for p, t in totals.items() if p not in state["eliminated"]})
        if winner is not None:
            state["rounds_won"][winner] += 1
        state["scores"] = totals
        rome = state["owner"].get("ROM")
        end = scoring.game_end(
            alive=alive(state),
            rounds_won=state["rounds_won"],
            rome_owner=rome if rome in gm.powers or rome == OTTOMAN else None,
            ottoman_centres=owned_centres(state, OTTOMAN),
            islamic_centres=islamic_centers(gm),
        )
        for p in state["eliminated"]:
            state["inf"] = influence.remove_power(state["inf"], p)
        state["history"].append(
            {
                "phase": f"W{state['year']}S",
                "public": {
                    "kind": "scoring",
                    "scores": {p: {"total": s.total, "lines": list(s.lines)} for p, s in scores.items()},
                    "round_winner": winner,
                    "rounds_won": dict(state["rounds_won"]),
                },
                "gm": {},
            }
        )
        if end is not None:
            state["over"] = True
            state["result"] = {"kind": end.kind, "powers": list(end.powers), "reason": end.reason}
        elif state["options"]["end_year"] is not None and state["year"] >= state["options"]["end_year"]:
            state["over"] = True
            state["result"] = {
                "kind": "stopped",
                "powers": sorted(alive(state)),
                "reason": f"the game was set to stop after {state['year']}",
                "rounds_won": dict(state["rounds_won"]),
            }

    # --- actions ------------------------------------------------------------------------------------------

    def apply(self, state: State, role: str, action: dict[str, Any]) -> None:
        kind = action["type"]
        if kind == "resolve":
            if role != GM:
                raise IllegalAction("only the GM may resolve a phase before every seat is ready")
            if "box" not in state:
                raise IllegalAction("there is no phase to resolve")
            self.resolve(state)
            return
        if role not in self.seats(state):
            raise IllegalAction(f"{role} cannot {kind}: only a seat may submit or be ready")
        if not simultaneous.expects(state, role):
            raise IllegalAction(f"{role} has nothing to submit in {state['phase']}")
        if kind == "submit":
            text = action.get("text")
            if not isinstance(text, str):
                raise IllegalAction("'text' must be the submission as one string")
            sub = self.parse(state, role, text)
            errors = [
                {"line": e.line, "token": e.token, "message": e.message, "expected": e.expected} for e in sub.errors
            ]
            simultaneous.submit(state, role, {"text": text, "errors": errors})
        elif kind == "ready":
            ready = action.get("ready", True)
            if not isinstance(ready, bool):
                raise IllegalAction(f"'ready' must be true or false, not {ready!r}")
            simultaneous.set_ready(state, role, ready)
        else:
            raise IllegalAction(f"unknown action type {kind!r}; expected 'submit', 'ready' or 'resolve'")

    # --- views --------------------------------------------------------------------------------------------

    def view(self, state: State, role: str) -> dict[str, Any]:
        gm = game_map()
        deployers = {m: sorted(p for p, n in infs.items() if n > 0) for m, infs in sorted(state["inf"].items())}
        public: dict[str, Any] = {
            "ruleset": self.info.name,
            "role": role,
            "year": state["year"],
            "phase": state["phase"],
            "units": state["units"],
            "owner": state["owner"],
            "pliant": state["pliant"],
            "status": state["status"],
            "markers": state["markers"],
            "deployers": deployers,
            "allocation": state["allocation"],
            "dislodged": state["dislodged"],
            "eliminated": state["eliminated"],
            "scores": state["scores"],
            "rounds_won": state["rounds_won"],
            "history": [{"phase": h["phase"], **h["public"]} for h in state["history"]],
            "impassable": sorted(impassable(state)),
            "over": state["over"],
            "result": state["result"],
            "waiting_for": sorted(s for s, b in state.get("box", {}).items() if not b["ready"]),
        }
        if state.get("sanctions"):
            public["sanctions_active"] = state["sanctions"]["active"]
        if state["history"]:
            public["report"] = report_text(state["history"][-1], gm=role == GM)
        if role == GM:
            public["inf"] = state["inf"]
            public["suspended"] = state["suspended"]
            public["spent"] = state["spent"]
            public["boxes"] = state.get("box", {})
            public["gm_history"] = state["history"]
            if state.get("sanctions"):
                public["sanctions"] = state["sanctions"]
            public["actions"] = [] if state["over"] or "box" not in state else [{"type": "resolve"}]
            return public
        if role in gm.powers:
            public["my_inf"] = {m: infs[role] for m, infs in sorted(state["inf"].items()) if infs.get(role)}
            public["inf_left"] = influence.remaining_inf(state["allocation"].get(role, 0), state["spent"].get(role, 0))
            if state.get("sanctions"):
                public["my_sanction_list"] = state["sanctions"]["lists"].get(role, [])
        box = simultaneous.own(state, role)
        if box is None or state["over"]:
            public["actions"] = []
            return public
        public["submission"] = box["submission"]
        public["ready"] = box["ready"]
        public["orderable"] = self.orderable(state, role)
        public["actions"] = [{"type": "submit", "text": ""}, {"type": "ready", "ready": not box["ready"]}]
        return public

    def orderable(self, state: State, power: str) -> dict[str, Any]:
        kind = state["phase"][-1]
        if kind == "M":
            aligned = aligned_map(state)
            mine = [
                u["kind"] + " " + u["loc"]
                for p, u in sorted(state["units"].items())
                if u["nation"] == power or aligned.get(u["nation"]) == power
            ]
            ottoman = [u["kind"] + " " + u["loc"] for u in state["units"].values() if u["nation"] == OTTOMAN]
            deployable = [m for m in state["pliant"] if may_deploy(state, power, m)[0]]
            return {"units": mine, "ottoman": sorted(ottoman), "deployable": deployable}
        if kind == "R":
            return {
                "retreats": {
                    d["unit"]["kind"] + " " + d["unit"]["loc"]: d["options"]
                    for d in state["dislodged"].values()
                    if d["unit"]["nation"] == power
                }
            }
        if kind == "E":
            units = [u["kind"] + " " + u["loc"] for u in state["units"].values() if u["nation"] == power]
            return {"disbands": -self.delta(state, power), "units": sorted(units)}
        out: dict[str, Any] = {
            "builds": max(0, self.delta(state, power)),
            "build_sites": self.build_sites(state, power),
        }
        if state.get("sanctions"):
            out["sanction_list"] = state["sanctions"]["lists"].get(power, [])
        return out


RULESET = registry.register(Europe1615())
