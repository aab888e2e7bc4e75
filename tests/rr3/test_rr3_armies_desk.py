"""RR3 Map Control's armies desk through the ruleset (handbook, The Campaign System: Armies, Garrisons, Raising an
army, Pay, Mutiny, Desertion, Disbanding armies, Loot; The Turn Sequence: phase 1 markers, phase 6 winter)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rr3.rr3fixtures import small_parts

from umpire.games.rr3 import finance
from umpire.games.rr3.desks.armies import new_army
from umpire.games.rr3.rules import RULESET
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import FORMAT, Game
from umpire.kernel.rng import init_rng


def land(state: str, lon: float, lat: float, cities: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"name": state.title(), "kind": "land", "state": state, "table": "mediterranean", "region": "italy",
            "religion": "catholic", "pos": [lon, lat], "cities": cities or []}  # fmt: skip


MAP: dict[str, Any] = {
    "format": "umpire-rr3-map/1",
    "areas": {
        "ile_de_france": land("france", 2, 48.8, [{"id": "paris", "name": "Paris", "fort": 3, "capital": True}]),
        "burgundy": land("france", 5, 47),
        "piedmont": land("france", 7.5, 45),
        "lombardy": land("milan", 9.2, 45.5, [{"id": "milano", "name": "Milano", "fort": 4, "capital": True}]),
        "liguria": land("genoa", 8.9, 44.4, [{"id": "genova", "name": "Genova", "fort": 3, "capital": True}]),
    },
    "borders": [
        {"between": ["ile_de_france", "burgundy"], "kind": "land"},
        {"between": ["burgundy", "piedmont"], "kind": "pass"},
        {"between": ["piedmont", "lombardy"], "kind": "land"},
        {"between": ["piedmont", "liguria"], "kind": "land"},
    ],
}
HOMES = {"france": ["ile_de_france", "burgundy", "piedmont"], "milan": ["lombardy"], "genoa": ["liguria"]}


def make_game(seed: int = 5, **armies: dict[str, Any]) -> Game:
    """The fixture position on this map, turn 1 phase 1, with the given armies (id -> extra fields)."""
    parts = small_parts()
    parts["geography"] = MAP
    parts["fleets"] = {}
    for sid, record in parts["states"].items():
        record["home"] = HOMES.get(sid, [])
        record["treasury"] = 20
    parts["areas"] = {a: {"owner": MAP["areas"][a]["state"], "religion": "catholic", "minority": None, "revolt": False,
                          "looted": False, "extorted": False, "purge_attempts": 0, "counters": 0}
                      for a in MAP["areas"]}  # fmt: skip
    parts["cities"] = {c["id"]: {"owner": MAP["areas"][a]["state"], "fort": c["fort"], "garrison": c["fort"] * 1000,
                                 "blockade": 0, "besieged_by": []}
                       for a, area in MAP["areas"].items() for c in area["cities"]}  # fmt: skip
    parts["armies"] = {}
    state: dict[str, Any] = {"ruleset": "rr3", "rng": init_rng(seed), "rolls": [], "control": {}}
    for aid, extra in armies.items():
        sid = aid.rsplit("_", 1)[0]
        record = new_army({"states": parts["states"]}, aid, sid, 10_000, HOMES[sid][0], None, {"turn": 0, "phase": 1})
        record.update(extra)
        parts["armies"][aid] = record
    opts = RULESET.option_values({})
    RULESET.start(state, parts, opts)
    record_ = {"format": FORMAT, "ruleset": "rr3", "scenario": "1524", "options": opts, "seed": seed, "actions": []}
    return Game(RULESET, record_, state)


def to_phase(game: Game, phase: int) -> None:
    while game.state["phase"] != phase:
        game.act("gm", {"type": "resolve"})


def step(game: Game) -> None:
    game.act("map_control", {"type": "next_step", "who": "test"})


def rig(game: Game, faces: list[int | None]) -> None:
    """Move the game's generator to the next draw whose coming d6 faces match ``faces`` (None: any face)."""
    seed, n = game.state["rng"]["seed"], game.state["rng"]["draws"]
    while True:
        probe: dict[str, Any] = {"rng": {"seed": seed, "draws": n}, "rolls": []}
        got = rng.roll_many(probe, "probe", len(faces))
        if all(f is None or f == g for f, g in zip(faces, got, strict=True)):
            game.state["rng"]["draws"] = n
            return
        n += 1


