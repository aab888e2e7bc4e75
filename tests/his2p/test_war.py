"""War as rule functions: field battles (14), interception and avoiding battle (13.2-13.3), withdrawing into
fortifications (13.4), retreats (14.1), sieges and assaults (15), naval combat (16.2); one test per rule, the rule
book's worked examples among them."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.war import battles as bt
from umpire.games.his2p.war import naval as nv
from umpire.games.his2p.war import sieges as sg
from umpire.kernel import rng

BOARD = load_map()


def state(at_war: list[list[str]] | None = None, allied: list[list[str]] | None = None) -> dict[str, Any]:
    """A bare board: each space controlled by its first home power, no units."""
    return {
        "diplomacy": {"at_war": at_war or [], "allied": allied or []},
        "units": {},
        "rng": rng.init_rng(7),
        "spaces": spaces_1517(),
    }


def spaces_1517() -> dict[str, Any]:
    """Control by home power, with the seed's set-up change: Brünn (and Prague, Breslau) Hapsburg."""
    spaces = {
        s: {"control": spot.home[0] if spot.home else "independent", "protestant": False, "unrest": False}
        for s, spot in BOARD.spaces.items()
    }
    for s in ("prague", "brunn", "breslau"):
        spaces[s]["control"] = "hapsburg"
    return spaces


def faces(hit: int, miss: int) -> list[int]:
    return [6] * hit + [2] * miss


def test_14_hits_are_fives_and_sixes() -> None:
    assert bt.hits([1, 2, 3, 4, 5, 6, 6]) == 3


def test_14_dice_one_per_unit_the_best_leader_and_one_for_the_defender() -> None:
    assert bt.field_battle_dice(8, 2, defender=False) == 10
    assert bt.field_battle_dice(10, 2, defender=True) == 13
    assert bt.field_battle_dice(0, 0, defender=True) == 1
    with pytest.raises(ValueError, match="must not be negative"):
        bt.field_battle_dice(-1, 0, defender=False)


def test_14_worked_example_vienna() -> None:
    """Rule book 14's example: Suleiman, Ibrahim, 7 regulars and a cavalry attack Vienna, intercepted by Charles V
    with 8 regulars; Ferdinand and 2 regulars there. 10 dice against 13; 3 hits against 5: the Hapsburgs win and lose
    3 units, the Ottomans lose 5 and retreat to Pressburg, where they came from."""
    result = bt.field_battle(8, 10, faces(3, 7), faces(5, 8), attacker_has_leaders=True, defender_has_leaders=True)
    assert (result.attacker_dice, result.defender_dice) == (10, 13)
    assert result.winner == bt.DEFENDER and result.loser == bt.ATTACKER
    assert (result.attacker_losses, result.defender_losses) == (5, 3)
    assert (result.attacker_left, result.defender_left) == (3, 7)
    assert not result.attacker_leaders_captured and not result.defender_leaders_captured
    assert bt.take_losses({"regular": 7, "cavalry": 1}, 5, {"cavalry": 1, "regular": 4}) == {"regular": 3}
    war = state([["ottoman", "hapsburg"]])
    war["units"] = {"vienna": {"hapsburg": {"regular": 7}}}
    war["spaces"]["pressburg"]["control"] = "ottoman"
    assert bt.retreat_spaces(war, BOARD, "ottoman", "vienna", "pressburg", mover_lost=True) == ["pressburg"]


def test_14_the_defender_wins_ties() -> None:
    assert bt.field_battle(4, 4, faces(2, 2), faces(2, 3)).winner == bt.DEFENDER


def test_14_both_wiped_out_the_side_with_more_dice_keeps_one() -> None:
    # ruling HIS-X03
    more_attacker = bt.field_battle(2, 2, faces(2, 4), faces(2, 1), defender_has_leaders=True)
    assert (more_attacker.attacker_left, more_attacker.defender_left) == (1, 0)
    assert more_attacker.defender_leaders_captured and not more_attacker.attacker_leaders_captured
    equal = bt.field_battle(2, 2, faces(2, 1), faces(2, 1), attacker_has_leaders=True)
    assert (equal.attacker_left, equal.defender_left) == (0, 1)
    assert equal.attacker_leaders_captured


def test_14_step_7_extra_hits_hook_for_response_cards() -> None:
    # ruling HIS-X01: war as rule functions, cards as hooks
    plain = bt.field_battle(3, 3, faces(1, 2), faces(1, 3))
    assert plain.winner == bt.DEFENDER
    helped = bt.field_battle(3, 3, faces(1, 2), faces(1, 3), attacker_extra_hits=1)
    assert helped.winner == bt.ATTACKER and helped.defender_losses == 2


