"""Standard Diplomacy on the kernel contract: sealed orders per phase, resolved together by the adjudicator.

The state keeps the board in the adjudication contract's own shape (``units``, ``centers``, ``dislodged`` per
power, ``phase`` such as ``S1901M``; docs/adjudication.md), so a phase is resolved by handing that shape and the
submitted orders to :func:`umpire.diplomacy.contract.adjudicate`. Actions:

- ``{"type": "orders", "power": P, "orders": ["A PAR - BUR", ...]}`` — a seat (re)submits one of its powers'
  orders; each line must parse and name one of that power's units (a precise error otherwise);
- ``{"type": "ready", "ready": true}`` — a seat is done; when every seat that must order is ready, the phase
  resolves at once;
- ``{"type": "resolve"}`` — the GM resolves now (a deadline): missing orders are holds, missing retreats
  disbands, missing adjustments the civil-disorder rule.

A seat sees its own sealed orders only; the orders of a phase become public with its results in ``history``.
The game ends when a power owns more than half the centres (18 of 34), or after the winter of ``end_year``.
"""

from __future__ import annotations

from typing import Any

from umpire.diplomacy.contract import adjudicate
from umpire.diplomacy.map import GameMap, load_map
from umpire.diplomacy.orders import OrderError, format_order, parse_order
from umpire.games.standard.report import phase_title
from umpire.kernel import simultaneous
from umpire.kernel.control import controller, powers_of
from umpire.kernel.errors import IllegalAction
from umpire.kernel.journal import AppendOnly
from umpire.kernel.limits import ActionLimits
from umpire.kernel.ruleset import GM, Option, Ruleset, RulesetInfo, Scenario

State = dict[str, Any]

#: The longest order text accepted: the longest real order (a convoyed move naming coasts) is under 40 characters.
MAX_ORDER_TEXT = 200


def board_types(state: State) -> dict[str, Any]:
    """Province -> unit type ('A'/'F') of every unit on the board (dislodged units included)."""
    types: dict[str, Any] = {}
    for units in state["units"].values():
        for unit in units:
            types[unit[2:].split("/", 1)[0]] = unit[0]
    for dislodged in state.get("dislodged", {}).values():
        for unit in dislodged:
            types[unit[2:].split("/", 1)[0]] = unit[0]
    return types


def adjustment(game_map: GameMap, state: State, power: str) -> int:
    """Builds (positive) or disbands (negative) ``power`` owes this winter; builds are capped by free homes."""
    have = len(state["units"].get(power, []))
    owed = len(state["centers"].get(power, [])) - have
    if owed <= 0:
        return owed
    occupied = set(board_types(state))
    free = [c for c in game_map.homes.get(power, ()) if c in state["centers"].get(power, []) and c not in occupied]
    return min(owed, len(free))


