"""Reading Europe 1615 submissions in the seed's own format (seed 003: "Writing the orders", THE DIPLOMATIC
ATTACK, Bribe a unit to hold, Forced march, SANCTIONS), with the seed's French example submission."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from umpire.diplomacy.map import GameMap, UnitType, build_map, load_map
from umpire.diplomacy.orders import Hold, Move, SupportHold, SupportMove
from umpire.games.europe1615.sanctions import SanctionContext, may_deploy
from umpire.games.europe1615.submission import LineError, parse_submission

FRENCH_EXAMPLE = """\
FRANCE (EXAMPLE SUBMISSION):


9: WUR

3: RHI

1: LOWR

5: LOR

5: SAV


NORM S PAR-CHA

PAR-CHA

BRIT HOLD

PRO S SAV HOLD


SAV HOLD

WUR HOLD

RHI HOLD

BRU S SAX HOLD

LOR S PAR-CHA
"""

LAND = ["PAR", "CHA", "NORM", "PRO", "SAV", "WUR", "RHI", "BRU", "SAX", "LOR", "HES", "SWI", "SER", "BOS", "RUM"]


def small_map() -> GameMap:
    """A made-up map with the provinces the seed's examples name (every land province borders every other)."""
    provinces: dict[str, Any] = {p: {"type": "land", "army": [q for q in [*LAND, "BRIT"] if q != p]} for p in LAND}
    provinces["BRIT"] = {"type": "coast", "army": list(LAND), "fleet": ["ATL"]}
    provinces["ATL"] = {"type": "sea", "fleet": ["BRIT"]}
    data = {
        "format": "umpire-map/1",
        "id": "test_e1615_small",
        "name": "test",
        "first_phase": "S1615M",
        "powers": {p: {} for p in ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")},
        "provinces": provinces,
        "start": {"units": {}, "centers": {}},
    }
    return build_map(data)


MAP = small_map()
BOARD: dict[str, tuple[str, UnitType]] = {
    "PAR": ("FRANCE", "A"),
    "NORM": ("FRANCE", "A"),
    "BRIT": ("FRANCE", "F"),
    "PRO": ("FRANCE", "A"),
    "SWI": ("FRANCE", "A"),
    "SAV": ("SAV", "A"),
    "WUR": ("WUR", "A"),
    "RHI": ("RHI", "A"),
    "BRU": ("LOWR", "A"),
    "SAX": ("SAX", "A"),
    "LOR": ("LOR", "A"),
    "SER": ("OTTOMAN", "A"),
    "BOS": ("SPAIN", "A"),
}
MINORS = {"WUR", "RHI", "LOWR", "LOR", "SAV", "SAX", "HES", "PAPL"}


def test_influence_seed_french_example_submission_without_a_map() -> None:
    sub = parse_submission(FRENCH_EXAMPLE)
    assert sub.ok, sub.errors
    assert sub.power == "FRANCE"
    assert [(d.amount, d.minor) for d in sub.deployments] == [
        (9, "WUR"),
        (3, "RHI"),
        (1, "LOWR"),
        (5, "LOR"),
        (5, "SAV"),
    ]
    assert sub.total_inf == 23
    assert [o.text for o in sub.orders] == [
        "NORM S PAR-CHA",
        "PAR-CHA",
        "BRIT HOLD",
        "PRO S SAV HOLD",
        "SAV HOLD",
        "WUR HOLD",
        "RHI HOLD",
        "BRU S SAX HOLD",
        "LOR S PAR-CHA",
    ]
    assert all(o.order is None for o in sub.orders)
    assert sub.attack is None and sub.sanction is None and sub.forced_marches == []


def test_influence_seed_french_example_submission_with_map_and_board() -> None:
    sub = parse_submission(FRENCH_EXAMPLE, power="FRANCE", game_map=MAP, board=BOARD, minors=MINORS)
    assert sub.ok, sub.errors
    assert [o.canonical for o in sub.orders] == [
        "A NORM S A PAR - CHA",
        "A PAR - CHA",
        "F BRIT H",
        "A PRO S A SAV",
        "A SAV H",
        "A WUR H",
        "A RHI H",
        "A BRU S A SAX",
        "A LOR S A PAR - CHA",
    ]
    assert [o.nation for o in sub.orders] == ["FRANCE"] * 4 + ["SAV", "WUR", "RHI", "LOWR", "LOR"]
    assert sub.orders[0].order == SupportMove("A", "NORM", "A", "PAR", "CHA")
    assert sub.orders[0].line == 15


def test_influence_seed_french_example_is_over_frances_21_infs() -> None:
    """The example deploys 23 INFs; France receives 21 a year (ruling E1615-C02): the line that passes the
    total is reported and the other lines are kept."""
    sub = parse_submission(FRENCH_EXAMPLE, power="FRANCE", available=21)
    assert [str(e) for e in sub.errors] == [
        "line 12: this brings the deployment to 23 INFs, over the 21 available for the rest of the year at '5'; "
        "expected at most 3 more INFs"
    ]
    assert sub.total_inf == 18 and len(sub.orders) == 9


@pytest.mark.parametrize(
    ("line", "token", "message"),
    [
        ("9 WUR", "WUR", "an INF line needs a colon after the number"),
        ("0: WUR", "0", "a deployment must be at least 1 INF"),
        ("-2: WUR", "-2", "a deployment must be at least 1 INF"),
        ("9:", "", "missing the minor state"),
        ("9: WUR RHI", "RHI", "unexpected text after the minor state"),
        ("9: XYZ", "XYZ", "unknown minor state 'XYZ'"),
        ("9: W-R", "W-R", "not a minor state id"),
        ("LOR > PRUSSIA", "PRUSSIA", "'PRUSSIA' is not a great power"),
        ("LOR > FRANCE", "FRANCE", "a power cannot attack itself"),
        ("LOR RHI > SPAIN", "RHI", "the attack needs exactly one minor state before '>'"),
        ("LOR >", "", "missing the attacked power after '>'"),
        ("XYZ > SPAIN", "XYZ", "unknown minor state 'XYZ'"),
        ("SANCTION: Armada", "Armada", "no sanction is named 'Armada'"),
        ("SANCTION:", "", "missing the sanction's name"),
        ("SPAIN:", "SPAIN", "this is FRANCE's submission, not SPAIN's"),
        ("PAR-XYZ", "XYZ", "unknown province 'XYZ'"),
        ("PAR FLY CHA", "FLY", "unknown action 'FLY'"),
        ("HES HOLD", "HES", "there is no unit in HES"),
        ("BOS HOLD", "BOS", "the unit in BOS is SPAIN's"),
        ("PAR-BOS BRIBE", "BRIBE", "a BRIBE note goes with a hold order only"),
    ],
)
def test_influence_bad_lines(line: str, token: str, message: str) -> None:
    sub = parse_submission(f"FRANCE:\n{line}\n", power="FRANCE", game_map=MAP, board=BOARD, minors=MINORS)
    assert len(sub.errors) == 1, sub.errors
    err = sub.errors[0]
    assert (err.line, err.text, err.token, err.message) == (2, line, token, message)
    assert err.expected


def test_influence_errors_name_the_line_and_keep_the_good_lines() -> None:
    text = "9: WUR\n9 RHI\nPAR-CHA\nPAR-XYZ\n"
    sub = parse_submission(text, game_map=MAP)
    assert [e.line for e in sub.errors] == [2, 4]
    assert str(sub.errors[0]) == (
        "line 2: an INF line needs a colon after the number at 'RHI'; expected '9: MINOR', e.g. '9: WUR'"
    )
    assert "expected the destination: a province id of map 'test_e1615_small'" in str(sub.errors[1])
    assert [d.minor for d in sub.deployments] == ["WUR"] and [o.canonical for o in sub.orders] == ["PAR - CHA"]
    assert not sub.ok


def test_diplomatic_attack_one_per_phase() -> None:
    sub = parse_submission("LOR > spain\nSAV > England\n", power="FRANCE")
    assert sub.attack is not None and (sub.attack.minor, sub.attack.target, sub.attack.line) == ("LOR", "SPAIN", 1)
    assert sub.errors == [
        LineError(
            2,
            "SAV > England",
            "SAV",
            "a second diplomatic attack (the first is on line 1)",
            "one diplomatic attack per movement phase",
        )
    ]


def test_diplomatic_attack_move_arrows_are_not_attacks() -> None:
    sub = parse_submission("PAR->CHA\nNORM => PAR\n", game_map=MAP)
    assert sub.ok and sub.attack is None
    assert [o.order for o in sub.orders] == [Move(None, "PAR", "CHA"), Move(None, "NORM", "PAR")]


def test_sanctions_sanction_lines() -> None:
    sub = parse_submission("SANCTION: Embargo on Spain\n")
    assert sub.sanction is not None and (sub.sanction.sanction, sub.sanction.support) == ("EMBARGO_SPAIN", False)
    sub = parse_submission("sanction: Protestant Union SUPPORT\n")
    assert sub.sanction is not None and (sub.sanction.sanction, sub.sanction.support) == ("PROTESTANT_UNION", True)
    sub = parse_submission("SANCTION: Saxon interv. (SUPPORT)\nSANCTION: Levy\n")
    assert sub.sanction is not None and sub.sanction.sanction == "SAXON_INTERVENTION" and sub.sanction.support
    assert [e.message for e in sub.errors] == ["a second sanction (the first is on line 1)"]
    sub = parse_submission("SANCTION: Stronghold\n")
    assert str(sub.errors[0]) == (
        "line 1: 'Stronghold' could be Stronghold I, Stronghold II, Stronghold III at 'Stronghold'; "
        "expected one of these names in full"
    )


def test_sanctions_bribe_notes() -> None:
    # ruling E1615-E13
    for text in ("SER HOLD BRIBE", "BRIBE: SER HOLD", "SER HOLD (BRIBE)", "bribe ser h"):
        sub = parse_submission(text, power="FRANCE", game_map=MAP, board=BOARD)
        assert sub.ok, (text, sub.errors)
        assert sub.orders[0].bribe and sub.orders[0].order == Hold("A", "SER")
    # a bribe may hold another great power's unit; only one bribe
    sub = parse_submission("BOS HOLD BRIBE\nSER HOLD BRIBE\n", power="FRANCE", game_map=MAP, board=BOARD)
    assert sub.orders[0].nation == "SPAIN" and sub.orders[0].bribe
    assert [e.message for e in sub.errors] == ["a second BRIBE (the first is on line 1)"]
    assert parse_submission("SER HOLD BRIBE").orders[0].bribe
    assert parse_submission("SER-BOS BRIBE").errors[0].message == "a BRIBE note goes with a hold order only"


def test_sanctions_seed_forced_march_example() -> None:
    sub = parse_submission("A(SWI) - WUR || WUR S RHI-HES", power="FRANCE", game_map=MAP, board=BOARD)
    assert sub.ok, sub.errors
    (march,) = sub.forced_marches
    assert march.first.order == Move("A", "SWI", "WUR")
    assert march.second.order == SupportMove("A", "WUR", "A", "RHI", "HES")
    assert (march.first.canonical, march.second.canonical) == ("A SWI - WUR", "A WUR S A RHI - HES")
    assert march.first.nation == "FRANCE"
    no_map = parse_submission("A(SWI) - WUR || WUR S RHI-HES")
    assert no_map.ok and no_map.forced_marches[0].first.text == "A SWI - WUR"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("A(SWI) S PAR || WUR S RHI-HES", "the first order of a forced march must be a move"),
        ("A(SWI) - WUR || WUR H", "the second order of a forced march must be a move or a support"),
        ("A(SWI) - WUR || HES S RHI-LOR", "the second order must be given from WUR, where the army arrives"),
        ("A(SWI) - WUR ||", "a forced march is exactly two orders separated by '||'"),
        ("F(BRIT) - ATL || ATL S PAR", "only an army can make a forced march"),
        ("A(RHI) - HES || HES S PAR-CHA", "the army in RHI is not FRANCE's"),
        ("A(HES) - PAR || PAR S RHI", "there is no unit in HES"),
        ("A(SWI) - XYZ || XYZ S RHI", "unknown province 'XYZ'"),
    ],
)
def test_sanctions_bad_forced_marches(line: str, message: str) -> None:
    sub = parse_submission(line, power="FRANCE", game_map=MAP, board=BOARD)
    assert [e.message for e in sub.errors] == [message]
    assert sub.forced_marches == []