def test_14_faces_must_be_dice() -> None:
    with pytest.raises(ValueError, match=r"attacker's faces must be 1\.\.6"):
        bt.field_battle(1, 1, [7], [1])


def test_14_step_9_the_owner_chooses_losses_of_units_it_has() -> None:
    with pytest.raises(ValueError, match="choose exactly 2 land units to lose, not 1"):
        bt.take_losses({"regular": 3}, 2, {"regular": 1})
    with pytest.raises(ValueError, match="has 0 mercenary, cannot lose 1"):
        bt.take_losses({"regular": 3}, 2, {"regular": 1, "mercenary": 1})
    with pytest.raises(ValueError, match="'squadron' is not a land unit"):
        bt.take_losses({"regular": 3}, 1, {"squadron": 1})
    assert bt.take_losses({"regular": 1, "mercenary": 2}, 2, {"mercenary": 2}) == {"regular": 1}


def test_5_two_powers_defending_share_losses_evenly() -> None:
    assert bt.share_losses(4, 3, 3, odd_to_first=True) == (2, 2)
    assert bt.share_losses(3, 3, 3, odd_to_first=True) == (2, 1)
    assert bt.share_losses(3, 3, 3, odd_to_first=False) == (1, 2)
    assert bt.share_losses(5, 1, 6, odd_to_first=True) == (1, 4)
    assert bt.share_losses(9, 2, 3, odd_to_first=False) == (2, 3)
    game = state()
    first, second = bt.roll_share_losses(game, "vienna", 3, ("hapsburg", 4), ("hungary", 4))
    assert sorted((first, second)) == [1, 2]
    assert game["rolls"][-1]["purpose"] == "odd loss at vienna"


def test_14_rolled_through_the_generator_with_a_purpose() -> None:
    game = state()
    result = bt.roll_field_battle(game, "vienna", 8, 2, 10, 2)
    purposes = [entry["purpose"] for entry in game["rolls"]]
    assert purposes == ["field battle at vienna: attacker", "field battle at vienna: defender"]
    assert result.attacker_dice == 10 and result.defender_dice == 13
    assert result.attacker_hits == bt.hits(game["rolls"][0]["result"])


def test_13_2_worked_example_charles_intercepts_at_vienna() -> None:
    """13.2's example: Charles V (battle 2) intercepts an Ottoman stack with cavalry: 8 on the dice, +2, -1 = 9."""
    total = bt.reaction_total([3, 5], 2, against_cavalry=True)
    assert total == 9 and bt.reaction_succeeds(total)
    assert not bt.reaction_succeeds(bt.reaction_total([3, 4], 2, against_cavalry=True))
    assert bt.reaction_total([3, 4], 0, ottoman_with_cavalry=True) == 8
    with pytest.raises(ValueError, match="roll 2 dice, not 3"):
        bt.reaction_total([1, 2, 3], 0)


def test_13_2_who_may_intercept() -> None:
    # ruling HIS-X06
    war = state([["ottoman", "hapsburg"]])
    assert bt.interception_refusal(war, BOARD, "hapsburg", "ottoman", "graz", "vienna") is None
    assert bt.interception_refusal(state(), BOARD, "hapsburg", "ottoman", "graz", "vienna") == (
        "hapsburg is not at war with ottoman"
    )
    assert "over the pass" in str(bt.interception_refusal(war, BOARD, "hapsburg", "ottoman", "salzburg", "graz"))
    assert "not next to" in str(bt.interception_refusal(war, BOARD, "hapsburg", "ottoman", "linz", "graz"))
    assert "besieged" in str(
        bt.interception_refusal(war, BOARD, "hapsburg", "ottoman", "graz", "vienna", besieged=True)
    )
    assert "already tried" in str(
        bt.interception_refusal(war, BOARD, "hapsburg", "ottoman", "graz", "vienna", tried=True)
    )
    assert "cannot be intercepted" in str(
        bt.interception_refusal(war, BOARD, "hapsburg", "ottoman", "graz", "vienna", mover_reacting=True)
    )
    war["spaces"]["graz"]["control"] = "france"
    assert "neither at war with nor allied" in str(
        bt.interception_refusal(war, BOARD, "hapsburg", "ottoman", "vienna", "graz")
    )
    war["spaces"]["graz"]["control"] = "hapsburg"
    war["units"] = {"graz": {"hungary": {"regular": 1}}}
    assert "their allies, may intercept" in str(
        bt.interception_refusal(war, BOARD, "hapsburg", "ottoman", "vienna", "graz")
    )
    war["minor_allies"] = {"hungary": "hapsburg"}
    assert bt.interception_refusal(war, BOARD, "hapsburg", "ottoman", "vienna", "graz") is None
    assert "a siege stood there" in str(
        bt.interception_refusal(war, BOARD, "hapsburg", "ottoman", "vienna", "graz", siege_in_target=True)
    )
    # Vienna is the Hapsburgs' unbesieged fortification: their own move there cannot be intercepted.
    assert "unbesieged fortification" in str(
        bt.interception_refusal(war, BOARD, "ottoman", "hapsburg", "pressburg", "vienna")
    )


