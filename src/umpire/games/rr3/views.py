"""What each role of a Renaissance and Reformation III game sees: the ONE place rr3 hidden information is redacted.

Handbook, *Introduction*: "the brief covers personal as well as team matters it is confidential to you and should
not be shown to any other player"; revenue cards "are labelled by player and can only be played by the owning
player"; intention cards are written privately (*The Campaign System*); the map, its counters, the prestige and
heavenly status charts and the announcements are on the table for all to see. So (the view contract of the rr3
state specification; ruling RR3-GC07 for the rolls):

- **common** (every role, and all the observer gets): the clock, the public map (area markers, cities, army
  counters with strength/arrears/fatigue, fleets without the troops they carry), the teams' public standing,
  the states' public facts, characters (no briefs), announcements, the news (public journal and public settled
  items with their dice), the rolls (:func:`umpire.kernel.rng.visible_rolls`, with the dice of other teams'
  private items and journal lines hidden), the role's ``actions`` and ``waiting_for``;
- **team seat** adds ``"team"``: its states' treasury/debt/unrest, its cards, its brief, its armies, fleets and
  garrisons in detail, its items, its private journal lines and its own sealed intention;
- **player seat** (RR3-K01) adds the same ``"team"`` part of its player's team with only the player's own cards,
  card plays and personal brief (:func:`team_part`);
- **control seat** adds ``"desk"`` (its pending items, each with its one-click actions, those of other desks it may
  help with (RR3-M02), and recent closed ones) and ``"control"`` (everything: every team's private part, every item,
  every intention (ruling RR3-GC11), the adjustments log, and the rest of the state the public parts do not show,
  ``unshown``: RR3-M13);
- **gm** adds ``"desks"`` (all six) and ``"game_control"`` (the clock and pending counts per desk) to that.
"""

from __future__ import annotations

from typing import Any

from umpire.games.rr3 import campaigns, clock, desk, dynasties, players, readings
from umpire.games.rr3.desks import characters, tables
from umpire.games.rr3.desks.control import ADJUSTABLE
from umpire.games.rr3.geography import TABLES
from umpire.kernel.rng import visible_rolls
from umpire.kernel.ruleset import GM, OBSERVER

State = dict[str, Any]
View = dict[str, Any]

RECENT = 20
NEWS_LIMIT = 150
ROLLS_LIMIT = 300
CONTROL_LOG_LIMIT = 200
"""The news a view carries: the latest 150 public events (a whole game has thousands; each update resends them)."""
"""How many closed items a desk shows."""
_HIDDEN_KEYS = ("rng", "rolls", "box", "items", "journal", "adjustments")


def _teams(state: State) -> list[str]:
    return [t for t in desk.TEAMS if t in state.get("teams", {})]


class _Index:
    """What a view needs grouped by team, computed once per view rather than once per team (the control team's view
    holds every team's part; a late-game state has thousands of items and journal lines)."""

    def __init__(self, state: State) -> None:
        self.team_of_state = {
            sid: rec.get("team") for sid, rec in state.get("states", {}).items() if isinstance(rec.get("team"), str)
        }
        self.items: dict[str, list[dict[str, Any]]] = {}
        for item in desk.all_items(state):
            for team in _item_teams(item):
                self.items.setdefault(team, []).append(item)
        self.cities: dict[str, dict[str, Any]] = {}
        for cid, city in state.get("cities", {}).items():
            owner_team = self.team_of_state.get(city.get("owner"))
            if owner_team is not None:
                self.cities.setdefault(owner_team, {})[cid] = city
        self.journal: dict[str, list[dict[str, Any]]] = {}
        for line in state.get("journal", []):
            if not line.get("public") and isinstance(line.get("team"), str):
                self.journal.setdefault(line["team"], []).append(line)

    def owner(self, unit: dict[str, Any]) -> str | None:
        team = unit.get("team")
        return team if isinstance(team, str) else self.team_of_state.get(unit.get("state"))


