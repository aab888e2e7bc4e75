"""A player's own defence (rewrite 13.0, EMP-S07): when a conquest or pillage strikes an area of an empire a player
runs (his own or his ally, 33.31), the endeavour waits in ``state["defence"]`` until he chooses.

His choices, the defender's of rewrite 13.0: not to defend, or to defend (the cost, two gold by EMP-R02, and a Year
Card turned over) adding as much more gold as he likes, each gold one less on the attacker's rating. Actions:
``{"type": "defend", "gold": n}`` and ``{"type": "defend", "defend": false}``. An Independent owner is never asked:
it defends whenever able (33.23).
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board, independent
from umpire.games.empires2.endeavours import Defence, endeavour_cost
from umpire.games.empires2.mapdata import load_map

State = dict[str, Any]


def pending(state: State) -> dict[str, Any] | None:
    """The open defence question, if any."""
    question: dict[str, Any] | None = state.get("defence")
    return question


def waiting_for(state: State) -> list[str]:
    question = pending(state)
    return [question["seat"]] if question else []


def _spare(state: State, question: dict[str, Any]) -> int:
    """The most gold the defender may add beyond the defence's cost."""
    return max(0, int(state["empires"][question["defender"]]["gold"]) - endeavour_cost("defence"))


def actions(state: State, role: str) -> list[dict[str, Any]]:
    """The seat's choices: defend (``max_gold`` the most it may add, information only) or not."""
    question = pending(state)
    if not question or question["seat"] != role:
        return []
    empire = question["defender"]
    return [
        {"type": "defend", "defend": True, "gold": 0, "max_gold": _spare(state, question), "empire": empire},
        {"type": "defend", "defend": False, "empire": empire},
    ]


def view(state: State) -> dict[str, Any] | None:
    """The question in the open (every seat sees an attack): who attacks which area, at what rating, and what a
    defence would take off it before gold."""
    question = pending(state)
    if not question:
        return None
    plan = question["plan"]
    defender = question["defender"]
    return {
        "seat": question["seat"],
        "attacker": question["attacker"],
        "defender": defender,
        "endeavour": plan["endeavour"],
        "area": plan["target"],
        "from": plan["base"],
        "attack_er": plan["er"] + plan["gold"],
        "reduction": Defence(board.leader(state, defender).combat, 0, independent.weapons(state, defender)).reduction,
        "cost": endeavour_cost("defence"),
        "max_gold": _spare(state, question),
    }


def answer(state: State, role: str, action: dict[str, Any]) -> None:
    """Carry out the attack with the seat's choice; raises ValueError naming what is wrong."""
    question = pending(state)
    if not question or question["seat"] != role:
        raise ValueError(f"no defence of {role}'s is asked now")
    defend = action.get("defend", True)
    if not isinstance(defend, bool):
        raise ValueError(f"'defend' must be true or false, not {defend!r}")
    gold = action.get("gold", 0) if defend else None
    most = _spare(state, question)
    if defend and (not isinstance(gold, int) or isinstance(gold, bool) or not 0 <= gold <= most):
        raise ValueError(
            f"'gold' added to the defence must be a whole number 0..{most} "
            f"({board.name(state, question['defender'])} holds {state['empires'][question['defender']]['gold']}, "
            f"the defence costs {endeavour_cost('defence')}), not {gold!r}"
        )
    del state["defence"]
    plan = independent.Plan(**question["plan"])
    independent.carry_out(state, question["attacker"], plan, gold, None, load_map())