def test_seed_13_papal_units_never_intercept_out_of_the_two_zones() -> None:
    war = state([["papacy", "france"]])
    war["spaces"]["pressburg"]["control"] = "france"
    assert "may not enter pressburg" in str(
        bt.interception_refusal(war, BOARD, "papacy", "france", "vienna", "pressburg")
    )


def test_13_3_where_units_may_avoid_battle() -> None:
    """13.3's example: Ferdinand in Vienna may avoid to Brünn, Linz or Graz, not to Pressburg the Ottomans left."""
    # ruling HIS-X05
    war = state([["ottoman", "hapsburg"]])
    assert bt.avoid_battle_spaces(war, BOARD, "hapsburg", "vienna", "pressburg") == ["brunn", "graz", "linz"]
    war["spaces"]["linz"]["unrest"] = True
    war["units"] = {"graz": {"ottoman": {"regular": 1}}}
    war["spaces"]["brunn"]["control"] = "france"
    assert bt.avoid_battle_spaces(war, BOARD, "hapsburg", "vienna", "pressburg") == []
    war["diplomacy"]["allied"] = [["hapsburg", "france"]]
    # Seed 13: outside the two zones a Hapsburg stack enters only its own or independent spaces, allied or not.
    assert bt.avoid_battle_spaces(war, BOARD, "hapsburg", "vienna", "pressburg") == []
    war["spaces"]["linz"] = {"control": "france", "protestant": False, "unrest": False}
    assert bt.avoid_battle_spaces(war, BOARD, "hapsburg", "vienna", "pressburg") == ["linz"]


def test_13_3_avoiding_battle_rolled_through_the_generator() -> None:
    game = state()
    bt.roll_reaction(game, "avoid battle at vienna", 1)
    assert game["rolls"][-1]["purpose"] == "avoid battle at vienna" and game["rolls"][-1]["kind"] == "2d6"


def test_13_4_withdraw_into_fortifications_at_most_four_units() -> None:
    war = state([["ottoman", "hapsburg"]])
    assert bt.may_withdraw_into_fortification(war, BOARD, "hapsburg", "vienna", 4)
    assert not bt.may_withdraw_into_fortification(war, BOARD, "hapsburg", "vienna", 5)
    assert not bt.may_withdraw_into_fortification(war, BOARD, "hapsburg", "graz", 2)  # unfortified
    assert not bt.may_withdraw_into_fortification(war, BOARD, "ottoman", "vienna", 2)  # not its space
    assert bt.siege_begins(3, 2) and not bt.siege_begins(2, 2)


def test_13_1_a_lone_leader_in_the_open_is_captured() -> None:
    assert bt.lone_leader_captured(False, 0, 1)
    assert not bt.lone_leader_captured(True, 0, 1)
    assert not bt.lone_leader_captured(False, 1, 1)


def test_14_1_a_losing_defender_retreats_anywhere_but_where_the_enemy_came_from() -> None:
    # ruling HIS-X05
    war = state([["ottoman", "hapsburg"]])
    assert bt.retreat_spaces(war, BOARD, "hapsburg", "vienna", "pressburg", mover_lost=False) == [
        "brunn",
        "graz",
        "linz",
    ]
    war["units"] = {"pressburg": {"hapsburg": {"regular": 1}}}
    assert bt.retreat_spaces(war, BOARD, "ottoman", "vienna", "pressburg", mover_lost=True) == []
    assert bt.may_withdraw_after_battle(BOARD, "vienna", loser_controls=True) == 4
    assert bt.may_withdraw_after_battle(BOARD, "vienna", loser_controls=False) == 0
    assert bt.may_withdraw_after_battle(BOARD, "graz", loser_controls=True) == 0


def test_seed_13_protestant_units_retreat_only_inside_the_two_zones() -> None:
    war = state([["protestant", "hapsburg"]])
    war["spaces"]["brunn"]["control"] = "protestant"
    war["spaces"]["graz"]["control"] = "protestant"
    war["spaces"]["linz"]["control"] = "protestant"
    assert bt.retreat_spaces(war, BOARD, "protestant", "vienna", "pressburg", mover_lost=False) == ["graz", "linz"]


