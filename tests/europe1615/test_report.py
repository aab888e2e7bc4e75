"""The Europe 1615 phase report: every void line says why, and the lines grouped for their reader."""

from __future__ import annotations

from typing import Any

from umpire.games.europe1615 import rules
from umpire.games.europe1615.board import game_map
from umpire.games.europe1615.report import report_groups, report_text
from umpire.kernel.game import Game, new_game

POWERS = list(game_map().powers)


def lorraine_phase() -> tuple[Game, dict[str, Any]]:
    """France and England deploy to Lorraine; England attacks France there (resolved), France attacks Spain,
    which holds no INFs there (void)."""
    g = new_game(rules.RULESET, options={"sanctions": False}, seed=7)
    g.act("FRANCE", {"type": "submit", "text": "5: LOR\nLOR > SPAIN\nLOR HOLD\nPAR-BUR"})
    g.act("ENGLAND", {"type": "submit", "text": "3: LOR\nLOR > FRANCE"})
    g.act("gm", {"type": "resolve"})
    entry: dict[str, Any] = g.state["history"][-1]
    return g, entry


def test_diplomatic_attack_a_void_attack_says_why_in_the_public_report() -> None:
    # ruling E1615-C37
    g, entry = lorraine_phase()
    text = report_text(entry)
    assert "diplomatic attack FRANCE: LOR > SPAIN: void (SPAIN holds no INFs in LOR)" in text.splitlines()
    # The resolved attack's amounts stay the GM's: no "both lose 3" in a seat's report or view.
    assert "diplomatic attack ENGLAND: LOR > FRANCE: resolved" in text.splitlines()
    assert "both lose" not in text
    for seat in POWERS:
        view = rules.RULESET.view(g.state, seat)
        assert "both lose" not in view["report"] and "both lose" not in str(view["report_groups"])
    assert "both lose 3" in report_text(entry, gm=True)


def test_phases_every_void_or_failed_line_has_a_reason() -> None:
    _, entry = lorraine_phase()
    for line in report_text(entry).splitlines():
        if line.endswith(": void") or line.endswith(": fails") or line.endswith(": resolved)"):
            raise AssertionError(f"no reason: {line}")


def test_phases_the_report_is_grouped_for_its_reader() -> None:
    g, entry = lorraine_phase()
    groups = report_groups(entry, viewer="FRANCE", powers=POWERS)
    assert groups[0]["title"] == "For FRANCE"
    mine = groups[0]["lines"]
    assert "FRANCE: A PAR - BUR: succeeds (moves to BUR)" in mine
    assert "status LOR: ALIGNED (FRANCE)" in mine  # Lorraine, now aligned with France, is France's news
    assert "LOR: A LOR H: succeeds (holds)" in mine
    titles = [x["title"] for x in groups]
    assert titles[-1] == "Everything else" and "WUR" in titles and titles[1:-1] == sorted(titles[1:-1])
    wur = next(x for x in groups if x["title"] == "WUR")["lines"]
    assert "status WUR: UNALIGNED" in wur and not any("FRANCE" in x for x in wur)
    rest = groups[-1]["lines"]
    assert "SPAIN: A CAS H: succeeds (holds)" in rest
    # Every line is in exactly one group, and the view carries the groups for the seat, from its own side.
    every = [x for grp in groups for x in grp["lines"]]
    assert sorted(every) == sorted(report_text(entry).splitlines()[1:])
    assert rules.RULESET.view(g.state, "SPAIN")["report_groups"][0]["title"] == "For SPAIN"
    assert rules.RULESET.view(g.state, "gm")["report_groups"][0]["title"] != "For GM"


def test_phases_the_seat_sees_its_own_sanction_cards_and_the_gm_the_abandon_buttons() -> None:
    g = new_game(rules.RULESET, options={"sanctions": True}, seed=7)
    france = rules.RULESET.view(g.state, "FRANCE")
    cards = france["my_sanction_cards"]
    assert list(cards) == france["my_sanction_list"]
    assert (
        cards["EMBARGO_SPAIN"]["name"] == "Embargo on Spain"
        and "Spain may not deploy" in cards["EMBARGO_SPAIN"]["effect"]
    )
    spain = rules.RULESET.view(g.state, "SPAIN")
    assert set(spain["my_sanction_cards"]) == set(spain["my_sanction_list"])
    assert not set(spain["my_sanction_cards"]) - set(spain["my_sanction_list"])
    gm_actions = rules.RULESET.view(g.state, "gm")["actions"]
    assert {"type": "abandon", "power": "SPAIN", "abandoned": True} in gm_actions
    g.act("gm", {"type": "abandon", "power": "SPAIN"})
    assert {"type": "abandon", "power": "SPAIN", "abandoned": False} in rules.RULESET.view(g.state, "gm")["actions"]
