"""The Europe 1615 ``hard`` bot plays the variant (issue 29 point 4): its actions are legal in every phase, it puts
the least that wins a state rather than one INF everywhere, it respects the sanctions in force and it does not
give again what the adjudicator refused.  Its strength is measured in benchmarks/bot_strength_1615.py."""

from __future__ import annotations

import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.bots.europe1615_hard import REVISED, HardEurope1615Bot
from umpire.bots.europe1615_influence import choose_attack, plan_deployments
from umpire.bots.europe1615_orders import choose_orders, reach, read_board
from umpire.bots.europe1615_reading import public_state, read_belief, refusals
from umpire.bots.registry import bot_for
from umpire.diplomacy.orders import format_order
from umpire.kernel.bots import play_bot
from umpire.kernel.game import new_game
from umpire.selfplay import drive

POWERS = ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")
INF_LINE = re.compile(r"^(\d+): ([A-Z]+)$")


def fresh(seed: int = 5, end_year: int = 1616) -> tuple[Any, dict[str, Any]]:
    game = new_game("europe1615", None, {"end_year": end_year}, seed)
    return game.ruleset, game.state


def submit_all(rules: Any, state: dict[str, Any], texts: dict[str, str]) -> None:
    """Every seat submits its text (nothing for a seat not named) and is ready; the phase resolves."""
    for power in POWERS:
        if not state.get("box", {}).get(power):
            continue
        rules.apply(state, power, {"type": "submit", "text": texts.get(power, "")})
        assert rules.view(state, power)["submission"]["errors"] == [] or power not in texts
        rules.apply(state, power, {"type": "ready", "ready": True})
    rules.advance(state)


def deployments(text: str) -> dict[str, int]:
    return {m.group(2): int(m.group(1)) for line in text.splitlines() if (m := INF_LINE.match(line.strip()))}


# ------------------------------------------------------------------------------------------------- legality


@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_every_hard_action_is_legal_in_every_phase_of_a_short_game(seed: int) -> None:
    """Through ``Game.act``, which refuses any illegal action, two years with ``hard`` beside ``random`` and
    ``normal`` seats (sanctions on): every action is accepted and no line of a ``hard`` submission is refused."""
    game = new_game("europe1615", None, {"end_year": 1616}, seed)
    levels = ["hard", "random", "hard", "normal", "hard"]
    seats = list(game.ruleset.seats(game.state))
    bots = {s: bot_for("europe1615", levels[(i + seed) % 5]) for i, s in enumerate(seats)}
    drive(game, bots, checked=True)
    assert game.ruleset.is_over(game.state)
    for entry in game.state["history"]:
        errors = entry["gm"].get("errors", {})
        hard = [s for i, s in enumerate(seats) if levels[(i + seed) % 5] == "hard"]
        assert not any(errors.get(s) for s in hard), (entry["phase"], errors)


# ------------------------------------------------------------------------------------------ concentrated


def test_it_puts_the_least_that_wins_a_state_not_one_inf_everywhere() -> None:
    """Spain has spread one INF over twelve states and put eight in Savoy; the others deployed a little.  France
    buys a few states, each with more than the one INF Spain holds there but not its whole budget, and every
    state it deploys to is ALIGNED with France after the phase (the others deploying nothing more)."""
    rules, state = fresh()
    spread = ["ALG", "BAV", "BRA", "CAT", "DUT", "FRA", "GEN", "HES", "LOWR", "PIA", "PRU", "RHI"]
    submit_all(
        rules,
        state,
        {
            "SPAIN": "8: SAV\n" + "\n".join(f"1: {m}" for m in spread),
            "AUSTRIA": "1: TRA\n1: MOL",
            "DENMARK": "1: SWE\n1: MEC",
            "ENGLAND": "1: SCOT\n1: IRE",
            "FRANCE": "1: SAV\n1: LOR",
        },
    )
    assert state["phase"] == "U1615M"
    view = rules.view(state, "FRANCE")
    text = HardEurope1615Bot().text(view, random.Random(3))
    bought = deployments(text)
    assert 2 <= len(bought) <= len(view["orderable"]["deployable"]) // 3
    assert sum(bought.values()) <= view["inf_left"]
    assert max(bought.values()) < sum(bought.values())  # not everything in one state
    for m, n in bought.items():
        if m in spread:
            assert 2 <= n <= 5, (m, n)
    submit_all(rules, state, {"FRANCE": "\n".join(f"{n}: {m}" for m, n in bought.items())})
    for m in bought:
        assert state["status"][m] == {"kind": "ALIGNED", "power": "FRANCE"}, (m, state["inf"][m])


