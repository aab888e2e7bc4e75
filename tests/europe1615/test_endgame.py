"""Abandonment (seed 003, "ABANDONMENT / CIVIL DISORDER") and victory by agreement (seed 003, "VICTORY
CONDITIONS", "Victory by agreement") played through the kernel (rulings E1615-G01..G03, docs/rulings/europe1615.md)."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.europe1615 import rules
from umpire.games.europe1615.report import report_text
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game

POWERS = ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")


def game() -> Game:
    return new_game(rules.RULESET, options={"sanctions": False}, seed=7)


def resolve(g: Game) -> None:
    g.act("gm", {"type": "resolve"})


def to_early_winter(g: Game) -> dict[str, Any]:
    g.state["phase"] = "F1615M"
    while g.state["phase"][0] != "W":
        resolve(g)
    entry: dict[str, Any] = next(h for h in g.state["history"] if h["phase"] == "W1615E")
    return entry


def to_next_year(g: Game) -> None:
    while g.state["year"] == 1615:
        resolve(g)


# --- ABANDONMENT / CIVIL DISORDER -------------------------------------------------------------------------------


def test_abandonment_abandoned_power_dissolved_at_winter_centres_become_pliant_minors() -> None:
    """Seed, "ABANDONMENT / CIVIL DISORDER": "the power will be dissolved at the winter phase. All remaining units
    disband. Each remaining center becomes a pliant minor state with newly built unit (coastal provinces given
    fleets and inland provinces given armies). All other provinces are left as unaligned passable states"."""
    g = game()
    austria = sorted(p for p, o in g.state["owner"].items() if o == "AUSTRIA")
    g.act("gm", {"type": "abandon", "power": "AUSTRIA"})
    assert g.state["abandoned"] == ["AUSTRIA"]
    assert "AUSTRIA" not in g.state.get("box", {})  # no player: it is not waited for (ruling E1615-G02)
    assert "AUSTRIA" not in g.state["eliminated"]  # dissolved only at the winter phase
    entry = to_early_winter(g)
    assert "AUSTRIA" in g.state["eliminated"]
    assert not [u for u in g.state["units"].values() if u["nation"] == "AUSTRIA"]
    new = g.state["new_minors"]
    assert sorted(new) == ["BOH", "HUN", "SLO", "VIE"]
    assert sorted(entry["public"]["new_states"]) == ["BOH", "HUN", "SLO", "VIE"]
    for mid, kind in (("BOH", "A"), ("HUN", "A"), ("SLO", "F"), ("VIE", "A")):
        assert new[mid]["centre"] == mid and new[mid]["confession"] == "catholic"
        assert g.state["owner"][mid] == mid
        assert mid in g.state["pliant"]
        assert g.state["units"][mid] == {"nation": mid, "kind": kind, "loc": mid, "mark": False}
        assert g.state["status"][mid]["kind"] in ("UNALIGNED", "NEUTRAL", "ALIGNED")
    others = [p for p in austria if p not in rules.game_map().centers]
    assert all(g.state["owner"][p] is None for p in others)
    assert all(p not in rules.impassable(g.state) for p in others)
    view = g.view("FRANCE")
    assert sorted(view["new_minors"]) == ["BOH", "HUN", "SLO", "VIE"]
    assert "AUSTRIA is abandoned and dissolved" in report_text(entry, gm=False)


def test_abandonment_dissolved_power_infs_leave_after_scoring_and_new_minors_take_influence() -> None:
    """Seed, "ABANDONMENT / CIVIL DISORDER": "See ELIMINATION AND EFFECTS OF for rules regarding the influence
    distributed by the abandoned power" (its INFs are removed after the scoring phase); the new minor states are
    scored and can receive INFs like any pliant state."""
    g = game()
    g.state["inf"]["WUR"] = {"AUSTRIA": 4, "FRANCE": 1}
    g.act("gm", {"type": "abandon", "power": "AUSTRIA"})
    to_early_winter(g)
    assert g.state["inf"]["WUR"]["AUSTRIA"] == 4  # still there for the scoring
    to_next_year(g)
    assert g.state["inf"]["WUR"] == {"FRANCE": 1}
    scoring = next(h for h in g.state["history"] if h["public"].get("kind") == "scoring")
    assert scoring["public"]["scores"]["AUSTRIA"]["total"] == 0  # scores ceded
    assert "VIE" in g.state["status"]  # the status check sees the new state
    sub = rules.RULESET.parse(g.state, "FRANCE", "2: VIE")
    assert not sub.errors, sub.errors


