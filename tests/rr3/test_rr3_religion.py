"""RR3 religion (handbook, Religion): debates, conversion, purges, minority revolts and the heavenly status chart,
with the handbook's worked examples of Ferdinand's purge of Upper Austria and the revolt that follows."""

from __future__ import annotations

import pytest

from umpire.games.rr3 import religion as r
from umpire.kernel.rng import init_rng

C, L = r.CATHOLIC, r.LUTHERAN


def fresh(seed: int = 1) -> dict:
    return {"rng": init_rng(seed), "rolls": []}


# --- debates ---


def test_religion_card_contest_highest_wins_and_ties_replayed() -> None:
    assert r.card_contest([(4, 2)]) == C
    assert r.card_contest([(3, 3), (1, 5)]) == L
    assert r.card_contest([(2, 2), (4, 4), (6, 1)]) == C
    with pytest.raises(ValueError):
        r.card_contest([(3, 3)])  # still drawn: another round is due
    with pytest.raises(ValueError):
        r.card_contest([(4, 2), (1, 5)])  # the first round already had a winner
    with pytest.raises(ValueError):
        r.card_contest([])


def test_religion_choosers_alternate() -> None:
    assert r.choosers(L) == (L, C, L)
    assert r.choosers(C) == (C, L, C)


def test_religion_debate_lutheran_victory_two_issues() -> None:
    result = r.resolve_debate(
        choice_rounds=[(2, 2), (3, 5)],
        chosen_issues=[r.FAITH_ALONE, r.PAPAL_SUPREMACY, r.COMMUNION_BOTH_KINDS],
        issue_rounds=[[(2, 4)], [(5, 1)], [(3, 3), (2, 6)]],
    )
    assert result.first_choice == L
    assert [i.chosen_by for i in result.issues] == [L, C, L]
    assert [i.winner for i in result.issues] == [L, C, L]
    assert (result.winner, result.convincing, result.counter_change) == (L, False, 2)


def test_religion_debate_convincing_catholic_victory() -> None:
    result = r.resolve_debate(
        [(6, 1)],
        [r.TRANSUBSTANTIATION, r.FAITH_ALONE, r.PAPAL_SUPREMACY],
        [[(3, 2)], [(4, 1)], [(5, 5), (2, 1)]],
    )
    assert result.first_choice == C
    assert (result.winner, result.convincing, result.counter_change) == (C, True, -3)


def test_religion_debate_outcome_table() -> None:
    assert r.debate_outcome({C: 2, L: 1}) == (C, False, -2)
    assert r.debate_outcome({C: 0, L: 3}) == (L, True, 3)
    assert r.debate_outcome({C: 1, L: 1}) == (None, False, 0)  # one issue undecided (RR3-RL11)
    assert r.debate_outcome({C: 2, L: 0}) == (C, False, -2)
    with pytest.raises(ValueError):
        r.debate_outcome({C: 2, L: 2})


def test_religion_player_without_cards_loses_the_round() -> None:
    assert r.card_contest([(None, 1)]) == L
    assert r.card_contest([(3, 3), (2, None)]) == C
    assert r.card_contest([(4, 4), (None, None)]) is None
    with pytest.raises(ValueError):
        r.card_contest([(None, None), (2, 1)])


def test_religion_debate_with_an_undecided_issue() -> None:
    result = r.resolve_debate(
        [(5, 2)],
        [r.PAPAL_SUPREMACY, r.TRANSUBSTANTIATION, r.FAITH_ALONE],
        [[(4, 1)], [(2, 3)], [(1, 1), (None, None)]],
    )
    assert [i.winner for i in result.issues] == [C, L, None]
    assert (result.winner, result.counter_change) == (None, 0)
    both_won = r.resolve_debate([(5, 2)], list(r.ISSUES[:3]), [[(4, 1)], [(5, 3)], [(None, None)]])
    assert (both_won.winner, both_won.convincing, both_won.counter_change) == (C, False, -2)
    with pytest.raises(ValueError):
        r.resolve_debate([(None, None)], list(r.ISSUES[:3]), [[(1, 2)]] * 3)


def test_religion_hands_spend_cards() -> None:
    hand = {r.FAITH_ALONE: (3, 5), r.TRANSUBSTANTIATION: (2,)}
    after = r.play_card(hand, r.TRANSUBSTANTIATION, 2)
    assert after == {r.FAITH_ALONE: (3, 5), r.TRANSUBSTANTIATION: ()}
    assert hand[r.TRANSUBSTANTIATION] == (2,)  # the old hand is unchanged
    assert not r.has_cards(after, r.TRANSUBSTANTIATION) and r.has_cards(after, r.FAITH_ALONE)
    assert r.has_cards(after) and not r.has_cards({r.FAITH_ALONE: ()})
    with pytest.raises(ValueError):
        r.play_card(after, r.TRANSUBSTANTIATION, 2)


