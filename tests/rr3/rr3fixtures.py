"""Shared rr3 test fixtures: a small map and a small but complete starting position, and games built on them.

The position follows the state layout of the rr3 specification (every key present) with a few states per team;
each team's brief, cards and treasuries carry distinctive markers so that view tests can search a view's JSON text
for another team's secrets. Games built here (:func:`fixture_game`) run the real ruleset and every registered desk
procedure; only their starting position differs from the scenario's (they cannot be replayed from a record).
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from umpire.games.rr3 import desk
from umpire.games.rr3.desk import TEAMS, Field
from umpire.games.rr3.geography import Geography, load_geography
from umpire.games.rr3.rules import RULESET
from umpire.kernel.game import FORMAT, Game
from umpire.kernel.rng import init_rng

State = dict[str, Any]

#: Played states of the fixture, by team (rr3 ids), with a home area each.
PLAYED: dict[str, tuple[str, ...]] = {
    "england": ("england",),
    "france": ("france",),
    "habsburgs": ("spain", "austria"),
    "electors": ("saxony", "brandenburg"),
    "princes": ("bavaria",),
    "papacy": ("papacy",),
    "lutherans": ("hesse",),
    "venice": ("venice",),
    "florence": ("florence",),
    "milan": ("milan",),
    "denmark": ("denmark",),
}
NONPLAYED: tuple[str, ...] = ("swiss", "genoa", "free_nuremberg")
AREA_OF: dict[str, str] = {
    "england": "london",
    "france": "ile_de_france",
    "spain": "castile",
    "austria": "lower_austria",
    "saxony": "electoral_saxony",
    "brandenburg": "mark",
    "bavaria": "upper_bavaria",
    "papacy": "rome",
    "hesse": "hesse",
    "venice": "veneto",
    "florence": "tuscany",
    "milan": "lombardy",
    "denmark": "zealand",
    "swiss": "switzerland",
    "genoa": "liguria",
    "free_nuremberg": "nuremberg",
}
TABLE_OF: dict[str, str] = {
    "england": "west",
    "france": "west",
    "spain": "mediterranean",
    "papacy": "mediterranean",
    "venice": "mediterranean",
    "florence": "mediterranean",
    "milan": "mediterranean",
    "genoa": "mediterranean",
}


def secret(team: str, what: str) -> str:
    """A distinctive marker for one of ``team``'s secrets (search it in views)."""
    return f"SECRET-{what}-{team}"


def treasury(team: str, index: int = 0) -> int:
    """A distinctive treasury (no other number in a fixture view looks like it)."""
    return 9_100_000 + 1_000 * TEAMS.index(team) + index


def small_map_data() -> dict[str, Any]:
    """A small map in the ``umpire-rr3-map/1`` format: one area per fixture state, in a chain, plus a sea."""
    areas: dict[str, Any] = {}
    order = [AREA_OF[s] for s in (*[s for t in TEAMS for s in PLAYED[t]], *NONPLAYED)]
    for i, (sid, aid) in enumerate(AREA_OF.items()):
        area: dict[str, Any] = {
            "name": aid.replace("_", " ").title(),
            "kind": "land",
            "state": sid,
            "table": TABLE_OF.get(sid, "east"),
            "region": "germany",
            "religion": "catholic",
            "pos": [float(i), 45.0],
            "cities": [{"id": f"{aid}_city", "name": f"{aid.title()} City", "fort": 1 + i % 6, "capital": True}],
        }
        if sid.startswith("free_"):
            area["free_city"] = True
        areas[aid] = area
    areas["channel"] = {"name": "Channel", "kind": "sea", "table": "west", "pos": [0.0, 50.0]}
    borders = [{"between": [a, b], "kind": "land"} for a, b in itertools.pairwise(order)]
    borders.append({"between": ["london", "channel"], "kind": "coast"})
    return {"format": "umpire-rr3-map/1", "areas": areas, "borders": borders}


def small_map() -> Geography:
    return load_geography(small_map_data(), "fixture")


