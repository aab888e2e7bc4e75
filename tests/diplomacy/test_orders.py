"""Order parsing (every accepted notation), canonical formatting and error messages."""

from __future__ import annotations

import pytest

from umpire.diplomacy.map import GameMap, load_map
from umpire.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    OrderError,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    fill_unit_types,
    format_order,
    parse_order,
)


@pytest.fixture(scope="module")
def gm() -> GameMap:
    return load_map("standard")


NOTATIONS: list[tuple[str, Order]] = [
    ("A PAR - BUR", Move("A", "PAR", "BUR")),
    ("a par - bur", Move("A", "PAR", "BUR")),
    ("A PAR -> BUR", Move("A", "PAR", "BUR")),
    ("A PAR-BUR", Move("A", "PAR", "BUR")),
    ("A  PAR   -  BUR", Move("A", "PAR", "BUR")),
    ("ARMY PAR MOVE BUR", Move("A", "PAR", "BUR")),
    ("A PAR - BUR.", Move("A", "PAR", "BUR")),
    ("A PAR H", Hold("A", "PAR")),
    ("A PAR HOLD", Hold("A", "PAR")),
    ("A PAR HOLDS", Hold("A", "PAR")),
    ("A PAR S A MAR - BUR", SupportMove("A", "PAR", "A", "MAR", "BUR")),
    ("A PAR SUPPORTS A MAR -> BUR", SupportMove("A", "PAR", "A", "MAR", "BUR")),
    ("A PAR S MAR - BUR", SupportMove("A", "PAR", None, "MAR", "BUR")),
    ("A PAR S A MAR", SupportHold("A", "PAR", "A", "MAR")),
    ("A PAR S A MAR H", SupportHold("A", "PAR", "A", "MAR")),
    ("A PAR SUPPORTS A MAR HOLDS", SupportHold("A", "PAR", "A", "MAR")),
    ("F NTH C A LON - NWY", Convoy("F", "NTH", "LON", "NWY")),
    ("F NTH CONVOYS LON - NWY", Convoy("F", "NTH", "LON", "NWY")),
    ("F nth convoys A lon -> nwy", Convoy("F", "NTH", "LON", "NWY")),
    ("A LON - NWY VIA", Move("A", "LON", "NWY", True)),
    ("A LON - NWY VIA CONVOY", Move("A", "LON", "NWY", True)),
    ("A LON - NWY BY CONVOY", Move("A", "LON", "NWY", True)),
    ("A LON - NTH - NWY", Move("A", "LON", "NWY")),  # a path: ignored (DATC 4.A.6, ruling STD-B05)
    ("A BUR R PAR", Retreat("A", "BUR", "PAR")),
    ("A BUR RETREAT PAR", Retreat("A", "BUR", "PAR")),
    ("RETREAT A BUR - PAR", Retreat("A", "BUR", "PAR")),
    ("A BUR D", Disband("A", "BUR")),
    ("A BUR DISBAND", Disband("A", "BUR")),
    ("DISBAND A BUR", Disband("A", "BUR")),
    ("REMOVE A BUR", Disband("A", "BUR")),
    ("F LON B", Build("F", "LON")),
    ("F LON BUILD", Build("F", "LON")),
    ("BUILD F LON", Build("F", "LON")),
    ("F STP/NC B", Build("F", "STP/NC")),
    ("F STP(NC) B", Build("F", "STP/NC")),
    ("F STP (NC) B", Build("F", "STP/NC")),
    ("f stp nc b", Build("F", "STP/NC")),
    ("BUILD MOS", Build(None, "MOS")),
    ("WAIVE", Waive()),
    ("waive", Waive()),
    ("F SPA(SC) - LYO", Move("F", "SPA/SC", "LYO")),
    ("F MAO - SPA/NC", Move("F", "MAO", "SPA/NC")),
    ("F MAO - spa nc", Move("F", "MAO", "SPA/NC")),
    ("F BUL/EC - BLA", Move("F", "BUL/EC", "BLA")),
    ("F BRE/EC - MAO", Move("F", "BRE", "MAO")),  # a coast BRE does not have is dropped (DATC 4.B.6, ruling STD-C05)
    ("F SPA/WC - MAO", Move("F", "SPA", "MAO")),
    # The compact form of the Europe 1615 seed (standard provinces here): the type comes from the board.
    ("PAR-BUR", Move(None, "PAR", "BUR")),
    ("PAR S MAR-BUR", SupportMove(None, "PAR", None, "MAR", "BUR")),
    ("PAR HOLD", Hold(None, "PAR")),
    ("BUR S PAR HOLD", SupportHold(None, "BUR", None, "PAR")),
]


@pytest.mark.parametrize(("text", "expected"), NOTATIONS, ids=[t for t, _ in NOTATIONS])
def test_notations(gm: GameMap, text: str, expected: Order) -> None:
    assert parse_order(text, gm) == expected


