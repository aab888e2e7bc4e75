"""A seat's private "pass automatically unless I hold a card that can be played here" (issue 31 point 6, ruling
HIS-R09): the windows with nothing playable pass at once, logged as a manual pass; the other seat's view, the
observer's and the public log are the same as when the pass is made by hand; the setting is in no view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.his2p.test_events_hands import inquisition_game
from tests.his2p.test_events_mandatory import impulse_with, play_event
from tests.his2p.test_land_war import erfurt_game, hapsburg_move, texts
from umpire.bots.his2p import make_bot
from umpire.games.his2p import core, engine
from umpire.games.his2p.events import responses
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import debates
from umpire.games.his2p.war import windows
from umpire.kernel.canonical import canonical_json
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game, replay

pytestmark = pytest.mark.responses  # the windows open as in a real game (conftest.py)

ON = {"type": "autopass", "kind": "unless_playable", "on": True}
OFF = {"type": "autopass", "kind": "unless_playable", "on": False}
#: Cards that are no response and no combat card (never offered in a window).
QUIET = [60, 61]
WINDOWS = (responses.WINDOW, windows.WINDOW)


def declared(hand: list[int], setting: bool, leaders: list[str] | None = None) -> Game:
    """The Papacy moves Charles V's Hapsburgs from Leipzig against Erfurt: the Protestant's response window."""
    game = erfurt_game()
    game.state["hands"]["protestant"] = list(hand)
    if setting:
        windows.set_preference(game.state, "protestant", ON)  # as if sent in an earlier decision of its own
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"] if leaders is None else leaders))
    return game


def top(game: Game) -> dict[str, Any]:
    decision = core.top(game.state)
    assert decision is not None
    return decision


def test_a_response_window_with_nothing_playable_passes_at_once_as_a_manual_pass() -> None:
    manual = declared(QUIET, setting=False)
    assert top(manual)["kind"] == responses.WINDOW
    manual.act("protestant", {"type": "pass"})
    auto = declared(QUIET, setting=True)
    assert top(auto)["kind"] != responses.WINDOW
    assert "protestant passes in the action declared response window" in texts(auto)
    assert auto.state["log"] == manual.state["log"]
    for role in ("papacy", "observer"):
        assert auto.view(role) == manual.view(role)
    own = auto.view("protestant")
    assert own.pop("autopass_unless_playable") is True  # its own page shows its box ticked; nothing else differs
    mine = manual.view("protestant")
    assert mine.pop("autopass_unless_playable") is False and own == mine


def test_a_window_opens_when_a_card_of_the_hand_can_be_played_there() -> None:
    game = declared([31, 60], setting=True)
    assert top(game)["kind"] == responses.WINDOW and top(game)["role"] == "protestant"
    assert {"type": "play", "card": 31} in game.view("protestant")["actions"]


def test_playable_is_what_the_window_offers_gout_without_a_leader_passes() -> None:
    """Gout (#32) strikes an army leader of the formation: a move without one offers no Gout, so it passes."""
    with_leader = declared([32], setting=True)
    assert top(with_leader)["kind"] == responses.WINDOW
    without = declared([32], setting=True, leaders=[])
    assert top(without)["kind"] != responses.WINDOW
    assert "protestant passes in the action declared response window" in texts(without)


def battle(papal_hand: list[int], setting: bool) -> Game:
    """The Protestant stands at Erfurt: the Papacy's field-battle window (for the Hapsburg attacker) comes first."""
    game = erfurt_game()
    game.state["hands"]["papacy"] = list(papal_hand)
    game.state["hands"]["protestant"] = []
    if setting:
        game.act("papacy", ON)  # in its own CP decision, which stays open
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    game.act("protestant", {"type": "pass"})  # its response window, by hand in both games
    game.act("protestant", {"type": "stand"})
    return game


def test_a_combat_window_with_nothing_playable_passes_at_once_and_the_other_side_sees_the_same() -> None:
    manual = battle(QUIET, setting=False)
    assert top(manual)["kind"] == windows.WINDOW and top(manual)["role"] == "papacy"
    manual.act("papacy", {"type": "pass"})
    auto = battle(QUIET, setting=True)
    assert auto.state["log"] == manual.state["log"]
    assert "papacy passes in the field battle window at erfurt" in texts(auto)
    for role in ("protestant", "observer"):
        assert auto.view(role) == manual.view(role)
    assert auto.view("papacy") == manual.view("papacy") | {"autopass_unless_playable": True}
    held = battle([24], setting=True)  # Arquebusiers may be played there: the window opens
    assert top(held)["kind"] == windows.WINDOW and {"type": "play", "card": 24} in held.view("papacy")["actions"]


def test_the_setting_is_private_offered_nowhere_and_turned_off_again() -> None:
    game = erfurt_game()  # the Papacy decides (its CP)
    before = {role: game.view(role) for role in ("papacy", "protestant", "observer", "gm")}
    assert before["papacy"]["autopass_unless_playable"] is False
    game.act("papacy", ON)
    assert windows.unless_playable(game.state, "papacy")
    assert game.view("papacy")["decision"] == before["papacy"]["decision"]  # the CP decision stays open
    after = {role: game.view(role) for role in before}
    assert after["papacy"] == before["papacy"] | {"autopass_unless_playable": True}  # its own box only
    assert {r: v for r, v in after.items() if r != "papacy"} == {r: v for r, v in before.items() if r != "papacy"}
    assert after["protestant"]["autopass_unless_playable"] is False  # the Protestant's own box, not the Papacy's
    assert "unless_playable" not in str(after["observer"]) + str(after["gm"])
    assert not any(a.get("kind") == windows.UNLESS_PLAYABLE for a in engine.legal_actions(game.state, "papacy"))
    game.act("papacy", OFF)
    assert not windows.unless_playable(game.state, "papacy")


def test_the_setting_waits_for_a_decision_of_the_seats_own() -> None:
    """Sent while the other player decides it would be the last action, and that player's undo refused (HIS-R09)."""
    game = erfurt_game()
    with pytest.raises(IllegalAction, match="it is not protestant's turn to act: waiting for papacy"):
        game.act("protestant", ON)


def test_the_impulse_offers_no_button_for_it_the_page_has_the_box() -> None:
    game = erfurt_game()
    windows.set_preference(game.state, "protestant", ON)
    windows.set_autopass(game.state, "protestant", {"kind": responses.ACTION_DECLARED, "on": True})
    assert windows.autopass_actions(game.state, "protestant") == [
        {"type": "autopass", "kind": responses.ACTION_DECLARED, "on": False}
    ]


@pytest.mark.parametrize(
    "action",
    [
        {"type": "autopass", "kind": "unless_playable"},
        {"type": "autopass", "kind": "unless_playable", "on": "yes"},
        {"type": "autopass", "kind": "unless_playable", "on": True, "extra": 1},
    ],
)
def test_a_malformed_setting_is_refused_with_what_is_expected(action: dict[str, Any]) -> None:
    game = erfurt_game()
    with pytest.raises(IllegalAction, match=r'the auto-pass setting is \{"type": "autopass", "kind": "unless_pla'):
        game.act("papacy", action)


def play(seed: int, setting: bool) -> tuple[Game, int, list[dict[str, Any]]]:
    """A whole seeded game of the normal bot on both sides, where the Protestant (a person) passes by hand every
    window in which it can play nothing, or has the setting on; the times it is asked and the Papacy's views."""
    game = new_game("his2p", seed=seed)
    if setting:
        game.act("protestant", ON)  # in its first decision, Luther's 95 Theses
    bots = {role: make_bot("normal") for role in ("papacy", "protestant")}
    rngs = {role: random.Random(f"{seed}-{role}") for role in bots}
    asked, seen = 0, []
    while not game.state.get("over") and not game.state.get("blocked") and engine.acting_roles(game.state):
        role = engine.acting_roles(game.state)[0]
        view = game.view(role)
        if role == "protestant" and (view["decision"] or {}).get("kind") in WINDOWS:
            asked += 1
            if not any(a["type"] == "play" for a in view["actions"]):
                game.act(role, {"type": "pass"})
                continue
        if role == "papacy":
            seen.append(view)
        action = bots[role].act(view, rngs[role])
        assert action is not None
        game.act(role, action)
    return game, asked, seen


def test_a_seeded_game_looks_the_same_to_the_papacy_with_and_without_the_setting_and_replays() -> None:
    """Seed 2 has a Leipzig Debate whose German debate opens the Protestant's window: the rounds resumed after a
    pass by hand keep the card's barred debater as an auto-pass does (the window keeps it, HIS-R09)."""
    manual, asked_by_hand, seen_by_hand = play(2, setting=False)
    auto, asked_auto, seen_auto = play(2, setting=True)
    assert manual.state["over"] and auto.state["over"]
    assert auto.state["log"] == manual.state["log"]
    assert seen_auto == seen_by_hand  # every view the Papacy decided on
    assert auto.view("papacy") == manual.view("papacy") and auto.view("observer") == manual.view("observer")
    assert asked_auto < asked_by_hand / 3
    assert canonical_json(replay(auto.record).state) == canonical_json(auto.state)


def test_6_leipzig_debate_bar_holds_in_the_rounds_after_the_here_i_stand_window_is_passed_by_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The card bars Luther only while its call runs; the German debate's window (Here I Stand: he lives and does not
    defend) pauses it, and the rounds resumed after a pass by hand still see him barred, as when the window passes
    at once (HIS-R09)."""
    game = impulse_with("papacy", 6)
    before = game.state["debaters"]["luther"]
    play_event(game, "papacy", 6)
    game.act("protestant", {"type": "pass"})  # the event's window
    game.act("papacy", {"type": "leipzig", "zone": "german", "bar": "luther"})
    game.act("papacy", {"type": "defender", "pool": "uncommitted"})
    window = top(game)
    assert window["window"] == responses.DEBATE_ROUND and "luther" in window["absent"]
    seen: list[str] = []
    rolled = debates._debate_round

    def spy(state: dict[str, Any], *args: Any) -> Any:
        seen.append(state["debaters"]["luther"])
        return rolled(state, *args)

    monkeypatch.setattr(debates, "_debate_round", spy)
    while core.top(game.state) and top(game)["kind"] == responses.WINDOW:
        game.act("protestant", {"type": "pass"})  # each round's window, by hand
    assert seen and set(seen) == {"absent"}  # barred in every round rolled
    assert game.state["debaters"]["luther"] == before  # and back once the debate is over


def test_56_papal_inquisition_dice_hold_in_the_round_after_the_here_i_stand_window_is_passed_by_hand() -> None:
    """Papal Inquisition's two extra dice last only while its call runs; the German debate's window pauses it, and
    the round rolled after a pass by hand still has them (HIS-R09)."""
    game = inquisition_game()
    for space in ("florence", "siena"):
        game.state["spaces"][space]["protestant"] = False
    game.state["debaters"]["luther"] = "committed"  # so an uncommitted debater defends and Luther's window opens
    play_event(game, "papacy", 56)
    game.act("protestant", {"type": "pass"})  # the event's window
    game.act("papacy", {"type": "debate", "zone": "german"})
    pools = [a for a in game.view("papacy")["actions"] if a.get("pool") == "uncommitted"]
    game.act("papacy", pools[0])
    assert top(game)["kind"] == responses.WINDOW and top(game)["extra_dice"] == 2
    game.act("protestant", {"type": "pass"})
    attack = next(
        r for r in game.state["rolls"] if r["purpose"].startswith("debate round 1") and "attacks" in r["purpose"]
    )
    people = load_people().debaters
    attacker = next(d for d, info in people.items() if attack["purpose"].endswith(f"{info.name} attacks"))
    assert attack["kind"] == f"{people[attacker].value + 3 + 2}d6"  # value + 3 attacking + 2 Papal Inquisition
    assert "debate_extra_dice" not in game.state
