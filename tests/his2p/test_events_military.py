"""Military events without battles: Foreign Recruits (76), Ransom (91), Unpaid Mercenaries (106), Unsanitary Camp
(107)."""

from __future__ import annotations

import pytest

from tests.his2p.test_events_mandatory import decision, impulse_with, play_event
from umpire.games.his2p import board as b
from umpire.games.his2p.events import events_military
from umpire.games.his2p.mapdata import load_map
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction


def test_106_unpaid_mercenaries_removes_one_powers_mercenaries_in_one_space() -> None:
    # ruling HIS-V15
    game = impulse_with("papacy", 106)
    state = game.state
    b.add_units(state, "leipzig", "protestant", "mercenary", 3)
    b.add_units(state, "leipzig", "protestant", "regular", 1)
    b.add_units(state, "florence", "papacy", "mercenary", 1)
    play_event(game, "papacy", 106)
    actions = game.view("papacy")["actions"]
    assert {"type": "unpaid", "space": "leipzig", "power": "protestant"} in actions
    game.act("papacy", {"type": "unpaid", "space": "leipzig", "power": "protestant"})
    assert b.units_of(game.state, "leipzig", "protestant")["mercenary"] == 0
    assert b.units_of(game.state, "leipzig", "protestant")["regular"] == 1
    assert b.units_of(game.state, "florence", "papacy")["mercenary"] == 1


def test_106_unpaid_mercenaries_needs_mercenaries_on_the_map() -> None:
    game = impulse_with("papacy", 106)
    assert {"type": "play", "card": 106, "as": "event"} not in game.view("papacy")["actions"]
    with pytest.raises(IllegalAction, match="no mercenaries are on the map"):
        play_event(game, "papacy", 106)


def test_107_camp_loss_is_a_third_rounded_up() -> None:
    assert [events_military.camp_loss(n) for n in (1, 2, 3, 4, 6, 7)] == [1, 1, 1, 2, 2, 3]


def test_107_unsanitary_camp_owner_chooses_a_third_half_of_them_regulars() -> None:
    # rulings HIS-V14, HIS-V15
    game = impulse_with("protestant", 107)
    state = game.state
    b.add_units(state, "siena", "papacy", "regular", 2)
    b.add_units(state, "siena", "papacy", "mercenary", 3)
    play_event(game, "protestant", 107)
    game.act("protestant", {"type": "stricken", "space": "siena", "power": "papacy"})
    # 5 units: 2 lost, at least 1 of them a regular; the Papacy (the owner) chooses.
    assert decision(game, "papacy")["kind"] == "camp_losses"
    choices = [a["units"] for a in game.view("papacy")["actions"]]
    assert sorted(choices, key=str) == sorted(
        [{"papacy/regular": 2}, {"papacy/regular": 1, "papacy/mercenary": 1}], key=str
    )
    assert game.view("protestant")["actions"] == []
    game.act("papacy", {"type": "lose", "units": {"papacy/regular": 1, "papacy/mercenary": 1}})
    assert b.units_of(game.state, "siena", "papacy")["regular"] == 1
    assert b.units_of(game.state, "siena", "papacy")["mercenary"] == 2


def test_107_unsanitary_camp_only_mercenaries_need_no_regular() -> None:
    game = impulse_with("papacy", 107)
    b.add_units(game.state, "leipzig", "protestant", "mercenary", 4)
    assert events_military.camp_choices(game.state, "leipzig", "protestant") == [{"protestant/mercenary": 2}]


def test_91_ransom_frees_a_captured_leader_to_a_home_fortress_the_owner_picks() -> None:
    # ruling HIS-V14
    game = impulse_with("papacy", 91)
    state = game.state
    state["captured"] = {"philip_of_hesse": "hapsburg"}
    state["spaces"]["wittenberg"]["control"] = "protestant"
    play_event(game, "papacy", 91)
    game.act("papacy", {"type": "ransom", "leader": "philip_of_hesse"})
    assert decision(game, "protestant")["kind"] == "ransom_home"
    homes = [a["space"] for a in game.view("protestant")["actions"]]
    assert "wittenberg" in homes
    assert all(game.state["spaces"][s]["control"] == "protestant" for s in homes)
    game.act("protestant", {"type": "place", "space": "wittenberg"})
    assert game.state["leaders"]["philip_of_hesse"] == "wittenberg"
    assert "captured" not in game.state


def test_91_ransom_needs_a_captured_leader() -> None:
    game = impulse_with("papacy", 91)
    with pytest.raises(IllegalAction, match="no captured leader"):
        play_event(game, "papacy", 91)


