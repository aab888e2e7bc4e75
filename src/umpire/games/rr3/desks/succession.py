"""Death and succession (handbook, *Death*, *Death of leaders*, *Claims*): who takes a dead character's place.

"A player who dies will become their heir if one is available or effectively the regent if the heir is under
sixteen. If there is no heir they will be given another character." :func:`pass_on` owns that rule (RR3-G01); the
death rolls of phase 1 (this module) and the leaders killed in battle (:mod:`umpire.games.rr3.desks.movement`)
both call it, after :func:`bury`. A son succeeds at once; with no son Character Control (Non-played States Control
for a non-played ruler) chooses on a "succession" item among the kin with a claim, or gives the player a new
character. A regency ends when the ruler turns sixteen (:func:`end_regencies`). Rulings: ``docs/rulings/rr3.md``
(RR3-G01..G03, RR3-DK09, RR3-DK10, RR3-DK17).
"""

from __future__ import annotations

import re
from typing import Any

from umpire.games.rr3 import desk, dynasties, players
from umpire.games.rr3.desk import Field, Item, journal
from umpire.games.rr3.desks.characters import people, year
from umpire.games.rr3.desks.politics import open_election
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

NEW = "new character"
"""The choice on a succession item that gives the dead player another character instead of an heir (RR3-DK10)."""


def _age(rec: dict[str, Any], now: int) -> int:
    return now - int(rec.get("born", dynasties.FIRST_YEAR))


def ruled_by(state: State, cid: str) -> list[str]:
    """The states ``cid`` rules."""
    return [s for s, rec in state.get("states", {}).items() if rec.get("ruler") == cid]


def bury(state: State, cid: str) -> None:
    """Mark ``cid`` dead, widow the spouse (the dead keep theirs on record, for the claims) and leave the armies
    ``cid`` commanded without a commander."""
    chars = state["characters"]
    rec = chars[cid]
    rec["alive"] = False
    spouse = rec.get("spouse")
    if spouse in chars:
        chars[spouse]["spouse"] = None
    for army in state.get("armies", {}).values():
        if army.get("commander") == cid:
            army["commander"] = None


def _list_remove(record: dict[str, Any], key: str, value: str) -> None:
    listed = record.get(key)
    if isinstance(listed, list) and value in listed:
        listed.remove(value)


def _list_add(record: dict[str, Any], key: str, value: str) -> None:
    listed = record.setdefault(key, [])
    if value not in listed:
        listed.append(value)


def join_team(state: State, cid: str, team: str | None) -> None:
    """Move character ``cid`` to ``team`` (its record and both teams' ``characters`` lists)."""
    teams = state.get("teams", {})
    rec = state["characters"][cid]
    old = rec.get("team")
    if old in teams:
        _list_remove(teams[old], "characters", cid)
    if team in teams:
        _list_add(teams[team], "characters", cid)
    rec["team"] = team


def move_state(state: State, sid: str, team: str | None) -> None:
    """Hand state ``sid`` to ``team`` (None: non-played): its record, both teams' ``states`` lists and who
    controls it (``state["control"]``)."""
    teams = state.get("teams", {})
    rec = state["states"][sid]
    old = rec.get("team")
    if old in teams:
        _list_remove(teams[old], "states", sid)
    if team in teams:
        _list_add(teams[team], "states", sid)
    rec["team"] = team
    rec["played"] = team is not None
    if isinstance(state.get("control"), dict):
        state["control"][sid] = team if team is not None else "engine"


def move_card(state: State, card_id: str, holder: str | None) -> None:
    """Give card ``card_id`` to ``holder``; the card goes with its holder's team (its record and ``cards``
    lists)."""
    teams = state.get("teams", {})
    card = state["cards"][card_id]
    card["holder"] = holder
    team = state["characters"].get(holder, {}).get("team") if holder else None
    if team in teams and card.get("team") != team:
        if card.get("team") in teams:
            _list_remove(teams[card["team"]], "cards", card_id)
        _list_add(teams[team], "cards", card_id)
        card["team"] = team


