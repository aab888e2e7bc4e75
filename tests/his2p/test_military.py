"""Military actions before any war (rule book 10, 12, 13, 17, 19.3; seed 2.2, 10, 12, 13, 14, 19): spring
deployment, moving formations, control of unfortified spaces and unrest, building, and the winter return."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.his2p.test_engine import cp_decision, through_theses
from umpire.games.his2p import board as b
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.rules import RULESET
from umpire.games.his2p.war import military
from umpire.games.his2p.winter import wintering
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game


def of_type(game: Game, role: str, *kinds: str) -> list[dict[str, Any]]:
    return [a for a in game.view(role)["actions"] if a["type"] in kinds]


def spring_game() -> Game:
    game = through_theses()
    game.state["stack"] = [{"kind": "spring", "role": "papacy"}]
    game.state["phase"] = "spring_deployment"
    game.state["step"] = "action"
    return game


def move(src: str, dst: str, regular: int = 1, mercenary: int = 0, kind: str = "move_formation") -> dict[str, Any]:
    return {"type": kind, "from": src, "to": dst, "regular": regular, "mercenary": mercenary, "leaders": []}


# --- spring deployment (10; seed 10) ----------------------------------------------------------------------------


def test_10_spring_deployment_moves_one_formation_from_rome() -> None:
    game = spring_game()
    deploys = of_type(game, "papacy", "deploy")
    assert {a["to"] for a in deploys} == {"ancona", "ravenna"}
    game.act("papacy", {"type": "deploy", "to": "ravenna", "regular": 1, "mercenary": 0, "leaders": []})
    assert b.land_unit_count(game.state, "ravenna", "papacy") == 2
    assert b.land_unit_count(game.state, "rome", "papacy") == 0
    assert game.state["phase"] == "action"


def test_10_spring_deployment_path_is_friendly_and_free_of_unrest() -> None:
    # ruling HIS-W04
    game = spring_game()
    game.state["spaces"]["ancona"]["unrest"] = True
    assert of_type(game, "papacy", "deploy") == []  # Ancona blocks the only land path, and is itself in unrest
    game.state["spaces"]["ancona"]["unrest"] = False
    game.state["spaces"]["ancona"]["control"] = "hapsburg"
    assert of_type(game, "papacy", "deploy") == []


def test_10_spring_deployment_never_over_a_pass_nor_outside_the_two_zones() -> None:
    game = spring_game()
    for space in ("siena", "genoa", "nice", "trent", "modena", "innsbruck"):
        game.state["spaces"][space]["control"] = "papacy"
    b.add_units(game.state, "genoa", "genoa", "regular", -2)
    b.add_units(game.state, "genoa", "genoa", "squadron", -1)
    assert "genoa" not in {a["to"] for a in of_type(game, "papacy", "deploy")}  # Andrea Doria is Genoese
    game.state["leaders"]["andrea_doria"] = "naples"
    targets = {a["to"] for a in of_type(game, "papacy", "deploy")}
    assert {"siena", "genoa", "modena", "trent"} <= targets
    assert "nice" not in targets  # over the Genoa-Nice pass and in the French zone
    assert "innsbruck" not in targets  # only over the Trent-Innsbruck pass


def test_10_spring_deployment_crosses_one_sea_zone_with_at_most_five_units() -> None:
    game = spring_game()
    state = game.state
    state["spaces"]["palermo"]["control"] = "papacy"
    b.add_units(state, "rome", "papacy", "regular", 5)
    assert "palermo" not in {a["to"] for a in of_type(game, "papacy", "deploy")}  # Hapsburg ships in Naples
    b.add_units(state, "naples", "hapsburg", "squadron", -1)
    to_palermo = [a for a in of_type(game, "papacy", "deploy") if a["to"] == "palermo"]
    assert to_palermo and max(a["regular"] for a in to_palermo) == 4  # the formation limit without a leader
    assert military.formations(state, "rome", "papacy", military.SPRING_SEA_LIMIT)


def test_10_spring_deployment_refuses_a_formation_over_the_limit() -> None:
    # ruling HIS-W01
    game = spring_game()
    b.add_units(game.state, "rome", "papacy", "regular", 5)
    with pytest.raises(IllegalAction):
        game.act("papacy", {"type": "deploy", "to": "ravenna", "regular": 5, "mercenary": 0, "leaders": []})


def test_5_1_formation_limit_by_leaders() -> None:
    assert military.formation_limit([]) == 4
    assert military.formation_limit(["john_frederick"]) == 6
    assert military.formation_limit(["john_frederick", "philip_of_hesse", "maurice_of_saxony"]) == 12


# --- movement (13.1; seed 13; 21.6) ----------------------------------------------------------------------------


def test_13_1_papal_moves_in_the_clear_cost_one_cp() -> None:
    game = cp_decision("papacy", 1)
    moves = of_type(game, "papacy", "move_formation")
    assert move("rome", "siena") in moves and move("ravenna", "modena") in moves
    assert move("rome", "naples") not in moves  # Hapsburg-controlled, not at war: may not enter (13.1)
    assert move("rome", "florence") not in moves  # an independent key would be besieged (not built)
    game.act("papacy", move("rome", "siena"))
    assert b.land_unit_count(game.state, "siena", "papacy") == 1
    assert game.state["stack"][-1]["cp"] == 0


def test_13_1_move_over_a_pass_costs_two_cp() -> None:
    game = cp_decision("papacy", 1)
    b.add_units(game.state, "trent", "papacy", "regular", 1)
    game.state["spaces"]["innsbruck"]["control"] = "papacy"
    over = move("trent", "innsbruck", kind="move_over_pass")
    assert over not in of_type(game, "papacy", "move_over_pass")
    game.state["stack"][-1]["cp"] = 2
    assert over in of_type(game, "papacy", "move_over_pass")
    game.act("papacy", over)
    assert game.state["stack"][-1]["cp"] == 0
    assert b.land_unit_count(game.state, "innsbruck", "papacy") == 1


def test_seed_13_papal_units_stay_in_the_german_and_italian_zones() -> None:
    game = cp_decision("papacy", 2)
    state = game.state
    state["spaces"]["genoa"]["control"] = "papacy"
    state["spaces"]["nice"]["control"] = "papacy"
    b.add_units(state, "genoa", "genoa", "regular", -2)
    b.add_units(state, "genoa", "genoa", "squadron", -1)
    b.add_units(state, "genoa", "papacy", "regular", 1)
    assert load_map().spaces["nice"].language not in ("german", "italian")
    assert move("genoa", "nice", kind="move_over_pass") not in of_type(game, "papacy", "move_over_pass")


def test_21_6_electorates_closed_to_others_before_the_league() -> None:
    game = cp_decision("papacy", 1)
    state = game.state
    state["spaces"]["leipzig"]["control"] = "papacy"
    state["spaces"]["wittenberg"]["control"] = "papacy"
    b.add_units(state, "wittenberg", "protestant", "regular", -2)
    b.add_units(state, "leipzig", "papacy", "regular", 1)
    assert move("leipzig", "wittenberg") not in of_type(game, "papacy", "move_formation")
    state["events"]["schmalkaldic_league"] = True
    assert move("leipzig", "wittenberg") in of_type(game, "papacy", "move_formation")


def test_21_6_no_protestant_movement_before_the_league() -> None:
    game = cp_decision("protestant", 4)
    game.state["spaces"]["leipzig"]["control"] = "protestant"
    assert of_type(game, "protestant", "move_formation", "move_over_pass") == []
    with pytest.raises(IllegalAction):
        game.act("protestant", move("wittenberg", "leipzig"))
    game.state["events"]["schmalkaldic_league"] = True
    assert move("wittenberg", "leipzig", 2) in of_type(game, "protestant", "move_formation")


def test_13_1_no_move_into_units_of_a_power_not_allied() -> None:
    # ruling HIS-W02
    game = cp_decision("papacy", 1)
    b.add_units(game.state, "siena", "france", "regular", 1)
    assert move("rome", "siena") not in of_type(game, "papacy", "move_formation")


def test_13_1_leaders_move_with_their_formation() -> None:
    game = cp_decision("protestant", 1)
    state = game.state
    state["events"]["schmalkaldic_league"] = True
    state["spaces"]["leipzig"]["control"] = "protestant"
    state["leaders"]["john_frederick"] = "wittenberg"
    action = {"type": "move_formation", "from": "wittenberg", "to": "leipzig", "regular": 2, "mercenary": 0}
    assert {**action, "leaders": ["john_frederick"]} in of_type(game, "protestant", "move_formation")
    game.act("protestant", {**action, "leaders": ["john_frederick"]})
    assert game.state["leaders"]["john_frederick"] == "leipzig"


# --- control and unrest (12.1, 12.2, 12.4; seed 2.2, 12) ---------------------------------------------------------


def test_12_2_control_unfortified_space_next_to_papal_units() -> None:
    game = cp_decision("papacy", 1)
    actions = of_type(game, "papacy", "control_unfortified")
    assert {"type": "control_unfortified", "space": "siena", "effect": "control"} in actions
    assert all(a["space"] not in ("florence", "naples") for a in actions)  # fortified; not independent or enemy
    game.act("papacy", {"type": "control_unfortified", "space": "siena", "effect": "control"})
    assert game.state["spaces"]["siena"]["control"] == "papacy"


def test_12_2_control_needs_an_enemy_free_neighbourhood_or_units_in_the_space() -> None:
    game = cp_decision("papacy", 1)
    state = game.state
    state["diplomacy"]["at_war"].append(["papacy", "france"])
    b.add_units(state, "florence", "france", "regular", 1)  # next to Siena
    assert {"type": "control_unfortified", "space": "siena", "effect": "control"} not in of_type(
        game, "papacy", "control_unfortified"
    )
    b.add_units(state, "siena", "papacy", "regular", 1)
    assert {"type": "control_unfortified", "space": "siena", "effect": "control"} in of_type(
        game, "papacy", "control_unfortified"
    )


def test_12_1_control_needs_a_line_of_communication() -> None:
    game = cp_decision("papacy", 1)
    state = game.state
    b.add_units(state, "pavia", "papacy", "regular", 1)
    assert not military.has_loc(state, load_map(), "papacy", "pavia")  # Modena, between, is independent
    assert all(a["space"] != "pavia" for a in of_type(game, "papacy", "control_unfortified"))
    state["spaces"]["modena"]["control"] = "papacy"
    assert military.has_loc(state, load_map(), "papacy", "pavia")
    state["spaces"]["ravenna"]["unrest"] = True  # the path's start may not be in unrest either
    state["spaces"]["rome"]["unrest"] = True
    assert not military.has_loc(state, load_map(), "papacy", "pavia")


def test_seed_2_2_control_only_where_it_may_change() -> None:
    game = cp_decision("papacy", 1)
    state = game.state
    board = load_map()
    outside = next(
        s
        for s in sorted(board.spaces)
        if board.spaces[s].language not in ("german", "italian")
        and s not in ("metz", "liege")
        and not board.spaces[s].fortified
    )
    state["spaces"][outside]["control"] = "independent"
    b.add_units(state, outside, "papacy", "regular", 1)
    assert not military.may_control(state, board, "papacy", outside)


def test_21_6_protestant_gains_no_control_before_the_league() -> None:
    game = cp_decision("protestant", 1)
    assert not military.may_control(game.state, load_map(), "protestant", "leipzig")
    assert of_type(game, "protestant", "control_unfortified") == []


def test_12_4_and_seed_12_removing_unrest() -> None:
    game = cp_decision("protestant", 1)
    state = game.state
    state["spaces"]["siena"]["unrest"] = True  # Catholic, far from Protestant units: not the Protestant's
    state["spaces"]["naples"]["unrest"] = True
    state["spaces"]["naples"]["protestant"] = True  # seed 12: a Protestant space anywhere
    actions = of_type(game, "protestant", "control_unfortified")
    assert actions == [{"type": "control_unfortified", "space": "naples", "effect": "remove_unrest"}]
    game.act("protestant", actions[0])
    assert not game.state["spaces"]["naples"]["unrest"]
    papal = cp_decision("papacy", 1)
    papal.state["spaces"]["siena"]["unrest"] = True
    assert {"type": "control_unfortified", "space": "siena", "effect": "remove_unrest"} in of_type(
        papal, "papacy", "control_unfortified"
    )
    assert not military.may_control(papal.state, load_map(), "papacy", "siena")  # unrest first (HIS-W03)


def test_12_4_b_protestant_home_space_before_the_league() -> None:
    game = cp_decision("protestant", 1)
    game.state["spaces"]["worms"]["unrest"] = True  # a Catholic Protestant home space
    assert {"type": "control_unfortified", "space": "worms", "effect": "remove_unrest"} in of_type(
        game, "protestant", "control_unfortified"
    )


# --- building (17; seed 14; 21.6) -------------------------------------------------------------------------------


def test_17_1_raise_regular_and_buy_mercenary_in_papal_home_spaces() -> None:
    game = cp_decision("papacy", 3)
    assert {"type": "raise_regular", "space": "rome"} in of_type(game, "papacy", "raise_regular")
    game.act("papacy", {"type": "raise_regular", "space": "rome"})
    game.act("papacy", {"type": "buy_mercenary", "space": "ravenna"})
    assert b.units_of(game.state, "rome", "papacy")["regular"] == 2
    assert b.units_of(game.state, "ravenna", "papacy")["mercenary"] == 1
    assert game.state["stack"][-1]["cp"] == 0
    assert of_type(game, "papacy", "raise_regular", "buy_mercenary") == []


def test_17_1_no_building_in_unrest_or_outside_control() -> None:
    game = cp_decision("papacy", 2)
    game.state["spaces"]["rome"]["unrest"] = True
    game.state["spaces"]["ancona"]["control"] = "hapsburg"
    assert {a["space"] for a in of_type(game, "papacy", "raise_regular")} == {"ravenna"}


def test_17_2_squadrons_in_ports_up_to_the_counters() -> None:
    game = cp_decision("papacy", 4)
    game.act("papacy", {"type": "build_squadron", "space": "ancona"})
    assert military.squadrons_on_map(game.state, "papacy") == 2
    assert of_type(game, "papacy", "build_squadron") == []


def test_seed_14_and_21_6_protestant_builds_land_units_only_after_the_league() -> None:
    game = cp_decision("protestant", 4)
    game.state["spaces"]["leipzig"]["control"] = "protestant"
    assert of_type(game, "protestant", "raise_regular", "buy_mercenary", "build_squadron") == []
    game.state["events"]["schmalkaldic_league"] = True
    builds = of_type(game, "protestant", "raise_regular", "buy_mercenary", "build_squadron")
    assert {a["space"] for a in builds} == {"leipzig"}
    assert {a["type"] for a in builds} == {"raise_regular", "buy_mercenary"}


# --- winter (19.3; seed 19) --------------------------------------------------------------------------------------


def winter(game: Game) -> None:
    """Run the Winter Phase, the owners leaving every choice of the return to HIS-W06's defaults."""
    game.state["stack"] = []
    game.state["step"] = "winter"
    RULESET.advance(game.state)
    while game.state["stack"] and game.state["stack"][-1]["kind"] == "winter":
        game.act(game.state["stack"][-1]["role"], {"type": "done"})