def test_sanctions_one_forced_march_and_one_order_per_unit() -> None:
    text = "SWI-HES\nA(SWI) - WUR || WUR S RHI-HES\nA(PAR) - CHA || CHA S NORM\nPAR HOLD\n"
    sub = parse_submission(text, power="FRANCE", game_map=MAP, board=BOARD)
    assert [(e.line, e.message) for e in sub.errors] == [
        (2, "a second order for the unit in SWI (the first is on line 1)"),
        (4, "a second order for the unit in PAR (the first is on line 3)"),
    ]
    assert [m.first.order for m in sub.forced_marches] == [Move("A", "PAR", "CHA")]
    sub = parse_submission("A(SWI) - WUR || WUR S RHI-HES\nA(PAR) - CHA || CHA S NORM\n", game_map=MAP)
    assert [e.message for e in sub.errors] == ["a second forced march (the first is on line 1)"]


def test_influence_duplicate_orders_for_a_unit() -> None:
    sub = parse_submission("PAR-CHA\nA PAR H\n", power="FRANCE", game_map=MAP, board=BOARD)
    assert [(e.line, e.token, e.message) for e in sub.errors] == [
        (2, "PAR", "a second order for the unit in PAR (the first is on line 1)")
    ]


def test_sanctions_comments_blank_lines_and_sanction_checks_on_deployments() -> None:
    ctx = SanctionContext(active={"PROTESTANT_UNION": None})
    text = "# my orders\n\n4: RHI  # for the Rhine\n2: PAPL\n"
    sub = parse_submission(text, power="ENGLAND", minors=MINORS, may_deploy=lambda p, m: may_deploy(p, m, ctx))
    assert [(e.line, e.message) for e in sub.errors] == [
        (4, "only the Catholic powers may deploy INFs to the Papal States (PAPL)")
    ]
    sub = parse_submission("4: RHI\n", power="SPAIN", minors=MINORS, may_deploy=lambda p, m: may_deploy(p, m, ctx))
    assert sub.errors[0].message == "Protestant Union: only the Protestant powers may deploy INFs to RHI"


