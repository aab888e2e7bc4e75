"""RR3 Map Control's movement steps through the ruleset (handbook, The Campaign System: Movement, Movement through
non-played states, Extortion, Loot, Mutiny; Battles, After combat, Death of leaders, Suppressing Revolts)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rr3.rr3fixtures import small_parts, text_of

from umpire.games.rr3.desks.armies import new_army
from umpire.games.rr3.desks.movement import after_battle, battle_side
from umpire.games.rr3.rules import RULESET
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import FORMAT, Game
from umpire.kernel.rng import init_rng

BOSROVIA_SEED, BOSROVIA_DRAW = 1524, 3_274_621
"""The generator position whose next nine d6 are the handbook's Bosrovia (3, 5, 2, 6, 3) and Ruritannia (1, 4, 3,
5) dice (found by search over the draws of seed 1524)."""


def land(state: str, lon: float, lat: float, cities: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"name": state.title(), "kind": "land", "state": state, "table": "mediterranean", "region": "italy",
            "religion": "catholic", "pos": [lon, lat], "cities": cities or []}  # fmt: skip


MAP: dict[str, Any] = {
    "format": "umpire-rr3-map/1",
    "areas": {
        "burgundy": land("france", 5, 47),
        "piedmont": land("france", 7.5, 45),
        "lombardy": land("milan", 9.2, 45.5, [{"id": "milano", "name": "Milano", "fort": 4, "capital": True}]),
        "veneto": land("venice", 12, 45.5, [{"id": "venezia", "name": "Venezia", "fort": 5, "capital": True}]),
        "liguria": land("genoa", 8.9, 44.4, [{"id": "genova", "name": "Genova", "fort": 3, "capital": True}]),
        "emilia": land("papacy", 11.3, 44.5, [{"id": "bologna", "name": "Bologna", "fort": 3}]),
        "romagna": land("papacy", 12.2, 44.2),
        "tyrol": land("austria", 11.4, 47.2),
    },
    "borders": [
        {"between": ["burgundy", "piedmont"], "kind": "pass", "name": "Mont Cenis"},
        {"between": ["tyrol", "veneto"], "kind": "pass", "name": "Brenner"},
        {"between": ["tyrol", "lombardy"], "kind": "land"},
        {"between": ["piedmont", "lombardy"], "kind": "land"},
        {"between": ["lombardy", "veneto"], "kind": "land"},
        {"between": ["liguria", "emilia"], "kind": "land"},
        {"between": ["emilia", "romagna"], "kind": "land"},
        {"between": ["piedmont", "liguria"], "kind": "river", "river": "po"},
        {"between": ["lombardy", "emilia"], "kind": "river", "river": "po"},
        {"between": ["veneto", "romagna"], "kind": "river", "river": "po"},
    ],
    "rivers": {
        "po": {"name": "Po", "course": [["piedmont", "liguria"], ["lombardy", "emilia"], ["veneto", "romagna"]]}
    },
}
HOMES = {"france": ["piedmont"], "milan": ["lombardy"], "venice": ["veneto"], "papacy": ["emilia", "romagna"],
         "austria": ["tyrol"], "genoa": ["liguria"]}  # fmt: skip


def make_game(
    *wars: tuple[str, str], seed: int = 9, options: dict[str, Any] | None = None, borders: list[dict[str, Any]] = ()
) -> Game:
    """The fixture position on this map (with ``borders`` added), at the pay step of turn 1, phase 2, with no army;
    ``options``: the game's rules options."""
    parts = small_parts()
    parts["geography"] = {**MAP, "borders": [*MAP["borders"], *borders]}
    parts["fleets"] = {}
    parts["armies"] = {}
    for sid, record in parts["states"].items():
        record["home"] = HOMES.get(sid, [])
        record["treasury"] = 20
    for a, b in wars:
        parts["states"][a]["at_war_with"].append(b)
    parts["areas"] = {a: {"owner": MAP["areas"][a]["state"], "religion": "catholic", "minority": None, "revolt": False,
                          "looted": False, "extorted": False, "purge_attempts": 0, "counters": 0}
                      for a in MAP["areas"]}  # fmt: skip
    parts["cities"] = {c["id"]: {"owner": MAP["areas"][a]["state"], "fort": c["fort"], "garrison": c["fort"] * 1000,
                                 "blockade": 0, "besieged_by": []}
                       for a, area in MAP["areas"].items() for c in area["cities"]}  # fmt: skip
    state: dict[str, Any] = {"ruleset": "rr3", "rng": init_rng(seed), "rolls": [], "control": {}}
    opts = RULESET.option_values(dict(options or {}))
    RULESET.start(state, parts, opts)
    record = {"format": FORMAT, "ruleset": "rr3", "scenario": "1524", "options": opts, "seed": seed, "actions": []}
    game = Game(RULESET, record, state)
    game.act("gm", {"type": "resolve"})
    assert (game.state["phase"], game.state["step"]) == (2, "pay")
    return game