def test_19_3_winter_returns_units_from_unfortified_spaces() -> None:
    game = cp_decision("papacy", 1)
    game.act("papacy", move("rome", "siena"))
    winter(game)
    assert "winter return" not in str(game.state.get("blocked"))
    assert b.land_unit_count(game.state, "siena", "papacy") == 0
    assert b.land_unit_count(game.state, "rome", "papacy") == 2  # back home, and the winter regular


def test_19_3_attrition_without_a_friendly_path() -> None:
    game = cp_decision("papacy", 1)
    state = game.state
    b.add_units(state, "pavia", "papacy", "regular", 3)
    in_ravenna = b.land_unit_count(state, "ravenna", "papacy")
    wintering.winter_return(state, load_map())
    assert b.land_unit_count(state, "pavia", "papacy") == 0
    # Ravenna is two steps away, Rome three, neither by a friendly path: the nearer (HIS-W06; with sea zones free,
    # as first built, Rome was two steps away too, by Genoa and the sea, and the capital came first).
    assert b.land_unit_count(state, "ravenna", "papacy") == in_ravenna + 1  # 1 of the 3 (2 lost)
    assert any("attrition" in line["text"] for line in state["log"])


def test_19_3_at_most_four_in_a_fortified_space_other_than_the_capital() -> None:
    game = cp_decision("papacy", 1)
    state = game.state
    b.add_units(state, "ravenna", "papacy", "regular", 5)
    b.add_units(state, "modena", "papacy", "mercenary", 2)
    wintering.winter_return(state, load_map())
    assert b.land_unit_count(state, "ravenna", "papacy") == 4
    assert b.land_unit_count(state, "rome", "papacy") == 1 + 2 + 2
    assert b.land_unit_count(state, "modena", "papacy") == 0


