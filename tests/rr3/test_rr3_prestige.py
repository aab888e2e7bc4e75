"""RR3 prestige (handbook, Prestige)."""

from __future__ import annotations

import pytest

from umpire.games.rr3 import prestige as p


def test_prestige_the_table_lists_the_handbooks_causes() -> None:
    assert [c.handbook for c in p.CAUSES.values()] == [
        "Diplomatic Success",
        "Military victory",
        "Good marriages",
        "Religious acts",
        "Great displays of wealth (this is the renaissance)",
        "Dealings with family members",
        "Anything else which the Control team think appropriate",
    ]


def test_prestige_account_adds_awards_and_losses_by_cause() -> None:
    awards = [
        p.Award("France", p.MILITARY_VICTORY),
        p.Award("France", p.GOOD_MARRIAGE, 2),
        p.Award("England", p.FAMILY_DEALINGS, -2, note="divorce"),
        p.Award("Saxony", p.RELIGIOUS_ACT),
    ]
    acc = p.account({"France": 3, "England": 4}, awards)
    assert acc.chart == {"France": 6, "England": 2, "Saxony": 1}
    assert acc.by_cause["France"] == {p.MILITARY_VICTORY: 1, p.GOOD_MARRIAGE: 2}


def test_prestige_awards_are_capped_unless_exceptional() -> None:
    with pytest.raises(ValueError):
        p.account({}, [p.Award("Spain", p.MILITARY_VICTORY, 5)])
    assert p.account({}, [p.Award("Spain", p.MILITARY_VICTORY, 5, exceptional=True)]).chart == {"Spain": 5}
    with pytest.raises(ValueError):
        p.account({}, [p.Award("Spain", "piety")])


def test_prestige_ranking_shares_ranks() -> None:
    assert p.ranking({"A": 3, "B": 5, "C": 3, "D": 1}) == [(1, "B", 5), (2, "A", 3), (2, "C", 3), (4, "D", 1)]


def test_prestige_revolt_modifier() -> None:
    chart = {"A": 5, "B": 3, "C": 1}
    assert [p.revolt_modifier(chart, t) for t in "ABC"] == [-1, 0, 1]
    assert p.revolt_modifier({"A": 2, "B": 2}, "A") == 0
    assert p.revolt_modifier(chart, "Z") == 0
