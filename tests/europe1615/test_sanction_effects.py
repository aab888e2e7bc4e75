"""The effects of sanctions on movement, retreats and builds (seed 003, "SANCTIONS (OPTIONAL)", "Description of
sanctions/modifiers"), played through the kernel.  Rulings E2-xx: docs/rulings/europe1615.md."""

from __future__ import annotations

from typing import Any

from umpire.games.europe1615 import rules
from umpire.games.europe1615.policy import capturer
from umpire.games.europe1615.report import report_text
from umpire.kernel.game import Game, new_game


def game(*active: str) -> Game:
    g = new_game(rules.RULESET, options={"sanctions": True}, seed=7)
    for sid in active:
        g.state["sanctions"]["active"][sid] = None
    return g


def empty_board(g: Game, **units: str) -> None:
    """Only the given units: ``PAR="FRANCE"`` (army) or ``PAR="FRANCE F"`` (fleet)."""
    g.state["units"] = {}
    for prov, spec in units.items():
        nation, _, kind = spec.partition(" ")
        g.state["units"][prov] = {"nation": nation, "kind": kind or "A", "loc": prov, "mark": False}


def submit(g: Game, power: str, text: str) -> list[dict[str, Any]]:
    g.act(power, {"type": "submit", "text": text})
    errors: list[dict[str, Any]] = g.view(power)["submission"]["errors"]
    return errors


def resolve(g: Game) -> dict[str, Any]:
    before = len(g.state["history"])
    g.act("gm", {"type": "resolve"})
    entry: dict[str, Any] = g.state["history"][before]
    return entry


def result_of(report: dict[str, Any], order: str) -> dict[str, Any]:
    return next(o for o in report["public"]["orders"] if o["order"] == order)


# --- Stronghold I, II and III ------------------------------------------------------------------------------------


def test_sanctions_fortified_centre_defends_with_the_strength_of_two() -> None:
    """Seed, "Stronghold I, II, and III": "Fortification offers a unit occupying the center the ability to defend
    with the strength of two units"."""
    for fortified in (False, True):
        g = game("STRONGHOLD_I")
        empty_board(g, PAR="FRANCE", BUR="SPAIN", CHA="SPAIN")
        if fortified:
            g.state["sanctions"]["strongholds"] = {"PAR": "FRANCE"}
        submit(g, "SPAIN", "BUR-PAR\nCHA S BUR-PAR")
        report = resolve(g)
        moved = result_of(report, "A BUR - PAR")["result"]
        assert moved == ("fails" if fortified else "succeeds")


def test_sanctions_fortification_removed_by_an_assault_with_three_supports_of_one_power() -> None:
    """Seed: "if an assaulting unit is supported by three other units all of one power, and succeeds in taking
    the center, and none of the supports are broken, then the fortification is removed"."""
    g = game("STRONGHOLD_I")
    empty_board(g, PAR="FRANCE", BUR="SPAIN", CHA="SPAIN", GUY="SPAIN", NORM="SPAIN")
    g.state["sanctions"]["strongholds"] = {"PAR": "FRANCE"}
    submit(g, "SPAIN", "BUR-PAR\nCHA S BUR-PAR\nGUY S BUR-PAR\nNORM S BUR-PAR")
    report = resolve(g)
    assert g.state["units"]["PAR"]["nation"] == "SPAIN"
    assert g.state["sanctions"]["strongholds"] == {}
    assert any("fortification of PAR is removed" in n for n in report["public"]["sanction_effects"])


def test_sanctions_fortification_stays_when_the_supports_are_of_two_powers() -> None:
    g = game("STRONGHOLD_I")
    empty_board(g, PAR="FRANCE", BUR="SPAIN", CHA="SPAIN", GUY="SPAIN", NORM="ENGLAND")
    g.state["sanctions"]["strongholds"] = {"PAR": "FRANCE"}
    submit(g, "SPAIN", "BUR-PAR\nCHA S BUR-PAR\nGUY S BUR-PAR")
    submit(g, "ENGLAND", "NORM S BUR-PAR")
    resolve(g)
    assert g.state["units"]["PAR"]["nation"] == "SPAIN"  # 4 against 2: taken
    assert g.state["sanctions"]["strongholds"] == {"PAR": "FRANCE"}