# --- naval move (16.1) -------------------------------------------------------------------------------------------


def test_16_1_naval_move_takes_papal_squadrons_to_sea_and_to_papal_ports() -> None:
    game = cp_decision("papacy", 1)
    game.act("papacy", {"type": "naval_move"})
    assert game.view("papacy")["decision"]["kind"] == "naval"
    sails = of_type(game, "papacy", "sail")
    assert {"type": "sail", "from": "rome", "to": "tyrrhenian_sea", "squadrons": 1} in sails
    game.act("papacy", {"type": "sail", "from": "rome", "to": "tyrrhenian_sea", "squadrons": 1})
    assert of_type(game, "papacy", "sail") == []  # each squadron moves once per naval move
    game.act("papacy", {"type": "done"})
    assert game.state["units"]["tyrrhenian_sea"]["papacy"] == {"squadron": 1}
    assert game.state["stack"][-1] == {"kind": "cp", "role": "papacy", "cp": 0}


def test_16_1_no_entry_into_another_powers_port_unless_enemy_ships_are_there() -> None:
    game = cp_decision("papacy", 1)
    b.add_units(game.state, "rome", "papacy", "squadron", -1)
    b.add_units(game.state, "tyrrhenian_sea", "papacy", "squadron", 1)
    game.act("papacy", {"type": "naval_move"})
    targets = {a["to"] for a in of_type(game, "papacy", "sail")}
    assert targets == {"rome", "gulf_of_lyon", "barbary_coast"}  # not Naples, Genoa, Palermo...: not Papal
    game.state["diplomacy"]["at_war"].append(["papacy", "hapsburg"])
    b.add_units(game.state, "gulf_of_lyon", "hapsburg", "squadron", 1)
    targets = {a["to"] for a in of_type(game, "papacy", "sail")}
    assert targets == {"rome", "gulf_of_lyon", "barbary_coast", "naples"}  # enemy fleets: battle (naval_war.py)