def test_15_1_assault_requirements() -> None:
    ok: dict[str, Any] = {
        "besieged_before_this_impulse": True,
        "has_line_of_communication": True,
        "assaulted_this_impulse": False,
        "defender_squadrons_in_adjacent_seas": 0,
        "defender_squadrons_in_port": 0,
        "attacker_squadrons_in_adjacent_seas": 0,
    }
    assert sg.assault_refusal(**ok) is None
    assert "impulse after the siege began" in str(sg.assault_refusal(**{**ok, "besieged_before_this_impulse": False}))
    assert "already assaulted" in str(sg.assault_refusal(**{**ok, "assaulted_this_impulse": True}))
    assert "line of communication" in str(sg.assault_refusal(**{**ok, "has_line_of_communication": False}))
    assert "sea next to" in str(sg.assault_refusal(**{**ok, "defender_squadrons_in_adjacent_seas": 1}))
    blocked = {**ok, "defender_squadrons_in_port": 1, "attacker_squadrons_in_adjacent_seas": 1}
    assert "needs more in the seas next to it, not 1" in str(sg.assault_refusal(**blocked))
    # 15.2's example: two French squadrons in the North Sea against one English squadron in Calais are enough.
    assert sg.assault_refusal(**{**blocked, "attacker_squadrons_in_adjacent_seas": 2}) is None


def test_15_1_assault_dice() -> None:
    """15.2's example: Francis I (battle 1) and 6 regulars assault Calais held by 2 English regulars: 3 + 1 dice
    against 2 + 1."""
    # ruling HIS-X07
    assert sg.assault_dice({"regular": 6}, 1, defenders_inside=2) == 4
    assert sg.assault_defence_dice({"regular": 2}, 0) == 3
    assert sg.assault_dice({"regular": 5, "cavalry": 4}, 0, defenders_inside=1) == 3
    assert sg.assault_dice({"regular": 5, "cavalry": 4}, 2, defenders_inside=0) == 7
    assert sg.assault_defence_dice({"regular": 1, "cavalry": 2}, 1) == 3


def test_15_1_worked_example_calais_falls_on_two_hits() -> None:
    taken = sg.assault(6, 2, faces(2, 2), faces(0, 3))
    assert taken.taken and taken.defender_left == 0 and taken.attacker_left == 6
    held = sg.assault(6, 2, faces(1, 3), faces(1, 2))
    assert not held.taken and held.still_besieged and held.defender_left == 1 and held.attacker_left == 5


def test_15_1_assault_needs_a_hit_and_a_survivor() -> None:
    empty_no_hit = sg.assault(3, 0, faces(0, 3), faces(0, 1))
    assert not empty_no_hit.taken and empty_no_hit.still_besieged
    pyrrhic = sg.assault(1, 1, faces(1, 0), faces(1, 1))
    assert not pyrrhic.taken and pyrrhic.attacker_left == 0 and not pyrrhic.besieger_retreats
    broken = sg.assault(3, 3, faces(1, 1), faces(1, 3))
    assert not broken.taken and not broken.still_besieged and broken.besieger_retreats
    artillery = sg.assault(4, 1, faces(0, 2), faces(0, 2), attacker_extra_hits=1)
    assert artillery.taken


def test_15_1_assault_rolled_through_the_generator() -> None:
    game = state()
    sg.roll_assault(game, "calais", {"regular": 6}, 1, {"regular": 2}, 0)
    assert [len(entry["result"]) for entry in game["rolls"]] == [4, 3]
    assert game["rolls"][0]["purpose"] == "assault on calais: attacker"


def test_15_2_worked_example_relief_of_calais() -> None:
    """15.2's example: Brandon's 4 regulars and the 2 inside roll 7 dice, no hit; the French roll 8, 2 hits. The
    relief fails with fewer hits: the garrison stays inside, Brandon's survivors retreat."""
    battle = bt.field_battle(6, 6, faces(0, 7), faces(2, 6))
    assert battle.winner == bt.DEFENDER and battle.attacker_left == 4
    outcome = sg.relief_outcome(battle.attacker_hits, battle.defender_hits)
    assert outcome == sg.RELIEF_BEATEN
    assert sg.relief_withdrawal_limit(outcome, garrison_left=2) == 2
    assert sg.relief_outcome(2, 2) == sg.RELIEF_TIED and sg.relief_withdrawal_limit(sg.RELIEF_TIED, 1) == 4
    assert sg.relief_outcome(3, 2) == sg.RELIEF_LIFTED