def test_sanctions_stronghold_centres_named_with_the_build_submission() -> None:
    """Ruling E1615-E05: the centres are named on a ``STRONGHOLD:`` line with the sanction choice (or later in a
    movement submission); they are fortified when the sanction comes into effect."""
    g = game()
    for p in rules.game_map().powers:
        g.state["sanctions"]["lists"][p] = ["STRONGHOLD_II"] if p == "FRANCE" else []
    g.state["phase"] = "F1615M"
    while g.state["phase"] != "W1615A":
        resolve(g)
    assert submit(g, "FRANCE", "SANCTION: Stronghold II\nSTRONGHOLD: PAR") == []
    resolve(g)
    assert g.state["sanctions"]["strongholds"] == {"PAR": "FRANCE"}
    assert g.state["sanctions"]["picks"] == {"FRANCE": 1}  # one centre still to name
    assert g.view("FRANCE")["my_stronghold_picks"] == 1
    assert g.view("SPAIN")["strongholds"] == {"PAR": "FRANCE"}  # the fortifications are public


def test_sanctions_stronghold_centres_named_in_a_movement_submission_and_checked() -> None:
    g = game("STRONGHOLD_II")
    g.state["sanctions"]["picks"] = {"FRANCE": 2}
    errors = submit(g, "FRANCE", "STRONGHOLD: PAR, NORM, BRIT")
    assert "at most 2" in errors[0]["message"]
    errors = submit(g, "FRANCE", "STRONGHOLD: LOR")  # Lorraine is UNALIGNED
    assert "neither held by a power nor by an aligned state" in errors[0]["message"]
    assert "no Stronghold" in submit(g, "SPAIN", "STRONGHOLD: CAS")[0]["message"]
    assert submit(g, "FRANCE", "STRONGHOLD: PAR, NORM") == []
    report = resolve(g)
    assert g.state["sanctions"]["strongholds"] == {"PAR": "FRANCE", "NORM": "FRANCE"}
    assert "picks" not in g.state["sanctions"] or g.state["sanctions"]["picks"] == {}
    assert "sanction: PAR is fortified (Stronghold of FRANCE)" in report_text(report)


# --- Protestant Union / Catholic League ----------------------------------------------------------------------


def test_sanctions_union_members_do_not_dislodge_or_capture_each_other() -> None:
    """Seed, "Protestant Union": "A Union member cannot dislodge or support the dislodgment of another Union
    member's unit ... cannot capture another Union member's center, but may freely move through"."""
    for union in (False, True):
        g = game(*(["PROTESTANT_UNION"] if union else []))
        empty_board(g, HOL="DENMARK", BRE="ENGLAND", MEC="ENGLAND")
        submit(g, "ENGLAND", "BRE-HOL\nMEC S BRE-HOL")
        resolve(g)
        assert g.state["units"]["HOL"]["nation"] == ("DENMARK" if union else "ENGLAND")
    g = game("PROTESTANT_UNION")
    members = rules.blocs(g.state)
    assert members == [{"DENMARK", "ENGLAND", "RHI", "HES", "BRA", "WUR"}]
    assert capturer("ENGLAND", "DENMARK", {}, set(), members) is None
    assert capturer("ENGLAND", "RHI", {}, set(), members) is None
    assert capturer("ENGLAND", "FRANCE", {}, set(), members) == "ENGLAND"
    assert capturer("SAX", "DENMARK", {"SAX": "ENGLAND"}, set(), members) is None  # on England's side


def test_sanctions_league_ends_when_bavaria_is_captured() -> None:
    g = game("CATHOLIC_LEAGUE")
    assert rules.blocs(g.state) == [{"AUSTRIA", "FRANCE", "SPAIN", "BAV", "FRA", "WES"}]
    g.state["pliant"].remove("BAV")
    assert rules.blocs(g.state) == []