def test_religion_debate_rejects_repeated_or_unknown_issues() -> None:
    with pytest.raises(ValueError):
        r.resolve_debate([(2, 1)], [r.FAITH_ALONE, r.FAITH_ALONE, r.PAPAL_SUPREMACY], [[(1, 2)]] * 3)
    with pytest.raises(ValueError):
        r.resolve_debate([(2, 1)], [r.FAITH_ALONE, "indulgences", r.PAPAL_SUPREMACY], [[(1, 2)]] * 3)
    with pytest.raises(ValueError):
        r.resolve_debate([(2, 1)], [r.FAITH_ALONE, r.PAPAL_SUPREMACY], [[(1, 2)]] * 2)


def test_religion_counters_after_debate_never_negative() -> None:
    assert r.counters_after_debate(4, 3) == 7
    assert r.counters_after_debate(4, -2) == 2
    assert r.counters_after_debate(1, -3) == 0


# --- conversion ---


def test_religion_conversion_table() -> None:
    assert [r.conversion_target(n, "Germany") for n in (1, 2, 3)] == [5, 4, 1]
    assert [r.conversion_target(n, "the Netherlands") for n in (1, 2, 3)] == [5, 4, 1]
    assert [r.conversion_target(n, "England") for n in (1, 2, 3)] == [6, 5, 4]
    assert [r.conversion_target(n, "Italy") for n in (1, 2, 3)] == [None, None, 6]
    with pytest.raises(ValueError):
        r.conversion_target(4, "Germany")
    with pytest.raises(ValueError):
        r.conversion_target(1, "Muscovy")
    assert r.conversion_target(2, r.WEST) == 5  # a column may be named directly (RR3-RL05)


def test_religion_converts_by_die() -> None:
    assert r.converts(5, 1, "Hungary") and not r.converts(4, 1, "Hungary")
    assert r.converts(4, 2, "Germany") and not r.converts(3, 2, "Germany")
    assert r.converts(None, 3, "Germany")  # automatic
    assert r.converts(6, 1, "France") and not r.converts(5, 1, "France")
    assert not r.converts(None, 2, "Spain")  # impossible
    assert r.converts(6, 3, "Spain") and not r.converts(5, 3, "Spain")
    with pytest.raises(ValueError):
        r.converts(None, 1, "Germany")


def test_religion_one_area_against_multi_area_states() -> None:
    one = r.conversion_result("Anhalt", 5, 1, "Germany", state_areas=1)
    assert one.success and one.state_converted and not one.area_established
    many = r.conversion_result("Upper Austria", 5, 1, "Germany", state_areas=3)
    assert many.success and many.area_established and not many.state_converted
    failed = r.conversion_result("Brabant", 2, 1, "Netherlands", state_areas=4)
    assert not (failed.success or failed.state_converted or failed.area_established)


def test_religion_conversion_errors() -> None:
    assert r.conversion_error(1, 3, state_areas=1, player_controlled=True) is not None
    assert r.conversion_error(1, 3, state_areas=2, player_controlled=True) is None
    assert r.conversion_error(1, 3, state_areas=1, player_controlled=False) is None
    assert r.conversion_error(4, 6, state_areas=2, player_controlled=False) is not None
    assert r.conversion_error(3, 2, state_areas=2, player_controlled=False) is not None
    assert r.conversion_error(1, 3, 2, False, already_lutheran=True) is not None


def test_religion_attempt_conversion_rolls_only_when_needed() -> None:
    state = fresh(3)
    auto = r.attempt_conversion(state, "Saxony", 3, "Germany", state_areas=2)
    assert auto.success and auto.die is None and state["rolls"] == []
    res = r.attempt_conversion(state, "Kent", 2, "England", state_areas=5)
    assert len(state["rolls"]) == 1 and res.die == state["rolls"][0]["result"]
    assert "conversion" in state["rolls"][0]["purpose"]
    assert res.success == (res.die is not None and res.die >= 5)
    nothing = r.attempt_conversion(state, "Naples", 1, "Italy", state_areas=4)
    assert not nothing.success and len(state["rolls"]) == 1
    with pytest.raises(ValueError):
        r.attempt_conversion(state, "Anhalt", 1, "Germany", state_areas=1, player_controlled=True)


