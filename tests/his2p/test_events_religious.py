"""Religious card events: attempts, debaters committed, St. Peter's, the Papal home cards and Here I Stand."""

from __future__ import annotations

import pytest

from tests.his2p.test_events_mandatory import decision, impulse_with, play_event
from umpire.games.his2p.events import events
from umpire.games.his2p.mapdata import load_map
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game


def attempts_through(game: Game, role: str) -> int:
    """Make every attempt of the open attempts decision; returns how many were offered."""
    top = decision(game, role)
    assert top["kind"] == "attempts"
    left = int(top["left"])
    while decision(game, role)["kind"] == "attempts" and game.view(role)["actions"]:
        game.act(role, game.view(role)["actions"][0])
    return left


@pytest.mark.parametrize(
    ("card", "debater", "count", "zone"),
    [(65, "luther", 6, "german"), (85, "luther", 5, "all"), (44, "cop", 4, "french"), (46, "calvin", 5, "french")],
)
def test_attempt_cards_commit_their_debater(card: int, debater: str, count: int, zone: str) -> None:
    """#65 A Mighty Fortress, #85 Katherina Bora, #44 Affair of the Placards, #46 Calvin's Institutes (18.3)."""
    game = impulse_with("protestant", card, turn=4)
    game.state["debaters"][debater] = "uncommitted"
    play_event(game, "protestant", card)
    top = decision(game, "protestant")
    assert top["kind"] == "attempts" and top["left"] == count and top["attempt"]["zone"] == zone
    assert top["attempt"]["die_plus"] == (1 if card == 46 else 0)
    assert game.state["debaters"][debater] == "committed"


def test_85_katherina_bora_needs_luther_uncommitted() -> None:
    game = impulse_with("protestant", 85)
    game.state["debaters"]["luther"] = "committed"
    assert {"type": "play", "card": 85, "as": "event"} not in game.view("protestant")["actions"]
    with pytest.raises(IllegalAction, match="Luther is not an uncommitted debater"):
        play_event(game, "protestant", 85)


def test_90_printing_press_extra_die_for_the_turn_and_three_attempts() -> None:
    game = impulse_with("papacy", 90)
    play_event(game, "papacy", 90)  # any power may play it; the Protestant makes the attempts (rule book 11)
    assert game.state["events"]["printing_press"] is True
    top = decision(game, "protestant")
    assert top["kind"] == "attempts" and top["left"] == 3 and top["role"] == "protestant"
    game.act("protestant", game.view("protestant")["actions"][0])
    first = next(r for r in game.state["rolls"] if r["purpose"].startswith("reformation attempt"))
    assert first is not None
    assert any("Printing Press" in line["text"] for line in game.state["log"])


def test_39_augsburg_confession_sets_its_modifier_and_commits_melanchthon() -> None:
    game = impulse_with("protestant", 39, turn=3)
    play_event(game, "protestant", 39)
    assert game.state["events"]["augsburg_confession"] is True
    assert game.state["debaters"]["melanchthon"] == "committed"


def test_41_marburg_colloquy_commits_one_of_each_pair() -> None:
    game = impulse_with("protestant", 41, turn=3)
    game.state["debaters"]["zwingli"] = "uncommitted"
    play_event(game, "protestant", 41)
    assert decision(game, "protestant")["kind"] == "marburg"
    assert {"type": "marburg", "german": "luther", "swiss": "zwingli"} in game.view("protestant")["actions"]
    game.act("protestant", {"type": "marburg", "german": "melanchthon", "swiss": "zwingli"})
    assert game.state["debaters"]["melanchthon"] == game.state["debaters"]["zwingli"] == "committed"
    assert game.state["debaters"]["luther"] == "uncommitted"
    top = decision(game, "protestant")
    assert top["kind"] == "attempts" and top["left"] == 6  # Melanchthon 3 + Zwingli 3


def test_75_erasmus_changes_sides_on_turn_3() -> None:
    early = impulse_with("papacy", 75, turn=2)
    play_event(early, "papacy", 75)
    assert decision(early, "protestant")["kind"] == "attempts"
    late = impulse_with("protestant", 75, turn=3)
    late.state["spaces"]["leipzig"]["protestant"] = True
    play_event(late, "protestant", 75)
    top = decision(late, "papacy")
    assert top["attempt"]["kind"] == "counter_reformation" and top["left"] == 4


