"""The combat cards of the two-player deck played in their windows (cards #24, #25, #27, #28; rule book 14 steps 4-5,
15.1 steps 5-6): each changes the dice, or the assaulting formation, as its text says."""

from __future__ import annotations

import pytest

from tests.his2p.test_assaults import league_siege_of_florence
from tests.his2p.test_land_war import erfurt_game, hapsburg_move
from tests.his2p.test_windows import fix_dice, texts, to_battle
from umpire.games.his2p import board as b
from umpire.games.his2p import core
from umpire.games.his2p.war import windows
from umpire.kernel.game import Game


def test_card_24_arquebusiers_two_more_dice_in_a_field_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling HIS-R04
    # 4 regulars + Charles V's 2 = 6 dice, 8 with the card; the defence 2 + 1
    fix_dice(monkeypatch, {"field battle at erfurt: attacker": [1] * 8, "field battle at erfurt: defender": [1] * 3})
    game = to_battle([24], [])
    game.act("papacy", {"type": "play", "card": 24})
    game.act("papacy", {"type": "pass"})
    game.act("protestant", {"type": "pass"})
    assert any(t.startswith("Field battle at Erfurt: hapsburg attacks with 8 dice") for t in texts(game))


def test_card_25_field_artillery_two_dice_for_the_defender(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_dice(monkeypatch, {"field battle at erfurt: attacker": [1] * 6, "field battle at erfurt: defender": [1] * 5})
    game = to_battle([], [25])
    game.act("papacy", {"type": "pass"})
    assert game.view("protestant")["actions"][-1] == {"type": "play", "card": 25}
    game.act("protestant", {"type": "play", "card": 25})
    game.act("protestant", {"type": "pass"})
    assert any("protestant defend with 5 dice" in t for t in texts(game))


def test_card_25_field_artillery_three_dice_for_french_or_ottoman_units() -> None:
    # ruling HIS-R03
    played = {windows.ATTACKER: [25], windows.DEFENDER: [25]}
    assert windows.extra_dice(played, windows.ATTACKER, ["france"]) == 3
    assert windows.extra_dice(played, windows.DEFENDER, ["ottoman"]) == 3
    assert windows.extra_dice(played, windows.DEFENDER, ["hapsburg"]) == 2


def test_cards_24_and_25_together_add_up(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_dice(monkeypatch, {"field battle at erfurt: attacker": [1] * 10, "field battle at erfurt: defender": [1] * 3})
    game = to_battle([24, 25], [])
    game.act("papacy", {"type": "play", "card": 25})
    game.act("papacy", {"type": "play", "card": 24})
    game.act("papacy", {"type": "pass"})
    game.act("protestant", {"type": "pass"})
    assert any(t.startswith("Field battle at Erfurt: hapsburg attacks with 10 dice") for t in texts(game))


def assault(game: Game, attacker_cards: list[int], defender_cards: list[int]) -> None:
    """The Papacy assaults Florence with the Hapsburgs; each side plays its cards in its window, then passes."""
    game.act("papacy", {"type": "assault", "space": "florence", "power": "hapsburg"})
    for role, cards in (("papacy", attacker_cards), ("protestant", defender_cards)):
        for card in cards:
            game.act(role, {"type": "play", "card": card})
        if core.top(game.state) and core.top(game.state)["kind"] == windows.WINDOW:
            game.act(role, {"type": "pass"})


def test_card_28_siege_mining_three_more_assault_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    # 4 regulars against 1 inside: 2 dice, 5 with the card; the defence 1 + 1
    fix_dice(monkeypatch, {"assault on florence: attacker": [1] * 5, "assault on florence: defender": [1, 1]})
    game = league_siege_of_florence(hapsburg=4, alva=False)
    game.state["hands"]["papacy"] = [28]
    game.state["hands"]["protestant"] = []
    assault(game, [28], [])
    assert any(t.startswith("hapsburg assaults Florence: 5 dice") for t in texts(game))
    assert "#28 Siege Mining" in " ".join(texts(game))


def test_card_28_siege_mining_is_the_attackers_only() -> None:
    game = league_siege_of_florence(hapsburg=4, alva=False)
    game.state["hands"]["papacy"] = []
    game.state["hands"]["protestant"] = [28, 24]
    game.act("papacy", {"type": "assault", "space": "florence", "power": "hapsburg"})
    game.act("papacy", {"type": "pass"})
    assert game.view("protestant")["actions"] == [{"type": "pass"}, {"type": "pass", "always": True}]


def test_card_27_mercenaries_grow_restless_removes_the_assaulters_mercenaries(monkeypatch: pytest.MonkeyPatch) -> None:
    # 2 regulars + 2 mercenaries; the card leaves 2 regulars against 1 inside: the siege holds, 1 die
    fix_dice(monkeypatch, {"assault on florence: attacker": [1], "assault on florence: defender": [1, 1]})
    game = league_siege_of_florence(hapsburg=2, alva=False)
    b.add_units(game.state, "florence", "hapsburg", "mercenary", 2)
    game.state["hands"]["papacy"] = [27]
    game.state["hands"]["protestant"] = [27]
    game.act("papacy", {"type": "assault", "space": "florence", "power": "hapsburg"})
    assert {"type": "play", "card": 27} not in game.view("papacy")["actions"]  # the defender's card only
    game.act("papacy", {"type": "pass"})
    game.act("protestant", {"type": "play", "card": 27})
    game.act("protestant", {"type": "pass"})
    assert "Mercenaries Grow Restless: hapsburg loses 2 mercenary unit(s) in florence" in texts(game)
    assert b.units_of(game.state, "florence", "hapsburg")["mercenary"] == 0
    assert any(t.startswith("hapsburg assaults Florence: 1 dice") for t in texts(game))


def test_card_27_mercenaries_grow_restless_can_break_the_siege() -> None:
    game = league_siege_of_florence(hapsburg=1, alva=False)
    b.add_units(game.state, "florence", "hapsburg", "mercenary", 2)
    game.state["hands"]["papacy"] = []
    game.state["hands"]["protestant"] = [27]
    assault(game, [], [27])
    assert "florence" not in game.state["sieges"]
    assert not any("assaults Florence" in t for t in texts(game))  # no die rolled
    assert b.land_unit_count(game.state, "florence", "hapsburg") == 0  # the besiegers retreated (15.3)


def test_card_24_arquebusiers_two_more_dice_in_a_naval_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Papal squadron sails into the Tyrrhenian Sea; the Hapsburg squadron of Naples (the Protestant's, seed 11)
    intercepts; the Papacy plays Arquebusiers: 2 dice for its squadron, 4 with the card."""
    from tests.his2p.test_naval_war import at_war_with_hapsburg, sail

    faces = {"naval interception by hapsburg": [5, 4], "naval battle at tyrrhenian_sea: attacker": [1] * 4}
    fix_dice(monkeypatch, faces | {"naval battle at tyrrhenian_sea: defender": [1, 1]})
    game = at_war_with_hapsburg()
    game.state["hands"]["papacy"] = [24]
    game.state["hands"]["protestant"] = []
    sail(game, "rome", "tyrrhenian_sea")
    game.act("protestant", {"type": "intercept"})
    assert core.top(game.state)["window"] == "naval_battle"
    game.act("papacy", {"type": "play", "card": 24})
    game.act("papacy", {"type": "pass"})
    game.act("protestant", {"type": "pass"})
    rolls = {r["purpose"]: len(r["result"]) for r in game.state["rolls"]}
    assert rolls["naval battle at tyrrhenian_sea: attacker"] == 4


def test_card_26_mercenaries_bribed_half_the_enemy_mercenaries_switch_sides(monkeypatch: pytest.MonkeyPatch) -> None:
    # Erfurt: 2 Protestant regulars + 3 mercenaries; 2 of them (half, rounded up) leave, 2 Hapsburg mercenaries join:
    # the attack 4 + 2 + Charles V's 2 = 8 dice, the defence 2 + 1 + 1 = 4 (14 step 6: counted after the card)
    fix_dice(monkeypatch, {"field battle at erfurt: attacker": [1] * 8, "field battle at erfurt: defender": [1] * 4})
    game = erfurt_game()
    b.add_units(game.state, "erfurt", "protestant", "mercenary", 3)
    game.state["hands"]["papacy"] = [26]
    game.state["hands"]["protestant"] = []
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    game.act("protestant", {"type": "stand"})
    game.act("papacy", {"type": "play", "card": 26})
    game.act("papacy", {"type": "pass"})
    game.act("protestant", {"type": "pass"})
    log = texts(game)
    assert "Mercenaries Bribed: 2 protestant mercenary unit(s) switch sides in erfurt" in log
    assert "2 hapsburg mercenary unit(s) join the battle in erfurt" in log
    assert any(t.startswith("Field battle at Erfurt: hapsburg attacks with 8 dice") for t in log)
    assert any("protestant defend with 4 dice" in t for t in log)


def test_card_26_mercenaries_bribed_never_against_or_by_the_ottomans() -> None:
    game = to_battle([26], [])
    assert {"type": "play", "card": 26} in game.view("papacy")["actions"]
    game.state["combat_cards"]["sides"]["defender"] = ["ottoman"]
    assert {"type": "play", "card": 26} not in game.view("papacy")["actions"]
    game.state["combat_cards"]["sides"]["defender"] = ["protestant"]
    game.state["stack"][-1]["power"] = "ottoman"
    assert {"type": "play", "card": 26} not in game.view("papacy")["actions"]


def test_card_29_surprise_attack_the_attackers_hits_fall_first(monkeypatch: pytest.MonkeyPatch) -> None:
    # Erfurt: 2 Protestant regulars + 1 mercenary (4 dice); the attack's 6 dice hit twice: 1 unit left, 2 dice
    fix_dice(
        monkeypatch,
        {"field battle at erfurt: attacker": [5, 6, 1, 1, 1, 1], "field battle at erfurt: defender": [1, 1]},
    )
    game = erfurt_game()
    b.add_units(game.state, "erfurt", "protestant", "mercenary", 1)
    game.state["hands"]["papacy"] = [29]
    game.state["hands"]["protestant"] = [29]
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    game.act("protestant", {"type": "stand"})
    game.act("papacy", {"type": "play", "card": 29})
    game.act("papacy", {"type": "pass"})
    assert {"type": "play", "card": 29} not in game.view("protestant")["actions"]  # one surprise a battle (HIS-R07)
    game.act("protestant", {"type": "pass"})
    rolls = [r["purpose"] for r in game.state["rolls"] if r["purpose"].startswith("field battle")]
    assert rolls == ["field battle at erfurt: attacker hapsburg", "field battle at erfurt: defender protestant"]
    assert any("protestant defend with 2 dice" in t and "the attacker wins" in t for t in texts(game))


def test_card_29_surprise_attack_a_side_wiped_out_first_rolls_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # the defender surprises: 3 dice (2 regulars + 1), 2 hits wipe out 2 attacking regulars, who roll no die
    fix_dice(monkeypatch, {"field battle at erfurt: defender": [6, 6, 1], "field battle at erfurt: attacker": []})
    game = erfurt_game()
    game.state["leaders"].pop("charles_v")
    b.add_units(game.state, "leipzig", "hapsburg", "regular", -2)
    game.state["hands"]["papacy"] = []
    game.state["hands"]["protestant"] = [29]
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 2))
    game.act("protestant", {"type": "stand"})
    game.act("papacy", {"type": "pass"})
    game.act("protestant", {"type": "play", "card": 29})
    game.act("protestant", {"type": "pass"})
    rolls = [r["purpose"] for r in game.state["rolls"] if r["purpose"].startswith("field battle")]
    assert rolls == ["field battle at erfurt: defender protestant", "field battle at erfurt: attacker hapsburg"]
    assert any("hapsburg attacks with 0 dice" in t and "the defender wins" in t for t in texts(game))
    assert b.land_unit_count(game.state, "erfurt", "hapsburg") == 0


def test_card_35_siege_artillery_two_dice_hitting_on_3_after_the_rolls(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Papacy's 4 regulars assault Florence (1 regular inside): no hit on their 2 dice, then Siege Artillery's
    two dice (3 and 4) hit twice and the space falls (15.1 step 8)."""
    # ruling HIS-R04
    from tests.his2p.test_assaults import siege_of_florence

    faces = {"assault on florence: attacker": [1, 1], "assault on florence: defender": [1, 1]}
    fix_dice(monkeypatch, faces | {"assault on florence: Siege Artillery": [3, 4]})
    game = siege_of_florence()
    game.state["hands"]["papacy"] = [35]
    game.act("papacy", {"type": "assault", "space": "florence"})
    game.act("papacy", {"type": "pass"})  # the combat-card window before the dice
    top = core.top(game.state)
    assert top is not None and top["window"] == "assault_dice_rolled" and top["role"] == "papacy"
    assert any(t.startswith("papacy assaults Florence: 2 dice") for t in texts(game))  # the dice are already seen
    game.act("papacy", {"type": "play", "card": 35})
    game.act("papacy", {"type": "pass"})
    assert "Siege Artillery at florence: [3, 4], 2 more hit(s)" in texts(game)
    assert game.state["spaces"]["florence"]["control"] == "papacy"


def test_card_35_siege_artillery_needs_a_short_line_of_communication_home() -> None:
    from tests.his2p.test_assaults import siege_of_florence
    from umpire.games.his2p.mapdata import load_map

    state = siege_of_florence().state
    assert windows.artillery_in_range(state, load_map(), "papacy", "florence")  # Rome, Siena, Florence
    assert not windows.artillery_in_range(state, load_map(), "papacy", "wittenberg")


def test_card_26_mercenaries_bribed_leaves_each_enemy_power_one_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (random play): a defending stack of mercenaries only used to be emptied by the card, and the battle
    then stopped the game. HIS-R06: half of 1 mercenary rounded up is 1, but it is the stack's last unit: it stays."""
    fix_dice(monkeypatch, {"field battle at erfurt: attacker": [1] * 6, "field battle at erfurt: defender": [1] * 2})
    game = erfurt_game()
    state = game.state
    b.add_units(state, "erfurt", "protestant", "regular", -2)
    b.add_units(state, "erfurt", "protestant", "mercenary", 1)
    state["hands"]["papacy"] = [26]
    state["hands"]["protestant"] = []
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    game.act("protestant", {"type": "stand"})
    game.act("papacy", {"type": "play", "card": 26})
    game.act("papacy", {"type": "pass"})
    game.act("protestant", {"type": "pass"})
    assert not any("Mercenaries Bribed:" in t for t in texts(game))  # its only unit stays
    assert any(t.startswith("Field battle at Erfurt: hapsburg attacks with 6 dice") for t in texts(game))
