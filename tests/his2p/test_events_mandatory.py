"""The mandatory events of the two-player deck (cards 10-23), played in an impulse and forced in winter."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.his2p import core, deck, engine
from umpire.games.his2p.events import events, events_mandatory
from umpire.games.his2p.mapdata import load_map
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game


def impulse_with(role: str, *cards: int, turn: int = 2) -> Game:
    """A game at ``role``'s impulse of the action phase of ``turn``, holding exactly ``cards`` (taken out of every
    other pile so each card stays in one place)."""
    game = new_game("his2p", seed=11)
    state = game.state
    for card in cards:
        for pile in (state["deck"], state["discard"], state["later"], state["by_event"], *state["hands"].values()):
            if card in pile:
                pile.remove(card)
    state["hands"][role] = sorted(cards)
    state["turn"] = turn
    state["phase"] = "action"
    state["step"] = "impulses"
    state["impulse"] = {"next": 1 if role == "papacy" else 0, "passes": 0}
    state["stack"] = [{"kind": "impulse", "role": role}]
    return game


def play_event(game: Game, role: str, card: int) -> None:
    game.act(role, {"type": "play", "card": card, "as": "event"})


def decision(game: Game, role: str) -> dict[str, Any]:
    found: dict[str, Any] = game.view(role)["decision"]
    return found


@pytest.mark.parametrize(
    ("card", "power", "ruler"),
    [
        (10, "papacy", "clement_vii"),
        (14, "papacy", "paul_iii"),
        (22, "papacy", "julius_iii"),
        (20, "france", "henry_ii"),
        (19, "england", "edward_vi"),
        (23, "england", "elizabeth_i"),
        (16, "protestant", "calvin"),
    ],
)
def test_ruler_changes_then_two_cp(card: int, power: str, ruler: str) -> None:
    """6.1 and the power cards: a ruler-change mandatory event changes the ruler, leaves the game, then gives 2 CP."""
    game = impulse_with("protestant", card)
    play_event(game, "protestant", card)
    assert game.state["rulers"][power] == ruler
    assert card in game.state["removed"] and card not in game.state["hands"]["protestant"]
    assert decision(game, "protestant") == {"kind": "cp", "cp": 2} | {
        k: v for k, v in decision(game, "protestant").items() if k not in ("kind", "cp")
    }


def test_14_paul_iii_gives_the_papacy_a_card_bonus_and_ties() -> None:
    from umpire.games.his2p.religion import religion

    game = impulse_with("papacy", 14)
    play_event(game, "papacy", 14)
    assert deck.ruler(game.state, "papacy").card_bonus == 1
    assert religion.papacy_reforming(game.state)


def test_19_edward_vi_brings_mary_i_into_the_deck_next_turn() -> None:
    """Seed 21.3: a new English ruler brings the next card into the deck at the start of the following turn."""
    game = impulse_with("papacy", 19)
    assert 21 in game.state["by_event"]
    play_event(game, "papacy", 19)
    assert 21 not in game.state["by_event"] and game.state["entering_next_turn"] == [21]
    state = game.state
    state["turn"] = 3
    deck.card_draw_phase(state, load_map())
    held = state["hands"]["papacy"] + state["hands"]["protestant"]
    assert 21 in state["deck"] or 21 in held
    assert "entering_next_turn" not in state


def test_21_mary_i_rules_and_brings_elizabeth() -> None:
    game = impulse_with("protestant", 21)
    play_event(game, "protestant", 21)
    assert game.state["rulers"]["england"] == "mary_i"
    assert game.state["entering_next_turn"] == [23]
    assert not game.state.get("blocked")


def test_11_defender_of_the_faith_gives_the_papacy_three_attempts_in_any_zone() -> None:
    """18.4 and 6.1: whoever plays it, the Papacy makes the three attempts; the player's 2 CP come after."""
    game = impulse_with("protestant", 11)
    for space in ("leipzig", "erfurt", "brandenburg"):
        game.state["spaces"][space]["protestant"] = True
    play_event(game, "protestant", 11)
    top = decision(game, "papacy")
    assert top["kind"] == "attempts" and top["left"] == 3 and top["attempt"]["zone"] == "all"
    while decision(game, "papacy")["kind"] == "attempts":
        game.act("papacy", game.view("papacy")["actions"][0])
    assert decision(game, "protestant")["kind"] == "cp"
    assert sum(1 for r in game.state["rolls"] if "counter-reformation attempt" in r["purpose"]) >= 3


