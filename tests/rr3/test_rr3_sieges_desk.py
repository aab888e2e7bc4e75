"""RR3 siege desk (handbook, *Garrisons* and *Sieges*): requests, one-click settlements, step and phase hooks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests.rr3.rr3fixtures import small_parts

from umpire.games.rr3 import desk
from umpire.games.rr3 import sieges as rules
from umpire.games.rr3.desks import sieges
from umpire.games.rr3.desks.armies import new_army
from umpire.games.rr3.rules import RULESET
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import FORMAT, Game

State = dict[str, Any]


def map_data() -> dict[str, Any]:
    """Lombardy (Milan, 4) between Piedmont (Turin, 1), Veneto (Venice, 5, a port) and Provence (Marseille, 2)."""

    def land(name: str, owner: str, lon: float, cities: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "name": name,
            "kind": "land",
            "state": owner,
            "table": "mediterranean",
            "pos": [lon, 45.0],
            "cities": cities,
        }

    return {
        "format": "umpire-rr3-map/1",
        "areas": {
            "lombardy": land("Lombardy", "milan", 9.0, [{"id": "milan", "name": "Milan", "fort": 4}]),
            "piedmont": land("Piedmont", "savoy", 7.5, [{"id": "turin", "name": "Turin", "fort": 1}]),
            "veneto": land("Veneto", "venice", 12.0, [{"id": "venice", "name": "Venice", "fort": 5, "port": True}]),
            "provence": land("Provence", "france", 5.5, [{"id": "marseille", "name": "Marseille", "fort": 2}]),
            "adriatic": {"name": "Adriatic", "kind": "sea", "table": "mediterranean", "pos": [14.0, 43.0]},
        },
        "borders": [
            {"between": ["lombardy", "piedmont"], "kind": "land"},
            {"between": ["lombardy", "veneto"], "kind": "land"},
            {"between": ["piedmont", "provence"], "kind": "land"},
            {"between": ["veneto", "adriatic"], "kind": "coast"},
        ],
    }


def army(army_id: str, owner: str, team: str | None, men: int, area: str) -> dict[str, Any]:
    return {
        "id": army_id,
        "state": owner,
        "team": team,
        "men": men,
        "arrears": 0,
        "fatigue": 0,
        "area": area,
        "commander": None,
        "mutinous": False,
        "raised": {"turn": 1, "phase": 1},
        "looting": False,
        "moved": 0,
        "came_from": None,
        "nation": "",
    }


def city(owner: str, fort: int) -> dict[str, Any]:
    return {"owner": owner, "fort": fort, "garrison": 1_000 * fort, "blockade": 0, "besieged_by": []}


def make_state(seed: int = 1) -> State:
    """France (at war with Milan) has 20,000 men in Lombardy; phase 2, first movement step."""

    def st(team: str | None, war: list[str]) -> dict[str, Any]:
        return {"team": team, "played": team is not None, "treasury": 10, "at_war_with": war}

    return {
        "geography": map_data(),
        "rng": rng.init_rng(seed),
        "rolls": [],
        "turn": 1,
        "phase": 2,
        "step": "move1",
        "teams": {"france": {"states": ["france"]}, "milan": {"states": ["milan"]}, "venice": {"states": ["venice"]}},
        "states": {
            "france": st("france", ["milan"]),
            "milan": st("milan", []),
            "venice": st("venice", []),
            "savoy": st(None, []),
        },
        "cities": {
            "milan": city("milan", 4),
            "turin": city("savoy", 1),
            "venice": city("venice", 5),
            "marseille": city("france", 2),
        },
        "armies": {"france_1": army("france_1", "france", "france", 20_000, "lombardy")},
        "fleets": {},
        "items": {},
        "next_item": 1,
        "journal": [],
    }


def request(state: State, role: str, **action: Any) -> dict[str, Any]:
    return desk.make_request(state, role, action, team=desk.team_of(state, role))


def settle(state: State, item: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return desk.settle_item(state, desk.MAP, {"type": "settle", "item": item["id"], "who": "Ann", **fields})


def seed_where(draw: Callable[[State], bool]) -> int:
    """The first seed whose first draws satisfy ``draw`` (called on a scratch state)."""
    for seed in range(20_000):
        if draw({"rng": rng.init_rng(seed), "rolls": []}):
            return seed
    raise AssertionError("no seed found")


def faces_seed(*faces: int) -> int:
    return seed_where(lambda probe: [rng.roll(probe, "probe") for _ in faces] == list(faces))


def end_step(state: State) -> None:
    """The end of the current movement step: the desk's hook, then the clock moves on."""
    following = {"move1": "move2", "move2": "done"}[state["step"]]
    old, state["step"] = state["step"], following
    sieges._step_change(state, old, following)


