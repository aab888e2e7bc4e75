"""Europe 1615: reading a seat's submission against the state -- the movement submission (orders, INF lines, the
attack, a forced march, bribes, the sanction lines), the one-order-a-line retreat, disband and build submissions
with the late-winter sanction choice, and the bounds on a submission's size (ruling E1615-C33).

Seed sections: "INFLUENCE" ("Deployment of influence with submission of orders"), "THE DIPLOMATIC ATTACK",
"Suggesting moves for the Ottomans", "PHASES OF THE GAME YEAR" (what each phase's submission holds), "Table of
sanctions" (Bribe, Forced march, Ottoman neutrality; "Elimination from lists").  The text format itself is
``submission.parse_submission``.
"""

from __future__ import annotations

from dataclasses import replace

from umpire.diplomacy.orders import Build, Disband, Order, OrderError, Retreat, Waive, parse_order
from umpire.games.europe1615 import influence
from umpire.games.europe1615.board import State, game_map, prov_of
from umpire.games.europe1615.directives import check_directives
from umpire.games.europe1615.duties import build_sites, minor_build_sites, minor_owed, retreat_orderer, sanction_duty
from umpire.games.europe1615.mapdata import OTTOMAN
from umpire.games.europe1615.sanction_effects import has_use, in_force, may_deploy
from umpire.games.europe1615.submission import (
    DIRECTIVES,
    LineError,
    OrderLine,
    Submission,
    parse_submission,
    split_directives,
)
from umpire.kernel.errors import IllegalAction

#: The longest line of a submission (the longest real one, a forced march with coasts, is under 60 characters).
MAX_LINE = 200


def parse(state: State, power: str, text: str) -> Submission:
    gm = game_map()
    kind = state["phase"][-1]
    if kind == "M":
        text, directives = split_directives(text)
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
        bribe_ok = has_use(state, power, "BRIBE")
        for line in sub.orders:
            if line.bribe and not bribe_ok:
                sub.errors.append(
                    LineError(line.line, line.text, "BRIBE", "you hold no unused Bribe a unit to hold sanction", "")
                )
        sub.orders = [o for o in sub.orders if not o.bribe or bribe_ok]
        if in_force(state, "OTTOMAN_NEUTRALITY"):
            for line in [o for o in sub.orders if o.order is not None and not o.bribe]:
                u = state["units"].get(prov_of(getattr(line.order, "loc", "")))
                if u is not None and u["nation"] == OTTOMAN:
                    sub.errors.append(
                        LineError(line.line, line.text, "", "Ottoman neutrality: Ottoman units take no orders", "")
                    )
                    sub.orders.remove(line)
        if not has_use(state, power, "FORCED_MARCH"):
            for fm in sub.forced_marches:
                sub.errors.append(LineError(fm.line, "", "||", "you hold no unused Forced march sanction", ""))
            sub.forced_marches = []
        sub.errors.extend(check_directives(state, power, directives, "M")[1])
        sub.errors.sort(key=lambda e: e.line)
        if sub.sanction is not None:
            sub.errors.append(LineError(sub.sanction.line, "", "SANCTION", "a sanction is chosen in winter", ""))
            sub.sanction = None
        return sub
    return parse_simple(state, power, text)


def parse_simple(state: State, power: str, text: str) -> Submission:
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
        if line.upper().startswith(DIRECTIVES):
            _, found = split_directives(line)
            errors = check_directives(state, power, [replace(d, line=number) for d in found], kind)[1]
            sub.errors.extend(errors)
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
        problem = check_simple(state, power, order)
        if problem:
            sub.errors.append(LineError(number, line, "", problem, ""))
            continue
        sub.orders.append(OrderLine(number, line, order, power))
    if kind == "A" and state.get("sanctions"):
        sub.errors.extend(sanction_duty(state, power, sub, len(text.splitlines()) + 1))
    return sub


def check_simple(state: State, power: str, order: Order) -> str:
    kind = state["phase"][-1]
    if kind == "R":
        if not isinstance(order, Retreat | Disband):
            return "only retreat and disband orders are given in a retreat phase"
        d = state["dislodged"].get(prov_of(order.loc))
        if d is None or retreat_orderer(state, d["unit"]["nation"]) != power:
            return f"{power} has no dislodged unit in {prov_of(order.loc)}"
        return ""
    if kind == "E":
        if not isinstance(order, Disband):
            return "only disband orders are given in early winter"
        u = state["units"].get(prov_of(order.loc))
        if u is None or (u["nation"] != power and u["nation"] not in minor_owed(state, power)):
            return f"{power} has no unit in {prov_of(order.loc)} to disband"
        return ""
    if not isinstance(order, Build | Waive):
        return "only build and waive orders are given in late winter"
    minor_sites = minor_build_sites(state, power)
    if isinstance(order, Build) and prov_of(order.loc) in minor_sites:
        return ""
    if isinstance(order, Build) and prov_of(order.loc) not in build_sites(state, power):
        sites = ", ".join(build_sites(state, power) + sorted(minor_sites)) or "none"
        return f"{power} cannot build in {prov_of(order.loc)} (build sites: {sites})"
    return ""


def submission_lines(state: State) -> int:
    """The most lines a submission can need (ruling E1615-C33): a heading, an order per unit (a power never has
    more units than the map has centres, builds included), an INF line per pliant minor state, an attack, a
    forced march, a sanction and one line per sanction directive."""
    most_units = max(len(state["units"]), len(game_map().centers))
    return 1 + most_units + len(state["pliant"]) + 3 + len(DIRECTIVES)


def check_submission_size(state: State, text: str) -> None:
    """Refuse (IllegalAction) a submission with an over-long line or more lines than it can need."""
    most = submission_lines(state)
    used = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        if len(raw) > MAX_LINE:
            raise IllegalAction(
                f"line {number} of the submission is {len(raw)} characters long; expected at most {MAX_LINE}"
            )
        if raw.split("#", 1)[0].strip():
            used += 1
    if used > most:
        raise IllegalAction(
            f"the submission has {used} lines of orders; expected at most {most} (a heading, one line per unit, "
            "per minor state's INF, the attack, the forced march, the sanction and its directives)"
        )