# --- Gustav's / Polish / Dutch intervention -------------------------------------------------------------------


def test_sanctions_swedish_unit_retreats_under_gustavs_intervention() -> None:
    """Seed, "Gustav's intervention": "Swedish units may retreat"; ruling E1615-E04: the power Sweden is aligned with
    orders the retreat, and the retreating army gains an attrition mark."""
    # ruling E1615-R12
    for gustav in (False, True):
        g = game(*(["GUSTAV_INTERVENTION"] if gustav else []))
        empty_board(g, SMA="SWE", GOT="ENGLAND", SCA="ENGLAND")
        g.state["inf"]["SWE"] = {"DENMARK": 5}
        submit(g, "ENGLAND", "GOT-SMA\nSCA S GOT-SMA")
        resolve(g)
        if not gustav:
            assert g.state["phase"] == "U1615M"
            assert not [u for u in g.state["units"].values() if u["nation"] == "SWE"]
            continue
        assert g.state["phase"] == "S1615R"
        assert g.view("DENMARK")["orderable"]["retreats"] == {"A SMA": ["STO"]}
        assert submit(g, "DENMARK", "A SMA R STO") == []
        resolve(g)
        assert g.state["units"]["STO"] == {"nation": "SWE", "kind": "A", "loc": "STO", "mark": True}


# --- Ottoman neutrality ---------------------------------------------------------------------------------------


def test_sanctions_ottoman_neutrality() -> None:
    """Seed, "Ottoman neutrality": "Ottoman units no longer move or receive orders"."""
    # ruling E1615-E14
    g = game("OTTOMAN_NEUTRALITY")
    errors = submit(g, "AUSTRIA", "SER-BOS")
    assert "Ottoman neutrality" in errors[0]["message"]
    report = resolve(g)
    assert report["public"]["ottoman"]["SER"] == "holds: Ottoman neutrality (no orders)"
    assert g.state["units"]["SER"]["nation"] == "OTTOMAN"


# --- Bohemian revolt / Huguenot rebellion ---------------------------------------------------------------------


def test_sanctions_bohemian_revolt_no_build_in_bohemia() -> None:
    """Seed, "Bohemian revolt": "Austria cannot build in BOH ... Bohemia still serves as a supply center"."""
    # ruling E1615-E16
    g = game("BOHEMIAN_REVOLT")
    g.state["units"].pop("BOH")
    assert "BOH" not in rules.Europe1615().build_sites(g.state, "AUSTRIA")
    assert "BOH" in rules.owned_centres(g.state, "AUSTRIA")
    g = game("HUGUENOT_REBELLION")
    assert "GUY" not in rules.Europe1615().build_sites(g.state, "FRANCE")


def test_sanctions_bohemian_revolt_dislodged_by_a_protestant_unit_is_disbanded() -> None:
    """Seed: "An Austrian unit in Bohemia that is dislodged by a Protestant power's unit is automatically
    disbanded"; a Catholic attacker leaves it its retreat."""
    # ruling E1615-E16
    for attacker, disbanded in (("ENGLAND", True), ("SPAIN", False)):
        g = game("BOHEMIAN_REVOLT")
        empty_board(g, BOH="AUSTRIA", SAX=attacker, SIL=attacker)
        submit(g, attacker, "SAX-BOH\nSIL S SAX-BOH")
        report = resolve(g)
        if disbanded:
            assert "BOH" not in g.state["dislodged"]
            assert any("in revolt" in t for t in report["public"]["disbanded"])
        else:
            assert g.state["dislodged"]["BOH"]["unit"]["nation"] == "AUSTRIA"


