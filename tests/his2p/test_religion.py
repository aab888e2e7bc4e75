"""The religious struggle (rule book 18.1-18.5): targets, dice, ties, automatic successes, debates, the Diet."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.his2p import board as b
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.religion import religion
from umpire.kernel.rng import init_rng

BOARD = load_map()


def fresh(**events: bool) -> dict[str, Any]:
    """Every space Catholic under its home power (independent when none), no units, no reformer."""
    return {
        "spaces": {
            s: {"control": spot.home[0] if spot.home else "independent", "protestant": False, "unrest": False}
            for s, spot in BOARD.spaces.items()
        },
        "units": {},
        "reformers": {"luther": None, "zwingli": None, "calvin": None, "cranmer": None},
        "debaters": {},
        "rulers": {"papacy": "leo_x", "england": "henry_viii"},
        "events": dict(events),
        "rng": init_rng(7),
        "rolls": [],
    }


def luther_in_wittenberg() -> dict[str, Any]:
    state = fresh()
    state["reformers"]["luther"] = "wittenberg"
    b.set_religion(state, "wittenberg", b.PROTESTANT)
    b.add_units(state, "wittenberg", "protestant", "regular", 2)
    return state


def test_18_2_protestant_dice_count_adjacent_space_reformer_and_stack() -> None:
    """18.3 step 2: Leipzig next to a Protestant Wittenberg holding Luther and 2 regulars: +1 space, +1 reformer,
    +1 stack."""
    dice = religion.side_dice(luther_in_wittenberg(), BOARD, "leipzig", b.PROTESTANT)
    assert dice.count == 3


def test_18_2_in_the_space_a_reformer_and_a_stack_give_two_dice_each() -> None:
    state = luther_in_wittenberg()
    b.set_religion(state, "wittenberg", b.CATHOLIC)
    dice = religion.side_dice(state, BOARD, "wittenberg", b.PROTESTANT)
    assert dice.count == 4


def test_18_2_papal_dice_count_adjacent_catholic_spaces_and_at_least_one() -> None:
    """18.3 step 6: Leipzig's Catholic neighbours (Erfurt, Nuremberg, Prague) each give the Papacy a die."""
    state = luther_in_wittenberg()
    assert religion.side_dice(state, BOARD, "leipzig", b.CATHOLIC).count == 3
    for n in ("erfurt", "nuremberg", "prague"):
        b.set_religion(state, n, b.PROTESTANT)
    assert religion.side_dice(state, BOARD, "leipzig", b.CATHOLIC).count == 1


def test_18_3_sources_across_a_pass_or_in_unrest_give_no_die() -> None:
    """18.3 step 2: "not across a pass, nor from a space in unrest"."""
    state = fresh()
    b.set_religion(state, "augsburg", b.PROTESTANT)  # joined to Innsbruck by a pass only
    assert religion.can_reform(state, BOARD, "innsbruck")  # passes count for the target
    assert religion.side_dice(state, BOARD, "innsbruck", b.PROTESTANT).reasons == ("1 die at least",)
    state = luther_in_wittenberg()
    state["spaces"]["wittenberg"]["unrest"] = True
    assert religion.side_dice(state, BOARD, "leipzig", b.PROTESTANT).count == 1


def test_18_2_units_of_neutral_powers_are_ignored_and_english_follow_the_ruler() -> None:
    state = fresh()
    b.add_units(state, "london", "england", "regular", 1)
    assert not b.has_stack_of(state, "london", b.CATHOLIC)
    state["rulers"]["england"] = "mary_i"
    assert b.has_stack_of(state, "london", b.CATHOLIC)
    state["rulers"]["england"] = "edward_vi"
    assert b.has_stack_of(state, "london", b.PROTESTANT)
    b.add_units(state, "istanbul", "ottoman", "regular", 3)
    assert not b.has_stack_of(state, "istanbul", b.CATHOLIC)


def test_18_3_targets_need_a_reformer_an_adjacent_protestant_space_or_a_protestant_port_on_the_sea() -> None:
    state = fresh()
    assert religion.targets(state, BOARD, religion.REFORMATION) == []
    state["reformers"]["zwingli"] = "zurich"
    assert religion.targets(state, BOARD, religion.REFORMATION) == ["zurich"]
    state = fresh()
    b.set_religion(state, "hamburg", b.PROTESTANT)
    found = religion.targets(state, BOARD, religion.REFORMATION)
    assert "london" in found  # a port on the North Sea with Protestant Hamburg
    assert "bremen" in found and "lubeck" in found  # adjacent
    assert "hamburg" not in found