def test_61_mary_defies_council_three_english_attempts() -> None:
    game = impulse_with("papacy", 61, turn=7)
    game.state["spaces"]["london"]["protestant"] = True
    play_event(game, "papacy", 61)
    top = decision(game, "papacy")
    assert top["left"] == 3 and top["attempt"]["zone"] == "english"


def test_63_dissolution_as_the_seed_modifies_it() -> None:
    """Seed "Modified Cards": a random Papal card discarded (never a home card), 3 English attempts, removed."""
    game = impulse_with("protestant", 63, turn=5)
    game.state["hands"]["papacy"] = [5, 6, 24]
    game.state["spaces"]["london"]["protestant"] = True
    play_event(game, "protestant", 63)
    assert game.state["hands"]["papacy"] == [5, 6] and 24 in game.state["discard"]
    assert 63 in game.state["removed"]
    top = decision(game, "protestant")
    assert top["left"] == 3 and top["attempt"]["zone"] == "english"


def test_52_michelangelo_adds_two_dice_to_st_peters() -> None:
    game = impulse_with("papacy", 52, turn=4)
    play_event(game, "papacy", 52)
    roll = next(r for r in game.state["rolls"] if r["purpose"].startswith("Michelangelo"))
    total = sum(roll["result"]) if isinstance(roll["result"], list) else roll["result"]
    track = game.state["tracks"]["st_peters"]
    assert track["vp"] * 5 + track["cp"] == total


def test_81_indulgence_vendor_only_for_the_papacy_and_never_a_home_card() -> None:
    game = impulse_with("protestant", 81)
    with pytest.raises(IllegalAction, match="only the Papacy"):
        play_event(game, "protestant", 81)
    game = impulse_with("papacy", 81)
    game.state["hands"]["protestant"] = [7, 90]
    play_event(game, "papacy", 81)
    assert game.state["hands"]["protestant"] == [7] and 90 in game.state["discard"]
    assert game.state["tracks"]["st_peters"] == {"cp": 0, "vp": 1}  # Printing Press is 5 CP


def test_55_jesuit_education_needs_the_society() -> None:
    game = impulse_with("papacy", 55, turn=5)
    with pytest.raises(IllegalAction, match="Society of Jesus"):
        play_event(game, "papacy", 55)
    game.state["events"]["society_of_jesus"] = True
    play_event(game, "papacy", 55)
    assert decision(game, "papacy")["kind"] == "jesuit"


def test_47_copernicus_one_vp_and_a_choice_for_the_papacy() -> None:
    game = impulse_with("papacy", 47, turn=5)
    game.state["hands"]["protestant"] = [7, 90]
    play_event(game, "papacy", 47)
    assert game.state["bonus_vp"]["papacy"] == 1
    game.act("papacy", {"type": "protestant_discards"})
    assert game.state["hands"]["protestant"] == [7]


def test_45_calvin_expelled_for_one_turn() -> None:
    from umpire.games.his2p import engine

    game = impulse_with("papacy", 45, turn=4)
    game.state["reformers"]["calvin"] = "geneva"
    game.state["debaters"]["calvin"] = "uncommitted"
    play_event(game, "papacy", 45)
    state = game.state
    assert state["reformers"]["calvin"] is None and state["debaters"]["calvin"] == "absent"
    state["turn"] = 5
    engine.enter_people(state, load_map())
    assert state["reformers"]["calvin"] == "geneva" and state["debaters"]["calvin"] == "uncommitted"


def test_5_papal_bull_excommunicates_a_reformer_then_a_debate_may_follow() -> None:
    """21.5: the reformer and his debater leave the map this turn; a debate in his zone for no CP; once a game."""
    game = impulse_with("papacy", 5, turn=2)
    state = game.state
    state["reformers"]["luther"] = "wittenberg"
    state["reformers"]["zwingli"] = "zurich"
    state["debaters"]["zwingli"] = "uncommitted"
    play_event(game, "papacy", 5)
    actions = game.view("papacy")["actions"]
    assert {"type": "excommunicate", "reformer": "luther"} in actions
    game.act("papacy", {"type": "excommunicate", "reformer": "zwingli"})
    state = game.state
    assert state["reformers"]["zwingli"] is None and state["debaters"]["zwingli"] == "absent"
    assert game.view("papacy")["actions"] == [{"type": "call_debate", "zone": "german"}, {"type": "skip"}]
    game.act("papacy", {"type": "call_debate", "zone": "german"})
    assert decision(game, "papacy")["kind"] == "defender"
    assert events.playable(game.state, load_map(), "papacy", 5) == "it is not in your hand"
    assert "zwingli" in game.state["excommunicated"]


