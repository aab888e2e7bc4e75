"""The JSON contract (docs/adjudication.md): answers, phase sequence, centres, errors and the jsonl mode."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

import umpire
from umpire.diplomacy import native
from umpire.diplomacy.contract import adjudicate, run_jsonl
from umpire.diplomacy.map import load_map

GM = load_map("standard")
START_UNITS = {p: list(u) for p, u in GM.start_units.items()}
START_CENTERS = {p: list(c) for p, c in GM.start_centers.items()}
OPENING = {
    "AUSTRIA": ["A BUD - SER", "A VIE - GAL", "F TRI - ALB"],
    "ENGLAND": ["F EDI - NWG", "F LON - NTH", "A LVP - YOR"],
    "FRANCE": ["F BRE - MAO", "A MAR - SPA", "A PAR - BUR"],
    "GERMANY": ["F KIE - DEN", "A BER - KIE", "A MUN - RUH"],
    "ITALY": ["F NAP - ION", "A ROM - APU", "A VEN H"],
    "RUSSIA": ["A MOS - UKR", "A WAR - GAL", "F SEV - BLA", "F STP/SC - BOT"],
    "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY - CON"],
}


def case(**kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": "t", "variant": "standard", "phase": "S1901M", "units": START_UNITS}
    base.update(kw)
    return base


def ok(c: dict[str, Any]) -> dict[str, Any]:
    answer = adjudicate(c)
    assert "error" not in answer, answer
    return answer


def error(c: Any) -> str:
    answer = adjudicate(c)
    assert set(answer) == {"id", "error"}, answer
    return str(answer["error"])


def test_opening_answer_shape() -> None:
    answer = ok(case(centers=START_CENTERS, orders=OPENING))
    assert list(answer) == ["id", "units", "dislodged", "centers", "results", "next_phase"]
    assert answer["id"] == "t"
    assert answer["next_phase"] == "F1901M"
    assert answer["units"]["FRANCE"] == ["A BUR", "A SPA", "F MAO"]
    assert answer["units"]["RUSSIA"] == ["A UKR", "A WAR", "F BOT", "F SEV"]
    assert answer["dislodged"] == {}
    assert answer["centers"] == {p: sorted(c) for p, c in sorted(START_CENTERS.items())}
    assert list(answer["units"]) == sorted(answer["units"])
    assert answer["results"]["RUSSIA"][1] == {
        "order": "A WAR - GAL",
        "result": "fails",
        "reason": "bounced with A VIE - GAL, 1 against 1",
    }
    assert answer["results"]["ITALY"][2] == {"order": "A VEN H", "result": "succeeds", "reason": "holds"}
    assert json.loads(json.dumps(answer)) == answer


def test_top_level_adjudicate_is_the_contract() -> None:
    assert umpire.adjudicate(case(orders=OPENING)) == adjudicate(case(orders=OPENING))


def test_orders_are_echoed_in_canonical_form() -> None:
    answer = ok(case(orders={"FRANCE": ["a par -> bur", "F BRE - mao", "mar-spa"]}))
    assert [r["order"] for r in answer["results"]["FRANCE"]] == ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"]


def test_void_results_for_missing_foreign_and_unreadable_orders() -> None:
    # ruling STD-D10
    answer = ok(case(orders={"GERMANY": ["F LON - NTH", "A PIC - BUR", "A MUN - XYZ", "F KIE - MUN"]}))
    out = answer["results"]["GERMANY"]
    assert out[0] == {
        "order": "F LON - NTH",
        "result": "void",
        "reason": "void: F LON is a unit of ENGLAND, not of GERMANY",
    }
    assert out[1] == {"order": "A PIC - BUR", "result": "void", "reason": "void: no unit in PIC"}
    assert out[2]["result"] == "void" and out[2]["order"] == "A MUN - XYZ"
    assert "cannot read the order" in out[2]["reason"] and "unknown province 'XYZ'" in out[2]["reason"]
    assert out[3] == {"order": "F KIE - MUN", "result": "void", "reason": "void: a fleet cannot enter MUN (inland)"}
    assert "F LON" in answer["units"]["ENGLAND"]


def test_several_orders_for_one_unit() -> None:  # DATC 4.D.3: illegal ones ignored, two legal ones -> hold
    # ruling STD-D04
    answer = ok(case(orders={"FRANCE": ["A PAR - BUR", "A PAR - MUN"]}))
    out = answer["results"]["FRANCE"]
    assert out[0]["result"] == "succeeds" and out[1]["result"] == "void"
    assert out[1]["reason"] == "void: A PAR is not adjacent to MUN"
    answer = ok(case(orders={"FRANCE": ["A PAR - BUR", "A PAR - PIC"]}))
    assert {r["result"] for r in answer["results"]["FRANCE"]} == {"void"}
    assert "given 2 different orders" in answer["results"]["FRANCE"][0]["reason"]
    assert "A PAR" in answer["units"]["FRANCE"]
    answer = ok(case(orders={"FRANCE": ["A PAR - BUR", "a par - bur"]}))
    assert [r["result"] for r in answer["results"]["FRANCE"]] == ["succeeds", "succeeds"]


def test_spring_dislodgement_leads_to_retreats_then_fall() -> None:
    units = {"GERMANY": ["A MUN", "A RUH"], "FRANCE": ["A BUR", "A PAR"]}
    answer = ok(case(units=units, orders={"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]}))
    assert answer["dislodged"] == {"FRANCE": {"A BUR": ["BEL", "GAS", "MAR", "PIC"]}}
    assert answer["next_phase"] == "S1901R"
    assert answer["units"] == {"FRANCE": ["A PAR"], "GERMANY": ["A BUR", "A RUH"]}
    retreat = ok(
        case(
            phase="S1901R",
            units=answer["units"],
            dislodged=answer["dislodged"],
            orders={"FRANCE": ["A BUR - GAS"]},
        )
    )
    assert retreat["results"]["FRANCE"] == [{"order": "A BUR R GAS", "result": "succeeds", "reason": "retreats to GAS"}]
    assert retreat["units"]["FRANCE"] == ["A GAS", "A PAR"]
    assert retreat["next_phase"] == "F1901M" and retreat["dislodged"] == {}


def test_no_retreat_phase_when_no_dislodged_unit_can_retreat() -> None:
    # ruling STD-F02
    # A GRE, beaten from ALB with SER's support, has nowhere to go (BUL, SER held; ALB the attacker's; seas).
    units = {"AUSTRIA": ["F ION", "A SER", "A ALB"], "TURKEY": ["A GRE", "A BUL"]}
    orders = {"AUSTRIA": ["A SER S A ALB - GRE", "A ALB - GRE"]}
    answer = ok(case(units=units, orders=orders))
    assert answer["dislodged"] == {"TURKEY": {"A GRE": []}}  # listed, disbanded at once
    assert answer["units"] == {"AUSTRIA": ["A GRE", "A SER", "F ION"], "TURKEY": ["A BUL"]}
    assert answer["next_phase"] == "F1901M"  # the spring retreat phase is skipped
    centers = {"AUSTRIA": ["BUD", "TRI", "VIE"], "TURKEY": ["ANK", "CON", "GRE", "SMY"]}
    fall = ok(case(phase="F1901M", units=units, centers=centers, orders=orders))
    assert fall["next_phase"] == "W1901A"  # straight to the adjustments, centres changing hands now
    assert fall["centers"] == {"AUSTRIA": ["BUD", "GRE", "SER", "TRI", "VIE"], "TURKEY": ["ANK", "BUL", "CON", "SMY"]}
    # The option-less entry may be carried over into the next case: nothing to retreat, no error.
    nxt = ok(case(phase="F1901M", units=answer["units"], dislodged=answer["dislodged"], orders={}))
    assert nxt["next_phase"] == "W1901A"
    assert "phase mismatch" in error(case(phase="F1901M", dislodged={"TURKEY": {"A GRE": ["SMY"]}}))


def test_unordered_dislodged_unit_is_disbanded_and_listed() -> None:
    # ruling STD-E03
    answer = ok(
        case(
            phase="F1901R",
            units={"GERMANY": ["A BUR"]},
            centers={"GERMANY": ["MUN"]},
            dislodged={"FRANCE": {"A BUR": ["GAS"]}},
        )
    )
    assert answer["results"] == {
        "FRANCE": [{"order": "A BUR D", "result": "succeeds", "reason": "no retreat ordered: disbanded"}]
    }
    assert answer["units"] == {"GERMANY": ["A BUR"]}


def test_fall_takes_centres_and_skips_an_empty_winter() -> None:
    # rulings STD-F02, STD-F03
    answer = ok(
        case(
            phase="F1901M",
            units={"FRANCE": ["A PAR", "A MAR", "F BRE"], "ITALY": ["A VEN"]},
            centers={"FRANCE": ["PAR", "MAR", "BRE"], "ITALY": ["VEN", "ROM", "NAP"]},
            orders={"FRANCE": ["A MAR - SPA"], "ITALY": ["A VEN - PIE"]},
        )
    )
    assert answer["centers"]["FRANCE"] == ["BRE", "MAR", "PAR", "SPA"]
    assert answer["next_phase"] == "W1901A"  # France may build in Marseilles
    answer = ok(
        case(
            phase="F1901M",
            units={"FRANCE": ["A PAR", "A MAR", "F BRE"]},
            centers={"FRANCE": ["PAR", "MAR", "BRE"]},
            orders={"FRANCE": ["A PAR H"]},
        )
    )
    assert answer["next_phase"] == "S1902M"


def test_fall_with_retreats_takes_centres_after_the_retreat() -> None:
    units = {"GERMANY": ["A HOL", "A RUH"], "FRANCE": ["A BEL"]}
    centers = {"FRANCE": ["BEL", "PAR"], "GERMANY": ["MUN"]}
    answer = ok(
        case(phase="F1902M", units=units, centers=centers, orders={"GERMANY": ["A RUH - BEL", "A HOL S A RUH - BEL"]})
    )
    assert answer["next_phase"] == "F1902R"
    assert answer["centers"] == {"FRANCE": ["BEL", "PAR"], "GERMANY": ["MUN"]}  # not yet
    retreat = ok(case(phase="F1902R", units=answer["units"], centers=centers, dislodged=answer["dislodged"], orders={}))
    assert retreat["centers"] == {"FRANCE": ["PAR"], "GERMANY": ["BEL", "HOL", "MUN"]}
    assert retreat["next_phase"] == "W1902A"  # both may build: France in Paris, Germany in Munich
    assert retreat["results"]["FRANCE"][0]["order"] == "A BEL D"


def test_winter_adjustments_and_civil_disorder() -> None:
    answer = ok(
        case(
            phase="W1901A",
            units={"FRANCE": ["A PAR", "A BUR", "F NAO"], "ENGLAND": ["F LON"]},
            centers={"FRANCE": ["PAR"], "ENGLAND": ["LON", "EDI"]},
            orders={"ENGLAND": ["F EDI B"], "FRANCE": ["A PAR D"]},
        )
    )
    assert answer["next_phase"] == "S1902M"
    assert answer["results"]["FRANCE"] == [
        {"order": "A PAR D", "result": "succeeds", "reason": "disbanded"},
        {"order": "F NAO D", "result": "succeeds", "reason": "civil disorder: too few disbands ordered"},
    ]
    assert answer["units"] == {"ENGLAND": ["F EDI", "F LON"], "FRANCE": ["A BUR"]}


def test_rules_option_changes_civil_disorder() -> None:  # DATC 6.J.11
    # rulings STD-A01, STD-DE01
    c = case(phase="W1901A", units={"ITALY": ["A WAR", "A TUS"]}, centers={"ITALY": ["WAR"]})
    assert ok(c)["units"] == {"ITALY": ["A TUS"]}
    c["options"] = {"rules": "2023"}
    assert ok(c)["units"] == {"ITALY": ["A WAR"]}


@pytest.mark.parametrize(
    ("patch", "fragment"),
    [
        ({"variant": "chess"}, "unknown variant 'chess'; known variants: standard"),
        ({"phase": "S1901X"}, "bad phase 'S1901X'"),
        ({"phase": "W1901M"}, "bad phase 'W1901M'"),
        ({"phase": "F1901A"}, "bad phase 'F1901A'"),
        ({"phase": None}, "phase is missing"),
        ({"units": {"PRUSSIA": ["A BER"]}}, "units: unknown power 'PRUSSIA'"),
        ({"units": {"FRANCE": ["A XYZ"]}}, "units.FRANCE[0]: bad unit 'A XYZ': unknown province 'XYZ'"),
        ({"units": {"FRANCE": ["Z PAR"]}}, "bad unit 'Z PAR': expected a type (A or F) and a location"),
        ({"units": {"FRANCE": ["F STP"]}}, "a fleet in STP must be on a coast: STP/NC or STP/SC"),
        ({"units": {"FRANCE": ["A NTH"]}}, "an army cannot be in NTH (a sea)"),
        ({"units": {"FRANCE": ["F MUN"]}}, "a fleet cannot be in MUN (inland)"),
        ({"units": {"FRANCE": ["A PAR"], "GERMANY": ["A PAR"]}}, "PAR already holds A PAR of FRANCE"),
        ({"units": {"FRANCE": "A PAR"}}, "units.FRANCE must be a list"),
        ({"units": {"FRANCE": [{"a": 1}]}}, "units.FRANCE must be a list of strings"),
        ({"units": {"FRANCE": [3]}}, "a unit must be a string"),
        ({"units": []}, "units must be an object keyed by power"),
        ({"centers": {"FRANCE": ["BUR"]}}, "centers.FRANCE: 'BUR' is not a supply centre"),
        ({"centers": {"FRANCE": ["PAR"], "GERMANY": ["PAR"]}}, "PAR is listed for both FRANCE and GERMANY"),
        ({"orders": {"FRANCE": [3]}}, "orders.FRANCE[0]: an order must be a string"),
        ({"orders": {"SPAIN": []}}, "orders: unknown power 'SPAIN'"),
        ({"options": {"rules": "1971"}}, "option rules must be one of 2000, 2023"),
        ({"options": {"speed": "fast"}}, "unknown option 'speed'"),
        ({"dislodged": {"FRANCE": {"A PAR": ["BUR"]}}}, "phase mismatch: dislodged units are given but S1901M"),
        ({"colour": "red"}, "unknown key 'colour'"),
    ],
)
def test_bad_cases(patch: dict[str, Any], fragment: str) -> None:
    c = case(**patch)
    if c.get("phase") is None:
        del c["phase"]
    message = error(c)
    assert fragment in message, message


def test_bad_retreat_cases() -> None:
    base = case(phase="S1901R", units={"GERMANY": ["A BUR"]})
    assert "A BUR cannot retreat to 'BRE'" in error({**base, "dislodged": {"FRANCE": {"A BUR": ["BRE"]}}})
    assert "must map each unit" in error({**base, "dislodged": {"FRANCE": ["A BUR"]}})


def test_missing_units_and_non_object_case() -> None:
    assert "units is missing" in error({"id": 1, "phase": "S1901M"})
    assert error([1, 2]).startswith("a case must be a JSON object")
    assert adjudicate({"id": 7, "phase": "S1901M", "variant": "x", "units": {}})["id"] == 7


def test_jsonl_mode() -> None:
    lines = [
        json.dumps(case(id="a", orders={"FRANCE": ["A PAR - BUR"]})),
        "",
        "not json",
        json.dumps(case(id="b", variant="chess")),
        json.dumps(case(id="c")),
    ]
    out = io.StringIO()
    errors = run_jsonl(io.StringIO("\n".join(lines) + "\n"), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert errors == 2
    assert [a["id"] for a in answers] == ["a", None, "b", "c"]
    assert answers[0]["results"]["FRANCE"][0]["result"] == "succeeds"
    assert answers[1]["error"].startswith("line 3: not valid JSON")
    assert answers[2]["error"].startswith("unknown variant")
    assert "error" not in answers[3]


def test_jsonl_default_variant() -> None:
    line = json.dumps({"id": "d", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}})
    out = io.StringIO()
    assert run_jsonl(io.StringIO(line + "\n"), out, default_variant="chess") == 1
    assert "unknown variant 'chess'" in json.loads(out.getvalue())["error"]
    out = io.StringIO()
    assert run_jsonl(io.StringIO(line + "\n"), out) == 0


def test_answers_do_not_share_state() -> None:
    c = case(orders=OPENING)
    first = ok(c)
    first["units"]["FRANCE"].append("A XXX")
    first["centers"].clear()
    again = ok(c)
    assert "A XXX" not in again["units"]["FRANCE"]
    c2 = case(centers=START_CENTERS)
    answer = ok(c2)
    answer["centers"]["FRANCE"].append("XXX")
    assert "XXX" not in ok(c2)["centers"]["FRANCE"]


# ------------------------------------------------------------------------------- issue 12, points 12-14


@pytest.mark.parametrize(
    ("units", "dislodged", "fragment"),
    [
        (  # the army in BUR used to vanish under the retreating one
            {"FRANCE": ["A BUR"], "GERMANY": ["A PAR"]},
            {"FRANCE": {"A PAR": ["BUR", "GAS"]}},
            "dislodged.FRANCE.A PAR: A PAR cannot retreat to 'BUR': BUR holds A BUR of FRANCE (units); expected only "
            "provinces left vacant by the movement",
        ),
        (  # one coast of SPA occupied: the other coast is the same province
            {"FRANCE": ["F SPA/NC"], "ENGLAND": ["F MAO"]},
            {"FRANCE": {"F MAO": ["SPA/SC"]}},
            "F MAO cannot retreat to 'SPA/SC': SPA holds F SPA/NC of FRANCE",
        ),
        (  # another dislodged unit's province holds the unit that dislodged it
            {"GERMANY": ["A BUR", "A PIC"]},
            {"FRANCE": {"A BUR": ["PIC", "GAS"], "A PIC": ["BEL"]}},
            "A BUR cannot retreat to 'PIC': PIC holds A PIC of GERMANY",
        ),
        (  # the same, with the dislodging units left out of the case
            {},
            {"FRANCE": {"A BUR": ["PIC", "GAS"]}, "GERMANY": {"A PIC": ["BEL"]}},
            "dislodged.FRANCE.A BUR: A BUR cannot retreat to PIC: A PIC was dislodged from there, so the unit that "
            "dislodged it is there; expected only provinces left vacant by the movement",
        ),
        (
            {"FRANCE": ["A BUR"]},
            {"FRANCE": {"A BUR": ["GAS"]}},
            "A BUR cannot have been dislodged by A BUR of its own power FRANCE",
        ),
    ],
)
def test_self_contradictory_retreat_case_is_refused(
    units: dict[str, list[str]], dislodged: dict[str, Any], fragment: str
) -> None:
    # ruling STD-E02
    c = case(phase="S1901R", units=units, dislodged=dislodged, orders={"FRANCE": ["A PAR R BUR", "F MAO R SPA/SC"]})
    message = error(c)
    assert fragment in message, message


def test_feeding_a_movement_answer_forward_still_retreats() -> None:
    units = {"GERMANY": ["A MUN", "A RUH", "A PIC"], "FRANCE": ["A BUR", "A PAR"]}
    answer = ok(case(units=units, orders={"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]}))
    assert answer["dislodged"] == {"FRANCE": {"A BUR": ["BEL", "GAS", "MAR"]}}
    retreat = ok(
        case(phase="S1901R", units=answer["units"], dislodged=answer["dislodged"], orders={"FRANCE": ["A BUR R MAR"]})
    )
    assert retreat["units"]["FRANCE"] == ["A MAR", "A PAR"]


@pytest.mark.parametrize("legal_first", [True, False])
def test_build_labels_do_not_depend_on_position(legal_first: bool) -> None:
    # ruling STD-D05
    illegal = [
        ("F PAR B", "void", "void: PAR is occupied by A PAR"),
        ("A MUN B", "void", "void: MUN is not a home centre of FRANCE"),
        ("F BRE B", "void", "void: BRE is not owned by FRANCE"),
        ("F GAS B", "void", "void: GAS is not a home centre of FRANCE"),
    ]
    legal = [("A MAR B", "succeeds", "builds A MAR"), ("WAIVE", "fails", "no builds left: FRANCE may build 1")]
    expected = legal + illegal if legal_first else illegal + legal
    answer = ok(
        case(
            phase="W1901A",
            units={"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
            centers={"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN", "BRE"]},
            orders={"FRANCE": [o for o, _, _ in expected]},
        )
    )
    assert [(r["order"], r["result"], r["reason"]) for r in answer["results"]["FRANCE"]] == expected
    assert answer["units"]["FRANCE"] == ["A MAR", "A PAR"]


def test_second_build_in_one_province_is_void_after_the_allowance() -> None:
    # ruling STD-D05
    answer = ok(
        case(
            phase="W1901A",
            units={"RUSSIA": ["A MOS", "F BLA"]},
            centers={"RUSSIA": ["MOS", "STP", "SEV", "WAR"]},  # two builds
            orders={"RUSSIA": ["F STP/NC B", "A SEV B", "F STP/SC B", "F WAR B"]},
        )
    )
    assert [(r["result"], r["reason"]) for r in answer["results"]["RUSSIA"]] == [
        ("succeeds", "builds F STP/NC"),
        ("succeeds", "builds A SEV"),
        ("void", "void: a build was already ordered in STP"),
        ("void", "void: a fleet cannot be built in WAR (inland)"),
    ]


def test_disband_of_a_missing_unit_is_void_beyond_the_count_too() -> None:
    answer = ok(
        case(
            phase="W1901A",
            units={"FRANCE": ["A PAR", "A BUR"]},
            centers={"FRANCE": ["PAR"]},
            orders={"FRANCE": ["A BUR D", "A PAR D", "A GAS D"]},
        )
    )
    assert [(r["result"], r["reason"]) for r in answer["results"]["FRANCE"]] == [
        ("succeeds", "disbanded"),
        ("fails", "too many disbands: FRANCE must disband 1"),
        ("void", "void: no FRANCE unit in GAS"),
    ]


def _lower_keys(value: dict[str, Any]) -> dict[str, Any]:
    return {k.lower(): v for k, v in value.items()}


@pytest.mark.parametrize("backend", ["native", "python"])
def test_power_names_are_case_insensitive(backend: str) -> None:
    # ruling STD-F04
    if backend == "native" and not native.available():
        pytest.skip("the native core is not built")
    previous = native.set_backend(backend)  # type: ignore[arg-type]
    try:
        movement = case(phase="F1901M", centers=START_CENTERS, orders=OPENING)
        shouted = {**movement, "units": _lower_keys(START_UNITS), "centers": _lower_keys(START_CENTERS)}
        shouted["orders"] = {k.capitalize(): v for k, v in OPENING.items()}
        assert ok(shouted) == ok(movement)
    finally:
        native.set_backend(previous)
    retreat = case(
        phase="S1901R",
        units={"GERMANY": ["A BUR"], "FRANCE": ["A PAR"]},
        dislodged={"FRANCE": {"A BUR": ["GAS", "BEL"]}},
        orders={"FRANCE": ["A BUR R GAS"]},
    )
    mixed = {
        **retreat,
        "units": {"germany": ["A BUR"], "France": ["A PAR"]},
        "dislodged": {"france": {"A BUR": ["GAS", "BEL"]}},
        "orders": {"fRANCE": ["A BUR R GAS"]},
    }
    assert ok(mixed) == ok(retreat)
    assert ok(mixed)["units"] == {"FRANCE": ["A GAS", "A PAR"], "GERMANY": ["A BUR"]}
    winter = case(
        phase="W1901A",
        units={"FRANCE": ["A PAR"]},
        centers={"FRANCE": ["PAR", "MAR"]},
        orders={"FRANCE": ["A MAR B"]},
    )
    low = {
        **winter,
        "units": {"france": ["A PAR"]},
        "centers": {"france": ["PAR", "MAR"]},
        "orders": {"france": ["A MAR B"]},
    }
    assert ok(low) == ok(winter)
    assert ok(low)["results"] == {"FRANCE": [{"order": "A MAR B", "result": "succeeds", "reason": "builds A MAR"}]}


def test_one_power_under_two_spellings_is_an_error() -> None:
    # ruling STD-F04
    message = error(case(units={"FRANCE": ["A PAR"], "france": ["A MAR"]}))
    assert message == "units: FRANCE is given twice, as 'FRANCE' and 'france'; expected one entry"
    assert "unknown power 'prussia'" in error(case(orders={"prussia": []}))


def test_winter_case_without_centers_is_an_error() -> None:
    # ruling STD-F04
    for c in (case(phase="W1901A", units={"FRANCE": ["A PAR"]}), case(phase="W1901A", centers=None)):
        message = error(c)
        assert message.startswith("centers is missing: the adjustment phase W1901A needs every power's supply centres")
    # An explicit empty object is data: every unit is then over the count and disbanded.
    assert ok(case(phase="W1901A", units={"FRANCE": ["A PAR"]}, centers={}))["units"] == {}
