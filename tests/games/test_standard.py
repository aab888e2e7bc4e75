"""Standard Diplomacy on the kernel: sealed orders, precise errors, resolution, views, replay (Hypothesis)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.bots.standard import SimpleBot
from umpire.kernel import GM, OBSERVER, IllegalAction, new_game, replay
from umpire.kernel.bots import run_bots
from umpire.kernel.canonical import canonical_json


def test_opening_state_and_seats() -> None:
    game = new_game("standard", seed=1)
    assert game.state["phase"] == "S1901M"
    assert game.ruleset.seats(game.state) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    assert sorted(game.state["units"]["FRANCE"]) == ["A MAR", "A PAR", "F BRE"]
    assert sum(len(u) for u in game.state["units"].values()) == 22


def test_orders_are_sealed_until_resolution() -> None:
    game = new_game("standard", seed=1)
    game.act("FRANCE", {"type": "orders", "orders": ["a par-bur", "A MAR S A PAR - BUR"]})
    assert game.view("FRANCE")["orders"] == {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"]}
    for role in ("GERMANY", OBSERVER):
        assert "PAR - BUR" not in json.dumps(game.view(role))
    assert "PAR - BUR" in json.dumps(game.view(GM))
    game.act(GM, {"type": "resolve"})
    assert "A BUR" in game.state["units"]["FRANCE"]
    results = {r["order"]: r["result"] for r in game.state["history"][0]["results"]["FRANCE"]}
    assert results["A PAR - BUR"] == "succeeds" and results["A MAR S A PAR - BUR"] == "succeeds"


def test_bad_orders_get_precise_errors_and_lose_nothing() -> None:
    game = new_game("standard", seed=1)
    game.act("FRANCE", {"type": "orders", "orders": ["A PAR - BUR"]})
    before = canonical_json(game.state)
    with pytest.raises(IllegalAction, match=r"FRANCE order 2 'A MUN - RUH': FRANCE has no unit in MUN"):
        game.act("FRANCE", {"type": "orders", "orders": ["A PAR - PIC", "A MUN - RUH"]})
    with pytest.raises(IllegalAction, match=r"FRANCE order 1 'A PAR JUMPS BUR'"):
        game.act("FRANCE", {"type": "orders", "orders": ["A PAR JUMPS BUR"]})
    with pytest.raises(IllegalAction, match="only the GM"):
        game.act("FRANCE", {"type": "resolve"})
    with pytest.raises(IllegalAction, match="may order FRANCE"):
        game.act("FRANCE", {"type": "orders", "power": "GERMANY", "orders": []})
    assert canonical_json(game.state) == before


def test_phase_resolves_when_every_seat_is_ready() -> None:
    game = new_game("standard", seed=1)
    for seat in game.ruleset.seats(game.state):
        assert game.state["phase"] == "S1901M"
        game.act(seat, {"type": "ready"})
    assert game.state["phase"] == "F1901M" and len(game.state["history"]) == 1


def test_bots_play_a_whole_game_that_replays_exactly() -> None:
    game = new_game("standard", options={"end_year": 1905}, seed=5)
    run_bots(game, {seat: SimpleBot("greedy") for seat in game.ruleset.seats(game.state)})
    assert game.state["over"]
    assert {e["phase"][-1] for e in game.state["history"]} >= {"M", "A"}
    assert canonical_json(replay(json.loads(json.dumps(game.record))).state) == canonical_json(game.state)


ACTIONS = st.sampled_from(["bot", "bot", "bot", "junk", "ready", "unready", "resolve"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.lists(st.tuples(ACTIONS, st.integers(0, 6)), max_size=60))
def test_replay_of_any_action_sequence_equals_the_state(seed: int, steps: list[tuple[str, int]]) -> None:
    """Property (issue 2, point 6): replaying the log reproduces the state byte for byte."""
    game = new_game("standard", seed=seed)
    seats = game.ruleset.seats(game.state)
    bot = SimpleBot("random")
    for i, (kind, who) in enumerate(steps):
        seat = seats[who]
        try:
            if kind == "bot":
                action = bot.act(game.view(seat), random.Random(seed + i))
                if action is not None:
                    game.act(seat, action)
            elif kind == "junk":
                game.act(seat, {"type": "orders", "orders": ["A XYZ - PAR"]})
            elif kind in ("ready", "unready"):
                game.act(seat, {"type": "ready", "ready": kind == "ready"})
            else:
                game.act(GM, {"type": "resolve"})
        except IllegalAction:
            pass
    assert canonical_json(replay(json.loads(json.dumps(game.record))).state) == canonical_json(game.state)
