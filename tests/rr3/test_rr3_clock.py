"""The rr3 clock: handbook *Game Timetable* and *The Turn Sequence*; the steps of *The Campaign System*."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rr3.rr3fixtures import bare_registry, fixture_game

from umpire.games.rr3 import clock
from umpire.kernel.errors import IllegalAction


def test_timetable_years_of_each_turn_follow_the_timetable() -> None:
    # rulings RR3-SC01, RR3-GC10
    assert [clock.years(t) for t in range(1, 7)] == [
        "1524-1528",
        "1529-1532",
        "1533-1536",
        "1537-1540",
        "1541-1544",
        "1545-1548",
    ]
    with pytest.raises(ValueError, match="no turn 7"):
        clock.years(7)


def test_timetable_the_first_turn_is_75_minutes_and_its_phases_end_as_the_handbook_lists() -> None:
    state: dict[str, Any] = {"turn": 1, "phase": 1, "clock": clock.new_clock(True)}
    assert state["clock"]["timetable"][0] == [10, 15, 15, 10, 15, 10]
    assert sum(state["clock"]["timetable"][0]) == 75
    ends = [clock.phase_end(state, 1, p) for p in range(1, 7)]
    assert ends == ["10:25", "10:40", "10:55", "11:05", "11:20", "11:30"]


def test_timetable_later_turns_end_their_phases_at_40_50_00_10_20_30() -> None:
    state: dict[str, Any] = {"turn": 2, "phase": 1, "clock": clock.new_clock(True)}
    assert [clock.phase_end(state, 2, p) for p in range(1, 7)] == ["11:40", "11:50", "12:00", "12:10", "12:20", "12:30"]
    assert clock.phase_end(state, 6, 6) == "16:30"  # Turn 6 1530-1630
    assert all(sum(row) == 60 for row in state["clock"]["timetable"][1:])


def test_timetable_without_the_long_first_turn_every_phase_is_ten_minutes() -> None:
    state: dict[str, Any] = {"turn": 1, "phase": 2, "clock": clock.new_clock(False)}
    assert state["clock"]["timetable"] == [[10] * 6] * 6
    assert clock.phase_seconds(state) == 600
    assert clock.phase_end(state) == "10:35"


def test_timetable_phase_seconds_are_the_current_phase_of_the_timetable() -> None:
    state: dict[str, Any] = {"turn": 1, "phase": 3, "clock": clock.new_clock(True)}
    assert clock.phase_seconds(state) == 15 * 60
    state["turn"] = 3
    assert clock.phase_seconds(state) == 10 * 60
    state["over"] = True
    assert clock.phase_seconds(state) == 0


def test_timetable_military_phases_and_steps() -> None:
    assert [p for p in range(1, 7) if clock.is_military(p)] == [2, 3, 5]
    assert [clock.first_step(p) for p in range(1, 7)] == [None, "pay", "pay", None, "pay", None]
    assert clock.next_step("pay") == "move1"
    assert clock.next_step("move1") == "move2"
    assert clock.next_step("move2") == "done"
    assert clock.next_step("done") is None
    assert clock.next_step(None) is None


def test_timetable_next_phase_runs_36_phases_then_stops() -> None:
    seen = [(1, 1)]
    while (nxt := clock.next_phase(*seen[-1])) is not None:
        seen.append(nxt)
    assert len(seen) == 36
    assert seen[5:7] == [(1, 6), (2, 1)]
    assert seen[-1] == (6, 6)
    with pytest.raises(ValueError):
        clock.next_phase(1, 7)


def test_timetable_phase_title() -> None:
    state: dict[str, Any] = {"turn": 1, "phase": 2, "step": "move1", "clock": clock.new_clock()}
    assert clock.phase_title(state) == "1524-1528 turn 1, phase 2 (military, step move1)"
    state.update(turn=2, phase=4, step=None)
    assert clock.phase_title(state) == "1529-1532 turn 2, phase 4 (time-out, marriages)"


def test_timetable_the_game_runs_through_all_36_phases_to_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    bare_registry(monkeypatch)
    game = fixture_game()
    visited = [(game.state["turn"], game.state["phase"], game.state["step"])]
    while not game.state["over"]:
        game.act("gm", {"type": "resolve"})
        visited.append((game.state["turn"], game.state["phase"], game.state["step"]))
    assert len(visited) == 37  # 36 phases, then the game over
    assert visited[1] == (1, 2, "pay")
    assert visited[3] == (1, 4, None)
    assert visited[6] == (2, 1, None)
    assert visited[-2] == (6, 6, None)
    calls = game.state["calls"]
    assert sum(1 for c in calls if c[0] == "start") == 36
    assert sum(1 for c in calls if c[0] == "end") == 36
    # each of the 18 military phases ran its three step changes
    assert sum(1 for c in calls if c[0] == "step") == 18 * 3
    assert game.view("observer")["phase_seconds"] == 0
    assert game.view("gm")["actions"] == []
    with pytest.raises(IllegalAction, match="over"):
        game.act("gm", {"type": "resolve"})