def small_parts() -> State:
    """A complete small starting position (state layout of the rr3 specification)."""
    teams: dict[str, Any] = {}
    states: dict[str, Any] = {}
    characters: dict[str, Any] = {}
    areas: dict[str, Any] = {}
    cities: dict[str, Any] = {}
    cards: dict[str, Any] = {}
    for team in TEAMS:
        team_cards: list[str] = []
        team_chars: list[str] = []
        for i, sid in enumerate(PLAYED[team]):
            ruler = f"ruler_of_{sid}"
            team_chars.append(ruler)
            characters[ruler] = {
                "name": f"Ruler of {sid.title()}",
                "team": team,
                "state": sid,
                "role": "ruler",
                "born": 1480 + i,
                "sex": "M",
                "religion": "lutheran" if team == "lutherans" else "catholic",
                "family": sid,
                "spouse": None,
                "parents": [],
                "cleric": team == "papacy",
                "alive": True,
                "played": True,
                "offices": ["emperor"] if sid == "spain" else [],
            }
            states[sid] = {
                "name": sid.title(),
                "played": True,
                "team": team,
                "ruler": ruler,
                "religion": "lutheran" if team == "lutherans" else "catholic",
                "treasury": treasury(team, i),
                "debt": 0,
                "unrest": 1,
                "max_armies": 1,
                "home": [AREA_OF[sid]],
                "permits": [],
                "at_war_with": [],
                "in_empire": team in ("electors", "princes", "lutherans") or sid == "austria",
                "elector": team == "electors",
                "italian_bank": team in ("venice", "florence", "papacy"),
                "banned": False,
                "influence": {},
            }
            for kind in ("subsidy", "exaction", "loan"):
                cid = f"{sid}_{kind}_card"
                team_cards.append(cid)
                cards[cid] = {
                    "id": cid,
                    "kind": kind,
                    "team": team,
                    "holder": ruler,
                    "state": sid,
                    "played": None,
                }
        teams[team] = {
            "name": team.title(),
            "states": list(PLAYED[team]),
            "characters": team_chars,
            "brief": {
                "summary": secret(team, "summary"),
                "objectives": [secret(team, "objective")],
                "confidential": secret(team, "confidential"),
            },
            "prestige": 0,
            "heavenly": 0,
            "conversion_counters": 4 if team == "lutherans" else 0,
            "debating": {"faith_alone": [3, 5]} if team in ("lutherans", "papacy") else {},
            "cards": team_cards,
        }
    for sid in NONPLAYED:
        states[sid] = {
            "name": sid.title(),
            "played": False,
            "team": None,
            "ruler": None,
            "religion": "catholic",
            "treasury": 5,
            "debt": 0,
            "unrest": 0,
            "max_armies": 1,
            "home": [AREA_OF[sid]],
            "permits": [],
            "at_war_with": [],
            "in_empire": sid.startswith("free_"),
            "elector": False,
            "italian_bank": False,
            "banned": False,
            "influence": {},
        }
    for i, (sid, aid) in enumerate(AREA_OF.items()):
        areas[aid] = {
            "owner": sid,
            "religion": "catholic",
            "minority": "lutheran" if sid == "austria" else None,
            "revolt": False,
            "looted": False,
            "extorted": False,
            "purge_attempts": 0,
            "counters": 0,
        }
        fort = 1 + i % 6
        cities[f"{aid}_city"] = {"owner": sid, "fort": fort, "garrison": 1000 * fort, "blockade": 0, "besieged_by": []}
    armies = {
        "france_1": {
            "id": "france_1",
            "state": "france",
            "team": "france",
            "men": 20000,
            "arrears": 0,
            "fatigue": 0,
            "area": "ile_de_france",
            "commander": "ruler_of_france",
            "mutinous": False,
            "raised": {"turn": 1, "phase": 1},
            "looting": False,
            "moved": 0,
            "came_from": None,
            "nation": "french",
        }
    }
    fleets = {
        "england_fleet": {
            "id": "england_fleet",
            "state": "england",
            "nation": "english",
            "damaged": False,
            "sea": None,
            "port": "london_city",
            "troops": 0,
            "carrying": None,
            "repaired": None,
        }
    }
    return {
        "geography": small_map_data(),
        "teams": teams,
        "states": states,
        "characters": characters,
        "areas": areas,
        "cities": cities,
        "armies": armies,
        "fleets": fleets,
        "cards": cards,
        "treaties": [],
        "grievances": [],
        "diet": None,
        "emperor": "ruler_of_spain",
        "king_of_romans": None,
        "bribes": [],
        "penny_due": {},
        "debates": [],
        "matches": [],
        "betrothals": [],
    }


