"""The two-player variant's restrictions (seed 2.2, 3, 10, 11, 12, 13, 14, 19), one test each."""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import restrictions as r
from umpire.games.his2p.mapdata import load_map

BOARD = load_map()


def state(at_war: list[list[str]] | None = None) -> dict[str, Any]:
    return {
        "spaces": {
            s: {"control": spot.home[0] if spot.home else "independent", "protestant": False, "unrest": False}
            for s, spot in BOARD.spaces.items()
        },
        "diplomacy": {"at_war": at_war or [], "allied": []},
    }


def test_seed_2_2_only_metz_liege_and_the_german_and_italian_zones_change_control() -> None:
    assert r.may_change_control(BOARD, "metz") and r.may_change_control(BOARD, "liege")
    assert r.may_change_control(BOARD, "mainz") and r.may_change_control(BOARD, "rome")
    assert not r.may_change_control(BOARD, "paris")
    assert not r.may_change_control(BOARD, "prague")  # Bohemia is outside the German zone
    changing = [s for s in BOARD.spaces if r.may_change_control(BOARD, s)]
    assert len(changing) == 27 + 18 + 2


def test_seed_3_other_majors_act_only_at_war_with_a_player_and_never_in_four_phases() -> None:
    peace = state()
    assert not r.takes_part(peace, "france", "action")
    war = state([["france", "papacy"]])
    assert r.takes_part(war, "france", "action") and r.takes_part(war, "france", "winter")
    assert not r.takes_part(war, "france", "diplomacy")
    assert not r.takes_part(war, "france", "card_draw")
    assert not r.takes_part(war, "hapsburg", "action")
    assert r.takes_part(peace, "protestant", "spring_deployment")


def test_seed_10_only_the_papacy_spring_deploys_and_only_into_the_two_zones() -> None:
    assert r.may_spring_deploy(BOARD, "papacy", "florence")
    assert not r.may_spring_deploy(BOARD, "papacy", "paris")
    assert not r.may_spring_deploy(BOARD, "protestant", "mainz")


def test_seed_11_a_player_moves_an_invader_at_war_with_its_opponent_but_never_builds_with_it() -> None:
    war = state([["ottoman", "protestant"]])
    assert r.may_act_for(war, "papacy", "ottoman", "move_formation")
    assert r.may_act_for(war, "papacy", "ottoman", "assault")
    assert not r.may_act_for(war, "papacy", "ottoman", "raise_regular")
    assert not r.may_act_for(war, "protestant", "ottoman", "move_formation")  # at war with itself, not its opponent
    assert r.may_act_for(war, "protestant", "protestant", "raise_regular")


def test_seed_12_unrest_removed_anywhere_by_religion() -> None:
    s = state()
    s["spaces"]["paris"]["unrest"] = True
    assert r.may_remove_unrest_anywhere(s, BOARD, "papacy", "paris")
    assert not r.may_remove_unrest_anywhere(s, BOARD, "protestant", "paris")
    s["spaces"]["paris"]["protestant"] = True
    assert r.may_remove_unrest_anywhere(s, BOARD, "protestant", "paris")
    assert not r.may_remove_unrest_anywhere(s, BOARD, "papacy", "lyon")  # no unrest there


def test_seed_13_where_units_may_go() -> None:
    s = state()
    assert r.may_enter(s, BOARD, "papacy", "mainz") and not r.may_enter(s, BOARD, "papacy", "lyon")
    assert not r.may_enter(s, BOARD, "protestant", "prague")
    assert r.may_enter(s, BOARD, "france", "lyon")  # its own
    assert r.may_enter(s, BOARD, "france", "mainz")  # the German zone
    assert not r.may_enter(s, BOARD, "france", "valladolid")  # Hapsburg, outside the zones
    assert r.may_enter(s, BOARD, "hapsburg", "valladolid")
    s["minor_allies"] = {"venice": "papacy"}
    assert not r.may_enter(s, BOARD, "venice", "corfu") and r.may_enter(s, BOARD, "venice", "venice")


def test_seed_14_who_builds_what() -> None:
    assert r.may_build("papacy", "papacy")
    assert r.may_build("papacy", "venice", frozenset({"venice"}))
    assert not r.may_build("papacy", "hapsburg")
    assert r.may_build("protestant", "protestant") and not r.may_build("protestant", "ottoman")


def test_seed_19_invaders_winter_in_fortresses_or_leave() -> None:
    capitals = frozenset({"paris"})
    assert r.winter_fate("france", "lyon", capitals) == "stay"
    assert r.winter_fate("france", "paris", capitals) == "removed"
    assert r.winter_fate("ottoman", None, capitals) == "removed"
    assert r.winter_fate("papacy", "rome", frozenset({"rome"})) == "stay"
    assert r.winter_removes_leaders("hapsburg") and not r.winter_removes_leaders("papacy")