def test_5_papal_bull_is_not_for_the_protestant() -> None:
    game = impulse_with("protestant", 5)
    game.state["reformers"]["luther"] = "wittenberg"
    with pytest.raises(IllegalAction, match="Papacy's home card"):
        play_event(game, "protestant", 5)


def test_6_leipzig_debate_bars_a_protestant_debater() -> None:
    game = impulse_with("papacy", 6)
    play_event(game, "papacy", 6)
    actions = game.view("papacy")["actions"]
    assert {"type": "leipzig", "zone": "german", "attacker": "eck"} in actions
    game.act("papacy", {"type": "leipzig", "zone": "german", "bar": "luther"})
    assert decision(game, "papacy")["kind"] == "leipzig"
    game.act("papacy", {"type": "defender", "pool": "uncommitted"})
    defended = [r for r in game.state["rolls"] if "defends" in r["purpose"]]
    assert defended and not any("Luther" in r["purpose"] for r in defended)
    assert game.state["debaters"]["luther"] == "uncommitted"


def test_6_leipzig_debate_names_the_attacker() -> None:
    game = impulse_with("papacy", 6)
    play_event(game, "papacy", 6)
    game.act("papacy", {"type": "leipzig", "zone": "german", "attacker": "tetzel"})
    game.act("papacy", {"type": "defender", "pool": "uncommitted"})
    assert any(r["purpose"].startswith("debate round 1: Tetzel attacks") for r in game.state["rolls"])


def test_7_here_i_stand_takes_back_a_card_and_plays_it() -> None:
    # ruling HIS-V10
    game = impulse_with("protestant", 7)
    game.state["discard"] = [90, 10]
    play_event(game, "protestant", 7)
    assert game.view("protestant")["actions"] == [{"type": "retrieve", "card": 90}]  # never a mandatory event
    game.act("protestant", {"type": "retrieve", "card": 90})
    actions = game.view("protestant")["actions"]
    assert {"type": "play", "card": 90, "as": "event"} in actions and {"type": "hold"} in actions
    game.act("protestant", {"type": "play", "card": 90, "as": "event"})
    assert game.state["events"]["printing_press"] is True
    assert 7 not in game.state["hands"]["protestant"] and 7 not in game.state["discard"]


def test_7_here_i_stand_needs_luther_alive_and_a_card() -> None:
    game = impulse_with("protestant", 7)
    game.state["discard"] = []
    with pytest.raises(IllegalAction, match="discard pile"):
        play_event(game, "protestant", 7)
    game.state["discard"] = [90]
    game.state["debaters"]["luther"] = "dead"
    with pytest.raises(IllegalAction, match="Luther"):
        play_event(game, "protestant", 7)


def test_11_a_card_is_played_as_an_event_once_a_turn() -> None:
    """Rule book 11: once a turn as an event; Here I Stand may not take back a card its power played this turn."""
    game = impulse_with("protestant", 7, 90)
    play_event(game, "protestant", 90)
    while decision(game, "protestant")["kind"] == "attempts" and game.view("protestant")["actions"]:
        game.act("protestant", game.view("protestant")["actions"][0])
    state = game.state
    state["stack"] = [{"kind": "impulse", "role": "protestant"}]
    assert state["discard"] == [90]
    with pytest.raises(IllegalAction, match="no card it may take back"):
        play_event(game, "protestant", 7)
    state["discard"].remove(90)
    state["hands"]["protestant"].append(90)
    assert events.playable(state, load_map(), "protestant", 90) == "it was already played as an event this turn (11)"


def test_51_michael_servetus_one_vp_and_a_protestant_discard() -> None:
    game = impulse_with("protestant", 51, turn=4)
    with pytest.raises(IllegalAction, match="only the Papacy"):
        play_event(game, "protestant", 51)
    game = impulse_with("papacy", 51, turn=4)
    game.state["hands"]["protestant"] = [7, 90]
    play_event(game, "papacy", 51)
    assert game.state["bonus_vp"]["papacy"] == 1 and game.state["hands"]["protestant"] == [7]
    assert 51 in game.state["removed"]
