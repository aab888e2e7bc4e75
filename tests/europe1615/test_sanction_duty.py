"""Seed 003, "Elimination from lists": "if the player still has other sanctions on his/her list that may be used,
he/she is obligated to submit" (ruling E1615-C24): enforced at the late-winter submission, and filled in at
resolution when unmet."""

from __future__ import annotations

import random
from typing import Any

from umpire.bots.europe1615 import make_bot
from umpire.games.europe1615 import rules
from umpire.games.europe1615.sanctions import default_pick
from umpire.kernel.game import Game, new_game

# Treaty of Lyon cannot come into effect at the start (Savoy is not aligned with France); the Catholic League is
# the other confession's advantage for England.
HAND = ["TREATY_OF_LYON", "CATHOLIC_LEAGUE", "EMBARGO_SPAIN"]


def late_winter(hand: list[str] | None = None) -> Game:
    g = new_game(rules.RULESET, options={"sanctions": True}, seed=5)
    while g.state["phase"] != "W1615A":
        g.act("gm", {"type": "resolve"})
    if hand is not None:
        g.state["sanctions"]["lists"]["ENGLAND"] = list(hand)
    return g


def errors(g: Game, power: str, text: str) -> list[dict[str, Any]]:
    g.act(power, {"type": "submit", "text": text})
    out: list[dict[str, Any]] = g.view(power)["submission"]["errors"]
    return out


def winter_gm(g: Game) -> dict[str, Any]:
    g.act("gm", {"type": "resolve"})
    entry = next(h for h in g.state["history"] if h["phase"] == "W1615A" and "sanction_choices" in h["gm"])
    gm: dict[str, Any] = entry["gm"]
    return gm


def test_sanctions_obligated_to_submit_if_other_sanctions_on_the_list_may_be_used_line_error() -> None:
    g = late_winter(HAND)
    errs = errors(g, "ENGLAND", "# nothing to build\n")
    assert len(errs) == 1
    assert errs[0]["line"] == 2  # the line after the last: where the missing choice belongs
    assert "you must choose a sanction" in errs[0]["message"]
    assert "Embargo on Spain" in errs[0]["expected"] and "Treaty of Lyon" not in errs[0]["expected"]
    empty = errors(g, "ENGLAND", "")
    assert len(empty) == 1 and empty[0]["line"] == 1 and empty[0]["message"] == errs[0]["message"]
    assert errors(g, "ENGLAND", "SANCTION: Embargo on Spain") == []


def test_sanctions_obligated_to_submit_a_sanction_that_may_be_used_not_one_conditions_prevent() -> None:
    g = late_winter(HAND)
    errs = errors(g, "ENGLAND", "SANCTION: Treaty of Lyon")
    assert len(errs) == 1 and errs[0]["line"] == 1 and errs[0]["token"] == "TREATY_OF_LYON"
    assert "cannot come into effect now" in errs[0]["message"]


def test_sanctions_may_refrain_when_conditions_prevent_every_sanction_on_the_list() -> None:
    """Seed: "If certain conditions prevent a sanction from coming into effect, then the player may refrain from
    submitting the sanction until conditions are right"."""
    g = late_winter(["TREATY_OF_LYON"])
    assert errors(g, "ENGLAND", "") == []
    assert "ENGLAND" not in winter_gm(g).get("sanction_defaults", {})


def test_sanctions_obligated_to_submit_unmet_at_the_deadline_the_first_usable_sanction_is_chosen() -> None:
    """The missed-orders rule for the duty: the first usable sanction of the list, passing over the other
    confession's advantage (an automatic challenge would be a choice the player never made)."""
    g = late_winter(HAND)
    gm = winter_gm(g)
    assert gm["sanction_defaults"]["ENGLAND"] == "EMBARGO_SPAIN"
    assert gm["sanction_choices"]["ENGLAND"] == "EMBARGO_SPAIN"
    # a choice conditions prevent does not discharge the duty either
    g = late_winter(HAND)
    g.act("ENGLAND", {"type": "submit", "text": "SANCTION: Treaty of Lyon"})
    assert winter_gm(g)["sanction_choices"]["ENGLAND"] == "EMBARGO_SPAIN"
    # a good choice is kept
    g = late_winter(HAND)
    g.act("ENGLAND", {"type": "submit", "text": "SANCTION: Catholic League"})
    gm = winter_gm(g)
    assert gm["sanction_choices"]["ENGLAND"] == "CATHOLIC_LEAGUE" and "ENGLAND" not in gm["sanction_defaults"]


def test_sanctions_default_pick_takes_the_other_confessions_advantage_only_when_nothing_else_is_usable() -> None:
    assert default_pick("ENGLAND", ["CATHOLIC_LEAGUE", "EMBARGO_SPAIN"]) == "EMBARGO_SPAIN"
    assert default_pick("ENGLAND", ["CATHOLIC_LEAGUE", "TREATY_OF_LYON"], lambda c: c != "TREATY_OF_LYON") == (
        "CATHOLIC_LEAGUE"
    )
    assert default_pick("SPAIN", ["CATHOLIC_LEAGUE"]) == "CATHOLIC_LEAGUE"
    assert default_pick("SPAIN", ["TREATY_OF_LYON"], lambda c: False) is None
    assert default_pick("SPAIN", []) is None


def test_sanctions_bot_names_a_sanction_that_may_be_used() -> None:
    g = late_winter(HAND)
    view = g.view("ENGLAND")
    assert view["orderable"]["sanction_usable"] == ["CATHOLIC_LEAGUE", "EMBARGO_SPAIN"]
    for level in ("random", "normal"):
        text = make_bot(level).text(view, random.Random(1))
        assert "SANCTION: CATHOLIC_LEAGUE" in text and "TREATY_OF_LYON" not in text