def view(state: State, role: str) -> View:
    """The view of ``role``: the common part, plus the team, desk or game-control parts it is entitled to."""
    team = desk.team_of(state, role)
    out = common(state, role, team)
    if team is not None:
        seat = role if players.player(state, role) is not None else None
        out["team"] = team_part(state, team, _Index(state), seat)
    if role in desk.CONTROL_SEATS:
        out["desk"] = desk_part(state, role, helping=True)
    if role == GM:
        out["desks"] = {d: desk_part(state, d) for d in desk.DESKS}
        out["game_control"] = game_control(state)
    if desk.is_control(role):
        out["control"] = control_part(state, out)
    return out


# --- The common part --------------------------------------------------------------------------------------------


def clock_part(state: State) -> dict[str, Any]:
    """The game clock: where the timetable says this phase ends, its length, and the timetable itself."""
    over = bool(state.get("over"))
    return {
        "turn": state["turn"],
        "phase": state["phase"],
        "step": state.get("step"),
        "years": clock.years(state["turn"]),
        "minutes": 0 if over else clock.phase_minutes(state),
        "ends_at": None if over else clock.phase_end(state),
        "paused": bool(state["clock"].get("paused")),
        "timetable": state["clock"]["timetable"],
        "steps": list(clock.STEPS) if clock.is_military(state["phase"]) else [],
        "events": list(clock.PHASE_EVENTS[state["phase"]]),
    }


AT_REST: dict[str, dict[str, Any]] = {
    "areas": {
        "minority": None,
        "revolt": False,
        "looted": False,
        "extorted": False,
        "counters": 0,
        "purge_attempts": 0,
    },
    "cities": {"blockade": 0, "besieged_by": []},
}
"""A marker the public map leaves out when it is at rest (no revolt, no blockade, no counter...): a megagame's map
has some 470 cities and 300 areas, most of them quiet, and every role's answer carries it (issue 28 point 11)."""


def _marked(record: dict[str, Any], keys: tuple[str, ...], rest: dict[str, Any]) -> dict[str, Any]:
    """``record``'s ``keys``, each marker of ``rest`` only when it differs from its value at rest."""
    return {k: record.get(k) for k in keys if k not in rest or record.get(k, rest[k]) != rest[k]}


def public_map(state: State) -> dict[str, Any]:
    """The table as everyone sees it (handbook, *Counters*, *The Map*): markers, cities, army counters, fleets. An
    area always has its owner and religion, a city its owner and fortification; the other markers only when set
    (:data:`AT_REST`)."""
    area_keys = ("owner", "religion", "minority", "revolt", "looted", "extorted", "counters", "purge_attempts")
    areas = {aid: _marked(a, area_keys, AT_REST["areas"]) for aid, a in state.get("areas", {}).items()}
    city_keys = ("owner", "fort", "blockade", "besieged_by", "breaches")
    cities = {
        cid: _marked({k: c[k] for k in city_keys if k in c}, tuple(k for k in city_keys if k in c), AT_REST["cities"])
        for cid, c in state.get("cities", {}).items()
    }
    armies = {
        aid: {
            k: a.get(k)
            for k in (
                "id",
                "state",
                "team",
                "men",
                "arrears",
                "fatigue",
                "area",
                "commander",
                "mutinous",
                "looting",
                "nation",
            )
        }
        for aid, a in state.get("armies", {}).items()
    }
    fleets = {
        fid: {k: f.get(k) for k in ("id", "state", "nation", "damaged", "sea", "port")}
        for fid, f in state.get("fleets", {}).items()
    }
    return {"areas": areas, "cities": cities, "armies": armies, "fleets": fleets}


def public_teams(state: State) -> dict[str, Any]:
    """Each team's public standing: name, prestige and heavenly status (public charts), its states and rulers."""
    out = {}
    for t in _teams(state):
        rec = state["teams"][t]
        sids = list(rec.get("states", []))
        rulers = [state["states"][s].get("ruler") for s in sids if s in state.get("states", {})]
        out[t] = {
            "name": rec.get("name", t),
            "prestige": rec.get("prestige", 0),
            "heavenly": rec.get("heavenly", 0),
            "states": sids,
            "rulers": list(dict.fromkeys(r for r in rulers if r)),
            "characters": list(rec.get("characters", [])),
        }
    return out


