"""Political Control's desk (handbook, *Politics, Diplomacy and Domestic Support*, *The Diet of the Holy Roman
Empire*, *Election of an emperor and the King of the Romans*, *The Imperial Ban*, *Prestige*).

Treaties are in :mod:`treaties`. Grievances are ruled valid or not; wars are declared at once (a war
without a valid grievance is recorded on the state and raises its subsidy revolt risk, RR3-DK13); the Emperor summons
the Diet to an Imperial Free City and asks for the Imperial Penny (:func:`politics.request_imperial_penny`,
collected in phase 1 of the next turn); the electors elect an Emperor or a King of the Romans
(:func:`politics.election`), Cologne's and Trier's votes going where Political Control rules they were bribed;
the Emperor may put a state under the Imperial Ban; Political Control awards prestige (:mod:`prestige`).
Rulings: ``docs/rulings/rr3.md`` (DK numbers).

This module also keeps the helpers the other H-domains desks share (:func:`team_states`, :func:`pay`...).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.games.rr3 import desk, dynasties, politics, prestige, readings
from umpire.games.rr3.desk import Field, Item, journal
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

# --- shared helpers ---------------------------------------------------------------------------------------------


def team_states(state: State, team: str) -> list[str]:
    """The states a team plays (its ``states`` list, else the states whose ``team`` it is)."""
    listed = state.get("teams", {}).get(team, {}).get("states")
    if listed is not None:
        return list(listed)
    return [s for s, rec in state.get("states", {}).items() if rec.get("team") == team]


def need_state(state: State, sid: Any) -> dict[str, Any]:
    states = state.get("states", {})
    if not isinstance(sid, str) or sid not in states:
        raise IllegalAction(f"unknown state {sid!r}; expected a state id such as 'france'")
    rec: dict[str, Any] = states[sid]
    return rec


def need_character(state: State, cid: Any) -> dict[str, Any]:
    chars = state.get("characters", {})
    if not isinstance(cid, str) or cid not in chars:
        raise IllegalAction(f"unknown character {cid!r}; expected a character id")
    rec: dict[str, Any] = chars[cid]
    return rec


def control_role(*roles: str) -> Any:
    """An ``available`` test: only the given control roles (and Game Control)."""

    def check(state: State, role: str) -> bool:
        return role in roles or role == desk.GAME

    return check


def pay(state: State, sid: str, florins: int, why: str) -> None:
    """Take ``florins`` from a state's treasury; refuse precisely if it lacks them."""
    rec = need_state(state, sid)
    have = int(rec.get("treasury", 0))
    if florins > have:
        raise IllegalAction(f"{sid} has {have} florins in its treasury; {why} needs {florins}")
    rec["treasury"] = have - florins


def turn_items(state: State, kind: str, *, statuses: Sequence[str] = (desk.PENDING, desk.SETTLED)) -> list[Item]:
    """This turn's items of ``kind`` with one of ``statuses``."""
    return [
        i
        for i in desk.all_items(state)
        if i["kind"] == kind and i.get("turn") == state.get("turn") and i["status"] in statuses
    ]


# --- war, grievances and treaties -------------------------------------------------------------------------------

UNJUST_WAR_MODIFIER = 1
"""RR3-DK13: added to the Unrest Index for a subsidy's revolt roll while the state fights a war without a valid
grievance (handbook, *Domestic support*: "a greater chance of revolt")."""


def at_war(state: State, sid: str) -> bool:
    return bool(state.get("states", {}).get(sid, {}).get("at_war_with"))


def start_war(state: State, a: str, b: str) -> bool:
    """Put states ``a`` and ``b`` at war with each other (both ``at_war_with`` lists); False if they already were."""
    ra, rb = need_state(state, a), need_state(state, b)
    if b in ra.setdefault("at_war_with", []):
        return False
    ra["at_war_with"].append(b)
    if a not in rb.setdefault("at_war_with", []):
        rb["at_war_with"].append(a)
    return True