def test_in_the_first_phase_it_concentrates() -> None:
    """With nothing deployed yet every power stakes a few states with several INFs each, keeping part of its
    INFs for the later phases of the year."""
    rules, state = fresh(seed=8)
    for power in POWERS:
        view = rules.view(state, power)
        bought = deployments(HardEurope1615Bot().text(view, random.Random(power)))
        assert 1 <= len(bought) <= 6, (power, bought)
        assert sum(bought.values()) < view["inf_left"]
        assert sum(n >= 2 for n in bought.values()) >= len(bought) / 2, (power, bought)


# ---------------------------------------------------------------------------------------------- sanctions


def with_sanction(sid: str, param: Any = None, seed: int = 5) -> tuple[Any, dict[str, Any]]:
    rules, state = fresh(seed)
    state["sanctions"]["active"][sid] = param
    return rules, state


def test_anti_hapsburg_campaign_bars_spain_and_austria_from_its_states() -> None:
    rules, state = with_sanction("ANTI_HAPSBURG")
    barred = {"DUT", "TRA", "RHI", "LOWR", "SAV"}
    for power in ("SPAIN", "AUSTRIA"):
        for seed in range(3):
            view = rules.view(state, power)
            bought = deployments(HardEurope1615Bot().text(view, random.Random(seed)))
            assert bought and not set(bought) & barred, (power, bought)


def test_treaty_of_lyon_keeps_spain_and_austria_out_of_switzerland() -> None:
    """Under the Treaty of Lyon a Spanish or Austrian move into Switzerland is void: Milan's Spanish army may not
    step there (a French army may), and neither power's submission orders a move there."""
    rules, state = with_sanction("TREATY_OF_LYON")
    state["status"]["SAV"] = {"kind": "ALIGNED", "power": "FRANCE"}  # the treaty's conditions
    state["inf"]["SAV"] = {"FRANCE": 5}
    state["units"]["SAV"] = {"nation": "FRANCE", "kind": "A", "loc": "SAV", "mark": False}
    for power, barred in (("SPAIN", True), ("FRANCE", False)):
        view = rules.view(state, power)
        board = read_board(view, public_state(view))
        here = "MIL" if power == "SPAIN" else "SAV"
        assert ("SWI" in reach(board, here)) is not barred
    plain_rules, plain = fresh()
    assert "SWI" in reach(
        read_board(plain_rules.view(plain, "SPAIN"), public_state(plain_rules.view(plain, "SPAIN"))), "MIL"
    )
    for seed in range(3):
        for power in ("SPAIN", "AUSTRIA"):
            text = HardEurope1615Bot().text(rules.view(state, power), random.Random(seed))
            assert not re.search(r" - SWI\b", text), text


def test_ottoman_neutrality_means_no_ottoman_orders() -> None:
    rules, state = with_sanction("OTTOMAN_NEUTRALITY")
    plain_rules, plain = fresh()
    for power in POWERS:
        text = HardEurope1615Bot().text(rules.view(state, power), random.Random(1))
        assert not re.search(r"^A (RUM|SER)\b", text, re.MULTILINE), text
        rules.apply(state, power, {"type": "submit", "text": text})
        assert rules.view(state, power)["submission"]["errors"] == []
    suggested = [HardEurope1615Bot().text(plain_rules.view(plain, p), random.Random(1)) for p in POWERS]
    assert any(re.search(r"^A (RUM|SER)\b", t, re.MULTILINE) for t in suggested)  # without it, it suggests


def test_protestant_immunity_stops_a_catholic_attack_on_england() -> None:
    """Spain put 6 INFs in Savoy and England 4: attacking England would leave Spain alone there with a Catholic
    marker, so Spain attacks -- unless Protestant immunity is in force, which would make the attack void."""

    def attack_of(active: dict[str, Any]) -> tuple[str, str] | None:
        rules, state = fresh()
        submit_all(rules, state, {"SPAIN": "6: SAV", "ENGLAND": "4: SAV"})
        state["sanctions"]["active"].update(active)
        view = rules.view(state, "SPAIN")
        assert view["status"]["SAV"] == {"kind": "ALIGNED", "power": "SPAIN"}
        public = public_state(view)
        return choose_attack(view, public, read_belief(view), {}, refusals(view))

    assert attack_of({}) == ("SAV", "ENGLAND")
    assert attack_of({"PROTESTANT_IMMUNITY": None}) is None


# ------------------------------------------------------------------------------------------------ refusals


