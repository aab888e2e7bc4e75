"""Issue 13, point 5: the Europe 1615 state schema, validated, and the derived fields recomputed, not trusted."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from umpire import adjudicate
from umpire.games.europe1615 import rules, schema
from umpire.kernel import new_game
from umpire.kernel.errors import BadGameFile


def start_state() -> dict[str, Any]:
    return new_game("europe1615", seed=3).state


def run(state: dict[str, Any], submissions: dict[str, str] | None = None) -> dict[str, Any]:
    return adjudicate({"id": "t", "variant": "europe1615", "state": state, "submissions": submissions or {}})


def summer_with_protestant_hesse() -> dict[str, Any]:
    """Summer 1615 (the status check done), HES with a Protestant majority of INFs, the Bohemian revolt in effect,
    its statuses and markers as the engine keeps them."""
    state = run(start_state())["state"]
    state["inf"]["HES"] = {"DENMARK": 3, "ENGLAND": 2}
    state["sanctions"]["active"] = {"BOHEMIAN_REVOLT": None}
    state["status"] = rules.statuses(state)
    rules.recompute_markers(state)
    assert state["markers"]["HES"]["confession"] == "protestant"
    return state


def test_stale_markers_do_not_let_austria_deploy_where_the_page_forbids() -> None:
    """Seed, "Bohemian revolt": "Austria restricted from deploying INFs to Protestant-majority states". A hand-built
    state whose HES marker still says Catholic must not let Austria deploy there: the marker is recomputed."""
    stale = summer_with_protestant_hesse()
    stale["markers"]["HES"]["confession"] = "catholic"
    answer = run(stale, {"AUSTRIA": "3: HES"})
    assert "error" not in answer, answer
    [error] = answer["line_errors"]["AUSTRIA"]
    assert "Protestant-majority" in error["message"] and error["token"] == "HES"
    assert "AUSTRIA" not in answer["state"]["inf"]["HES"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda s: s["units"]["VIE"].update(kind="X"), ["state.units.VIE.kind", "'X' is not one of ['A', 'F']"]),
        (lambda s: s.pop("owner"), ["at state:", "'owner' is a required property"]),
        (lambda s: s.update(unit={}), ["'unit' was unexpected"]),
        (lambda s: s["inf"].update(BAV={"FRANCE": -2}), ["state.inf.BAV.FRANCE", "-2 is less than the minimum of 0"]),
        (lambda s: s.update(phase="S1615X"), ["state.phase", "does not match"]),
        (lambda s: s["sanctions"].update(lists=[]), ["state.sanctions", "lists"]),
    ],
)
def test_a_state_off_the_schema_is_a_precise_error(change: Any, words: list[str]) -> None:
    state = start_state()
    change(state)
    answer = run(state)
    assert "schema" in answer["error"], answer
    for word in words:
        assert word in answer["error"], answer["error"]


def test_every_state_the_engine_writes_matches_the_schema() -> None:
    """The states of a year played through the contract (movement, winter, sanction choices) all validate."""
    state = start_state()
    schema.check_state(state)
    for _ in range(8):
        answer = run(state, {"FRANCE": "9: WUR\nPAR-CHA", "AUSTRIA": "3: BAV"})
        assert "error" not in answer, answer
        state = answer["state"]
        schema.check_state(json.loads(json.dumps(state)))
        refreshed = copy.deepcopy(state)
        schema.refresh_derived(refreshed)
        assert refreshed == state, "the engine keeps statuses and markers as refresh_derived computes them"
    assert state["year"] > 1615


def test_the_schema_is_shipped_and_well_formed() -> None:
    assert schema.SCHEMA_PATH.is_file()
    assert schema.validator().schema["properties"]["ruleset"]["const"] == "europe1615"
    with pytest.raises(BadGameFile, match=r"state\.year"):
        schema.check_state({**start_state(), "year": "1615"})