def settle_last(game: Game, **fields: Any) -> dict[str, Any]:
    item = list(game.state["items"].values())[-1]
    game.act("map_control", {"type": "settle", "item": item["id"], "who": "test", **fields})
    settled: dict[str, Any] = game.state["items"][item["id"]]
    return settled


def journal(game: Game, title: str) -> list[dict[str, Any]]:
    return [e for e in game.state["journal"] if e["title"] == title]


# --- raising -------------------------------------------------------------------------------------------------------


def test_campaigns_raising_in_phase_1_costs_1_florin_per_5000_and_goes_through_map_control() -> None:
    game = make_game()
    game.act("france", {"type": "raise_army", "state": "france", "men": 12_000, "area": "burgundy",
                        "commander": "ruler_of_france"})  # fmt: skip
    item = list(game.state["items"].values())[-1]
    assert item["desk"] == "map_control" and item["kind"] == "raise_army" and item["status"] == "pending"
    assert "france_1" not in game.state["armies"]
    settle_last(game)
    army = game.state["armies"]["france_1"]
    assert (army["men"], army["area"], army["commander"], army["nation"]) == (12_000, "burgundy", "ruler_of_france",
                                                                              "french")  # fmt: skip
    assert game.state["states"]["france"]["treasury"] == 20 - finance.raising_cost(12_000) == 17


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"state": "france", "men": 5_000, "area": "lombardy"}, "expected one of: burgundy, ile_de_france, piedmont"),
        ({"state": "france", "men": 5_500, "area": "burgundy"}, "whole number of thousands"),
        ({"state": "france", "men": 200_000, "area": "burgundy"}, "cost 40 florins"),
        ({"state": "milan", "men": 5_000, "area": "lombardy"}, "cannot be 'milan'; expected one of: france"),
    ],
)
def test_campaigns_bad_raisings_are_refused(action: dict[str, Any], message: str) -> None:
    game = make_game()
    with pytest.raises(IllegalAction, match=message):
        game.act("france", {"type": "raise_army", **action})


def test_campaigns_permission_to_raise_abroad_and_the_army_limit() -> None:
    game = make_game(france_1={"area": "burgundy"})
    with pytest.raises(IllegalAction, match="already fields 1 army"):
        game.act("france", {"type": "raise_army", "state": "france", "men": 5_000, "area": "ile_de_france"})
    with pytest.raises(IllegalAction, match="join it only where it stands"):
        game.act("france", {"type": "raise_army", "state": "france", "men": 5_000, "area": "ile_de_france",
                            "army": "france_1"})  # fmt: skip
    game.state["states"]["france"]["permits"] = ["lombardy"]
    game.state["states"]["france"]["max_armies"] = 2
    game.act("france", {"type": "raise_army", "state": "france", "men": 5_000, "area": "lombardy"})
    settle_last(game)
    assert game.state["armies"]["france_2"]["area"] == "lombardy"


def test_campaigns_raised_in_a_military_phase_it_may_not_move_and_owes_no_pay_that_phase() -> None:
    game = make_game(france_1={"area": "burgundy"})
    to_phase(game, 2)
    game.act("france", {"type": "raise_army", "state": "france", "men": 5_000, "area": "burgundy",
                        "army": "france_1"})  # fmt: skip
    settle_last(game)
    assert game.state["armies"]["france_1"]["men"] == 15_000
    with pytest.raises(IllegalAction, match="owes no pay"):
        game.act("france", {"type": "pay_army", "army": "france_1", "florins": 3})
    step(game)  # to move1: no card for france, whose only army may not move
    assert game.state["armies"]["france_1"]["arrears"] == 0
    assert "france" not in game.state.get("box", {})


# --- disbanding and garrisons -----------------------------------------------------------------------------------------


def test_campaigns_disbanding_needs_troops_paid_to_date() -> None:
    game = make_game(france_1={"arrears": 1})
    with pytest.raises(IllegalAction, match="paid to date"):
        game.act("france", {"type": "disband_army", "army": "france_1"})
    game.act("france", {"type": "pay_arrears", "army": "france_1"})
    assert game.state["states"]["france"]["treasury"] == 20 - finance.arrears_cost(10_000, 1) == 18
    game.act("france", {"type": "disband_army", "army": "france_1"})
    assert "france_1" not in game.state["armies"]


