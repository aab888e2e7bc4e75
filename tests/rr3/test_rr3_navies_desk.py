"""RR3 naval desk (handbook, *Navies*): fleet orders, ports, naval battles, repair, transport and piracy."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from tests.rr3.rr3fixtures import small_parts

from umpire.games.rr3 import desk
from umpire.games.rr3 import navies as rules
from umpire.games.rr3.desks import navies, sieges
from umpire.games.rr3.rules import RULESET
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import FORMAT, Game

State = dict[str, Any]

PORTS = {
    # area: (owner, city, fort, seas off its coast)
    "catalonia": ("spain", "barcelona", 3, ("gulf_of_lion",)),
    "provence": ("france", "marseille", 2, ("gulf_of_lion",)),
    "liguria": ("genoa", "genoa", 3, ("gulf_of_lion", "ligurian")),
    "campania": ("naples", "naples", 3, ("tyrrhenian",)),
    "tunisia": ("north_africa", "tunis", 2, ("tyrrhenian",)),
    "morea": ("ottomans", "modon", 2, ("ionian",)),
    "veneto": ("venice", "venice", 5, ("adriatic",)),
}
SEAS = ("gulf_of_lion", "ligurian", "tyrrhenian", "ionian", "adriatic")
"""In a chain, west to east."""


def map_data() -> dict[str, Any]:
    areas: dict[str, Any] = {}
    borders: list[dict[str, Any]] = []
    for i, (area, (owner, port, fort, seas)) in enumerate(PORTS.items()):
        areas[area] = {
            "name": area.title(),
            "kind": "land",
            "state": owner,
            "table": "mediterranean",
            "pos": [2.0 + 3 * i, 41.0],
            "cities": [{"id": port, "name": port.title(), "fort": fort, "port": True}],
        }
        borders += [{"between": [area, sea], "kind": "coast"} for sea in seas]
    areas["lombardy"] = {
        "name": "Lombardy",
        "kind": "land",
        "state": "milan",
        "table": "mediterranean",
        "pos": [9.0, 45.5],
        "cities": [{"id": "milan", "name": "Milan", "fort": 4}],
    }
    for i, sea in enumerate(SEAS):
        areas[sea] = {"name": sea.title(), "kind": "sea", "table": "mediterranean", "pos": [3.0 + 3 * i, 39.0]}
    borders += [{"between": [a, b], "kind": "sea"} for a, b in itertools.pairwise(SEAS)]
    borders += [
        {"between": ["catalonia", "provence"], "kind": "land"},
        {"between": ["provence", "liguria"], "kind": "land"},
        {"between": ["liguria", "lombardy"], "kind": "land"},
        {"between": ["lombardy", "veneto"], "kind": "land"},
    ]
    return {"format": "umpire-rr3-map/1", "areas": areas, "borders": borders}


def fleet(fleet_id: str, owner: str, nation: str, port: str | None = None, sea: str | None = None) -> dict[str, Any]:
    return {
        "id": fleet_id,
        "state": owner,
        "nation": nation,
        "damaged": False,
        "sea": sea,
        "port": port,
        "troops": 0,
        "carrying": None,
        "repaired": None,
    }


def army(army_id: str, owner: str, team: str, men: int, area: str | None) -> dict[str, Any]:
    return {"id": army_id, "state": owner, "team": team, "men": men, "area": area, "mutinous": False}


def make_state(seed: int = 1) -> State:
    """Spain (Habsburgs, with Naples) is at war with the Ottomans and France; Genoa, North Africa and the Ottomans
    are non-played. Phase 2, first movement step."""

    def st(team: str | None, war: list[str], treasury: int = 10) -> dict[str, Any]:
        return {"team": team, "played": team is not None, "treasury": treasury, "at_war_with": war}

    return {
        "geography": map_data(),
        "rng": rng.init_rng(seed),
        "rolls": [],
        "turn": 1,
        "phase": 2,
        "step": "move1",
        "teams": {t: {"states": []} for t in ("habsburgs", "france", "venice", "milan")},
        "states": {
            "spain": st("habsburgs", ["ottomans", "france"], 5),
            "naples": st("habsburgs", [], 4),
            "france": st("france", []),
            "venice": st("venice", []),
            "milan": st("milan", []),
            "genoa": st(None, []),
            "north_africa": st(None, []),
            "ottomans": st(None, []),
        },
        "areas": {area: {"owner": owner} for area, (owner, *_rest) in PORTS.items()},
        "cities": {
            port: {"owner": owner, "fort": fort, "garrison": 1_000 * fort, "blockade": 0, "besieged_by": []}
            for owner, port, fort, _ in PORTS.values()
        },
        "armies": {},
        "fleets": {
            "spain_fleet": fleet("spain_fleet", "spain", "spanish", port="barcelona"),
            "ottoman_fleet": fleet("ottoman_fleet", "ottomans", "turkish", port="modon"),
            "venice_fleet": fleet("venice_fleet", "venice", "venetian", port="venice"),
        },
        "items": {},
        "next_item": 1,
        "journal": [],
    }


def act(state: State, role: str, **action: Any) -> None:
    desk.do_direct(state, role, action, team=desk.team_of(state, role))


def ask(state: State, role: str, **action: Any) -> dict[str, Any]:
    return desk.make_request(state, role, action, team=desk.team_of(state, role))


def settle(state: State, item: dict[str, Any], role: str = desk.MAP, **fields: Any) -> dict[str, Any]:
    return desk.settle_item(state, role, {"type": "settle", "item": item["id"], "who": "Bo", **fields})


def faces_seed(*faces: int) -> int:
    """A seed whose first d6 rolls are ``faces`` (the dice of an item settled right after it is set)."""
    for seed in range(20_000):
        probe: State = {"rng": rng.init_rng(seed), "rolls": []}
        if [rng.roll(probe, "probe") for _ in faces] == list(faces):
            return seed
    raise AssertionError("no seed found")


def end_step(state: State) -> None:
    following = {"move1": "move2", "move2": "done"}[state["step"]]
    old, state["step"] = state["step"], following
    navies._step_change(state, old, following)


def battles(state: State) -> list[dict[str, Any]]:
    return [i for i in desk.pending(state, desk.MAP) if i["kind"] == "naval_battle"]


def grant(state: State, role: str, owner: str, to: str, yes: bool = True) -> None:
    act(state, role, type="port_permission", owner=owner, to=to, grant=yes)


# --- movement and ports -----------------------------------------------------------------------------------------


def test_naval_a_fleet_sails_any_distance_in_a_step_through_seas_with_friendly_ports() -> None:
    # ruling RR3-MP08
    state = make_state()

    def order() -> None:
        path = "gulf_of_lion, ligurian, tyrrhenian"
        act(state, "habsburgs", type="fleet_orders", fleet="spain_fleet", path=path, port="naples")

    with pytest.raises(IllegalAction, match="no home or friendly port on ligurian"):
        order()
    grant(state, desk.NONPLAYED, "genoa", "spain")
    order()
    assert state["fleets"]["spain_fleet"]["port"] == "barcelona"  # orders are carried out at the step's end
    end_step(state)
    assert state["fleets"]["spain_fleet"]["port"] == "naples" and state["fleets"]["spain_fleet"]["sea"] is None


def test_naval_orders_are_checked_precisely() -> None:
    state = make_state()

    def order(role: str = "habsburgs", **fields: Any) -> None:
        act(state, role, type="fleet_orders", fleet="spain_fleet", **fields)

    with pytest.raises(IllegalAction, match="first sea must be one of gulf_of_lion, not tyrrhenian"):
        order(path="tyrrhenian")
    with pytest.raises(IllegalAction, match="'atlantic' is not a sea area"):
        order(path="gulf_of_lion atlantic")
    with pytest.raises(IllegalAction, match="gulf_of_lion and tyrrhenian do not border each other"):
        order(path="gulf_of_lion tyrrhenian")
    with pytest.raises(IllegalAction, match="waiting to intercept stays where it is"):
        order(path="gulf_of_lion", intercept="gulf_of_lion")
    with pytest.raises(IllegalAction, match="carries no army"):
        order(path="gulf_of_lion", land="provence")
    with pytest.raises(IllegalAction, match=r"'fleet' .* cannot be 'spain_fleet'"):
        order(role="venice", path="gulf_of_lion")
    state["fleets"]["spain_fleet"].update(port=None, sea="gulf_of_lion")
    with pytest.raises(IllegalAction, match="at sea in gulf_of_lion; its first sea must be one of ligurian, not"):
        order(path="tyrrhenian")
    grant(state, desk.NONPLAYED, "genoa", "spain")
    order(path="gulf_of_lion ligurian")  # written from the fleet's own sea: that sea is dropped
    assert state["fleet_orders"]["spain_fleet"]["path"] == ["ligurian"]
    state["step"] = "pay"
    assert "fleet_orders" not in {f["type"] for f in desk.request_forms(state, "habsburgs", "habsburgs")}
    with pytest.raises(IllegalAction, match=r"Orders for a fleet \(this step\) is not possible for habsburgs now"):
        order(path="gulf_of_lion")


def test_naval_port_entry_needs_the_owners_permission() -> None:
    state = make_state()
    with pytest.raises(IllegalAction, match="genoa has not given spain permission to enter its ports"):
        act(state, "habsburgs", type="fleet_orders", fleet="spain_fleet", path="gulf_of_lion", port="genoa")
    with pytest.raises(IllegalAction, match=r"'owner' .* cannot be 'genoa'"):
        grant(state, "habsburgs", "genoa", "spain")  # only Non-played States Control speaks for Genoa
    with pytest.raises(IllegalAction, match="home ports"):
        grant(state, "habsburgs", "naples", "spain")
    grant(state, desk.NONPLAYED, "genoa", "spain")
    act(state, "habsburgs", type="fleet_orders", fleet="spain_fleet", path="gulf_of_lion", port="genoa")
    end_step(state)
    assert state["fleets"]["spain_fleet"]["port"] == "genoa"
    grant(state, desk.NONPLAYED, "genoa", "spain", yes=False)  # withdrawn: the fleet withdraws at once
    assert state["fleets"]["spain_fleet"]["port"] == "barcelona"
    assert any(e["title"] == "spain_fleet withdraws" for e in state["journal"])


def test_naval_home_ports_of_the_team_are_always_open() -> None:
    state = make_state()
    state["fleets"]["spain_fleet"].update(port=None, sea="tyrrhenian")
    act(state, "habsburgs", type="fleet_orders", fleet="spain_fleet", port="naples")
    end_step(state)
    assert state["fleets"]["spain_fleet"]["port"] == "naples"


def test_naval_a_fleet_without_a_friendly_port_in_its_sea_withdraws() -> None:
    # ruling RR3-MP08
    state = make_state()
    grant(state, desk.NONPLAYED, "genoa", "spain")
    state["fleets"]["spain_fleet"].update(port=None, sea="ligurian")
    state["port_access"]["genoa"] = []  # e.g. Genoa changed sides: no friendly port on the Ligurian sea
    navies._phase_start(state)
    assert state["fleets"]["spain_fleet"]["port"] == "barcelona"


# --- naval battles ----------------------------------------------------------------------------------------------


def _ottomans_sail_into_the_tyrrhenian(state: State) -> None:
    grant(state, desk.NONPLAYED, "north_africa", "ottomans")
    act(state, desk.NONPLAYED, type="fleet_orders", fleet="ottoman_fleet", path="ionian tyrrhenian")


def test_naval_hostile_fleets_in_one_sea_fight_with_quality_modifiers() -> None:
    """Spain (0) and the Turks (+1) both roll 3: 3 against 4, the Turks win; the Spanish fleet is damaged, returns
    to the nearest friendly port (Naples, on that sea) and the army it carried is lost."""
    state = make_state()
    state["fleets"]["spain_fleet"].update(port=None, sea="tyrrhenian", troops=12_000, carrying="spain_1")
    state["armies"]["spain_1"] = army("spain_1", "spain", "habsburgs", 12_000, "catalonia")
    state["armies"]["spain_1"]["aboard"] = "spain_fleet"
    _ottomans_sail_into_the_tyrrhenian(state)
    end_step(state)
    [battle] = battles(state)
    assert battle["public"] and battle["params"]["sea"] == "tyrrhenian"
    assert (battle["params"]["a"], battle["params"]["b"]) == ("ottoman_fleet", "spain_fleet")
    state["rng"] = rng.init_rng(faces_seed(3, 3))
    settled = settle(state, battle)
    assert [d["result"] for d in settled["dice"]] == [3, 3]
    spain = state["fleets"]["spain_fleet"]
    assert spain["damaged"] and spain["port"] == "naples" and spain["troops"] == 0 and spain["carrying"] is None
    assert "spain_1" not in state["armies"] and "is lost" in settled["outcome"]
    assert state["fleets"]["ottoman_fleet"]["sea"] == "tyrrhenian"  # the winner stays in position
    assert not state["fleets"]["ottoman_fleet"]["damaged"]


def test_naval_a_tie_is_indecisive_and_a_winner_may_return_to_port() -> None:
    state = make_state()
    state["fleets"]["spain_fleet"].update(port=None, sea="tyrrhenian")
    _ottomans_sail_into_the_tyrrhenian(state)
    end_step(state)
    [battle] = battles(state)
    state["rng"] = rng.init_rng(faces_seed(2, 3))  # 3 against 3
    assert "indecisive" in settle(state, battle)["outcome"]
    assert not state["fleets"]["spain_fleet"]["damaged"] and not state["fleets"]["ottoman_fleet"]["damaged"]
    end_step(state)  # still together at sea at the end of the next step: they fight again
    [battle] = battles(state)
    state["rng"] = rng.init_rng(faces_seed(1, 6))  # 2 against 6: Spain wins and goes home
    settle(state, battle, winner_to_port=True)
    assert state["fleets"]["spain_fleet"]["port"] == "naples"
    assert state["fleets"]["ottoman_fleet"]["damaged"] and state["fleets"]["ottoman_fleet"]["port"] == "tunis"


def test_naval_a_damaged_fleet_that_loses_is_sunk() -> None:
    state = make_state()
    state["fleets"]["spain_fleet"].update(port=None, sea="tyrrhenian", damaged=True)
    state["fleets"]["ottoman_fleet"].update(port=None, sea="tyrrhenian")
    grant(state, desk.NONPLAYED, "north_africa", "ottomans")
    navies.resolve_fleets(state, sieges.geography(state))
    [battle] = battles(state)
    state["rng"] = rng.init_rng(faces_seed(3, 5))  # Turks 3+1 = 4 against Spain 5-2 = 3
    settled = settle(state, battle)
    assert "spain_fleet" not in state["fleets"] and "is sunk" in settled["outcome"]


def test_naval_a_loser_with_no_friendly_port_is_lost_and_a_stale_battle_is_void() -> None:
    state = make_state()
    state["fleets"]["spain_fleet"].update(port=None, sea="tyrrhenian")
    state["fleets"]["ottoman_fleet"].update(port=None, sea="tyrrhenian")
    grant(state, desk.NONPLAYED, "north_africa", "ottomans")
    navies.resolve_fleets(state, sieges.geography(state))
    [battle] = battles(state)
    state["cities"]["modon"]["owner"] = "venice"  # the Turks' only home port has fallen
    state["port_access"]["north_africa"] = []
    state["rng"] = rng.init_rng(faces_seed(1, 6))  # Turks 2 against Spain 6
    settled = settle(state, battle)
    assert "ottoman_fleet" not in state["fleets"] and "no friendly port to reach" in settled["outcome"]
    state["fleets"]["ottoman_fleet"] = fleet("ottoman_fleet", "ottomans", "turkish", sea="tyrrhenian")
    state["port_access"]["north_africa"] = ["ottomans"]
    navies.resolve_fleets(state, sieges.geography(state))
    [battle] = battles(state)
    state["fleets"]["spain_fleet"].update(sea=None, port="naples")
    settled = settle(state, battle)
    assert settled["outcome"].startswith("no battle: fleet spain_fleet is no longer at sea") and settled["dice"] == []


def test_naval_a_fleet_in_port_sails_out_to_intercept() -> None:
    state = make_state()
    state["fleets"]["spain_fleet"]["port"] = "naples"
    act(state, "habsburgs", type="fleet_orders", fleet="spain_fleet", intercept="tyrrhenian")
    act(state, "venice", type="fleet_orders", fleet="venice_fleet", intercept="adriatic")
    grant(state, desk.NONPLAYED, "north_africa", "ottomans")
    act(state, desk.NONPLAYED, type="fleet_orders", fleet="ottoman_fleet", path="ionian tyrrhenian", port="tunis")
    end_step(state)
    [battle] = battles(state)
    assert {battle["params"]["a"], battle["params"]["b"]} == {"spain_fleet", "ottoman_fleet"}
    assert state["fleets"]["spain_fleet"]["sea"] == "tyrrhenian" and state["fleets"]["spain_fleet"]["port"] is None
    assert state["fleets"]["ottoman_fleet"]["sea"] == "tyrrhenian"  # stopped: it does not reach Tunis
    assert state["fleets"]["venice_fleet"]["port"] == "venice"  # nobody passed through the Adriatic


def test_naval_fleets_in_port_are_safe() -> None:
    state = make_state()
    state["fleets"]["spain_fleet"]["port"] = "naples"
    _ottomans_sail_into_the_tyrrhenian(state)
    end_step(state)
    assert battles(state) == []


# --- repair -----------------------------------------------------------------------------------------------------


def test_naval_repair_costs_two_florins_once_per_phase() -> None:
    state = make_state()
    state["phase"], state["step"] = 1, None
    spain = state["fleets"]["spain_fleet"]
    with pytest.raises(IllegalAction, match="spain_fleet is not damaged"):
        ask(state, "habsburgs", type="repair_fleet", fleet="spain_fleet")
    spain["damaged"] = True
    item = ask(state, "habsburgs", type="repair_fleet", fleet="spain_fleet")
    assert item["desk"] == desk.MAP and item["team"] == "habsburgs"
    with pytest.raises(IllegalAction, match="one repair attempt per military phase"):
        ask(state, "habsburgs", type="repair_fleet", fleet="spain_fleet")
    state["rng"] = rng.init_rng(faces_seed(3))
    settled = settle(state, item)
    assert spain["damaged"] and state["states"]["spain"]["treasury"] == 3 and "die is 3" in settled["outcome"]
    with pytest.raises(IllegalAction, match="has had its attempt this phase"):
        ask(state, "habsburgs", type="repair_fleet", fleet="spain_fleet")
    state["phase"], state["step"] = 2, "pay"
    item = ask(state, "habsburgs", type="repair_fleet", fleet="spain_fleet")
    state["rng"] = rng.init_rng(faces_seed(4))
    settle(state, item)
    assert not spain["damaged"] and state["states"]["spain"]["treasury"] == 1
    spain["damaged"] = True
    state["phase"] = 3
    with pytest.raises(IllegalAction, match="costs 2 florins; spain has 1"):
        ask(state, "habsburgs", type="repair_fleet", fleet="spain_fleet")
    state["states"]["spain"]["treasury"] = 9
    spain.update(port=None, sea="gulf_of_lion")
    with pytest.raises(IllegalAction, match="only in a friendly port; fleet spain_fleet is at sea in gulf_of_lion"):
        ask(state, "habsburgs", type="repair_fleet", fleet="spain_fleet")
    state["phase"] = 4
    with pytest.raises(IllegalAction, match="phase 1, 2, 3, 5 only"):
        ask(state, "habsburgs", type="repair_fleet", fleet="spain_fleet")


# --- transport --------------------------------------------------------------------------------------------------


def test_naval_transport_embark_sail_and_land_on_a_coast() -> None:
    state = make_state()
    state["armies"]["spain_1"] = army("spain_1", "spain", "habsburgs", 41_000, "catalonia")
    with pytest.raises(IllegalAction, match="can carry 40000 more men, not 41000"):
        act(state, "habsburgs", type="fleet_embark", fleet="spain_fleet", army="spain_1")
    state["armies"]["spain_1"]["men"] = 30_000
    act(state, "habsburgs", type="fleet_embark", fleet="spain_fleet", army="spain_1")
    assert state["fleets"]["spain_fleet"]["troops"] == 30_000 and state["armies"]["spain_1"]["aboard"] == "spain_fleet"
    with pytest.raises(IllegalAction, match="already at sea aboard spain_fleet"):
        navies.embark(state, "venice_fleet", "spain_1")
    state["armies"]["spain_2"] = army("spain_2", "spain", "habsburgs", 1_000, "catalonia")
    with pytest.raises(IllegalAction, match="already carries army spain_1"):
        navies.embark(state, "spain_fleet", "spain_2")
    with pytest.raises(IllegalAction, match="lombardy is not on the coast of gulf_of_lion"):
        act(state, "habsburgs", type="fleet_orders", fleet="spain_fleet", path="gulf_of_lion", land="lombardy")
    act(state, "habsburgs", type="fleet_orders", fleet="spain_fleet", path="gulf_of_lion", land="provence")
    end_step(state)
    assert state["armies"]["spain_1"]["area"] == "provence" and "aboard" not in state["armies"]["spain_1"]
    assert state["fleets"]["spain_fleet"]["troops"] == 0 and state["fleets"]["spain_fleet"]["sea"] == "gulf_of_lion"


def test_naval_embark_only_where_the_fleet_is() -> None:
    state = make_state()
    state["armies"]["naples_1"] = army("naples_1", "naples", "habsburgs", 5_000, "campania")
    with pytest.raises(IllegalAction, match="in port at barcelona, not in campania"):
        navies.embark(state, "spain_fleet", "naples_1")
    state["fleets"]["spain_fleet"].update(port=None, sea="tyrrhenian")
    navies.embark(state, "spain_fleet", "naples_1")  # a fleet of the same team, off the army's coast
    state["fleets"]["spain_fleet"].update(port="naples", sea=None)
    act(state, "habsburgs", type="fleet_land", fleet="spain_fleet")
    assert state["armies"]["naples_1"]["area"] == "campania"
    state["armies"]["venice_1"] = army("venice_1", "venice", "venice", 5_000, "campania")
    with pytest.raises(IllegalAction, match="carries armies of its own side"):
        navies.embark(state, "spain_fleet", "venice_1")


# --- piracy -----------------------------------------------------------------------------------------------------


def test_naval_piracy_costs_two_florins_at_most_once_per_turn_per_state() -> None:
    state = make_state()
    raid = ask(state, desk.NONPLAYED, type="pirate_raid", raider="north_africa", area="campania")
    assert raid["desk"] == desk.NONPLAYED and raid["team"] == "habsburgs" and raid["params"]["state"] == "naples"
    with pytest.raises(IllegalAction, match="naples has already suffered a raid this turn"):
        ask(state, desk.NONPLAYED, type="pirate_raid", raider="ottomans", area="campania")
    settle(state, raid, role=desk.NONPLAYED)
    assert state["states"]["naples"]["treasury"] == 4 - rules.PIRACY_COST
    with pytest.raises(IllegalAction, match="already suffered a raid this turn"):
        ask(state, desk.NONPLAYED, type="pirate_raid", raider="ottomans", area="campania")
    beaten = ask(state, desk.NONPLAYED, type="pirate_raid", raider="ottomans", area="catalonia")
    settle(state, beaten, role=desk.NONPLAYED, successful=False)
    assert state["states"]["spain"]["treasury"] == 5
    again = ask(state, desk.NONPLAYED, type="pirate_raid", raider="ottomans", area="catalonia")  # none succeeded
    state["turn"] = 2
    next_turn = ask(state, desk.NONPLAYED, type="pirate_raid", raider="ottomans", area="campania")
    settle(state, next_turn, role=desk.NONPLAYED)
    assert state["states"]["naples"]["treasury"] == 0
    assert again["status"] == desk.PENDING


def test_naval_piracy_refusals() -> None:
    state = make_state()
    with pytest.raises(IllegalAction, match="lombardy has no coast"):
        ask(state, desk.NONPLAYED, type="pirate_raid", raider="ottomans", area="lombardy")
    with pytest.raises(IllegalAction, match="Non-played States Control's; you are map_control"):
        ask(state, desk.MAP, type="pirate_raid", raider="ottomans", area="campania")
    with pytest.raises(IllegalAction, match="only the control team"):
        ask(state, "france", type="pirate_raid", raider="ottomans", area="campania")
    with pytest.raises(IllegalAction, match=r"'raider' .* cannot be 'venice'"):
        ask(state, desk.NONPLAYED, type="pirate_raid", raider="venice", area="campania")


# --- through the ruleset ----------------------------------------------------------------------------------------


def ruleset_game(seed: int = 4) -> Game:
    """The shared fixture position on this module's map, with its states, cities and fleets."""
    parts = small_parts()
    mine = make_state()
    for key in ("geography", "cities", "fleets"):
        parts[key] = mine[key]
    parts["armies"] = {}
    parts["areas"] = {
        a: {"owner": owner, "religion": "catholic", "minority": None, "revolt": False, "looted": False,
            "extorted": False, "purge_attempts": 0, "counters": 0}
        for a, (owner, *_rest) in PORTS.items()
    }  # fmt: skip
    for sid, record in mine["states"].items():
        base = parts["states"].get(sid) or {**parts["states"]["genoa"], "name": sid.title()}
        parts["states"][sid] = {**base, **record, "home": [a for a, (o, *_r) in PORTS.items() if o == sid]}
    state: State = {"ruleset": "rr3", "rng": rng.init_rng(seed), "rolls": [], "control": {}}
    opts = RULESET.option_values({})
    RULESET.start(state, parts, opts)
    record = {"format": FORMAT, "ruleset": "rr3", "scenario": "1524", "options": opts, "seed": seed, "actions": []}
    return Game(RULESET, record, state)