def test_abandonment_withdrawn_and_gm_only() -> None:
    """Seed, "ABANDONMENT / CIVIL DISORDER": dissolution happens only "when the GM is unable to find a
    replacement": the GM may withdraw the mark before the winter phase; only the GM declares it."""
    g = game()
    with pytest.raises(IllegalAction):
        g.act("FRANCE", {"type": "abandon", "power": "AUSTRIA"})
    with pytest.raises(IllegalAction):
        g.act("gm", {"type": "abandon", "power": "PRUSSIA"})
    g.act("gm", {"type": "abandon", "power": "AUSTRIA"})
    g.act("gm", {"type": "abandon", "power": "AUSTRIA", "abandoned": False})
    to_early_winter(g)
    assert "AUSTRIA" not in g.state["eliminated"]
    assert not g.state.get("new_minors")


# --- Victory by agreement ---------------------------------------------------------------------------------------


def vote_all(g: Game, powers: tuple[str, ...] = POWERS) -> None:
    for p in powers:
        g.act(p, {"type": "propose_end", "agree": True})


def test_victory_unanimous_agreement_ends_game_most_rounds_wins() -> None:
    """Seed, "Victory by agreement": "players may agree to stop the game and allow the GM to call a winner. This
    must be a unanimous agreement. GM could select a winner based on number of won rounds"."""
    g = game()
    g.state["rounds_won"] = {"AUSTRIA": 1, "DENMARK": 0, "ENGLAND": 3, "FRANCE": 2, "SPAIN": 0}
    vote_all(g, POWERS[:-1])
    assert not g.state["over"]
    assert g.view("SPAIN")["end_votes"] == ["AUSTRIA", "DENMARK", "ENGLAND", "FRANCE"]  # public
    assert {"type": "propose_end", "agree": True} in g.view("SPAIN")["actions"]
    g.act("SPAIN", {"type": "propose_end", "agree": True})
    assert g.state["over"]
    assert g.state["result"]["kind"] == "victory" and g.state["result"]["powers"] == ["ENGLAND"]
    with pytest.raises(IllegalAction):
        g.act("SPAIN", {"type": "propose_end", "agree": False})


def test_victory_agreement_withdrawn_before_unanimity() -> None:
    """Seed, "Victory by agreement": "This must be a unanimous agreement": a vote withdrawn before the last
    power agrees keeps the game going."""
    g = game()
    vote_all(g, POWERS[:-1])
    g.act("FRANCE", {"type": "propose_end", "agree": False})
    g.act("SPAIN", {"type": "propose_end", "agree": True})
    assert not g.state["over"]
    assert g.state["end_votes"] == ["AUSTRIA", "DENMARK", "ENGLAND", "SPAIN"]
    with pytest.raises(IllegalAction):
        g.act("gm", {"type": "propose_end", "agree": True})


def test_victory_agreement_tie_on_rounds_broken_by_accumulated_score_then_draw() -> None:
    """Seed, "Victory by agreement": "if there are ties for most rounds won, then GM selects winner based on
    accumulated score"; a tie on both is a draw among the tied powers (ruling E1615-G03)."""
    g = game()
    g.state["rounds_won"] = {"AUSTRIA": 2, "DENMARK": 0, "ENGLAND": 2, "FRANCE": 2, "SPAIN": 1}
    for totals in ({"AUSTRIA": 10, "ENGLAND": 12, "FRANCE": 9}, {"AUSTRIA": 5, "ENGLAND": 4, "FRANCE": 20}):
        g.state["history"].append(
            {
                "phase": "W1615S",
                "public": {"kind": "scoring", "scores": {p: {"total": t, "lines": []} for p, t in totals.items()}},
                "gm": {},
            }
        )
    vote_all(g)
    assert g.state["result"]["kind"] == "victory" and g.state["result"]["powers"] == ["FRANCE"]
    assert g.state["result"]["accumulated"]["FRANCE"] == 29

    g2 = game()
    g2.state["rounds_won"] = {"AUSTRIA": 2, "DENMARK": 0, "ENGLAND": 2, "FRANCE": 1, "SPAIN": 1}
    vote_all(g2)
    assert g2.state["result"]["kind"] == "draw" and g2.state["result"]["powers"] == ["AUSTRIA", "ENGLAND"]