def test_12_master_of_italy_counts_the_two_players_of_five_italian_keys() -> None:
    """Card #12 (HIS-V03): of Genoa, Milan, Venice, Florence, Naples, 2 draw a card, 3 give 1 VP, 4 or 5 2 VP;
    Rome and Ravenna do not count; only the two players count."""
    game = impulse_with("protestant", 12)
    play_event(game, "protestant", 12)  # the Papacy holds only Rome and Ravenna: nothing
    state = game.state
    assert state["hands"]["papacy"] == [] and state["bonus_vp"] == {"papacy": 0, "protestant": 0}
    assert 12 in state["discard"]  # Master of Italy stays in the deck (6.1)
    for space in ("florence", "naples"):
        state["spaces"][space]["control"] = "papacy"
    events.play(state, load_map(), "papacy", 12)
    assert len(state["hands"]["papacy"]) == 1 and state["bonus_vp"]["papacy"] == 0
    state["spaces"]["milan"]["control"] = "papacy"
    state["spaces"]["genoa"]["control"] = "protestant"
    state["spaces"]["venice"]["control"] = "protestant"
    events.play(state, load_map(), "papacy", 12)
    assert state["bonus_vp"] == {"papacy": 1, "protestant": 0} and len(state["hands"]["protestant"]) == 1
    state["spaces"]["genoa"]["control"] = "papacy"
    events.play(state, load_map(), "papacy", 12)
    assert state["bonus_vp"]["papacy"] == 3


def test_16_calvin_ends_luther() -> None:
    game = impulse_with("papacy", 16, turn=6)
    game.state["reformers"]["luther"] = "wittenberg"
    play_event(game, "papacy", 16)
    assert game.state["rulers"]["protestant"] == "calvin"
    assert game.state["reformers"]["luther"] is None and game.state["debaters"]["luther"] == "dead"


def protestant_spaces(game: Game, count: int) -> None:
    board = load_map()
    german = [s for s in sorted(board.by_language("german")) if not game.state["spaces"][s]["protestant"]]
    have = sum(1 for s in board.spaces if game.state["spaces"][s]["protestant"])
    for space in german[: max(0, count - have)]:
        game.state["spaces"][space]["protestant"] = True


def test_13_schmalkaldic_league_waits_for_twelve_protestant_spaces_and_turn_2() -> None:
    """21.6: not on turn 1, nor with fewer than 12 Protestant spaces; held, it does not forbid passing (HIS-V01)."""
    game = impulse_with("protestant", 13, turn=1)
    with pytest.raises(IllegalAction, match="from turn 2"):
        play_event(game, "protestant", 13)
    game = impulse_with("protestant", 13)
    with pytest.raises(IllegalAction, match="needs 12 spaces"):
        play_event(game, "protestant", 13)
    assert {"type": "pass"} in game.view("protestant")["actions"]
    game = impulse_with("papacy", 13)  # Leo X saves no card: the held League does not count
    assert game.view("papacy")["actions"] == [{"type": "pass"}]


def test_13_schmalkaldic_league_wars_alliance_control_and_leaders() -> None:
    """21.6 and seed 9: permanent wars with the Protestant, the Hapsburg-Papal alliance, Protestant home spaces of
    Protestant influence under Protestant control, John Frederick and Philip of Hesse with Protestant units."""
    # ruling HIS-V07
    game = impulse_with("protestant", 13, turn=3)
    state = game.state
    state["spaces"]["wittenberg"]["protestant"] = True
    state["units"]["wittenberg"] = {"protestant": {"regular": 2}}
    state["diplomacy"]["at_war"] = [["hapsburg", "papacy"]]
    protestant_spaces(game, 12)
    play_event(game, "protestant", 13)
    state = game.state
    assert state["events"]["schmalkaldic_league"] == 3
    assert state["diplomacy"]["at_war"] == [["hapsburg", "protestant"], ["papacy", "protestant"]]
    assert ["hapsburg", "papacy"] in state["diplomacy"]["allied"]
    board = load_map()
    for space in board.home_spaces("protestant"):
        if state["spaces"][space]["protestant"]:
            assert state["spaces"][space]["control"] == "protestant"
    assert state["leaders"]["john_frederick"] == "wittenberg"
    assert state["units"].get(state["leaders"]["philip_of_hesse"], {}).get("protestant")
    assert 13 in state["removed"]


