"""The Europe 1615 engine (seed 003) played through the kernel: phases, influence, minor states, winter, views."""

from __future__ import annotations

import json
from typing import Any

import pytest

from umpire.bots.europe1615 import make_bot
from umpire.games.europe1615 import rules
from umpire.games.europe1615.policy import Policy1615, capturer
from umpire.kernel.bots import run_bots
from umpire.kernel.canonical import canonical_json
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game, replay
from umpire.kernel.registry import get

POWERS = ["AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN"]


def game(**options: Any) -> Game:
    opts = {"sanctions": False} | options
    return new_game(rules.RULESET, options=opts, seed=7)


def resolve(g: Game) -> dict[str, Any]:
    """Resolve the current phase as the GM and return the report it added."""
    before = len(g.state["history"])
    g.act("gm", {"type": "resolve"})
    entry: dict[str, Any] = g.state["history"][before]
    return entry


def unit(g: Game, prov: str, nation: str, kind: str = "A", mark: bool = False) -> None:
    g.state["units"][prov] = {"nation": nation, "kind": kind, "loc": prov, "mark": mark}


def result_of(report: dict[str, Any], order: str) -> dict[str, Any]:
    return next(o for o in report["public"]["orders"] if o["order"] == order)


def test_phases_registered_and_first_phase() -> None:
    # ruling E1615-M23
    assert get("europe1615") is rules.RULESET
    g = game()
    assert g.state["phase"] == "S1615M"
    # seed, "INFs available/allocated per year"
    assert g.state["allocation"] == {"AUSTRIA": 18, "DENMARK": 18, "ENGLAND": 17, "FRANCE": 21, "SPAIN": 23}
    assert g.state["history"][0]["phase"] == "S1615I"


def test_phases_a_year_played_through() -> None:
    """Seed, "PHASES OF THE GAME YEAR": status check, Spring, Summer, Fall, early winter, late winter, scoring."""
    g = game(end_year=1616)
    phases = []
    while g.state["year"] == 1615:
        phases.append(g.state["phase"])
        resolve(g)
    assert phases == ["S1615M", "U1615M", "F1615M", "W1615A"]  # no retreats, no disbands owed
    kinds = [h["phase"] for h in g.state["history"]]
    assert kinds[:7] == ["S1615I", "S1615M", "U1615M", "F1615M", "W1615E", "W1615A", "W1615S"]
    assert kinds[7] == "S1616I" and g.state["phase"] == "S1616M"


def test_phases_submission_errors_shown_and_good_lines_kept() -> None:
    # ruling E1615-R02
    g = game()
    g.act("FRANCE", {"type": "submit", "text": "9: WUR\nPAR-CHA\nXYZ-ABC\n30: LOR"})
    view = g.view("FRANCE")
    errors = view["submission"]["errors"]
    assert [e["line"] for e in errors] == [3, 4]  # unknown province; over the 21 INFs
    report = resolve(g)
    assert result_of(report, "A PAR - CHA")["result"] == "succeeds"
    assert g.state["inf"]["WUR"] == {"FRANCE": 9}
    assert g.state["spent"]["FRANCE"] == 9


def test_minor_states_aligned_minor_follows_its_power_unaligned_holds() -> None:
    """Seed, "Alignment (passable)" and "No alignment": ALIGNED follows the power; UNALIGNED holds."""
    # ruling E1615-R05
    g = game()
    g.act("FRANCE", {"type": "submit", "text": "5: LOR\nLOR-ALS\nRHI-ALS"})
    report = resolve(g)
    assert report["public"]["status"]["LOR"] == {"kind": "ALIGNED", "power": "FRANCE"}
    assert result_of(report, "A LOR - ALS")["result"] == "succeeds"
    assert report["public"]["minor_orders"]["RHI"] == "RHI is UNALIGNED: it holds"
    assert "ALS" in g.state["units"] and g.state["units"]["ALS"]["nation"] == "LOR"