def hand_over(
    state: State, dead: str, heir: str, regent: str | None = None, states: list[str] | None = None
) -> list[str]:
    """Pass ``dead``'s crown, cards and player to ``heir`` (RR3-G01, RR3-DK09).

    - The player: if ``dead`` was played and ``heir`` is no one's character yet, the player becomes the heir (the
      heir joins the dead player's team and is played). If the heir is already played, the player is given
      another character (a "new character" item, RR3-DK10).
    - The crown: the heir rules every state ``dead`` ruled (or ``states``, those left vacant for a choice), under a
      regency if under sixteen (``regent``: who governs for him, if Control named one); a played state goes with
      the heir to the heir's team.
    - The cards ``dead`` held, the elector's office, the state and role on the character card.
    """
    chars = state["characters"]
    rec, h = chars[dead], chars[heir]
    team = rec.get("team") if rec.get("team") in state.get("teams", {}) else None
    notes = []
    if team is not None:
        _list_remove(state["teams"][team], "characters", dead)
    needs_character = False
    if rec.get("played"):
        if h.get("played"):
            needs_character = team is not None
        else:
            join_team(state, heir, team)
            h["played"] = True
            players.follow(state, dead, heir)  # the dead player's seat now plays the heir (RR3-K04)
            notes.append(f"the player of {rec.get('name', dead)} now plays {h.get('name', heir)}")
    minor = _age(h, year(state)) < dynasties.AGE_OF_MARRIAGE
    for sid in ruled_by(state, dead) if states is None else states:
        st = state["states"][sid]
        st["ruler"], st["regency"], st["regent"] = heir, minor, regent if minor else None
        if st.get("played") and h.get("team") != st.get("team") and h.get("team") in state.get("teams", {}):
            move_state(state, sid, h["team"])
        regency = f" under a regency{f' ({regent})' if regent else ''}" if minor else ""
        notes.append(f"{h.get('name', heir)}{regency} now rules {sid}")
    if rec.get("state") and not h.get("state"):
        h["state"] = rec["state"]
    if rec.get("role") and h.get("role") in (None, "", "child"):
        h["role"] = rec["role"]
    if "elector" in rec.get("offices", []):
        _list_add(h, "offices", "elector")
    held = sorted(c for c, card in state.get("cards", {}).items() if card.get("holder") == dead)
    for card_id in held:
        move_card(state, card_id, heir)
    if held:
        notes.append(f"{len(held)} card(s) pass to {h.get('name', heir)}")
    if needs_character:
        item = _open_new_character(state, dead, team, [])
        notes.append(f"{h.get('name', heir)} is already played: new character item {item['id']} for the player")
    return notes


def _open_new_character(state: State, dead: str, team: str | None, states: list[str]) -> Item:
    return desk.open_item(
        state,
        desk=desk.CHARACTER,
        kind="new_character",
        title=f"New character for {team} (after {dead})",
        params={"team": team, "deceased": dead, "states": states},
        team=team,
    )


def _imperial_death(state: State, dead: str) -> str | None:
    """RR3-DK17: a dead Emperor is followed by the King of the Romans, else Political Control holds an election; a dead
    King of the Romans leaves the office vacant."""
    chars = state["characters"]
    if state.get("king_of_romans") == dead:
        state["king_of_romans"] = None
    if state.get("emperor") != dead:
        return None
    king = state.get("king_of_romans")
    if king and chars.get(king, {}).get("alive", True):
        state["emperor"], state["king_of_romans"] = king, None
        offices = chars[king].setdefault("offices", [])
        if "king_of_the_romans" in offices:
            offices.remove("king_of_the_romans")
        offices.append("emperor")
        return f"the King of the Romans, {king}, becomes Emperor"
    item = open_election(state, "emperor", why=f"death of {dead}")
    return f"the Empire is vacant: election {item['id']} opened"