def test_campaigns_garrison_transfer_capacity_emptying_and_pay_for_extra_men() -> None:
    game = make_game(france_1={"men": 3_000})
    # Paris (fort 3) holds at most 6,000 men (Sieges); its own garrison is 3,000
    game.state["cities"]["paris"]["garrison"] = 5_000
    with pytest.raises(IllegalAction, match="room for 1,000"):
        game.act("france", {"type": "garrison_troops", "army": "france_1", "city": "paris", "men": 2_000})
    game.state["cities"]["paris"]["garrison"] = 3_000
    with pytest.raises(IllegalAction, match="cannot be 'milano'; expected one of: paris"):
        game.act("france", {"type": "garrison_troops", "army": "france_1", "city": "milano", "men": 1_000})
    game.act("france", {"type": "garrison_troops", "army": "france_1", "city": "paris", "men": 3_000})
    assert game.state["cities"]["paris"]["garrison"] == 6_000
    assert "france_1" not in game.state["armies"]  # emptied: the counter leaves the map
    to_phase(game, 2)
    treasury = game.state["states"]["france"]["treasury"]
    step(game)  # the pay step ends: 3,000 men above the garrison's own are paid 1 florin
    assert game.state["states"]["france"]["treasury"] == treasury - finance.pay_due(3_000) == treasury - 1
    assert game.state["cities"]["paris"]["garrison"] == 6_000


def test_campaigns_unpaid_extra_garrison_men_leave() -> None:
    game = make_game()
    game.state["cities"]["paris"]["garrison"] = 6_000
    to_phase(game, 2)
    game.state["states"]["france"]["treasury"] = 0
    step(game)
    assert game.state["cities"]["paris"]["garrison"] == 3_000


# --- pay and mutiny -------------------------------------------------------------------------------------------------


def test_campaigns_monluc_pay_18000_is_4_and_paying_3_marks_an_arrears_box() -> None:
    game = make_game(france_1={"men": 18_000})
    to_phase(game, 2)
    with pytest.raises(IllegalAction, match="due 4 this phase"):
        game.act("france", {"type": "pay_army", "army": "france_1", "florins": 5})
    game.act("france", {"type": "pay_army", "army": "france_1", "florins": 3})
    assert game.state["states"]["france"]["treasury"] == 17
    rig(game, [6])  # the mutiny roll
    step(game)
    assert game.state["armies"]["france_1"]["arrears"] == 1
    assert not game.state["armies"]["france_1"]["mutinous"]
    assert journal(game, "Mutiny roll: france_1")[0]["dice"][0]["result"] == 6


def test_campaigns_paid_in_full_no_arrears_no_roll() -> None:
    game = make_game(france_1={"men": 18_000})
    to_phase(game, 2)
    game.act("france", {"type": "pay_army", "army": "france_1", "florins": 4})
    step(game)
    assert game.state["armies"]["france_1"]["arrears"] == 0 and not journal(game, "Mutiny roll: france_1")


def test_campaigns_pay_only_in_the_pay_step() -> None:
    game = make_game(france_1={})
    to_phase(game, 2)
    step(game)
    with pytest.raises(IllegalAction, match="not possible for france now"):
        game.act("france", {"type": "pay_army", "army": "france_1", "florins": 2})


@pytest.mark.parametrize(("face", "mutiny"), [(2, True), (3, False), (4, False)])
def test_campaigns_mutiny_example_three_arrears(face: int, mutiny: bool) -> None:
    """Monluc's army has 3 Arrears boxes: a roll less than 3 mutinies (ruling RR3-R09: a 3 does not)."""
    game = make_game(france_1={"men": 18_000, "arrears": 2})
    to_phase(game, 2)
    rig(game, [face])
    step(game)  # unpaid: the third box, then the roll
    army = game.state["armies"]["france_1"]
    assert army["arrears"] == 3 and army["mutinous"] is mutiny
    entry = journal(game, "Mutiny roll: france_1")[0]
    assert entry["dice"][0]["purpose"] == "france_1: mutiny roll (3 arrears)"


def test_campaigns_mutineers_accept_no_orders_until_paid_off_in_full() -> None:
    game = make_game(france_1={"men": 18_000, "arrears": 3, "mutinous": True})
    with pytest.raises(IllegalAction, match="all 3 Arrears boxes"):
        game.act("france", {"type": "pay_arrears", "army": "france_1", "boxes": 1})
    game.state["states"]["france"]["treasury"] = 12
    game.act("france", {"type": "pay_arrears", "army": "france_1"})
    army = game.state["armies"]["france_1"]
    assert (army["arrears"], army["mutinous"]) == (0, False)
    assert game.state["states"]["france"]["treasury"] == 12 - finance.arrears_cost(18_000, 3) == 0


# --- the end of the phase, winter and the turn's markers ------------------------------------------------------------