def public_states(state: State) -> dict[str, Any]:
    """Public facts of each state: treasury, debt and influence are private (ruling RR3-GC08); so is the Unrest Index
    with the option ``unrest: private``, by default it is public (RR3-M07: the handbook's "black counters in the
    home area")."""
    keys: tuple[str, ...] = (
        "name",
        "played",
        "team",
        "ruler",
        "religion",
        "at_war_with",
        "in_empire",
        "elector",
        "banned",
    )
    if readings.reading(state, readings.UNREST) == "public":
        keys = (*keys, "unrest")
    return {sid: {k: s.get(k) for k in keys} for sid, s in state.get("states", {}).items()}


def public_characters(state: State) -> dict[str, Any]:
    """Characters as on their public cards: ages from :func:`dynasties.turn_start_year`."""
    year = dynasties.turn_start_year(state["turn"])
    keys = ("name", "team", "state", "role", "sex", "religion", "family", "spouse", "parents", "cleric", "alive")
    out = {}
    for cid, c in state.get("characters", {}).items():
        entry = {k: c.get(k) for k in keys}
        entry["offices"] = list(c.get("offices", []))
        born = c.get("born")
        entry["age"] = year - born if isinstance(born, int) else None
        out[cid] = entry
    return out


def family_trees(state: State) -> dict[str, Any]:
    """The family trees by family (handbook, *Marriage*: "There are charts to record family trees"; public)."""
    children = characters.children_index(state)
    return {family: characters.family_tree(state, family, children) for family in characters.families(state)}


def _private_rolls(state: State, role: str, team: str | None) -> set[int]:
    """Roll numbers on items and journal lines private to another team (hidden from ``role``; ruling RR3-GC07)."""
    if desk.is_control(role):
        return set()
    hidden: set[int] = set()
    for item in desk.all_items(state):
        if not item.get("public") and (team is None or team not in _item_teams(item)):
            hidden.update(d["n"] for d in item.get("dice", []) if isinstance(d.get("n"), int))
    for entry in state.get("journal", []):
        if not entry.get("public") and (team is None or entry.get("team") != team):
            hidden.update(d["n"] for d in entry.get("dice", []) if isinstance(d.get("n"), int))
    return hidden


def rolls_part(state: State, role: str, team: str | None) -> list[dict[str, Any]]:
    """The roll log as ``role`` may see it: its latest :data:`ROLLS_LIMIT` entries (each entry keeps its number
    ``n``; the whole log is in the game's record)."""
    hidden = _private_rolls(state, role, team)
    out = []
    for entry in visible_rolls(state, role)[-ROLLS_LIMIT:]:
        if entry.get("n") in hidden:
            entry = {"n": entry["n"], "kind": entry.get("kind"), "purpose": "(private roll)", "result": "hidden"}
        out.append(entry)
    return out


def news(state: State) -> list[dict[str, Any]]:
    """The public journal and the public settled items, in the order of the phases they belong to (the latest
    :data:`NEWS_LIMIT`)."""
    entries: list[tuple[int, int, int, dict[str, Any]]] = []
    for i, line in enumerate(state.get("journal", [])):
        if line.get("public"):
            entries.append((line.get("turn") or 0, line.get("phase") or 0, i, {"kind": "journal", **line}))
    base = len(entries) + len(state.get("journal", []))
    for i, item in enumerate(desk.all_items(state)):
        if item.get("public") and item.get("status") == desk.SETTLED:
            turn, phase = item.get("closed_turn") or 0, item.get("closed_phase") or 0
            entries.append((turn, phase, base + i, {**_item_public(item), "kind": "item", "item_kind": item["kind"]}))
    entries.sort(key=lambda e: (e[0], e[1]))
    return [e[3] for e in entries[-NEWS_LIMIT:]]


def _item_public(item: dict[str, Any]) -> dict[str, Any]:
    keys = ("id", "desk", "kind", "title", "team", "turn", "phase", "closed_turn", "closed_phase", "outcome", "dice")
    out = {k: item.get(k) for k in keys}
    out["desk_title"] = desk.DESK_TITLES.get(item.get("desk", ""), item.get("desk"))
    return out