def pass_on(state: State, dead: str, cause: str) -> str:
    """Handbook, *Death* (and *Death of leaders*: "Map and Political Control will resolve the problems which arise
    from the death of a player"): what follows the death of ``dead`` (already buried, :func:`bury`). RR3-G01:

    1. the eldest living son, or a dead son's male line (:func:`dynasties.male_line_heir`), succeeds at once
       (:func:`hand_over`); under sixteen he rules under a regency and the player plays on as the regent;
    2. with no son, a ruler's or a player's successor is chosen on a "succession" item (Character Control; Non-played
       States Control for a non-played ruler) among the kin with a claim (:func:`dynasties.succession_candidates`),
       or the player is given a new character; the crown is vacant meanwhile;
    3. a played character with no kin at all is given a new character at once (RR3-DK10);
    4. anyone else simply leaves their team's list.

    Then the Empire (RR3-DK17). Returns the sentence for the news."""
    rec = state["characters"][dead]
    name = rec.get("name", dead)
    ruled = ruled_by(state, dead)
    played = bool(rec.get("played"))
    team = rec.get("team") if rec.get("team") in state.get("teams", {}) else None
    line = f"{name} {cause}"
    folk = people(state)
    heir = dynasties.male_line_heir(folk, dead)
    if heir is not None and (ruled or played):
        notes = hand_over(state, dead, heir)
        minor = _age(state["characters"][heir], year(state)) < dynasties.AGE_OF_MARRIAGE
        line += f"; heir {heir}" + (" (regency: under sixteen)" if minor else "")
        line += "".join(f"; {n}" for n in notes)
    elif ruled or played:
        candidates = dynasties.succession_candidates(folk, dead)
        if team is not None:
            _list_remove(state["teams"][team], "characters", dead)
        for sid in ruled:
            state["states"][sid].update(ruler=None, regency=False, regent=None)
        if candidates:
            nonplayed_ruler = not played and not any(state["states"][s].get("played") for s in ruled)
            item = desk.open_item(
                state,
                desk=desk.NONPLAYED if nonplayed_ruler else desk.CHARACTER,
                kind="succession",
                title=f"Succession to {name}: no son; choose the heir" + (" or a new character" if played else ""),
                params={"deceased": dead, "states": ruled, "candidates": candidates, "played": played, "team": team},
                team=team,
                public=True,
            )
            line += f"; no son: the successor is chosen on item {item['id']} (claims: {', '.join(candidates)})"
        elif played:
            for card in state.get("cards", {}).values():
                if card.get("holder") == dead:
                    card["holder"] = None
            item = _open_new_character(state, dead, team, ruled)
            line += f"; no heir: new character item {item['id']}"
        else:
            line += f"; no heir: {', '.join(ruled)} without a ruler"
    elif team is not None:
        _list_remove(state["teams"][team], "characters", dead)
    imperial = _imperial_death(state, dead)
    if imperial:
        line += f"; {imperial}"
    return line


# --- the death rolls of phase 1 ---------------------------------------------------------------------------------


@desk.on_phase_start
def open_death_rolls(state: State) -> None:
    """Handbook, *The Turn Sequence*, phase 1: "Make death rolls" -- one item for the whole turn."""
    if state.get("phase") != 1:
        return
    turn = int(state.get("turn") or 1)
    desk.open_item(
        state,
        desk=desk.CHARACTER,
        kind="death_rolls",
        title=f"Death rolls, turn {turn}",
        params={"turn": turn},
        public=True,
    )


@desk.on_phase_start
def end_regencies(state: State) -> None:
    """RR3-G02: at the start of each turn a ruler who has turned sixteen rules in his own name; the regency ends."""
    if state.get("phase") != 1:
        return
    now = year(state)
    for sid, st in sorted(state.get("states", {}).items()):
        ruler = state.get("characters", {}).get(st.get("ruler") or "")
        if st.get("regency") and ruler is not None and _age(ruler, now) >= dynasties.AGE_OF_MARRIAGE:
            st["regency"], st["regent"] = False, None
            journal(state, "Regency ends", f"{ruler.get('name')} comes of age and rules {sid}", public=True)


@desk.settle("death_rolls", label="Roll")
def _settle_deaths(state: State, item: Item, action: Action) -> str:
    """Handbook, *Death*: 2d6 for every living character (RR3-D01). Everyone who dies is buried first, then each death
    is passed on (:func:`pass_on`; RR3-D14: the heir is chosen among those still living after every roll). Claims on a
    dead ruler's or Emperor's death are listed on the item (RR3-D07)."""
    turn = int(item["params"]["turn"])
    rolls = dynasties.roll_deaths(state, people(state).values(), turn)
    dead = [r for r in rolls if r.died]
    for r in dead:
        bury(state, r.name)
    after = people(state)
    claims: dict[str, list[list[Any]]] = {}
    lines = []
    for r in dead:
        if ruled_by(state, r.name) or r.name == state.get("emperor"):
            claims[r.name] = [[c, d] for c, d in dynasties.claimants(after, r.name)]
        lines.append(pass_on(state, r.name, f"dies (2d6 {sum(r.dice)})"))
    item["claims"] = claims
    item["params"]["claims"] = claims
    item["params"]["rolled"] = len(rolls)
    # RR3-J05: the settled item (public) is the one news entry of the turn's deaths: a short summary, no journal copy.
    if not lines:
        return f"{len(rolls)} death rolls: no one dies"
    return f"{len(rolls)} death rolls, {len(dead)} dead: " + "; ".join(lines)


