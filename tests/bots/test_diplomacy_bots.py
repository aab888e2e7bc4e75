"""Standard-Diplomacy bots: every order legal, the same seed the same game, and the levels ranked as claimed."""

from __future__ import annotations

import random

import pytest

from umpire.bots.diplomacy import LEVELS, HeuristicBot, RandomBot, SearchBot, make_bot
from umpire.bots.registry import bot_for, family, levels, register_bots, rulesets_with_bots
from umpire.bots.standard import SimpleBot
from umpire.diplomacy.map import map_by_id
from umpire.kernel import new_game, replay
from umpire.kernel.bots import play_bot
from umpire.kernel.canonical import canonical_json
from umpire.selfplay import play_one


def test_no_self_bounce_and_no_two_units_to_one_province() -> None:
    game_map = map_by_id("standard")
    bot = HeuristicBot()
    for seed in range(5):
        game = new_game("standard", options={"end_year": 1905}, seed=seed)
        for _ in range(12):
            if game.ruleset.is_over(game.state):
                break
            if game.state["phase"].endswith("M"):
                for power in game.ruleset.seats(game.state):
                    view = game.view(power)
                    units = view["units"][power]
                    if not units:
                        continue
                    orders = bot.orders(game_map, view, power, {"units": units}, random.Random(seed))
                    targets = [o.split(" - ")[1].split("/")[0] for o in orders if " - " in o and " S " not in o]
                    holders = [o.split()[1].split("/")[0] for o in orders if o.endswith(" H") or " S " in o]
                    assert len(targets) == len(set(targets)), orders
                    assert not set(targets) & set(holders), orders
            for seat in game.ruleset.seats(game.state):
                action = play_bot(make_bot("normal"), game.view(seat), seed, seat, len(game.record["actions"]))
                if action is not None:
                    game.act(seat, action)
            if not game.ruleset.is_over(game.state) and game.view("gm")["actions"]:
                game.act("gm", {"type": "resolve"})


def test_retreats_never_disband_when_a_retreat_exists() -> None:
    game = new_game("standard", seed=1)
    view = game.view("FRANCE")
    what = {"retreats": {"A BUR": ["PAR", "MAR"], "F MAO": []}}
    orders = HeuristicBot().orders(map_by_id("standard"), view, "FRANCE", what, random.Random(1))
    assert orders[0].startswith("A BUR R ") and orders[1] == "F MAO D"
    two = {"retreats": {"A BUR": ["PAR"], "A PIC": ["PAR"]}}
    orders = HeuristicBot().orders(map_by_id("standard"), view, "FRANCE", two, random.Random(1))
    assert all(" R " in o for o in orders)


def test_builds_fill_the_allowance_with_fleets_where_fleets_are_needed() -> None:
    game = new_game("standard", seed=1)
    view = game.view("ENGLAND")
    what = {"builds": 2, "build_sites": ["LON", "EDI", "LVP"]}
    orders = HeuristicBot().orders(map_by_id("standard"), view, "ENGLAND", what, random.Random(1))
    assert len(orders) == 2 and all(o.endswith(" B") for o in orders)
    assert any(o.startswith("F ") for o in orders)  # an island power builds fleets
    assert len({o.split()[1][:3] for o in orders}) == 2


def test_same_seed_same_game_and_the_record_replays() -> None:
    # ruling K-G01: a bot draws from its own generator
    first = play_one("standard", 11, ["hard", "normal", "dumbbot", "random"], {"end_year": 1905}, index=3)
    second = play_one("standard", 11, ["hard", "normal", "dumbbot", "random"], {"end_year": 1905}, index=3)
    first.pop("seconds"), second.pop("seconds"), first.pop("think"), second.pop("think")
    assert first == second
    other = play_one("standard", 12, ["hard", "normal", "dumbbot", "random"], {"end_year": 1905}, index=3)
    other.pop("seconds"), other.pop("think")
    assert other != first


def test_fast_driver_plays_the_same_game_as_the_checked_one() -> None:
    fast = play_one("standard", 5, ["normal", "random", "hard"], {"end_year": 1907}, index=1)
    slow = play_one("standard", 5, ["normal", "random", "hard"], {"end_year": 1907}, index=1, checked=True)
    fast.pop("seconds"), slow.pop("seconds"), fast.pop("think"), slow.pop("think")
    assert fast == slow


def test_a_bot_game_record_replays_to_the_same_state() -> None:
    # ruling K-G01: replay never runs a bot again
    from umpire.selfplay import drive

    game = new_game("standard", options={"end_year": 1905}, seed=8)
    bots = {seat: make_bot("hard") for seat in game.ruleset.seats(game.state)}
    drive(game, bots, checked=False)
    assert canonical_json(replay(game.record).state) == canonical_json(game.state)


def test_levels_and_registry() -> None:
    assert levels("standard") == ("random", "easy", "dumbbot", "normal", "hard", "strong")
    assert "standard" in rulesets_with_bots()
    assert family("standard").default == "normal"
    assert isinstance(bot_for("standard", "random"), RandomBot)
    assert isinstance(bot_for("standard", "easy"), SimpleBot)
    assert isinstance(bot_for("standard"), HeuristicBot)
    assert isinstance(bot_for("standard", "hard"), SearchBot)
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        bot_for("standard", "genius")
    with pytest.raises(ValueError, match="no bots for ruleset 'chess'"):
        bot_for("chess")
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("genius")
    register_bots("toy-test", ("only",), lambda level: RandomBot())
    assert isinstance(bot_for("toy-test"), RandomBot)


def test_a_bot_with_nothing_to_do_returns_none() -> None:
    game = new_game("standard", seed=1)
    for level in LEVELS:
        assert make_bot(level).act(game.view("observer"), random.Random(0)) is None


def test_same_game_in_processes_with_different_string_hashing() -> None:
    """Set and frozenset order changes with PYTHONHASHSEED; a bot's choices must not depend on it. The strong bot
    searches within a budget of adjudications; its wall-clock deadline is lifted here so that only the seed counts."""
    import os
    import subprocess
    import sys

    code = (
        "import json; from umpire.selfplay import drive; from umpire.kernel import new_game; "
        "from umpire.bots.diplomacy import make_bot; from umpire.bots.search import StrongBot; "
        "g = new_game('standard', options={'end_year': 1902}, seed=21); "
        "levels = ['hard', 'normal', 'easy', 'random', 'dumbbot', 'strong', 'dumbbot']; "
        "bots = {s: StrongBot(budget=300, deadline=1e9) if lv == 'strong' else make_bot(lv) "
        "for s, lv in zip(g.ruleset.seats(g.state), levels)}; "
        "drive(g, bots, False); print(json.dumps(g.state, sort_keys=True))"
    )
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and '"history"' in outputs[0]