# --- garrisons and the movement helper ---------------------------------------------------------------------------


def test_sieges_enemy_cities_only_of_states_at_war() -> None:
    state = make_state()
    geo = sieges.geography(state)
    assert sieges.enemy_cities(state, geo, "lombardy", "france") == ["milan"]
    assert sieges.enemy_cities(state, geo, "lombardy", "venice") == []
    assert sieges.enemy_cities(state, geo, "piedmont", "france") == []
    with pytest.raises(IllegalAction, match="unknown area 'atlantis'"):
        sieges.enemy_cities(state, geo, "atlantis", "france")


def test_sieges_garrison_is_made_up_at_phase_start_only_when_no_enemy_is_near() -> None:
    state = make_state()
    state["cities"]["milan"]["garrison"] = 1_000
    sieges._phase_start(state)
    assert state["cities"]["milan"]["garrison"] == 1_000  # France's army is in Lombardy
    state["armies"]["france_1"]["area"] = "piedmont"
    sieges._phase_start(state)
    assert state["cities"]["milan"]["garrison"] == 4_000
    assert sieges.base_garrison(state, "milan") == 4_000


def test_sieges_breaches_are_repaired_at_the_turn_start() -> None:
    state = make_state()
    state["armies"] = {}
    state["cities"]["milan"].update(fort=2, garrison=500)
    sieges._phase_start(state)  # phase 2: the garrison of the breached city is made up, the breach stays
    assert state["cities"]["milan"]["fort"] == 2 and state["cities"]["milan"]["garrison"] == 2_000
    state["turn"], state["phase"] = 2, 1
    sieges._phase_start(state)
    assert state["cities"]["milan"]["fort"] == 4 and state["cities"]["milan"]["garrison"] == 4_000


# --- blockade ---------------------------------------------------------------------------------------------------


def test_sieges_blockade_counts_three_steps_then_the_city_surrenders() -> None:
    state = make_state()
    item = request(state, "france", type="blockade", city="milan", army="france_1")
    assert item["desk"] == desk.MAP and item["public"] and item["params"]["step"] == "move1"
    settle(state, item)
    assert state["cities"]["milan"]["besieged_by"] == ["france_1"]
    end_step(state)
    assert state["cities"]["milan"]["blockade"] == 1
    end_step(state)
    assert state["cities"]["milan"]["blockade"] == 2 and state["cities"]["milan"]["owner"] == "milan"
    state["phase"], state["step"] = 3, "move1"
    sieges._phase_start(state)  # the army stays: no garrison change, the blockade goes on
    end_step(state)
    record = state["cities"]["milan"]
    assert record["owner"] == "france" and record["garrison"] == 4_000 and record["blockade"] == 0
    assert record["besieged_by"] == []
    assert any(e["title"] == "milan falls" and e["public"] for e in state["journal"])


def test_sieges_blockade_lapses_when_the_army_leaves_or_is_too_weak() -> None:
    state = make_state()
    settle(state, request(state, "france", type="blockade", city="milan", army="france_1"))
    end_step(state)
    state["armies"]["france_1"]["men"] = 19_000  # RR3-R11: below 5,000 per defence value, the count restarts
    end_step(state)
    assert state["cities"]["milan"]["blockade"] == 0 and state["cities"]["milan"]["besieged_by"] == ["france_1"]
    state["step"] = "move1"
    state["armies"]["france_1"]["area"] = "piedmont"
    end_step(state)
    assert state["cities"]["milan"]["besieged_by"] == [] and state["cities"]["milan"]["blockade"] == 0