def waiting_for(state: State) -> list[str]:
    """Seats whose sealed intention box is still empty or not marked ready (*The Campaign System*: intentions are
    written at the start of each movement step); a team's box waits on every player seat of the team (any of them
    may hand in the team's card, RR3-K01)."""
    boxes = state.get("box", {}) or {}
    waiting = {seat for seat, box in boxes.items() if box.get("submission") is None or not box.get("ready")}
    seats = players.seats(state) if players.mode(state) == players.PLAYERS else []
    members = {seat for seat in seats if players.team_of(state, seat) in waiting}
    return sorted(waiting | members)


def public_players(state: State) -> dict[str, Any]:
    """Who plays whom (public, like the teams' lists of characters): each player seat's team and character, and its
    place in the team's list (RR3-K01)."""
    out = {}
    for seat in players.seats(state):
        rec = state["players"][seat]
        out[seat] = {"team": players.team_of(state, seat), "character": rec.get("character"), "n": rec.get("n")}
    return out


def common(state: State, role: str, team: str | None) -> View:
    """What every role sees."""
    return {
        "ruleset": "rr3",
        "role": role,
        "phase": clock.phase_title(state),
        "turn": state["turn"],
        "phase_no": state["phase"],
        "step": state.get("step"),
        "years": clock.years(state["turn"]),
        "phase_kind": "default",
        "phase_seconds": clock.phase_seconds(state),
        "over": bool(state.get("over")),
        "clock": clock_part(state),
        "map": public_map(state),
        "teams": public_teams(state),
        "states": public_states(state),
        "characters": public_characters(state),
        "families": family_trees(state),
        "announcements": list(state.get("announcements", [])),
        "news": news(state),
        "rolls": rolls_part(state, role, team),
        "actions": actions(state, role),
        "waiting_for": waiting_for(state),
        "players": public_players(state),
    }


# --- A team's own part ------------------------------------------------------------------------------------------


def _item_teams(item: dict[str, Any]) -> set[str]:
    """The teams an item concerns: the one it belongs to, and those its ``teams`` or ``parties`` name."""
    teams = {item["team"]} if isinstance(item.get("team"), str) else set()
    params = item.get("params", {})
    for key in ("teams", "parties"):
        if isinstance(params.get(key), list):
            teams.update(t for t in params[key] if isinstance(t, str))
    return teams


def team_part(state: State, team: str, index: _Index | None = None, seat: str | None = None) -> dict[str, Any]:
    """A team's confidential part: never shown to another team (handbook, *Introduction*). Its items are those it
    made or that name it among their ``teams`` or ``parties`` (a treaty's other parties see it pending too).

    For player seat ``seat`` (RR3-K01) the part is the player's: what the team shares (its states' treasuries, its
    armies, fleets, garrisons, items, journal, intention card, treaties and the team's brief) and, of what is
    personal, only the player's own: its cards (those its character holds), its card plays and its personal brief.
    The team seat and the control team see every player's."""
    index = index or _Index(state)
    rec = state["teams"][team]
    sids = [s for s in rec.get("states", []) if s in state.get("states", {})]
    cards = [
        dict(card)
        for cid, card in state.get("cards", {}).items()
        if card.get("team") == team or cid in rec.get("cards", [])
    ]
    items = [dict(item) for item in index.items.get(team, [])]
    members = [s for s in players.seats(state) if players.team_of(state, s) == team]
    card_ids = list(rec.get("cards", []))
    if seat is not None:
        mine = players.character_of(state, seat)
        cards = [card for card in cards if card.get("holder") == mine]
        card_ids = [cid for cid in card_ids if state.get("cards", {}).get(cid, {}).get("holder") == mine]
        items = [i for i in items if i.get("params", {}).get("holder") in (None, mine)]
        members = [seat]
    box = (state.get("box") or {}).get(team)
    own_fleets = {f for f, x in state.get("fleets", {}).items() if index.owner(x) == team}
    return {
        "id": team,
        **{k: v for k, v in rec.items() if k not in ("cards",)},
        "card_ids": card_ids,
        "players": {s: dict(state["players"][s]) for s in members},
        "states_private": {s: dict(state["states"][s]) for s in sids},
        "cards": cards,
        "armies": {a: dict(x) for a, x in state.get("armies", {}).items() if index.owner(x) == team},
        "fleets": {f: dict(x) for f, x in state.get("fleets", {}).items() if f in own_fleets},
        "cities": {c: dict(x) for c, x in index.cities.get(team, {}).items()},
        "items": {
            "pending": [i for i in items if i["status"] == desk.PENDING],
            "done": [i for i in items if i["status"] != desk.PENDING][-RECENT:],
        },
        "journal": list(index.journal.get(team, [])),
        "intention": None if box is None else dict(box),
        "fleet_orders": {f: dict(o) for f, o in (state.get("fleet_orders") or {}).items() if f in own_fleets},
        "treaties": [dict(t) for t in state.get("treaties", []) if team in t.get("parties", [])],
    }


