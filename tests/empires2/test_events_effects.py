"""Every Event Card's effect (rewrite 19.0, seed 33.24 A, 33.42; authored cards EMP-V01 to V05), one test per card
named by it, for players, Allied and Independent Empires; the effect data checked with named faults."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from tests.empires2.helpers import cards, scenario_state
from umpire.bots.empires2 import NormalBot
from umpire.games.empires2 import board, event_effects, independent, rules
from umpire.games.empires2.events import parse_event_cards
from umpire.games.empires2.tables import DATA_DIR, TableFault
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]


def raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA_DIR / "event_cards.json").read_text(encoding="utf-8"))
    return copy.deepcopy(data)


@pytest.fixture
def state() -> State:
    return scenario_state("millennium", 7, year_cards=cards(5), quiet_deck=True)


def independent_draws(state: State, eid: str, card: str) -> None:
    state["event_deck"] = [card, *state["event_deck"]]
    independent.case_33_24a_event_card(state, eid)


def player_draws(state: State, eid: str, card: str) -> None:
    """A player's (or an Allied Empire's) player-turn begins with ``card`` on top of the deck."""
    state.update(phase="turn", order=[eid], turn_index=0, over=False)
    state["event_deck"] = [card, *state["event_deck"]]
    rules._start_player_turn(state, eid)


def purposes(state: State) -> list[str]:
    return [r["purpose"] for r in state["rolls"]]


def unrest(state: State, eid: str) -> set[str]:
    return {aid for aid in board.areas_of(state, eid) if state["areas"][aid]["unrest"]}


def test_19_0_enlargement_of_kings_personal_demesne_adds_a_gold_at_each_taxation(state: State) -> None:
    independent_draws(state, "france", "enlargement_of_kings_personal_demesne")
    assert state["empires"]["france"]["in_play"] == ["enlargement_of_kings_personal_demesne"]
    plan = independent.tax_plan(state, "france")
    before = state["empires"]["france"]["gold"]
    assert independent.case_33_24b_taxation(state, "france")
    assert state["empires"]["france"]["gold"] == before + sum(plan.values()) + 1


def test_19_0_missionary_fervor_kept_by_a_player_and_put_back_by_an_independent(state: State) -> None:
    player_draws(state, "germany", "missionary_fervor")
    assert state["empires"]["germany"]["in_play"] == ["missionary_fervor"]  # kept indefinitely; no conversion yet
    independent_draws(state, "france", "missionary_fervor")
    assert "missionary_fervor" in state["event_deck"] and not state["empires"]["france"]["in_play"]


@pytest.mark.parametrize("card", ["technological_weapons", "tactical_systems_advance"])
def test_19_0_technological_weapons_and_tactical_systems_advance_add_three_to_conquest(state: State, card: str) -> None:
    before = independent.basic_er(state, "france", "conquest", "brittany")
    independent_draws(state, "france", card)
    assert independent.basic_er(state, "france", "conquest", "brittany") == before + 3
    other = "tactical_systems_advance" if card == "technological_weapons" else "technological_weapons"
    independent_draws(state, "france", other)
    assert independent.basic_er(state, "france", "conquest", "brittany") == before + 6  # both: +6


def test_19_1_leader_dies_heirless_puts_the_foreign_areas_in_unrest_and_checks_them(state: State) -> None:
    state["areas"]["lorraine"]["ties"] = {"germany": 1}
    player_draws(state, "germany", "leader_dies_heirless")
    foreign = {"brandenburg", "friesland", "lombardy", "lorraine", "tuscany"}
    owned_still = set(board.areas_of(state, "germany"))
    assert unrest(state, "germany") == foreign & owned_still  # a rebel area is lost, not in unrest
    assert sum(p.startswith("rebellion check in") for p in purposes(state)) == len(foreign)
    assert state["areas"]["lorraine"]["ties"] == {}  # 33.48: every tie lost
    assert not {"saxony", "bavaria", "swabia"} & unrest(state, "germany")
    assert state["event_discard"][-1] == "leader_dies_heirless"


def test_33_42_diplomatic_coup_is_held_and_played_by_its_own_action(state: State) -> None:
    player_draws(state, "germany", "diplomatic_coup")
    assert state["empires"]["germany"]["held"] == ["diplomatic_coup"]
    assert not event_effects.play_actions(state, "germany", "germany")
    with pytest.raises(ValueError, match=r'"type": "coup"'):
        event_effects.play(state, "germany", "germany", "diplomatic_coup", "france")
    independent_draws(state, "france", "diplomatic_coup")
    assert state["empires"]["france"]["held"] == ["diplomatic_coup"]  # never played by an Independent


def test_emp_v03_plague_strikes_two_areas_by_die(state: State) -> None:
    before = {aid: state["areas"][aid]["social_state"] for aid in board.areas_of(state, "france")}
    independent_draws(state, "france", "plague")
    after = {aid: state["areas"][aid]["social_state"] for aid in before}
    assert sorted(before[a] - after[a] for a in before) == [0, 0, 0, 0, 1, 1]
    assert purposes(state).count("France: Plague, which area") == 2
    assert sum("Event Card Plague:" in line and "loses 1 social state level" in line for line in state["log"]) == 2


def test_emp_v03_famine_strikes_one_area_and_puts_it_in_unrest(state: State) -> None:
    before = {aid: state["areas"][aid]["social_state"] for aid in board.areas_of(state, "germany")}
    player_draws(state, "germany", "famine")
    struck = [a for a in before if state["areas"][a]["social_state"] == before[a] - 1]
    assert len(struck) == 1 and unrest(state, "germany") == set(struck)


def test_emp_v03_bountiful_harvest_a_gold_an_area_at_most_five(state: State) -> None:
    france, burgundy = state["empires"]["france"]["gold"], state["empires"]["burgundy"]["gold"]
    independent_draws(state, "france", "bountiful_harvest")  # six areas
    independent_draws(state, "burgundy", "bountiful_harvest")  # two areas
    assert state["empires"]["france"]["gold"] == france + 5
    assert state["empires"]["burgundy"]["gold"] == burgundy + 2


def test_emp_v03_peasant_revolt_two_areas_besides_the_court_in_unrest(state: State) -> None:
    independent_draws(state, "france", "peasant_revolt")
    struck = unrest(state, "france")
    assert len(struck) == 2 and "ile_de_france" not in struck


def test_emp_v03_baronial_revolt_one_area_in_unrest_and_checked(state: State) -> None:
    independent_draws(state, "france", "baronial_revolt")
    checks = [p for p in purposes(state) if p.startswith("rebellion check in")]
    assert len(checks) == 1
    aid = checks[0].split()[3]
    assert aid != "ile_de_france"
    assert state["areas"][aid]["unrest"] or state["areas"][aid]["owner"] is None  # in unrest, or rebelled
    assert any("Baronial Revolt: rebellion check in" in line for line in state["log"])


def test_emp_v03_heresy_areas_of_another_religion_in_unrest(state: State) -> None:
    independent_draws(state, "poland", "heresy")
    assert unrest(state, "poland") == {"pomerania"}  # pagan under a Catholic Court
    independent_draws(state, "denmark", "heresy")
    assert not unrest(state, "denmark")
    assert "Independent Denmark: Event Card Heresy: no area it could strike" in state["log"]


def test_emp_v03_papal_interdict_strikes_only_a_catholic_empire(state: State) -> None:
    state["empires"]["france"]["gold"] = 2
    independent_draws(state, "france", "papal_interdict")
    assert state["empires"]["france"]["gold"] == 0  # three lost, never below none
    assert unrest(state, "france") == {"ile_de_france"}
    gold = state["empires"]["byzantine"]["gold"]
    player_draws(state, "byzantine", "papal_interdict")
    assert state["empires"]["byzantine"]["gold"] == gold and not unrest(state, "byzantine")
    assert any("no effect on a orthodox empire" in line for line in state["log"])


def test_emp_v03_trade_fair_three_gold(state: State) -> None:
    gold = state["empires"]["germany"]["gold"]
    player_draws(state, "germany", "trade_fair")
    assert state["empires"]["germany"]["gold"] == gold + 3
    assert state["event_discard"] == ["trade_fair"]


def test_emp_v04_royal_marriage_gives_ties_against_a_court_and_may_ally(state: State) -> None:
    # ruling EMP-A01
    player_draws(state, "germany", "royal_marriage")
    plays = event_effects.play_actions(state, "germany", "germany")
    assert {a["target"] for a in plays} == {"france", "burgundy", "denmark", "poland", "kiev"}
    need = rules.ties_required(state, "burgundy")
    state["empires"]["burgundy"]["court_ties"] = {"germany": need - 2}
    event_effects.play(state, "germany", "germany", "royal_marriage", "burgundy")
    assert state["empires"]["burgundy"]["ally_of"] == "germany"  # enough ties ally it (33.41)
    assert state["empires"]["germany"]["held"] == [] and state["event_discard"][-1] == "royal_marriage"
    independent_draws(state, "france", "royal_marriage")
    assert state["empires"]["france"]["held"] == ["royal_marriage"]  # an Independent never courts (EMP-V05)


def test_emp_v04_royal_marriage_is_not_played_by_an_allied_empire(state: State) -> None:
    state["empires"]["burgundy"].update(status="allied", ally_of="germany")
    player_draws(state, "burgundy", "royal_marriage")
    assert state["empires"]["burgundy"]["held"] == ["royal_marriage"]
    assert not event_effects.play_actions(state, "germany", "burgundy")
    with pytest.raises(ValueError, match="only a player courts, for himself"):
        event_effects.play(state, "germany", "burgundy", "royal_marriage", "france")


def test_emp_v04_assassination_a_player_replaces_a_leader_by_a_stature_check(state: State) -> None:
    player_draws(state, "germany", "assassination")
    targets = {a["target"] for a in event_effects.play_actions(state, "germany", "germany")}
    assert "byzantine" in targets and "germany" not in targets
    event_effects.play(state, "germany", "germany", "assassination", "byzantine")
    assert purposes(state) == ["stature check for byzantine (administrative, combat, diplomatic)"]
    assert state["log"][-3:-1] == [
        "Germany: Event Card Assassination: played on Byzantine Empire",
        "Germany: Event Card Assassination: Byzantine Empire's leader is replaced by a stature check",
    ]
    assert state["empires"]["germany"]["held"] == []


def test_emp_v05_assassination_an_independent_plays_it_at_once_on_the_strongest_leader(state: State) -> None:
    independent_draws(state, "kiev", "assassination")
    assert state["empires"]["kiev"]["held"] == []
    played = next(line for line in state["log"] if "Assassination: played on" in line)
    assert played.endswith(board.name(state, "byzantine"))  # 4-5-3, the highest total


def test_emp_v05_an_independent_plays_a_card_it_held_as_an_ally_at_its_next_draw(state: State) -> None:
    state["empires"]["kiev"]["held"] = ["assassination"]
    independent_draws(state, "kiev", "quiet_years")
    assert state["empires"]["kiev"]["held"] == [] and "assassination" in state["event_discard"]


def test_emp_v03_quiet_years_no_effect(state: State) -> None:
    gold = state["empires"]["france"]["gold"]
    independent_draws(state, "france", "quiet_years")
    assert state["empires"]["france"]["gold"] == gold and not unrest(state, "france")
    assert "Independent France: Event Card Quiet Years: no effect" in state["log"]


def test_play_event_through_the_ruleset_refuses_a_wrong_card_and_target(state: State) -> None:
    player_draws(state, "germany", "assassination")
    state.update(current="germany", taxed=False, endeavours=0, picking=[], contests=[])
    listed = [a for a in rules.legal_actions(state, "germany") if a["type"] == "play_event"]
    assert listed and all(a["empire"] == "germany" for a in listed)
    ruleset = rules.RULESET
    with pytest.raises(IllegalAction, match="holds no Event Card 'plague'; it holds: Assassination"):
        ruleset.apply(state, "germany", {"type": "play_event", "card": "plague", "target": "france"})
    with pytest.raises(IllegalAction, match="may not be played on 'germany'"):
        ruleset.apply(state, "germany", {"type": "play_event", "card": "assassination", "target": "germany"})


def test_the_normal_bot_plays_an_assassination_on_the_other_seat() -> None:
    view = {
        "role": "germany",
        "empires": {
            "germany": {"status": "player", "leader": {"a": 3, "b": 3, "c": 3}, "court_ties": {}, "gold": 5},
            "byzantine": {"status": "player", "leader": {"a": 1, "b": 1, "c": 1}, "court_ties": {}},
            "france": {"status": "independent", "leader": {"a": 5, "b": 5, "c": 5}, "court_ties": {}},
        },
        "actions": [
            {"type": "play_event", "card": "assassination", "target": "france", "empire": "germany"},
            {"type": "play_event", "card": "assassination", "target": "byzantine", "empire": "germany"},
            {"type": "end_turn", "empire": "germany"},
        ],
    }
    action = NormalBot().act(view, random.Random(1))
    assert action == {"type": "play_event", "card": "assassination", "target": "byzantine", "empire": "germany"}


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        (lambda c: c["effect"].append({"do": "earthquake"}), r"card plague effect\[1\]: 'do' must be one of"),
        (lambda c: c["effect"][0].update(areas=0), r"'areas' must be a whole number from 1, got 0"),
        (lambda c: c["effect"][0].update(where="abroad"), r"'where' must be one of any, not_court"),
        (lambda c: c["effect"][0].update(amount=2), r"a social_state step takes no amount"),
        (lambda c: c.update(target="empire"), r"only a holding card played and discarded has a 'target'"),
        (lambda c: c.pop("effect"), r"'effect' must be a list of steps"),
    ],
)
def test_event_effect_data_faults_are_named(change: Any, fault: str) -> None:
    data = raw()
    change(next(c for c in data["cards"] if c["id"] == "plague"))
    with pytest.raises(TableFault, match=r"event_cards\.json: .*" + fault):
        parse_event_cards(data)


def test_a_held_card_played_later_needs_a_target() -> None:
    data = raw()
    next(c for c in data["cards"] if c["id"] == "assassination").pop("target")
    with pytest.raises(TableFault, match="needs a 'target' \\(court, empire, ally_court\\)"):
        parse_event_cards(data)


def test_the_normal_bot_plays_a_royal_marriage_on_the_court_nearest_an_alliance() -> None:
    view = {
        "role": "germany",
        "empires": {
            "germany": {"status": "player", "leader": {"a": 3, "b": 3, "c": 3}, "court_ties": {}, "gold": 5},
            "france": {"status": "independent", "court_ties": {"germany": 1}, "ties_required": 10},
            "poland": {"status": "independent", "court_ties": {"germany": 4}, "ties_required": 8},
        },
        "actions": [
            {"type": "play_event", "card": "royal_marriage", "target": "france", "empire": "germany"},
            {"type": "play_event", "card": "royal_marriage", "target": "poland", "empire": "germany"},
            {"type": "end_turn", "empire": "germany"},
        ],
    }
    action = NormalBot().act(view, random.Random(1))
    assert action == {"type": "play_event", "card": "royal_marriage", "target": "poland", "empire": "germany"}
