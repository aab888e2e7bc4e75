"""Parleys and their votes: the smallest parley the seed needs (authored, EMP-P03 to P07) and the Independent
Empires' votes in it (33.27, 33.28), each case a function named by its number.

Rewrite 20.0 leaves relations between emperors to the players and prints no parley procedure, so umpire's parley
is authored. A player, in his own empire's player-turn and once a round, calls a parley on one to three issues, each
"shall my empire hold a claim to this area?" (33.28's own example): ``{"type": "parley", "areas": ["lorraine"]}``.
Every empire in play votes on each issue with one vote for each area it possesses (EMP-P04). The caller's empire
and allies vote yes; the other player votes for his empire and allies, issue by issue:
``{"type": "vote", "yes": false}``. Each Independent Empire with votes votes its own interest when the issue
touches it (33.28: it possesses the area or claims it, and votes no), else each player rolls two dice plus his
diplomatic stature and the highest total casts its votes as that player voted (33.27; equal totals roll again,
EMP-P05). More yes than no votes carries the issue: the caller's empire gains the claim (EMP-P06). The open parley
is ``state["parley"]``; every roll is logged with its purpose.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board, demise
from umpire.games.empires2.alliances import ALLIED, players
from umpire.games.empires2.mapdata import load_map
from umpire.kernel import rng

State = dict[str, Any]

#: EMP-P03: the most issues one parley may carry.
MAX_ISSUES = 3


def pending(state: State) -> dict[str, Any] | None:
    """The open parley, if any."""
    open_parley: dict[str, Any] | None = state.get("parley")
    return open_parley


def waiting_for(state: State) -> list[str]:
    """The players whose vote on the current issue is still wanted."""
    p = pending(state)
    if not p:
        return []
    return [s for s in players(state) if s != p["caller"] and s not in p["votes"]]


def votes_of(state: State, eid: str) -> int:
    """EMP-P04: an empire's votes in a parley, one for each area it possesses (none in exile or dismantled)."""
    return len(board.areas_of(state, eid)) if demise.in_play(state, eid) else 0


def may_call(state: State, role: str) -> bool:
    """EMP-P03: a player may call a parley in his own empire's player-turn, once a round, when nothing else is
    asked."""
    return (
        state.get("phase") == "turn"
        and state.get("current") == role
        and not pending(state)
        and role not in _called(state)
    )


def _called(state: State) -> list[str]:
    """The players who called a parley this round."""
    called = state.get("parleys_called") or {}
    return list(called.get("players", [])) if called.get("round") == state.get("round") else []


def candidates(state: State, role: str) -> list[str]:
    """The areas listed for a parley's single issue: the caller's own areas he does not claim, and the land next
    to them (any land area not claimed yet is accepted when sent)."""
    claims = set(state["empires"][role]["claims"])
    return sorted(a for a in {*board.areas_of(state, role), *board.neighbours(state, role)} if a not in claims)


def call_actions(state: State, role: str) -> list[dict[str, Any]]:
    """The parleys ``role`` may call now, one issue each (up to :data:`MAX_ISSUES` are accepted in one)."""
    if not may_call(state, role):
        return []
    return [{"type": "parley", "areas": [aid]} for aid in candidates(state, role)]


def actions(state: State, role: str) -> list[dict[str, Any]]:
    """A player's vote on the current issue."""
    if role not in waiting_for(state):
        return []
    return [{"type": "vote", "yes": True}, {"type": "vote", "yes": False}]


def view(state: State) -> dict[str, Any] | None:
    """The open parley in the open (votes are cast openly): caller, issues, the current one and the votes in."""
    p = pending(state)
    if not p:
        return None
    return {
        "caller": p["caller"],
        "issues": p["issues"],
        "index": p["index"],
        "area": p["issues"][p["index"]],
        "votes": dict(p["votes"]),
        "carried": list(p["carried"]),
    }


def _issue_words(state: State, caller: str, aid: str) -> str:
    return f"a claim to {board.area_name(aid)} for {board.name(state, caller)}"


def call(state: State, role: str, areas: Any) -> None:
    """EMP-P03: ``role`` calls a parley on ``areas`` (one to three land areas his empire does not claim). Raises
    ValueError naming what is wrong."""
    if not may_call(state, role):
        if state.get("current") != role:
            raise ValueError("a parley is called in your own empire's player-turn (EMP-P03)")
        raise ValueError("one parley a round for each player (EMP-P03); yours this round is called")
    m = load_map()
    if not isinstance(areas, list) or not 1 <= len(areas) <= MAX_ISSUES:
        raise ValueError(f"'areas' must list 1 to {MAX_ISSUES} areas, each an issue, not {areas!r}")
    claims = set(state["empires"][role]["claims"])
    for aid in areas:
        if not isinstance(aid, str) or aid not in m.areas:
            raise ValueError(f"{aid!r} is not a land area of the map")
        if aid in claims:
            raise ValueError(f"{board.name(state, role)} already claims {board.area_name(aid)}")
    if len(set(areas)) != len(areas):
        raise ValueError(f"each area is one issue; {areas!r} names one twice")
    state["parleys_called"] = {"round": state["round"], "players": [*_called(state), role]}
    state["parley"] = {"caller": role, "issues": list(areas), "index": 0, "votes": {}, "carried": []}
    board.log(
        state,
        f"{board.name(state, role)} calls a parley (EMP-P03) on "
        + "; ".join(f"issue {i + 1}: {_issue_words(state, role, a)}" for i, a in enumerate(areas)),
    )
    _settle(state)


