"""RR3 map tables (handbook, *The Map*: the map is "spread over three tables for ease of umpiring"; *The Financial
System*: in phase 1 revenue is rolled "at the map table at which the player is based": the East (Habsburgs'
Germany...), the West (France, England...), the Mediterranean (Habsburgs' Spain, Venice, Milan...)). Rulings
RR3-J02 and RR3-J03."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from tests.rr3.test_rr3_finance_desk import card, make, play

import umpire.games.rr3.desks  # noqa: F401  (registers the desks)
from umpire.games.rr3 import desk, views
from umpire.games.rr3.desks import tables
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]


def revenue_game() -> tuple[State, dict[str, dict[str, Any]]]:
    s = make(seed=7)
    s["cards"]["ve_sub"] = card("ve_sub", "subsidy", "venice", "gritti", "venice")
    items = {
        "france": play(s, "france", card="fr_sub1"),
        "spain": play(s, "habsburgs", card="sp_sub"),
        "austria": play(s, "habsburgs", card="au_sub"),
        "venice": play(s, "venice", card="ve_sub"),
    }
    return s, items


def test_control_revenue_items_sit_at_the_handbook_table_of_their_state() -> None:
    """The phase-1 table of the handbook: Spain in the Mediterranean, the Habsburgs' Germany in the East, France
    in the West."""
    s, items = revenue_game()
    assert {k: tables.item_table(s, i) for k, i in items.items()} == {
        "france": "west",
        "spain": "mediterranean",
        "austria": "east",
        "venice": "mediterranean",
    }
    shown = views.desk_part(s, desk.MAP)
    assert {i["id"]: i["table"] for i in shown["pending"]} == {i["id"]: tables.item_table(s, i) for i in items.values()}
    assert shown["tables"] == {"east": "The East", "west": "The West", "mediterranean": "The Mediterranean"}


def test_control_settle_table_settles_each_item_of_the_table_as_one_by_one() -> None:
    """One click settles the Mediterranean's revenue items; each has its own dice and the umpire's name, exactly
    as two separate "Roll" clicks would; the other tables' items stay pending."""
    s, items = revenue_game()
    by_hand = copy.deepcopy(s)
    for key in ("spain", "venice"):
        desk.settle_item(by_hand, desk.MAP, {"type": "settle", "item": items[key]["id"], "who": "Bea"})
    desk.do_direct(s, desk.MAP, {"type": "settle_table", "table": "mediterranean", "who": "Bea"}, team=None)
    for key in ("spain", "venice"):
        done, hand = s["items"][items[key]["id"]], by_hand["items"][items[key]["id"]]
        assert done["status"] == desk.SETTLED and done["closed_by"] == {"role": desk.MAP, "who": "Bea"}
        assert len(done["dice"]) == 2 and done["dice"] == hand["dice"] and done["outcome"] == hand["outcome"]
    assert s["states"] == by_hand["states"]
    assert [i["id"] for i in desk.pending(s, desk.MAP)] == [items["france"]["id"], items["austria"]["id"]]
    assert "The Mediterranean: settled" in s["journal"][-1]["text"]


def test_control_settle_table_and_revenue_items_are_every_desk_s_in_phase_one() -> None:
    """RR3-M02: "All the available umpires will help to calculate and distribute incomes, etc. during the Phase 1".
    Every desk may settle a table or one revenue item in phase 1; in phase 4 a loan is Map Control's again."""
    s, items = revenue_game()
    forms = {f["type"]: f for f in views.actions(s, desk.MAP)}
    assert forms["settle_table"]["fields"][0]["choices"] == ["east", "west", "mediterranean"]
    for seat in desk.CONTROL_SEATS:
        assert "settle_table" in {f["type"] for f in views.actions(s, seat)}
    assert [i["id"] for i in views.desk_part(s, desk.POLITICAL, helping=True)["pending"]] == [
        i["id"] for i in items.values()
    ]
    assert views.desk_part(s, desk.POLITICAL)["pending"] == []
    desk.settle_item(s, desk.CHARACTER, {"type": "settle", "item": items["venice"]["id"], "who": "Cy"})
    desk.do_direct(s, desk.POLITICAL, {"type": "settle_table", "table": "west", "who": "Po"}, team=None)
    assert s["items"][items["france"]["id"]]["closed_by"] == {"role": desk.POLITICAL, "who": "Po"}
    s["phase"] = 4
    with pytest.raises(IllegalAction, match="phase 1 only"):
        desk.do_direct(s, desk.MAP, {"type": "settle_table", "table": "west"}, team=None)
    loan = play(s, "france", card="fr_loan")
    with pytest.raises(IllegalAction, match=r"only Map Control \(or Game Control\) may resolve this item; every desk"):
        desk.settle_item(s, desk.POLITICAL, {"type": "settle", "item": loan["id"]})
    assert loan["id"] not in {i["id"] for i in views.desk_part(s, desk.POLITICAL, helping=True)["pending"]}


def test_control_settle_table_refuses_a_table_with_nothing_to_settle() -> None:
    s, items = revenue_game()
    desk.settle_item(s, desk.MAP, {"type": "settle", "item": items["france"]["id"], "who": "Bea"})
    with pytest.raises(IllegalAction, match="cannot be 'west'"):
        desk.do_direct(s, desk.MAP, {"type": "settle_table", "table": "west"}, team=None)


# --- forms that fit (issue 19 point 8, RR3-J04) ---


def fields_of(form: dict[str, Any]) -> list[str]:
    return [f["name"] for f in form["fields"]]


def test_control_a_revenue_item_s_form_asks_for_revolt_fields_only_for_a_subsidy() -> None:
    """Handbook, *Revolt*: only a Subsidy card brings a revolt roll; a loan's or an exaction's Roll needs nothing."""
    s, items = revenue_game()
    loan = play(s, "france", card="fr_loan")
    subsidy = desk.settle_forms(s, items["france"])[0]
    assert fields_of(subsidy) == ["revolt_area", "modifier"]
    assert fields_of(desk.settle_forms(s, loan)[0]) == []
    assert fields_of(desk.settle_forms(s, loan)[1]) == ["why"]


def test_control_a_request_form_leaves_off_optional_choices_with_nothing_to_choose() -> None:
    """Handbook, *Persuasion cards* and *Italian banks*: Venice holds no Persuasion card and was granted no bank, so
    its form to play a card asks neither; France, holding a Persuasion card and granted Venice's bank, sees both."""
    s, _ = revenue_game()
    s["cards"]["ve_sub2"] = card("ve_sub2", "loan", "venice", "gritti", "venice")
    form = {f["type"]: f for f in desk.request_forms(s, "venice", "venice")}["play_card"]
    assert fields_of(form) == ["card", "raise_army"]
    desk.do_direct(s, "venice", {"type": "grant_bank", "team": "france"}, team="venice")
    form = {f["type"]: f for f in desk.request_forms(s, "france", "france")}["play_card"]
    assert fields_of(form) == ["card", "persuasion", "raise_army", "bank"]
