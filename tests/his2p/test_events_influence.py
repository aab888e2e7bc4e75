"""Events that convert spaces or place unrest directly (cards 57, 62, 64, 67, 78, 88)."""

from __future__ import annotations

import pytest

from tests.his2p.test_events_mandatory import decision, impulse_with, play_event
from umpire.kernel.errors import IllegalAction


def test_67_anabaptists_two_unoccupied_non_electorate_spaces() -> None:
    # ruling HIS-V12 ("unoccupied")
    game = impulse_with("papacy", 67)
    state = game.state
    for space in ("wittenberg", "leipzig", "erfurt"):
        state["spaces"][space]["protestant"] = True
    state["units"]["erfurt"] = {"protestant": {"regular": 1}}
    play_event(game, "papacy", 67)
    actions = game.view("papacy")["actions"]
    assert actions == [{"type": "convert", "space": "leipzig"}]  # Wittenberg is an electorate, Erfurt occupied
    game.act("papacy", actions[0])
    assert not game.state["spaces"]["leipzig"]["protestant"]
    assert game.view("papacy")["decision"] is None or decision(game, "papacy")["kind"] != "convert"


def test_78_frederick_the_wise_converts_the_nearest_and_offers_the_wartburg() -> None:
    # ruling HIS-V12
    game = impulse_with("protestant", 78)
    state = game.state
    state["spaces"]["wittenberg"]["protestant"] = True
    state["discard"].append(37)
    play_event(game, "protestant", 78)
    first = [a["space"] for a in game.view("protestant")["actions"]]
    assert set(first) == {"brandenburg", "leipzig", "magdeburg"}  # German, one step from Wittenberg
    game.act("protestant", {"type": "convert", "space": "leipzig"})
    game.act("protestant", {"type": "convert", "space": "magdeburg"})
    assert game.state["spaces"]["leipzig"]["protestant"] and game.state["spaces"]["magdeburg"]["protestant"]
    assert game.view("protestant")["actions"] == [{"type": "take_wartburg"}, {"type": "leave"}]
    game.act("protestant", {"type": "take_wartburg"})
    assert 37 in game.state["hands"]["protestant"] and 37 not in game.state["discard"]


def test_88_peasants_war_up_to_five_unoccupied_german_spaces() -> None:
    game = impulse_with("papacy", 88)
    play_event(game, "papacy", 88)
    actions = game.view("papacy")["actions"]
    assert {"type": "done"} in actions
    assert {"type": "unrest", "space": "wittenberg"} not in actions  # Luther's 2 regulars stand there
    assert {"type": "unrest", "space": "leipzig"} in actions
    game.act("papacy", {"type": "unrest", "space": "leipzig"})
    game.act("papacy", {"type": "done"})
    assert game.state["spaces"]["leipzig"]["unrest"]
    assert decision(game, "papacy") is None or decision(game, "papacy")["kind"] != "unrest"


def test_64_pilgrimage_of_grace_english_home_spaces() -> None:
    game = impulse_with("protestant", 64, turn=5)
    play_event(game, "protestant", 64)
    spaces = {a["space"] for a in game.view("protestant")["actions"] if a["type"] == "unrest"}
    assert "lincoln" in spaces and "paris" not in spaces
    assert "london" not in spaces and "york" not in spaces  # an English regular stands in each


def test_62_book_of_common_prayer_only_english_home_spaces_then_unrest() -> None:
    game = impulse_with("protestant", 62, turn=5)
    state = game.state
    state["debaters"]["cranmer"] = "uncommitted"
    state["spaces"]["london"]["protestant"] = True
    play_event(game, "protestant", 62)
    assert game.state["debaters"]["cranmer"] == "committed"
    top = decision(game, "protestant")
    assert top["kind"] == "attempts" and top["left"] == 4
    targets = {a["space"] for a in game.view("protestant")["actions"]}
    assert targets and targets <= {
        "berwick",
        "bristol",
        "calais",
        "carlisle",
        "lincoln",
        "london",
        "norwich",
        "plymouth",
        "portsmouth",
        "shrewsbury",
        "wales",
        "york",
    }
    while decision(game, "protestant")["kind"] == "attempts":
        game.act("protestant", game.view("protestant")["actions"][0])
    assert game.view("protestant")["actions"] == [{"type": "roll"}]
    game.act("protestant", {"type": "roll"})
    assert any(r["purpose"] == "Book of Common Prayer: unrest in England" for r in game.state["rolls"])


def test_62_book_of_common_prayer_needs_cranmer() -> None:
    game = impulse_with("protestant", 62, turn=5)
    with pytest.raises(IllegalAction, match="Cranmer"):
        play_event(game, "protestant", 62)


def test_57_philip_of_hesses_bigamy() -> None:
    game = impulse_with("papacy", 57, turn=5)
    game.state["hands"]["protestant"] = [7, 90]
    play_event(game, "papacy", 57)  # Philip not on the map: the Protestant discards
    assert game.state["hands"]["protestant"] == [7]
    game = impulse_with("papacy", 57, turn=5)
    game.state["leaders"]["philip_of_hesse"] = "kassel"
    play_event(game, "papacy", 57)
    game.act("protestant", {"type": "remove_philip"})
    assert "philip_of_hesse" not in game.state["leaders"]


def test_43_zwingli_dons_armor_eliminates_a_catholic_unit_and_ends_zwingli() -> None:
    game = impulse_with("protestant", 43, turn=3)
    state = game.state
    state["reformers"]["zwingli"] = "zurich"
    state["debaters"]["zwingli"] = "uncommitted"
    state["units"]["basel"] = {"hapsburg": {"regular": 2}}
    play_event(game, "protestant", 43)
    actions = game.view("protestant")["actions"]
    assert {"type": "eliminate", "space": "basel", "power": "hapsburg", "unit": "regular"} in actions
    game.act("protestant", {"type": "eliminate", "space": "basel", "power": "hapsburg", "unit": "regular"})
    state = game.state
    assert state["units"]["basel"] == {"hapsburg": {"regular": 1}}
    assert state["reformers"]["zwingli"] is None and state["debaters"]["zwingli"] == "dead"
