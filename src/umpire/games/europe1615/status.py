"""Europe 1615: the political status of the minor states and what follows from it -- the year's status check, the
statuses recomputed from the INF tables, the religious markers, the impassable NEUTRAL states.

Seed sections: "PHASES OF THE GAME YEAR" ("Initial Status Check"), "INFLUENCE" ("Gain and loss of influence": the
year's allocation, unused INFs lost), "EFFECTS OF INFLUENCE AND RULES GOVERNING THE BEHAVIOR OF THE MINOR STATES"
("Political status": ALIGNED, UNALIGNED, NEUTRAL; "Neutrality (impassable)"), "Rules concerning Christian and
Islamic units" (the religious markers; ``influence.religious_markers``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.diplomacy.orders import Move
from umpire.diplomacy.policy import Unit
from umpire.games.europe1615 import influence
from umpire.games.europe1615.board import State, game_map, minor_table, neutral_set, owned_centres
from umpire.games.europe1615.mapdata import OTTOMAN, PAPAL_STATES, center_values
from umpire.games.europe1615.sanction_effects import reserved


def status_check(state: State) -> None:
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


def statuses(state: State) -> dict[str, dict[str, Any]]:
    """The political status of every independent pliant state from the current INF table."""
    out: dict[str, dict[str, Any]] = {}
    for minor in state["pliant"]:
        st = influence.political_status(state["inf"].get(minor, {}))
        out[minor] = {"kind": st.kind, "power": st.power}
    return out


def recompute_markers(state: State) -> None:
    """The religious markers of every minor state from its INFs (or its suspended INFs, when captured)."""
    table = minor_table(state)
    under_reservation = reserved(state)
    out: dict[str, dict[str, Any]] = {}
    for mid, m in table.items():
        if m.id == OTTOMAN or m.dormant:
            continue
        captured = mid in state["suspended"]
        infs = state["suspended"].get(mid) if captured else state["inf"].get(mid, {})
        mk = influence.religious_markers(
            infs or {},
            islamic=m.islamic,
            papal=mid == PAPAL_STATES,
            captured=captured,
            reservation=mid in under_reservation,
        )
        out[mid] = {"confession": mk.confession, "grey": mk.grey, "white": mk.white}
    state["markers"] = out


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


def left_neutral(state: State, units: Mapping[str, Unit], result: Any) -> set[str]:
    """Provinces of NEUTRAL states whose foreign unit moved out in ``result`` (seed, "Neutrality (impassable)": "If
    the army moves out of the neutral state, no other unit can enter"; ruling E1615-R06)."""
    neutral = neutral_set(state)
    out: set[str] = set()
    for prov, unit in units.items():
        owner = state["owner"].get(prov)
        moved = result.outcomes.get(prov)
        left = moved is not None and moved.result == "succeeds" and isinstance(moved.order, Move)
        if owner in neutral and unit.nation != owner and left:
            out.add(prov)
    return out