def test_sanctions_bohemian_revolt_no_retreat_into_bohemia() -> None:
    """Seed: "An Austrian unit that is dislodged elsewhere cannot retreat into Bohemia"."""
    # ruling E1615-E16
    g = game("BOHEMIAN_REVOLT")
    empty_board(g, MOR="AUSTRIA", SIL="ENGLAND", KRA="ENGLAND")
    submit(g, "ENGLAND", "SIL-MOR\nKRA S SIL-MOR")
    resolve(g)
    assert sorted(g.state["dislodged"]["MOR"]["options"]) == ["HUN", "VIE"]


# --- Treaty of Lyon -------------------------------------------------------------------------------------------


def test_sanctions_treaty_of_lyon_bars_switzerland_unless_france_permits() -> None:
    """Seed, "Treaty of Lyon": "Spain and Austria will be unable to move units through Switzerland, unless France
    permits it"; ruling E1615-E07: France's ``PERMIT: SPAIN`` line in that movement phase."""
    g = game("TREATY_OF_LYON")
    submit(g, "SPAIN", "MIL-SWI")
    report = resolve(g)
    entry = result_of(report, "A MIL - SWI")
    assert entry["result"] == "void" and "Treaty of Lyon" in entry["reason"]
    assert "MIL" in g.state["units"]
    assert "only France" in submit(g, "SPAIN", "PERMIT: SPAIN")[0]["message"]
    submit(g, "SPAIN", "MIL-SWI")
    assert submit(g, "FRANCE", "PERMIT: SPAIN") == []
    resolve(g)
    assert g.state["units"]["SWI"]["nation"] == "SPAIN"


# --- Relieve attrition, Levy an army, Bribe, Cancellation -----------------------------------------------------


def test_sanctions_relieve_attrition() -> None:
    """Seed, "Relieve attrition": "player may remove an attrition mark on a unit"."""
    g = game("RELIEVE_ATTRITION")
    g.state["units"]["PAR"]["mark"] = True
    assert "no unused Relieve" in submit(g, "FRANCE", "RELIEVE: A PAR")[0]["message"]
    g.state["sanctions"]["uses"] = {"RELIEVE_ATTRITION": ["FRANCE"]}
    assert "no attrition mark" in submit(g, "FRANCE", "RELIEVE: A NORM")[0]["message"]
    assert submit(g, "FRANCE", "RELIEVE: A PAR") == []
    resolve(g)
    assert g.state["units"]["PAR"]["mark"] is False
    assert "RELIEVE_ATTRITION" not in g.state["sanctions"]["uses"]  # a one-time action


def test_sanctions_levy_an_army() -> None:
    """Seed, "Levy an army": "Player may raise an army in any of his/her territories (if territory is coastal
    player may opt for a fleet) ... This is a one-time action"."""
    g = game("LEVY")
    g.state["sanctions"]["uses"] = {"LEVY": ["FRANCE", "SPAIN"]}
    assert "not one of your territories" in submit(g, "FRANCE", "LEVY: A LOR")[0]["message"]
    assert "occupied" in submit(g, "FRANCE", "LEVY: A PAR")[0]["message"]
    assert "cannot stand" in submit(g, "FRANCE", "LEVY: F BUR")[0]["message"]
    assert submit(g, "FRANCE", "LEVY: A BUR") == []
    assert submit(g, "SPAIN", "LEVY: F GAL") == []
    resolve(g)
    assert g.state["units"]["BUR"] == {"nation": "FRANCE", "kind": "A", "loc": "BUR", "mark": False}
    assert g.state["units"]["GAL"]["kind"] == "F"
    assert "LEVY" not in g.state["sanctions"]["uses"]
    assert "no unused Levy" in submit(g, "FRANCE", "LEVY: A CHA")[0]["message"]