def end_war(state: State, a: str, b: str) -> bool:
    """Make peace between ``a`` and ``b``; False if they were not at war. Clears the unjust-war record (RR3-DK13)."""
    ra, rb = need_state(state, a), need_state(state, b)
    was = b in ra.get("at_war_with", []) or a in rb.get("at_war_with", [])
    for rec, other in ((ra, b), (rb, a)):
        rec["at_war_with"] = [s for s in rec.get("at_war_with", []) if s != other]
        if rec.get("unjust_wars"):
            rec["unjust_wars"] = [s for s in rec["unjust_wars"] if s != other]
    return was


def has_grievance(state: State, team: str | None, against: str) -> bool:
    """Whether ``team`` (one of its states) holds a grievance ruled valid against state ``against``, or the
    target is under the Imperial Ban (RR3-DK15)."""
    target = state.get("states", {}).get(against, {})
    if target.get("banned") or (target.get("ruler") and target.get("ruler") in state.get("banned", [])):
        return True
    mine = set(team_states(state, team)) if team else set()
    return any(g["valid"] and g["by"] in mine and g["against"] == against for g in state.get("grievances", []))


def unjust_war_modifier(state: State, sid: str) -> int:
    """The revolt modifier for a subsidy of ``sid``: +1 while it is at war with a state it had no valid grievance
    against (RR3-DK13), else 0."""
    rec = state.get("states", {}).get(sid, {})
    live = [s for s in rec.get("unjust_wars", []) if s in rec.get("at_war_with", [])]
    return UNJUST_WAR_MODIFIER if live else 0


def _states_choice(state: State, role: str) -> Mapping[str, Sequence[str]]:
    mine = team_states(state, role)
    others = [s for s in state.get("states", {}) if s not in mine]
    return {"state": mine, "against": others, "peace": list(state.get("states", {}))}


def _teams(state: State) -> list[str]:
    return list(state.get("teams", {}))


