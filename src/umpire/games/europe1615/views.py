"""Europe 1615: what each role sees -- the one place hidden information is withheld.  A seat's view never holds
another seat's submission, the Ottoman proposals, another power's INF amounts or another power's sanction list;
the GM's view holds everything.  ``orderable`` lists what the seat may order in the current phase.

Seed sections: "EFFECTS OF INFLUENCE AND RULES GOVERNING THE BEHAVIOR OF THE MINOR STATES" (the GM "publishes the
results, the statuses of the minor states, which powers have deployed to which states, and whether the orders
submitted are followed"), "Suggesting moves for the Ottomans", "Table of sanctions" ("Distribution of lists": "The
list is kept hidden from other players"), "PHASES OF THE GAME YEAR" (what each phase asks of a seat).
"""

from __future__ import annotations

from typing import Any

from umpire.games.europe1615 import influence, sanctions
from umpire.games.europe1615.board import State, aligned_map, game_map
from umpire.games.europe1615.duties import build_sites, delta, minor_build_sites, minor_owed, retreat_orderer
from umpire.games.europe1615.mapdata import OTTOMAN
from umpire.games.europe1615.report import report_groups, report_text
from umpire.games.europe1615.sanction_effects import in_force, may_deploy, sanction_context
from umpire.games.europe1615.status import impassable
from umpire.kernel import simultaneous
from umpire.kernel.ruleset import GM


def view(state: State, role: str, ruleset: str) -> dict[str, Any]:
    """The view of ``state`` for ``role`` (a seat or the GM) of the ruleset named ``ruleset``."""
    # ruling E1615-R03: what is public, what only the power and the GM see
    gm = game_map()
    deployers = {m: sorted(p for p, n in infs.items() if n > 0) for m, infs in sorted(state["inf"].items())}
    public: dict[str, Any] = {
        "ruleset": ruleset,
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
        viewer = role if role in gm.powers else None
        public["report_groups"] = report_groups(
            state["history"][-1], viewer=viewer, powers=list(gm.powers), gm=role == GM
        )
    if role == GM:
        public["inf"] = state["inf"]
        public["suspended"] = state["suspended"]
        public["spent"] = state["spent"]
        public["boxes"] = state.get("box", {})
        public["gm_history"] = state["history"]
        if state.get("sanctions"):
            public["sanctions"] = state["sanctions"]
        actions: list[dict[str, Any]] = [] if state["over"] or "box" not in state else [{"type": "resolve"}]
        if not state["over"]:
            marked = state.get("abandoned", [])
            actions += [
                {"type": "abandon", "power": p, "abandoned": p not in marked}
                for p in gm.powers
                if p not in state["eliminated"]
            ]
        public["actions"] = actions
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
            public["my_sanction_cards"] = {sid: sanction_card(sid) for sid in public["my_sanction_list"]}
    box = simultaneous.own(state, role)
    vote: list[dict[str, Any]] = []
    if role in gm.powers and role not in state["eliminated"] and not state["over"]:
        vote = [{"type": "propose_end", "agree": role not in state.get("end_votes", [])}]
    if box is None or state["over"]:
        public["actions"] = vote
        return public
    public["submission"] = box["submission"]
    public["ready"] = box["ready"]
    public["orderable"] = orderable(state, role)
    public["actions"] = [{"type": "submit", "text": ""}, {"type": "ready", "ready": not box["ready"]}, *vote]
    return public


def sanction_card(sid: str) -> dict[str, str]:
    """A sanction's name, what it does and when it may be played, for the seat that holds it."""
    card = sanctions.BY_ID.get(sid)
    if card is None:
        return {"name": sid, "effect": "", "conditions": ""}
    return {"name": card.name, "effect": card.effect, "conditions": card.conditions}


def orderable(state: State, power: str) -> dict[str, Any]:
    """What ``power`` may order in the current phase: its units, retreats, disbands or builds and sanctions."""
    kind = state["phase"][-1]
    if kind == "M":
        aligned = aligned_map(state)
        mine = [
            u["kind"] + " " + u["loc"]
            for p, u in sorted(state["units"].items())
            if u["nation"] == power or aligned.get(u["nation"]) == power
        ]
        # seed, "Ottoman neutrality": "Ottoman units no longer move or receive orders" (the parser refuses them)
        silent = in_force(state, "OTTOMAN_NEUTRALITY")
        ottoman = [u["kind"] + " " + u["loc"] for u in state["units"].values() if u["nation"] == OTTOMAN and not silent]
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
                    "units": sorted(u["kind"] + " " + u["loc"] for u in state["units"].values() if u["nation"] == mid),
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


def history_reports(state: State, role: str, start: int, stop: int) -> list[dict[str, Any]]:
    """The reports of history entries ``start`` to ``stop`` as ``role`` reads them (the same text and groups the
    view gives of the latest entry)."""
    powers = list(game_map().powers)
    viewer = role if role in powers else None
    return [
        {
            "phase": h["phase"],
            "text": report_text(h, gm=role == GM),
            "groups": report_groups(h, viewer=viewer, powers=powers, gm=role == GM),
        }
        for h in state["history"][start:stop]
    ]
