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
``{"type": "propose_end", "agree": true}`` (a seat, any time: "Victory by agreement", :meth:`Europe1615.propose_end`);
``{"type": "abandon", "power": P}`` (GM: civil disorder, the power is dissolved at early winter, :func:`dissolve`).

**Movement resolution** (seed, "EFFECTS OF INFLUENCE..."): deployments, then diplomatic attacks
(``influence.resolve_attacks``), then statuses (``influence.political_status``), then the minor orders followed
(ALIGNED: its power's orders; NEUTRAL: ignored; UNALIGNED: hold), the Ottoman orders by weight
(``influence.ottoman_order``), then the resolver with :class:`~umpire.games.europe1615.policy.Policy1615`.

**Sanctions in effect** (rulings E2-xx in the 1615 engine section of docs/rulings.md): Union/League members are friends
and do not capture each other (``blocs``); Dutch/Swedish/Polish units retreat under their intervention
(``retreating``); strongholds defend with +1 (``fortified``); the revolts bar builds, retreats and disband units
dislodged by Protestant powers; the Treaty of Lyon voids Spanish and Austrian moves into Switzerland unless France
writes ``PERMIT: SPAIN``; Ottoman neutrality silences the Ottomans; the lines ``STRONGHOLD:``, ``PERMIT:``,
``RELIEVE:``, ``LEVY:``, ``CANCEL:``, ``EMBARGO:``, ``RESERVATION:`` and ``BRIBE`` notes use them
(``submission.split_directives``); a forced march is adjudicated in two steps (:meth:`Europe1615.forced_march`).

**Hidden information.**  A seat's view never holds another seat's submission, the Ottoman proposals, another
power's INF amounts or another power's sanction list; the GM's view holds everything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.diplomacy.orders import (
    Hold,
    Move,
    Order,
    format_order,
)
from umpire.diplomacy.resolver import resolve_movement
from umpire.games.europe1615 import influence, sanctions
from umpire.games.europe1615.board import (
    FIRST_YEAR,
    State,
    aligned_map,
    alive,
    board,
    game_map,
    minor_table,
    owned_centres,
    prov_of,
)
from umpire.games.europe1615.directives import apply_directives
from umpire.games.europe1615.duties import (
    build_sites,
    delta,
    minor_build_sites,
    minor_owed,
    must_act,
    retreat_orderer,
)
from umpire.games.europe1615.elimination import abandon
from umpire.games.europe1615.ending import check_agreement, propose_end, score_year
from umpire.games.europe1615.forced_march import forced_march
from umpire.games.europe1615.mapdata import (
    OTTOMAN,
    PAPAL_STATES,
    islamic_centers,
    papal_neighbours,
    start_owner,
)
from umpire.games.europe1615.parsing import MAX_LINE, check_submission_size, parse, submission_lines
from umpire.games.europe1615.policy import faith_problem, phase_policy
from umpire.games.europe1615.report import report_text
from umpire.games.europe1615.retreats import resolve_retreats
from umpire.games.europe1615.sanction_effects import (
    LYON_BARRED,
    REVOLTS,
    SWITZERLAND,
    blocs,
    by_influence,
    in_force,
    may_deploy,
    protestant_powers,
    sanction_context,
    spend,
    storm_strongholds,
)
from umpire.games.europe1615.status import impassable, left_neutral, recompute_markers, status_check, statuses
from umpire.games.europe1615.submission import (
    Submission,
)
from umpire.games.europe1615.winter import disband_farthest, early_winter, resolve_builds, resolve_disbands
from umpire.kernel import registry, simultaneous
from umpire.kernel.errors import IllegalAction
from umpire.kernel.limits import ActionLimits
from umpire.kernel.ruleset import GM, Option, Ruleset, RulesetInfo, Scenario

#: What other code reads from here: the ruleset, and the state readers the tests use (they live in the modules
#: named in their imports above).
__all__ = [
    "RULESET",
    "Europe1615",
    "blocs",
    "game_map",
    "impassable",
    "in_force",
    "may_deploy",
    "owned_centres",
    "recompute_markers",
    "statuses",
]