def test_sieges_blockade_needs_5000_per_defence_value() -> None:
    state = make_state()
    state["armies"]["france_1"]["men"] = 15_000
    with pytest.raises(IllegalAction, match="needs 20,000 men; france_1 has 15,000"):
        request(state, "france", type="blockade", city="milan", army="france_1")
    state["cities"]["milan"]["fort"] = 3  # RR3-R10: the current value after breaches
    request(state, "france", type="blockade", city="milan", army="france_1")
    with pytest.raises(IllegalAction, match="already blockades milan"):
        request(state, "france", type="blockade", city="milan", army="france_1")


# --- bombardment -----------------------------------------------------------------------------------------------


def test_sieges_bombardment_breaches_to_zero_and_the_city_surrenders() -> None:
    state = make_state()
    state["armies"]["france_1"]["men"] = 40_000  # two dice
    state["cities"]["milan"]["fort"] = 3
    item = request(state, "france", type="bombard", city="milan", army="france_1")
    state["rng"] = rng.init_rng(seed_where(lambda p: sorted(rules.bombard(p, "x", 40_000, 3).faces) == [1, 5]))
    settled = settle(state, item)
    assert state["cities"]["milan"]["fort"] == 2 and "1 breach(es)" in settled["outcome"]
    assert settled["dice"][0]["kind"] == "2d6" and sorted(settled["dice"][0]["result"]) == [1, 5]
    with pytest.raises(IllegalAction, match="already been bombarded this step"):
        request(state, "france", type="bombard", city="milan", army="france_1")
    end_step(state)
    item = request(state, "france", type="bombard", city="milan", army="france_1")
    state["rng"] = rng.init_rng(seed_where(lambda p: rules.bombard(p, "x", 40_000, 2).breaches == 2))
    settled = settle(state, item)
    assert state["cities"]["milan"]["fort"] == 0 and state["cities"]["milan"]["owner"] == "france"
    assert state["cities"]["milan"]["garrison"] == 0  # the new owner's garrison of a city with no defences
    assert "surrenders to france" in settled["outcome"]


def test_sieges_bombardment_needs_20000_men() -> None:
    state = make_state()
    state["armies"]["france_1"]["men"] = 19_000
    with pytest.raises(IllegalAction, match="at least 20,000 men"):
        request(state, "france", type="bombard", city="milan", army="france_1")


# --- assault ----------------------------------------------------------------------------------------------------


def test_sieges_assault_result_rows_pure() -> None:
    """Milan (4, garrison 4,000) assaulted by 16,000 (4:1, +3): the three rows of *Results*."""
    taken = rules.assault_outcome(6, 2, 16_000, 4_000, 4)  # 9 - 6 = +3
    assert taken.taken and taken.besieger_loss == 0 and taken.garrison_left == 0
    near = rules.assault_outcome(5, 2, 16_000, 4_000, 4)  # 8 - 6 = +2: 20% of 16,000; 10% of 16,000
    assert (near.taken, near.besieger_loss, near.garrison_loss) == (False, 3_000, 1_000)
    bloody = rules.assault_outcome(2, 3, 16_000, 4_000, 4)  # 5 - 7 = -2: 30% of 16,000, garrison nothing
    assert (bloody.taken, bloody.besieger_loss, bloody.garrison_loss) == (False, 4_000, 0)


@pytest.mark.parametrize(
    ("faces", "men_left", "garrison_left", "owner"),
    [
        ((6, 2), 20_000, 4_000, "france"),  # +3: taken; France's own garrison holds it
        ((5, 2), 17_000, 3_000, "milan"),  # +2: the besiegers lose 3,000, the garrison 1,000
        ((4, 2), 17_000, 3_000, "milan"),  # +1: the same row
        ((3, 2), 16_000, 4_000, "milan"),  # evens: the besiegers lose 30% (4,000)
        ((1, 6), 16_000, 4_000, "milan"),  # worse: the same row
    ],
)
def test_sieges_assault_result_rows_through_an_item(
    faces: tuple[int, int], men_left: int, garrison_left: int, owner: str
) -> None:
    state = make_state()
    item = request(state, "france", type="assault", city="milan", army="france_1", men=16_000)
    assert item["params"]["men"] == 16_000
    state["rng"] = rng.init_rng(faces_seed(*faces))
    settled = settle(state, item)
    assert [d["result"] for d in settled["dice"]] == list(faces)
    assert state["armies"]["france_1"]["men"] == men_left
    assert state["cities"]["milan"]["garrison"] == garrison_left and state["cities"]["milan"]["owner"] == owner
    assert ("is taken" in settled["outcome"]) == (owner == "france")