def test_campaigns_desertion_1000_per_arrears_or_fatigue_box_when_the_phase_ends() -> None:
    game = make_game(france_1={"men": 10_000, "arrears": 1, "fatigue": 2}, milan_1={"men": 2_000, "fatigue": 2})
    to_phase(game, 2)
    game.act("france", {"type": "pay_army", "army": "france_1", "florins": 2})
    game.act("milan", {"type": "pay_army", "army": "milan_1", "florins": 1})
    for _ in range(3):
        step(game)
    assert game.state["step"] == "done"
    game.state["armies"]["france_1"]["fatigue"] = 2  # whatever the steps did, two boxes remain
    game.state["armies"]["milan_1"]["fatigue"] = 2
    game.act("gm", {"type": "resolve"})
    assert game.state["phase"] == 3
    assert game.state["armies"]["france_1"]["men"] == finance.desertion(10_000, 1, 2) == 7_000
    assert "milan_1" not in game.state["armies"]  # 2,000 men, two boxes: nothing left
    assert "france_1 loses 3,000 men" in journal(game, "Desertion")[0]["text"]


def test_campaigns_winter_all_armies_disband_and_the_journal_says_so() -> None:
    game = make_game()
    to_phase(game, 5)
    game.state["armies"] = {
        "france_1": new_army(game.state, "france_1", "france", 10_000, "burgundy", None, {"turn": 1, "phase": 1}),
        "milan_1": new_army(game.state, "milan_1", "milan", 4_000, "lombardy", None, {"turn": 1, "phase": 1}),
    }
    game.act("gm", {"type": "resolve"})
    assert game.state["phase"] == 6 and game.state["armies"] == {}
    entry = journal(game, "Winter: all armies disband")[0]
    assert entry["public"] and "france_1" in entry["text"] and "milan_1" in entry["text"]


def test_campaigns_looted_and_extorted_markers_are_removed_in_phase_1() -> None:
    game = make_game()
    to_phase(game, 6)
    game.state["areas"]["lombardy"]["looted"] = True
    game.state["areas"]["liguria"]["extorted"] = True
    game.act("gm", {"type": "resolve"})
    assert (game.state["turn"], game.state["phase"]) == (2, 1)
    assert not game.state["areas"]["lombardy"]["looted"] and not game.state["areas"]["liguria"]["extorted"]
    assert "lombardy" in journal(game, "Markers removed")[0]["text"]


def test_campaigns_a_counter_has_five_arrears_boxes() -> None:
    game = make_game(france_1={"men": 10_000, "arrears": 5})
    to_phase(game, 2)
    rig(game, [6])
    step(game)  # unpaid again: no sixth box
    assert game.state["armies"]["france_1"]["arrears"] == 5
    assert not game.state["armies"]["france_1"]["mutinous"]  # a 6 is not less than 5


def test_campaigns_a_loyal_army_may_pay_off_some_boxes() -> None:
    game = make_game(france_1={"men": 18_000, "arrears": 2})
    game.act("france", {"type": "pay_arrears", "army": "france_1", "boxes": 1})
    assert game.state["armies"]["france_1"]["arrears"] == 1
    assert game.state["states"]["france"]["treasury"] == 20 - 4
    with pytest.raises(IllegalAction, match="boxes must be 1 to 1"):
        game.act("france", {"type": "pay_arrears", "army": "france_1", "boxes": 2})


def test_campaigns_a_non_played_state_army_is_not_paid_here() -> None:
    game = make_game(genoa_1={"men": 8_000})
    to_phase(game, 2)
    step(game)
    assert game.state["armies"]["genoa_1"]["arrears"] == 0 and not journal(game, "Mutiny roll: genoa_1")


def test_campaigns_money_earmarked_for_an_army_is_spent_before_the_treasury() -> None:
    game = make_game()
    game.state["states"]["france"]["raise_fund"] = 2
    game.act("france", {"type": "raise_army", "state": "france", "men": 15_000, "area": "burgundy"})
    settle_last(game)
    assert game.state["states"]["france"]["raise_fund"] == 0
    assert game.state["states"]["france"]["treasury"] == 20 - (3 - 2)
    game.state["states"]["france"]["treasury"] = 0
    game.state["states"]["france"]["raise_fund"] = 1
    with pytest.raises(IllegalAction, match="holds 1"):
        game.act("france", {"type": "raise_army", "state": "france", "men": 10_000, "area": "burgundy",
                            "army": "france_1"})  # fmt: skip