def test_sanctions_bribe_forces_a_hold_once() -> None:
    """Seed, "Bribe a unit to hold": "select any unit on the board to hold ... overriding any orders submitted
    to the unit ... a 'BRIBE' note next to the hold order ... otherwise the power with the greatest influence
    makes the decision ... This is a one-time action"."""
    # ruling E1615-E13
    g = game("BRIBE")
    g.state["sanctions"]["uses"] = {"BRIBE": ["ENGLAND", "FRANCE"]}
    submit(g, "SPAIN", "FLA-CHA\nMIL-SWI")
    assert submit(g, "FRANCE", "FLA HOLD BRIBE") == []
    assert submit(g, "ENGLAND", "MIL HOLD BRIBE") == []
    report = resolve(g)
    assert "FLA" in g.state["units"] and "CHA" not in g.state["units"]  # France (21 INFs) outweighs England
    assert g.state["units"]["SWI"]["nation"] == "SPAIN"
    assert "SPAIN A FLA is bribed to hold" in report["public"]["sanction_effects"]
    assert report["gm"]["bribe"] == {"power": "FRANCE", "unit": "A FLA"}
    assert "BRIBE" not in g.state["sanctions"]["uses"]


def test_sanctions_cancellation_option() -> None:
    """Seed, "Cancellation option": "select a sanction currently in effect and request its cancellation";
    Stronghold "cannot be cancelled"."""
    # ruling E1615-E15
    g = game("CATHOLIC_LEAGUE", "STRONGHOLD_I", "CANCELLATION")
    g.state["sanctions"]["uses"] = {"CANCELLATION": ["ENGLAND"]}
    assert "cannot be cancelled" in submit(g, "ENGLAND", "CANCEL: Stronghold I")[0]["message"]
    assert submit(g, "ENGLAND", "CANCEL: Catholic League") == []
    report = resolve(g)
    assert "CATHOLIC_LEAGUE" not in g.state["sanctions"]["active"]
    assert "CATHOLIC_LEAGUE is cancelled (Cancellation option of ENGLAND)" in report["public"]["sanction_effects"]


def test_sanctions_one_time_sanction_uses_given_to_the_submitters() -> None:
    """Ruling E1615-E10: a one-time sanction coming into effect gives each power that submitted it one use."""
    g = game()
    for p in rules.game_map().powers:
        g.state["sanctions"]["lists"][p] = ["LEVY"] if p in ("FRANCE", "SPAIN") else []
    g.state["phase"] = "F1615M"
    while g.state["phase"] != "W1615A":
        resolve(g)
    submit(g, "FRANCE", "SANCTION: Levy an army")
    submit(g, "SPAIN", "SANCTION: Levy")
    resolve(g)
    assert g.state["sanctions"]["uses"] == {"LEVY": ["FRANCE", "SPAIN"]}
    assert g.view("FRANCE")["my_sanction_uses"] == ["LEVY"]


# --- the choice of targets: embargoes, Satellite state, Ecclesiastical reservation --------------------------


def winter_with_lists(lists: dict[str, list[str]]) -> Game:
    g = game()
    for p in rules.game_map().powers:
        g.state["sanctions"]["lists"][p] = lists.get(p, [])
    g.state["phase"] = "F1615M"
    while g.state["phase"] != "W1615A":
        resolve(g)
    return g


def test_sanctions_embargo_state_named_with_the_sanction_choice_by_the_most_influential() -> None:
    """Seed, "Embargo on Spain": "Select a minor state that Spain is barred from deploying INFs to. If two or
    more players submit this sanction, the player with most influence makes the decision"."""
    g = winter_with_lists({"FRANCE": ["EMBARGO_SPAIN"], "ENGLAND": ["EMBARGO_SPAIN"]})
    assert submit(g, "FRANCE", "SANCTION: Embargo on Spain\nEMBARGO: SAX") == []
    assert submit(g, "ENGLAND", "SANCTION: Embargo on Spain\nEMBARGO: LOR") == []
    assert "no embargo" in submit(g, "SPAIN", "EMBARGO: LOR")[0]["message"]
    resolve(g)
    assert g.state["sanctions"]["active"]["EMBARGO_SPAIN"] == "SAX"  # France: 21 INFs against England's 17
    assert rules.may_deploy(g.state, "SPAIN", "SAX")[0] is False
    assert rules.may_deploy(g.state, "SPAIN", "LOR")[0] is True


