"""Permission to recruit in another country's home areas (handbook, *Raising an army*: "No troops may be recruited in
the home areas of other played countries without their permission"; *Armies*: a new army may be created "in any
home area or area in which you have permission to raise one").

A team asks (``ask_recruitment``) for one of its states to raise troops in a home area of another state. A played
owner answers itself (``answer``) or through Political Control, who records the answer given at its desk; a
non-played state's permission is Non-played States Control's to give. A permission granted puts the area in the
state's ``permits`` (:func:`armies.raising_areas`) until the owner withdraws it (``withdraw_recruitment``).
Ruling RR3-H02.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.games.rr3 import desk
from umpire.games.rr3.desk import ANSWER_BY, Field, Item, journal
from umpire.games.rr3.desks.politics import need_state, team_states
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

KIND = "recruit_permission"


def home_owner(state: State, area: str) -> str | None:
    """The state whose home area ``area`` is (None: nobody's home)."""
    for sid, rec in state.get("states", {}).items():
        if area in rec.get("home", []):
            return str(sid)
    return None


def _foreign_homes(state: State, role: str) -> list[str]:
    mine = set(team_states(state, role))
    return sorted({a for s, rec in state.get("states", {}).items() if s not in mine for a in rec.get("home", [])})


@desk.request(
    "ask_recruitment",
    desk=desk.POLITICAL,
    label="Ask permission to recruit in another country",
    fields=(
        Field("state", "Your state", "choice"),
        Field("area", "In the home area", "choice"),
        Field("note", "What you offer or why", required=False),
    ),
    chooser=lambda state, role: {"state": team_states(state, role), "area": _foreign_homes(state, role)},
)
def _open_ask(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *Raising an army*: recruiting in another played country's home areas needs its permission; the
    owner's team answers. A non-played state's permission goes to Non-played States Control (RR3-H02)."""
    sid, area = action["state"], action["area"]
    owner = home_owner(state, area)
    if owner is None:
        raise IllegalAction(f"{area} is no state's home area; no permission is asked there")
    owner_team = desk.team_of_state(state, owner)  # never the asking team: its own homes are not offered
    if area in need_state(state, sid).get("permits", []):
        raise IllegalAction(f"{sid} already has permission to recruit in {area}")
    for item in desk.pending(state):
        if item["kind"] == KIND and item["params"]["state"] == sid and item["params"]["area"] == area:
            raise IllegalAction(f"{sid} has already asked to recruit in {area} ({item['id']})")
    teams = [role] + ([owner_team] if owner_team else [])
    return {
        "title": f"{sid} asks {owner} for permission to recruit in {area}",
        "desk": desk.POLITICAL if owner_team else desk.NONPLAYED,
        "kind": KIND,
        "params": {
            "state": sid,
            "area": area,
            "owner": owner,
            "note": (action.get("note") or "").strip(),
            ANSWER_BY: owner_team,
            "teams": teams,
        },
    }


@desk.settle(KIND, label="Record the answer", fields=(Field("accept", "Permission granted", "bool"),))
def _settle_ask(state: State, item: Item, action: Action) -> str:
    """A permission granted adds the area to the state's ``permits``; a refusal changes nothing (RR3-H02)."""
    accept = action.get("accept")
    if not isinstance(accept, bool):
        raise IllegalAction("an answer to a permission needs 'accept': true or false")
    p = item["params"]
    if accept:
        permits = need_state(state, p["state"]).setdefault("permits", [])
        if p["area"] not in permits:
            permits.append(p["area"])
    text = f"{p['owner']} {'grants' if accept else 'refuses'} {p['state']} permission to recruit in {p['area']}"
    for team in p["teams"]:
        journal(state, "Recruitment permission", text, team=team)
    return text


def _granted(state: State, role: str) -> list[str]:
    """``state:area`` for each permission given by one of ``role``'s states."""
    mine = set(team_states(state, role))
    return [
        f"{sid}:{area}"
        for sid, rec in state.get("states", {}).items()
        for area in rec.get("permits", [])
        if home_owner(state, area) in mine
    ]


def _withdraw_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    return {"permit": _granted(state, role)}


@desk.direct(
    "withdraw_recruitment",
    label="Withdraw a permission to recruit",
    fields=(Field("permit", "Permission (state:area)", "choice"),),
    chooser=_withdraw_choices,
    available=lambda state, role: bool(_granted(state, role)),
)
def _withdraw(state: State, role: str, action: Action) -> None:
    """The owner may withdraw a permission it gave; troops already raised stay (RR3-H02)."""
    sid, area = str(action["permit"]).split(":", 1)
    rec = need_state(state, sid)
    rec["permits"] = [a for a in rec.get("permits", []) if a != area]
    text = f"{home_owner(state, area)} withdraws {sid}'s permission to recruit in {area}"
    journal(state, "Recruitment permission", text, team=role)
    other = desk.team_of_state(state, sid)
    if other and other != role:
        journal(state, "Recruitment permission", text, team=other)