def test_naval_fleet_orders_and_a_naval_battle_through_the_ruleset() -> None:
    game = ruleset_game()
    game.act(desk.GAME, {"type": "resolve"})
    game.act(desk.MAP, {"type": "next_step", "who": "Bo"})
    assert (game.state["phase"], game.state["step"]) == (2, "move1")
    with pytest.raises(IllegalAction, match="cannot be 'venice_fleet'; expected one of: spain_fleet"):
        game.act("habsburgs", {"type": "fleet_orders", "fleet": "venice_fleet", "path": "adriatic"})
    game.act("habsburgs", {"type": "fleet_orders", "fleet": "spain_fleet", "path": "gulf_of_lion"})
    game.act(desk.NONPLAYED, {"type": "port_permission", "owner": "genoa", "to": "ottomans", "grant": True})
    with pytest.raises(IllegalAction, match="ottoman_fleet has no home or friendly port on tyrrhenian"):
        game.act(desk.NONPLAYED, {"type": "fleet_orders", "fleet": "ottoman_fleet", "path": "ionian tyrrhenian"})
    game.act(desk.NONPLAYED, {"type": "port_permission", "owner": "north_africa", "to": "ottomans", "grant": True})
    game.act(desk.NONPLAYED, {"type": "fleet_orders", "fleet": "ottoman_fleet", "path": "ionian tyrrhenian ligurian"})
    game.act(desk.MAP, {"type": "next_step", "who": "Bo"})
    assert game.state["fleets"]["spain_fleet"]["sea"] == "gulf_of_lion"
    assert game.state["fleets"]["ottoman_fleet"]["sea"] == "ligurian"  # three sea areas in one step
    game.act("habsburgs", {"type": "fleet_orders", "fleet": "spain_fleet", "intercept": "gulf_of_lion"})
    game.act(desk.NONPLAYED, {"type": "fleet_orders", "fleet": "ottoman_fleet", "path": "gulf_of_lion"})
    game.act(desk.MAP, {"type": "next_step", "who": "Bo"})
    [battle] = [i for i in game.view(desk.MAP)["desk"]["pending"] if i["kind"] == "naval_battle"]
    game.act(desk.MAP, {"type": "settle", "item": battle["id"], "who": "Bo"})
    settled = game.state["items"][battle["id"]]
    assert settled["status"] == desk.SETTLED and len(settled["dice"]) == 2
    spanish, turkish = (settled["dice"][i]["result"] for i in (0, 1))
    loser = "spain_fleet" if spanish < turkish + 1 else "ottoman_fleet" if spanish > turkish + 1 else None
    for fid in ("spain_fleet", "ottoman_fleet"):
        assert game.state["fleets"][fid]["damaged"] == (fid == loser)
    news = [n for n in game.view("observer")["news"] if n.get("item_kind") == "naval_battle"]
    assert [n["id"] for n in news] == [battle["id"]] and len(news[0]["dice"]) == 2
    assert "troops" not in game.view("observer")["map"]["fleets"]["spain_fleet"]