def bare_registry(monkeypatch: Any) -> desk.Registry:
    """Replace the desk registry by an empty one for one test (the clock and control tests run without the
    domain desks' procedures), with the test procedures of :func:`register_test_procedures`."""
    fresh = desk.Registry()
    monkeypatch.setattr(desk, "REGISTRY", fresh)
    register_test_procedures()
    return fresh


def register_test_procedures() -> None:
    """Minimal desk procedures for the core tests: a private petition (Political Control, rolls a die), a public
    skirmish (Map Control), a direct note, a control-only request, and hooks that log their calls in
    ``state["calls"]``."""

    def petition(state: State, role: str, action: dict[str, Any]) -> dict[str, Any]:
        return {"title": f"{role} petitions", "params": {"text": action["text"]}}

    desk.request("petition", desk=desk.POLITICAL, label="Petition", fields=[Field("text", "Text")])(petition)

    def settle_petition(state: State, item: dict[str, Any], action: dict[str, Any]) -> str:
        from umpire.kernel.rng import roll

        die = roll(state, f"{item['team']}: petition {secret(item['team'], 'petition-roll')}")
        return f"granted on a {die}" if die >= 4 else f"refused on a {die}"

    desk.settle("petition", label="Decide")(settle_petition)

    def skirmish(state: State, role: str, action: dict[str, Any]) -> dict[str, Any]:
        return {"title": f"{role} skirmishes", "public": True}

    desk.request("skirmish", desk=desk.MAP, label="Skirmish", phases=(2, 3, 5))(skirmish)

    def settle_skirmish(state: State, item: dict[str, Any], action: dict[str, Any]) -> str:
        from umpire.kernel.rng import roll

        die = roll(state, f"{item['team']}: skirmish")
        return f"skirmish die {die}"

    desk.settle("skirmish")(settle_skirmish)

    def note(state: State, role: str, action: dict[str, Any]) -> None:
        state.setdefault("notes", []).append([role, action["text"]])

    desk.direct("note", label="Note", fields=[Field("text", "Text")])(note)

    def gift(state: State, role: str, action: dict[str, Any]) -> None:
        state.setdefault("notes", []).append([role, f"gift to {action['team']}"])

    desk.direct(
        "gift",
        label="Gift",
        fields=[Field("team", "To team", "choice")],
        chooser=lambda state, role: {"team": [t for t in TEAMS if t != role]},
    )(gift)

    def inquiry(state: State, role: str, action: dict[str, Any]) -> dict[str, Any]:
        return {"title": "inquiry", "team": None}

    desk.request("inquiry", desk=desk.RELIGIOUS, label="Inquiry", who=desk.CONTROL)(inquiry)
    desk.settle("inquiry")(lambda state, item, action: "done")

    def log(name: str) -> desk.Hook:
        def hook(state: State) -> None:
            state.setdefault("calls", []).append([name, state["turn"], state["phase"], state.get("step")])

        return hook

    desk.on_phase_start(log("start"))
    desk.on_phase_end(log("end"))

    def step_hook(state: State, old: str, new: str) -> None:
        state.setdefault("calls", []).append(["step", state["turn"], state["phase"], old, new])

    desk.on_step_change(step_hook)


def fixture_game(seed: int = 0, options: dict[str, Any] | None = None) -> Game:
    """A game of the real ruleset started from :func:`small_parts` (turn 1, phase 1, phase-start hooks run)."""
    opts = RULESET.option_values(dict(options or {}))
    state: State = {"ruleset": "rr3", "rng": init_rng(seed), "rolls": [], "control": {}}
    RULESET.start(state, small_parts(), opts)
    RULESET.advance(state)
    record = {"format": FORMAT, "ruleset": "rr3", "scenario": "1524", "options": opts, "seed": seed, "actions": []}
    return Game(RULESET, record, state)


def text_of(value: Any) -> str:
    """The JSON text of a view, for searching."""
    return json.dumps(value, sort_keys=True)
