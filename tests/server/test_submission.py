"""The orders text box's parser: headers, 1615 INF lines, orders, comments, and the line numbers of mistakes."""

from __future__ import annotations

from umpire.server.submission import parse_submission

FRANCE_1615 = """FRANCE (EXAMPLE SUBMISSION):

9: WUR
3: RHI
1: LOWR
5: LOR
5: SAV

NORM S PAR-CHA
PAR-CHA
BRIT HOLD
# the minors
SAV HOLD
"""


def view(*powers: str, inf: bool = False) -> dict[str, object]:
    form = {"units": []} | ({"inf": 23} if inf else {})
    return {"actions": [{"type": "orders", "power": p, "orderable": form} for p in powers] + [{"type": "ready"}]}


def test_the_1615_example_submission() -> None:
    parsed = parse_submission(FRANCE_1615, view("FRANCE", inf=True))
    assert parsed.errors == []
    assert parsed.actions() == [
        {
            "type": "orders",
            "power": "FRANCE",
            "orders": ["NORM S PAR-CHA", "PAR-CHA", "BRIT HOLD", "SAV HOLD"],
            "inf": {"WUR": 9, "RHI": 3, "LOWR": 1, "LOR": 5, "SAV": 5},
        }
    ]
    assert [n for n, _ in parsed.orders["FRANCE"]] == [9, 10, 11, 13]


def test_inf_lines_need_a_ruleset_that_takes_them() -> None:
    parsed = parse_submission("9: WUR\nA PAR H", view("FRANCE"))
    assert [(e["line"], "INF" in e["error"]) for e in parsed.errors] == [(1, True)]


def test_headers_choose_among_the_callers_powers() -> None:
    text = "france:\nA PAR H\n\nSAVOY:\nA SAV H\nSPAIN:\nA MAD H"
    parsed = parse_submission(text, view("FRANCE", "SAVOY"))
    assert parsed.orders == {"FRANCE": [(2, "A PAR H")], "SAVOY": [(5, "A SAV H")]}
    assert [e["line"] for e in parsed.errors] == [6, 7]


def test_without_a_header_several_powers_need_one() -> None:
    parsed = parse_submission("A PAR H", view("FRANCE", "SAVOY"))
    assert parsed.errors and parsed.errors[0]["line"] == 1
    parsed = parse_submission("A PAR H", view("FRANCE", "SAVOY"), power="FRANCE")
    assert parsed.errors == [] and parsed.orders == {"FRANCE": [(1, "A PAR H")]}


def test_an_empty_box_clears_and_nothing_to_order_is_said() -> None:
    assert parse_submission("  \n# nothing\n", view("FRANCE")).actions() == [
        {"type": "orders", "power": "FRANCE", "orders": []}
    ]
    assert "no orders" in parse_submission("A PAR H", {"actions": []}).errors[0]["error"]
