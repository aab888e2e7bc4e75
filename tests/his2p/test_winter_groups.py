"""The finer winter choices, made by the player who decides for the units (rule book 19.3; seed 19; HIS-W09)."""

from __future__ import annotations

from tests.his2p.test_engine import cp_decision
from umpire.games.his2p import board as b
from umpire.kernel.game import Game


def _winter(game: Game) -> None:
    game.state["stack"] = []
    game.state["step"] = "winter"
    game.ruleset.advance(game.state)


def _kinds(game: Game) -> str | None:
    return game.state["stack"][-1]["kind"] if game.state["stack"] else None


def test_19_3_a_stack_splits_between_destinations_by_counts_of_each_kind() -> None:
    """19.3 step 2: "the stack may split: part to the nearest fortified space, part to the capital"."""
    game = cp_decision("papacy", 0)
    b.add_units(game.state, "siena", "papacy", "regular", 2)
    b.add_units(game.state, "siena", "papacy", "mercenary", 1)
    _winter(game)
    actions = game.view("papacy")["actions"]
    assert {"type": "winter_split", "power": "papacy", "from": "siena", "to": "ravenna"} in actions
    game.act("papacy", {"type": "winter_split", "power": "papacy", "from": "siena", "to": "ravenna"})
    assert game.view("papacy")["actions"] == [
        {"type": "winter_count", "kind": "mercenary", "count": 0},
        {"type": "winter_count", "kind": "mercenary", "count": 1},
    ]
    game.act("papacy", {"type": "winter_count", "kind": "mercenary", "count": 0})
    # Ravenna holds 1: room for 3, of which the two regulars; at least one unit goes
    assert [a["count"] for a in game.view("papacy")["actions"]] == [1, 2]
    game.act("papacy", {"type": "winter_count", "kind": "regular", "count": 1})
    assert b.units_of(game.state, "siena", "papacy")["regular"] == 1
    assert b.units_of(game.state, "ravenna", "papacy")["regular"] == 2
    # the rest of the stack still chooses: Rome (the capital, no limit); Ravenna, reached, sends nothing more
    game.act("papacy", {"type": "winter_move", "power": "papacy", "from": "siena", "to": "rome"})
    assert b.land_unit_count(game.state, "siena", "papacy") == 0
    assert b.units_of(game.state, "rome", "papacy")["mercenary"] == 1


def test_19_3_the_owner_chooses_which_units_attrition_takes() -> None:
    """19.3: with no friendly path the stack loses half, rounded up, "units chosen by the owner"."""
    game = cp_decision("papacy", 0)
    b.add_units(game.state, "leipzig", "papacy", "regular", 2)
    b.add_units(game.state, "leipzig", "papacy", "mercenary", 2)
    _winter(game)
    game.act("papacy", {"type": "winter_move", "power": "papacy", "from": "leipzig", "to": "rome"})
    assert _kinds(game) == "winter_losses"
    assert game.view("papacy")["actions"] == [
        {"type": "winter_lose", "kind": "mercenary"},
        {"type": "winter_lose", "kind": "regular"},
    ]
    game.act("papacy", {"type": "winter_lose", "kind": "regular"})
    game.act("papacy", {"type": "winter_lose", "kind": "regular"})
    rome = b.units_of(game.state, "rome", "papacy")
    assert (rome["mercenary"], rome["regular"]) == (2, 1)  # HIS-W06's default would have kept the regulars
    assert b.land_unit_count(game.state, "leipzig", "papacy") == 0


def test_19_3_attrition_of_a_single_kind_asks_nothing() -> None:
    game = cp_decision("papacy", 0)
    b.add_units(game.state, "leipzig", "papacy", "regular", 3)
    _winter(game)
    game.act("papacy", {"type": "winter_move", "power": "papacy", "from": "leipzig", "to": "rome"})
    assert _kinds(game) != "winter_losses"
    assert b.units_of(game.state, "rome", "papacy")["regular"] == 2  # 1 there, 3 less 2