def test_2_3_ottoman_home_spaces_never_change_religion() -> None:
    # ruling HIS-E03
    state = fresh()
    b.set_religion(state, "varna", b.PROTESTANT)
    assert b.religion(state, BOARD, "varna") == b.OTHER
    for space in BOARD.spaces:
        b.set_religion(state, space, b.PROTESTANT)
    ottoman = [s for s, spot in BOARD.spaces.items() if "ottoman" in spot.home]
    assert ottoman and not any(religion.can_counter_reform(state, BOARD, s) for s in ottoman)
    assert not any(religion.can_reform(fresh(), BOARD, s) for s in ottoman)


def test_18_3_a_target_once_per_impulse() -> None:
    state = luther_in_wittenberg()
    assert "leipzig" not in religion.targets(state, BOARD, religion.REFORMATION, exclude=["leipzig"])


@pytest.mark.parametrize(
    ("kind", "attacker", "defender", "in_zone", "pope", "wins"),
    [
        (religion.REFORMATION, 5, 5, True, False, True),  # 18.3 step 8: a tie in the zone goes to the Protestant
        (religion.REFORMATION, 5, 5, False, False, False),  # outside it to the Papacy
        (religion.REFORMATION, 4, 5, True, False, False),
        (religion.COUNTER_REFORMATION, 5, 5, True, False, False),  # 18.4 step 8: ties to the Protestant...
        (religion.COUNTER_REFORMATION, 5, 5, True, True, True),  # ...unless Paul III/Julius III, in the zone
        (religion.COUNTER_REFORMATION, 5, 5, False, True, False),
        (religion.COUNTER_REFORMATION, 6, 5, False, False, True),
    ],
)
def test_18_3_and_18_4_ties(kind: str, attacker: int, defender: int, in_zone: bool, pope: bool, wins: bool) -> None:
    assert religion.judge(kind, attacker, defender, in_zone, pope) is wins


def test_18_3_step_5_and_18_4_step_5_automatic_successes() -> None:
    assert religion.automatic(religion.REFORMATION, 6, True, False)
    assert religion.automatic(religion.REFORMATION, 7, True, False)  # a Full Bible die may show 7
    assert not religion.automatic(religion.REFORMATION, 6, False, False)
    assert not religion.automatic(religion.COUNTER_REFORMATION, 6, True, False)
    assert religion.automatic(religion.COUNTER_REFORMATION, 6, True, True)


def test_an_attempt_rolls_logged_dice_and_its_result_follows_them() -> None:
    for seed in range(30):
        state = luther_in_wittenberg()
        state["rng"] = init_rng(seed)
        outcome = religion.attempt(state, BOARD, "leipzig", religion.THESES)
        rolls = state["rolls"]
        assert rolls[0]["purpose"].startswith("reformation attempt in Leipzig: protestant 4 dice")  # 3 + Theses
        high = max(rolls[0]["result"])
        if high >= 6:
            assert outcome.success and outcome.automatic and len(rolls) == 1
        else:
            assert outcome.success is (high >= max(rolls[1]["result"]))  # Leipzig is German: ties win
        assert b.religion(state, BOARD, "leipzig") == (b.PROTESTANT if outcome.success else b.CATHOLIC)


def test_18_4_augsburg_confession_takes_one_from_each_papal_die() -> None:
    state = fresh(augsburg_confession=True)
    b.set_religion(state, "leipzig", b.PROTESTANT)
    outcome = religion.attempt(state, BOARD, "leipzig", religion.Attempt(religion.COUNTER_REFORMATION, "german"))
    assert list(outcome.attacker) == [f - 1 for f in state["rolls"][0]["result"]]


