"""The resolver on hand-made positions: one or a few per feature, plus retreats, adjustments and the policy seam.

The full DATC suite lives in tests/datc; these tests pin down the reasons, the API and the variant hooks.
"""

from __future__ import annotations

from typing import Any

import pytest

from umpire.diplomacy.map import GameMap, load_map
from umpire.diplomacy.orders import Build, Disband, Order, Retreat, Waive, parse_order
from umpire.diplomacy.phases import civil_disorder_order, needs_adjustment, resolve_adjustments, resolve_retreats
from umpire.diplomacy.policy import Policy, Rules, Unit
from umpire.diplomacy.resolver import MovementResult, illegal_reason, resolve_movement

GM: GameMap = load_map("standard")


def board(units: dict[str, list[str]]) -> dict[str, Unit]:
    out: dict[str, Unit] = {}
    for nation, lst in units.items():
        for text in lst:
            kind, loc = text.split()
            out[loc.split("/")[0]] = Unit(nation, "A" if kind == "A" else "F", loc)
    return out


def move(
    units: dict[str, list[str]], orders: list[str], *, rules: Rules = "2000", policy: Policy | None = None
) -> tuple[MovementResult, dict[str, tuple[str, str]]]:
    """Adjudicate; return the result and, per ordered province, (result, reason)."""
    b = board(units)
    parsed: dict[str, Order] = {}
    for text in orders:
        order = parse_order(text, GM)
        parsed[GM.province_of[order.loc]] = order  # type: ignore[union-attr]
    res = resolve_movement(GM, b, parsed, rules=rules, policy=policy or Policy())
    return res, {p: (o.result, o.reason) for p, o in res.outcomes.items()}


def after(res: MovementResult) -> set[str]:
    return {f"{u.kind} {u.loc}" for u in res.units.values()}


# ------------------------------------------------------------------------------------------------- basics