def _protestant_around_magdeburg(game: Game) -> None:
    state = game.state
    b.add_units(state, "ravenna", "papacy", "regular", -1)  # the Papacy has no choice to make
    for space in ("brandenburg", "wittenberg"):
        state["spaces"][space]["control"] = "protestant"
    b.add_units(state, "magdeburg", "protestant", "regular", 2)
    state["leaders"]["john_frederick"] = "magdeburg"


def test_19_3_a_leader_goes_with_one_of_the_stacks_that_left_his_space() -> None:
    """19.3 step 3: a leader whose space is emptied goes with one of the stacks that left it (or to the capital:
    the Protestant has none)."""
    game = cp_decision("papacy", 0)
    _protestant_around_magdeburg(game)
    before = {s: b.land_unit_count(game.state, s, "protestant") for s in ("brandenburg", "wittenberg")}
    _winter(game)
    assert game.state["stack"][-1]["role"] == "protestant"
    game.act("protestant", {"type": "winter_split", "power": "protestant", "from": "magdeburg", "to": "brandenburg"})
    game.act("protestant", {"type": "winter_count", "kind": "regular", "count": 1})
    game.act("protestant", {"type": "winter_move", "power": "protestant", "from": "magdeburg", "to": "wittenberg"})
    assert _kinds(game) == "winter_leader"
    assert game.view("protestant")["actions"] == [
        {"type": "winter_leader", "leader": "john_frederick", "to": "brandenburg"},
        {"type": "winter_leader", "leader": "john_frederick", "to": "wittenberg"},
    ]
    game.act("protestant", {"type": "winter_leader", "leader": "john_frederick", "to": "wittenberg"})
    assert game.state["leaders"]["john_frederick"] == "wittenberg"
    assert b.land_unit_count(game.state, "brandenburg", "protestant") == before["brandenburg"] + 1
    assert b.land_unit_count(game.state, "wittenberg", "protestant") == before["wittenberg"] + 1


def test_19_3_a_leader_with_a_single_place_follows_without_a_question() -> None:
    game = cp_decision("papacy", 0)
    _protestant_around_magdeburg(game)
    _winter(game)
    game.act("protestant", {"type": "winter_move", "power": "protestant", "from": "magdeburg", "to": "brandenburg"})
    assert game.state["leaders"]["john_frederick"] == "brandenburg"
    assert _kinds(game) != "winter_leader"


def test_19_3_a_squadron_chooses_among_equally_near_ports() -> None:
    """19.3: "with several equally near ports the owner may choose, and split the stack"."""
    game = cp_decision("papacy", 0)
    state = game.state
    b.add_units(state, "ravenna", "papacy", "regular", -1)
    state["spaces"]["naples"]["control"] = "papacy"
    b.add_units(state, "tyrrhenian_sea", "papacy", "squadron", 2)
    _winter(game)
    assert game.view("papacy")["actions"] == [
        {"type": "done"},
        {"type": "winter_port", "power": "papacy", "from": "tyrrhenian_sea", "to": "naples"},
        {"type": "winter_port", "power": "papacy", "from": "tyrrhenian_sea", "to": "rome"},
    ]
    game.act("papacy", {"type": "winter_port", "power": "papacy", "from": "tyrrhenian_sea", "to": "rome"})
    game.act("papacy", {"type": "done"})  # the other squadron: HIS-W06, the first port by name
    assert b.units_of(game.state, "rome", "papacy")["squadron"] == 2
    assert b.units_of(game.state, "naples", "papacy")["squadron"] == 1