CANONICAL = [
    "A PAR - BUR",
    "A LON - NWY VIA",
    "A PAR H",
    "A PAR S A MAR - BUR",
    "A PAR S F MAR",
    "F NTH C A LON - NWY",
    "A BUR R PAR",
    "A BUR D",
    "F STP/NC B",
    "F SPA/SC - MAO",
    "F MAO - BUL/EC",
    "WAIVE",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_round_trip(gm: GameMap, text: str) -> None:
    order = parse_order(text, gm)
    assert format_order(order) == text
    assert parse_order(format_order(order), gm) == order


def test_canonical_form_of_variants(gm: GameMap) -> None:
    assert format_order(parse_order("a par -> bur", gm)) == "A PAR - BUR"
    assert format_order(parse_order("F STP(nc) build", gm)) == "F STP/NC B"
    assert format_order(parse_order("A LON - NWY BY CONVOY", gm)) == "A LON - NWY VIA"
    assert format_order(parse_order("REMOVE A PAR", gm)) == "A PAR D"
    assert format_order(parse_order("F NTH CONVOYS LON - NWY", gm)) == "F NTH C A LON - NWY"
    assert format_order(parse_order("A PAR S MAR - BUR", gm)) == "A PAR S MAR - BUR"


def test_phase_kind_makes_a_move_a_retreat(gm: GameMap) -> None:
    assert parse_order("A BUR - PAR", gm, phase="R") == Retreat("A", "BUR", "PAR")
    assert parse_order("A BUR - PAR", gm, phase="M") == Move("A", "BUR", "PAR")
    with pytest.raises(OrderError, match="a retreat cannot go by convoy"):
        parse_order("A BUR - PAR VIA", gm, phase="R")


def test_types_from_the_board(gm: GameMap) -> None:
    # ruling STD-D01: the board's unit acts whatever type was written
    board = {"PAR": "A", "MAR": "A", "BRE": "F"}
    assert parse_order("PAR-BUR", gm, units=board) == Move("A", "PAR", "BUR")
    assert parse_order("PAR S MAR-BUR", gm, units=board) == SupportMove("A", "PAR", "A", "MAR", "BUR")
    assert parse_order("BRE S PAR HOLD", gm, units=board) == SupportHold("F", "BRE", "A", "PAR")
    assert parse_order("A PAR S MAR - BUR", gm, units=board) == SupportMove("A", "PAR", "A", "MAR", "BUR")
    # A type that was written is kept even when the board disagrees (the resolver uses the board's unit).
    assert parse_order("F PAR - BUR", gm, units=board) == Move("F", "PAR", "BUR")
    # No unit there: the type stays unknown.
    assert parse_order("GAS-BUR", gm, units=board) == Move(None, "GAS", "BUR")
    assert fill_unit_types(Waive(), board) == Waive()


def test_parsing_is_cached(gm: GameMap) -> None:
    assert parse_order("A PAR - BUR", gm) is parse_order("A PAR - BUR", gm)
    board = {"PAR": "A"}
    assert parse_order("PAR-BUR", gm, units=board) is parse_order("PAR-BUR", gm, units=board)


ERRORS = [
    ("", "empty order", None, "an order such as 'A PAR - BUR'"),
    ("A", "missing province", None, "a province id after the unit type"),
    ("A PAR", "missing action", None, "an action"),
    ("A PAR -", "missing the destination", None, "a province id"),
    ("A XYZ - BUR", "unknown province 'XYZ'", (2, "XYZ"), "a province id of map 'standard'"),
    ("XYZ - BUR", "unknown province 'XYZ'", (1, "XYZ"), "the unit's province"),
    ("Q PAR - BUR", "unknown unit type 'Q'", (1, "Q"), "A (army) or F (fleet)"),
    ("A PAR X BUR", "unknown action 'X'", (3, "X"), "an action: '-' (move), H, S, C, R, B or D"),
    ("A PAR - BUR BUR", "unexpected text after a complete order", (5, "BUR"), "nothing more"),
    ("A PAR - XYZ", "unknown province 'XYZ'", (4, "XYZ"), "the destination"),
    ("F NTH C F LON - NWY", "only armies can be convoyed", (4, "F"), "an army"),
    ("F NTH C A LON", "a convoy needs the army's destination", None, "'-' then a province"),
    ("A PAR S", "missing the supported unit's province", None, "a province id"),
    ("A PAR - BUR BY", "'BY' must be followed by CONVOY", None, "BY CONVOY"),
    ("A PAR #", "unknown action '#'", (3, "#"), "an action"),
    ("RETREAT A BUR", "a retreat needs a destination", None, "'-' or R then a province"),
    ("WAIVE PAR", "unexpected text after a complete order", (2, "PAR"), "nothing more"),
]


@pytest.mark.parametrize(("text", "why", "where", "expected"), ERRORS, ids=[e[0] or "empty" for e in ERRORS])
def test_errors_name_token_reason_and_expectation(
    gm: GameMap, text: str, why: str, where: tuple[int, str] | None, expected: str
) -> None:
    with pytest.raises(OrderError) as info:
        parse_order(text, gm)
    err = info.value
    message = str(err)
    assert message.startswith(f"bad order {text!r}: ")
    assert why in err.why and why in message
    assert expected in err.expected and expected in message
    if where is None:
        assert err.token == ""
    else:
        assert (err.position, err.token) == where
        assert f"at token {where[0]} {where[1]!r}" in message


def test_order_dataclasses_are_frozen() -> None:
    order = Move("A", "PAR", "BUR")
    with pytest.raises(AttributeError):
        order.dest = "PIC"  # type: ignore[misc]
    assert hash(order) == hash(Move("A", "PAR", "BUR"))
    assert not hasattr(order, "__dict__")
