"""Bounded actions (issue 12, points 5 and 6): the kernel's structural check and each ruleset's own limits."""

from __future__ import annotations

import time
from typing import Any

import pytest

from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import new_game
from umpire.kernel.limits import SAFE_INT, ActionLimits, check_action


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "x", "n": 10**5000}, r"action\.n is a 5001-digit number, out of range; expected a whole number"),
        ({"type": "x", "n": float("inf")}, r"action\.n is inf, out of range; expected a finite number"),
        ({"type": "x", "n": float("nan")}, r"action\.n is nan"),
        ({"type": "x", "n": -(SAFE_INT + 1)}, r"from -9007199254740991 to 9007199254740991"),
        ({"type": "x", "s": "a" * 20_001}, r"action\.s is 20001 characters long; expected at most 20000"),
        ({"type": "x", "l": [0] * 1_001}, r"action\.l has 1001 items; expected at most 1000"),
        ({"type": "x", "d": [[[[[[[1]]]]]]]}, r"nested 7 levels deep; expected at most 6"),
        ({"type": "x", "k" * 65: 1}, r"a key of 65 characters"),
        ({"type": "x", "s": {1, 2}}, r"action\.s holds a set"),
    ],
)
def test_structural_limits_name_the_field_and_the_range(action: dict[str, Any], message: str) -> None:
    # ruling K-G02
    with pytest.raises(IllegalAction, match=message):
        check_action(action, ActionLimits())


def test_values_in_all_are_bounded() -> None:
    with pytest.raises(IllegalAction, match="more than 10000 values"):
        check_action({"type": "x", "l": [[0] * 900 for _ in range(20)]}, ActionLimits())
    check_action({"type": "x", "l": [0] * 1_000, "n": SAFE_INT, "f": 1.5}, ActionLimits())


def test_the_kernel_refuses_before_the_ruleset_and_keeps_the_game() -> None:
    game = new_game("standard")
    before = game.digest()
    with pytest.raises(IllegalAction, match=r"action\.n is a 5001-digit number"):
        game.act("FRANCE", {"type": "ready", "ready": True, "n": 10**5000})
    with pytest.raises(IllegalAction, match=r"action\.n is inf"):
        game.act("FRANCE", {"type": "ready", "ready": True, "n": float("inf")})
    assert game.digest() == before and game.record["actions"] == []


def test_standard_takes_no_more_orders_than_units() -> None:
    """Issue 12: a 100,000-order action was accepted (4 s) and every later answer was 5.7 MB."""
    # ruling K-G02: each ruleset tightens the bounds
    game = new_game("standard")
    start = time.perf_counter()
    with pytest.raises(IllegalAction, match=r"action\.orders has 100000 items; expected at most 34"):
        game.act("FRANCE", {"type": "orders", "power": "FRANCE", "orders": ["A PAR H"] * 100_000})
    assert time.perf_counter() - start < 0.5
    with pytest.raises(IllegalAction, match=r"FRANCE may give at most 3 orders in S1901M \(one per unit\), not 4"):
        game.act("FRANCE", {"type": "orders", "power": "FRANCE", "orders": ["A PAR H"] * 4})
    with pytest.raises(IllegalAction, match="is 201 characters long; expected at most 200"):
        game.act("FRANCE", {"type": "orders", "power": "FRANCE", "orders": ["A PAR H" + " " * 194]})
    game.act("FRANCE", {"type": "orders", "power": "FRANCE", "orders": ["A PAR H", "A MAR H", "F BRE H"]})


def test_europe1615_submission_is_bounded_by_what_it_can_need() -> None:
    """Issue 12: a 2 MB 1615 submission made every view 33 MB; a 4,301-digit INF amount was a 500."""
    game = new_game("europe1615")
    most = game.ruleset.submission_lines(game.state)  # type: ignore[attr-defined]
    assert 80 < most < 120
    with pytest.raises(IllegalAction, match=r"action\.text is 2000000 characters long; expected at most"):
        game.act("FRANCE", {"type": "submit", "text": "x" * 2_000_000})
    with pytest.raises(IllegalAction, match=f"the submission has {most + 1} lines of orders; expected at most {most}"):
        game.act("FRANCE", {"type": "submit", "text": "\n".join(["PAR H"] * (most + 1))})
    with pytest.raises(IllegalAction, match="line 2 of the submission is 4306 characters long; expected at most 200"):
        game.act("FRANCE", {"type": "submit", "text": "FRANCE:\n" + "9" * 4301 + ": WUR"})
    game.act("FRANCE", {"type": "submit", "text": "FRANCE:\n# a comment\n\n99999: WUR\n9: WUR"})
    errors = game.view("FRANCE")["submission"]["errors"]
    assert errors == [
        {
            "line": 4,
            "token": "99999...",
            "message": "an INF amount of 5 digits is more than any power holds",
            "expected": "a whole number from 1 to 21",
        }
    ]


def test_europe1615_inf_amount_in_the_text_reader() -> None:
    from umpire.games.europe1615.submission import parse_submission

    (error,) = parse_submission("9" * 4301 + ": WUR").errors
    assert error.message == "an INF amount of 4301 digits is more than any power holds"
    assert error.expected == "a whole number from 1 to 999"


def _gm(game: Any, action: dict[str, Any]) -> None:
    game.act("gm", {"who": "Game Control", "why": "test", **action})


def test_rr3_adjustments_stay_within_the_sane_maxima() -> None:
    """Issue 12: repeated adjustments of a treasury by a huge delta pushed it past 4,300 digits (a 500)."""
    game = new_game("rr3")
    adjust = {"type": "adjust", "target": "states", "key": "france", "field": "treasury"}
    with pytest.raises(IllegalAction, match=r"action\.delta is a 4301-digit number, out of range"):
        _gm(game, {**adjust, "delta": 10**4300})
    with pytest.raises(IllegalAction, match=r"action\.delta is 1000001, out of range|a whole number from -1000000"):
        _gm(game, {**adjust, "delta": 1_000_001})
    with pytest.raises(
        IllegalAction, match=r"'delta' 99990 would take states\.treasury of france from 15 to 100005; expected a whole"
    ):
        _gm(game, {**adjust, "delta": 99_990})
    with pytest.raises(IllegalAction, match=r"states\.treasury cannot be 100001; expected a whole number from 0 to"):
        _gm(game, {**adjust, "value": 100_001})
    _gm(game, {**adjust, "delta": 99_985})
    assert game.state["states"]["france"]["treasury"] == 100_000
    with pytest.raises(IllegalAction, match="is 2001 characters long; expected at most 2000"):
        _gm(game, {"type": "announce", "text": "x" * 2001})


def test_rr3_form_numbers_are_bounded() -> None:
    from umpire.games.rr3 import desk

    with pytest.raises(IllegalAction, match=r"'n' \(N\) must be from -1000000 to 1000000, not 1000001"):
        desk.check_fields([desk.Field("n", "N", "int")], {"n": 1_000_001}, {})
    with pytest.raises(IllegalAction, match="names the same choice twice"):
        desk.check_fields([desk.Field("m", "M", "multi", choices=("a", "b"))], {"m": ["a", "a"]}, {})
