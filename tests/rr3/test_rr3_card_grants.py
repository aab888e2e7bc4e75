"""Cards earned in play (handbook, *Persuasion cards*: gained "via the players Prestige or Heavenly status rating";
*Religious debate*: more debating-point cards "should a team be highest ranked on the heavenly status chart")."""

from __future__ import annotations

import pytest

from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import new_game


def test_prestige_a_persuasion_card_earned_by_prestige_can_be_played_with_a_subsidy() -> None:
    game = new_game("rr3", "1524", {}, seed=7)
    before = set(game.view("france")["team"]["card_ids"])
    game.act("political_control", {"type": "grant_card", "team": "france", "kind": "persuasion",
                                   "why": "first on the prestige chart", "who": "Pat"})  # fmt: skip
    [granted] = set(game.view("france")["team"]["card_ids"]) - before
    card = game.state["cards"][granted]
    assert (card["kind"], card["holder"], card["played"]) == ("persuasion", "francis_i", None)
    [form] = [f for f in game.view("france")["actions"] if f["type"] == "play_card"]
    [field] = [f for f in form["fields"] if f["name"] == "persuasion"]
    assert granted in field["choices"]
    assert any("Persuasion card" in line["text"] and "Pat" in line["text"] for line in game.state["journal"])


def test_religion_debating_cards_only_for_the_top_of_the_heavenly_chart() -> None:
    game = new_game("rr3", "1524", {}, seed=7)
    grant = {"type": "grant_card", "team": "papacy", "kind": "debating", "issue": "transubstantiation", "value": 5,
             "why": "the Pope's piety", "who": "Rue"}  # fmt: skip
    game.state["teams"]["lutherans"]["heavenly"] = 2
    with pytest.raises(IllegalAction, match="first on the heavenly status chart earns debating cards: lutherans"):
        game.act("religious_control", grant)
    game.act("religious_control", {"type": "adjust", "target": "teams", "key": "papacy", "field": "heavenly",
                                   "value": 3, "why": "alms to Rome's poor", "who": "Rue"})  # fmt: skip
    before = list(game.state["teams"]["papacy"]["debating"]["transubstantiation"])
    game.act("religious_control", grant)
    assert game.state["teams"]["papacy"]["debating"]["transubstantiation"] == [*before, 5]


def test_control_only_the_control_team_grants_cards() -> None:
    game = new_game("rr3", "1524", {}, seed=7)
    with pytest.raises(IllegalAction):
        game.act("france", {"type": "grant_card", "team": "france", "kind": "persuasion", "why": "we deserve it"})
    with pytest.raises(IllegalAction):
        game.act("map_control", {"type": "grant_card", "team": "france", "kind": "persuasion", "why": "x"})