def _owner(state: State, unit: dict[str, Any]) -> str | None:
    team = unit.get("team")
    return team if isinstance(team, str) else desk.team_of_state(state, unit.get("state"))


# --- Desks and Game Control -------------------------------------------------------------------------------------


def desk_part(state: State, role: str, *, helping: bool = False) -> dict[str, Any]:
    """A control desk: its pending items with their one-click actions and the map table each belongs on (RR3-J02),
    the tables' titles, and its recent closed items; Map Control's also the intention cards
    (:func:`intention_cards`). ``helping`` (the desk's own seat) adds the other desks' items it may work now, each
    naming its own ``desk`` (RR3-M02: phase 1's revenue items); Game Control's copy of each desk has its own only."""
    listed = desk.workable(state, role) if helping else desk.pending(state, role)
    pending = [
        dict(item) | {"actions": desk.settle_forms(state, item), "table": tables.item_table(state, item)}
        for item in listed
    ]
    closed = [i for i in desk.all_items(state) if i["desk"] == role and i["status"] != desk.PENDING]
    out: dict[str, Any] = {
        "role": role,
        "title": desk.DESK_TITLES[role],
        "pending": pending,
        "done": [dict(i) for i in reversed(closed[-RECENT:])],
        "tables": {t: tables.TABLE_TITLES[t] for t in TABLES},
    }
    if role == desk.MAP:
        out["intentions"] = intention_cards(state)
    if role == desk.NONPLAYED:
        out["intention"] = nonplayed_card(state)
    return out


def intention_cards(state: State) -> dict[str, Any]:
    """Map Control's intention cards (handbook, *Movement*: "If players are not ready with their intentions when
    the umpires call for the start of a step they will miss that step"; RR3-H06): in a movement step, the seats
    that have handed in their card and those still missing; once a step closes, the cards it was moved by and the
    seats that missed it. Only the control team's views carry it."""
    boxes = state.get("box") or {}
    handed = sorted(s for s, b in boxes.items() if b.get("submission") is not None and b.get("ready"))
    closed = state.get("closed_cards")
    shown = dict(closed) if isinstance(closed, dict) else None
    if shown is not None and desk.NONPLAYED in shown.get("missing", []):
        shown["missing"] = [s for s in shown["missing"] if s != desk.NONPLAYED]
        shown["nonplayed_stayed"] = True
    return {
        "step": state.get("step") if boxes else None,
        "handed_in": [s for s in handed if s != desk.NONPLAYED],
        "missing": sorted(s for s in boxes if s not in handed and s != desk.NONPLAYED),
        "nonplayed": None if desk.NONPLAYED not in boxes else {"handed_in": desk.NONPLAYED in handed},
        "closed": shown,
    }


