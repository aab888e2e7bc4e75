"""Here I Stand positions (issue 31 point 1; ``games/his2p/position.py``, docs/positions.md): written from any
state, a new game from one shows every role what the original showed, its replay is byte-identical, and a bad
position gets one line per problem naming the field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_cli import umpire
from umpire.bots.his2p import NormalBot
from umpire.kernel.bots import play_bot
from umpire.kernel.canonical import canonical_json
from umpire.kernel.errors import BadPosition, UmpireError
from umpire.kernel.game import Game, load_game, new_game, replay
from umpire.kernel.position import FORMAT, write_position
from umpire.kernel.undo import rewind

ROLES = ("papacy", "protestant", "gm", "observer")


def played(seed: int, actions: int) -> Game:
    """A his2p game after ``actions`` actions of two normal bots."""
    game = new_game("his2p", seed=seed)
    bots = {"papacy": NormalBot(), "protestant": NormalBot()}
    while len(game.record["actions"]) < actions and not game.ruleset.is_over(game.state):
        for seat, bot in bots.items():
            action = play_bot(bot, game.view(seat), seed, seat, len(game.record["actions"]))
            if action is not None:
                game.act(seat, action)
    return game


def views(game: Game) -> dict[str, Any]:
    """Every role's view less the history a position does not carry (the log and the dice rolled)."""
    return {role: {k: v for k, v in game.view(role).items() if k not in ("log", "rolls")} for role in ROLES}


@pytest.fixture(scope="module")
def midgame() -> Game:
    return played(23, 320)


def test_a_new_game_from_a_midgame_position_shows_every_role_the_same(midgame: Game) -> None:
    position = write_position(midgame.ruleset, midgame.state)
    assert position["format"] == FORMAT and position["ruleset"] == "his2p"
    assert not {"rng", "rolls", "log"} & set(position)
    again = new_game("his2p", seed=99, position=position)
    assert midgame.state["turn"] >= 3 and views(again) == views(midgame)
    assert again.view("papacy")["log"][-1]["text"].startswith("the game starts from a position: turn")
    assert write_position(again.ruleset, again.state) == position  # and it writes the same position back


def test_a_game_from_a_position_replays_byte_identical(midgame: Game) -> None:
    game = new_game("his2p", seed=5, position=write_position(midgame.ruleset, midgame.state))
    bots = {"papacy": NormalBot(), "protestant": NormalBot()}
    while len(game.record["actions"]) < 60 and not game.ruleset.is_over(game.state):
        for seat, bot in bots.items():
            action = play_bot(bot, game.view(seat), 5, seat, len(game.record["actions"]))
            if action is not None:
                game.act(seat, action)
    saved = json.loads(json.dumps(game.to_json()))
    assert canonical_json(replay(saved["record"]).state) == canonical_json(game.state)
    assert canonical_json(load_game(saved).state) == canonical_json(game.state)
    assert game.record["position"]["turn"] == midgame.state["turn"] and len(game.record["actions"]) >= 60


def test_the_seed_makes_the_dice_of_a_position_game(midgame: Game) -> None:
    # ruling K-G09: a position holds no dice; the new seed draws
    position = write_position(midgame.ruleset, midgame.state)
    one, two = (new_game("his2p", seed=s, position=position) for s in (1, 2))
    assert one.state["rng"] == {"seed": 1, "draws": 0} and two.state["rng"]["seed"] == 2


def test_positions_of_a_whole_game_are_all_valid() -> None:
    """Every moment of a bot game writes a position the checks accept (they refuse nothing a game reaches)."""
    game = new_game("his2p", seed=47)
    bots = {"papacy": NormalBot(), "protestant": NormalBot()}
    steps = 0
    while not game.ruleset.is_over(game.state) and steps < 2000:
        for seat, bot in bots.items():
            action = play_bot(bot, game.view(seat), 47, seat, len(game.record["actions"]))
            if action is not None:
                game.act(seat, action)
                steps += 1
                if steps % 10 == 0:
                    new_game("his2p", seed=1, position=write_position(game.ruleset, game.state))
    assert steps > 100


def problems_of(position: dict[str, Any]) -> list[str]:
    with pytest.raises(BadPosition) as refused:
        new_game("his2p", seed=1, position=position)
    return refused.value.problems


@pytest.fixture
def fresh() -> dict[str, Any]:
    game = new_game("his2p", seed=3)
    return json.loads(json.dumps(write_position(game.ruleset, game.state)))


def test_each_problem_gets_its_own_line_naming_the_field(fresh: dict[str, Any]) -> None:
    # ruling HIS-Q01
    fresh["units"]["gulf_of_lyon"] = {"papacy": {"regular": 2}}  # an impossible stack: an army at sea
    fresh["units"]["rome"]["papacy"]["cavalry"] = 1  # a unit its power does not have
    fresh["units"]["milan"] = {"papacy": {"squadron": 1}}  # a fleet inland
    fresh["hands"]["papacy"] = [fresh["deck"][0]]  # a card in two places
    fresh["spaces"]["rome"]["control"] = "spain"
    fresh["units"]["bordeaux"]["protestant"] = {"regular": 1}  # a unit where its power may not be (seed 13)
    fresh["turn"] = 12
    assert problems_of(fresh) == [
        "turn: expected 1 to 9, found 12",
        "spaces.rome.control: expected a power or independent, found 'spain'",
        "units.bordeaux.protestant.regular: protestant's units stand only in the German and Italian zones (seed 13),"
        " not in french zone",
        "units.gulf_of_lyon.papacy.regular: land units cannot stand in a sea zone",
        "units.milan.papacy.squadron: naval units stand only in ports and sea zones",
        "units.rome.papacy.cavalry: only the Ottomans have cavalry (rule 4.1)",
        f"card {fresh['deck'][0]}: in two places (deck, hands.papacy); expected exactly one",
    ]