def test_13_schmalkaldic_league_ends_a_hapsburg_siege_of_a_papal_space() -> None:
    """21.6 and seed 9: the League makes the Hapsburgs and the Papacy allies, so a Hapsburg siege of a Papal-held
    Florence ends (it used to stay recorded); the Hapsburg army stays, in a space now friendly to it."""
    game = impulse_with("protestant", 13, turn=3)
    state = game.state
    state["spaces"]["wittenberg"]["protestant"] = True
    state["units"]["wittenberg"] = {"protestant": {"regular": 2}}
    state["diplomacy"]["at_war"] = [["hapsburg", "papacy"]]
    state["spaces"]["florence"]["control"] = "papacy"
    state["units"]["florence"] = {"papacy": {"regular": 1}, "hapsburg": {"regular": 3}}
    state["sieges"] = {"florence": {"besieger": "hapsburg", "impulse": 1}}
    protestant_spaces(game, 12)
    play_event(game, "protestant", 13)
    assert "florence" not in game.state.get("sieges", {})
    assert game.state["units"]["florence"]["hapsburg"]["regular"] == 3


def test_seed_6_2_league_diplomatic_cards_join_the_turn_after() -> None:
    game = impulse_with("protestant", 13, turn=3)
    state = game.state
    state["events"]["schmalkaldic_league"] = 3
    state["turn"] = 3
    deck.diplomacy_phase(state)
    assert len(state["diplomatic_later"]) == 7
    state["turn"] = 4
    deck.diplomacy_phase(state)
    assert state["diplomatic_later"] == []
    assert set(range(213, 220)) <= set(state["diplomatic_deck"])
    everything = state["diplomatic_deck"] + [n for h in state["diplomatic_hands"].values() for n in h]
    assert set(range(213, 220)) <= set(everything)


def test_seed_6_2_the_log_says_which_diplomatic_cards_are_new_and_which_come_back() -> None:
    """Issue 28 point 12: after the League the Diplomatic Deck takes its 7 new cards and the Diplomatic discard,
    and the log tells them apart (it said "9 Diplomatic cards join" where 7 were new and 2 reshuffled)."""
    game = impulse_with("protestant", 13, turn=4)
    state = game.state
    state["events"]["schmalkaldic_league"] = 3
    played = state["diplomatic_deck"][:2]
    state["diplomatic_deck"] = state["diplomatic_deck"][2:]
    state["diplomatic_discard"] = sorted(played)
    deck.diplomacy_phase(state)
    lines = [entry["text"] for entry in game.view("observer")["log"]]
    assert (
        "7 new Diplomatic cards join the Diplomatic Deck after the Schmalkaldic League, and the 2 of the Diplomatic "
        "discard are shuffled back in with them (seed 6.2)"
    ) in lines
    assert set(played) <= set(state["diplomatic_deck"]) and state["diplomatic_discard"] == []


def test_21_6_an_electorate_the_diet_turns_catholic_keeps_its_regular_until_the_league_moves_it() -> None:
    """Issue 28 point 12, ruling HIS-V20: Luther's theses turn Brandenburg Protestant and place its regular from the
    Electorate Display (21.6); the Papacy wins the Diet of Worms and turns Brandenburg Catholic again: the regular
    stays (no rule removes it, and the Protestant may not move before the League), its display stays empty (18.3
    step 8: the regulars come the first time only); the League then sends it to the nearest Protestant electorate."""
    game = new_game("his2p", seed=1)
    while game.view("protestant")["decision"]["kind"] == "attempts":
        actions = game.view("protestant")["actions"]
        game.act("protestant", next((a for a in actions if a.get("space") == "brandenburg"), actions[0]))
    assert game.view("observer")["units"]["brandenburg"] == {"protestant": {"regular": 1}}
    for role, pick in (("papacy", max), ("protestant", min)):
        offered = [a for a in game.view(role)["actions"] if a["type"] == "diet_card"]
        game.act(role, pick(offered, key=lambda a: deck.cp_of(a["card"])))
    assert decision(game, "papacy")["kind"] == "flips"
    game.act("papacy", {"type": "flip", "space": "brandenburg"})
    view = game.view("observer")
    assert not game.state["spaces"]["brandenburg"]["protestant"]
    assert view["units"]["brandenburg"] == {"protestant": {"regular": 1}}
    assert "brandenburg" not in game.state["electorate_display"]
    state = game.state
    protestant_spaces(game, 12)
    state["spaces"]["brandenburg"]["protestant"] = False
    events_mandatory.schmalkaldic_league(state, load_map(), "protestant")
    assert "brandenburg" not in state["units"] or "protestant" not in state["units"]["brandenburg"]
    moved = [e["text"] for e in state["log"] if e["text"].startswith("Brandenburg is a Catholic electorate")]
    assert moved == [
        "Brandenburg is a Catholic electorate: 1 regular move to Wittenberg, the nearest Protestant one (21.6)"
    ]
    assert state["units"]["wittenberg"]["protestant"]["regular"] == 3