def test_sieges_assault_minimum_loss_takes_a_small_garrison() -> None:
    """2,000 men against Turin (1, garrison 1,000), 2:1 (+1): +1/+2 costs each side the 1,000 minimum; the
    garrison's loss reaches its strength, so the town is taken (RR3-R16)."""
    state = make_state()
    state["states"]["france"]["at_war_with"].append("savoy")
    state["armies"]["france_1"].update(area="piedmont", men=2_000)
    item = request(state, "france", type="assault", city="turin", army="france_1", men=2_000)
    state["rng"] = rng.init_rng(faces_seed(5, 4))  # 5+1 against 4+1
    settle(state, item)
    assert state["armies"]["france_1"]["men"] == 1_000
    assert state["cities"]["turin"]["owner"] == "france" and state["cities"]["turin"]["garrison"] == 1_000


def test_sieges_assault_refusals_are_precise() -> None:
    state = make_state()
    with pytest.raises(IllegalAction, match="cannot commit 25,000"):
        request(state, "france", type="assault", city="milan", army="france_1", men=25_000)
    request(state, "france", type="assault", city="milan", army="france_1", men=10_000)
    with pytest.raises(IllegalAction, match="already been assaulted this step"):
        request(state, "france", type="assault", city="milan", army="france_1", men=10_000)
    with pytest.raises(IllegalAction, match="at least 1000"):
        request(state, "france", type="assault", city="milan", army="france_1", men=500)
    with pytest.raises(IllegalAction, match=r"'city' .* cannot be 'venice'"):
        request(state, "france", type="assault", city="venice", army="france_1", men=10_000)
    with pytest.raises(IllegalAction, match="Assault a city is not possible for map_control now"):
        request(state, desk.MAP, type="assault", city="milan", army="france_1", men=10_000)


def test_sieges_a_settled_item_checks_the_army_is_still_there() -> None:
    state = make_state()
    item = request(state, "france", type="assault", city="milan", army="france_1", men=10_000)
    state["armies"]["france_1"]["area"] = "piedmont"
    with pytest.raises(IllegalAction, match="france_1 is in piedmont, not in lombardy"):
        settle(state, item)


def test_sieges_an_army_aboard_a_fleet_neither_besieges_nor_blocks_the_garrison() -> None:
    state = make_state()
    settle(state, request(state, "france", type="blockade", city="milan", army="france_1"))
    state["cities"]["milan"]["garrison"] = 2_000
    state["armies"]["france_1"]["aboard"] = "france_fleet"
    with pytest.raises(IllegalAction, match="france_1 is at sea aboard fleet france_fleet; it must land first"):
        request(state, "france", type="assault", city="milan", army="france_1", men=5_000)
    sieges._phase_start(state)
    assert state["cities"]["milan"]["garrison"] == 4_000 and state["cities"]["milan"]["besieged_by"] == []


def test_sieges_happen_in_movement_steps_only() -> None:
    state = make_state()
    state["step"] = "pay"
    with pytest.raises(IllegalAction, match="not possible for france now"):
        request(state, "france", type="bombard", city="milan", army="france_1")
    assert "blockade" not in {f["type"] for f in desk.request_forms(state, "france", "france")}
    state["step"] = "move2"
    forms = {f["type"]: f for f in desk.request_forms(state, "france", "france")}
    city_field = next(f for f in forms["blockade"]["fields"] if f["name"] == "city")
    assert city_field["choices"] == ["milan"]


def test_sieges_a_team_cannot_besiege_its_own_city() -> None:
    state = make_state()
    state["armies"]["france_1"]["area"] = "provence"
    state["states"]["france"]["at_war_with"] = []
    with pytest.raises(IllegalAction, match="cannot be 'marseille'"):
        request(state, "france", type="blockade", city="marseille", army="france_1")
    item = {"params": {"city": "marseille", "army": "france_1"}}
    with pytest.raises(IllegalAction, match="a state of army france_1's own team"):
        sieges.settle_blockade(state, item, {})


def test_sieges_a_taken_city_closes_pending_siege_requests() -> None:
    state = make_state()
    blockade = request(state, "france", type="blockade", city="milan", army="france_1")
    assault = request(state, "france", type="assault", city="milan", army="france_1", men=16_000)
    state["rng"] = rng.init_rng(faces_seed(6, 1))
    settle(state, assault)
    assert state["cities"]["milan"]["owner"] == "france"
    assert blockade["status"] == desk.DISMISSED and "taken by france" in blockade["outcome"]


