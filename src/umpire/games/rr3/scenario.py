"""The 1524 scenario of Renaissance and Reformation III as data (``data/scenario1524.json``) and its loader.

Handbook, *The Player Teams*: eleven teams/groups and their named characters; *Death, Marriage, Birth and Family*:
the character cards and the non-played characters for matches and successions; *The Financial System*: the
revenue cards "for the game" (subsidies, exactions, loans, Italian loans, persuasion cards), labelled by player;
*Religion*: the debating-point cards of the Lutheran and Papal players and the Lutherans' conversion counters;
*The Imperial Ban*: "Currently Martin Luther and Duke Ulrich of Wurttemberg are under the ban"; *Election of an
emperor*: the electors, two of them (Cologne, Trier) non-played; *Italian banks*: Florence, Milan, Venice, Rome;
*Garrisons*: "All cities and fortresses start the game at full strength (i.e. 1,000 per defence value)"; *Navies*:
the six fleets. The handbook gives no starting treasuries, card counts or armies; those are the SC rulings
(``docs/rulings/rr3.md``).

The file format is the project's own, ``umpire-rr3-scenario/1``::

    {"format", "name", "title", "start_year",
     "politics": {"emperor": char, "king_of_romans": char|null, "banned": [char]},
     "teams": {team: {"name", "characters": [played char], "prestige", "heavenly", "conversion_counters",
                      "debating": {issue: [1..6]},
                      "brief": {"summary", "objectives": [str], "confidential", "personal": {char: str}},
                      "cards": [{"holder": char, "state": state, "subsidy": n, "exaction": n, "loan": n,
                                 "italian_loan": n, "persuasion": n}]}},
     "states": {state: {"name", "team": team|null, "ruler": char|null, "religion", "treasury", "debt",
                        "max_armies", "in_empire", "elector", "italian_bank", "banned"}},
     "characters": {char: {"name", "role", "born", "sex", "family", "religion", "state": state|null,
                           "team": team|null, "spouse": char|null, "parents": [char], "cleric", "offices": [str],
                           "alive" (optional, default true)}},
     "at_war": [[state, state]],
     "armies": [{"id", "state", "men", "area": "capital" | "capital:<state>" | area id, "commander", "nation"}],
     "fleets": [{"id", "state", "nation", "port": "capital" | "capital:<state>" | city id}]}

A played character is one listed in a team's ``characters`` (the handbook's list), each the part of one player
(RR3-K01); other characters may carry the team that holds their card (RR3-SC07). A brief's ``summary``, ``objectives``
and ``confidential`` are the team's matters, shared by its players; ``personal`` (optional) gives a played
character's own part, seen by that player only ("the brief covers personal as well as team matters"). Card ids are
``<holder>_<kind>_<n>`` (n from 1).
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Mapping
from importlib import resources
from typing import Any, cast

from umpire.games.rr3 import finance, navies, politics, religion
from umpire.games.rr3.geography import Geography
from umpire.kernel.errors import IllegalAction

__all__ = [
    "CARD_KINDS",
    "FLEET_STATES",
    "FORMAT",
    "PLAYED_STATES",
    "TEAM_IDS",
    "check_scenario",
    "initial_state",
    "load_scenario",
    "parse_scenario",
]

FORMAT = "umpire-rr3-scenario/1"
"""The value of the ``format`` key of a scenario file."""

TEAM_IDS: tuple[str, ...] = (
    "england",
    "france",
    "habsburgs",
    "electors",
    "princes",
    "papacy",
    "lutherans",
    "venice",
    "florence",
    "milan",
    "denmark",
)
"""Handbook, *The Player Teams*, in the handbook's order (the seats of the ruleset)."""