def test_21_6_an_electorate_turning_protestant_brings_its_regulars_before_the_league_only_if_controlled_after() -> None:
    state = fresh()
    state["electorate_display"] = {"mainz": 1, "trier": 1}
    state["spaces"]["trier"]["control"] = "hapsburg"
    religion.flip(state, BOARD, "mainz", b.PROTESTANT)
    assert b.units_of(state, "mainz", "protestant")["regular"] == 1
    state["events"]["schmalkaldic_league"] = True
    religion.flip(state, BOARD, "trier", b.PROTESTANT)
    assert b.units_of(state, "trier", "protestant")["regular"] == 0
    state["spaces"]["trier"]["control"] = "protestant"
    assert religion.release_electorate_regulars(state, "trier") == 1


def test_23_1_protestant_spaces_count_with_and_without_unrest() -> None:
    state = luther_in_wittenberg()
    b.set_religion(state, "leipzig", b.PROTESTANT)
    state["spaces"]["leipzig"]["unrest"] = True
    assert religion.protestant_spaces(state, BOARD) == 2
    assert religion.protestant_spaces(state, BOARD, count_unrest=False) == 1


class _Debater:
    def __init__(self, name: str, side: str, value: int, language: str | None) -> None:
        self.name, self.side, self.value, self.zone = name, side, value, language


DEBATERS = {
    "eck": _Debater("Eck", "papal", 3, None),
    "tetzel": _Debater("Tetzel", "papal", 1, None),
    "luther": _Debater("Luther", "protestant", 4, "german"),
    "tyndale": _Debater("Tyndale", "protestant", 2, "english"),
}


def test_18_5_dice_of_a_debate() -> None:
    state = fresh()
    assert religion.attacker_debate_dice(state, DEBATERS, "eck", "german").count == 7  # 3 + 3 + 1 for Eck
    assert religion.attacker_debate_dice(state, DEBATERS, "tetzel", "german").count == 4
    assert religion.defender_debate_dice(DEBATERS, "luther", committed=False).count == 6
    assert religion.defender_debate_dice(DEBATERS, "luther", committed=True).count == 5
    state["rulers"]["england"] = "mary_i"
    assert religion.attacker_debate_dice(state, DEBATERS, "eck", "english").count == 10  # value doubled
    state["events"]["augsburg_confession"] = True
    assert religion.attacker_debate_dice(state, DEBATERS, "eck", "german").count == 6
    assert religion.debate_hits([1, 4, 5, 6, 6]) == 3


def test_18_5_burning_needs_a_margin_greater_than_the_value() -> None:
    assert religion.burned_or_disgraced(5, 4)
    assert not religion.burned_or_disgraced(4, 4)


def test_18_1_who_may_call_a_debate() -> None:
    state = fresh()
    state["debaters"] = {"eck": "uncommitted", "tetzel": "committed", "luther": "uncommitted", "tyndale": "absent"}
    assert religion.debate_callable(state, DEBATERS, "papal", "german") is None
    assert "no Protestant debater of the english zone" in str(
        religion.debate_callable(state, DEBATERS, "papal", "english")
    )
    assert religion.debate_callable(state, DEBATERS, "papal", "italian") is not None
    state["debaters"]["luther"] = "committed"
    assert "committed" in str(religion.debate_callable(state, DEBATERS, "protestant", "german"))


def test_18_1_diet_of_worms_flips_chain_through_the_german_zone() -> None:
    # ruling HIS-E02
    state = luther_in_wittenberg()
    first = religion.diet_targets(state, BOARD, b.PROTESTANT)
    assert first == ["brandenburg", "leipzig", "magdeburg"]  # Prague and Breslau are outside the German zone
    religion.flip(state, BOARD, "leipzig", b.PROTESTANT)
    assert {"erfurt", "nuremberg"} <= set(religion.diet_targets(state, BOARD, b.PROTESTANT))
    catholic = religion.diet_targets(state, BOARD, b.CATHOLIC)
    assert catholic == ["leipzig", "wittenberg"]


def test_18_1_diet_of_worms_hits_and_winner() -> None:
    state = fresh()
    result = religion.diet_of_worms(state, 2, 3, 1)
    assert len(result.protestant) == 6 and len(result.papacy) == 3 and len(result.hapsburg) == 1
    p = religion.debate_hits(result.protestant)
    c = religion.debate_hits(result.papacy) + religion.debate_hits(result.hapsburg)
    assert result.flips == abs(p - c)
    assert result.winner == (None if p == c else (b.PROTESTANT if p > c else b.CATHOLIC))
