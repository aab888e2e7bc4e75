"""Europe 1615: the retreat phase after each movement phase -- the dislodged units' retreats and disbands, a
retreating army gaining an attrition mark.

Seed sections: "PHASES OF THE GAME YEAR" (the retreat phases), "ATTRITION", "Table of sanctions" (the Dutch,
Gustav's and Polish interventions: their units retreat, ordered by the power they are aligned with; ruling E1615-E04).
Who may retreat where is decided at the movement phase (``movement``); who orders each retreat is
``duties.retreat_orderer``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.diplomacy import phases
from umpire.diplomacy.orders import Disband, Order, Retreat, format_order
from umpire.diplomacy.policy import Unit
from umpire.games.europe1615.board import State, board, game_map, prov_of
from umpire.games.europe1615.parsing import parse_simple


def resolve_retreats(state: State, texts: Mapping[str, str]) -> None:
    """Adjudicate the retreat phase's orders (``diplomacy.phases.resolve_retreats``) and report it."""
    gm = game_map()
    orders: dict[str, Order] = {}
    for p, text in texts.items():
        for line in parse_simple(state, p, text).orders:
            if isinstance(line.order, Retreat | Disband):
                orders[prov_of(line.order.loc)] = line.order
    dislodged = {
        p: (Unit(d["unit"]["nation"], d["unit"]["kind"], d["unit"]["loc"]), tuple(d["options"]))
        for p, d in state["dislodged"].items()
    }
    result = phases.resolve_retreats(gm, board(state), dislodged, orders)
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
