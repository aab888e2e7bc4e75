"""RR3 finance (handbook, The Financial System; pay and mutiny from The Campaign System), with Monluc's pay."""

from __future__ import annotations

import pytest

from umpire.games.rr3 import finance as f
from umpire.kernel.rng import init_rng


def fresh(seed: int = 1) -> dict:
    return {"rng": init_rng(seed), "rolls": []}


def test_finance_subsidy_raises_unrest_by_two_and_may_revolt() -> None:
    calm = f.subsidy_outcome(3, 4, unrest=1)
    assert (calm.amount, calm.unrest_index, calm.revolt, calm.unrest_after) == (7, 3, False, 3)
    riot = f.subsidy_outcome(5, 2, unrest=1)
    assert riot.revolt and riot.amount == 4 and riot.unrest_after == 0  # 9 halved, round down


def test_finance_subsidy_revolt_needs_strictly_less() -> None:
    assert not f.subsidy_outcome(1, 3, unrest=1).revolt
    assert f.subsidy_outcome(1, 2, unrest=1).revolt


def test_finance_persuasion_or_raising_army_negates_the_increase() -> None:
    for kw in ({"persuasion": True}, {"to_raise_army": True}):
        r = f.subsidy_outcome(6, 2, unrest=2, **kw)
        assert r.unrest_index == 2 and not r.revolt and r.amount == 10
    # the revolt roll is still made against the unchanged index (RR3-R05)
    assert f.subsidy_outcome(6, 1, unrest=2, persuasion=True).revolt


def test_finance_subsidy_revolt_modifier() -> None:
    assert f.subsidy_outcome(6, 3, unrest=0, revolt_modifier=2).revolt


def test_finance_play_subsidy_logs_two_rolls() -> None:
    state = fresh(5)
    r = f.play_subsidy(state, "England", unrest=0)
    assert [e["result"] for e in state["rolls"]] == [r.revenue_die, r.revolt_die]
    assert "subsidy" in state["rolls"][0]["purpose"]


def test_finance_exaction_only_to_raise_an_army() -> None:
    with pytest.raises(ValueError):
        f.play_exaction(fresh(), "France", to_raise_army=False)
    state = fresh()
    assert f.play_exaction(state, "France", to_raise_army=True) == state["rolls"][0]["result"]


def test_finance_loans() -> None:
    assert f.loan_amount(6, 1) == 12
    assert f.loan_amount(5, 4) == 5  # 11 halved, round down
    with pytest.raises(ValueError):
        f.loan_amount(3, 2)
    state = fresh(2)
    amount, debt = f.play_loan(state, "Habsburgs", 4, national_debt=20, bank="venice")
    assert amount == (state["rolls"][0]["result"] + 6) // 2 and debt == 20 + amount
    assert "venice bank loan" in state["rolls"][0]["purpose"]
    with pytest.raises(ValueError):
        f.play_loan(fresh(), "x", 3, 0)


def test_finance_one_card_of_each_type_per_turn() -> None:
    played = [f.CardPlay("England", "subsidy"), f.CardPlay("England", "loan")]
    assert f.card_play_error(played, f.CardPlay("England", "subsidy")) is not None
    assert f.card_play_error(played, f.CardPlay("England", "loan", phase=4)) is not None
    assert f.card_play_error(played, f.CardPlay("France", "subsidy")) is None
    assert f.card_play_error(played, f.CardPlay("England", "exaction", to_raise_army=True)) is None
    assert f.card_play_error([], f.CardPlay("England", "exaction")) is not None


def test_finance_card_phases() -> None:
    assert f.card_play_error([], f.CardPlay("x", "subsidy", phase=4)) is not None
    assert f.card_play_error([], f.CardPlay("x", "loan", phase=4)) is None
    assert f.card_play_error([], f.CardPlay("x", "loan", phase=2)) is not None
    assert f.card_play_error([], f.CardPlay("x", "tithe")) is not None


def test_finance_italian_bank_loans() -> None:
    played = [f.CardPlay("England", "loan")]
    assert f.card_play_error(played, f.CardPlay("England", "loan", bank="florence")) is None
    played.append(f.CardPlay("England", "loan", bank="florence"))
    assert f.card_play_error(played, f.CardPlay("France", "loan", bank="florence")) is not None  # one per turn
    assert f.card_play_error(played, f.CardPlay("England", "loan", bank="venice")) is not None  # RR3-R07
    assert f.card_play_error(played, f.CardPlay("France", "loan", bank="venice")) is None
    assert f.card_play_error([], f.CardPlay("milan", "loan", bank="venice")) is not None  # non-Italian only
    assert f.card_play_error([], f.CardPlay("France", "loan", bank="lyon")) is not None
    assert f.card_play_error([], f.CardPlay("France", "subsidy", bank="venice")) is not None


def test_finance_monluc_pay_worked_example() -> None:
    assert f.pay_due(18_000) == 4
    assert f.pay_army(18_000, paid=3, arrears=0) == 1
    assert f.pay_army(18_000, paid=4, arrears=1) == 1


def test_finance_monluc_mutiny_worked_example() -> None:
    # three arrears: a roll of 4 or more avoids mutiny; 1 or 2 mutinies
    assert not any(f.mutinies(d, 3) for d in (4, 5, 6))
    assert all(f.mutinies(d, 3) for d in (1, 2))
    assert not f.mutinies(3, 3)  # RR3-R09: "less than" the markers, as the rule states
    assert not f.mutinies(1, 0)


def test_finance_roll_mutiny() -> None:
    state = fresh()
    assert f.roll_mutiny(state, "Monluc", 0) is False and state["rolls"] == []
    m = f.roll_mutiny(state, "Monluc", 3)
    assert m == (state["rolls"][0]["result"] < 3)


def test_finance_pay_and_raising_costs() -> None:
    assert [f.pay_due(m) for m in (0, 1_000, 5_000, 5_001, 10_000, 23_000)] == [0, 1, 1, 2, 2, 5]
    assert f.raising_cost(12_000) == 3
    assert f.arrears_cost(18_000, 3) == 12
    with pytest.raises(ValueError):
        f.pay_due(-1)


def test_finance_desertion_extortion_loot() -> None:
    assert f.desertion(18_000, 1, 2) == 15_000
    assert f.desertion(1_000, 3, 0) == 0
    assert f.extortion_error(1, False) is None
    assert f.extortion_error(2, False) is not None and f.extortion_error(1, True) is not None
    assert f.loot(fresh(), "x", "Lombardy", 2, False) == (1, 0)
    state = fresh()
    assert f.loot(state, "x", "Lombardy", 0, False) == (0, state["rolls"][0]["result"])
    with pytest.raises(ValueError):
        f.loot(fresh(), "x", "Lombardy", 0, True)