def vote(state: State, role: str, yes: Any) -> None:
    """The other player's vote on the current issue, for his empire and his allies."""
    if role not in waiting_for(state):
        raise ValueError(f"{role} has no vote wanted in this parley")
    if not isinstance(yes, bool):
        raise ValueError(f"'yes' must be true or false, not {yes!r}")
    p = state["parley"]
    p["votes"][role] = yes
    issue = _issue_words(state, p["caller"], p["issues"][p["index"]])
    board.log(state, f"{board.name(state, role)} votes {'yes' if yes else 'no'} on {issue}")
    _settle(state)


def _settle(state: State) -> None:
    """Count each issue whose players' votes are all in; close the parley after the last."""
    p = state["parley"]
    while not waiting_for(state):
        aid = p["issues"][p["index"]]
        said = {**p["votes"], p["caller"]: True}
        if count_issue(state, p["caller"], aid, said):
            p["carried"].append(aid)
        p["index"] += 1
        p["votes"] = {}
        if p["index"] >= len(p["issues"]):
            state.pop("parley")
            return


def case_33_28_interest(state: State, eid: str, caller: str, aid: str) -> bool | None:
    """33.28: the vote an Independent Empire casts in its own interest, or None when the issue does not touch it.
    A claim to an area it possesses or claims itself is against its interest: it votes no (EMP-P07)."""
    e = state["empires"][eid]
    if state["areas"][aid]["owner"] == eid or aid in e["claims"]:
        return False
    return None


def case_33_27_roll(state: State, eid: str, aid: str) -> str:
    """33.27: for an Independent Empire on one issue, each player rolls two dice plus his diplomatic stature; the
    highest total gets its votes. Equal highest totals roll again among themselves (EMP-P05). Returns the player."""
    field = players(state)
    e = state["empires"][eid]
    while True:
        totals, words = {}, []
        for p in field:
            faces = rng.roll_many(
                state, f"{e['name']}'s votes on a claim to {board.area_name(aid)} (33.27), roll for {p}", 2
            )
            stature = board.leader(state, p).diplomatic
            totals[p] = sum(faces) + stature
            words.append(f"{board.name(state, p)} {faces[0]}+{faces[1]} with stature {stature} = {totals[p]}")
        board.log(state, f"Independent {e['name']}'s votes (33.27): " + ", ".join(words))
        best = max(totals.values())
        top = [p for p in field if totals[p] == best]
        if len(top) == 1:
            return top[0]
        board.log(state, f"a tie at {best}: {' and '.join(board.name(state, p) for p in top)} roll again (EMP-P05)")
        field = top


def count_issue(state: State, caller: str, aid: str, said: dict[str, bool]) -> bool:
    """Count one issue: each player's empire and allies vote as he said; each Independent by its interest (33.28)
    or by the players' rolls (33.27). More yes than no carries it and the caller's empire gains the claim
    (EMP-P06). Returns whether it carried."""
    yes = no = 0
    parts = []
    for eid, e in board.empires(state):
        n = votes_of(state, eid)
        if n == 0:
            continue
        if e["status"] == board.PLAYER or e["status"] == ALLIED:
            voter = eid if e["status"] == board.PLAYER else e["ally_of"]
            choice = said[voter]
            how = "" if voter == eid else f", with {board.name(state, voter)}"
        else:
            interest = case_33_28_interest(state, eid, caller, aid)
            if interest is not None:
                choice, how = interest, ", its own interest (33.28)"
            else:
                winner = case_33_27_roll(state, eid, aid)
                choice, how = said[winner], f", cast by {board.name(state, winner)} (33.27)"
        if choice:
            yes += n
        else:
            no += n
        parts.append(f"{e['name']} {n} {'yes' if choice else 'no'}{how}")
    carried = yes > no
    board.log(
        state,
        f"parley, {_issue_words(state, caller, aid)}: "
        + "; ".join(parts)
        + f": {yes} yes, {no} no: "
        + ("carried" if carried else "lost"),
    )
    if carried:
        state["empires"][caller]["claims"].append(aid)
        board.log(state, f"{board.name(state, caller)} now holds a claim to {board.area_name(aid)} (EMP-P06)")
    return carried