# --- through the ruleset ----------------------------------------------------------------------------------------


def ruleset_game(seed: int = 2, more: dict[str, int] | None = None) -> Game:
    """The shared fixture position on this module's map: France, at war with Milan, has 20,000 men in Lombardy
    (``more``: further French armies there, id to men)."""
    parts = small_parts()
    mine = make_state()
    parts["geography"] = mine["geography"]
    parts["cities"] = mine["cities"]
    parts["fleets"] = {}
    parts["areas"] = {
        a: {"owner": data["state"], "religion": "catholic", "minority": None, "revolt": False, "looted": False,
            "extorted": False, "purge_attempts": 0, "counters": 0}
        for a, data in mine["geography"]["areas"].items() if data["kind"] == "land"
    }  # fmt: skip
    parts["states"]["savoy"] = {**parts["states"]["swiss"], "name": "Savoy", "home": ["piedmont"]}
    for sid, home in (("france", "provence"), ("milan", "lombardy"), ("venice", "veneto")):
        parts["states"][sid].update(home=[home], treasury=20)
    parts["states"]["france"]["at_war_with"] = ["milan"]
    parts["armies"] = {
        "france_1": new_army(parts, "france_1", "france", 20_000, "lombardy", None, {"turn": 0, "phase": 1})
    }
    for army_id, men in (more or {}).items():
        parts["armies"][army_id] = new_army(parts, army_id, "france", men, "lombardy", None, {"turn": 0, "phase": 1})
    state: State = {"ruleset": "rr3", "rng": rng.init_rng(seed), "rolls": [], "control": {}}
    opts = RULESET.option_values({})
    RULESET.start(state, parts, opts)
    record = {"format": FORMAT, "ruleset": "rr3", "scenario": "1524", "options": opts, "seed": seed, "actions": []}
    return Game(RULESET, record, state)


def test_sieges_a_blockade_through_the_ruleset_takes_milan_in_the_next_military_phase() -> None:
    game = ruleset_game()

    def next_step() -> None:
        game.act(desk.MAP, {"type": "next_step", "who": "Ann"})

    def pay() -> None:
        game.act("france", {"type": "pay_army", "army": "france_1", "florins": 4})

    game.act(desk.GAME, {"type": "resolve"})
    assert (game.state["phase"], game.state["step"]) == (2, "pay")
    pay()
    next_step()
    game.act("france", {"type": "blockade", "city": "milan", "army": "france_1"})
    [item] = game.view(desk.MAP)["desk"]["pending"]
    assert item["kind"] == "blockade"
    game.act(desk.MAP, {"type": "settle", "item": item["id"], "who": "Ann"})
    next_step()
    next_step()
    assert game.state["cities"]["milan"]["blockade"] == 2
    game.act(desk.GAME, {"type": "resolve"})
    assert (game.state["phase"], game.state["step"]) == (3, "pay")
    pay()
    next_step()
    assert game.state["cities"]["milan"]["owner"] == "milan"
    next_step()
    assert game.state["cities"]["milan"]["owner"] == "france"
    assert game.view("observer")["map"]["cities"]["milan"]["owner"] == "france"