SEASONS = ("S", "U", "F")
SEASON_NAMES = {"S": "Spring", "U": "Summer", "F": "Fall", "W": "Winter"}


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
            Option(
                "ottoman_builds",
                False,
                (False, True),
                "the Ottomans build on their vacant centres and disband units beyond them (ruling E1615-34)",
            ),
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
                units[prov_of(text[2:])] = {"nation": power, "kind": text[0], "loc": text[2:], "mark": False}
        for mid, m in minor_table(state).items():
            if m.dormant:
                continue
            for text in m.units:
                units[prov_of(text[2:])] = {"nation": mid, "kind": text[0], "loc": text[2:], "mark": False}
        state["units"] = units
        state["owner"] = start_owner(gm)
        state["pliant"] = sorted(mid for mid, m in minor_table(state).items() if m.pliant and not m.dormant)
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

    def build_sites(self, state: State, power: str) -> list[str]:
        """``duties.build_sites``: the home centres where ``power`` may build now."""
        return build_sites(state, power)

    # --- the engine's procedures --------------------------------------------------------------------------

    def advance(self, state: State) -> None:
        while not state["over"]:
            if not state["status_checked"]:
                status_check(state)
                continue
            if "box" not in state:
                self.open_phase(state)
                if "box" not in state:
                    continue
            if simultaneous.all_ready(state):
                self.resolve(state)
                continue
            break

    def open_phase(self, state: State) -> None:
        seats = [p for p in self.seats(state) if must_act(state, p)]
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
                early_winter(state)
        elif kind == "E":
            for mid, n in sorted(state.get("minor_disbands", {}).items()):
                if n > 0:
                    disband_farthest(state, mid, n)
            state["minor_disbands"] = {}
            state["phase"] = f"W{year}A"
        elif kind == "A":
            score_year(state)
            check_agreement(state)  # a holdout may have been eliminated this winter
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
            resolve_retreats(state, texts)
        elif kind == "E":
            resolve_disbands(state, texts)
        elif kind == "A":
            resolve_builds(state, texts)
        self.next_phase(state)

    # --- parsing ------------------------------------------------------------------------------------------

    # --- movement -----------------------------------------------------------------------------------------

    def resolve_movement(self, state: State, texts: Mapping[str, str]) -> None:
        gm = game_map()
        powers = alive(state)
        subs = {p: parse(state, p, texts.get(p, "")) for p in powers}
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
        # 3. statuses; the lines using sanctions in effect
        state["status"] = statuses(state)
        recompute_markers(state)
        aligned = aligned_map(state)
        permitted, sanction_notes = apply_directives(state, texts, powers)
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
                prov = prov_of(getattr(line.order, "loc", ""))
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
        marches: dict[str, tuple[str, Order, Order]] = {}  # origin -> (power, first, second)
        for p in powers:
            for fm in subs[p].forced_marches:
                first, second = fm.first.order, fm.second.order
                if first is None or second is None:
                    continue
                origin = prov_of(getattr(first, "loc", ""))
                if origin in units and units[origin].nation == p:
                    orders[origin] = first
                    marches[origin] = (p, first, second)
                    spend(state, "FORCED_MARCH", [p])
        neutrality = in_force(state, "OTTOMAN_NEUTRALITY")
        for prov, unit in sorted(units.items()):
            if unit.nation != OTTOMAN:
                continue
            if neutrality:
                ottoman_public[prov] = "holds: Ottoman neutrality (no orders)"
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
        # 5. a bribe; the Treaty of Lyon; the Christian/Islamic restrictions; then the resolver
        table = minor_table(state)
        faith_void: dict[str, tuple[str, str]] = {}
        bribes = [
            (p, line.order)
            for p in by_influence(state, powers)
            for line in subs[p].orders
            if line.bribe and line.order is not None
        ]
        bribe_gm: dict[str, str] = {}
        if bribes:
            briber, bribed = bribes[0]
            prov = prov_of(getattr(bribed, "loc", ""))
            if prov in units:
                orders[prov] = Hold(units[prov].kind, units[prov].loc)
                sanction_notes.append(f"{units[prov].nation} {units[prov]} is bribed to hold")
                bribe_gm = {"power": briber, "unit": str(units[prov])}
                spend(state, "BRIBE", list(state["sanctions"].get("uses", {}).get("BRIBE", [])))
        if in_force(state, "TREATY_OF_LYON"):
            for prov, o in list(orders.items()):
                nation = units[prov].nation
                barred = nation in LYON_BARRED and nation not in permitted
                if barred and isinstance(o, Move) and prov_of(o.dest) == SWITZERLAND:
                    faith_void[prov] = (format_order(o), "Treaty of Lyon: no move through Switzerland")
                    orders[prov] = Hold(units[prov].kind, units[prov].loc)
        for prov, o in list(orders.items()):
            if prov in faith_void:
                continue
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
        result: Any = resolve_movement(gm, units, orders, policy=policy)
        closed: set[str] = set()
        while not left_neutral(state, units, result) <= closed:  # a neutral state closes when its foreign unit leaves
            closed |= left_neutral(state, units, result)
            policy = phase_policy(state, closed)
            result = resolve_movement(gm, units, orders, policy=policy)
        closed_moves = {q: prov_of(o.dest) for q, o in orders.items() if isinstance(o, Move)}
        closed_moves = {q: d for q, d in closed_moves.items() if d in closed}
        start_units = units
        marks = {p: bool(u.get("mark", False)) for p, u in state["units"].items()}
        own_marks: dict[str, bool] = {}
        march_reports: list[dict[str, Any]] = []
        if marches:
            result, units, marks, own_marks, march_reports = forced_march(
                gm, units, orders, marches, policy, result, marks, faith_void
            )
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
            prov = prov_of(entry["order"][2:].split(" ", 1)[0])
            if prov in faith_void and prov in units and units[prov].nation == entry["nation"]:
                entry.update(order=faith_void[prov][0], result="void", reason=f"void: {faith_void[prov][1]}; holds")
            elif prov in closed_moves and entry["result"] == "void":
                why = f"bounces: {closed_moves[prov]} is NEUTRAL and closed once its foreign unit moved out"
                entry.update(result="fails", reason=why)
        settled: frozenset[str] = getattr(result, "settled", frozenset())
        for p in sorted(units):
            if p not in result.outcomes and p not in settled:
                order_results.append(
                    {"nation": units[p].nation, "order": f"{units[p]} H", "result": "succeeds", "reason": "holds"}
                )
        order_results.extend(march_reports)
        arrivals = {
            prov_of(o.order.dest): q
            for q, o in result.outcomes.items()
            if o.result == "succeeds" and isinstance(o.order, Move)
        }
        new_units: dict[str, dict[str, Any]] = {}
        for prov, unit in result.units.items():
            mark = marks.get(arrivals.get(prov, prov), False)
            new_units[prov] = {"nation": unit.nation, "kind": unit.kind, "loc": unit.loc, "mark": mark}
        disbanded: list[str] = []
        sanction_notes.extend(storm_strongholds(state, units, result.outcomes))
        revolts = {pair for sid, pair in REVOLTS.items() if in_force(state, sid)}
        protestant = protestant_powers(state)
        lyon = in_force(state, "TREATY_OF_LYON")
        state["dislodged"] = {}
        for prov, d in sorted(result.dislodged.items()):
            nation = d.unit.nation
            options = [o for o in d.options if (nation, prov_of(o)) not in revolts]
            if lyon and nation in LYON_BARRED and nation not in permitted:
                options = [o for o in options if prov_of(o) != SWITZERLAND]
            attacker = units.get(prov_of(d.by)) or start_units.get(prov_of(d.by))
            why = ""
            if (nation, prov) in revolts and attacker is not None and attacker.nation in protestant:
                why = f"dislodged from {prov}, in revolt, by a Protestant power's unit"
            elif not d.options:
                why = (
                    "a minor state's unit"
                    if nation not in gm.powers
                    else (
                        "it carried an attrition mark"
                        if own_marks.get(prov, marks.get(prov))
                        else "it has nowhere to retreat"
                    )
                )
            elif not options:
                why = "it has nowhere to retreat (the sanctions in effect close its retreats)"
            if why:
                disbanded.append(f"{nation} {d.unit} dislodged and disbanded: {why}")
                continue
            state["dislodged"][prov] = {
                "unit": {
                    "nation": nation,
                    "kind": d.unit.kind,
                    "loc": d.unit.loc,
                    "mark": own_marks.get(prov, marks[prov]),
                },
                "options": options,
                "by": d.by,
            }
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
            "sanction_effects": sanction_notes,
        }
        gm_part = {
            "bribe": bribe_gm,
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

    # --- winter -------------------------------------------------------------------------------------------

    # --- actions ------------------------------------------------------------------------------------------

    def parse(self, state: State, power: str, text: str) -> Submission:
        """``parsing.parse``: ``power``'s submission for the current phase, read against the state."""
        return parse(state, power, text)

    def submission_lines(self, state: State) -> int:
        """``parsing.submission_lines``: the most lines a submission can need."""
        return submission_lines(state)

    def action_limits(self, state: State, role: str) -> ActionLimits:
        """A flat action of a few fields; its one long string, a submission, at most ``parsing.MAX_LINE`` characters
        for each line it can need."""
        return ActionLimits(max_depth=1, max_items=16, max_string=submission_lines(state) * MAX_LINE)

    def apply(self, state: State, role: str, action: dict[str, Any]) -> None:
        kind = action["type"]
        if kind == "resolve":
            if role != GM:
                raise IllegalAction("only the GM may resolve a phase before every seat is ready")
            if "box" not in state:
                raise IllegalAction("there is no phase to resolve")
            self.resolve(state)
            return
        if kind == "abandon":
            abandon(state, role, action)
            return
        if kind == "propose_end":
            propose_end(state, role, action)
            return
        if role not in self.seats(state):
            raise IllegalAction(f"{role} cannot {kind}: only a seat may submit or be ready")
        if not simultaneous.expects(state, role):
            raise IllegalAction(f"{role} has nothing to submit in {state['phase']}")
        if kind == "submit":
            text = action.get("text")
            if not isinstance(text, str):
                raise IllegalAction("'text' must be the submission as one string")
            check_submission_size(state, text)
            sub = parse(state, role, text)
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
            raise IllegalAction(
                f"unknown action type {kind!r}; expected 'submit', 'ready', 'resolve', 'propose_end' or 'abandon'"
            )

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
            "end_votes": state.get("end_votes", []),
            "abandoned": state.get("abandoned", []),
            "new_minors": state.get("new_minors", {}),
            "waiting_for": sorted(s for s, b in state.get("box", {}).items() if not b["ready"]),
        }
        if state.get("sanctions"):
            public["sanctions_active"] = state["sanctions"]["active"]
            public["strongholds"] = state["sanctions"].get("strongholds", {})
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
            public["my_waived_captures"] = list(state.get("waived", {}).get(role, []))
            public["inf_left"] = influence.remaining_inf(state["allocation"].get(role, 0), state["spent"].get(role, 0))
            if state.get("sanctions"):
                public["my_sanction_list"] = state["sanctions"]["lists"].get(role, [])
                public["my_sanction_uses"] = sorted(
                    sid for sid, ps in state["sanctions"].get("uses", {}).items() if role in ps
                )
                public["my_stronghold_picks"] = state["sanctions"].get("picks", {}).get(role, 0)
        box = simultaneous.own(state, role)
        vote: list[dict[str, Any]] = []
        if role in gm.powers and role not in state["eliminated"] and not state["over"]:
            vote = [{"type": "propose_end", "agree": role not in state.get("end_votes", [])}]
        if box is None or state["over"]:
            public["actions"] = vote
            return public
        public["submission"] = box["submission"]
        public["ready"] = box["ready"]
        public["orderable"] = self.orderable(state, role)
        public["actions"] = [{"type": "submit", "text": ""}, {"type": "ready", "ready": not box["ready"]}, *vote]
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
                    if retreat_orderer(state, d["unit"]["nation"]) == power
                }
            }
        if kind == "E":
            units = [u["kind"] + " " + u["loc"] for u in state["units"].values() if u["nation"] == power]
            owed = minor_owed(state, power)
            out_e: dict[str, Any] = {"disbands": max(0, -delta(state, power)), "units": sorted(units)}
            if owed:
                out_e["minor_disbands"] = {
                    mid: {
                        "disbands": n,
                        "units": sorted(
                            u["kind"] + " " + u["loc"] for u in state["units"].values() if u["nation"] == mid
                        ),
                    }
                    for mid, n in sorted(owed.items())
                }
            return out_e
        out: dict[str, Any] = {
            "builds": max(0, delta(state, power)),
            "build_sites": build_sites(state, power),
        }
        minor_sites = minor_build_sites(state, power)
        if minor_sites:
            out["minor_build_sites"] = minor_sites
        if state.get("sanctions"):
            out["sanction_list"] = state["sanctions"]["lists"].get(power, [])
            ctx = sanction_context(state)
            out["sanction_usable"] = [c for c in out["sanction_list"] if sanctions.available(c, ctx)]
        return out


RULESET = registry.register(Europe1615())