def test_minor_states_neutral_minor_ignores_orders_and_is_impassable() -> None:
    """Seed, "Neutrality (impassable)": 50/50 is NEUTRAL; orders ignored; nobody may enter."""
    # ruling E1615-R05
    g = game()
    unit(g, "ALS", "FRANCE")
    g.act("FRANCE", {"type": "submit", "text": "5: WUR\nA ALS-WUR\nWUR-RHI"})
    g.act("AUSTRIA", {"type": "submit", "text": "5: WUR"})
    report = resolve(g)
    assert report["public"]["status"]["WUR"]["kind"] == "NEUTRAL"
    move = result_of(report, "A ALS - WUR")
    assert move["result"] == "void" and "impassable" in move["reason"]
    assert "NEUTRAL" in report["public"]["minor_orders"]["WUR"]
    assert g.state["units"]["WUR"]["nation"] == "WUR"


def test_minor_states_foreign_unit_in_neutral_state_may_be_attacked() -> None:
    """Seed: "while holding its position in the neutral state it is open to attack and dislodgment"."""
    g = game()
    g.state["units"].pop("WUR")
    unit(g, "WUR", "AUSTRIA")
    g.state["owner"]["WUR"] = "WUR"
    unit(g, "ALS", "FRANCE")
    unit(g, "SWI", "FRANCE")
    g.act("FRANCE", {"type": "submit", "text": "5: WUR\nA ALS-WUR\nA SWI S A ALS-WUR"})
    g.act("AUSTRIA", {"type": "submit", "text": "5: WUR"})
    report = resolve(g)
    assert report["public"]["status"]["WUR"]["kind"] == "NEUTRAL"
    assert result_of(report, "A ALS - WUR")["result"] == "succeeds"
    assert g.state["phase"] == "S1615R"  # the Austrian army retreats


def test_minor_states_if_the_army_moves_out_of_the_neutral_state_no_other_unit_can_enter() -> None:
    """Seed, "Neutrality (impassable)": "If the army moves out of the neutral state, no other unit can enter"
    (issue 13, point 2): WUR neutral (France 5, Spain 5), the French army in WUR moves to HES while Spain orders
    SWI - WUR: Spain bounces."""
    g = game()
    for prov in ("WUR", "HES"):
        g.state["units"].pop(prov, None)
    unit(g, "WUR", "FRANCE")
    unit(g, "SWI", "SPAIN")
    g.act("FRANCE", {"type": "submit", "text": "5: WUR\nA WUR-HES"})
    g.act("SPAIN", {"type": "submit", "text": "5: WUR\nA SWI-WUR"})
    report = resolve(g)
    assert report["public"]["status"]["WUR"]["kind"] == "NEUTRAL"
    assert result_of(report, "A WUR - HES")["result"] == "succeeds"
    move = result_of(report, "A SWI - WUR")
    assert move["result"] == "fails" and "closed once its foreign unit moved out" in move["reason"]
    assert g.state["units"]["SWI"]["nation"] == "SPAIN" and "WUR" not in g.state["units"]
    assert g.state["units"]["HES"]["nation"] == "FRANCE"


def test_minor_states_foreign_unit_in_neutral_state_may_still_be_supported_while_holding() -> None:
    """Seed: "A foreign unit situated in a neutral state can receive support": the province stays open while the
    foreign unit holds, so its support from outside is given and the attack on it is adjudicated."""
    g = game()
    g.state["units"].pop("WUR")
    unit(g, "WUR", "FRANCE")
    unit(g, "ALS", "FRANCE")
    unit(g, "SWI", "SPAIN")
    unit(g, "BAV", "SPAIN")
    g.act("FRANCE", {"type": "submit", "text": "5: WUR\nA WUR H\nA ALS S A WUR"})
    g.act("SPAIN", {"type": "submit", "text": "5: WUR\nA SWI-WUR\nA BAV S A SWI-WUR"})
    report = resolve(g)
    assert report["public"]["status"]["WUR"]["kind"] == "NEUTRAL"
    assert result_of(report, "A ALS S A WUR")["result"] == "succeeds"
    assert result_of(report, "A SWI - WUR")["result"] == "fails"  # 2 against 2
    assert g.state["units"]["WUR"]["nation"] == "FRANCE"


def test_minor_states_power_cannot_dislodge_its_aligned_minor() -> None:
    """Seed, "Dislodgment": a power cannot dislodge or support the dislodgment of its aligned state's unit."""
    g = game()
    unit(g, "ALS", "FRANCE")
    unit(g, "CHA", "FRANCE")
    g.act("FRANCE", {"type": "submit", "text": "5: LOR\nA ALS-LOR\nA CHA S A ALS-LOR\nLOR HOLD"})
    report = resolve(g)
    assert result_of(report, "A ALS - LOR")["result"] == "fails"
    assert g.state["units"]["LOR"]["nation"] == "LOR"