def test_76_foreign_recruits_builds_four_cp_anywhere_the_papacy_controls() -> None:
    # ruling HIS-V15
    game = impulse_with("papacy", 76)
    state = game.state
    state["spaces"]["florence"]["control"] = "papacy"
    play_event(game, "papacy", 76)
    actions = game.view("papacy")["actions"]
    assert {"type": "raise_regular", "space": "florence"} in actions  # not a Papal home space
    assert all(game.state["spaces"][a["space"]]["control"] == "papacy" for a in actions if "space" in a)
    game.act("papacy", {"type": "raise_regular", "space": "florence"})
    game.act("papacy", {"type": "buy_mercenary", "space": "florence"})
    game.act("papacy", {"type": "buy_mercenary", "space": "florence"})
    assert b.units_of(game.state, "florence", "papacy")["regular"] == 1
    assert b.units_of(game.state, "florence", "papacy")["mercenary"] == 2
    assert decision(game, "papacy")["kind"] != "recruits"  # 4 CP spent


def test_76_foreign_recruits_not_in_a_besieged_space() -> None:
    game = impulse_with("papacy", 76)
    state = game.state
    state["sieges"] = {"ravenna": {"besieger": "hapsburg", "impulse": 0}}
    spaces = events_military.recruit_spaces(state, load_map(), "papacy")
    assert "rome" in spaces and "ravenna" not in spaces


def test_76_foreign_recruits_the_protestant_needs_the_league() -> None:
    game = impulse_with("protestant", 76)
    with pytest.raises(IllegalAction, match="Schmalkaldic League"):
        play_event(game, "protestant", 76)


def test_71_city_state_rebels_targets_captured_keys_and_after_the_league_hapsburg_electorates() -> None:
    # ruling HIS-V16
    game = impulse_with("protestant", 71)
    state = game.state
    targets = events_military.rebel_targets(state, load_map())
    assert "milan" in targets  # independent key held by France
    assert "naples" not in targets and "rome" not in targets and "mainz" not in targets
    state["events"]["schmalkaldic_league"] = True
    assert "mainz" in events_military.rebel_targets(state, load_map())


@pytest.mark.parametrize(("faces", "rises"), [([5, 1, 1, 1, 1], True), ([1, 2, 3, 4, 4], False)])
def test_71_city_state_rebels_hits_cost_units_and_an_emptied_key_rises(
    monkeypatch: pytest.MonkeyPatch, faces: list[int], rises: bool
) -> None:
    monkeypatch.setattr(rng, "roll_many", lambda state, purpose, count, sides=6, **kw: list(faces))
    game = impulse_with("papacy", 71)
    state = game.state
    state["spaces"]["ravenna"]["control"] = "hapsburg"
    state["units"].pop("ravenna", None)
    b.add_units(state, "ravenna", "hapsburg", "regular", 1)
    state["leaders"]["charles_v"] = "ravenna"
    play_event(game, "papacy", 71)
    assert {"type": "rebels", "space": "ravenna"} in game.view("papacy")["actions"]
    game.act("papacy", {"type": "rebels", "space": "ravenna"})
    if rises:
        assert game.view("gm")["decision"]["kind"] == "rebel_losses"
        game.act(game.view("gm")["acting"][0], {"type": "lose", "units": {"hapsburg/regular": 1}})
        assert game.state["spaces"]["ravenna"]["control"] == "papacy"
        assert b.units_of(game.state, "ravenna", "papacy")["regular"] == 1
        assert game.state["captured"]["charles_v"] == "papacy"
    else:
        assert game.state["spaces"]["ravenna"]["control"] == "hapsburg"
        assert game.state["leaders"]["charles_v"] == "ravenna"


def test_71_rebels_after_an_emptied_independent_key_turns_independent() -> None:
    game = impulse_with("papacy", 71)
    state = game.state
    state["units"].pop("milan", None)
    events_military._rebels_after(state, load_map(), "milan", "france", "papacy")
    assert state["spaces"]["milan"]["control"] == "independent"
    assert b.units_of(state, "milan", "independent")["regular"] == 1


def test_71_loss_choices_cap_at_the_units_there() -> None:
    assert events_military.loss_choices({"a/regular": 1, "a/squadron": 1}, 5) == [{"a/regular": 1, "a/squadron": 1}]
    assert events_military.loss_choices({"a/regular": 2}, 1) == [{"a/regular": 1}]
