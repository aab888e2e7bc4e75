"""The Europe 1615 bots: legal in every phase, deterministic for a seed, and ``normal`` beats ``random``."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.bots.europe1615 import LEVELS, make_bot
from umpire.bots.registry import bot_for, levels
from umpire.kernel.bots import play_bot
from umpire.kernel.game import new_game
from umpire.selfplay import play_one


def drive(seed: int, by_seat: dict[str, str] | str, end_year: int = 1620) -> tuple[dict[str, Any], list[str]]:
    """Play a game; its final state and every line error any bot's submission drew."""
    game = new_game("europe1615", None, {"end_year": end_year}, seed)
    rules, state = game.ruleset, game.state
    seats = list(rules.seats(state))
    chosen = {s: by_seat for s in seats} if isinstance(by_seat, str) else by_seat
    bots = {s: make_bot(chosen[s]) for s in seats}
    errors: list[str] = []
    count = 0
    while not rules.is_over(state) and count < 5000:
        acted = False
        for seat in seats:
            action = play_bot(bots[seat], rules.view(state, seat), seed, seat, count)
            if action is None:
                continue
            acted = True
            count += 1
            rules.apply(state, seat, action)
            if action["type"] == "submit":
                sub = rules.view(state, seat).get("submission") or {}
                errors += [f"{state['phase']} {seat} {chosen[seat]}: {e}" for e in sub.get("errors", [])]
            rules.advance(state)
        if not acted:
            rules.apply(state, "gm", {"type": "resolve"})
            rules.advance(state)
            count += 1
    return state, errors


def test_levels_are_registered_weakest_first() -> None:
    assert LEVELS == ("random", "normal", "hard")
    assert levels("europe1615") == LEVELS
    assert type(bot_for("europe1615")).__name__ == "HardEurope1615Bot"
    assert type(bot_for("europe1615", "normal")).__name__ == "NormalEurope1615Bot"
    with pytest.raises(ValueError):
        make_bot("grandmaster")


@pytest.mark.parametrize("seed", range(6))
def test_every_line_the_normal_bot_writes_is_accepted(seed: int) -> None:
    seats = ["AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN"]
    mixed = {s: ("normal" if (i + seed) % 2 else "random") for i, s in enumerate(seats)}
    for by_seat in ("normal", mixed):
        state, errors = drive(seed, by_seat, end_year=1625)
        assert errors == []
        assert state["history"]


def test_the_normal_bot_is_deterministic_for_a_seed() -> None:
    first = play_one("europe1615", 11, ["normal", "random"], {"end_year": 1620})
    second = play_one("europe1615", 11, ["normal", "random"], {"end_year": 1620})
    for key in ("rounds_won", "centres", "phases", "actions", "winners"):
        assert first[key] == second[key]


def test_one_normal_power_beats_four_random_ones() -> None:
    powers = ["AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN"]
    best = 0
    for seed in range(2):
        for k, power in enumerate(powers):
            state, errors = drive(100 + seed, {p: "normal" if i == k else "random" for i, p in enumerate(powers)})
            assert errors == []
            rounds = state["rounds_won"]
            best += rounds[power] == max(rounds.values())
    assert best >= 9


def test_a_full_game_of_normal_bots_ends() -> None:
    """Speed is measured in benchmarks/selfplay_speed.py, not here; this checks the game runs to its end."""
    result = play_one("europe1615", 3, ["normal"], {"end_year": 1620})
    assert "error" not in result and result["over"]
