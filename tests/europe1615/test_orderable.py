"""Seed 003, "Ottoman neutrality": "Ottoman units no longer move or receive orders" -- so a seat's view does not
offer them as orderable, since the submission parser refuses an order for them (issue 29: a bot that wrote
orders for every unit the view offered had them refused every phase once the sanction applied)."""

from __future__ import annotations

from umpire.games.europe1615 import rules
from umpire.kernel.game import new_game


def test_sanctions_the_view_offers_the_ottoman_units_until_ottoman_neutrality_applies() -> None:
    game = new_game(rules.RULESET, seed=5)
    state = game.state
    assert sorted(game.view("SPAIN")["orderable"]["ottoman"]) == ["A RUM", "A SER"]
    state["sanctions"]["active"]["OTTOMAN_NEUTRALITY"] = None
    assert game.view("SPAIN")["orderable"]["ottoman"] == []
    game.act("SPAIN", {"type": "submit", "text": "A SER - BUD"})
    errors = game.view("SPAIN")["submission"]["errors"]
    assert [e["message"] for e in errors] == ["Ottoman neutrality: Ottoman units take no orders"]
