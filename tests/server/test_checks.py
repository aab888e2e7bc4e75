"""Orders checked at entry (issue 18, point 2): each listed mistake is named beside its line with the rule, from
the seat's own view, before anything is saved; the check changes nothing."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Api, started_game
from umpire.server.boards import game_map
from umpire.server.checks import check_orders


def standard_view(phase: str, units: dict[str, list[str]], orderable: dict[str, Any]) -> dict[str, Any]:
    gm = game_map("standard")
    return {
        "map": "standard",
        "phase": phase,
        "units": units,
        "centers": {p: list(c) for p, c in gm.start_centers.items()},
        "actions": [{"type": "orders", "power": "FRANCE", "orderable": orderable}],
    }


def by_line(found: list[dict[str, Any]]) -> dict[int, str]:
    return {e["line"]: e.get("warning") or e["error"] for e in found}


START = {p: list(u) for p, u in game_map("standard").start_units.items()}


def test_movement_mistakes_are_named_beside_their_lines() -> None:
    view = standard_view("S1901M", START, {"units": START["FRANCE"]})
    text = "\n".join(
        [
            "A PAR - MUN",  # 1 not adjacent
            "A PAR - BUR",  # 2 a second order for Paris
            "A MAR S A GAS - BUR",  # 3 support of nothing
            "F BRE - MAO",  # 4 fine
            "A MUN - BOH",  # 5 not France's
            "F BRE C A PAR - LON",  # 6 a second order for Brest
            "A PAR - XYZ",  # 7 not an order
        ]
    )
    found = by_line(check_orders(text, view))
    assert set(found) == {1, 2, 3, 5, 6, 7}, found
    assert "cannot reach MUN (not adjacent)" in found[1] and "holds" in found[1]
    assert "second order for the unit in PAR (the first is on line 1)" in found[2]
    assert "support of nothing: there is no unit in GAS" in found[3]
    assert "GERMANY's, not yours" in found[5]
    assert "XYZ" in found[7]
    assert check_orders("A PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO", view) == []


def test_supports_convoys_and_moves_by_convoy() -> None:
    units = {"FRANCE": ["A PAR", "A MAR", "F MAO", "A BRE"], "ENGLAND": ["A LON"]}
    view = standard_view("S1901M", units, {"units": units["FRANCE"]})
    found = by_line(check_orders("A MAR S A PAR - PIC\nA BRE - LON\nF MAO C A PAR - LON\nA PAR - MUN", view))
    assert "MAR cannot reach PIC, so it cannot support into it" in found[1]
    assert "not adjacent: the army gets there only if fleets convoy it" in found[2]
    assert "a convoy of nothing" not in found.get(3, "") and 3 not in found  # Paris is an army; MAO is a sea
    found = by_line(check_orders("F MAO C A GAS - LON\nA PAR S A LON - BUR", view))
    assert "a convoy of nothing: there is no army in GAS" in found[1]
    assert "the unit in LON cannot move to BUR: this support helps nothing" in found[2]


def test_build_mistakes_are_named_beside_their_lines() -> None:
    units = {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}
    view = standard_view("W1901A", units, {"builds": 2, "build_sites": ["BRE", "MAR"]})
    view["centers"]["FRANCE"] = ["BRE", "PAR", "SPA"]  # Marseilles lost
    view["centers"]["ITALY"] = ["MAR", "ROM", "NAP", "VEN"]
    text = "A PAR B\nA MUN B\nA MAR B\nA BRE B\nF SPA B\nA BRE B\nF PAR B"
    found = by_line(check_orders(text, view))
    assert "PAR is occupied (by your A PAR)" in found[1]
    assert "MUN is not one of your home centres (BRE, MAR, PAR)" in found[2]
    assert "MAR is your home centre but not yours now (it is ITALY's)" in found[3]
    assert 4 not in found  # Brest: a good build
    assert "SPA is not one of your home centres" in found[5]
    assert "a second build in BRE (the first is on line 4)" in found[6]
    assert "a second build in PAR" in found[7]
    view = standard_view("W1901A", {"FRANCE": []}, {"builds": 1, "build_sites": ["BRE", "MAR", "PAR"]})
    found = by_line(check_orders("A PAR B\nF BRE B\nA MAR B", view))
    assert found == {2: "one build too many: you may build 1, the extra one is void", 3: found[3]}
    assert "one build too many" in found[3]


def test_retreats_outside_the_allowed_list_are_named() -> None:
    view = standard_view("F1901R", START, {"retreats": {"A BUR": ["PAR", "GAS"]}})
    view["actions"][0]["orderable"] = {"retreats": {"A BUR": ["PAR", "GAS"]}}
    found = by_line(check_orders("A BUR R MUN\nA BUR R PAR", view))
    assert "may retreat only to PAR, GAS" in found[1]
    assert "second order" in found[2]


def test_the_check_endpoint_answers_a_seat_only_and_changes_nothing(api: Api) -> None:
    made = started_game(api)
    game, france = made["id"], made["seat_tokens"]["FRANCE"]
    before = api.ok("GET", f"/api/games/{game}", france)
    answer = api.ok("POST", f"/api/games/{game}/orders/check", france, {"text": "A PAR - MUN\nA MAR - BUR"})
    assert [(e["line"], "not adjacent" in e["warning"]) for e in answer["lines"]] == [(1, True)]
    after = api.ok("GET", f"/api/games/{game}", france)
    assert after["view"]["orders"] == before["view"]["orders"] == {"FRANCE": []}
    status, error = api.call("POST", f"/api/games/{game}/orders/check", None, {"text": "A PAR - MUN"})
    assert status == 403 and "seat" in error["error"]
    status, _ = api.call("POST", f"/api/games/{game}/orders/check", made["gm_token"], {"text": "A PAR - MUN"})
    assert status == 403


def test_europe1615_lines_are_checked_as_a_trial_submission_that_saves_nothing(api: Api) -> None:
    made = started_game(api, ("FRANCE",), ruleset="europe1615", seed=3)
    game, france = made["id"], made["seat_tokens"]["FRANCE"]
    text = "9: WUR\nPAR-MOS\nPAR-CHA\nNORM S GUY-BUR\n30: LOR\n"
    lines = api.ok("POST", f"/api/games/{game}/orders/check", france, {"text": text})["lines"]
    found = {e["line"]: e.get("warning") or e["error"] for e in lines}
    assert sorted(found) == [2, 3, 4, 5], found
    assert "cannot reach MOS (not adjacent)" in found[2] and "warning" in lines[0]  # kept, but it cannot move
    assert "a second order for the unit in PAR (the first is on line 2)" in found[3]
    assert "a support of nothing: there is no unit in GUY" in found[4]
    assert "over the 21 available" in found[5] and "error" in lines[3]  # refused by the submission
    view = api.ok("GET", f"/api/games/{game}", france)["view"]
    assert not (view.get("submission") or {}).get("text")  # nothing was saved