def test_19_3_the_winter_choices_stay_a_short_list_for_a_large_stack() -> None:
    """Step by step, one kind at a time: never a list of partitions (a stack of 17 units, 3 kinds)."""
    game = cp_decision("papacy", 0)
    for kind, n in (("regular", 8), ("mercenary", 6), ("cavalry", 3)):
        b.add_units(game.state, "leipzig", "papacy", kind, n)
    _winter(game)
    moves = [a for a in game.view("papacy")["actions"] if a.get("from") == "leipzig"]
    places = {a["to"] for a in moves}
    assert len(moves) == 2 * len(places) and "rome" in places
    game.act("papacy", {"type": "winter_split", "power": "papacy", "from": "leipzig", "to": "rome"})
    steps = 0
    while _kinds(game) == "winter_units":
        actions = game.view("papacy")["actions"]
        assert len(actions) <= 9  # at most one per count of one kind
        game.act("papacy", actions[-1])
        steps += 1
    assert steps == 3
    assert _kinds(game) == "winter_losses"  # 17 units: 9 lost, chosen one at a time among three kinds
    assert len(game.view("papacy")["actions"]) == 3


def test_the_winter_buttons_say_what_they_do() -> None:
    game = cp_decision("papacy", 0)
    b.add_units(game.state, "siena", "papacy", "regular", 2)
    _winter(game)
    words = [shown["label"] for shown in game.view("papacy")["action_labels"]]
    assert "Winter: send part of the stack in Siena to Ravenna" in words
    assert len(set(words)) == len(words)
    game.act("papacy", {"type": "winter_split", "power": "papacy", "from": "siena", "to": "ravenna"})
    view = game.view("papacy")
    assert [shown["label"] for shown in view["action_labels"]] == ["Send 1 regular", "Send 2 regulars"]
    assert "how many units of each kind go from Siena to Ravenna" in view["decision_text"]


def test_19_3_a_leader_may_go_straight_to_the_capital_instead() -> None:
    """19.3 step 3 b: the leader of an emptied space may go straight to his power's capital."""
    game = cp_decision("papacy", 0)
    b.add_units(game.state, "siena", "papacy", "regular", 2)
    game.state["leaders"]["charles_bourbon"] = "siena"
    game.state.setdefault("leader_sides", {})["charles_bourbon"] = "papacy"
    _winter(game)
    game.act("papacy", {"type": "winter_move", "power": "papacy", "from": "siena", "to": "ravenna"})
    assert game.view("papacy")["actions"] == [
        {"type": "winter_leader", "leader": "charles_bourbon", "to": "ravenna"},
        {"type": "winter_leader", "leader": "charles_bourbon", "to": "rome"},
    ]
    game.act("papacy", {"type": "winter_leader", "leader": "charles_bourbon", "to": "rome"})
    assert game.state["leaders"]["charles_bourbon"] == "rome"
    assert b.land_unit_count(game.state, "ravenna", "papacy") == 3


def test_19_3_a_naval_leader_at_sea_goes_back_with_his_squadrons() -> None:
    """19.3: a naval leader at sea returns with one of his squadrons; with no port left, off the map until the next
    turn (HIS-W09)."""
    from umpire.games.his2p.mapdata import load_map
    from umpire.games.his2p.winter import wintering

    game = cp_decision("papacy", 0)
    state, board = game.state, load_map()
    b.add_units(state, "aegean_sea", "ottoman", "squadron", 2)
    state["leaders"]["barbarossa"] = "aegean_sea"
    wintering.naval_return(state, board, "ottoman")
    assert b.units_of(state, "aegean_sea", "ottoman")["squadron"] == 0
    port = state["leaders"]["barbarossa"]
    assert port in board.seas["aegean_sea"].ports and b.units_of(state, port, "ottoman")["squadron"] >= 2

    b.add_units(state, "aegean_sea", "ottoman", "squadron", 1)
    state["leaders"]["barbarossa"] = "aegean_sea"
    for rec in state["spaces"].values():
        if rec["control"] == "ottoman":
            rec["control"] = "independent"
    wintering.naval_return(state, board, "ottoman")
    assert "barbarossa" not in state["leaders"] and state["leaders_next_turn"]["barbarossa"] == "ottoman"
