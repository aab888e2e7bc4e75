"""Issue 15 points 3-6 audited against the seed: the requirements no earlier test proved (the modified cards, the
Diplomatic deck's play, other powers' wars, England's succession)."""

from __future__ import annotations

import pytest

from tests.his2p.test_diplomacy import at_diplomacy, at_war_with_france
from tests.his2p.test_engine import cp_decision, through_theses
from tests.his2p.test_events_mandatory import impulse_with, play_event
from tests.his2p.test_events_sack import fix_dice, sack_game
from tests.his2p.test_military import spring_game
from umpire.games.his2p import board as b
from umpire.games.his2p import core, deck, engine
from umpire.games.his2p.events import events_siege, responses
from umpire.games.his2p.events.events_military import rebel_targets
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.war import assaults, military
from umpire.kernel.game import Game

# --- point 3: the modified cards --------------------------------------------------------------------------------


def test_card_5_seed_9_papal_bull_then_one_card_from_the_main_deck_instead_of_a_space() -> None:
    """Seed 9: after ending the war by Papal Bull the Papacy may draw one main-deck card instead of a home space."""
    game = at_war_with_france()
    hand = len(game.state["hands"]["papacy"])
    top = game.state["deck"][0]
    game.act("papacy", {"type": "papal_bull", "power": "france"})
    game.act("papacy", {"type": "draw_card"})
    state = game.state
    assert top in state["hands"]["papacy"] and len(state["hands"]["papacy"]) == hand  # the bull left, a card came
    assert state["spaces"]["ravenna"]["control"] == "france"
    assert [d["kind"] for d in state["stack"]][-1] == "diplomatic_play"


def test_card_5_seed_modified_cards_no_ruler_is_excommunicated_in_the_action_phase() -> None:
    """Modified Cards: Papal Bull excommunicates a ruler only in the Diplomacy Phase; as an event in an impulse it
    offers reformers only, even with France at war with the Papacy."""
    game = impulse_with("papacy", 5, turn=2)
    state = game.state
    state["diplomacy"]["at_war"].append(["france", "papacy"])
    state["reformers"]["luther"] = "wittenberg"
    play_event(game, "papacy", 5)
    actions = game.view("papacy")["actions"]
    assert actions and all(set(a) == {"type", "reformer"} for a in actions)
    assert state["rulers"]["france"] not in {a["reformer"] for a in actions}


def league_with_hapsburg_rome(game: Game) -> None:
    """The Schmalkaldic League has formed with Rome and Ravenna under Hapsburg control, besieged by the
    Protestant with 4 regulars since an earlier impulse."""
    state = game.state
    state["events"]["schmalkaldic_league"] = 2
    state["diplomacy"]["at_war"] = [["hapsburg", "protestant"], ["papacy", "protestant"]]
    state["diplomacy"]["allied"].append(["hapsburg", "papacy"])
    state["impulse"]["count"] = 3
    state["sieges"] = {}
    for space in ("rome", "ravenna"):
        state["spaces"][space]["control"] = "hapsburg"
        state["units"].pop(space, None)
        b.add_units(state, space, "hapsburg", "regular", 1)
        b.add_units(state, space, "protestant", "regular", 4)
        state["sieges"][space] = {"besieger": "protestant", "impulse": 1}


def test_card_13_seed_modified_cards_rome_and_ravenna_stay_hapsburg_after_the_league() -> None:
    """Modified Cards (Schmalkaldic League): Rome and Ravenna under Hapsburg control stay so for the rest of the
    game: the Papacy, the Hapsburgs' ally, cannot take them, City State Rebels cannot strike them, and the
    Protestant neither assaults them nor takes them by Treachery! (ruling HIS-A01)."""
    game = cp_decision("protestant", 2)
    league_with_hapsburg_rome(game)
    state, board = game.state, load_map()
    for space in ("rome", "ravenna"):
        why = assaults.refusal(state, board, "protestant", space)
        assert why is not None and "Schmalkaldic League" in why
        assert space not in rebel_targets(state, board)
        assert (space, "protestant") not in events_siege.treachery_targets(state, board, "protestant")
    assert not [a for a in game.view("protestant")["actions"] if a["type"] == "assault"]


def test_card_13_seed_9_the_papacy_spring_deploys_through_hapsburg_spaces_after_the_league() -> None:
    """Seed 9 (Gaining Allied Status): the alliance lets the Papacy spring-deploy through Hapsburg-controlled
    spaces; before it, a Hapsburg Siena bars the road north."""
    game = spring_game()
    state, board = game.state, load_map()
    for space in ("siena", "florence"):
        state["spaces"][space]["control"] = "hapsburg"
        state["units"].pop(space, None)
    assert "florence" not in military.deploy_destinations(state, board)
    state["diplomacy"]["allied"].append(["hapsburg", "papacy"])
    assert {"siena", "florence"} <= set(military.deploy_destinations(state, board))