def test_attrition_minor_unit_disbands_when_dislodged_power_unit_retreats_and_gains_mark() -> None:
    """Seed, "Retreats" (minor units disband) and "ATTRITION" (a retreating army gains a mark)."""
    # rulings E1615-R11, E1615-R12
    g = game()
    unit(g, "ALS", "FRANCE")
    unit(g, "CHA", "FRANCE")
    report = None
    g.act("FRANCE", {"type": "submit", "text": "A ALS-LOR\nA CHA S A ALS-LOR"})
    report = resolve(g)
    assert result_of(report, "A ALS - LOR")["result"] == "succeeds"
    assert any("LOR" in d and "disbanded" in d for d in report["public"]["disbanded"])
    assert g.state["phase"] == "U1615M"  # no retreat phase for a minor's unit
    # now Spain's FLA army is attacked and retreats
    unit(g, "CHA", "FRANCE")
    g.act("FRANCE", {"type": "submit", "text": "A LOR-FLA\nA CHA S A LOR-FLA"})
    report = resolve(g)
    assert g.state["phase"] == "U1615R"
    assert "FLA" in g.state["dislodged"]
    options = g.state["dislodged"]["FLA"]["options"]
    g.act("SPAIN", {"type": "submit", "text": f"A FLA R {options[0]}"})
    resolve(g)
    assert g.state["units"][options[0]]["mark"] is True


def test_attrition_marked_unit_dislodged_again_is_disbanded_and_weak() -> None:
    """Seed, "ATTRITION": a marked unit dislodged again is disbanded; moving unsupported it cannot stand off."""
    # ruling E1615-R11
    policy = Policy1615(powers=POWERS, aligned={}, marked={"BUR"})
    from umpire.diplomacy.policy import Unit

    assert policy.weak(Unit("FRANCE", "A", "BUR"))
    assert not policy.may_retreat(Unit("FRANCE", "A", "BUR"))
    assert not policy.may_retreat(Unit("LOR", "A", "LOR"))
    assert policy.may_retreat(Unit("FRANCE", "A", "PAR"))
    g = game()
    unit(g, "BUR", "SPAIN", mark=True)
    unit(g, "CHA", "FRANCE")
    g.act("FRANCE", {"type": "submit", "text": "A PAR-BUR\nA CHA S A PAR-BUR"})
    report = resolve(g)
    assert any("attrition mark" in d for d in report["public"]["disbanded"])
    assert g.state["phase"] == "U1615M"
    # weak: a marked army moving unsupported does not bounce an unmarked one
    g2 = game()
    unit(g2, "BUR", "SPAIN", mark=True)
    g2.act("SPAIN", {"type": "submit", "text": "A BUR-CHA"})
    g2.act("FRANCE", {"type": "submit", "text": "A PAR-CHA"})
    report = resolve(g2)
    assert result_of(report, "A PAR - CHA")["result"] == "succeeds"


def test_diplomatic_attack_lorraine_diplomatic_attack_through_a_phase() -> None:
    """Seed, "THE DIPLOMATIC ATTACK", example of play: England 5, France 10, Spain 10 in LOR; England attacks
    France, France attacks Spain; LOR ends aligned with Spain, whose order is followed."""
    g = game()
    g.state["inf"] = {"LOR": {"ENGLAND": 5, "FRANCE": 10, "SPAIN": 10}}
    g.act("ENGLAND", {"type": "submit", "text": "LOR > FRANCE"})
    g.act("FRANCE", {"type": "submit", "text": "LOR > SPAIN\nLOR HOLD"})
    g.act("SPAIN", {"type": "submit", "text": "LOR-ALS"})
    report = resolve(g)
    assert g.state["inf"]["LOR"] == {"SPAIN": 5}
    assert report["public"]["status"]["LOR"] == {"kind": "ALIGNED", "power": "SPAIN"}
    assert result_of(report, "A LOR - ALS")["result"] == "succeeds"
    assert [a["outcome"] for a in report["public"]["attacks"]] == ["resolved", "resolved"]
    assert [a["reduction"] for a in report["gm"]["attacks"]] == [5, 5]


