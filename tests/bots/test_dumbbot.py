"""DumbBot as published: its power sizes, factors and values, the walk down the ranking, and its orders' shape."""

from __future__ import annotations

import random
from typing import Any

from umpire.bots.dumbbot import DumbBot, Values, power_size, walk_down
from umpire.diplomacy.map import map_by_id
from umpire.kernel import new_game

MAP = map_by_id("standard")


def position(units: dict[str, list[str]], centers: dict[str, list[str]], phase: str = "S1905M") -> dict[str, Any]:
    return {"map": "standard", "phase": phase, "units": units, "centers": centers}


def test_power_size_is_x_squared_plus_4x_plus_16() -> None:
    assert [power_size(x) for x in (0, 3, 12, 18)] == [16, 37, 208, 412]


def test_attack_values_are_the_owners_sizes_and_defence_the_largest_threat() -> None:
    view = new_game("standard", seed=1).view("FRANCE")
    values = Values(MAP, view, "FRANCE")
    assert values.attack["SPA"] == power_size(12)  # the twelve unowned centres count as one power
    assert values.attack["MUN"] == power_size(3) and values.attack["STP"] == power_size(4)
    assert values.defence == {"BRE": 0, "MAR": 0, "PAR": 0}  # no foreign unit can reach a French centre
    assert values.strength["BUR"] == 2 and values.competition["BUR"] == 1  # A PAR, A MAR against A MUN
    # Germany next to Paris, with more centres than Italy next to Marseilles: the larger threat counts.
    view = position(
        {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"], "ITALY": ["A PIE"]},
        {"FRANCE": ["PAR", "MAR"], "GERMANY": ["BER", "MUN", "KIE", "HOL"], "ITALY": ["ROM"]},
    )
    values = Values(MAP, view, "FRANCE")
    assert values.defence["PAR"] == power_size(4) and values.defence["MAR"] == power_size(4)


def test_a_centre_next_to_a_unit_is_worth_more_than_one_far_away() -> None:
    view = new_game("standard", seed=1).view("FRANCE")
    values = Values(MAP, view, "FRANCE")
    assert values.of("A", "SPA") > values.of("A", "PIC") > 0
    assert values.of("F", "MAO") > values.of("F", "BAR")  # next to Spain and Portugal, not at the Arctic rim


def test_walk_down_takes_the_next_choice_by_how_close_it_is() -> None:
    rng = random.Random(5)
    assert all(walk_down([100, 10], rng) == 0 for _ in range(200))  # far worse: (100-10)*500/100 > 100
    steps = sum(walk_down([100, 100], rng) for _ in range(2000))
    assert 850 < steps < 1150  # as good: considered half the time and then always taken
    assert walk_down([0, -5, -9], random.Random(1)) in (0, 1, 2) and walk_down([7], rng) == 0


def test_movement_orders_are_one_a_unit_never_two_moves_into_a_province_and_supports_are_own() -> None:
    bot = DumbBot()
    for seed in range(30):
        game = new_game("standard", seed=seed)
        view = game.view("AUSTRIA")
        orders = bot.orders(MAP, view, "AUSTRIA", {"units": view["units"]["AUSTRIA"]}, random.Random(seed))
        assert sorted(o[:5] for o in orders) == sorted(view["units"]["AUSTRIA"])
        moves = [o.split(" - ")[1][:3] for o in orders if " - " in o and " S " not in o]
        assert len(moves) == len(set(moves)), orders
        for order in orders:
            if " S " in order:
                supported = order.split(" S ")[1][:5]
                assert supported in view["units"]["AUSTRIA"]


def test_a_lone_hold_in_a_contested_province_is_supported() -> None:
    # Munich is threatened by two French units; Berlin's army can do nothing better than support it.
    view = position(
        {"GERMANY": ["A MUN", "A BER"], "FRANCE": ["A BUR", "A RUH"]},
        {"GERMANY": ["MUN", "BER"], "FRANCE": ["PAR", "BEL", "HOL", "BRE", "MAR"]},
        phase="F1905M",
    )
    supported = 0
    for seed in range(40):
        orders = DumbBot().orders(MAP, view, "GERMANY", {"units": ["A BER", "A MUN"]}, random.Random(seed))
        supported += "A BER S A MUN" in orders or any(o.startswith("A BER S A MUN -") for o in orders)
    assert supported >= 10


def test_retreats_builds_and_removals() -> None:
    view = new_game("standard", seed=1).view("FRANCE")
    for seed in range(20):
        rng = random.Random(seed)
        two = {"retreats": {"A BUR": ["PAR", "GAS"], "A PIC": ["PAR"], "F MAO": []}}
        orders = DumbBot().orders(MAP, {**view, "phase": "F1901R"}, "FRANCE", two, rng)
        assert "F MAO D" in orders
        dests = [o.split(" R ")[1] for o in orders if " R " in o]
        assert len(dests) == len(set(dests)) and dests
        winter = {**view, "phase": "W1901A", "units": {**view["units"], "FRANCE": ["A PIC"]}}
        builds = DumbBot().orders(MAP, winter, "FRANCE", {"builds": 2, "build_sites": ["PAR", "BRE", "MAR"]}, rng)
        assert len(builds) == 2 and len({b.split()[1][:3] for b in builds}) == 2
        removes = DumbBot().orders(MAP, winter, "FRANCE", {"disbands": 2, "units": ["A PIC", "A PAR", "F BRE"]}, rng)
        assert len(removes) == 2 and all(o.endswith(" D") for o in removes) and len(set(removes)) == 2
    none = DumbBot().orders(MAP, {**view, "phase": "W1901A"}, "FRANCE", {"builds": 1, "build_sites": []}, rng)
    assert none == ["WAIVE"]