def test_simple_moves_and_bounce() -> None:
    res, out = move({"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]}, ["A PAR - PIC", "A MAR - BUR", "A MUN - BUR"])
    assert out["PAR"] == ("succeeds", "moves to PIC")
    assert out["MAR"] == ("fails", "bounced with A MUN - BUR, 1 against 1")
    assert out["MUN"] == ("fails", "bounced with A MAR - BUR, 1 against 1")
    assert after(res) == {"A PIC", "A MAR", "A MUN"}
    assert res.standoffs == frozenset({"BUR"})


def test_three_way_bounce() -> None:
    _, out = move(
        {"AUSTRIA": ["A VIE"], "GERMANY": ["A MUN"], "ITALY": ["A VEN"]}, ["A VIE - TYR", "A MUN - TYR", "A VEN - TYR"]
    )
    assert all(r == "fails" for r, _ in out.values())
    assert out["VIE"][1] == "bounced with A MUN - TYR and A VEN - TYR, 1 against 1"


def test_hold_and_unordered_units() -> None:
    # ruling STD-D07: an unordered unit just holds (and may be supported)
    res, out = move({"FRANCE": ["A PAR", "F BRE"]}, ["A PAR H"])
    assert out == {"PAR": ("succeeds", "holds")}
    assert after(res) == {"A PAR", "F BRE"}


def test_illegal_orders_are_void_holds_with_the_reason() -> None:
    # rulings STD-D08, STD-G01
    _, out = move({"ENGLAND": ["F NTH", "A LVP"], "GERMANY": ["F KIE"]}, ["F NTH - PIC", "A LVP - IRI", "F KIE - MUN"])
    assert out["NTH"] == ("void", "void: F NTH is not adjacent to PIC")
    assert out["LVP"] == ("void", "void: an army cannot enter IRI (a sea)")
    assert out["KIE"] == ("void", "void: a fleet cannot enter MUN (inland)")


def test_illegal_move_still_holds_and_takes_support() -> None:  # DATC 6.D.28
    _, out = move(
        {"AUSTRIA": ["A BUD"], "RUSSIA": ["F RUM"], "TURKEY": ["F BLA", "A BUL"]},
        ["A BUD S F RUM", "F RUM - HOL", "F BLA - RUM", "A BUL S F BLA - RUM"],
    )
    assert out["RUM"][0] == "void"
    assert out["BUD"] == ("succeeds", "supports F RUM")
    assert out["BLA"] == ("fails", "bounced off F RUM, 2 against 2")


def test_move_to_own_province_is_void() -> None:
    _, out = move({"GERMANY": ["F KIE"]}, ["F KIE - KIE"])
    assert out["KIE"] == ("void", "void: F KIE cannot move to its own province")


# ---------------------------------------------------------------------------------------------- supports


def test_supported_attack_dislodges_and_retreats_are_listed() -> None:
    res, out = move(
        {"GERMANY": ["A MUN", "A RUH"], "FRANCE": ["A BUR"]},
        ["A MUN - BUR", "A RUH S A MUN - BUR"],
    )
    assert out["MUN"] == ("succeeds", "moves to BUR, dislodging A BUR")
    assert out["RUH"] == ("succeeds", "supports A MUN - BUR")
    d = res.dislodged["BUR"]
    assert (d.unit, d.by, d.attack) == (Unit("FRANCE", "A", "BUR"), "MUN", "A MUN - BUR")
    assert d.options == ("BEL", "GAS", "MAR", "PAR", "PIC")  # not MUN (the attacker's province), not RUH


def test_support_cut_and_dislodged_reasons() -> None:
    _, out = move(
        {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["F ENG", "F NTH"]},
        ["F LON S F WAL - ENG", "F WAL - ENG", "F NTH - LON"],
    )
    assert out["LON"] == ("fails", "support cut by F NTH - LON")
    assert out["WAL"] == ("fails", "bounced off F ENG, 1 against 1")
    _, out = move(
        {"RUSSIA": ["F CON", "F BLA"], "TURKEY": ["F ANK", "A SMY", "A ARM"]},
        ["F CON S F BLA - ANK", "F BLA - ANK", "F ANK - CON", "A SMY S F ANK - CON", "A ARM - ANK"],
    )  # DATC 6.D.17
    assert out["CON"] == ("fails", "support cut: dislodged by F ANK - CON")
    assert out["BLA"] == ("fails", "bounced with A ARM - ANK, 1 against 1")


def test_support_not_cut_from_the_attacked_province() -> None:  # DATC 6.D.15
    res, out = move(
        {"RUSSIA": ["F CON", "F BLA"], "TURKEY": ["F ANK"]}, ["F CON S F BLA - ANK", "F BLA - ANK", "F ANK - CON"]
    )
    assert out["CON"] == ("succeeds", "supports F BLA - ANK")
    assert "ANK" in res.dislodged


def test_unmatched_and_impossible_supports_are_void() -> None:
    _, out = move(
        {"GERMANY": ["A BER", "F KIE", "A MUN"], "ITALY": ["F ROM"]},
        ["A BER S A MUN - SIL", "A MUN - BOH", "F KIE S A BER", "F ROM S A MUN - VEN"],
    )
    assert out["BER"] == ("void", "void: A MUN was ordered to BOH, not to SIL")
    assert out["KIE"] == ("succeeds", "supports A BER")
    assert out["ROM"] == ("void", "void: F ROM cannot reach VEN")
    _, out = move({"AUSTRIA": ["F TRI"]}, ["F TRI S F TRI"])
    assert out["TRI"] == ("void", "void: F TRI cannot support itself")


def test_support_to_hold_a_moving_unit_is_void() -> None:  # DATC 6.D.7
    _, out = move({"GERMANY": ["F BAL", "F PRU"]}, ["F BAL - SWE", "F PRU S F BAL"])
    assert out["PRU"] == ("void", "void: F BAL was ordered to move to SWE, not to hold")


def test_no_self_dislodgement_and_no_help_against_own_unit() -> None:
    _, out = move({"GERMANY": ["A BER", "F KIE", "A MUN"]}, ["A BER H", "F KIE - BER", "A MUN S F KIE - BER"])
    assert out["KIE"] == ("fails", "cannot dislodge A BER, a unit of its own side")
    res, out = move(
        {"AUSTRIA": ["F TRI", "A VIE"], "ITALY": ["A VEN"]}, ["F TRI H", "A VIE S A VEN - TRI", "A VEN - TRI"]
    )
    assert out["VEN"] == ("fails", "bounced off F TRI, 1 against 1")
    assert not res.dislodged


# -------------------------------------------------------------------------------------- head-to-head etc.


def test_head_to_head() -> None:
    _, out = move({"GERMANY": ["A BER"], "RUSSIA": ["A PRU"]}, ["A BER - PRU", "A PRU - BER"])
    assert out["BER"] == ("fails", "bounced with A PRU - BER, 1 against 1")
    res, out = move(
        {"GERMANY": ["A BER", "A SIL"], "RUSSIA": ["A PRU"]}, ["A BER - PRU", "A SIL S A BER - PRU", "A PRU - BER"]
    )
    assert out["BER"] == ("succeeds", "moves to PRU, dislodging A PRU")
    assert out["PRU"] == ("fails", "beaten head-to-head by A BER - PRU, 1 against 2; dislodged by A BER - PRU")
    assert res.dislodged["PRU"].options == ("LVN", "WAR")  # not BER: the attacker came from there


def test_beleaguered_garrison() -> None:  # DATC 6.E.13 shape
    res, out = move(
        {"ENGLAND": ["F EDI", "F YOR"], "FRANCE": ["F BEL", "F ENG"], "GERMANY": ["F NTH"]},
        ["F EDI S F YOR - NTH", "F YOR - NTH", "F BEL - NTH", "F ENG S F BEL - NTH"],
    )
    assert out["YOR"] == ("fails", "bounced with F BEL - NTH, 2 against 2")
    assert not res.dislodged


def test_circular_movement() -> None:
    res, out = move({"TURKEY": ["F ANK", "A CON", "A SMY"]}, ["F ANK - CON", "A CON - SMY", "A SMY - ANK"])
    assert all(r == "succeeds" for r, _ in out.values())
    assert after(res) == {"F CON", "A SMY", "A ANK"}
    res, out = move(
        {"TURKEY": ["F ANK", "A CON", "A SMY", "A BUL"]},
        ["F ANK - CON", "A CON - SMY", "A SMY - ANK", "A BUL - CON"],
    )  # DATC 6.C.3
    assert all(r == "fails" for r, _ in out.values())


def test_coasts() -> None:
    # rulings STD-C01 (6.B.1, 6.B.2), STD-C02 (6.B.3), STD-C04 (6.B.10)
    res, out = move({"FRANCE": ["F GAS"]}, ["F GAS - SPA"])  # DATC 6.B.2: the only reachable coast
    assert out["GAS"] == ("succeeds", "moves to SPA/NC")
    assert after(res) == {"F SPA/NC"}
    _, out = move({"FRANCE": ["F POR"]}, ["F POR - SPA"])  # 6.B.1
    assert out["POR"] == ("void", "void: the coast of SPA must be given (SPA/NC or SPA/SC)")
    _, out = move({"FRANCE": ["F GAS"]}, ["F GAS - SPA/SC"])  # 6.B.3
    assert out["GAS"] == ("void", "void: F GAS cannot reach SPA/SC")
    res, out = move({"FRANCE": ["F SPA/SC"]}, ["F SPA/NC - LYO"])  # 6.B.10: the written coast is ignored
    assert out["SPA"] == ("succeeds", "moves to LYO")
    assert res.outcomes["SPA"].order == parse_order("F SPA/SC - LYO", GM)
    _, out = move({"TURKEY": ["F BUL/SC", "F CON"]}, ["F BUL/SC - CON", "F CON - BUL/EC"])  # 6.B.13
    assert [r for r, _ in out.values()] == ["fails", "fails"]


# ------------------------------------------------------------------------------------------------ convoys


def test_convoy_with_two_fleets() -> None:
    res, out = move(
        {"ENGLAND": ["A LON", "F ENG", "F MAO"]},
        ["A LON - POR", "F ENG C A LON - POR", "F MAO C A LON - POR"],
    )
    assert out["LON"] == ("succeeds", "moves to POR by convoy")
    assert out["ENG"] == ("succeeds", "convoys A LON - POR")
    assert after(res) == {"A POR", "F ENG", "F MAO"}


def test_disrupted_convoy() -> None:
    res, out = move(
        {"ENGLAND": ["A LON", "F NTH"], "GERMANY": ["F SKA", "F HEL"]},
        ["A LON - HOL", "F NTH C A LON - HOL", "F SKA - NTH", "F HEL S F SKA - NTH"],
    )
    assert out["LON"] == ("fails", "convoy disrupted: F NTH dislodged")
    assert out["NTH"] == ("fails", "dislodged by F SKA - NTH")
    assert "HOL" in res.dislodged["NTH"].options  # a dislodged convoy does not make HOL a standoff (6.F.7)


def test_multi_route_convoy_survives_one_dislodged_fleet() -> None:  # DATC 6.F.9
    # ruling STD-B02
    _, out = move(
        {"ENGLAND": ["A LON", "F ENG", "F NTH"], "FRANCE": ["F BRE", "F MAO"]},
        ["A LON - BEL", "F ENG C A LON - BEL", "F NTH C A LON - BEL", "F BRE S F MAO - ENG", "F MAO - ENG"],
    )
    assert out["LON"][0] == "succeeds"
    assert out["ENG"] == ("fails", "dislodged by F MAO - ENG")


def test_army_move_needing_a_convoy_without_fleets_is_void() -> None:  # DATC 6.D.32
    # ruling STD-B07
    _, out = move({"GERMANY": ["A YOR"]}, ["A YOR - HOL"])
    assert out["YOR"] == ("void", "void: no fleets could convoy A YOR to HOL")
    _, out = move({"GERMANY": ["A YOR", "F NTH"]}, ["A YOR - HOL"])  # legal, but nobody convoys it
    assert out["YOR"] == ("fails", "no fleet convoys it")


def test_convoy_orders_that_are_illegal_or_unmatched() -> None:
    _, out = move(
        {"TURKEY": ["A GRE", "F AEG", "F CON", "F BLA"]},
        ["A GRE - SEV", "F AEG C A GRE - SEV", "F CON C A GRE - SEV", "F BLA C A GRE - SEV"],
    )  # DATC 6.F.1
    assert out["CON"] == ("void", "void: F CON cannot convoy from a coast")
    assert out["GRE"] == ("void", "void: no fleets could convoy A GRE to SEV")  # AEG and BLA do not touch
    _, out = move(
        {"TURKEY": ["A GRE", "F AEG", "F EAS", "F ION"]},
        ["A GRE - SYR", "F AEG C A GRE - SYR", "F ION C A GRE - SYR"],
    )
    assert out["GRE"] == ("fails", "no chain of convoying fleets reaches the destination")
    _, out = move({"ENGLAND": ["F NTH", "A LON"]}, ["F NTH C A LON - HOL", "A LON H"])
    assert out["NTH"] == ("void", "void: A LON was not ordered to move to HOL")


def test_szykman_paradox() -> None:  # DATC 6.F.14
    # ruling STD-B01
    res, out = move(
        {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"]},
        ["F LON S F WAL - ENG", "F WAL - ENG", "A BRE - LON", "F ENG C A BRE - LON"],
    )
    assert out["ENG"] == ("fails", "dislodged by F WAL - ENG")
    assert out["BRE"] == (
        "fails",
        "convoy paradox: by the Szykman rule the convoy of F ENG fails, so the army stays",
    )
    assert out["LON"] == ("succeeds", "supports F WAL - ENG")
    assert "ENG" in res.dislodged


def test_pandins_extended_paradox() -> None:  # DATC 6.F.17: Szykman, nobody dislodged
    # rulings STD-B01, STD-DE03
    res, out = move(
        {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG", "F YOR"], "GERMANY": ["F NTH", "F BEL"]},
        [
            "F LON S F WAL - ENG",
            "F WAL - ENG",
            "A BRE - LON",
            "F ENG C A BRE - LON",
            "F YOR S A BRE - LON",
            "F NTH S F BEL - ENG",
            "F BEL - ENG",
        ],
    )
    assert out["ENG"] == ("fails", "convoy paradox: by the Szykman rule this convoy fails")
    assert not res.dislodged


def test_convoy_to_adjacent_province() -> None:
    # ruling STD-B03: convoy intent by the army's own fleet only
    res, out = move(
        {"ENGLAND": ["A NWY", "F SKA"], "RUSSIA": ["A SWE"]}, ["A NWY - SWE", "F SKA C A NWY - SWE", "A SWE - NWY"]
    )  # DATC 6.G.1: own fleet shows the intent
    assert out["NWY"] == ("succeeds", "moves to SWE by convoy")
    assert after(res) == {"A SWE", "F SKA", "A NWY"}
    _, out = move(
        {"ENGLAND": ["A NWY"], "RUSSIA": ["F SWE"], "GERMANY": ["F SKA"]},
        ["A NWY - SWE", "F SWE - NWY", "F SKA C A NWY - SWE"],
    )  # 6.G.2: a foreign fleet cannot kidnap
    assert out["NWY"] == ("fails", "bounced with F SWE - NWY, 1 against 1")
    assert out["SKA"] == ("void", "void: A NWY - SWE goes over land, not by convoy")


@pytest.mark.parametrize("rules", ["2000", "2023"])
def test_illegal_convoy_shows_no_intent(rules: Rules) -> None:  # DATC 6.G.7 in both editions
    # rulings STD-A02, STD-B07, STD-DE02: no swap under either edition
    _, out = move(
        {"ENGLAND": ["F SKA", "F NWY"], "RUSSIA": ["A SWE", "F BOT"]},
        ["F SKA C A SWE - NWY", "F NWY - SWE", "A SWE - NWY", "F BOT C A SWE - NWY"],
        rules=rules,
    )
    assert out["BOT"] == ("void", "void: F BOT is not needed on any convoy route from SWE to NWY")
    assert out["SWE"][0] == "fails"


def test_retreat_after_a_convoyed_attack_may_go_to_its_origin() -> None:  # DATC 6.H.11 (4.A.5 b)
    # ruling STD-E01 (4.A.5, choice b)
    res, _ = move(
        {"FRANCE": ["A GAS", "A BUR", "F MAO", "F WES", "F LYO"], "ITALY": ["A MAR"]},
        ["A GAS - MAR VIA", "A BUR S A GAS - MAR", "F MAO C A GAS - MAR", "F WES C A GAS - MAR", "F LYO C A GAS - MAR"],
    )
    assert res.dislodged["MAR"].options == ("GAS", "PIE", "SPA")


def test_illegal_reason_helper() -> None:
    b = board({"ENGLAND": ["F NTH", "A LON"]})
    assert illegal_reason(GM, b, parse_order("F NTH - PIC", GM)) == "F NTH is not adjacent to PIC"
    assert illegal_reason(GM, b, parse_order("A LON - NWY", GM)) == ""
    assert illegal_reason(GM, b, parse_order("A PAR H", GM)) == "no unit in PAR"


# --------------------------------------------------------------------------------------------- the policy


class Alliance(Policy):
    """A made-up variant exercising every hook: RED and PINK are friends; SWI is impassable; MUN is a
    stronghold; WEAK units cannot cause a standoff alone; PINK units are disbanded when dislodged."""

    impassable = frozenset({"BOH"})

    def friendly(self, a: str, b: str) -> bool:
        return a == b or {a, b} == {"RED", "PINK"}

    def defence_bonus(self, province: str) -> int:
        return 1 if province == "MUN" else 0

    def weak(self, unit: Unit) -> bool:
        return unit.nation == "WEAK"

    def may_retreat(self, unit: Unit) -> bool:
        return unit.nation != "PINK"


def test_policy_friendly_units_are_not_dislodged_or_cut() -> None:
    # ruling STD-H01
    _, out = move(
        {"RED": ["A BUR", "A RUH"], "PINK": ["A MUN"]}, ["A BUR - MUN", "A RUH S A BUR - MUN"], policy=Alliance()
    )
    assert out["BUR"] == ("fails", "cannot dislodge A MUN, a unit of its own side")
    _, out = move(
        {"RED": ["A KIE", "A RUH"], "PINK": ["A MUN"], "BLUE": ["A BER"]},
        ["A RUH - MUN", "A KIE S A BER - MUN", "A BER - KIE"],
        policy=Alliance(),
    )
    assert out["KIE"][0] == "void"  # A BER moves to KIE, not MUN: unmatched


def test_policy_impassable_stronghold_weak_and_no_retreat() -> None:
    # rulings STD-H02..H05
    policy = Alliance()
    _, out = move({"RED": ["A MUN"]}, ["A MUN - BOH"], policy=policy)
    assert out["MUN"] == ("void", "void: BOH is impassable")
    _, out = move({"RED": ["A BUR", "A RUH"], "BLUE": ["A MUN"]}, ["A BUR - MUN", "A RUH S A BUR - MUN"], policy=policy)
    assert out["BUR"] == ("fails", "bounced off A MUN, 2 against 2")  # the stronghold defends with 2
    res, out = move({"RED": ["A PAR"], "WEAK": ["A MAR"]}, ["A PAR - BUR", "A MAR - BUR"], policy=policy)
    assert out["PAR"] == ("succeeds", "moves to BUR")  # the weak unit cannot bounce it alone
    assert out["MAR"] == ("fails", "bounced with A PAR - BUR, 1 against 1")
    res, _ = move(
        {"BLUE": ["A PAR", "A GAS"], "PINK": ["A BUR"]}, ["A GAS - BUR", "A PAR S A GAS - BUR"], policy=policy
    )
    assert res.dislodged["BUR"].options == ()  # PINK units may not retreat
    res, out = move(
        {"RED": ["A PAR"], "BLUE": ["A GAS"], "PINK": ["A BUR"]}, ["A GAS - BUR", "A PAR S A GAS - BUR"], policy=policy
    )
    assert out["GAS"] == ("fails", "bounced off A BUR, 1 against 1")  # RED will not help against its friend


# --------------------------------------------------------------------------------------------- retreats


def test_retreat_phase() -> None:
    # ruling STD-E03: two retreats to one province both fail
    units = board({"GERMANY": ["A MUN"], "FRANCE": ["A PAR"]})
    dislodged = {
        "BUR": (Unit("FRANCE", "A", "BUR"), ("BEL", "GAS", "PIC")),
        "RUH": (Unit("ENGLAND", "A", "RUH"), ("BEL", "HOL")),
        "HEL": (Unit("ENGLAND", "F", "HEL"), ("DEN",)),
        "TYR": (Unit("ITALY", "A", "TYR"), ("PIE",)),
    }
    orders: dict[str, Order] = {
        "BUR": Retreat("A", "BUR", "BEL"),
        "RUH": Retreat("A", "RUH", "BEL"),
        "HEL": Retreat("F", "HEL", "KIE"),
        "MUN": Retreat("A", "MUN", "BOH"),
    }
    res = resolve_retreats(GM, units, dislodged, orders)
    out = {p: (o.result, o.reason) for p, o in res.outcomes.items()}
    assert out["BUR"] == ("fails", "bounced with A RUH R BEL; disbanded")
    assert out["RUH"] == ("fails", "bounced with A BUR R BEL; disbanded")
    assert out["HEL"] == ("void", "void: F HEL cannot retreat to KIE (it may retreat to DEN); disbanded")
    assert out["MUN"] == ("void", "void: A MUN was not dislodged")
    assert {str(u) for u in res.disbanded} == {"A BUR", "A RUH", "F HEL", "A TYR"}
    res = resolve_retreats(GM, units, {"BUR": dislodged["BUR"]}, {"BUR": Retreat("A", "BUR", "GAS")})
    assert res.outcomes["BUR"].reason == "retreats to GAS"
    assert {str(u) for u in res.units.values()} == {"A MUN", "A PAR", "A GAS"}


def test_retreat_to_the_only_coast_and_disband() -> None:
    dislodged = {"MAO": (Unit("FRANCE", "F", "MAO"), ("SPA/NC",)), "ENG": (Unit("FRANCE", "F", "ENG"), ("PIC",))}
    res = resolve_retreats(GM, {}, dislodged, {"MAO": Retreat("F", "MAO", "SPA"), "ENG": Disband("F", "ENG")})
    assert res.outcomes["MAO"].reason == "retreats to SPA/NC"
    assert res.outcomes["ENG"].reason == "disbanded"
    assert [str(u) for u in res.units.values()] == ["F SPA/NC"]


# ------------------------------------------------------------------------------------------ adjustments


def owners_of(spec: dict[str, list[str]]) -> dict[str, str]:
    return {c: p for p, cs in spec.items() for c in cs}


def adjust(
    units: dict[str, list[str]], centers: dict[str, list[str]], orders: dict[str, list[Any]], rules: Rules = "2000"
) -> tuple[set[str], dict[str, list[tuple[str, str]]], dict[str, list[str]]]:
    parsed = {
        p: [o if not isinstance(o, str) else parse_order(o, GM, phase="A") for o in lst] for p, lst in orders.items()
    }
    res = resolve_adjustments(GM, board(units), owners_of(centers), parsed, rules=rules)
    out = {p: [(o.result, o.reason) for o in lst] for p, lst in res.outcomes.items()}
    civil = {p: [str(u) for u in lst] for p, lst in res.civil_disorder.items()}
    return {f"{u.nation[0]} {u}" for u in res.units.values()}, out, civil


def test_builds() -> None:
    units, out, _ = adjust(
        {"GERMANY": ["A BER"]},
        {"GERMANY": ["BER", "KIE", "MUN", "DEN", "HOL"], "RUSSIA": ["WAR"]},
        {
            "GERMANY": [
                "A BER B",
                "F MUN B",
                "A WAR B",
                "A HOL B",
                "F KIE B",
                "A MUN B",
                "A MUN B",
                "WAIVE",
                "WAIVE",
                "A MUN B",
            ]
        },
    )
    assert out["GERMANY"] == [
        ("void", "void: BER is occupied by A BER"),
        ("void", "void: a fleet cannot be built in MUN (inland)"),
        ("void", "void: WAR is not a home centre of GERMANY"),
        ("void", "void: HOL is not a home centre of GERMANY"),
        ("succeeds", "builds F KIE"),
        ("succeeds", "builds A MUN"),
        ("void", "void: a build was already ordered in MUN"),
        ("succeeds", "build waived"),
        ("succeeds", "build waived"),
        ("void", "void: a build was already ordered in MUN"),  # illegal on its own, even beyond the allowance
    ]
    assert units == {"G A BER", "G F KIE", "G A MUN"}


def test_build_needs_owned_vacant_home_and_coast() -> None:
    _, out, _ = adjust(
        {"RUSSIA": ["A MOS"], "FRANCE": ["A WAR"]},
        {"RUSSIA": ["MOS", "STP", "SEV", "RUM", "SWE"], "GERMANY": ["BER"]},
        {"RUSSIA": ["F STP B", "BUILD SEV", "A WAR B", "BUILD STP/NC"], "GERMANY": ["A BER B"]},
    )
    assert out["RUSSIA"] == [
        ("void", "void: the coast must be given for a fleet in STP (STP/NC or STP/SC)"),
        ("void", "void: the unit type is missing (A or F) for a build in SEV"),
        ("void", "void: WAR is not owned by RUSSIA"),
        ("succeeds", "builds F STP/NC"),
    ]
    assert out["GERMANY"] == [("succeeds", "builds A BER")]


def test_disbands_and_civil_disorder() -> None:  # DATC 6.J.1, 6.J.2
    # ruling STD-A01
    units, out, civil = adjust(
        {"FRANCE": ["A PIC", "A PAR", "F NAO"]},
        {"FRANCE": ["PAR"]},
        {"FRANCE": ["F LYO D", "A PIC D", "A PIC D", "A PAR D", "A BUR B"]},
    )
    assert out["FRANCE"] == [
        ("void", "void: no FRANCE unit in LYO"),
        ("succeeds", "disbanded"),
        ("void", "void: a disband was already ordered for A PIC"),
        ("succeeds", "disbanded"),
        ("void", "void: FRANCE must disband, not build"),
    ]
    assert units == {"F F NAO"} and civil == {}
    units, out, civil = adjust({"FRANCE": ["A PAR", "A BUR", "F NAO"]}, {"FRANCE": ["PAR"]}, {"FRANCE": ["A PAR D"]})
    assert civil == {"FRANCE": ["F NAO"]}
    assert units == {"F A BUR"}


def test_civil_disorder_editions() -> None:  # DATC 6.J.11: distance to home (2000) or owned (2023) centres
    # ruling STD-A01
    spec = ({"ITALY": ["A WAR", "A TUS"]}, {"ITALY": ["WAR"]}, {})
    assert adjust(*spec, rules="2000")[2] == {"ITALY": ["A WAR"]}
    assert adjust(*spec, rules="2023")[2] == {"ITALY": ["A TUS"]}


def test_civil_disorder_ties() -> None:
    units = [Unit("RUSSIA", "A", "BOH"), Unit("RUSSIA", "F", "SKA"), Unit("RUSSIA", "F", "NTH")]
    owners = {"STP": "RUSSIA", "WAR": "RUSSIA"}
    order = civil_disorder_order(GM, "RUSSIA", units, owners, "2023")  # DATC 6.J.7: fleets first, then names
    assert [str(u) for u in order] == ["F NTH", "F SKA", "A BOH"]
    order = civil_disorder_order(
        GM, "RUSSIA", [Unit("RUSSIA", "A", "UKR"), Unit("RUSSIA", "A", "LVN")], {"MOS": "RUSSIA"}
    )
    assert str(order[0]) == "A LVN"  # 6.J.4: equal distance, Livonia before Ukraine


def test_illegal_builds_are_void_wherever_they_stand() -> None:  # issue 12, point 13
    # ruling STD-D05
    centers = {"FRANCE": ["PAR", "MAR", "BRE", "SPA"], "GERMANY": ["MUN"]}
    units = {"FRANCE": ["A PAR", "A SPA"], "GERMANY": ["A MUN"]}
    illegal = [
        ("F PAR B", "void: PAR is occupied by A PAR"),
        ("A SPA B", "void: SPA is not a home centre of FRANCE"),
        ("A MUN B", "void: MUN is not a home centre of FRANCE"),
        ("F STP/NC B", "void: STP is not a home centre of FRANCE"),
    ]
    legal = ["A MAR B", "F BRE B"]  # FRANCE may build 2: both count, the illegal ones are void before or after
    for order_list in (legal + [o for o, _ in illegal], [o for o, _ in illegal] + legal):
        _, out, _ = adjust(units, centers, {"FRANCE": order_list})
        got = dict(zip(order_list, out["FRANCE"], strict=True))
        for text, reason in illegal:
            assert got[text] == ("void", reason), text
        assert [got[t][0] for t in legal] == ["succeeds", "succeeds"]
    # A fleet inland and a second build in one province (coasts of one province count as one) are void even
    # after the allowance is used up; a legal build beyond it fails.
    _, out, _ = adjust(
        {"RUSSIA": ["A MOS"]},
        {"RUSSIA": ["MOS", "STP", "WAR", "SEV"]},
        {"RUSSIA": ["F STP/NC B", "A WAR B", "F STP/SC B", "F WAR B", "A SEV B", "A STP B"]},
    )
    assert out["RUSSIA"] == [
        ("succeeds", "builds F STP/NC"),
        ("succeeds", "builds A WAR"),
        ("void", "void: a build was already ordered in STP"),
        ("void", "void: a fleet cannot be built in WAR (inland)"),
        ("succeeds", "builds A SEV"),
        ("void", "void: a build was already ordered in STP"),
    ]
    _, out, _ = adjust({"RUSSIA": ["A MOS"]}, {"RUSSIA": ["MOS", "STP"]}, {"RUSSIA": ["A STP B", "WAIVE", "F SEV B"]})
    assert out["RUSSIA"] == [
        ("succeeds", "builds A STP"),
        ("fails", "no builds left: RUSSIA may build 1"),
        ("void", "void: SEV is not owned by RUSSIA"),
    ]


def test_illegal_disbands_are_void_wherever_they_stand() -> None:  # issue 12, point 13
    units = {"FRANCE": ["A PIC", "A PAR", "F NAO"], "ENGLAND": ["F LON"]}
    centers = {"FRANCE": ["PAR", "BRE"], "ENGLAND": ["LON"]}  # FRANCE must disband 1
    for order_list in (
        ["A PIC D", "A PAR D", "A PIC D", "F LON D", "A BUR D"],
        ["A PAR D", "A PIC D", "A PIC D", "F LON D", "A BUR D"],
    ):
        _, out, _ = adjust(units, centers, {"FRANCE": order_list})
        first, second = order_list[0], order_list[1]
        assert out["FRANCE"] == [
            ("succeeds", "disbanded"),
            ("fails", "too many disbands: FRANCE must disband 1"),
            ("void", "void: a disband was already ordered for A PIC"),
            ("void", "void: no FRANCE unit in LON"),
            ("void", "void: no FRANCE unit in BUR"),
        ], (first, second)


def test_retreat_onto_an_occupied_province_is_void() -> None:  # issue 12, point 12 (options from the caller)
    units = {"SPA": Unit("FRANCE", "F", "SPA/NC"), "BUR": Unit("FRANCE", "A", "BUR")}
    dislodged = {"MAO": (Unit("FRANCE", "F", "MAO"), ("SPA/SC",)), "PAR": (Unit("FRANCE", "A", "PAR"), ("BUR",))}
    orders: dict[str, Order] = {"MAO": Retreat("F", "MAO", "SPA/SC"), "PAR": Retreat("A", "PAR", "BUR")}
    res = resolve_retreats(GM, units, dislodged, orders)
    assert res.outcomes["MAO"].result == "void"
    assert res.outcomes["MAO"].reason == "void: F MAO cannot retreat to SPA/SC: F SPA/NC is there; disbanded"
    assert res.outcomes["PAR"].reason == "void: A PAR cannot retreat to BUR: A BUR is there; disbanded"
    assert dict(res.units) == units


def test_disbanded_unit_does_not_free_a_build_site() -> None:
    # ruling STD-F01
    units, out, civil = adjust({"FRANCE": ["A MOS"], "RUSSIA": []}, {"RUSSIA": ["MOS"]}, {"RUSSIA": ["A MOS B"]})
    assert civil == {"FRANCE": ["A MOS"]}
    assert out["RUSSIA"] == [("void", "void: MOS is occupied by A MOS")]
    assert units == set()


def test_needs_adjustment() -> None:
    b = board({"FRANCE": ["A PAR", "A MAR", "F BRE"]})
    assert not needs_adjustment(GM, b, {"PAR": "FRANCE", "MAR": "FRANCE", "BRE": "FRANCE"})
    assert needs_adjustment(GM, b, {"PAR": "FRANCE", "MAR": "FRANCE"})
    # A build due but no vacant owned home centre: nothing to do.
    assert not needs_adjustment(GM, b, {"PAR": "FRANCE", "MAR": "FRANCE", "BRE": "FRANCE", "SPA": "FRANCE"})


def test_adjustment_orders_keep_their_order() -> None:
    res = resolve_adjustments(GM, {}, {"LON": "ENGLAND"}, {"ENGLAND": [Waive(), Build("A", "LON")]})
    assert [o.result for o in res.outcomes["ENGLAND"]] == ["succeeds", "fails"]