def test_15_society_of_jesus_places_two_universities_by_papal_choice() -> None:
    game = impulse_with("protestant", 15, turn=5)
    play_event(game, "protestant", 15)
    top = decision(game, "papacy")
    assert top["kind"] == "jesuit" and top["left"] == 2
    assert {"type": "jesuit_university", "space": "rome"} in game.view("papacy")["actions"]
    game.act("papacy", {"type": "jesuit_university", "space": "rome"})
    with pytest.raises(IllegalAction):
        game.act("papacy", {"type": "jesuit_university", "space": "rome"})
    game.act("papacy", {"type": "jesuit_university", "space": "vienna"})
    assert game.state["spaces"]["rome"]["jesuit"] and game.state["spaces"]["vienna"]["jesuit"]
    assert game.state["events"]["society_of_jesus"]
    assert decision(game, "protestant")["kind"] == "cp"


def test_17_council_of_trent_four_papal_two_protestant_debaters() -> None:
    """Card #17: up to 4 Papal then up to 2 Protestant uncommitted debaters, all committed, dice by total value."""
    game = impulse_with("papacy", 17, turn=6)
    play_event(game, "papacy", 17)
    assert decision(game, "papacy")["kind"] == "trent"
    for name in ("eck", "campeggio", "aleander", "tetzel"):
        game.act("papacy", {"type": "send_debater", "debater": name})
    assert decision(game, "protestant")["kind"] == "trent"
    with pytest.raises(IllegalAction):
        game.act("protestant", {"type": "send_debater", "debater": "eck"})
    game.act("protestant", {"type": "send_debater", "debater": "luther"})
    game.act("protestant", {"type": "done"})
    state = game.state
    for name in ("eck", "campeggio", "aleander", "tetzel", "luther"):
        assert state["debaters"][name] == "committed"
    rolls = {r["purpose"]: r for r in state["rolls"] if r["purpose"].startswith("Council of Trent")}
    assert set(rolls) == {"Council of Trent: papacy 8 dice", "Council of Trent: protestant 4 dice"}
    top = core.top(state)
    assert top is not None
    assert top["kind"] in ("flips", "cp")
    assert 17 in state["discard"]  # stays in the deck (6.1)


def test_19_8_winter_forces_an_unplayed_clement_vii_without_cp() -> None:
    """19.8: Clement VII not played by the winter of turn 2 happens then, is removed, and gives no CP."""
    game = new_game("his2p", seed=4)
    state = game.state
    state["turn"] = 2
    assert 10 in state["deck"] + state["hands"]["papacy"] + state["hands"]["protestant"]
    for pile in state["hands"].values():
        if 10 in pile:
            pile.remove(10)
            state["deck"].append(10)
    state["stack"] = []
    engine.winter(state, load_map())
    assert state["rulers"]["papacy"] == "clement_vii"
    assert 10 in state["removed"] and 10 not in state["deck"]
    assert state["stack"] == []
    assert any("happens now" in line["text"] for line in state["log"])


def test_19_8_winter_forces_the_league_and_society_of_jesus_asks_the_papacy() -> None:
    game = new_game("his2p", seed=4)
    state = game.state
    state["turn"] = 6
    state["events"]["schmalkaldic_league"] = 4
    state["removed"].extend([13, 14, 10])
    state["units"]["wittenberg"] = {"protestant": {"regular": 2}}
    engine.winter(state, load_map())
    assert state["events"]["society_of_jesus"] and 15 in state["removed"]
    assert state["stack"][-1]["kind"] == "jesuit" and state["stack"][-1]["role"] == "papacy"