PLAYED_STATES: dict[str, str] = {
    "england": "england",
    "france": "france",
    "spain": "habsburgs",
    "naples": "habsburgs",
    "netherlands": "habsburgs",
    "austria": "habsburgs",
    "saxony": "electors",
    "brandenburg": "electors",
    "palatinate": "electors",
    "bohemia": "electors",
    "hungary": "electors",
    "mainz": "electors",
    "ansbach": "lutherans",
    "hesse": "lutherans",
    "anhalt": "lutherans",
    "bavaria": "princes",
    "baden": "princes",
    "ducal_saxony": "princes",
    "denmark": "denmark",
    "papacy": "papacy",
    "florence": "florence",
    "milan": "milan",
    "venice": "venice",
}
"""The played states and their teams (the rulers of the handbook's characters)."""

CARD_KINDS: tuple[str, ...] = ("subsidy", "exaction", "loan", "italian_loan", "persuasion")
"""Handbook, *The Financial System*: the three revenue card types, the Italian Loan card (*Italian banks*) and the
Persuasion card (*Persuasion cards*)."""

FLEET_STATES: frozenset[str] = frozenset({"spain", "england", "venice", "genoa", "ottomans", "north_africa"})
"""Handbook, *Navies*: "Spain, England, Venice, Genoa, Turkey, North Africa" have fleets; no more are created."""

RELIGIONS: tuple[str, ...] = ("catholic", "lutheran", "islam", "orthodox")
SEXES: tuple[str, ...] = ("M", "F")
ARMY_NATIONS: tuple[str, ...] = ("spanish", "swiss", "french", "")
"""*Battles*: Spanish or Swiss troops add 1 per die; a third of a French army is Swiss."""
OFFICES: frozenset[str] = frozenset(
    {
        "emperor",
        "king_of_the_romans",
        "elector",
        "chancellor",
        "king",
        "queen",
        "pope",
        "cardinal",
        "legate",
        "bishop",
        "archduke",
        "duke",
        "margrave",
        "landgrave",
        "prince",
        "marquess",
        "doge",
        "viceroy",
        "governor",
        "grand_chancellor",
        "lord_chancellor",
        "admiral",
        "marshal",
        "constable",
        "sultan",
        "beylerbey",
        "voivode",
        "grand_master",
    }
)
MIN_BORN, MAX_BORN = 1400, 1524
CAPITAL = "capital"
GARRISON_PER_FORT = 1_000
"""*Garrisons*: "a strength of 1,000 per defence value"."""

_TOP_KEYS = frozenset(
    {"format", "name", "title", "start_year", "politics", "teams", "states", "characters", "at_war", "armies", "fleets"}
)
_POLITICS_KEYS = frozenset({"emperor", "king_of_romans", "banned"})
_TEAM_KEYS = frozenset(
    {"name", "characters", "prestige", "heavenly", "conversion_counters", "debating", "brief", "cards"}
)
_BRIEF_KEYS = frozenset({"summary", "objectives", "confidential", "personal"})
_CARD_KEYS = frozenset({"holder", "state", *CARD_KINDS})
_STATE_KEYS = frozenset(
    {"name", "team", "ruler", "religion", "treasury", "debt", "max_armies", "in_empire", "elector", "italian_bank",
     "banned"}
)  # fmt: skip
_CHAR_KEYS = frozenset(
    {"name", "role", "born", "sex", "family", "religion", "state", "team", "spouse", "parents", "cleric", "offices",
     "alive"}
)  # fmt: skip
_ARMY_KEYS = frozenset({"id", "state", "men", "area", "commander", "nation"})
_FLEET_KEYS = frozenset({"id", "state", "nation", "port"})

Data = dict[str, Any]


# --- small validators -----------------------------------------------------------------------------------------


def _fail(where: str, what: str) -> IllegalAction:
    return IllegalAction(f"scenario: {where}: {what}")


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(where, f"expected an object, got {type(value).__name__}")
    return cast(Mapping[str, Any], value)


def _obj(value: Any, where: str, allowed: frozenset[str]) -> Mapping[str, Any]:
    _mapping(value, where)
    extra = sorted(set(value) - allowed)
    if extra:
        raise _fail(where, f"unknown key(s) {', '.join(extra)}; expected among {', '.join(sorted(allowed))}")
    return cast(Mapping[str, Any], value)