def put(game: Game, aid: str, area: str, men: int = 10_000, **extra: Any) -> dict[str, Any]:
    sid = aid.rsplit("_", 1)[0]
    record = new_army(game.state, aid, sid, men, area, None, {"turn": 1, "phase": 1})
    record.update(extra)
    game.state["armies"][aid] = record
    return record


def step(game: Game) -> None:
    game.act("map_control", {"type": "next_step", "who": "test"})


def to_move1(game: Game) -> None:
    """Pay every army in full and open the first movement step."""
    for aid, army in sorted(game.state["armies"].items()):
        game.act(army["team"], {"type": "pay_army", "army": aid, "florins": -(-army["men"] // 5000)})
    step(game)
    assert game.state["step"] == "move1"


def intend(game: Game, team: str, *lines: dict[str, Any]) -> None:
    game.act(team, {"type": "intend", "intentions": list(lines)})


def rig(game: Game, faces: list[int | None]) -> None:
    """Move the game's generator to the next draw whose coming d6 faces match ``faces`` (None: any face)."""
    seed, n = game.state["rng"]["seed"], game.state["rng"]["draws"]
    while True:
        probe: dict[str, Any] = {"rng": {"seed": seed, "draws": n}, "rolls": []}
        got = rng.roll_many(probe, "probe", len(faces))
        if all(f is None or f == g for f, g in zip(faces, got, strict=True)):
            game.state["rng"]["draws"] = n
            return
        n += 1


def items(game: Game, kind: str, status: str = "pending") -> list[dict[str, Any]]:
    return [i for i in game.state["items"].values() if i["kind"] == kind and i["status"] == status]


def settle(game: Game, item: dict[str, Any], role: str = "map_control", **fields: Any) -> dict[str, Any]:
    game.act(role, {"type": "settle", "item": item["id"], "who": "test", **fields})
    settled: dict[str, Any] = game.state["items"][item["id"]]
    return settled


# --- intention cards ------------------------------------------------------------------------------------------------


def test_campaigns_cards_open_for_teams_with_movable_armies_and_stay_sealed() -> None:
    game = make_game(("austria", "venice"))
    put(game, "austria_1", "tyrol")
    put(game, "venice_1", "veneto")
    put(game, "milan_1", "lombardy", mutinous=True, arrears=1)
    to_move1(game)
    assert sorted(game.state["box"]) == ["habsburgs", "venice"]
    # a team's box waits on the team and on each of its player seats (RR3-K01)
    habsburgs = ["habsburgs", "ruler_of_austria", "ruler_of_spain"]
    assert game.view("observer")["waiting_for"] == sorted([*habsburgs, "ruler_of_venice", "venice"])
    intend(game, "habsburgs", {"army": "austria_1", "option": "move", "path": ["lombardy"], "engage": True})
    assert game.state["box"]["habsburgs"]["submission"]["armies"]["austria_1"]["path"] == ["lombardy"]
    assert game.view("observer")["waiting_for"] == ["ruler_of_venice", "venice"]
    venice = game.view("venice")
    assert venice["team"]["intention"]["submission"] is None  # its own, empty box only
    assert '"engage": true' not in text_of(venice) and '"engage": true' not in text_of(game.view("observer"))
    with pytest.raises(IllegalAction, match="not possible for milan now"):
        intend(game, "milan", {"army": "milan_1", "option": "stay"})


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ({"army": "venice_1", "option": "stay"}, "not an army of habsburgs"),
        ({"army": "austria_1", "option": "move", "path": ["lombardy", "piedmont", "liguria"]}, "1 or 2 areas"),
        ({"army": "austria_1", "option": "move", "path": ["veneto", "romagna"]}, "crosses a mountain pass"),
        ({"army": "austria_1", "option": "move", "path": ["emilia"]}, "cannot step from tyrol to emilia"),
        ({"army": "austria_1", "option": "move", "path": ["lombardy", "veneto"]}, "enemy city milano"),
    ],
)
def test_campaigns_bad_intentions_are_refused_with_the_reason(line: dict[str, Any], message: str) -> None:
    game = make_game(("austria", "milan"))
    put(game, "austria_1", "tyrol")
    put(game, "venice_1", "veneto")
    to_move1(game)
    with pytest.raises(IllegalAction, match=message):
        intend(game, "habsburgs", line)
    assert game.state["box"]["habsburgs"]["submission"] is None


def test_campaigns_two_lines_for_one_army_are_refused() -> None:
    game = make_game()
    put(game, "austria_1", "tyrol")
    to_move1(game)
    with pytest.raises(IllegalAction, match="two lines"):
        intend(game, "habsburgs", {"army": "austria_1", "option": "stay"}, {"army": "austria_1", "option": "stay"})


# --- moving ---------------------------------------------------------------------------------------------------------


def test_campaigns_downriver_two_areas_free_two_areas_one_fatigue_pass_one_fatigue() -> None:
    game = make_game()
    put(game, "france_1", "piedmont")
    put(game, "papacy_1", "romagna")
    put(game, "austria_1", "tyrol")
    to_move1(game)
    intend(game, "france", {"army": "france_1", "option": "move", "path": ["lombardy", "veneto"]})
    intend(game, "papacy", {"army": "papacy_1", "option": "move", "path": ["emilia", "liguria"]})
    intend(game, "habsburgs", {"army": "austria_1", "option": "move", "path": ["veneto"]})
    step(game)
    armies = game.state["armies"]
    assert (armies["france_1"]["area"], armies["france_1"]["fatigue"]) == ("veneto", 0)  # downriver
    assert (armies["papacy_1"]["area"], armies["papacy_1"]["fatigue"]) == ("liguria", 1)  # upriver, two areas
    assert (armies["austria_1"]["area"], armies["austria_1"]["fatigue"]) == ("veneto", 1)  # the Brenner
    assert armies["france_1"]["came_from"] == "lombardy" and armies["france_1"]["moved_phase"] == 2
    [moved] = [e for e in game.state["journal"] if e["title"] == "Movement step 1"]
    assert "france_1 piedmont -> lombardy -> veneto" in moved["text"] and moved["public"]


def test_campaigns_a_team_missing_its_card_misses_the_step_and_recovers_no_fatigue() -> None:
    game = make_game()
    put(game, "france_1", "piedmont", fatigue=2)
    put(game, "milan_1", "lombardy", fatigue=2)
    to_move1(game)
    intend(game, "milan", {"army": "milan_1", "option": "stay"})
    step(game)
    assert game.state["armies"]["france_1"]["fatigue"] == 2
    assert game.state["armies"]["milan_1"]["fatigue"] == 1
    assert any("no intention card from france" in e["text"] for e in game.state["journal"])
    assert sorted(game.state["box"]) == ["france", "milan"]  # the second step's cards are open


# --- contact and battle ---------------------------------------------------------------------------------------------


def test_campaigns_bosrovia_against_ruritannia_through_a_battle_item() -> None:
    """Handbook, *Battles*: 23,000 against 17,000, dice 3,5,2,6,3 (17) and 1,4,3,5 (10): the winner inflicts
    8,000 and the loser 2,000, leaving 21,000 and 9,000; the loser retreats."""
    game = make_game(("austria", "venice"))
    put(game, "austria_1", "tyrol", 23_000)
    put(game, "venice_1", "veneto", 17_000)
    game.state["states"]["austria"]["treasury"] = 30
    to_move1(game)
    intend(game, "habsburgs", {"army": "austria_1", "option": "move", "path": ["lombardy"]})
    intend(game, "venice", {"army": "venice_1", "option": "move", "path": ["lombardy"]})
    step(game)
    [battle] = items(game, "battle")
    assert battle["title"] == "Battle at lombardy: austria_1 against venice_1" and battle["desk"] == "map_control"
    game.state["rng"] = {"seed": BOSROVIA_SEED, "draws": BOSROVIA_DRAW}
    done = settle(game, battle)
    assert [d["result"] for d in done["dice"][:2]] == [[3, 5, 2, 6, 3], [1, 4, 3, 5]]
    armies = game.state["armies"]
    assert armies["austria_1"]["men"] == 21_000 and armies["venice_1"]["men"] == 9_000
    assert "austria_1 wins" in done["outcome"] and done["public"]
    # the loser retreats; Map Control settling its choice with none given takes the way it came (veneto)
    [retreat] = items(game, "retreat")
    assert retreat["params"]["options"] == ["veneto", "emilia", "piedmont", "tyrol"]
    retreat = settle(game, retreat)
    assert game.state["armies"]["venice_1"]["area"] == "veneto" and "retreats to veneto" in retreat["outcome"]


def battle_lost_by_venice(game: Game) -> dict[str, Any]:
    put(game, "austria_1", "tyrol", 23_000)
    put(game, "venice_1", "veneto", 17_000)
    game.state["states"]["austria"]["treasury"] = 30
    to_move1(game)
    intend(game, "habsburgs", {"army": "austria_1", "option": "move", "path": ["lombardy"]})
    intend(game, "venice", {"army": "venice_1", "option": "move", "path": ["lombardy"]})
    step(game)
    [battle] = items(game, "battle")
    # the battle's one click asks nothing of where the loser goes: that is chosen after the dice
    [shown] = [i for i in game.view("map_control")["desk"]["pending"] if i["id"] == battle["id"]]
    form = next(f for f in shown["actions"] if f["type"] == "settle")
    assert form["fields"] == []
    game.state["rng"] = {"seed": BOSROVIA_SEED, "draws": BOSROVIA_DRAW}
    return settle(game, battle)


def test_campaigns_the_loser_chooses_its_retreat_after_the_dice() -> None:
    """Handbook, *After combat*: "The losing army must retreat to an adjacent area, preferably on the line on which
    it advanced or to a friendly area". Issue 19: the retreat was a field of the battle's settle form, chosen by Map
    Control before the dice; now the beaten army's team chooses once the battle is fought (RR3-H04)."""
    game = make_game(("austria", "venice"))
    done = battle_lost_by_venice(game)
    assert "venice_1 must retreat: veneto, emilia, piedmont, tyrol (its choice)" in done["outcome"]
    assert game.state["armies"]["venice_1"]["area"] == "lombardy"  # waits for its team's choice
    [retreat] = items(game, "retreat")
    assert retreat["team"] == "venice" and retreat["params"]["answer_by"] == "venice"
    form = next(f for f in game.view("venice")["actions"] if f["type"] == "choose_retreat")
    assert next(f for f in form["fields"] if f["name"] == "item")["choices"] == [retreat["id"]]
    assert not [f for f in game.view("habsburgs")["actions"] if f["type"] == "choose_retreat"]
    with pytest.raises(IllegalAction, match="Choose the retreat of a beaten army is not possible for habsburgs now"):
        game.act("habsburgs", {"type": "choose_retreat", "item": retreat["id"], "retreat_to": "emilia"})
    with pytest.raises(IllegalAction, match=r"'retreat_to' .* cannot be 'romagna'"):
        game.act("venice", {"type": "choose_retreat", "item": retreat["id"], "retreat_to": "romagna"})
    game.act("venice", {"type": "choose_retreat", "item": retreat["id"], "retreat_to": "emilia", "who": "Gritti"})
    assert game.state["armies"]["venice_1"]["area"] == "emilia"
    closed = game.state["items"][retreat["id"]]
    assert closed["status"] == "settled" and closed["closed_by"] == {"role": "venice", "who": "Gritti"}


def test_campaigns_a_non_played_armys_retreat_is_non_played_states_controls_choice() -> None:
    """RR3-G03 and RR3-H04: a beaten non-played army's retreat waits for Non-played States Control."""
    game = make_game()
    put(game, "genoa_1", "liguria", 5_000)
    text = after_battle(game.state, "genoa_1", "liguria", {"id": "i0"})
    assert text == "genoa_1 must retreat: emilia, piedmont (its choice)"
    [retreat] = items(game, "retreat")
    assert retreat["params"]["answer_by"] == "nonplayed_control" and retreat["team"] is None
    game.act("nonplayed_control", {"type": "choose_retreat", "item": retreat["id"], "retreat_to": "piedmont"})
    assert game.state["armies"]["genoa_1"]["area"] == "piedmont"


def test_campaigns_an_unchosen_retreat_takes_the_line_of_advance_when_the_step_moves_on() -> None:
    game = make_game(("austria", "venice"))
    battle_lost_by_venice(game)
    step(game)  # Map Control calls the second movement step: the retreat is settled by the engine
    [done] = items(game, "retreat", "settled")
    assert game.state["armies"]["venice_1"]["area"] == "veneto" and done["closed_by"]["who"].startswith("engine")


def test_campaigns_river_defence_and_the_winner_leader_dying_on_a_double_one() -> None:
    game = make_game(("france", "papacy"))
    put(game, "france_1", "lombardy", 5_000, commander="ruler_of_france")
    put(game, "papacy_1", "emilia", 5_000, commander="ruler_of_papacy")
    to_move1(game)
    intend(game, "france", {"army": "france_1", "option": "move", "path": ["emilia"]})
    intend(game, "papacy", {"army": "papacy_1", "option": "stay"})
    step(game)
    [battle] = items(game, "battle")
    assert battle["params"]["river_defender"] == "papacy_1"
    # France's Swiss third of 5,000 is nothing; both roll a 3: the Pope's army scores 4 behind the Po and wins
    rig(game, [3, 3, 1, 1, 6, 6])  # battle dice, then France's leader 1+1 (dies), then the Pope's 6+6
    done = settle(game, battle)
    assert "papacy_1 wins" in done["outcome"]
    assert game.state["characters"]["ruler_of_france"]["alive"] is False
    assert game.state["characters"]["ruler_of_papacy"]["alive"] is True
    # The king leaves no kin: his crown waits for the new character Character Control gives his player (RR3-G01)
    [new] = items(game, "new_character")
    assert new["desk"] == "character_control" and new["params"]["states"] == ["france"]
    assert "Ruler of France is killed in battle at emilia" in done["outcome"]
    assert game.state["states"]["france"]["ruler"] is None
    assert game.state["armies"]["france_1"]["commander"] is None
    [retreat] = items(game, "retreat")
    settle(game, retreat)
    assert game.state["armies"]["france_1"]["area"] == "lombardy"  # retreats the way it came


def test_campaigns_a_king_killed_in_battle_passes_crown_cards_and_player_to_his_son() -> None:
    """Handbook, *Death of leaders* and *Death*: the regression of issue 19 -- a ruler killed in battle used to stay
    ruler and keep his cards. Now his son of age succeeds at once (RR3-G01)."""
    game = make_game(("france", "papacy"))
    game.state["characters"]["dauphin"] = {
        **game.state["characters"]["ruler_of_france"],
        "name": "The Dauphin",
        "born": 1505,
        "parents": ["ruler_of_france"],
        "played": False,
        "role": "child",
        "state": None,
    }
    put(game, "france_1", "lombardy", 5_000, commander="ruler_of_france")
    put(game, "papacy_1", "emilia", 5_000, commander="ruler_of_papacy")
    to_move1(game)
    intend(game, "france", {"army": "france_1", "option": "move", "path": ["emilia"]})
    intend(game, "papacy", {"army": "papacy_1", "option": "stay"})
    step(game)
    [battle] = items(game, "battle")
    rig(game, [3, 3, 1, 1, 6, 6])  # as above: France loses and its king dies on 1+1
    done = settle(game, battle)
    assert "Ruler of France is killed in battle at emilia" in done["outcome"] and "heir dauphin" in done["outcome"]
    state = game.state
    assert state["states"]["france"]["ruler"] == "dauphin" and not state["states"]["france"]["regency"]
    assert {c["holder"] for c in state["cards"].values() if c["state"] == "france"} == {"dauphin"}
    assert state["characters"]["dauphin"]["played"] and "dauphin" in state["teams"]["france"]["characters"]
    assert "ruler_of_france" not in state["teams"]["france"]["characters"]
    assert items(game, "new_character") == [] and items(game, "battle_death") == []


def test_campaigns_crossing_armies_meet_only_with_intention_to_engage() -> None:
    game = make_game(("france", "milan"))
    put(game, "france_1", "piedmont")
    put(game, "milan_1", "lombardy")
    to_move1(game)
    intend(game, "france", {"army": "france_1", "option": "move", "path": ["lombardy"]})
    intend(game, "milan", {"army": "milan_1", "option": "move", "path": ["piedmont"]})
    step(game)
    assert items(game, "battle") == []
    armies = game.state["armies"]
    assert (armies["france_1"]["area"], armies["milan_1"]["area"]) == ("lombardy", "piedmont")
    intend(game, "france", {"army": "france_1", "option": "move", "path": ["piedmont"], "engage": True})
    intend(game, "milan", {"army": "milan_1", "option": "move", "path": ["lombardy"]})
    step(game)
    [battle] = items(game, "battle")
    assert battle["params"]["area"] == "lombardy" and battle["params"]["how"] == "crossing"


def test_campaigns_intention_to_engage_catches_an_army_passing_and_retreat_before_combat() -> None:
    game = make_game(("austria", "venice"), ("france", "papacy"))
    put(game, "austria_1", "piedmont")
    put(game, "venice_1", "lombardy")
    put(game, "france_1", "liguria")
    put(game, "papacy_1", "emilia")
    to_move1(game)
    intend(game, "habsburgs", {"army": "austria_1", "option": "move", "path": ["lombardy", "veneto"]})
    intend(game, "venice", {"army": "venice_1", "option": "stay", "engage": True})
    intend(game, "france", {"army": "france_1", "option": "move", "path": ["emilia"]})
    intend(game, "papacy", {"army": "papacy_1", "option": "stay", "on_contact": "retreat", "retreat_to": "romagna"})
    step(game)
    assert game.state["armies"]["austria_1"]["area"] == "lombardy"  # stopped passing through
    [battle] = items(game, "battle")
    assert battle["params"]["armies"] == ["austria_1", "venice_1"] and battle["params"]["how"] == "interception"
    assert game.state["armies"]["papacy_1"]["area"] == "romagna"  # withdrew before combat
    assert any("papacy_1 retreated before combat from emilia to romagna" in e["text"] for e in game.state["journal"])


def test_campaigns_a_battle_left_pending_is_fought_when_the_step_moves_on() -> None:
    game = make_game(("austria", "venice"))
    put(game, "austria_1", "tyrol", 20_000)
    put(game, "venice_1", "lombardy", 5_000)
    game.state["states"]["austria"]["treasury"] = 30
    to_move1(game)
    intend(game, "habsburgs", {"army": "austria_1", "option": "move", "path": ["lombardy"]})
    step(game)
    step(game)
    [battle] = items(game, "battle", "settled")
    assert battle["closed_by"]["who"].startswith("engine")


# --- non-played states, extortion, loot -----------------------------------------------------------------------------


def test_campaigns_extorting_in_a_non_played_state_raises_its_ruler_d6_plus_2_thousand() -> None:
    game = make_game()
    put(game, "france_1", "piedmont", 10_000)
    to_move1(game)
    treasury = game.state["states"]["france"]["treasury"]
    intend(game, "france", {"army": "france_1", "option": "move", "path": ["liguria"], "extort": True})
    step(game)
    assert game.state["areas"]["liguria"]["extorted"] is True
    assert game.state["states"]["france"]["treasury"] == treasury + 1
    [passage] = items(game, "passage")
    assert passage["params"] == {"army": "france_1", "area": "liguria", "ruler": "genoa", "why": "extortion"}
    rig(game, [4, 6, 6, 1, 1])  # the levy: 4+2 = 6,000 men; France 6, 6 against the levy's 1, 1
    done = settle(game, passage)
    assert "genoa raises 6,000 men" in done["outcome"] and "france_1 wins" in done["outcome"]
    assert done["dice"][0]["purpose"] == "genoa: army raised to oppose passage (1d6+2 thousand)"
    # The Non-played States: "they will go to war if their territory is attacked"
    assert "france" in game.state["states"]["genoa"]["at_war_with"]
    assert "genoa" in game.state["states"]["france"]["at_war_with"]
    # the levy scores 1 + max(0, 1 - 4) = 1 and inflicts a quarter of it: nothing
    assert game.state["armies"]["france_1"]["men"] == 10_000 and game.state["armies"]["france_1"]["area"] == "liguria"
    with pytest.raises(IllegalAction, match="extorted on the first step"):
        intend(game, "france", {"army": "france_1", "option": "move", "path": ["emilia"]})


def test_campaigns_loot_a_whole_phase_annuls_an_arrears_box_or_gains_d6() -> None:
    game = make_game(("france", "milan"))
    put(game, "france_1", "lombardy", 10_000, arrears=1)
    put(game, "austria_1", "tyrol", 10_000)
    game.state["areas"]["tyrol"]["owner"] = "milan"  # a Milanese area for the Habsburgs to loot
    game.state["states"]["milan"]["at_war_with"] = []
    to_move1(game)
    intend(game, "france", {"army": "france_1", "option": "stay", "loot": True})
    intend(game, "habsburgs", {"army": "austria_1", "option": "stay", "loot": True})
    step(game)
    assert game.state["armies"]["france_1"]["looting"] and game.state["armies"]["austria_1"]["looting"]
    intend(game, "france", {"army": "france_1", "option": "stay"})
    step(game)  # the Habsburgs miss the second card: they stay, and go on looting
    treasury = game.state["states"]["austria"]["treasury"]
    rig(game, [5])
    game.act("gm", {"type": "resolve"})
    assert game.state["armies"]["france_1"]["arrears"] == 0  # annulled, so no desertion for it
    assert game.state["armies"]["france_1"]["men"] == 10_000
    assert game.state["states"]["austria"]["treasury"] == treasury + 5
    assert game.state["areas"]["lombardy"]["looted"] and game.state["areas"]["tyrol"]["looted"]


def test_campaigns_moving_on_gives_up_the_loot() -> None:
    game = make_game(("france", "milan"))
    put(game, "france_1", "lombardy", 10_000)
    to_move1(game)
    intend(game, "france", {"army": "france_1", "option": "stay", "loot": True})
    step(game)
    intend(game, "france", {"army": "france_1", "option": "move", "path": ["piedmont"]})
    step(game)
    game.act("gm", {"type": "resolve"})
    assert not game.state["areas"]["lombardy"]["looted"]


# --- mutineers and revolts ------------------------------------------------------------------------------------------


def test_campaigns_mutineers_move_by_themselves_and_besiege_a_near_city() -> None:
    game = make_game()
    put(game, "france_1", "piedmont", 10_000, arrears=2)
    rig(game, [1])
    step(game)  # unpaid: a third box, and the roll of 1 mutinies
    assert game.state["armies"]["france_1"]["arrears"] == 3 and game.state["armies"]["france_1"]["mutinous"]
    assert "france" not in game.state.get("box", {})
    step(game)
    assert game.state["armies"]["france_1"]["area"] == "liguria"
    assert "france_1" in game.state["cities"]["genova"]["besieged_by"]


def test_campaigns_suppressing_a_revolt() -> None:
    game = make_game()
    put(game, "milan_1", "lombardy", 10_000)
    game.state["areas"]["lombardy"]["revolt"] = True
    game.state["states"]["milan"]["unrest"] = 3
    game.act("milan", {"type": "suppress_revolt", "army": "milan_1"})
    with pytest.raises(IllegalAction, match="already tried"):
        game.act("milan", {"type": "suppress_revolt", "army": "milan_1"})
    [item] = items(game, "suppress_revolt")
    rig(game, [6])  # 6 + 3 = 9 < 10: suppressed
    done = settle(game, item)
    assert "suppresses" in done["outcome"] and game.state["areas"]["lombardy"]["revolt"] is False
    with pytest.raises(IllegalAction, match="not in revolt"):
        game.act("milan", {"type": "suppress_revolt", "army": "milan_1"})


def test_campaigns_a_failed_suppression_leaves_the_revolt() -> None:
    game = make_game()
    put(game, "milan_1", "lombardy", 8_000)
    game.state["areas"]["lombardy"]["revolt"] = True
    game.state["states"]["milan"]["unrest"] = 3
    game.act("milan", {"type": "suppress_revolt", "army": "milan_1"})
    [item] = items(game, "suppress_revolt")
    rig(game, [5])  # 5 + 3 = 8, not less than 8
    done = settle(game, item)
    assert "fails" in done["outcome"] and game.state["areas"]["lombardy"]["revolt"] is True


def test_campaigns_funds_given_to_the_rebels_count_against_the_army_suppressing_them() -> None:
    """The roll that put the revolt down above (6 + unrest 3 < 10) fails once France has given the Lutheran rebels
    1 florin through Religious Control (RR3-H05); the dice show it."""
    game = make_game()
    put(game, "milan_1", "lombardy", 10_000)
    game.state["areas"]["lombardy"].update(revolt=True, revolt_by="lutheran")
    game.state["states"]["milan"]["unrest"] = 3
    game.act("france", {"type": "fund_rebels", "state": "france", "area": "lombardy", "florins": 1})
    [funds] = items(game, "fund_rebels")
    settle(game, funds, role="religious_control")
    game.act("milan", {"type": "suppress_revolt", "army": "milan_1"})
    [item] = items(game, "suppress_revolt")
    rig(game, [6])
    done = settle(game, item)
    assert "fails" in done["outcome"] and done["dice"][0]["purpose"].endswith("+ rebel funds 1)")


def test_campaigns_battle_sides_carry_nation_fatigue_looting_and_only_living_played_leaders() -> None:
    game = make_game()
    put(game, "france_1", "piedmont", 18_000, fatigue=2, looting=True, commander="ruler_of_france")
    put(game, "papacy_1", "emilia", 5_000, commander="ruler_of_papacy")
    game.state["characters"]["ruler_of_papacy"]["played"] = False
    side = battle_side(game.state, "france_1", river_defence=True)
    assert (side.men, side.nation, side.fatigue, side.looting, side.river_defence) == (18_000, "french", 2, True, True)
    assert side.leaders == ("ruler_of_france",)
    assert battle_side(game.state, "papacy_1").leaders == ()


def test_campaigns_fatigue_stops_at_the_fifth_box() -> None:
    game = make_game()
    put(game, "papacy_1", "romagna", fatigue=5)
    to_move1(game)
    intend(game, "papacy", {"army": "papacy_1", "option": "move", "path": ["emilia", "liguria"]})
    step(game)
    assert game.state["armies"]["papacy_1"]["fatigue"] == 5


def test_campaigns_an_army_aboard_a_fleet_takes_no_intention_card() -> None:
    game = make_game()
    put(game, "france_1", "piedmont", 10_000)
    put(game, "france_2", "piedmont", 5_000, aboard="french_fleet")
    to_move1(game)
    assert game.state["box"].keys() == {"france"}
    with pytest.raises(IllegalAction, match="france_2"):
        intend(game, "france", {"army": "france_2", "option": "move", "path": ["liguria"]})