def test_influence_serbian_ottoman_order_by_weight_and_hidden() -> None:
    """Seed, "Suggesting moves for the Ottomans": the heavier order is followed; a combined heavier hold wins;
    proposals are never revealed."""
    # ruling E1615-R04
    g = game()
    g.act("SPAIN", {"type": "submit", "text": "SER-BOS"})
    g.act("FRANCE", {"type": "submit", "text": "SER HOLD"})
    report = resolve(g)
    assert result_of(report, "A SER - BOS")["result"] == "succeeds"
    g2 = game()
    g2.act("SPAIN", {"type": "submit", "text": "SER-BOS"})
    g2.act("FRANCE", {"type": "submit", "text": "SER HOLD"})
    g2.act("AUSTRIA", {"type": "submit", "text": "SER HOLD"})
    report = resolve(g2)
    assert "SER" in g2.state["units"] and g2.state["units"]["SER"]["nation"] == "OTTOMAN"
    assert report["gm"]["ottoman_proposals"]["SER"][0]["powers"] == ["AUSTRIA", "FRANCE"]
    for role in [*POWERS, "observer"]:
        text = json.dumps(g2.view(role))
        assert "ottoman_proposals" not in text
        assert "SER-BOS" not in text and "A SER - BOS" not in text


def test_phases_hidden_information_in_views() -> None:
    """A seat never sees another seat's submission, another's INF amounts or sanction list."""
    # ruling E1615-R03
    g = new_game(rules.RULESET, options={"sanctions": True}, seed=3)
    g.act("FRANCE", {"type": "submit", "text": "7: WUR\nPAR-CHA # secret plan zebra"})
    g.act("SPAIN", {"type": "submit", "text": "SER-BOS # secret plan walrus"})
    for role in ["AUSTRIA", "DENMARK", "ENGLAND", "SPAIN", "observer"]:
        text = json.dumps(g.view(role))
        assert "zebra" not in text
    assert "walrus" not in json.dumps(g.view("FRANCE"))
    assert "zebra" in json.dumps(g.view("FRANCE")) and "walrus" in json.dumps(g.view("gm"))
    resolve(g)
    for role in ["AUSTRIA", "DENMARK", "ENGLAND", "SPAIN", "observer"]:
        view = g.view(role)
        assert "zebra" not in json.dumps(view)
        assert "inf" not in view and "gm_history" not in view
    assert "walrus" not in json.dumps(g.view("FRANCE"))
    assert "zebra" in json.dumps(g.view("gm"))
    # the public report shows who deployed where, not how much
    assert g.view("ENGLAND")["deployers"]["WUR"] == ["FRANCE"]
    assert "my_inf" in g.view("FRANCE") and g.view("FRANCE")["my_inf"] == {"WUR": 7}
    lists = g.state["sanctions"]["lists"]
    assert g.view("FRANCE")["my_sanction_list"] == lists["FRANCE"]
    assert "sanctions" not in g.view("ENGLAND") and "sanctions" in g.view("gm")


def test_build_captures_at_year_end_and_alignment_does_not_capture() -> None:
    """Seed, "Alliance": a power in its aligned state does not capture it; other provinces are annexed."""
    assert capturer("FRANCE", "LOR", {"LOR": "FRANCE"}, set()) is None
    assert capturer("LOR", "FRANCE", {"LOR": "FRANCE"}, set()) is None
    assert capturer("LOR", "WUR", {"LOR": "FRANCE", "WUR": "FRANCE"}, set()) is None
    assert capturer("LOR", "SPAIN", {}, {"LOR"}) is None  # "Capture and neutrality"
    assert capturer("LOR", "SPAIN", {}, set()) == "LOR"  # unaligned may still capture
    assert capturer("FRANCE", None, {}, set()) == "FRANCE"


def play_to_winter(g: Game) -> None:
    while g.state["phase"][0] != "W":
        resolve(g)


def test_minor_states_capture_of_a_minor_state() -> None:
    """Seed, "Capture of a minor state" and "Disbanding": withdrawn from the pliant list, INFs suspended, grey
    cross, its units disbanded in early winter."""
    g = game()
    g.state["inf"] = {"LOR": {"SPAIN": 4, "AUSTRIA": 1}}
    g.state["units"].pop("LOR")
    unit(g, "ALS", "LOR")
    unit(g, "LOR", "FRANCE")
    g.state["phase"] = "F1615M"
    play_to_winter(g)
    assert g.state["owner"]["LOR"] == "FRANCE"
    assert "LOR" not in g.state["pliant"]
    assert g.state["suspended"]["LOR"] == {"SPAIN": 4, "AUSTRIA": 1}
    assert g.state["markers"]["LOR"]["grey"] is True
    assert "ALS" not in g.state["units"]
    captures = next(h for h in g.state["history"] if h["phase"] == "W1615E")
    assert captures["public"]["captured_states"] == ["LOR"]