def _need(obj: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in obj:
        raise _fail(where, f"missing {key}")
    return obj[key]


def _text(value: Any, where: str, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(where, f"{key} is {value!r}, expected a non-empty string")
    return value


def _int(value: Any, where: str, key: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"{key} is {value!r}, expected an integer")
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        span = f"{low if low is not None else '...'}..{high if high is not None else '...'}"
        raise _fail(where, f"{key} is {number}, expected {span}")
    return number


def _bool(value: Any, where: str, key: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, f"{key} is {value!r}, expected true or false")
    return value


def _list(value: Any, where: str, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, f"{key} is {value!r}, expected a list")
    return value


def _ref(value: Any, known: Mapping[str, Any] | frozenset[str], where: str, key: str, what: str) -> str:
    if not isinstance(value, str) or value not in known:
        raise _fail(where, f"{key} {value!r} is an unknown {what}")
    return value


def _opt_ref(value: Any, known: Mapping[str, Any] | frozenset[str], where: str, key: str, what: str) -> str | None:
    return None if value is None else _ref(value, known, where, key, what)


def _choice(value: Any, allowed: tuple[str, ...], where: str, key: str) -> str:
    if value not in allowed:
        raise _fail(where, f"{key} is {value!r}, expected one of {', '.join(repr(a) for a in allowed)}")
    return cast(str, value)


# --- the scenario file ----------------------------------------------------------------------------------------


def _check_characters(raw: Any, states: Mapping[str, Any]) -> dict[str, Data]:
    chars_raw = _mapping(raw, "characters")
    out: dict[str, Data] = {}
    for cid, c_raw in chars_raw.items():
        where = f"character {cid}"
        c = _obj(c_raw, where, _CHAR_KEYS)
        team = c.get("team")
        if team is not None and team not in TEAM_IDS:
            raise _fail(where, f"team {team!r} is an unknown team")
        offices = _list(c.get("offices", []), where, "offices")
        for office in offices:
            if office not in OFFICES:
                raise _fail(where, f"office {office!r} is unknown, expected among {', '.join(sorted(OFFICES))}")
        out[cid] = {
            "name": _text(_need(c, "name", where), where, "name"),
            "role": _text(_need(c, "role", where), where, "role"),
            "born": _int(_need(c, "born", where), where, "born", MIN_BORN, MAX_BORN),
            "sex": _choice(_need(c, "sex", where), SEXES, where, "sex"),
            "family": _text(_need(c, "family", where), where, "family"),
            "religion": _choice(_need(c, "religion", where), RELIGIONS, where, "religion"),
            "state": _opt_ref(c.get("state"), states, where, "state", "state"),
            "team": team,
            "spouse": c.get("spouse"),
            "parents": list(_list(c.get("parents", []), where, "parents")),
            "cleric": _bool(c.get("cleric", False), where, "cleric"),
            "offices": list(offices),
            "alive": _bool(c.get("alive", True), where, "alive"),
        }
    for cid, c in out.items():
        where = f"character {cid}"
        spouse = _opt_ref(c["spouse"], out, where, "spouse", "character")
        if spouse is not None:
            if spouse == cid:
                raise _fail(where, "is married to itself")
            other = out[spouse]
            if c["cleric"]:
                raise _fail(where, "a cleric has no spouse (Marriage: bishops, etc. do not marry)")
            if other["sex"] == c["sex"]:
                raise _fail(where, f"spouse {spouse} has the same sex")
            if c["alive"] and other["alive"] and other["spouse"] != cid:
                raise _fail(where, f"spouse {spouse} is married to {other['spouse']!r}, expected {cid!r}")
        for parent in c["parents"]:
            _ref(parent, out, where, "parent", "character")
            if out[parent]["born"] + 12 > c["born"]:
                raise _fail(where, f"parent {parent} (born {out[parent]['born']}) is too young (born {c['born']})")
        if len(set(c["parents"])) != len(c["parents"]):
            raise _fail(where, "a parent is listed twice")
    return out


def _check_states(raw: Any) -> dict[str, Data]:
    states_raw = _mapping(raw, "states")
    out: dict[str, Data] = {}
    for sid, s_raw in states_raw.items():
        where = f"state {sid}"
        s = _obj(s_raw, where, _STATE_KEYS)
        team = s.get("team")
        if team is not None and team not in TEAM_IDS:
            raise _fail(where, f"team {team!r} is an unknown team")
        expected = PLAYED_STATES.get(sid)
        if team != expected:
            raise _fail(where, f"team is {team!r}, expected {expected!r} (the played states of the handbook's teams)")
        out[sid] = {
            "name": _text(_need(s, "name", where), where, "name"),
            "team": team,
            "ruler": s.get("ruler"),
            "religion": _choice(_need(s, "religion", where), RELIGIONS, where, "religion"),
            "treasury": _int(_need(s, "treasury", where), where, "treasury", 0),
            "debt": _int(s.get("debt", 0), where, "debt", 0),
            "max_armies": _int(s.get("max_armies", 1), where, "max_armies", 1),
            "in_empire": _bool(_need(s, "in_empire", where), where, "in_empire"),
            "elector": _bool(s.get("elector", False), where, "elector"),
            "italian_bank": _bool(s.get("italian_bank", False), where, "italian_bank"),
            "banned": _bool(s.get("banned", False), where, "banned"),
        }
    missing = sorted(set(PLAYED_STATES) - set(out))
    if missing:
        raise _fail("states", f"missing played state(s) {', '.join(missing)}")
    electors = sorted(sid for sid, s in out.items() if s["elector"])
    if electors != sorted(politics.ELECTORS):
        raise _fail("states", f"the electors are {electors}, expected {sorted(politics.ELECTORS)} (Golden Bull)")
    banks = sorted(sid for sid, s in out.items() if s["italian_bank"])
    if banks != sorted(finance.ITALIAN_STATES):
        raise _fail("states", f"the Italian banks are {banks}, expected {sorted(finance.ITALIAN_STATES)}")
    return out


def _check_team(
    tid: str, raw: Any, states: Mapping[str, Data], chars: Mapping[str, Data], cards: dict[str, Data]
) -> Data:
    where = f"team {tid}"
    t = _obj(raw, where, _TEAM_KEYS)
    members = _list(_need(t, "characters", where), where, "characters")
    if not members:
        raise _fail(where, "has no characters")
    for cid in members:
        _ref(cid, chars, where, "character", "character")
        if chars[cid]["team"] not in (None, tid):
            raise _fail(where, f"character {cid} names team {chars[cid]['team']!r}, expected {tid!r}")
        if not chars[cid]["alive"]:
            raise _fail(where, f"character {cid} is dead at the start")
    if len(set(members)) != len(members):
        raise _fail(where, "a character is listed twice")
    brief = _obj(_need(t, "brief", where), f"{where}: brief", _BRIEF_KEYS)
    objectives = _list(_need(brief, "objectives", f"{where}: brief"), f"{where}: brief", "objectives")
    debating_raw = _obj(t.get("debating", {}), f"{where}: debating", frozenset(religion.ISSUES))
    debating: dict[str, list[int]] = {}
    for issue in religion.ISSUES:
        values = _list(debating_raw.get(issue, []), f"{where}: debating", issue)
        debating[issue] = [_int(v, f"{where}: debating", issue, 1, 6) for v in values]
    card_ids: list[str] = []
    team_states = {sid for sid, s in states.items() if s["team"] == tid}
    entries: set[tuple[str, str]] = set()
    for i, c_raw in enumerate(_list(t.get("cards", []), where, "cards")):
        cwhere = f"{where}: cards #{i + 1}"
        c = _obj(c_raw, cwhere, _CARD_KEYS)
        holder = _ref(_need(c, "holder", cwhere), chars, cwhere, "holder", "character")
        if holder not in members:
            raise _fail(cwhere, f"holder {holder} is not a character of team {tid}")
        state = _ref(_need(c, "state", cwhere), states, cwhere, "state", "state")
        if state not in team_states:
            raise _fail(cwhere, f"state {state} is not a state of team {tid}")
        if (holder, state) in entries:
            raise _fail(cwhere, f"duplicate entry for holder {holder} and state {state}; expected one entry each")
        entries.add((holder, state))
        for kind in CARD_KINDS:
            for _ in range(_int(c.get(kind, 0), cwhere, kind, 0)):
                n = sum(1 for card in cards.values() if card["holder"] == holder and card["kind"] == kind) + 1
                card_id = f"{holder}_{kind}_{n}"
                cards[card_id] = {"id": card_id, "kind": kind, "team": tid, "holder": holder, "state": state}
                card_ids.append(card_id)
    return {
        "name": _text(_need(t, "name", where), where, "name"),
        "characters": list(members),
        "prestige": _int(t.get("prestige", 0), where, "prestige"),
        "heavenly": _int(t.get("heavenly", 0), where, "heavenly"),
        "conversion_counters": _int(t.get("conversion_counters", 0), where, "conversion_counters", 0),
        "debating": debating,
        "brief": {
            "summary": _text(_need(brief, "summary", f"{where}: brief"), f"{where}: brief", "summary"),
            "objectives": [_text(o, f"{where}: brief", "objective") for o in objectives],
            "confidential": _text(_need(brief, "confidential", f"{where}: brief"), f"{where}: brief", "confidential"),
        },
        "personal": _personal(brief.get("personal", {}), members, f"{where}: brief"),
        "cards": card_ids,
    }


def _personal(raw: Any, members: list[Any], where: str) -> dict[str, str]:
    """A team's personal briefs: played character -> text (RR3-K01)."""
    out = {}
    for cid, text in _mapping(raw, f"{where}: personal").items():
        if cid not in members:
            raise _fail(f"{where}: personal", f"{cid!r} is not a played character of the team ({', '.join(members)})")
        out[cid] = _text(text, f"{where}: personal", cid)
    return out


def _check_unit(
    raw: Any, i: int, kind: str, states: Mapping[str, Data], chars: Mapping[str, Data], seen: set[str]
) -> Data:
    keys = _ARMY_KEYS if kind == "army" else _FLEET_KEYS
    where = f"{kind} #{i + 1}"
    u = _obj(raw, where, keys)
    uid = _text(_need(u, "id", where), where, "id")
    where = f"{kind} {uid}"
    if uid in seen:
        raise _fail(where, f"duplicate {kind} id {uid}")
    seen.add(uid)
    state = _ref(_need(u, "state", where), states, where, "state", "state")
    place_key = "area" if kind == "army" else "port"
    place = _text(_need(u, place_key, where), where, place_key)
    if place.startswith(f"{CAPITAL}:"):
        _ref(place.split(":", 1)[1], states, where, place_key, "state (capital:<state>)")
    out: Data = {"id": uid, "state": state, "team": states[state]["team"], place_key: place}
    if kind == "army":
        men = _int(_need(u, "men", where), where, "men", 1_000)
        if men % 1_000:
            raise _fail(where, f"men is {men}, expected a multiple of 1,000 (army counters count thousands)")
        commander = _opt_ref(u.get("commander"), chars, where, "commander", "character")
        team = states[state]["team"]
        if commander is not None:
            c = chars[commander]
            if team is not None and c["team"] != team:
                raise _fail(where, f"commander {commander} is not a character of team {team}")
            if team is None and c["state"] != state:
                raise _fail(where, f"commander {commander} is not a character of non-played state {state}")
        out.update(men=men, commander=commander, nation=_choice(u.get("nation", ""), ARMY_NATIONS, where, "nation"))
    else:
        if state not in FLEET_STATES:
            raise _fail(where, f"state {state} has no fleet (Navies: {', '.join(sorted(FLEET_STATES))})")
        out["nation"] = _choice(_need(u, "nation", where), tuple(navies.QUALITY), where, "nation")
    return out


def check_scenario(data: Mapping[str, Any]) -> Data:
    """Validate scenario data in the ``umpire-rr3-scenario/1`` format and return it normalised: characters and
    states with every field, teams in the handbook's order, played characters marked (``played``, ``team``), the
    revenue cards expanded to ``cards`` by id, armies and fleets with their team.

    Raises :class:`IllegalAction` naming what is wrong and what was expected: an unknown key, team, state,
    character, office, religion or issue; a missing team or played state; a played state without a ruler or whose
    ruler is not of its team; a character listed in two teams; a card whose holder is not a character of its team
    or whose state is not the team's; duplicate card, army or fleet ids; electors or Italian banks other than the
    handbook's; an army or fleet of an unknown state, a fleet of a state that has none; an unknown commander or one
    of another team; a spouse who is not married back, a cleric with a spouse, a parent too young."""
    top = _obj(data, "file", _TOP_KEYS)
    fmt = top.get("format")
    if fmt != FORMAT:
        raise _fail("file", f"format is {fmt!r}, expected {FORMAT!r}")
    states = _check_states(_need(top, "states", "file"))
    chars = _check_characters(_need(top, "characters", "file"), states)

    teams_raw = _obj(_need(top, "teams", "file"), "teams", frozenset(TEAM_IDS))
    missing = [t for t in TEAM_IDS if t not in teams_raw]
    if missing:
        raise _fail("teams", f"missing team(s) {', '.join(missing)}")
    cards: dict[str, Data] = {}
    teams: dict[str, Data] = {}
    member_of: dict[str, str] = {}
    for tid in TEAM_IDS:
        team = _check_team(tid, teams_raw[tid], states, chars, cards)
        for cid in team["characters"]:
            if cid in member_of:
                raise _fail(f"team {tid}", f"character {cid} is also in team {member_of[cid]}; one team each")
            member_of[cid] = tid
        team["states"] = [sid for sid, s in states.items() if s["team"] == tid]
        teams[tid] = team
    for cid, c in chars.items():
        c["played"] = cid in member_of
        if c["played"]:
            c["team"] = member_of[cid]

    for sid, s in states.items():
        where = f"state {sid}"
        ruler = _opt_ref(s["ruler"], chars, where, "ruler", "character")
        if s["team"] is not None:
            if ruler is None:
                raise _fail(where, f"a played state (team {s['team']}) needs a ruler")
            if chars[ruler]["team"] != s["team"]:
                raise _fail(where, f"ruler {ruler} is not a character of team {s['team']}")
        if ruler is not None and not chars[ruler]["alive"]:
            raise _fail(where, f"ruler {ruler} is dead at the start")

    pol = _obj(_need(top, "politics", "file"), "politics", _POLITICS_KEYS)
    emperor = _ref(_need(pol, "emperor", "politics"), chars, "politics", "emperor", "character")
    king = _opt_ref(pol.get("king_of_romans"), chars, "politics", "king_of_romans", "character")
    banned = [
        _ref(b, chars, "politics", "banned", "character") for b in _list(pol.get("banned", []), "politics", "banned")
    ]
    for sid, s in states.items():
        if s["banned"] and s["ruler"] not in banned:
            raise _fail(f"state {sid}", f"is banned but its ruler {s['ruler']!r} is not in politics.banned")

    at_war: dict[str, list[str]] = {sid: [] for sid in states}
    for i, pair in enumerate(_list(top.get("at_war", []), "file", "at_war")):
        where = f"at_war #{i + 1}"
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
            raise _fail(where, f"{pair!r}, expected [state, state] of two different states")
        a, b = (_ref(x, states, where, "state", "state") for x in pair)
        for x, y in ((a, b), (b, a)):
            if y not in at_war[x]:
                at_war[x].append(y)

    seen: set[str] = set()
    armies = [
        _check_unit(r, i, "army", states, chars, seen)
        for i, r in enumerate(_list(top.get("armies", []), "file", "armies"))
    ]
    fleets = [
        _check_unit(r, i, "fleet", states, chars, seen)
        for i, r in enumerate(_list(top.get("fleets", []), "file", "fleets"))
    ]
    return {
        "format": FORMAT,
        "name": _text(_need(top, "name", "file"), "file", "name"),
        "title": _text(top.get("title", top.get("name")), "file", "title"),
        "start_year": _int(_need(top, "start_year", "file"), "file", "start_year", MIN_BORN, MAX_BORN),
        "politics": {"emperor": emperor, "king_of_romans": king, "banned": banned},
        "teams": teams,
        "states": states,
        "characters": chars,
        "cards": cards,
        "at_war": {sid: sorted(w) for sid, w in at_war.items()},
        "armies": armies,
        "fleets": fleets,
    }


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise IllegalAction(f"scenario: duplicate id {key!r} in one object of the file")
        out[key] = value
    return out


def parse_scenario(text: str) -> Data:
    """Parse scenario JSON text (duplicate ids in an object are an error, not silently merged) and validate it."""
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as err:
        raise IllegalAction(f"scenario: not valid JSON: {err}") from None
    return check_scenario(data)


@functools.cache
def load_scenario() -> Data:
    """The 1524 scenario (``data/scenario1524.json``), validated and normalised once. Shared: do not mutate it
    (:func:`initial_state` copies what it uses)."""
    text = resources.files("umpire.games.rr3").joinpath("data/scenario1524.json").read_text(encoding="utf-8")
    return parse_scenario(text)


# --- the initial game state -----------------------------------------------------------------------------------


def _capital_of(geo: Geography, state: str, where: str) -> Any:
    city = geo.capital(state)
    if city is None:
        raise _fail(where, f"state {state} has no capital on the map {geo.source}")
    return city


def _army_area(geo: Geography, army: Data) -> str:
    where = f"army {army['id']}"
    place: str = army["area"]
    if place == CAPITAL or place.startswith(f"{CAPITAL}:"):
        state = army["state"] if place == CAPITAL else place.split(":", 1)[1]
        return cast(str, _capital_of(geo, state, where).area)
    if place not in geo.areas:
        raise _fail(where, f"area {place!r} is not on the map {geo.source}")
    if not geo.areas[place].is_land:
        raise _fail(where, f"area {place} is a sea area, expected a land area")
    return place


def _fleet_port(geo: Geography, fleet: Data) -> str:
    where = f"fleet {fleet['id']}"
    place: str = fleet["port"]
    if place == CAPITAL or place.startswith(f"{CAPITAL}:"):
        state = fleet["state"] if place == CAPITAL else place.split(":", 1)[1]
        city = _capital_of(geo, state, where)
    elif place in geo.cities:
        city = geo.cities[place]
    else:
        raise _fail(where, f"port {place!r} is not a city on the map {geo.source}")
    if not city.port:
        raise _fail(where, f"city {city.id} ({city.name}) is not a port")
    return cast(str, city.id)


def initial_state(geo: Geography, data: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The state parts of a new 1524 game on map ``geo`` (the rr3 ruleset's state layout): ``teams``, ``cards``,
    ``states``, ``characters``, ``areas``, ``cities``, ``armies``, ``fleets`` and the politics keys ``emperor``,
    ``king_of_romans``, ``banned``, ``treaties``, ``grievances`` and ``players`` (a player per played character,
    with its personal brief: :mod:`umpire.games.rr3.players`).

    ``data`` is a scenario as returned by :func:`check_scenario` (default: :func:`load_scenario`). Areas take their
    owner, religion and minority from the map with no markers; cities their owner (the area's state), fort value
    and a full garrison of 1,000 per fort value (*Garrisons*). Raises :class:`IllegalAction` when the map and the
    scenario disagree: a map area owned by a state the scenario lacks, a played state with no area on the map, an
    army placed in an unknown or sea area, a fleet whose port is unknown or not a port, a ``capital`` that the
    state does not have."""
    sc = copy.deepcopy(dict(data if data is not None else load_scenario()))
    states_sc: dict[str, Data] = sc["states"]

    areas: dict[str, Data] = {}
    cities: dict[str, Data] = {}
    for aid in sorted(geo.areas):
        area = geo.areas[aid]
        if not area.is_land:
            continue
        assert area.state is not None
        if area.state not in states_sc:
            raise _fail(f"map {geo.source}", f"area {aid} is owned by {area.state!r}, a state the scenario lacks")
        areas[aid] = {
            "owner": area.state,
            "religion": area.religion,
            "minority": area.minority,
            "revolt": False,
            "looted": False,
            "extorted": False,
            "purge_attempts": 0,
            "counters": 0,
        }
        for city in area.cities:
            cities[city.id] = {
                "owner": area.state,
                "fort": city.fort,
                "garrison": GARRISON_PER_FORT * city.fort,
                "blockade": 0,
                "besieged_by": [],
            }

    states: dict[str, Data] = {}
    for sid, s in states_sc.items():
        home = list(geo.areas_of(sid))
        if s["team"] is not None and not home:
            raise _fail(f"state {sid}", f"a played state with no area on the map {geo.source}")
        states[sid] = {
            "name": s["name"],
            "played": s["team"] is not None,
            "team": s["team"],
            "ruler": s["ruler"],
            "religion": s["religion"],
            "treasury": s["treasury"],
            "debt": s["debt"],
            "unrest": 0,
            "max_armies": s["max_armies"],
            "home": home,
            "permits": [],
            "at_war_with": list(sc["at_war"][sid]),
            "in_empire": s["in_empire"],
            "elector": s["elector"],
            "italian_bank": s["italian_bank"],
            "banned": s["banned"],
            "influence": {},
        }

    armies: dict[str, Data] = {}
    for a in sc["armies"]:
        armies[a["id"]] = {
            "id": a["id"],
            "state": a["state"],
            "team": a["team"],
            "men": a["men"],
            "arrears": 0,
            "fatigue": 0,
            "area": _army_area(geo, a),
            "commander": a["commander"],
            "mutinous": False,
            "raised": {"turn": 0, "phase": 0},
            "looting": False,
            "moved": 0,
            "came_from": None,
            "nation": a["nation"],
        }
    fleets: dict[str, Data] = {}
    for f in sc["fleets"]:
        fleets[f["id"]] = {
            "id": f["id"],
            "state": f["state"],
            "nation": f["nation"],
            "damaged": False,
            "sea": None,
            "port": _fleet_port(geo, f),
            "troops": 0,
            "carrying": None,
            "repaired": None,
        }

    from umpire.games.rr3.players import new_players  # players names the teams of this module

    cards = {cid: {**card, "played": None} for cid, card in sc["cards"].items()}
    teams = {
        tid: {
            "name": t["name"],
            "states": t["states"],
            "characters": t["characters"],
            "brief": t["brief"],
            "prestige": t["prestige"],
            "heavenly": t["heavenly"],
            "conversion_counters": t["conversion_counters"],
            "debating": t["debating"],
            "cards": t["cards"],
        }
        for tid, t in sc["teams"].items()
    }
    characters = {
        cid: {
            "name": c["name"],
            "team": c["team"],
            "state": c["state"],
            "role": c["role"],
            "born": c["born"],
            "sex": c["sex"],
            "religion": c["religion"],
            "family": c["family"],
            "spouse": c["spouse"],
            "parents": c["parents"],
            "cleric": c["cleric"],
            "alive": c["alive"],
            "played": c["played"],
            "offices": c["offices"],
        }
        for cid, c in sc["characters"].items()
    }
    return {
        "teams": teams,
        "cards": cards,
        "states": states,
        "characters": characters,
        "areas": areas,
        "cities": cities,
        "armies": armies,
        "fleets": fleets,
        "emperor": sc["politics"]["emperor"],
        "king_of_romans": sc["politics"]["king_of_romans"],
        "banned": list(sc["politics"]["banned"]),
        "treaties": [],
        "grievances": [],
        "players": new_players(teams, {c: text for t in sc["teams"].values() for c, text in t["personal"].items()}),
    }