def test_victory_agreement_among_remaining_powers_only() -> None:
    """Seed, "Victory by agreement": the unanimity is among the players still in the game: an eliminated power
    cannot vote and is not waited for."""
    g = game()
    g.state["eliminated"].append("DENMARK")
    with pytest.raises(IllegalAction):
        g.act("DENMARK", {"type": "propose_end", "agree": True})
    vote_all(g, ("AUSTRIA", "ENGLAND", "FRANCE", "SPAIN"))
    assert g.state["over"]
    assert "DENMARK" not in g.state["result"]["powers"]


def test_victory_agreement_and_abandonment_reported() -> None:
    """Seed, "Victory by agreement" and "ABANDONMENT / CIVIL DISORDER": the votes, the abandonment and the end
    by agreement appear in the public report."""
    g = game()
    g.act("gm", {"type": "abandon", "power": "AUSTRIA"})
    assert "AUSTRIA is declared abandoned" in g.view("FRANCE")["report"]
    vote_all(g, ("DENMARK", "ENGLAND", "FRANCE", "SPAIN"))  # the abandoned power has no vote (ruling E1615-G03)
    assert g.state["over"]
    assert "agreed to stop the game" in g.view("FRANCE")["report"]


def test_abandonment_new_minor_state_aligned_followed_and_captured_like_a_map_minor() -> None:
    """Seed, "ABANDONMENT / CIVIL DISORDER": each remaining centre "becomes a pliant minor state": it takes INFs,
    is ALIGNED with the leading power (whose orders its unit follows) and can be captured like any pliant state
    (ruling E1615-G01)."""
    g = game()
    g.act("gm", {"type": "abandon", "power": "AUSTRIA"})
    to_early_winter(g)
    to_next_year(g)
    g.act("FRANCE", {"type": "submit", "text": "9: VIE"})
    resolve(g)
    assert g.state["status"]["VIE"] == {"kind": "ALIGNED", "power": "FRANCE"}
    assert "A VIE" in g.view("FRANCE")["orderable"]["units"]
    g.state["units"]["VIE"] = {"nation": "SPAIN", "kind": "A", "loc": "VIE", "mark": False}
    g.state["phase"] = "F1616M"
    while g.state["phase"][0] != "W":
        resolve(g)
    assert g.state["owner"]["VIE"] == "SPAIN"
    assert "VIE" not in g.state["pliant"] and "VIE" in g.state["suspended"]


def test_abandonment_captured_new_minor_liberated_when_its_captor_is_eliminated() -> None:
    """Seed, "ELIMINATION AND EFFECTS OF" applied to a state made by "ABANDONMENT / CIVIL DISORDER": the acquired
    foreign centres of an eliminated power are liberated, a new state's centre going back to that state."""
    g = game()
    g.act("gm", {"type": "abandon", "power": "AUSTRIA"})
    to_early_winter(g)
    to_next_year(g)
    for prov in [p for p, u in g.state["units"].items() if u["nation"] == "SPAIN"]:
        del g.state["units"][prov]
    g.state["owner"]["VIE"] = "SPAIN"
    g.state["pliant"].remove("VIE")
    g.state["suspended"]["VIE"] = {}
    del g.state["units"]["VIE"]
    for c in rules.game_map().homes["SPAIN"]:
        g.state["owner"][c] = "FRANCE"
    g.state["phase"] = "F1616M"
    while g.state["phase"][0] != "W":
        resolve(g)
    assert "SPAIN" in g.state["eliminated"]
    assert g.state["owner"]["VIE"] == "VIE" and "VIE" in g.state["pliant"]
    assert g.state["units"]["VIE"]["nation"] == "VIE"