# --- the choice of a successor ----------------------------------------------------------------------------------


def _regents(state: State, dead: str, minors: list[str]) -> list[str]:
    """Handbook, *Death*: an heir "under sixteen" is governed by a regent. RR3-G05: the plausible regents, nearest
    first: the minors' parents (the mother), the dead's adult kin (:func:`dynasties.claimants`), then the adults of
    the dead's state or team. None when no candidate is under sixteen."""
    if not minors:
        return []
    chars, now, folk = state.get("characters", {}), year(state), people(state)
    rec = chars.get(dead, {})
    kin = [p for m in minors for p in chars[m].get("parents", [])]
    kin += [c for c, _ in dynasties.claimants(folk, dead)] if dead in folk else []
    near = [
        c
        for c in sorted(chars)
        if c != dead
        and (chars[c].get("state") or None, chars[c].get("team") or None) != (None, None)
        and (chars[c].get("state") == rec.get("state") or chars[c].get("team") == rec.get("team"))
    ]
    out: list[str] = []
    for c in [*kin, *near]:
        r = chars.get(c, {})
        adult = _age(r, now) >= dynasties.AGE_OF_MARRIAGE
        if c in chars and c not in out and c not in minors and r.get("alive", True) and adult:
            out.append(c)
    return out


def _succession_choices(state: State, item: Item) -> dict[str, list[str]]:
    chars = state.get("characters", {})
    living = [c for c in item["params"]["candidates"] if chars.get(c, {}).get("alive", True)]
    minors = [c for c in living if _age(chars[c], year(state)) < dynasties.AGE_OF_MARRIAGE]
    regents = _regents(state, item["params"]["deceased"], minors)
    return {"heir": [*living, *([NEW] if item["params"].get("played") else [])], "regent": regents}


@desk.settle(
    "succession",
    label="Name the successor",
    fields=(
        Field("heir", "Successor", "choice"),
        Field("regent", "Regent, if the successor is under sixteen", "choice", required=False),
    ),
    chooser=_succession_choices,
)
def _settle_succession(state: State, item: Item, action: Action) -> str:
    """RR3-G01: Control names the successor of a character who left no son, among the kin with a claim (the strength
    of a claim "will be down to how well the case is argued by the players", *Claims*), or gives the player a new
    character; a regent may be named for a successor under sixteen."""
    p = item["params"]
    choices = _succession_choices(state, item)
    heir, regent = str(action.get("heir")), action.get("regent") or None
    if heir in choices["heir"] and regent:  # the precise errors before the list's own
        if heir == NEW:
            raise IllegalAction("a regent is named for an heir under sixteen, not for a new character")
        if _age(state["characters"][heir], year(state)) >= dynasties.AGE_OF_MARRIAGE:
            raise IllegalAction(f"{heir} is sixteen or over and needs no regent")
        if regent == heir:
            raise IllegalAction(f"{heir} cannot be their own regent")
    desk.check_fields(desk.REGISTRY.settlers["succession"].fields, action, choices)
    dead = p["deceased"]
    vacant = [s for s in p["states"] if state["states"][s].get("ruler") is None]
    if heir == NEW:
        item_new = _open_new_character(state, dead, p.get("team"), vacant)
        text = f"the player of {dead} is given a new character (item {item_new['id']})"
    else:
        notes = hand_over(state, dead, heir, regent, vacant)
        text = f"{state['characters'][heir].get('name', heir)} succeeds {dead}" + "".join(f"; {n}" for n in notes)
    journal(state, "Succession", text, public=True, team=p.get("team"))
    return text


#: A character id as the scenario's are written (``henry_brandon``).
CHARACTER_ID = re.compile(r"[a-z][a-z0-9_]{0,39}")