def nonplayed_card(state: State) -> dict[str, Any] | None:
    """Non-played States Control's prompt for its intention card (issue 28 point 11, RR3-G03): in a movement step
    where a non-played state's army may move, the armies the card is for, whether it is handed in, and the lines
    sealed so far. Map Control's list does not count it among the players' missing cards: its armies simply stay
    without one. None when there is no such card this step."""
    box = (state.get("box") or {}).get(desk.NONPLAYED)
    if box is None:
        return None
    armies = state.get("armies", {})
    movable = [a for a in sorted(armies) if armies[a].get("team") is None and campaigns.can_move(state, armies[a])]
    submission = box.get("submission")
    sealed = submission.get("armies") if isinstance(submission, dict) else None
    keys = ("state", "men", "area", "arrears", "fatigue")
    return {
        "step": state.get("step"),
        "armies": {a: {k: armies[a].get(k) for k in keys} for a in movable},
        "handed_in": sealed is not None and bool(box.get("ready")),
        "card": dict(sealed) if isinstance(sealed, dict) else None,
    }


def control_part(state: State, shown: View | None = None) -> dict[str, Any]:
    """What the control team sees beyond the table: everything (not the generator's seed). ``shown``: the view this
    part goes into, whose public parts it does not repeat (:func:`unshown`)."""
    index = _Index(state)
    # A team's cities (its garrisons) are not repeated in each team's part: map.cities and unshown.cities hold them.
    teams = {t: {k: v for k, v in team_part(state, t, index).items() if k != "cities"} for t in _teams(state)}
    return {
        "teams": teams,
        "items": _control_items(state),
        "intentions": dict(state.get("box", {}) or {}),
        "adjustments": list(state.get("adjustments", [])),
        "journal": list(state.get("journal", []))[-CONTROL_LOG_LIMIT:],
        "unshown": unshown(state, shown if shown is not None else common(state, desk.GAME, None)),
    }


_PUBLIC_RECORDS: dict[str, tuple[str, ...]] = {
    "areas": ("map", "areas"),
    "cities": ("map", "cities"),
    "armies": ("map", "armies"),
    "fleets": ("map", "fleets"),
    "characters": ("characters",),
    "states": ("states",),
}
"""The state's collections of records and where the common part shows them."""


def unshown(state: State, shown: View) -> dict[str, Any]:
    """The rest of the state, for the control team (issue 28 point 11: an answer sized to the role): what neither
    the common part ``shown`` nor the control part's team parts already carry. A record of a collection the common
    part shows (areas, cities, armies, fleets, characters, states) keeps only the fields it shows differently or not
    at all (a city's garrison, a state's treasury and home areas, a character's year of birth); the teams and the
    cards of a team are in ``control.teams``; the generator, the rolls, the items, the journal, the box and the
    adjustments are not sent (the rolls, items and journal are in the view's other parts)."""
    out: dict[str, Any] = {}
    for key, value in state.items():
        if key in _HIDDEN_KEYS or key == "teams":
            continue
        if key == "cards" and isinstance(value, dict):
            out[key] = {c: card for c, card in value.items() if not card.get("team")}
            continue
        where = _PUBLIC_RECORDS.get(key)
        public: Any = shown
        for part in where or ():
            public = public.get(part, {}) if isinstance(public, dict) else {}
        if where is None or not isinstance(value, dict):
            out[key] = value
            continue
        rest = {}
        quiet = AT_REST.get(key, {})
        for rid, record in value.items():
            seen = public.get(rid, {}) if isinstance(public, dict) else {}
            extra = (
                {f: v for f, v in record.items() if seen.get(f, quiet.get(f, ...)) != v}
                if isinstance(record, dict)
                else record
            )
            if extra:
                rest[rid] = extra
        out[key] = rest
    return out


def _control_items(state: State) -> list[dict[str, Any]]:
    """Every pending item and the latest :data:`CONTROL_LOG_LIMIT` closed ones (the whole record stays in the game's
    state and log; each view update resends this list to every umpire)."""
    items = desk.all_items(state)
    closed = [i for i in items if i["status"] != desk.PENDING][-CONTROL_LOG_LIMIT:]
    keep = {i["id"] for i in closed}
    return [dict(i) for i in items if i["status"] == desk.PENDING or i["id"] in keep]