def test_missing_unknown_and_history_fields_are_named(fresh: dict[str, Any]) -> None:
    del fresh["spaces"]["rome"]
    fresh["bogus"] = 1
    fresh["rolls"] = []
    lost = fresh["deck"].pop()
    fresh["diplomatic_deck"].append(fresh["diplomatic_deck"][0])
    fresh["stack"] = [{"kind": "nonsense"}]
    found = problems_of(fresh)
    assert found[:2] == [
        "bogus: not a field of a his2p position (docs/positions.md lists them)",
        "rolls: a position does not hold it (the new game makes its own)",
    ]
    assert "spaces.rome: missing; every land space needs its control and religion" in found
    assert any(line.startswith(f"card {lost}: in no pile or hand") for line in found)
    assert any(line.startswith(f"diplomatic card {fresh['diplomatic_deck'][0]}: in two places") for line in found)
    assert any(line.startswith("stack[0].kind: expected one of ") for line in found)
    del fresh["turn"]
    assert problems_of(fresh)[-1] == "turn: missing; expected a int"


def test_sieges_wars_people_and_options_are_checked(fresh: dict[str, Any]) -> None:
    fresh["sieges"] = {"worms": {"besieger": "hapsburg", "impulse": 1}, "vienna": {"besieger": "france"}}
    fresh["diplomacy"]["at_war"] = [["hapsburg", "hungary"], ["papacy", "papacy"]]
    fresh["leaders"]["nobody"] = "rome"
    fresh["debaters"]["eck"] = "asleep"
    fresh["spaces"]["istanbul"]["protestant"] = True
    fresh["options"]["deck"] = "gold"
    found = problems_of(fresh)
    assert found[0].startswith("options: option 'deck' cannot be 'gold'")
    for line in (
        "spaces.istanbul.protestant: an Ottoman home space never changes religion (rule 2.3)",
        "sieges.vienna: the besieger france has no land units in vienna",
        "sieges.worms: only a fortified land space can be besieged",
        "leaders.nobody: not a leader of the game",
        "diplomacy.at_war: ['papacy', 'papacy'] is not a pair of two different powers",
        "diplomacy: hapsburg and hungary cannot be both at war and allied",
    ):
        assert line in found
    assert any(line.startswith("debaters.eck: expected one of uncommitted") for line in found)


def test_tags_and_other_rulesets_are_refused_clearly(fresh: dict[str, Any]) -> None:
    with pytest.raises(BadPosition, match="format: expected"):
        new_game("his2p", position={**fresh, "format": "x"})
    with pytest.raises(BadPosition, match="this position is of 'his2p', not of 'standard'"):
        new_game("standard", position=fresh)
    with pytest.raises(UmpireError, match="standard cannot start from a position"):
        new_game("standard", position={**fresh, "ruleset": "standard"})
    with pytest.raises(UmpireError, match="own options"):
        new_game("his2p", options={"deck": "base"}, position=fresh)
    game = new_game("standard", seed=1)
    with pytest.raises(UmpireError, match="standard cannot write positions"):
        write_position(game.ruleset, game.state)


def test_the_command_line_writes_and_starts_from_positions(tmp_path: Path, midgame: Game) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(midgame.to_json()))
    written = umpire("position", str(saved))
    assert written.returncode == 0, written.stderr
    (tmp_path / "pos.json").write_text(written.stdout)
    started = umpire("new", "his2p", "--position", str(tmp_path / "pos.json"), "--seed", "8")
    assert started.returncode == 0, started.stderr
    game = load_game(json.loads(started.stdout))
    assert views(game) == views(midgame)
    bad = json.loads(written.stdout)
    bad["turn"], bad["units"]["gulf_of_lyon"] = 0, {"papacy": {"regular": 1}}
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    refused = umpire("new", "his2p", "--position", str(tmp_path / "bad.json"))
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.splitlines() == [
        "umpire: error: turn: expected 1 to 9, found 0",
        "umpire: error: units.gulf_of_lyon.papacy.regular: land units cannot stand in a sea zone",
    ]


def test_undo_and_a_tampered_record_of_a_position_game(midgame: Game) -> None:
    """A seat's undo and a GM's rollback rewind to the position, not to 1517; a record whose options were changed
    away from its position's is refused."""
    position = write_position(midgame.ruleset, midgame.state)
    game = new_game("his2p", seed=5, position=position)
    start = canonical_json(game.state)
    seat = game.view("gm")["acting"][0]
    game.act(seat, game.view(seat)["actions"][0])
    assert canonical_json(rewind(game.record, 1).state) == start
    tampered = json.loads(json.dumps(game.record))
    tampered["options"]["deck"] = "anniversary"
    with pytest.raises(UmpireError, match="options' differ from its position's"):
        replay(tampered)


def test_engine_fields_the_views_cannot_read_are_refused(fresh: dict[str, Any]) -> None:
    """A hand-edited decision the checks pass but the rules code cannot read is the position's error, not a crash."""
    fresh["stack"][-1] = {"kind": "cp", "role": "papacy"}
    found = problems_of(fresh)
    assert len(found) == 1 and found[0].startswith("stack: the open decision (cp) or the engine fields cannot")


def test_a_decision_whose_actions_cannot_be_carried_out_is_refused(fresh: dict[str, Any]) -> None:
    fresh["stack"] = [{"kind": "impulse", "role": "papacy"}]
    found = problems_of(fresh)
    assert len(found) == 1 and "cannot be carried out from this position" in found[0], found