def test_16_1_the_protestant_has_no_navy() -> None:
    game = cp_decision("protestant", 4)
    game.state["events"]["schmalkaldic_league"] = True
    assert of_type(game, "protestant", "naval_move", "build_squadron") == []


def test_19_3_squadrons_at_sea_return_to_the_nearest_papal_port() -> None:
    game = cp_decision("papacy", 1)
    state = game.state
    b.add_units(state, "adriatic_sea", "papacy", "squadron", 1)
    wintering.winter_return(state, load_map())
    assert "adriatic_sea" not in state["units"]
    assert b.units_of(state, "ancona", "papacy")["squadron"] == 1  # Ancona and Ravenna are as near: by name


# --- refusals name what is wrong ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "cp", "action", "says"),
    [
        ("protestant", 2, move("wittenberg", "leipzig"), "before the Schmalkaldic League"),
        ("papacy", 2, move("rome", "naples"), "not at war with or allied"),
        ("papacy", 2, move("rome", "siena", 3), "has 1 regular(s) there, not 3"),
        ("papacy", 2, move("rome", "milan"), "Milan is not next to Rome"),
        ("papacy", 2, move("rome", "siena", kind="move_over_pass"), "not over a pass"),
        ("papacy", 1, {"type": "raise_regular", "space": "rome"}, "costs papacy 2 CP; 1 CP left"),
        ("papacy", 2, {"type": "raise_regular", "space": "naples"}, "Naples is not one"),
        ("papacy", 2, {"type": "control_unfortified", "space": "florence", "effect": "control"}, "fortified"),
        ("papacy", 2, {"type": "control_unfortified", "space": "siena", "effect": "remove_unrest"}, "not in unrest"),
        ("protestant", 2, {"type": "buy_mercenary", "space": "leipzig"}, "builds no units before"),
        ("protestant", 2, {"type": "naval_move"}, "no navy"),
    ],
)
def test_refusals_name_what_is_wrong(role: str, cp: int, action: dict[str, Any], says: str) -> None:
    game = cp_decision(role, cp)
    with pytest.raises(IllegalAction, match=re.escape(says)):
        game.act(role, action)