@pytest.mark.parametrize("power", ["france", "hapsburg"])
def test_card_95_seed_modified_cards_french_or_hapsburg_sackers_take_no_papal_card(
    monkeypatch: pytest.MonkeyPatch, power: str
) -> None:
    fix_dice(monkeypatch, attack=[6, 6, 1, 1, 1], defence=[5, 1])
    game = sack_game(power)
    play_event(game, "protestant", 95)
    game.act("protestant", {"type": "sack", "space": "florence", "power": power})
    state = game.state
    assert len(state["hands"]["papacy"]) == 1
    assert not any(n in state["hands"]["protestant"] for n in (24, 25, 26))
    assert sum(1 for n in (24, 25, 26) if n in state["discard"]) == 2


# --- point 4: the Diplomatic deck -------------------------------------------------------------------------------


def test_seed_9_the_wartburg_cannot_cancel_a_diplomatic_card() -> None:
    """Seed 9: a Diplomatic event is never cancelled by The Wartburg: no response window opens for it, even with
    Luther alive and The Wartburg in the Protestant's hand."""
    game = at_diplomacy(diplomatic_deck=[], diplomatic_hands={"papacy": [208, 209], "protestant": [203]})
    state = game.state
    state["hands"]["protestant"] = sorted({*state["hands"]["protestant"], responses.THE_WARTBURG})
    assert state["debaters"]["luther"] != "dead"
    game.act("papacy", {"type": "diplomatic_card", "card": 209})
    kinds = [d["kind"] for d in game.state["stack"]]
    assert responses.WINDOW not in kinds
    assert not [a for a in game.view("protestant")["actions"] if a.get("card") == responses.THE_WARTBURG]


def test_seed_9_the_card_that_helps_the_opponent_is_played_and_resolved_by_the_opponent() -> None:
    """Seed 9: a player whose two Diplomatic cards both help the opponent must still play one; the opponent then
    resolves it (French Invasion, 206, played by the Papacy, is the Protestant's to resolve)."""
    game = at_diplomacy(diplomatic_deck=[], diplomatic_hands={"papacy": [202, 206], "protestant": [203]})
    assert {a["card"] for a in game.view("papacy")["actions"]} == {202, 206}
    game.act("papacy", {"type": "diplomatic_card", "card": 206})
    top = core.top(game.state)
    assert top is not None and top["role"] == "protestant" and top["card"] == 206
    assert ["france", "papacy"] in game.state["diplomacy"]["at_war"]


# --- point 6: England -------------------------------------------------------------------------------------------


def test_seed_21_3_edward_vi_joins_the_deck_in_the_card_draw_of_turn_6() -> None:
    game = through_theses()
    state = game.state
    assert 19 in state["later"]
    state["turn"] = 5
    deck.card_draw_phase(state, load_map())
    assert 19 in state["later"]
    state["turn"] = 6
    deck.card_draw_phase(state, load_map())
    assert 19 not in state["later"]
    assert 19 in state["deck"] + state["hands"]["papacy"] + state["hands"]["protestant"]


@pytest.mark.parametrize(("card", "turn", "ruler", "successor"), [(19, 7, "edward_vi", 21), (21, 8, "mary_i", 23)])
def test_seed_19_edward_vi_by_the_winter_of_turn_7_mary_i_by_turn_8(
    card: int, turn: int, ruler: str, successor: int
) -> None:
    """Seed 19 and 21.3: an English succession card not played by then happens in that winter (English text), and
    its successor joins the deck at the start of the next turn."""
    game = through_theses()
    state = game.state
    for pile in (state["later"], *state["hands"].values()):
        if card in pile:
            pile.remove(card)
    state["deck"].append(card)
    state["turn"] = turn - 1
    assert card not in deck.winter_mandatory_events(state)
    state["turn"] = turn
    assert card in deck.winter_mandatory_events(state)
    state["options"]["text"] = "italian"
    assert card not in deck.winter_mandatory_events(state)
    state["options"]["text"] = "english"
    state["stack"] = []
    engine.winter(state, load_map())
    assert game.state["rulers"]["england"] == ruler and card in game.state["removed"]
    assert successor in game.state["entering_next_turn"]


# --- point 5: invasions and other powers' units -----------------------------------------------------------------