def game_control(state: State) -> dict[str, Any]:
    """Game Control's summary: the clock and how many items wait on each desk."""
    counts = {d: len(desk.pending(state, d)) for d in desk.DESKS}
    return {"clock": clock_part(state), "pending": counts, "pending_total": sum(counts.values())}


# --- Actions ----------------------------------------------------------------------------------------------------


def adjust_form() -> dict[str, Any]:
    """The adjustment form; ``adjustable`` lists every target's fields with their kinds (``int`` values must be sent
    as numbers, ``bool`` as true/false, ids as text, ``nullable`` ones may be null) and bounds."""
    return {
        "type": "adjust",
        "label": "Adjust",
        "fields": [
            desk.Field("target", "What", "choice", tuple(ADJUSTABLE)).as_json(),
            desk.Field("key", "Which (id)").as_json(),
            desk.Field(
                "field", "Field", "choice", tuple(sorted({f for fs in ADJUSTABLE.values() for f in fs}))
            ).as_json(),
            desk.Field("value", "New value", "text", required=False).as_json(),
            desk.Field("delta", "Or change by", "int", required=False).as_json(),
            desk.Field("why", "Why").as_json(),
        ],
        "adjustable": {t: {f: spec.as_json() for f, spec in fs.items()} for t, fs in ADJUSTABLE.items()},
    }


def actions(state: State, role: str) -> list[dict[str, Any]]:
    """The form templates of the actions ``role`` may use now."""
    if state.get("over") or role == OBSERVER:
        return []
    team = desk.team_of(state, role)
    if team is not None and players.player(state, role) is not None:
        return _own_card_choices(state, role, desk.request_forms(state, team, team))
    forms = desk.request_forms(state, role, team)
    if not desk.is_control(role):
        return forms
    forms.extend(item_forms(state, role))
    forms.append(adjust_form())
    forms.append({"type": "announce", "label": "Announce", "fields": [desk.Field("text", "Announcement").as_json()]})
    if role in (desk.MAP, GM) and clock.is_military(state["phase"]) and state.get("step") != clock.STEPS[-1]:
        nxt = clock.next_step(state.get("step"))
        forms.append({"type": "next_step", "label": f"Next step ({nxt})", "fields": []})
    if role == GM:
        forms.append({"type": "resolve", "label": "End the phase", "fields": []})
    return forms


def item_forms(state: State, role: str) -> list[dict[str, Any]]:
    """The one-click actions on pending items, each listed once (issue 28 point 11): ``settle``, ``step`` and
    ``dismiss``, each with the items it applies to as its ``item`` choices. Each item's own forms, with the fields
    that item needs, are on the item in the desk part (:func:`desk_part`), not repeated here."""
    by_type: dict[str, list[str]] = {}
    for item in desk.workable(state, role):
        spec = desk.REGISTRY.settlers[item["kind"]]
        first = "step" if spec.step is not None and spec.step.form(state, item) is not None else "settle"
        for kind in (first, "dismiss"):
            by_type.setdefault(kind, []).append(item["id"])
    labels = {"settle": "Settle an item", "step": "Record an item's next step", "dismiss": "Dismiss an item"}
    out = []
    for kind in ("settle", "step", "dismiss"):
        if kind in by_type:
            fields = [desk.Field("item", "Item", "choice", tuple(by_type[kind])).as_json()]
            if kind == "dismiss":
                fields.append(desk.Field("why", "Why").as_json())
            out.append({"type": kind, "label": labels[kind], "fields": fields, "on_items": True})
    return out


def _own_card_choices(state: State, seat: str, forms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A player seat's forms, acting for its team, with only the cards its character holds to choose from (RR3-K03);
    a form whose only required card choice is then empty is left off."""
    mine = players.own_cards(state, seat)
    out = []
    for form in forms:
        fields = form.get("fields", [])
        for f in fields:
            if f.get("name") in players.CARD_FIELDS and "choices" in f:
                f["choices"] = [c for c in f["choices"] if c in mine]
        if any(f.get("name") in players.CARD_FIELDS and f.get("required") and not f.get("choices") for f in fields):
            continue
        out.append(form)
    return out