def test_10_spring_refusal_names_the_path_rule() -> None:
    game = spring_game()
    with pytest.raises(IllegalAction, match="no spring deployment path from Rome to Naples"):
        game.act("papacy", {"type": "deploy", "to": "naples", "regular": 1, "mercenary": 0, "leaders": []})


def test_13_1_a_move_into_enemy_units_is_offered_at_war() -> None:
    game = cp_decision("papacy", 2)
    game.state["diplomacy"]["at_war"].append(["papacy", "hapsburg"])
    assert move("rome", "naples") in of_type(game, "papacy", "move_formation")


def test_19_3_units_leave_fortified_spaces_their_power_does_not_control() -> None:
    game = cp_decision("papacy", 1)
    state = game.state
    state["diplomacy"]["allied"].append(["hapsburg", "papacy"])
    b.add_units(state, "naples", "papacy", "regular", 2)
    wintering.winter_return(state, load_map())
    assert b.land_unit_count(state, "naples", "papacy") == 0
    assert b.land_unit_count(state, "rome", "papacy") == 3  # by a friendly path: no attrition
    assert b.land_unit_count(state, "wittenberg", "protestant") == 2  # electorate regulars stay before the League


def _winter_game() -> Any:
    from umpire.kernel.game import new_game

    return new_game("his2p", seed=1)