# --- purges and minority revolts: the handbook's worked examples ---


def test_religion_ferdinand_purge_example() -> None:
    """Ferdinand purges Upper Austria with 3 florins and no troops (his army is busy in Bohemia): die 1, +3 makes
    only 4 and the attempt fails; his next attempt will have +1."""
    first = r.purge_outcome("Upper Austria", die=1, troops=0, florins=3, previous_attempts=0)
    assert (first.modifier, first.total, first.success, first.attempts_after) == (3, 4, False, 1)
    assert r.purge_modifier(troops=0, florins=0, previous_attempts=first.attempts_after) == 1


def test_religion_upper_austria_revolt_example() -> None:
    """After the failed purge, with Bohemia (adjacent) in revolt: +1 adjacent revolt, +1 previous attempt, the roll
    of 3 becomes 5 and Upper Austria goes into revolt."""
    purge = r.purge_outcome("Upper Austria", die=1, troops=0, florins=3, previous_attempts=0)
    adjacent = r.adjacent_revolts(L, [L])  # Bohemia's revolt
    assert r.minority_revolt_check_due(adjacent, purge.attempts_after)
    assert r.minority_revolts(3, adjacent, purge.attempts_after)
    assert not r.minority_revolts(2, adjacent, purge.attempts_after)
    assert r.revolt_cost(1) == 2


def test_religion_purge_modifiers() -> None:
    assert r.purge_modifier(4_999, 0, 0) == 0
    assert r.purge_modifier(5_000, 0, 0) == 1
    assert r.purge_modifier(20_000, 2, 1) == 4
    assert r.purge_outcome("Bavaria", 4, 5_000, 0, 0).success
    assert not r.purge_outcome("Bavaria", 3, 5_000, 0, 0).success
    with pytest.raises(ValueError):
        r.purge_modifier(0, -1, 0)


def test_religion_one_purge_per_ruler_per_phase() -> None:
    assert r.purge_error("Ferdinand", []) is None
    assert r.purge_error("Ferdinand", ["Ferdinand"]) is not None
    assert r.purge_error("Ferdinand", [], has_minority=False) is not None


def test_religion_attempt_purge_logs_its_die() -> None:
    state = fresh(7)
    res = r.attempt_purge(state, "Ferdinand", "Upper Austria", troops=0, florins=3, previous_attempts=0)
    assert res.die == state["rolls"][0]["result"] and "purge" in state["rolls"][0]["purpose"]
    assert res.success == (res.die + 3 >= 5)


def test_religion_minority_revolt_rules() -> None:
    assert r.adjacent_revolts(L, [L, C, L]) == 2
    assert not r.minority_revolt_check_due(0, 0)
    assert not r.minority_revolt_check_due(1, 0, has_minority=False)
    assert r.minority_revolts(5, 0, 0) and not r.minority_revolts(4, 0, 0)
    assert r.revolt_cost(3) == 6 and r.revolt_cost(0) == 0
    state = fresh(2)
    revolted = r.roll_minority_revolt(state, "Styria", 1, 0)
    assert revolted == (state["rolls"][0]["result"] + 1 >= 5)


# --- heavenly status chart ---


def test_religion_heavenly_chart_update_and_ranking() -> None:
    chart = r.new_heavenly_chart()
    assert set(chart) == set(r.TEAMS) and all(v == 0 for v in chart.values())
    chart = r.update_heavenly_chart(chart, {"The Papacy": 2, "The Lutherans": 2, "England": -1})
    assert chart["The Papacy"] == 2 and chart["England"] == -1 and chart["France"] == 0
    assert r.highest_ranked(chart) == ["The Papacy", "The Lutherans"]
    ranking = r.heavenly_ranking(chart)
    assert ranking[0] == (1, "The Papacy", 2) and ranking[1] == (1, "The Lutherans", 2)
    assert ranking[2][0] == 3 and ranking[-1] == (len(r.TEAMS), "England", -1)
    with pytest.raises(ValueError):
        r.update_heavenly_chart(chart, {"Muscovy": 1})


def test_religion_heavenly_chart_update_is_pure() -> None:
    chart = r.new_heavenly_chart(["A", "B"])
    after = r.update_heavenly_chart(chart, {"A": 1})
    assert chart == {"A": 0, "B": 0} and after == {"A": 1, "B": 0}
    assert r.highest_ranked(after) == ["A"]
    assert r.highest_ranked({}) == []