def test_build_minor_rebuilds_and_power_builds_and_inf_reset() -> None:
    """A minor state rebuilds on its uncaptured home centre; a power builds on a vacant home centre; unused
    INFs are lost and the allocation counts captured centres (seed, "Gain and loss of influence")."""
    g = game()
    g.state["units"].pop("WUR")  # dislodged and disbanded earlier, centre not captured
    unit(g, "LOR", "FRANCE")
    g.state["phase"] = "F1615M"
    g.state["spent"]["FRANCE"] = 3
    while g.state["year"] == 1615:
        if g.state["phase"] == "W1615A":
            assert g.view("FRANCE")["orderable"]["build_sites"] == ["GUY"]
            g.act("FRANCE", {"type": "submit", "text": "A GUY B"})
        resolve(g)
    assert g.state["units"]["WUR"]["nation"] == "WUR"
    assert g.state["spent"]["FRANCE"] == 0
    assert g.state["units"]["GUY"]["nation"] == "FRANCE"
    lorraine = rules.game_map().provinces["LOR"].value
    assert g.state["allocation"]["FRANCE"] == 21 + lorraine  # Lorraine's value added


def test_build_disbands_in_early_winter() -> None:
    g = game()
    g.state["owner"]["GUY"] = "SPAIN"  # France lost Guyenne and Paris: 3 centres, 4 units
    g.state["owner"]["PAR"] = "SPAIN"
    g.state["units"].pop("PAR")
    unit(g, "BUR", "FRANCE")
    g.state["phase"] = "F1615M"
    play_to_winter(g)
    assert g.state["phase"] == "W1615E"
    assert g.view("FRANCE")["orderable"]["disbands"] == 1
    g.act("FRANCE", {"type": "submit", "text": "F BRIT D"})
    resolve(g)
    assert "BRIT" not in g.state["units"]


def test_phases_only_seats_submit_and_gm_resolves() -> None:
    g = game()
    with pytest.raises(IllegalAction):
        g.act("FRANCE", {"type": "resolve"})
    with pytest.raises(IllegalAction):
        g.act("gm", {"type": "submit", "text": ""})
    with pytest.raises(IllegalAction):
        g.act("FRANCE", {"type": "submit"})


def test_sanctions_bribe_and_forced_march_need_the_sanction() -> None:
    g = game()
    g.act("FRANCE", {"type": "submit", "text": "SER HOLD BRIBE\nA PAR - BUR || BUR S MAR"})
    errors = g.view("FRANCE")["submission"]["errors"]
    assert "no unused Bribe" in errors[0]["message"]
    assert "no unused Forced march" in errors[1]["message"]


def test_phases_bots_play_two_years_and_replay_is_byte_identical() -> None:
    g = new_game("europe1615", options={"end_year": 1616}, seed=11)
    run_bots(g, {p: make_bot() for p in POWERS})
    assert g.state["over"] and g.state["result"]["kind"] == "stopped"
    again = replay(g.record)
    assert canonical_json(again.state) == canonical_json(g.state)