def test_sieges_bombardment_rolls_for_every_besieging_army_present() -> None:
    """Issue 28 point 9, RR3-M03: "For each 20,000 troops present roll 1d6". France's 20,000 and 25,000 in
    Lombardy bombard Milan with two dice, whichever army is named; 10,000 and 10,000 together may bombard too."""
    game = ruleset_game(more={"france_2": 25_000})
    game.act(desk.GAME, {"type": "resolve"})
    for army_id, florins in (("france_1", 4), ("france_2", 5)):
        game.act("france", {"type": "pay_army", "army": army_id, "florins": florins})
    game.act(desk.MAP, {"type": "next_step", "who": "Ann"})
    game.act("france", {"type": "bombard", "city": "milan", "army": "france_1"})
    [item] = game.view(desk.MAP)["desk"]["pending"]
    game.act(desk.MAP, {"type": "settle", "item": item["id"], "who": "Ann"})
    [done] = [i for i in game.view(desk.MAP)["desk"]["done"] if i["id"] == item["id"]]
    assert done["dice"][0]["kind"] == "2d6"
    assert "45,000 men present (france_1, france_2)" in done["outcome"]

    small = ruleset_game(more={"france_2": 10_000})
    small.state["armies"]["france_1"]["men"] = 10_000
    small.act(desk.GAME, {"type": "resolve"})
    for army_id in ("france_1", "france_2"):
        small.act("france", {"type": "pay_army", "army": army_id, "florins": 2})
    small.act(desk.MAP, {"type": "next_step", "who": "Ann"})
    small.act("france", {"type": "bombard", "city": "milan", "army": "france_2"})
    [item] = small.view(desk.MAP)["desk"]["pending"]
    small.act(desk.MAP, {"type": "settle", "item": item["id"], "who": "Ann"})
    assert "20,000 men present" in small.view(desk.MAP)["desk"]["done"][-1]["outcome"]


# --- the non-played states' sieges (RR3-L04) ---------------------------------------------------------------------


def test_sieges_a_siege_of_a_nonplayed_city_puts_it_at_war_with_the_besieger() -> None:
    """Handbook, *The Non-played States*: "In general, they will go to war if their territory is attacked": France
    blockades Turin of non-played Savoy, and Savoy is at war with France once the blockade is laid."""
    state = make_state()
    state["armies"]["france_1"]["area"] = "piedmont"
    item = request(state, "france", type="blockade", city="turin", army="france_1")
    assert item["desk"] == desk.MAP and "france" not in state["states"]["savoy"]["at_war_with"]
    settle(state, item)
    assert "france" in state["states"]["savoy"]["at_war_with"] and "savoy" in state["states"]["france"]["at_war_with"]
    assert any("savoy, attacked by france, goes to war" in e["text"] for e in state["journal"])


def test_sieges_nonplayed_states_control_lays_and_resolves_a_nonplayed_armys_siege() -> None:
    """Handbook, *Sieges*, for a state nobody plays (RR3-L04): Savoy's 12,000 men before Marseille (defence 2,
    10,000 needed to blockade) lay a blockade and then an assault, on Non-played States Control's desk; the
    blockade surrenders the city after three movement steps, as a player's does."""
    state = make_state(seed=faces_seed(1, 6))
    state["armies"]["savoy_1"] = army("savoy_1", "savoy", None, 12_000, "provence")
    np = desk.NONPLAYED
    forms = {f["type"]: f for f in desk.request_forms(state, np, None)}
    assert {f["name"]: f.get("choices") for f in forms["blockade"]["fields"]} == {
        "city": ["marseille"],
        "army": ["savoy_1"],
    }
    assert "blockade" not in {f["type"] for f in desk.request_forms(state, desk.MAP, None)}
    with pytest.raises(IllegalAction, match="savoy is not at war with france: a non-played state besieges marseille"):
        request(state, np, type="blockade", city="marseille", army="savoy_1")
    with pytest.raises(IllegalAction, match=r"'army' \(Army\) cannot be 'france_1'"):
        request(state, np, type="blockade", city="marseille", army="france_1")
    state["states"]["savoy"]["at_war_with"] = ["france"]  # np_war: France's army crossed into Savoy
    state["states"]["france"]["at_war_with"].append("savoy")
    item = request(state, np, type="blockade", city="marseille", army="savoy_1")
    assert item["desk"] == np and item["team"] is None
    with pytest.raises(IllegalAction, match=r"only Non-played States \(or Game Control\) may resolve this item"):
        settle(state, item)
    done = desk.settle_item(state, np, {"type": "settle", "item": item["id"], "who": "Nils"})
    assert done["closed_by"] == {"role": np, "who": "Nils"}
    assert state["cities"]["marseille"]["besieged_by"] == ["savoy_1"]
    assault = request(state, np, type="assault", city="marseille", army="savoy_1", men=6_000)
    assert assault["desk"] == np
    desk.settle_item(state, np, {"type": "settle", "item": assault["id"], "who": "Nils"})
    assert state["cities"]["marseille"]["owner"] == "france"  # the assault is beaten off
    for _ in range(3):
        state["step"] = "move1"
        end_step(state)
    assert state["cities"]["marseille"]["owner"] == "savoy"