@desk.request(
    "grievance",
    desk=desk.POLITICAL,
    label="Claim a grievance",
    fields=(
        Field("state", "Your state", "choice"),
        Field("against", "Against state", "choice"),
        Field("text", "The grievance"),
    ),
    chooser=_states_choice,
)
def _open_grievance(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *Domestic support*: a war wants a grievance; "Political Control will rule on the validity of
    grievances"."""
    if not action["text"].strip():
        raise IllegalAction("a grievance needs its justification as text")
    return {
        "title": f"Grievance of {action['state']} against {action['against']}",
        "params": {"by": action["state"], "against": action["against"], "text": action["text"].strip()},
    }


@desk.settle("grievance", label="Rule", fields=(Field("valid", "Valid grievance", "bool"),))
def _settle_grievance(state: State, item: Item, action: Action) -> str:
    valid = action.get("valid")
    if not isinstance(valid, bool):
        raise IllegalAction("ruling a grievance needs 'valid': true or false")
    p = item["params"]
    state.setdefault("grievances", []).append(
        {
            "id": item["id"],
            "by": p["by"],
            "against": p["against"],
            "text": p["text"],
            "valid": valid,
            "turn": state.get("turn"),
        }
    )
    return f"grievance of {p['by']} against {p['against']} ruled {'valid' if valid else 'not valid'}"


@desk.direct(
    "declare_war",
    label="Declare war",
    fields=(Field("state", "Your state", "choice"), Field("against", "On state", "choice")),
    chooser=_states_choice,
)
def _declare_war(state: State, role: str, action: Action) -> None:
    """Handbook, *Domestic support*: going to war without a reasonably convincing grievance costs support at home;
    the war is recorded both ways and, without a valid grievance, on the declaring state (RR3-DK13)."""
    declare_war(state, action["state"], action["against"], team=role)


def declare_war(state: State, sid: str, against: str, *, team: str | None) -> None:
    """State ``sid`` (of ``team``) goes to war with ``against``: recorded both ways; an unjust war is noted."""
    if sid == against:
        raise IllegalAction("a state cannot declare war on itself")
    if not start_war(state, sid, against):
        raise IllegalAction(f"{sid} is already at war with {against}")
    just = has_grievance(state, team, against)
    if not just:
        state["states"][sid].setdefault("unjust_wars", []).append(against)
    why = "" if just else " without a valid grievance"
    journal(state, "War declared", f"{sid} declares war on {against}{why}", public=True, team=team)


# --- the Diet and the Imperial Penny ----------------------------------------------------------------------------


def emperor(state: State) -> str | None:
    """The living Emperor's character id (``state["emperor"]``), or None."""
    cid = state.get("emperor")
    if cid and state.get("characters", {}).get(cid, {}).get("alive", True):
        return str(cid)
    return None


def emperor_team(state: State) -> str | None:
    cid = emperor(state)
    return state["characters"][cid].get("team") if cid else None


def emperor_states(state: State) -> list[str]:
    """The states the Emperor rules: his character's ``state`` and every state whose ruler he is."""
    cid = emperor(state)
    if cid is None:
        return []
    out = [s for s, rec in state.get("states", {}).items() if rec.get("ruler") == cid]
    own = state["characters"][cid].get("state")
    if own and own not in out:
        out.insert(0, own)
    return out


def free_cities(state: State) -> list[str]:
    """The Imperial Free Cities (state ids ``free_<city>``, rr3-ids)."""
    return [s for s in state.get("states", {}) if s.startswith("free_")]


def diet_members(state: State) -> list[str]:
    """Handbook: "the Diet is formed from the played German rulers ... chaired by the Emperor": the played states
    of the Empire, less the Emperor's own (he chairs and does not vote, RR3-D11)."""
    chair = set(emperor_states(state))
    return [
        s for s, rec in state.get("states", {}).items() if rec.get("played") and rec.get("in_empire") and s not in chair
    ]


def _is_emperor_team(state: State, role: str) -> bool:
    return emperor_team(state) == role


@desk.request(
    "summon_diet",
    desk=desk.POLITICAL,
    label="Summon the Diet",
    fields=(
        Field("city", "Imperial Free City", "choice"),
        Field("penny", "Ask for the Imperial Penny", "bool", required=False),
        Field("motion", "Other business", required=False),
    ),
    chooser=lambda state, role: {"city": free_cities(state)},
    available=_is_emperor_team,
)
def _open_diet(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *The Diet*: only the Emperor summons it, in an Imperial Free City; at war he may ask for the
    Imperial Penny (once a turn, RR3-DK16)."""
    penny = bool(action.get("penny"))
    motion = (action.get("motion") or "").strip()
    if not penny and not motion:
        raise IllegalAction("a Diet needs business: ask for the Imperial Penny or give a motion")
    if penny:
        error = politics.penny_error(any(at_war(state, s) for s in emperor_states(state)), True)
        if error:
            raise IllegalAction(error)
        asked = [i for i in turn_items(state, "summon_diet") if i["params"]["penny"]]
        if asked:
            raise IllegalAction(f"the Imperial Penny has already been asked of the Diet this turn ({asked[0]['id']})")
    return {
        "title": f"Diet at {action['city']}" + (": the Imperial Penny" if penny else ""),
        "params": {"city": action["city"], "penny": penny, "motion": motion, "emperor": emperor(state)},
        "public": True,
    }


@desk.settle(
    "summon_diet",
    label="Record the vote",
    fields=(Field("present", "Present", "multi"), Field("ayes", "Ayes", "multi", required=False)),
    chooser=lambda state, item: {"present": diet_members(state), "ayes": diet_members(state)},
)
def _settle_diet(state: State, item: Item, action: Action) -> str:
    """The vote of those present (majority, RR3-D11); a granted Penny rolls d6+6 florins, due to the Emperor's state in
    phase 1 of the next turn (``state["penny_due"]``)."""
    present = action.get("present") or []
    ayes = action.get("ayes") or []
    desk.check_fields(
        (Field("present", "Present", "multi"), Field("ayes", "Ayes", "multi", required=False)),
        action,
        {"present": diet_members(state), "ayes": diet_members(state)},
    )
    p = item["params"]
    try:
        if p["penny"]:
            chair = emperor_states(state)
            vote, florins = politics.request_imperial_penny(
                state,
                present,
                ayes,
                emperor_at_war=any(at_war(state, s) for s in chair),
                city_is_imperial_free=p["city"] in free_cities(state),
            )
        else:
            vote, florins = politics.diet_vote(present, ayes), 0
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    record = {
        "id": item["id"],
        "turn": state.get("turn"),
        "city": p["city"],
        "present": list(vote.present),
        "ayes": list(vote.ayes),
        "granted": vote.granted,
        "penny": florins,
        "motion": p["motion"],
    }
    state.setdefault("diet", []).append(record)
    result = f"{len(vote.ayes)} of {len(vote.present)} present voted aye: {'carried' if vote.granted else 'refused'}"
    if florins:
        to = emperor_states(state)[0]
        due = state.setdefault("penny_due", {})
        due[to] = due.get(to, 0) + florins
        result += f"; the Imperial Penny of {florins} florins is due to {to} in phase 1 of next turn"
    journal(state, f"Diet at {p['city']}", result, public=True)
    return result


# --- elections and bribes ---------------------------------------------------------------------------------------

OFFICES = ("emperor", "king_of_the_romans")
OFFICE_KEYS = {"emperor": "emperor", "king_of_the_romans": "king_of_romans"}


MAJORITY_AGE = 16
"""*Death and Succession*: an heir "under sixteen" is ruled by a regent; RR3-L02 takes sixteen as the age to stand."""


def candidates(state: State) -> list[str]:
    """Handbook: "Any male may stand for election": every living male character (RR3-M05); with the option
    ``candidates: of_age`` only those of sixteen or more this turn (RR3-L02; a character with no year of birth on
    record is counted as of age)."""
    now = dynasties.turn_start_year(int(state.get("turn") or 1))
    of_age = readings.reading(state, readings.CANDIDATES) == "of_age"
    return [
        c
        for c, rec in state.get("characters", {}).items()
        if rec.get("alive", True)
        and rec.get("sex") == "M"
        and (not of_age or not isinstance(rec.get("born"), int) or now - rec["born"] >= MAJORITY_AGE)
    ]


def voting_electors(state: State) -> list[str]:
    """The electors who cast their own vote (RR3-L02): those whose state is played. A non-played elector (Cologne,
    Trier, or an electorate that has become non-played) votes only as bribed (:func:`bribed_vote`)."""
    return [e for e in politics.ELECTORS if state.get("states", {}).get(e, {}).get("played")]


def bribable_electors(state: State) -> list[str]:
    """Handbook: "The votes of the two non-played prince bishops ... may be obtained by suitable financial bribery
    via the Political Control": the electors whose state is not played (RR3-L02)."""
    states = state.get("states", {})
    return [e for e in politics.ELECTORS if e in states and not states[e].get("played")]


def elections_pending(state: State) -> bool:
    """Whether an election is open on Political Control's desk (bribes are offered for one, RR3-L02)."""
    return any(i["kind"] == "election" for i in desk.pending(state, desk.POLITICAL))


def _office_vacant(state: State, office: str) -> bool:
    holder = state.get(OFFICE_KEYS[office])
    return not holder or not state.get("characters", {}).get(holder, {}).get("alive", True)


def open_election(state: State, office: str, *, by: str = "engine", why: str = "") -> Item:
    """Open an election item on Political Control's desk (the Emperor's death opens one, RR3-DK17)."""
    name = "Emperor" if office == "emperor" else "King of the Romans"
    return desk.open_item(
        state,
        desk=desk.POLITICAL,
        kind="election",
        title=f"Election of the {name}" + (f" ({why})" if why else ""),
        params={"office": office},
        by=by,
        public=True,
    )


@desk.request(
    "election",
    desk=desk.POLITICAL,
    label="Call an election",
    who=desk.ANY,
    fields=(Field("office", "Office", "choice", choices=OFFICES),),
)
def _open_election(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *Election*: an Emperor is elected on the death of the last; "the same procedure is followed" for
    the King of the Romans, who will be the next Emperor. An office is elected only when it is vacant."""
    office = action["office"]
    if not _office_vacant(state, office):
        raise IllegalAction(f"there is a living {office.replace('_', ' ')} already: {state.get(OFFICE_KEYS[office])}")
    if [
        i
        for i in desk.all_items(state)
        if i["kind"] == "election" and i["status"] == desk.PENDING and i["params"]["office"] == office
    ]:
        raise IllegalAction(f"an election of the {office.replace('_', ' ')} is already pending")
    return {"title": f"Election of the {office.replace('_', ' ')}", "params": {"office": office}, "public": True}


ELECTION_FIELDS = tuple(
    Field(f"vote_{e}", f"Vote of the Elector of {e.title()}", "choice", required=False) for e in politics.ELECTORS
)


def elector_label(state: State, elector: str) -> str:
    """A vote's label in words: the elector's name and his state's ("Vote of Frederick III the Wise, Electorate of
    Saxony"); the state's ruler if no living character holds the office, the state alone if it has no ruler."""
    chars, st = state.get("characters", {}), state.get("states", {}).get(elector, {})
    held = [
        c
        for c, r in chars.items()
        if "elector" in r.get("offices", []) and r.get("state") == elector and r.get("alive", True)
    ]
    who = held[0] if held else st.get("ruler")
    place = st.get("name") or f"the Elector of {elector.title()}"
    return f"Vote of {chars[who].get('name', who)}, {place}" if who in chars else f"Vote of {place}"


def _election_needs(state: State, item: Item) -> list[str]:
    """RR3-L02: the form asks the vote of each elector who votes himself; the bribed ones' votes are on the item."""
    return [f"vote_{e}" for e in voting_electors(state)]


def bribed_vote(state: State, elector: str) -> str | None:
    """RR3-DK18: a non-played elector votes for the candidate of the latest bribe Political Control accepted for it
    this turn (None: it abstains)."""
    taken = [
        b
        for b in state.get("bribes", [])
        if b["elector"] == elector and b["accepted"] and b["turn"] == state.get("turn")
    ]
    return taken[-1]["candidate"] if taken else None


@desk.settle(
    "election",
    label="Count the votes",
    fields=ELECTION_FIELDS,
    chooser=lambda state, item: {f.name: candidates(state) for f in ELECTION_FIELDS},
    needs=_election_needs,
    labels=lambda state, item: {f"vote_{e}": elector_label(state, e) for e in politics.ELECTORS},
)
def _settle_election(state: State, item: Item, action: Action) -> str:
    """Each elector one vote (an elector not given a vote abstains); the non-played ones (Cologne and Trier) vote
    only as bribed (RR3-DK18, RR3-L02); four of seven elect (RR3-D12), otherwise a new ballot is opened."""
    desk.check_fields(ELECTION_FIELDS, action, {f.name: candidates(state) for f in ELECTION_FIELDS})
    voting = voting_electors(state)
    for elector in politics.ELECTORS:
        if action.get(f"vote_{elector}") and elector not in voting:
            raise IllegalAction(
                f"{elector} is not played: its vote is the bribe it took this turn, not entered at the count; "
                f"expected votes of {', '.join(voting) or 'no elector'}"
            )
    votes: dict[str, str] = {}
    for elector in politics.ELECTORS:
        vote = (action.get(f"vote_{elector}") or None) if elector in voting else bribed_vote(state, elector)
        if vote:
            votes[elector] = vote
    sexes = {c: rec.get("sex", "") for c, rec in state.get("characters", {}).items()}
    try:
        result = politics.election(votes, sexes)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    office = item["params"]["office"]
    item["params"]["votes"] = votes
    item["params"]["tally"] = result.tally
    tally = ", ".join(f"{c} {n}" for c, n in result.tally.items()) or "no votes"
    if result.elected is None:
        again = open_election(state, office, by="engine", why="new ballot")
        text = f"no majority ({tally}); another ballot: {again['id']}"
    else:
        chars = state["characters"]
        key = OFFICE_KEYS[office]
        old = state.get(key)
        if old in chars and office in chars[old].get("offices", []):
            chars[old]["offices"].remove(office)
        state[key] = result.elected
        chars[result.elected].setdefault("offices", []).append(office)
        if office == "emperor" and state.get("king_of_romans") == result.elected:
            state["king_of_romans"] = None
            if "king_of_the_romans" in chars[result.elected]["offices"]:
                chars[result.elected]["offices"].remove("king_of_the_romans")
        text = f"{result.elected} elected {office.replace('_', ' ')} ({tally})"
    journal(state, "Imperial election", text, public=True)
    return text


@desk.request(
    "bribe",
    desk=desk.POLITICAL,
    label="Bribe an elector",
    fields=(
        Field("elector", "Elector", "choice"),
        Field("candidate", "For candidate", "choice"),
        Field("florins", "Florins", "int", minimum=1, maximum=desk.MAX_MONEY),
        Field("state", "Paid by state", "choice"),
    ),
    chooser=lambda state, role: {
        "elector": bribable_electors(state),
        "candidate": candidates(state),
        "state": team_states(state, role),
    },
    available=lambda state, role: elections_pending(state) and bool(bribable_electors(state)),
)
def _open_bribe(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *Election*: "The votes of the two non-played prince bishops (of Cologne and Trier) may be
    obtained by suitable financial bribery via the Political Control": only a non-played elector, and only while
    an election is open (RR3-L02)."""
    have = int(need_state(state, action["state"]).get("treasury", 0))
    if action["florins"] > have:
        raise IllegalAction(f"{action['state']} has only {have} florins; the bribe offers {action['florins']}")
    return {
        "title": f"Bribe of {action['elector']} for {action['candidate']}",
        "params": {k: action[k] for k in ("elector", "candidate", "florins", "state")},
    }


@desk.settle("bribe", label="Rule", fields=(Field("accepted", "Bribe accepted", "bool"),))
def _settle_bribe(state: State, item: Item, action: Action) -> str:
    """An accepted bribe is paid (RR3-DK18) and sets the elector's vote; a refused one costs nothing."""
    accepted = action.get("accepted")
    if not isinstance(accepted, bool):
        raise IllegalAction("ruling a bribe needs 'accepted': true or false")
    p = item["params"]
    if accepted:
        pay(state, p["state"], p["florins"], f"the bribe of {p['elector']}")
    state.setdefault("bribes", []).append(
        {
            "id": item["id"],
            "elector": p["elector"],
            "candidate": p["candidate"],
            "florins": p["florins"],
            "team": item.get("team"),
            "state": p["state"],
            "accepted": accepted,
            "turn": state.get("turn"),
        }
    )
    if accepted:
        return f"{p['elector']} takes {p['florins']} florins and will vote for {p['candidate']}"
    return f"{p['elector']} is not persuaded (nothing paid)"


# --- the Imperial Ban -------------------------------------------------------------------------------------------


@desk.request(
    "imperial_ban",
    desk=desk.POLITICAL,
    label="Impose the Imperial Ban",
    fields=(Field("state", "State", "choice"), Field("reason", "Reason")),
    chooser=lambda state, role: {
        "state": [
            s
            for s, r in state.get("states", {}).items()
            if r.get("in_empire") and not r.get("banned") and s not in emperor_states(state)
        ]
    },
    available=_is_emperor_team,
)
def _open_ban(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *The Imperial Ban*: imposed by the Emperor, usually with a Diet's agreement; makes the one under
    it dispossessed and an outlaw."""
    return {
        "title": f"Imperial Ban on {action['state']}",
        "params": {"state": action["state"], "reason": action["reason"].strip()},
        "public": True,
    }


@desk.settle(
    "imperial_ban",
    label="Proclaim",
    fields=(
        Field("with_diet", "Agreed by a Diet", "bool", required=False),
        Field("ruling", "Ruling on its effects", required=False),
    ),
)
def _settle_ban(state: State, item: Item, action: Action) -> str:
    """RR3-DK15: the state is banned, its ruler an outlaw; any state may make war on it as with a valid grievance;
    further effects are Political Control's ruling, recorded."""
    sid = item["params"]["state"]
    rec = need_state(state, sid)
    rec["banned"] = True
    ruler = rec.get("ruler")
    if ruler in state.get("characters", {}):
        state["characters"][ruler]["outlaw"] = True
        if ruler not in state.setdefault("banned", []):
            state["banned"].append(ruler)
    ruling = (action.get("ruling") or "").strip()
    state.setdefault("bans", []).append(
        {
            "id": item["id"],
            "state": sid,
            "ruler": ruler,
            "reason": item["params"]["reason"],
            "with_diet": bool(action.get("with_diet")),
            "ruling": ruling,
            "turn": state.get("turn"),
        }
    )
    text = f"{sid} is under the Imperial Ban; {ruler or 'its ruler'} is an outlaw" + (f". {ruling}" if ruling else "")
    journal(state, "Imperial Ban", text, public=True)
    return text


# --- prestige ---------------------------------------------------------------------------------------------------


@desk.request(
    "award_prestige",
    desk=desk.POLITICAL,
    label="Award prestige",
    who=desk.CONTROL,
    fields=(
        Field("team", "Team", "choice"),
        Field("points", "Points (negative for a loss)", "int", minimum=-desk.MAX_POINTS, maximum=desk.MAX_POINTS),
        Field("cause", "Cause", "choice", choices=tuple(prestige.CAUSES)),
        Field("reason", "Reason"),
        Field("exceptional", "Exceptional (beyond the cap)", "bool", required=False),
    ),
    chooser=lambda state, role: {"team": _teams(state)},
    available=control_role(desk.POLITICAL),
)
def _open_prestige(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *Prestige*: Political Control "monitors prestige"; the causes and caps are RR3-D08's."""
    award = prestige.Award(
        action["team"], action["cause"], action["points"], action["reason"], bool(action.get("exceptional"))
    )
    try:
        award.value()
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    return {
        "title": f"Prestige {action['points']:+d} to {action['team']}",
        "params": {
            "team": action["team"],
            "points": action["points"],
            "cause": action["cause"],
            "reason": action["reason"].strip(),
            "exceptional": bool(action.get("exceptional")),
        },
        "team": action["team"],
        "public": True,
    }


@desk.settle("award_prestige", label="Award")
def _settle_prestige(state: State, item: Item, action: Action) -> str:
    p = item["params"]
    chart = {t: int(rec.get("prestige", 0)) for t, rec in state.get("teams", {}).items()}
    try:
        result = prestige.account(
            chart, [prestige.Award(p["team"], p["cause"], p["points"], p["reason"], p["exceptional"])]
        )
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    state["teams"][p["team"]]["prestige"] = result.chart[p["team"]]
    state.setdefault("prestige_log", []).append(
        {
            "id": item["id"],
            "turn": state.get("turn"),
            "team": p["team"],
            "cause": p["cause"],
            "points": p["points"],
            "reason": p["reason"],
        }
    )
    return (
        f"{p['team']} {p['points']:+d} prestige ({prestige.CAUSES[p['cause']].handbook}): now {result.chart[p['team']]}"
    )


def prestige_chart(state: State) -> dict[str, int]:
    return {t: int(rec.get("prestige", 0)) for t, rec in state.get("teams", {}).items()}