def test_minor_states_brandenburg_takes_mecklenburg_and_mecklenburg_is_liberated() -> None:
    """Seed, "Expansion of the minor states" (the example with Prussia and Mecklenburg, played here with
    Brandenburg, which borders Mecklenburg on this map; the seed's scoring example "Brandenburg holding
    Mecklenburg 12 + 2 + 1 = 15" is the same case): the state takes the centre, builds a new army, scores
    alignment with its dominion; when its home centre is captured, Mecklenburg is liberated."""
    # ruling E1615-W02
    g = game()
    g.state["phase"] = "F1615M"
    g.state["inf"] = {"BRA": {"DENMARK": 6}, "MEC": {"SPAIN": 2}}
    g.act("DENMARK", {"type": "submit", "text": "BRA-MEC\nA HOL S BRA-MEC"})
    report = resolve(g)
    assert result_of(report, "A BRA - MEC")["result"] == "succeeds"
    while g.state["phase"] != "S1616M":
        resolve(g)
    assert g.state["owner"]["MEC"] == "BRA"
    assert "MEC" not in g.state["pliant"] and g.state["suspended"]["MEC"] == {"SPAIN": 2}
    assert g.state["units"]["BRA"]["nation"] == "BRA"  # the new army
    scoring = next(h for h in g.state["history"] if h["phase"] == "W1615S")
    assert "alignment of BRA: 15" in scoring["public"]["scores"]["DENMARK"]["lines"]
    # Brandenburg's home centre is captured: Mecklenburg is liberated, Brandenburg's units disband
    g.state["units"].pop("BRA")
    unit(g, "BRA", "AUSTRIA")
    g.state["phase"] = "F1616M"
    while g.state["phase"] != "W1616E" and g.state["phase"][0] != "W":
        resolve(g)
    assert g.state["owner"]["BRA"] == "AUSTRIA"
    assert "MEC" in g.state["pliant"] and g.state["owner"]["MEC"] == "MEC"
    assert g.state["inf"]["MEC"] == {"SPAIN": 2}
    assert "MEC" not in g.state["units"]


def prussia_falls_holding(province: str, eliminated: tuple[str, ...] = (), **options: Any) -> Game:
    """Fall 1616: Prussia owns ``province`` (emptied) and a Danish army stands in PRU; played to the winter."""
    g = game(**options)
    g.state["units"].pop("PRU")
    unit(g, "PRU", "DENMARK")
    g.state["owner"][province] = "PRU"
    g.state["units"].pop(province, None)
    g.state["eliminated"].extend(eliminated)
    g.state["phase"] = "F1616M"
    g.state["year"] = 1616
    play_to_winter(g)
    return g


def test_minor_states_if_prussia_captures_bohemia_and_loses_its_home_center_bohemia_is_liberated() -> None:
    """Seed, "Expansion of the minor states": "if Prussia captures Bohemia, and the Prussian home center is captured,
    the Bohemian center will be 'liberated'" (issue 13, point 1).  Fall 1616, Prussia owns BOH (an Austrian home
    centre) and a Danish army takes PRU: BOH goes back to Austria, whose value it counts again."""
    g = prussia_falls_holding("BOH")
    assert g.state["owner"]["PRU"] == "DENMARK" and "PRU" not in g.state["pliant"]
    assert g.state["owner"]["BOH"] == "AUSTRIA"
    captures = next(h for h in g.state["history"] if h["phase"] == "W1616E")
    assert "BOH: PRU -> AUSTRIA (liberated: PRU was captured)" in captures["public"]["changes"]
    assert "BOH" in rules.owned_centres(g.state, "AUSTRIA")  # its value counts for Austria again


def test_minor_states_the_seeds_literal_reading_makes_the_freed_bohemian_centre_a_new_independent_minor_state() -> None:
    """Issue 28 point 6, option ``freed_centres=new_state``: "the Bohemian center will be 'liberated' making it a new
    independent minor state": BOH becomes a one-centre pliant state, shown in the views, which raises its army at
    the late winter as a liberated state does (E1615-R10); its value no longer counts for Austria."""
    g = prussia_falls_holding("BOH", freed_centres="new_state")
    assert g.state["owner"]["BOH"] == "BOH" and "BOH" in g.state["pliant"]
    free = g.view("observer")["new_minors"]["BOH"]
    assert free["name"] == "Bohemia (free)" and free["from"] == "AUSTRIA" and free["provinces"] == ["BOH"]
    captures = next(h for h in g.state["history"] if h["phase"] == "W1616E")
    line = "BOH: PRU -> BOH (liberated: PRU was captured as a new independent minor state)"
    assert line in captures["public"]["changes"]
    assert "BOH" not in rules.owned_centres(g.state, "AUSTRIA")
    while g.state["phase"] != "S1617M":
        resolve(g)
    assert g.state["units"]["BOH"]["nation"] == "BOH"


def test_minor_states_liberated_province_goes_back_to_its_minor_state_still_standing() -> None:
    """Seed, "the Bohemian center will be 'liberated'": a province the fallen state took from a minor state that
    still holds its capital (Pomerania, of Brandenburg) goes back to that state."""
    g = prussia_falls_holding("POM")
    assert g.state["owner"]["PRU"] == "DENMARK"
    assert g.state["owner"]["POM"] == "BRA"