def test_sanctions_embargo_state_named_in_the_next_movement_submission() -> None:
    g = winter_with_lists({"ENGLAND": ["EMBARGO_FRANCE"]})
    submit(g, "ENGLAND", "SANCTION: Embargo France")
    resolve(g)
    assert g.state["sanctions"]["active"]["EMBARGO_FRANCE"] is None
    assert g.state["sanctions"]["pending"] == {"EMBARGO_FRANCE": ["ENGLAND"]}
    assert "not an independent pliant state" in submit(g, "ENGLAND", "EMBARGO: XYZ")[0]["message"]
    assert submit(g, "ENGLAND", "EMBARGO: FRANCE LOR") == []
    report = resolve(g)
    assert g.state["sanctions"]["active"]["EMBARGO_FRANCE"] == "LOR"
    assert "pending" not in g.state["sanctions"]
    assert any("FRANCE may not deploy INFs to LOR" in n for n in report["public"]["sanction_effects"])


def test_sanctions_satellite_state_drawn_for_each_submitter() -> None:
    """Seed, "Satellite state": a random state with a centre and a unit, not Sweden or Poland, a different one
    for each submitter; only its controller deploys there."""
    g = winter_with_lists({"FRANCE": ["SATELLITE_STATE"], "SPAIN": ["SATELLITE_STATE"]})
    submit(g, "FRANCE", "SANCTION: Satellite state")
    submit(g, "SPAIN", "SANCTION: Satellite state")
    resolve(g)
    drawn = g.state["sanctions"]["active"]["SATELLITE_STATE"]
    assert sorted(drawn) == ["FRANCE", "SPAIN"] and drawn["FRANCE"] != drawn["SPAIN"]
    assert not {"SWE", "POLN"} & set(drawn.values())
    assert rules.may_deploy(g.state, "ENGLAND", drawn["FRANCE"])[0] is False


def test_sanctions_ecclesiastical_reservation_states_no_protestant_capture_or_marker() -> None:
    """Seed, "Ecclesiastical reservation": the Catholic submitter selects a German or Italian state; "a
    Protestant power cannot capture" it "but may occupy it"; no Protestant-majority marker; the white cross."""
    g = winter_with_lists({"SPAIN": ["ECCLESIASTICAL_RESERVATION"]})
    assert "not an independent German or Italian" in submit(g, "SPAIN", "RESERVATION: PAPL")[0]["message"]
    assert submit(g, "SPAIN", "SANCTION: Ecclesiastical reservation\nRESERVATION: SAX") == []
    resolve(g)
    assert g.state["sanctions"]["active"]["ECCLESIASTICAL_RESERVATION"] == ["SAX"]
    g.state["inf"]["SAX"] = {"ENGLAND": 6}
    g.state["units"].pop("SAX")
    g.state["units"]["SAX"] = {"nation": "ENGLAND", "kind": "A", "loc": "SAX", "mark": False}
    g.state["phase"] = "F1616M"
    g.state["year"] = 1616
    while g.state["phase"][0] != "W":
        resolve(g)
    assert g.state["owner"]["SAX"] == "SAX"  # occupied, not captured
    assert g.state["markers"]["SAX"] == {"confession": None, "grey": False, "white": True}


# --- Forced march ---------------------------------------------------------------------------------------------


def march_game(**units: str) -> Game:
    g = game("FORCED_MARCH")
    g.state["sanctions"]["uses"] = {"FORCED_MARCH": ["FRANCE"]}
    empty_board(g, **units)
    return g