def test_15_3_a_siege_breaks_when_the_besiegers_no_longer_outnumber() -> None:
    assert sg.siege_holds(3, 2)
    assert not sg.siege_holds(2, 2)


def test_16_2_naval_dice() -> None:
    assert nv.naval_dice(2, 0, 1) == 5
    assert nv.naval_dice(1, 3, 0, defender_in_port=True) == 6


def test_16_2_naval_losses() -> None:
    # ruling HIS-X04
    assert nv.naval_losses(3, 3, 0, lost=False) == (1, 0)
    assert nv.naval_losses(3, 3, 0, lost=True) == (2, 0)
    assert nv.naval_losses(4, 3, 0, lost=False) == (2, 0)
    assert nv.naval_losses(5, 1, 4, lost=False) == (1, 3)
    assert nv.naval_losses(2, 0, 3, lost=False) == (0, 2)
    assert nv.naval_losses(9, 2, 1, lost=True) == (2, 1)


def test_16_2_naval_battle_defender_wins_ties_and_one_survives() -> None:
    tie = nv.naval_battle((2, 0), (1, 0), faces(2, 2), faces(2, 1))
    assert tie.winner == nv.DEFENDER
    assert tie.attacker_losses == (1, 0) and tie.defender_losses == (1, 0)
    wiped = nv.naval_battle((1, 0), (1, 0), faces(2, 0), faces(2, 1), attacker_has_leaders=True)
    assert wiped.attacker_losses == (1, 0) and wiped.defender_losses == (0, 0)
    assert wiped.attacker_leaders_to_turn_track and not wiped.defender_leaders_to_turn_track
    corsairs = nv.naval_battle((0, 2), (0, 2), faces(2, 1), faces(2, 0))
    assert corsairs.attacker_losses == (0, 1) and corsairs.defender_losses == (0, 2)


def test_16_2_naval_battle_rolled_through_the_generator() -> None:
    game = state()
    nv.roll_naval_battle(game, "genoa", (2, 0), 1, (1, 0), 0, in_port=True)
    assert [len(entry["result"]) for entry in game["rolls"]] == [5, 3]


def test_16_2_naval_retreats() -> None:
    war = state([["ottoman", "papacy"]])
    assert nv.naval_retreats(war, BOARD, "ottoman", "genoa", in_port=True) == ["gulf_of_lyon", "tyrrhenian_sea"]
    war["units"] = {"gulf_of_lyon": {"papacy": {"squadron": 1}}}
    assert nv.naval_retreats(war, BOARD, "ottoman", "genoa", in_port=True) == ["tyrrhenian_sea"]
    sea = nv.naval_retreats(war, BOARD, "papacy", "tyrrhenian_sea", in_port=False)
    assert "rome" in sea and "gulf_of_lyon" in sea and "naples" not in sea


def test_16_1_who_may_intercept_at_sea() -> None:
    war = state([["ottoman", "papacy"]])
    assert nv.naval_interception_refusal(war, BOARD, "papacy", "ottoman", "rome", "tyrrhenian_sea") is None
    assert nv.naval_interception_refusal(war, BOARD, "papacy", "ottoman", "gulf_of_lyon", "tyrrhenian_sea") is None
    assert "not at war" in str(nv.naval_interception_refusal(war, BOARD, "france", "ottoman", "rome", "tyrrhenian_sea"))
    assert "not a sea zone" in str(
        nv.naval_interception_refusal(war, BOARD, "papacy", "ottoman", "gulf_of_lyon", "genoa")
    )
    assert "not next to" in str(
        nv.naval_interception_refusal(war, BOARD, "papacy", "ottoman", "venice", "tyrrhenian_sea")
    )
    war["units"] = {"gulf_of_lyon": {"ottoman": {"corsair": 1}, "papacy": {"squadron": 1}}}
    assert "none there may intercept" in str(
        nv.naval_interception_refusal(war, BOARD, "papacy", "ottoman", "gulf_of_lyon", "tyrrhenian_sea")
    )


def test_16_1_where_a_fleet_may_avoid_battle() -> None:
    war = state([["ottoman", "papacy"]])
    places = nv.naval_avoid_destinations(war, BOARD, "papacy", "tyrrhenian_sea")
    assert "rome" in places and "naples" not in places and "gulf_of_lyon" in places
    war["units"] = {"gulf_of_lyon": {"ottoman": {"corsair": 1}}}
    assert "gulf_of_lyon" not in nv.naval_avoid_destinations(war, BOARD, "papacy", "tyrrhenian_sea")