def test_elimination_a_liberated_centre_of_an_eliminated_power_is_left_unowned() -> None:
    """Seed, "the Bohemian center will be 'liberated'": a centre the fallen state took from a power since eliminated
    is not kept by the fallen state; it is left unowned, as elimination leaves it (ruling E1615-E01)."""
    g = prussia_falls_holding("BOH", ("AUSTRIA",))
    assert g.state["owner"]["BOH"] is None


def test_sanctions_sanction_in_effect_restricts_deployments() -> None:
    """Sanction "Catholic League": only the Catholic powers may deploy INFs to Bavaria."""
    # ruling E1615-R15
    g = new_game(rules.RULESET, options={"sanctions": True}, seed=5)
    g.state["sanctions"]["active"] = {"CATHOLIC_LEAGUE": None}
    g.act("DENMARK", {"type": "submit", "text": "5: BAV\n5: SAX"})
    errors = g.view("DENMARK")["submission"]["errors"]
    assert len(errors) == 1 and "BAV" in errors[0]["message"] + errors[0]["token"]
    resolve(g)
    assert g.state["inf"] == {"SAX": {"DENMARK": 5}}


def test_sanctions_sanction_chosen_in_late_winter() -> None:
    # ruling E1615-R15
    g = new_game(rules.RULESET, options={"sanctions": True}, seed=5)
    while g.state["phase"] != "W1615A":
        resolve(g)
    hand = g.view("ENGLAND")["orderable"]["sanction_list"]
    g.act("ENGLAND", {"type": "submit", "text": "SANCTION: not a sanction"})
    assert g.view("ENGLAND")["submission"]["errors"]
    g.act("ENGLAND", {"type": "submit", "text": f"SANCTION: {hand[0]}"})
    assert not g.view("ENGLAND")["submission"]["errors"]
    resolve(g)
    assert g.state["sanctions"]["history"][0]["year"] == 1615
    entry = next(h for h in g.state["history"] if h["phase"] == "W1615A")
    assert entry["gm"]["sanction_choices"]["ENGLAND"] == hand[0]
    # the others chose nothing and were owed a choice: each got its default (ruling E1615-C24)
    assert sorted(entry["gm"]["sanction_defaults"]) == ["AUSTRIA", "DENMARK", "FRANCE", "SPAIN"]
    assert "sanction_choices" not in json.dumps(g.view("FRANCE"))


def test_phases_gm_report_text() -> None:
    g = game()
    g.act("SPAIN", {"type": "submit", "text": "4: LOR\nSER-BOS"})
    resolve(g)
    seat = g.view("FRANCE")["report"]
    gm = g.view("gm")["report"]
    assert "SPAIN deployed to LOR" in seat and "Ottoman SER: follows A SER - BOS" in seat
    assert "[GM] SPAIN INFs: 4: LOR" in gm and "[GM]" not in seat


def test_phases_bot_registered_and_submits_legal_text() -> None:
    import random

    from umpire.bots.registry import bot_for

    bot = bot_for("europe1615")
    g = game()
    action = bot.act(g.view("FRANCE"), random.Random(1))
    assert action is not None and action["type"] == "submit"
    g.act("FRANCE", action)
    assert g.view("FRANCE")["submission"]["errors"] == []
    assert bot.act(g.view("FRANCE"), random.Random(1)) == {"type": "ready", "ready": True}


def test_minor_states_christian_and_islamic_units() -> None:
    """Seed, "Rules concerning Christian and Islamic units": no Christian support of an Islamic move onto the
    Papal States' neighbours; no Islamic support of a Christian attack on an Islamic unit."""
    # ruling E1615-R17
    g = game()
    g.state["units"].pop("VEN")
    unit(g, "TYR", "OTTOMAN")
    g.act("SPAIN", {"type": "submit", "text": "A TYR-VEN"})
    g.act("AUSTRIA", {"type": "submit", "text": "F SLO S A TYR-VEN"})
    report = resolve(g)
    support = result_of(report, "F SLO S A TYR - VEN")
    assert support["result"] == "void" and "Papal States" in support["reason"]
    g2 = game()
    unit(g2, "BUD", "AUSTRIA")
    g2.act("SPAIN", {"type": "submit", "text": "RUM S BUD-SER"})
    g2.act("AUSTRIA", {"type": "submit", "text": "A BUD-SER"})
    report = resolve(g2)
    support = result_of(report, "A RUM S A BUD - SER")
    assert support["result"] == "void" and "Islamic unit" in support["reason"]
    assert result_of(report, "A BUD - SER")["result"] == "fails"