def test_sanctions_forced_march_the_seeds_example() -> None:
    """Seed, "Forced march": "A(SWI) - WUR || WUR S RHI-HES ... orders an army unit from SWI to WUR followed by the
    same unit supporting a move from RHI to HES from WUR ... The second is only adjudicated if the first order is
    successful" (ruling E1615-E18: two steps)."""
    g = march_game(SWI="FRANCE", RHI="FRANCE", HES="HES")
    assert submit(g, "FRANCE", "A(SWI) - WUR || WUR S RHI-HES\nRHI-HES") == []
    report = resolve(g)
    assert g.state["units"]["WUR"]["nation"] == "FRANCE"
    assert g.state["units"]["HES"]["nation"] == "FRANCE"  # 2 against 1: the march's support counted
    assert "SWI" not in g.state["units"] and "RHI" not in g.state["units"]
    march = next(o for o in report["public"]["orders"] if "||" in o["order"])
    assert march["result"] == "succeeds" and "arrived in WUR" in march["reason"]
    assert "FORCED_MARCH" not in g.state["sanctions"]["uses"]  # one time
    assert "no unused Forced march" in submit(g, "FRANCE", "A WUR - SWI || SWI S ALS")[0]["message"]


def test_sanctions_forced_march_second_order_not_adjudicated_when_the_first_fails() -> None:
    g = march_game(SWI="FRANCE", RHI="FRANCE", HES="HES", WUR="WUR")
    submit(g, "FRANCE", "A(SWI) - WUR || WUR S RHI-HES\nRHI-HES")
    report = resolve(g)
    assert g.state["units"]["SWI"]["nation"] == "FRANCE" and g.state["units"]["WUR"]["nation"] == "WUR"
    assert g.state["units"]["HES"]["nation"] == "HES"  # 1 against 1
    march = next(o for o in report["public"]["orders"] if "||" in o["order"])
    assert march["result"] == "fails"
    assert "FORCED_MARCH" not in g.state["sanctions"]["uses"]  # "a one time action whether successful or not"


def test_sanctions_forced_march_dislodging_the_occupant_then_moving_on() -> None:
    """The march takes WUR with support (the Württemberg army is dislodged and, a minor state's unit, disbanded),
    then moves on from WUR into an empty province."""
    g = march_game(SWI="FRANCE", ALS="FRANCE", WUR="WUR")
    submit(g, "FRANCE", "A(SWI) - WUR || WUR - FRA\nALS S SWI-WUR")
    report = resolve(g)
    assert g.state["units"]["FRA"]["nation"] == "FRANCE"
    assert "WUR" not in g.state["units"] and "SWI" not in g.state["units"]
    assert any("WUR A WUR dislodged and disbanded" in t for t in report["public"]["disbanded"])
    assert result_of(report, "A ALS S A SWI - WUR")["result"] == "succeeds"


def test_sanctions_forced_march_the_second_is_adjudicated_if_the_first_is_successful_into_a_province_left() -> None:
    """Seed, "Forced march": "The second is only adjudicated if the first order is successful" (issue 13, point 3):
    ``A SWI - WUR || WUR S RHI - HES`` while the WUR army moves out -- the march succeeds, so its support counts
    and RHI dislodges HES."""
    g = march_game(SWI="FRANCE", RHI="FRANCE", WUR="FRANCE", HES="HES")
    assert submit(g, "FRANCE", "A(SWI) - WUR || WUR S RHI-HES\nRHI-HES\nA WUR - FRA") == []
    report = resolve(g)
    assert g.state["units"]["WUR"]["nation"] == "FRANCE"
    assert g.state["units"]["FRA"]["nation"] == "FRANCE"
    assert g.state["units"]["HES"]["nation"] == "FRANCE"  # 2 against 1: the second order was adjudicated
    assert "SWI" not in g.state["units"] and "RHI" not in g.state["units"]
    march = next(o for o in report["public"]["orders"] if "||" in o["order"])
    assert march["result"] == "succeeds" and "arrived in WUR" in march["reason"]
    assert result_of(report, "A WUR - FRA")["result"] == "succeeds"
    assert result_of(report, "A WUR S A RHI - HES")["result"] == "succeeds"
    assert not any(o["order"] == "A FRA H" for o in report["public"]["orders"])
    assert any("HES A HES dislodged and disbanded" in t for t in report["public"]["disbanded"])