NEW_CHARACTER_FIELDS = (
    Field("name", "Name"),
    Field("sex", "Sex", "choice", choices=(dynasties.MALE, dynasties.FEMALE), required=False),
    Field("born", "Year born", "int", minimum=1440, maximum=1548, required=False),
    Field("family", "Family", required=False),
    Field("role", "Role", required=False),
    Field("religion", "Religion", "choice", choices=("catholic", "lutheran"), required=False),
    Field("id", "Character id (blank: made from the name)", required=False),
)
NEW_CHARACTER_AGE = 25
"""The age a new character's form starts with: a grown man or woman, who rules without a regent."""


def new_character_defaults(state: State, item: Item) -> dict[str, Any]:
    """What Character Control's form for a new character starts with (issue 28 point 11): the dead player's sex,
    family, role and religion, born :data:`NEW_CHARACTER_AGE` years before this turn; only the name is to type."""
    dead = state["characters"].get(item["params"].get("deceased"), {})
    return {
        "sex": dead.get("sex") or dynasties.MALE,
        "born": dynasties.turn_start_year(int(state.get("turn") or 1)) - NEW_CHARACTER_AGE,
        "family": dead.get("family") or None,
        "role": dead.get("role") or None,
        "religion": dead.get("religion") if dead.get("religion") in ("catholic", "lutheran") else None,
    }


def character_id(state: State, name: str) -> str:
    """A new character's id made from ``name`` as the scenario's are written (``anne_boleyn``), with ``_2``,
    ``_3``... when it is taken."""
    words = re.findall(r"[a-z0-9]+", name.casefold().encode("ascii", "ignore").decode())
    base = "_".join(words)[:36].strip("_") or "character"
    if not base[0].isalpha():
        base = "c_" + base[:34]
    cid, n = base, 2
    while cid in state["characters"]:
        cid, n = f"{base}_{n}", n + 1
    return cid


@desk.settle("new_character", label="Create", fields=NEW_CHARACTER_FIELDS, defaults=new_character_defaults)
def _settle_new_character(state: State, item: Item, action: Action) -> str:
    """Handbook, *Death*: "If there is no heir they will be given another character" -- Character Control creates
    it (RR3-DK10); it rules the dead player's vacant states and takes the team's cards that have no holder. Only the
    name is needed: a field left out takes the form's default (:func:`new_character_defaults`) and the id is made
    from the name (:func:`character_id`)."""
    desk.check_fields(NEW_CHARACTER_FIELDS, action, {})
    if not any(ch.isalpha() for ch in action["name"]):
        raise IllegalAction(f"name {action['name']!r} has no letter: expected a person's name, like 'Anne Boleyn'")
    action = {**new_character_defaults(state, item), **{k: v for k, v in action.items() if v not in (None, "")}}
    cid = str(action.get("id") or character_id(state, action["name"])).strip()
    if not CHARACTER_ID.fullmatch(cid):
        raise IllegalAction(
            f"character id {cid!r} is not an id: expected lower-case letters, digits and underscores, starting with a"
            " letter (like 'henry_brandon'), at most 40 characters"
        )
    if cid in state["characters"]:
        raise IllegalAction(f"character id {cid!r} is already used by {state['characters'][cid]['name']}")
    p = item["params"]
    dead = state["characters"].get(p["deceased"], {})
    rec = {
        "name": action["name"].strip(),
        "team": p["team"],
        "state": dead.get("state"),
        "role": (action.get("role") or dead.get("role") or "").strip(),
        "born": action["born"],
        "sex": action["sex"],
        "religion": action.get("religion") or dead.get("religion", "catholic"),
        "family": action.get("family") or "",
        "spouse": None,
        "parents": [],
        "cleric": False,
        "alive": True,
        "played": True,
        "offices": [],
    }
    state["characters"][cid] = rec
    players.follow(state, p["deceased"], cid)  # the dead player's seat plays the new character (RR3-K04)
    if p["team"] in state.get("teams", {}):
        _list_add(state["teams"][p["team"]], "characters", cid)
    ruling = [sid for sid in p.get("states", []) if state["states"][sid].get("ruler") is None]
    for sid in ruling:
        state["states"][sid]["ruler"] = cid
    for card in state.get("cards", {}).values():
        if card.get("holder") is None and card.get("team") == p["team"]:
            card["holder"] = cid
    text = f"{rec['name']} ({cid}) joins {p['team']}" + (f", ruling {', '.join(ruling)}" if ruling else "")
    journal(state, "New character", text, public=True, team=p["team"])
    return text