def test_influence_warsaw_captured_lithuania_breaks_away() -> None:
    """Seed, "Poland and Sweden": if Warsaw is captured, Lithuania becomes a pliant minor state (ruling M09:
    Poland, not Sweden, leaves the list); it raises an army of its own."""
    # rulings E1615-M09, E1615-R16
    g = game()
    g.state["units"].pop("WAR")
    unit(g, "WAR", "AUSTRIA")
    g.state["phase"] = "F1615M"
    while g.state["year"] == 1615:
        resolve(g)
    assert "POLN" not in g.state["pliant"] and "LIT" in g.state["pliant"] and "SWE" in g.state["pliant"]
    assert g.state["owner"]["LIT"] == "LIT"
    assert g.state["units"]["LIT"]["nation"] == "LIT"


def brandenburg_holds_mecklenburg(g: Game) -> None:
    """Brandenburg (aligned with Denmark) has taken Mecklenburg earlier; Mecklenburg's unit is gone."""
    g.state["inf"] = {"BRA": {"DENMARK": 6}}
    g.state["owner"]["MEC"] = "BRA"
    g.state["units"].pop("MEC")
    g.state["pliant"].remove("MEC")
    g.state["suspended"]["MEC"] = {}
    g.state["phase"] = "F1615M"


def test_build_aligned_power_orders_builds_for_its_expanded_state() -> None:
    """Seed, "Expansion of the minor states": "The aligned power is also required to submit build orders for
    the minor state that acquires new centers" (ruling E1615-E17: the power chooses the unit; without an order the
    engine builds an army as before)."""
    g = game()
    brandenburg_holds_mecklenburg(g)
    while g.state["phase"] != "W1615A":
        resolve(g)
    view = g.view("DENMARK")
    assert view["orderable"]["minor_build_sites"] == {"MEC": "BRA"}
    assert "DENMARK" in view["waiting_for"] or view["actions"]
    assert g.view("FRANCE").get("orderable", {}).get("minor_build_sites") is None
    g.act("DENMARK", {"type": "submit", "text": "F MEC B"})
    assert g.view("DENMARK")["submission"]["errors"] == []
    report = resolve(g)
    assert g.state["units"]["MEC"] == {"nation": "BRA", "kind": "F", "loc": "MEC", "mark": False}
    assert report["public"]["minor_builds"] == ["BRA F MEC built by DENMARK"]
    # without an order: the engine's army
    g = game()
    brandenburg_holds_mecklenburg(g)
    while g.state["year"] == 1615:
        resolve(g)
    assert g.state["units"]["MEC"]["kind"] == "A" and g.state["units"]["MEC"]["nation"] == "BRA"


def test_build_aligned_power_orders_disbands_for_its_state() -> None:
    """Seed, "Disbanding": "If the minor state has 2 or more units, and one or more of its non-home centers are
    captured, the aligned power will submit the orders to disband in the Early Winter Adjustment Phase"."""
    for order in ("A BRE D", ""):
        g = game()
        brandenburg_holds_mecklenburg(g)
        unit(g, "MEC", "SPAIN")  # takes Mecklenburg at the end of the year
        unit(g, "BRE", "BRA")  # Brandenburg's second unit, away
        play_to_winter(g)
        assert g.state["owner"]["MEC"] == "SPAIN"
        assert g.state["phase"] == "W1615E"
        minor = g.view("DENMARK")["orderable"]["minor_disbands"]
        assert minor == {"BRA": {"disbands": 1, "units": ["A BRA", "A BRE"]}}
        g.act("DENMARK", {"type": "submit", "text": order})
        assert g.view("DENMARK")["submission"]["errors"] == []
        resolve(g)
        kept = sorted(p for p, u in g.state["units"].items() if u["nation"] == "BRA")
        # Denmark's choice; the default (ruling E1615-R07) disbands first a unit outside the state's provinces, and
        # Bremen is Brandenburg's now (annexed at the end of the year), so it takes the first by province
        assert kept == (["BRA"] if order else ["BRE"])