def test_an_order_the_adjudicator_voided_is_not_given_again() -> None:
    """Spain moved Milan's army into Switzerland under the Treaty of Lyon (a player's order before the bot took
    the seat); the report shows it void.  The bot reads the refusal from its view and orders something else."""
    rules, state = with_sanction("TREATY_OF_LYON")
    state["status"]["SAV"] = {"kind": "ALIGNED", "power": "FRANCE"}
    state["inf"]["SAV"] = {"FRANCE": 5}
    submit_all(rules, state, {"SPAIN": "A MIL - SWI"})
    view = rules.view(state, "SPAIN")
    last = [line for line in view["history"][-1]["orders"] if line["order"] == "A MIL - SWI"]
    assert last and last[0]["result"] == "void"
    assert ("MIL", "A MIL - SWI") in refusals(view).orders
    text = HardEurope1615Bot().text(view, random.Random(0))
    assert "A MIL - SWI" not in text.splitlines()


def test_a_refused_order_makes_the_planner_choose_another() -> None:
    """Whatever the reason for a refusal, the refused text is never given again: with its first choice for a unit
    banned, the bot gives that unit another order."""
    rules, state = fresh(seed=2)
    view = rules.view(state, "FRANCE")
    public = public_state(view)
    board = read_board(view, public)
    first = choose_orders(board, random.Random(4))
    moved = sorted(p for p, o in first.items() if " - " in format_order(o))
    assert moved
    banned = {format_order(first[moved[0]])}
    again = choose_orders(read_board(view, public), random.Random(4), banned)
    assert format_order(again[moved[0]]) not in banned
    assert set(again) == set(first)


def test_refused_lines_of_its_submission_are_written_again_without_them() -> None:
    """A submission with a refused line (here an order for an English unit, added to the bot's text) is written
    again, the refused line replaced, before the bot says it is ready; the second one has no errors."""
    rules, state = fresh(seed=3)
    bot = HardEurope1615Bot()
    text = bot.text(rules.view(state, "SPAIN"), random.Random(0)) + "\nF LON - NTH"
    rules.apply(state, "SPAIN", {"type": "submit", "text": text})
    view = rules.view(state, "SPAIN")
    assert view["submission"]["errors"]
    assert refusals(view).lines == {"F LON - NTH"}
    action = bot.act(view, random.Random(1))
    assert action is not None and action["type"] == "submit"
    assert REVISED in action["text"] and "F LON - NTH" not in action["text"]
    rules.apply(state, "SPAIN", action)
    view = rules.view(state, "SPAIN")
    assert view["submission"]["errors"] == []
    assert bot.act(view, random.Random(2)) == {"type": "ready", "ready": True}


def test_the_year_plan_spends_everything_by_the_fall() -> None:
    """Unused INFs are lost at the year's end: in the Fall the bot deploys all it has left."""
    rules, state = fresh(seed=4)
    submit_all(rules, state, {})
    submit_all(rules, state, {})
    assert state["phase"] == "F1615M"
    view = rules.view(state, "ENGLAND")
    plan = plan_deployments(view, public_state(view), read_belief(view), random.Random(0))
    assert sum(plan.values()) == view["inf_left"] == 17


def test_it_orders_the_units_of_its_minor_states() -> None:
    """France aligned with Savoy orders Savoy's army, and the units of the states its INFs align this phase;
    the report shows those states following France's orders."""
    rules, state = fresh(seed=6)
    submit_all(rules, state, {"FRANCE": "5: SAV"})
    view = rules.view(state, "FRANCE")
    assert "A SAV" in view["orderable"]["units"]
    text = HardEurope1615Bot().text(view, random.Random(0))
    assert re.search(r"^A SAV ", text, re.MULTILINE), text
    bought = [m for m in deployments(text) if m != "SAV"]
    where = {p: u["nation"] for p, u in state["units"].items() if u["nation"] in bought}
    submit_all(rules, state, {"FRANCE": text})
    report = state["history"][-1]["public"]["minor_orders"]
    assert report["SAV"] == "SAV follows FRANCE's order"
    gained = {p: m for p, m in where.items() if state["status"][m]["power"] == "FRANCE"}
    assert gained
    assert all(report[p] == f"{m} follows FRANCE's order" for p, m in gained.items())


def test_its_choices_are_the_same_for_a_seed_and_differ_between_seeds() -> None:
    """It draws only from the generator ``play_bot`` gives it for the game seed, seat and step: the same seed
    gives the same submission, another seed (the same opening position) another one -- so games of different
    seeds differ (all-``normal`` games mostly ended with the same scores: that level draws nothing)."""
    rules, state = fresh(seed=1)
    view = rules.view(state, "FRANCE")

    def text(seed: int) -> str:
        action = play_bot(HardEurope1615Bot(), view, seed, "FRANCE", 0)
        assert action is not None
        return str(action["text"])

    texts = {seed: text(seed) for seed in (1, 2, 3)}
    assert text(1) == texts[1]
    assert len(set(texts.values())) > 1
