"""Every standard-Diplomacy level's orders are legal in every phase of random games (issue 29 point 7).

A property over seeds: a game is played by random bots to a year Hypothesis draws (cheap, and it reaches crowded
positions with retreats and disbands), then the level under test takes four of the seven seats for a game year,
through :meth:`Game.act`, which refuses any order the ruleset does not accept. Every movement order of the level's
powers must then be carried out or fail on its merits (none ``void``), one to a unit, every unit ordered.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.bots.diplomacy import LEVELS, RandomBot, make_bot
from umpire.bots.search import StrongBot
from umpire.kernel import new_game
from umpire.kernel.bots import Bot, play_bot
from umpire.kernel.game import Game


def random_prefix(game: Game, year: int) -> None:
    """Random bots play ``game`` (on its state directly, as self-play does) until the phase of ``year`` begins."""
    rules, state = game.ruleset, game.state
    seed = game.record["seed"]
    bot = RandomBot()
    step = 0
    while not rules.is_over(state) and int(state["phase"][1:5]) < year:
        acted = False
        for seat in rules.seats(state):
            action = play_bot(bot, rules.view(state, seat), seed, seat, step)
            step += 1
            if action is not None:
                rules.apply(state, seat, action)
                rules.advance(state)
                acted = True
        if not acted:
            rules.apply(state, "gm", {"type": "resolve"})
            rules.advance(state)


def play_a_year_checked(game: Game, bots: dict[str, Bot]) -> list[str]:
    """Play one game year through Game.act (illegal actions raise); the phases played."""
    start = int(game.state["phase"][1:5])
    seed = game.record["seed"]
    phases = []
    while not game.ruleset.is_over(game.state) and int(game.state["phase"][1:5]) == start:
        phases.append(game.state["phase"])
        acted = False
        for seat, bot in bots.items():
            action = play_bot(bot, game.view(seat), seed, seat, len(game.record["actions"]))
            if action is not None:
                game.act(seat, action)
                acted = True
                if action["type"] == "orders":
                    units = [line.split()[1].split("/")[0] for line in action["orders"] if line != "WAIVE"]
                    assert len(units) == len(set(units)), action
        if not acted:
            game.act("gm", {"type": "resolve"})
    return phases


@pytest.mark.parametrize("level", LEVELS)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), year=st.integers(1901, 1907), seats=st.integers(0, 6))
def test_every_order_of_every_level_is_legal_in_every_phase(level: str, seed: int, year: int, seats: int) -> None:
    game = new_game("standard", options={"end_year": 1920}, seed=seed)
    random_prefix(game, year)
    names = game.ruleset.seats(game.state)
    tested = {names[(seats + k) % len(names)] for k in range(4)}
    bots: dict[str, Bot] = {s: make_bot(level) if s in tested else RandomBot() for s in names}
    for bot in bots.values():
        if isinstance(bot, StrongBot):
            bot.budget = 300  # a short search: legality, not strength
    before = len(game.state["history"])
    play_a_year_checked(game, bots)
    for entry in game.state["history"][before:]:
        if not entry["phase"].endswith("M"):
            continue
        for power, results in entry["results"].items():
            if power not in tested:
                continue
            assert all(r.get("result") != "void" for r in results), (level, power, results)
            assert len({r["order"].split()[1] for r in results}) == len(results), results


def test_the_property_reaches_retreats_and_adjustments() -> None:
    """The random prefix does bring the phases the property is about: over a few seeds, retreats, builds and
    disbands all happen in the year played."""
    kinds: set[str] = set()
    for seed in range(6):
        game = new_game("standard", options={"end_year": 1920}, seed=seed)
        random_prefix(game, 1903 + seed % 3)
        bots: dict[str, Bot] = {s: make_bot("dumbbot") for s in game.ruleset.seats(game.state)}
        before = len(game.state["history"])
        play_a_year_checked(game, bots)
        for entry in game.state["history"][before:]:
            kinds.add(entry["phase"][-1])
            if entry["phase"].endswith("A"):
                lines = [r["order"] for rs in entry["results"].values() for r in rs]
                kinds.update("B" for line in lines if line.endswith(" B"))
                kinds.update("D" for line in lines if line.endswith(" D"))
    assert {"M", "R", "A", "B", "D"} <= kinds, kinds