def test_influence_a_minor_named_twice_receives_the_sum() -> None:
    sub = parse_submission("3: WUR\n4: WUR\n2: RHI\n")
    assert sub.deployment_totals() == {"WUR": 7, "RHI": 2}


def test_phases_retreat_phase_orders() -> None:
    sub = parse_submission("PAR - CHA\n", game_map=MAP, phase="R")
    assert sub.ok and type(sub.orders[0].order).__name__ == "Retreat"


def test_influence_compact_support_hold_fills_types_from_board() -> None:
    sub = parse_submission("PRO S SAV HOLD\n", power="FRANCE", game_map=MAP, board=BOARD)
    assert sub.orders[0].order == SupportHold("A", "PRO", "A", "SAV")


def test_influence_unusual_input_never_crashes() -> None:
    junk = ["", "   ", ":", ">", "||", "9:", "SANCTION", "FRANCE", "A()", "(BRIBE)", "9: 9", "> >", "A(SWI) || ||"]
    for a, b in combinations(junk, 2):
        parse_submission(f"{a}\n{b}", power="FRANCE", game_map=MAP, board=BOARD, minors=MINORS)
        parse_submission(f"{a}\n{b}")


def test_minor_states_only_catholic_powers_order_the_papal_states() -> None:
    board = {**BOARD, "HES": ("PAPL", "A")}  # a stand-in for ROM
    assert parse_submission("HES HOLD", power="SPAIN", game_map=MAP, board=board).ok
    sub = parse_submission("HES HOLD", power="ENGLAND", game_map=MAP, board=board)
    assert [e.message for e in sub.errors] == ["only the Catholic powers submit orders to the Papal States"]


# ------------------------------------------------------------------------- against the real map (when it is there)

MAP_FILE = Path(__file__).resolve().parents[2] / "src/umpire/games/europe1615/data/map.json"


@pytest.mark.skipif(not MAP_FILE.exists(), reason="the Europe 1615 map is not written yet")
def test_influence_map_seed_french_example_parses_on_the_real_map() -> None:
    real = load_map(MAP_FILE)
    sub = parse_submission(FRENCH_EXAMPLE, power="FRANCE", game_map=real)
    assert sub.ok, [str(e) for e in sub.errors]
    assert len(sub.orders) == 9 and sub.total_inf == 23
    march = parse_submission("A(SWI) - WUR || WUR S RHI-HES", game_map=real)
    assert march.ok, [str(e) for e in march.errors]


def test_build_adjustment_phase_builds_need_no_unit() -> None:
    sub = parse_submission("BUILD A CHA\nSANCTION: Levy\n", power="FRANCE", game_map=MAP, board=BOARD, phase="A")
    assert sub.ok, sub.errors
    assert sub.orders[0].canonical == "A CHA B" and sub.sanction is not None