def test_seed_3_a_major_at_peace_takes_no_part_in_winter_its_units_stay() -> None:
    """Seed 3: France, the Hapsburgs and the Ottomans act in the Winter Phase only while at war with a player."""
    from umpire.games.his2p import engine

    state = _winter_game().state
    b.add_units(state, "taranto", "hapsburg", "regular", 2)
    engine.winter(state, load_map())
    assert b.units_of(state, "taranto", "hapsburg")["regular"] == 2


def test_seed_19_an_invader_at_war_winters_in_a_fortified_space() -> None:
    """Seed 19: French units go to fortified spaces as normal (Pavia's two to Milan, which holds two)."""
    from umpire.games.his2p.winter import wintering

    state = _winter_game().state
    state["diplomacy"]["at_war"].append(["france", "papacy"])
    b.add_units(state, "pavia", "france", "regular", 2)
    state["leaders"]["montmorency"] = "pavia"
    wintering.invaders_return(state, load_map())
    assert b.units_of(state, "pavia", "france")["regular"] == 0
    assert b.units_of(state, "milan", "france")["regular"] == 4
    assert "montmorency" not in state["leaders"]  # every French army leader leaves the map


def test_seed_19_an_invader_sent_to_its_capital_is_removed_instead() -> None:
    from umpire.games.his2p.winter import wintering

    state = _winter_game().state
    state["diplomacy"]["at_war"].append(["france", "papacy"])
    for space in ("bordeaux", "lyon", "marseille", "milan", "rouen"):
        state["spaces"][space]["control"] = "papacy"
    b.add_units(state, "pavia", "france", "regular", 2)
    wintering.invaders_return(state, load_map())
    assert b.units_of(state, "pavia", "france")["regular"] == 0
    assert b.units_of(state, "paris", "france")["regular"] == 1  # Paris keeps its own regular, gains none


@pytest.mark.parametrize("order", [("ottoman", "hapsburg", "france"), ("france", "hapsburg", "ottoman")])
def test_his_w14_the_other_majors_return_france_then_the_hapsburgs_whatever_the_sets_order(
    monkeypatch: pytest.MonkeyPatch, order: tuple[str, ...]
) -> None:
    """HIS-W14: France, the Hapsburgs, then the Ottomans, however the set of winter powers happens to iterate."""
    from umpire.games.his2p import restrictions

    monkeypatch.setattr(restrictions, "WINTER_REMOVED", order)
    state = _winter_game().state
    state["diplomacy"]["at_war"] += [["france", "papacy"], ["hapsburg", "papacy"]]
    b.add_units(state, "pavia", "france", "regular", 2)
    b.add_units(state, "taranto", "hapsburg", "regular", 2)
    wintering.invaders_return(state, load_map())
    powers = [p for line in state["log"] for p in ("france", "hapsburg") if line["text"].startswith(f"Winter: {p}")]
    assert powers and powers == sorted(powers) and set(powers) == {"france", "hapsburg"}
