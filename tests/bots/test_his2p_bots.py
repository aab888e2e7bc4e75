"""Here I Stand bots (issue 16, point 2): legal, repeatable, seeing only their seat's view; ``normal``'s choices."""

from __future__ import annotations

from umpire.bots.registry import bot_for, levels
from umpire.kernel.bots import run_bots
from umpire.kernel.game import new_game


def test_the_random_bot_is_registered_and_plays_until_the_engine_stops() -> None:
    assert levels("his2p") == ("random", "normal")
    game = new_game("his2p", seed=3)
    bots = {seat: bot_for("his2p", "random") for seat in game.ruleset.seats(game.state)}
    taken = run_bots(game, dict(bots))
    assert taken > 10
    assert game.state.get("blocked") or game.state.get("over")
    again = new_game("his2p", seed=3)
    run_bots(again, {seat: bot_for("his2p", "random") for seat in again.ruleset.seats(again.state)})
    assert again.record["actions"] == game.record["actions"]  # the same seed plays the same game


def test_umpire_play_his2p_reports_where_the_game_stops() -> None:
    from typer.testing import CliRunner

    from umpire.cli.main import app

    result = CliRunner().invoke(app, ["play", "his2p", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "Luther's 95 Theses" in result.output
    assert "The game stops:" in result.output or "Game over:" in result.output


def test_the_normal_bot_plays_legal_games_and_repeats_them() -> None:
    for seed in (1, 4):
        game = new_game("his2p", seed=seed)
        bots = {seat: bot_for("his2p", "normal") for seat in game.ruleset.seats(game.state)}
        assert run_bots(game, dict(bots)) > 10  # Game.act refuses anything illegal
        again = new_game("his2p", seed=seed)
        run_bots(again, {seat: bot_for("his2p", "normal") for seat in again.ruleset.seats(again.state)})
        assert again.record["actions"] == game.record["actions"]


def test_the_normal_bots_event_lists_name_real_cards() -> None:
    from umpire.bots.his2p import CP_VALUE, GOOD_EVENTS
    from umpire.games.his2p.cards import load_cards

    names = {card.name for card in load_cards().main.values()}
    for side, events in GOOD_EVENTS.items():
        assert events <= names, (side, sorted(events - names))
    assert set(CP_VALUE) == set(GOOD_EVENTS) == {"papacy", "protestant"}


def _cp_view(role: str, actions: list[dict[str, object]]) -> dict[str, object]:
    game = new_game("his2p", seed=0)
    view = game.view(role)
    view["decision"] = {"kind": "cp", "role": role, "cp": 5}
    view["actions"] = actions
    return view


def test_the_normal_protestant_translates_german_scripture_first() -> None:
    import random

    from umpire.bots.his2p import NormalBot

    actions: list[dict[str, object]] = [
        {"type": "done"},
        {"type": "publish_treatise", "zone": "english"},
        {"type": "translate_scripture", "zone": "french"},
        {"type": "translate_scripture", "zone": "german"},
        {"type": "move_formation", "from": "a", "to": "b", "regular": 1, "mercenary": 0, "leaders": []},
    ]
    chosen = NormalBot().act(_cp_view("protestant", actions), random.Random(0))
    assert chosen == {"type": "translate_scripture", "zone": "german"}


def test_the_normal_papacy_builds_st_peters_rather_than_moving() -> None:
    import random

    from umpire.bots.his2p import NormalBot

    actions: list[dict[str, object]] = [
        {"type": "done"},
        {"type": "build_st_peters"},
        {"type": "move_formation", "from": "a", "to": "b", "regular": 1, "mercenary": 0, "leaders": []},
        {"type": "build_squadron", "space": "rome"},
    ]
    assert NormalBot().act(_cp_view("papacy", actions), random.Random(0)) == {"type": "build_st_peters"}


def test_the_normal_bot_targets_where_its_religion_has_neighbours() -> None:
    """18.3: reformation dice come from adjacent Protestant spaces; the bot picks the best-supported target."""
    import random

    from umpire.bots.his2p import NormalBot, support
    from umpire.games.his2p.mapdata import load_map

    game = new_game("his2p", seed=0)
    view = game.view("protestant")  # Luther's 95 Theses: five attempts next to Wittenberg
    targets = [a["space"] for a in view["actions"]]
    favoured = targets[-1]
    for near in load_map().adjacent(favoured):
        if near in view["spaces"]:
            view["spaces"][near]["protestant"] = True
    assert support(view, "protestant", favoured) > max(support(view, "protestant", t) for t in targets[:-1]) + 1.5
    assert NormalBot().act(view, random.Random(0)) == {"type": "target", "space": favoured}


def test_the_normal_bot_plays_its_sides_events_and_spends_the_rest_as_cp() -> None:
    import random

    from umpire.bots.his2p import NormalBot

    game = new_game("his2p", seed=0)
    view = game.view("protestant")
    view["decision"] = {"kind": "impulse", "role": "protestant"}
    view["actions"] = [
        {"type": "pass"},
        {"type": "play", "card": 90, "as": "event"},  # Printing Press: the Protestant's
        {"type": "play", "card": 90, "as": "cp"},
        {"type": "play", "card": 81, "as": "event"},  # Indulgence Vendor: the Papacy's
        {"type": "play", "card": 81, "as": "cp"},
    ]
    assert NormalBot().act(view, random.Random(0)) == {"type": "play", "card": 90, "as": "event"}
    view["actions"] = view["actions"][3:]
    assert NormalBot().act(view, random.Random(0)) == {"type": "play", "card": 81, "as": "cp"}


def test_a_finished_his2p_game_says_who_won_and_how() -> None:
    """``umpire play``/``act`` report a Here I Stand ending with its winner and how, not as ended by the GM."""
    from umpire.cli.outcome import end_reason

    view = {"over": True, "winner": "papacy", "outcome": "domination victory: 22 VP to 10"}
    assert end_reason(view) == "papacy wins: domination victory: 22 VP to 10"


def test_the_normal_bot_plays_a_combat_card_in_its_window_then_passes() -> None:
    import random

    from umpire.bots.his2p import NormalBot

    view = _cp_view("papacy", [{"type": "pass"}, {"type": "pass", "always": True}, {"type": "play", "card": 24}])
    view["decision"] = {"kind": "combat_window", "role": "papacy", "window": "field_battle", "side": "attacker"}
    assert NormalBot().act(view, random.Random(0)) == {"type": "play", "card": 24}
    view["actions"] = [{"type": "pass"}, {"type": "pass", "always": True}]
    assert NormalBot().act(view, random.Random(0)) == {"type": "pass"}


def _war_view(role: str, actions: list[dict[str, object]], kind: str = "cp") -> dict[str, object]:
    game = new_game("his2p", seed=0)
    view = game.view(role)
    view["decision"] = {"kind": kind, "role": role}
    view["diplomacy"] = {"at_war": [["hapsburg", "protestant"], ["papacy", "protestant"]], "allied": []}
    view["actions"] = actions
    return view


def test_the_normal_papacy_at_war_assaults_and_attacks_with_hapsburg_units() -> None:
    import random

    from umpire.bots.his2p import NormalBot

    quiet = {"type": "move_formation", "from": "vienna", "to": "linz", "regular": 2, "mercenary": 0, "leaders": []}
    attack = {**quiet, "from": "leipzig", "to": "wittenberg", "regular": 4, "power": "hapsburg"}
    view = _war_view("papacy", [{"type": "done"}, {"type": "build_st_peters"}, quiet, attack])
    view["spaces"]["wittenberg"]["control"] = "protestant"
    view["spaces"]["linz"]["control"] = "hapsburg"
    assert NormalBot().act(view, random.Random(0)) == attack  # four units into a Protestant space: before St. Peter's
    view["actions"] = [*view["actions"], {"type": "assault", "space": "erfurt", "power": "hapsburg"}]
    assert NormalBot().act(view, random.Random(0)) == {"type": "assault", "space": "erfurt", "power": "hapsburg"}


def test_the_normal_bot_intercepts_only_with_three_or_more_units() -> None:
    import random

    from umpire.bots.his2p import NormalBot

    small = {"type": "intercept", "power": "protestant", "from": "erfurt", "regular": 2, "mercenary": 0, "leaders": []}
    big = {**small, "regular": 4}
    view = _war_view("protestant", [{"type": "decline"}, small], kind="intercept")
    assert NormalBot().act(view, random.Random(0)) == {"type": "decline"}
    view["actions"] = [{"type": "decline"}, small, big]
    assert NormalBot().act(view, random.Random(0)) == big


def _impulse_view(role: str, actions: list[dict[str, object]], discard: list[int]) -> dict[str, object]:
    view = _cp_view(role, actions)
    view["decision"] = {"kind": "impulse", "role": role}
    view["discard"] = discard
    return view


def test_the_normal_protestant_plays_here_i_stand_as_an_event_only_for_a_card_worth_more_than_its_cp() -> None:
    """6.2: the event swaps Here I Stand's 5 CP for a card of the discard pile; a 2-CP card is not worth it."""
    import random

    from umpire.bots.his2p import NormalBot

    actions: list[dict[str, object]] = [
        {"type": "play", "card": 7, "as": "event"},
        {"type": "play", "card": 7, "as": "cp"},
        {"type": "play", "card": 31, "as": "cp"},
    ]
    poor = _impulse_view("protestant", actions, [31, 14])  # Foul Weather (2 CP); Paul III may not be taken back
    assert NormalBot().act(poor, random.Random(0)) == {"type": "play", "card": 7, "as": "cp"}
    rich = _impulse_view("protestant", actions, [31, 46])  # Calvin's Institutes: 5 CP and the Protestant's event
    assert NormalBot().act(rich, random.Random(0)) == {"type": "play", "card": 7, "as": "event"}


def test_the_normal_protestant_takes_back_the_best_card_and_plays_it_for_its_side() -> None:
    import random

    from umpire.bots.his2p import NormalBot

    view = _cp_view("protestant", [{"type": "retrieve", "card": n} for n in (31, 46, 88)])
    view["decision"] = {"kind": "here_i_stand", "role": "protestant"}
    assert all(NormalBot().act(view, random.Random(i)) == {"type": "retrieve", "card": 46} for i in range(8))
    view["decision"] = {"kind": "here_i_stand", "role": "protestant", "card": 88}
    view["actions"] = [
        {"type": "play", "card": 88, "as": "event"},  # Peasants' War helps the Papacy
        {"type": "play", "card": 88, "as": "cp"},
        {"type": "hold"},
    ]
    assert all(NormalBot().act(view, random.Random(i)) == {"type": "play", "card": 88, "as": "cp"} for i in range(8))


def test_the_normal_bot_plays_its_own_invasion_and_keeps_the_card_the_other_player_resolves() -> None:
    """Seed 9, ruling HIS-D02: French Invasion (206) is resolved by the Protestant, Knights of St. John (208) by the
    Papacy, Plague (209) by its player."""
    import random

    from umpire.bots.his2p import NormalBot

    view = _cp_view("protestant", [{"type": "diplomatic_card", "card": n} for n in (208, 206)])
    view["decision"] = {"kind": "diplomatic_play", "role": "protestant"}
    assert NormalBot().act(view, random.Random(0)) == {"type": "diplomatic_card", "card": 206}
    view["actions"] = [{"type": "diplomatic_card", "card": n} for n in (208, 209)]
    assert NormalBot().act(view, random.Random(0)) == {"type": "diplomatic_card", "card": 209}
    view["role"] = "papacy"
    view["decision"] = {"kind": "diplomatic_play", "role": "papacy"}
    assert NormalBot().act(view, random.Random(0)) == {"type": "diplomatic_card", "card": 208}