def test_seed_11_the_protestant_takes_an_unfortified_space_for_france_at_war_with_the_papacy() -> None:
    """Seed 11: an invasion's power is moved by the opponent of the power it fights: the Protestant, with France at
    war with the Papacy, takes an unfortified space next to French units for France (1 CP), never for itself."""
    game = cp_decision("protestant", 2)
    state = game.state
    state["diplomacy"]["at_war"].append(["france", "papacy"])
    state["units"].pop("florence", None)
    b.add_units(state, "florence", "france", "regular", 2)
    state["spaces"]["florence"]["control"] = "france"
    action = {"type": "control_unfortified", "space": "pavia", "effect": "control", "power": "france"}
    assert action in game.view("protestant")["actions"]
    assert not [a for a in game.view("protestant")["actions"] if a.get("power") and a["type"].startswith("raise")]
    game.act("protestant", action)
    assert game.state["spaces"]["pavia"]["control"] == "france"
    assert game.state["stack"][-1]["cp"] == 1


def test_seed_9_a_regained_space_sends_the_enemy_units_away_by_9_3_step_3() -> None:
    """Seed 9: regaining a Papal home space uses 9.3 step 3: the French army in Ravenna (regulars, a squadron in
    port, Montmorency) goes to the nearest French fortified space and port, and the Papal siege of it ends; the game
    goes on (it used to stop)."""
    game = at_war_with_france()
    state = game.state
    b.add_units(state, "ravenna", "france", "regular", 2)
    b.add_units(state, "ravenna", "france", "squadron", 1)
    state["leaders"]["montmorency"] = "ravenna"
    b.add_units(state, "ravenna", "papacy", "regular", 3)
    state["sieges"] = {"ravenna": {"besieger": "papacy", "impulse": 1}}
    game.act("papacy", {"type": "sue_for_peace", "power": "france"})
    for _ in range(2):
        game.act("papacy", next(a for a in game.view("papacy")["actions"] if a["where"] != "ravenna"))
    game.act("papacy", {"type": "regain", "space": "ravenna"})
    state, board = game.state, load_map()
    assert not state.get("unbuilt")
    assert state["spaces"]["ravenna"]["control"] == "papacy" and "france" not in state["units"].get("ravenna", {})
    assert "ravenna" not in state["sieges"] and b.units_of(state, "ravenna", "papacy")["regular"] >= 1
    land = state["leaders"]["montmorency"]
    assert board.spaces[land].fortified and state["spaces"][land]["control"] == "france"
    assert b.units_of(state, land, "france")["regular"] >= 2
    port = next(s for s, stacks in state["units"].items() if stacks.get("france", {}).get("squadron"))
    assert board.spaces[port].ports and state["spaces"][port]["control"] == "france"
    game.act("papacy", {"type": "done"})
    assert [d["kind"] for d in game.state["stack"]][-1] == "diplomatic_play"


@pytest.mark.parametrize("how", ["papal_bull", "sue_for_peace"])
def test_9_3_peace_ends_the_sieges_between_the_two_powers_wherever_they_are(how: str) -> None:
    """Seed 9 and 9.3: once the Papacy and France are at peace, a French siege of a Papal-held Florence and a Papal
    siege of a French-held Milan (neither a space the Papacy regains) end, and the besiegers leave by 9.3 step 3,
    their leaders with them; a siege by another power stays (it used to stay recorded, with the besiegers inside)."""
    game = at_war_with_france()
    state = game.state
    for space, holder in (("florence", "papacy"), ("milan", "france"), ("pavia", "papacy")):
        state["units"].pop(space, None)
        state["spaces"][space]["control"] = holder
    b.add_units(state, "florence", "papacy", "regular", 1)
    b.add_units(state, "florence", "france", "regular", 3)
    state["leaders"]["montmorency"] = "florence"
    b.add_units(state, "milan", "france", "regular", 1)
    b.add_units(state, "milan", "papacy", "regular", 3)
    b.add_units(state, "pavia", "papacy", "regular", 1)
    b.add_units(state, "pavia", "hapsburg", "regular", 3)
    state["diplomacy"]["at_war"].append(["hapsburg", "papacy"])
    state["sieges"] = {
        "florence": {"besieger": "france", "impulse": 1},
        "milan": {"besieger": "papacy", "impulse": 1},
        "pavia": {"besieger": "hapsburg", "impulse": 1},
    }
    game.act("papacy", {"type": how, "power": "france"})
    if how == "papal_bull":
        game.act("papacy", {"type": "draw_card"})
    else:
        for _ in range(2):
            game.act("papacy", next(a for a in game.view("papacy")["actions"] if a["where"] not in ("milan", "pavia")))
        game.act("papacy", {"type": "done"})
    state, board = game.state, load_map()
    assert set(state["sieges"]) == {"pavia"}
    assert "france" not in state["units"].get("florence", {}) and state["leaders"]["montmorency"] != "florence"
    french = state["leaders"]["montmorency"]
    assert board.spaces[french].fortified and state["spaces"][french]["control"] == "france"
    assert b.units_of(state, french, "france")["regular"] >= 3
    assert "papacy" not in state["units"].get("milan", {})
    assert b.units_of(state, "milan", "france")["regular"] >= 1 and b.units_of(state, "florence", "papacy")["regular"]
