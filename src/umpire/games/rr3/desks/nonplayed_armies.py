"""The armies of the powers nobody plays, in Non-played States Control's hands (handbook, *The Non-played States*:
"In general, they will go to war if their territory is attacked"; *The Campaign System*).

Every army procedure used to be keyed on a team, so a non-played state's army could be neither raised nor moved:
the Ottoman army of 1524 disbanded in the first winter, as every army does (*The Turn Sequence*, phase 6), and
never came back. Non-played States Control (or Game Control) now has the players' procedures for them (RR3-G03):

- ``np_raise_army``: raise or reinforce a non-played state's army in its home areas, in phase 1 or a military
  phase (raised in a military phase, it may not move in it), at no cost;
- the movement steps' intention card (``intend`` in :mod:`movement`, the seat ``nonplayed_control``): its armies
  move, engage, retreat and fight by the same rules; their battles are Map Control's items like any other;
- ``np_war``: the state goes to war with the state that attacked it (:func:`nonplayed.attacked`);
- ``np_disband``: disband one of their armies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.games.rr3 import campaigns, desk
from umpire.games.rr3.desk import NONPLAYED, Field, State, direct
from umpire.games.rr3.desks import armies as army_desk
from umpire.games.rr3.desks import nonplayed
from umpire.games.rr3.desks.politics import control_role
from umpire.kernel.errors import IllegalAction

_DESK = control_role(NONPLAYED)


def _np_armies(state: State) -> list[str]:
    return sorted(a for a, r in state.get("armies", {}).items() if r.get("team") is None)


def _raise_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    states = nonplayed.nonplayed_states(state)
    chars = state.get("characters", {})
    return {
        "state": states,
        "area": sorted({a for s in states for a in army_desk.raising_areas(state, s)}),
        "army": _np_armies(state),
        "commander": sorted(
            c for c, r in chars.items() if r.get("alive", True) and not r.get("played") and r.get("state") in states
        ),
    }


@direct(
    "np_raise_army",
    label="Raise a non-played state's army",
    who=desk.CONTROL,
    phases=(1, *campaigns.MILITARY_PHASES),
    fields=(
        Field("state", "Non-played state", "choice"),
        Field("men", "Men raised", "int", minimum=1_000, maximum=desk.MAX_MEN),
        Field("area", "Area (one of its home areas)", "choice"),
        Field("army", "Add to army (blank: a new army)", "choice", required=False),
        Field("commander", "Commander", "choice", required=False),
        Field("why", "Why (the attack it answers)"),
    ),
    chooser=_raise_choices,
    available=_DESK,
)
def raise_army(state: State, role: str, action: dict[str, Any]) -> None:
    """Handbook, *Raising an army* and *Armies*, for a state nobody plays: in its home areas, within its most
    armies, new men joining an army only where it stands; raised in a military phase, it may not move in that phase.
    RR3-G03: it costs nothing (a non-played state has no revenue cards and its troops are not paid, RR3-CP18)."""
    st = action["state"]
    if st not in nonplayed.nonplayed_states(state):
        raise IllegalAction(f"{st} is a played state; its team raises its armies")
    army_id = action.get("army") or None
    if army_id is not None and state["armies"][army_id]["state"] != st:
        raise IllegalAction(f"{army_id} is an army of {state['armies'][army_id]['state']}, not of {st}")
    commander = action.get("commander") or None
    if commander is not None and state["characters"][commander].get("state") != st:
        raise IllegalAction(f"{commander} is not a character of {st}")
    # The players' checks (areas, most armies, joining where it stands), with the cost waived.
    params = army_desk.check_raise(state, None, {**action, "army": army_id, "commander": commander}, free=True)
    now = {"turn": state.get("turn"), "phase": state.get("phase")}
    men, area = params["men"], params["area"]
    if army_id is not None:
        army = state["armies"][army_id]
        army["men"] += men
        if state.get("phase") in campaigns.MILITARY_PHASES:
            army["raised"] = now
        if commander:
            army["commander"] = commander
        text = f"{men:,} men join {army_id} in {area} ({army['men']:,} men)"
    else:
        army_id = army_desk.next_army_id(state, st)
        state.setdefault("armies", {})[army_id] = army_desk.new_army(state, army_id, st, men, area, commander, now)
        text = f"{st} raises {army_id} in {area}: {men:,} men"
    army_desk.journal(state, f"{st} raises troops", f"{text} ({action['why'].strip()})")


@direct(
    "np_war",
    label="A non-played state goes to war with its attacker",
    who=desk.CONTROL,
    fields=(
        Field("state", "Non-played state", "choice"),
        Field("enemy", "The state that attacked it", "choice"),
        Field("why", "How its territory was attacked"),
    ),
    chooser=lambda state, role: {
        "state": nonplayed.nonplayed_states(state),
        "enemy": sorted(state.get("states", {})),
    },
    available=_DESK,
)
def war(state: State, role: str, action: dict[str, Any]) -> None:
    """Handbook, *The Non-played States*: "they will go to war if their territory is attacked"
    (:func:`nonplayed.attacked`)."""
    st, enemy = action["state"], action["enemy"]
    if st == enemy:
        raise IllegalAction(f"{st} cannot go to war with itself")
    if not nonplayed.attacked(state, st, enemy):
        raise IllegalAction(f"{st} is already at war with {enemy}")
    army_desk.journal(state, f"{st} at war", f"{st} goes to war with {enemy}: {action['why'].strip()}")


@direct(
    "np_disband",
    label="Disband a non-played state's army",
    who=desk.CONTROL,
    fields=(Field("army", "Army", "choice"),),
    chooser=lambda state, role: {"army": _np_armies(state)},
    available=_DESK,
)
def disband(state: State, role: str, action: dict[str, Any]) -> None:
    """Handbook, *Disbanding armies*: "they may be disbanded at any time" (a non-played army is never in arrears,
    RR3-CP18)."""
    army = state["armies"][action["army"]]
    army_desk.remove_army(state, army["id"])
    text = f"{army['id']} ({army['men']:,} men) disbanded in {army['area']}"
    army_desk.journal(state, f"{army['id']} disbanded", text)
