"""The strong level: its adjudicator adapter, what its search finds in small positions, its budget and deadline."""

from __future__ import annotations

import random
from typing import Any

from umpire.bots.search import Adjudicator, Search, StrongBot, tidy
from umpire.diplomacy.map import map_by_id

MAP = map_by_id("standard")


def position(units: dict[str, list[str]], centers: dict[str, list[str]], phase: str = "F1905M") -> dict[str, Any]:
    return {"map": "standard", "phase": phase, "units": units, "centers": centers}


def test_the_adapter_gives_the_units_after_the_phase_and_the_dislodged() -> None:
    view = position(
        {"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A MUN", "A RUH"]}, {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}
    )
    done = Adjudicator(view).resolve(
        {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"], "FRANCE": ["A BUR H", "A PAR H"]}
    )
    assert sorted(done.units["GERMANY"]) == ["A BUR", "A RUH"] and list(done.units["FRANCE"]) == ["A PAR"]
    assert sorted(done.dislodged["FRANCE"]["A BUR"]) == ["BEL", "GAS", "MAR", "PIC"]


def test_it_takes_a_held_centre_with_support_rather_than_bouncing() -> None:
    # Belgium is German and held; a lone French attack bounces, a supported one dislodges.
    view = position(
        {"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A BEL", "A KIE"]},
        {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["BEL", "KIE", "BER", "HOL", "MUN"]},
    )
    orders = StrongBot(samples=6, budget=600).orders(
        MAP, view, "FRANCE", {"units": ["A BUR", "A PIC"]}, random.Random(3)
    )
    moves = [o for o in orders if o.endswith("- BEL") and " S " not in o]
    assert len(moves) == 1, orders
    mover = moves[0].split(" - ")[0]
    assert any(o.endswith(f"S {mover} - BEL") for o in orders), orders


def test_against_an_attack_it_expects_it_keeps_its_home_centre() -> None:
    # The others' orders are the search's model of them: told that the French army attacks Munich, Germany must
    # keep Munich (a unit stays, or one moves in and bounces the French).
    view = position(
        {"GERMANY": ["A MUN", "A BER"], "FRANCE": ["A BUR"]},
        {"GERMANY": ["MUN", "KIE", "BER"], "FRANCE": ["PAR", "BEL", "HOL", "BRE", "MAR"]},
    )
    search = Search(StrongBot(samples=1, budget=800), MAP, view, "GERMANY", random.Random(1))
    search.use_models([{"FRANCE": ["A BUR - MUN"]}])
    orders = search.run()
    done = Adjudicator(view).resolve({"GERMANY": orders, "FRANCE": ["A BUR - MUN"]})
    assert "A MUN" not in done.units["FRANCE"], orders


def test_the_same_seed_gives_the_same_orders_and_every_support_is_of_a_real_order() -> None:
    from umpire.kernel import new_game

    view = new_game("standard", seed=2).view("ITALY")
    what = {"units": view["units"]["ITALY"]}
    first = StrongBot(budget=400).orders(MAP, view, "ITALY", what, random.Random(9))
    second = StrongBot(budget=400).orders(MAP, view, "ITALY", what, random.Random(9))
    assert first == second and len(first) == 3
    assert tidy({"A VEN": "A VEN S A ROM - APU", "A ROM": "A ROM H"}) == {"A VEN": "A VEN H", "A ROM": "A ROM H"}
    assert tidy({"A VEN": "A VEN S A ROM", "A ROM": "A ROM - APU"})["A VEN"] == "A VEN H"
    kept = {"A VEN": "A VEN S A ROM - APU", "A ROM": "A ROM - APU"}
    assert tidy(kept) == kept


def test_the_deadline_stops_the_search_however_much_budget_is_left() -> None:
    from umpire.kernel import new_game

    view = new_game("standard", seed=2).view("RUSSIA")
    unbounded = Search(StrongBot(budget=10**9, deadline=10**9), MAP, view, "RUSSIA", random.Random(1))
    unbounded.run()
    ticks = iter(range(10**6))

    def clock() -> float:
        return next(ticks) * 0.01  # each look at the clock is 10 ms later

    search = Search(StrongBot(budget=10**9, deadline=0.05, clock=clock), MAP, view, "RUSSIA", random.Random(1))
    assert len(search.run()) == 4
    assert search.out_of_time() and 0 < search.spent < unbounded.spent