class StandardDiplomacy(Ruleset):
    """Seven powers, the standard map, 5th-edition rules (2023 rulebook as an option)."""

    #: Shared between a state and the next (``kernel/journal.py``): the resolved phases: appended, never changed.
    append_only = (AppendOnly("history"),)

    info = RulesetInfo(
        name="standard",
        title="Diplomacy (standard map, 5th edition rules)",
        seed="standard Diplomacy, on which 003 Europe 1615 builds",
        scenarios=(Scenario("classic", "Spring 1901, the standard opening position"),),
        options=(
            Option("rules", "2000", ("2000", "2023"), "rulebook where the DATC says they differ"),
            Option("end_year", None, (None, 1902, 1905, 1907, 1910, 1915, 1920), "stop after this winter"),
        ),
    )

    map_id = "standard"

    def game_map(self, state: State) -> GameMap:
        return load_map(state["map"])

    def setup(self, state: State, scenario: str, options: dict[str, Any]) -> None:
        game_map = load_map(self.map_id)
        state["map"] = game_map.id
        state["options"] = options
        state["phase"] = game_map.first_phase
        state["units"] = {p: list(game_map.start_units.get(p, ())) for p in game_map.powers}
        state["centers"] = {p: list(game_map.start_centers.get(p, ())) for p in game_map.powers}
        state["dislodged"] = {}
        state["history"] = []
        state["control"] = {p: p for p in game_map.powers}
        state["over"] = False
        state["result"] = None
        self.open_phase(state)

    def seats(self, state: State) -> list[str]:
        return list(load_map(state["map"]).powers)

    # --- phases -------------------------------------------------------------------------------------------

    def must_order(self, state: State, power: str) -> bool:
        """Whether ``power`` has anything to order in the current phase."""
        kind = state["phase"][-1]
        if kind == "M":
            return bool(state["units"].get(power))
        if kind == "R":
            return bool(state["dislodged"].get(power))
        return adjustment(self.game_map(state), state, power) != 0

    def open_phase(self, state: State) -> None:
        seats = sorted({controller(state, p) for p in state["control"] if self.must_order(state, p)})
        simultaneous.open_boxes(state, [s for s in seats if s in self.seats(state)])

    def advance(self, state: State) -> None:
        while not state["over"] and simultaneous.all_ready(state):
            self.resolve(state)

    def resolve(self, state: State) -> None:
        """Adjudicate the current phase with every submitted order, then open the next phase."""
        submissions = simultaneous.take_all(state)
        orders: dict[str, list[str]] = {}
        for submission in submissions.values():
            for power, lines in (submission or {}).items():
                orders[power] = list(lines)
        case = {
            "id": state["phase"],
            "variant": state["map"],
            "phase": state["phase"],
            "units": state["units"],
            "centers": state["centers"],
            "orders": orders,
            "options": {"rules": state["options"]["rules"]},
        }
        if state["phase"][-1] == "R":
            case["dislodged"] = state["dislodged"]
        answer = adjudicate(case)
        if "error" in answer:
            raise RuntimeError(f"the adjudicator refused a position umpire built: {answer['error']}")
        state["history"].append({"phase": state["phase"], "results": answer["results"]})
        state["units"] = answer["units"]
        state["centers"] = answer["centers"]
        state["dislodged"] = answer.get("dislodged", {})
        state["phase"] = answer["next_phase"]
        self.check_end(state)
        if not state["over"]:
            self.open_phase(state)

    def check_end(self, state: State) -> None:
        game_map = self.game_map(state)
        majority = len(game_map.centers) // 2 + 1
        leaders = [p for p, cs in state["centers"].items() if len(cs) >= majority]
        if leaders:
            state["over"] = True
            state["result"] = {"kind": "solo", "winner": leaders[0], "phase": state["phase"]}
            return
        end_year = state["options"]["end_year"]
        if end_year is not None and int(state["phase"][1:5]) > end_year:
            counts = {p: len(cs) for p, cs in state["centers"].items() if cs}
            state["over"] = True
            state["result"] = {"kind": "draw", "survivors": sorted(counts), "centers": counts}

    # --- actions ------------------------------------------------------------------------------------------

    def action_limits(self, state: State, role: str) -> ActionLimits:
        """An action is a few short strings and one list of orders: no power can need more orders than the map
        has centres (a power never has more units than that)."""
        return ActionLimits(max_depth=3, max_string=MAX_ORDER_TEXT, max_items=len(self.game_map(state).centers))

    def order_allowance(self, state: State, power: str) -> tuple[int, str]:
        """How many orders ``power`` may give this phase, and what they are for (for the error message)."""
        kind = state["phase"][-1]
        if kind == "M":
            return len(state["units"].get(power, [])), "one per unit"
        if kind == "R":
            return len(state["dislodged"].get(power, {})), "one per dislodged unit"
        delta = adjustment(self.game_map(state), state, power)
        return abs(delta), "one per build owed" if delta > 0 else "one per disband owed"

    def apply(self, state: State, role: str, action: dict[str, Any]) -> None:
        kind = action["type"]
        if kind == "resolve":
            if role != GM:
                raise IllegalAction("only the GM may resolve a phase before every seat is ready")
            self.resolve(state)
            return
        if role == GM or role not in self.seats(state):
            raise IllegalAction(f"{role} cannot {kind}: only a seat may submit orders or be ready")
        if not simultaneous.expects(state, role):
            raise IllegalAction(f"{role} has nothing to order in {state['phase']}")
        if kind == "orders":
            self.submit_orders(state, role, action)
        elif kind == "ready":
            ready = action.get("ready", True)
            if not isinstance(ready, bool):
                raise IllegalAction(f"'ready' must be true or false, not {ready!r}")
            simultaneous.set_ready(state, role, ready)
        else:
            raise IllegalAction(f"unknown action type {kind!r}; expected 'orders', 'ready' or 'resolve'")

    def submit_orders(self, state: State, seat: str, action: dict[str, Any]) -> None:
        mine = [p for p in powers_of(state, seat) if self.must_order(state, p)]
        power = action.get("power", mine[0] if len(mine) == 1 else None)
        if power not in mine:
            raise IllegalAction(f"{seat} may order {', '.join(mine)} this phase, not {power!r}")
        lines = action.get("orders")
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
            raise IllegalAction("'orders' must be a list of order strings such as 'A PAR - BUR'")
        allowed, why = self.order_allowance(state, power)
        if len(lines) > allowed:
            raise IllegalAction(
                f"{power} may give at most {allowed} order{'s' if allowed != 1 else ''} in {state['phase']} "
                f"({why}), not {len(lines)}"
            )
        canonical = [self.check_order(state, power, i, text) for i, text in enumerate(lines, 1)]
        box = simultaneous.own(state, seat)
        submission = dict((box or {}).get("submission") or {})
        submission[power] = canonical
        simultaneous.submit(state, seat, submission)

    def check_order(self, state: State, power: str, number: int, text: str) -> str:
        """Parse one submitted order and check it concerns one of ``power``'s units; return it canonical."""
        game_map = self.game_map(state)
        phase_kind = state["phase"][-1]
        try:
            order = parse_order(text, game_map, phase=phase_kind, units=board_types(state))
        except OrderError as exc:
            raise IllegalAction(f"{power} order {number} {text!r}: {exc}") from None
        canonical = format_order(order)
        loc = getattr(order, "loc", None)
        if loc is None:  # WAIVE
            return canonical
        prov = loc.split("/", 1)[0]
        if phase_kind == "R":
            own = {u[2:].split("/", 1)[0] for u in state["dislodged"].get(power, {})}
        elif phase_kind == "A" and canonical.endswith(" B"):
            return canonical
        else:
            own = {u[2:].split("/", 1)[0] for u in state["units"].get(power, [])}
        if prov not in own:
            what = "dislodged unit" if phase_kind == "R" else "unit"
            raise IllegalAction(f"{power} order {number} {text!r}: {power} has no {what} in {prov}")
        return canonical

    # --- views --------------------------------------------------------------------------------------------

    def phase_title(self, phase: str) -> str:
        """``report.phase_title``: ``S1901M`` -> ``Spring 1901 movement``."""
        return phase_title(phase)

    def view(self, state: State, role: str) -> dict[str, Any]:
        public: dict[str, Any] = {
            "ruleset": self.info.name,
            "map": state["map"],
            "phase": state["phase"],
            "units": state["units"],
            "centers": state["centers"],
            "dislodged": state["dislodged"],
            "history": state["history"],
            "over": state["over"],
            "result": state["result"],
            "waiting_for": sorted(s for s, b in state.get("box", {}).items() if not b["ready"]),
            "role": role,
        }
        if role == GM:
            public["boxes"] = state.get("box", {})
            public["actions"] = [] if state["over"] else [{"type": "resolve"}]
            return public
        box = simultaneous.own(state, role)
        if box is None or state["over"]:
            public["actions"] = []
            return public
        powers = [p for p in powers_of(state, role) if self.must_order(state, p)]
        submitted = box["submission"] or {}
        public["orders"] = {p: submitted.get(p, []) for p in powers}
        public["ready"] = box["ready"]
        public["actions"] = [{"type": "orders", "power": p, "orderable": self.orderable(state, p)} for p in powers] + [
            {"type": "ready", "ready": not box["ready"]}
        ]
        return public

    def orderable(self, state: State, power: str) -> dict[str, Any]:
        """What ``power`` must order now: its units, its dislodged units with their retreats, or its adjustment."""
        kind = state["phase"][-1]
        if kind == "M":
            return {"units": list(state["units"].get(power, []))}
        if kind == "R":
            return {"retreats": state["dislodged"].get(power, {})}
        delta = adjustment(self.game_map(state), state, power)
        if delta > 0:
            occupied = set(board_types(state))
            game_map = self.game_map(state)
            homes = [c for c in game_map.homes.get(power, ()) if c in state["centers"][power] and c not in occupied]
            return {"builds": delta, "build_sites": homes}
        return {"disbands": -delta, "units": list(state["units"].get(power, []))}
