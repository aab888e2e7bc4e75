"""The clock of Renaissance and Reformation III: turns, phases, military steps and the timetable.

Handbook, *Game Timetable*: six hour-long turns of four years each, turn 1 = 1524-1528 (10:15-11:30) ... turn 6 =
1545-1548 (15:30-16:30). *The Turn Sequence*: each turn has six phases; phase 1 "finishes at 40 minutes past the
hour", phase 2 at :50, phase 3 on the hour, phase 4 at :10, phase 5 at :20, phase 6 at :30, i.e. ten minutes each;
"THE FIRST TURN will be 75 minutes long": its phases end at 10:25, 10:40, 10:55, 11:05, 11:20 and 11:30 (10, 15,
15, 10, 15 and 10 minutes from the 10:15 start). Phases 2, 3 and 5 are military phases; *The Campaign System*:
"Pay troops ... First movement step ... Second movement step ... Desertion", the steps ``pay``, ``move1``,
``move2`` and ``done`` (desertion having run).

**The split between game time and real time.** This module keeps *game* time only: ``state["turn"]``,
``state["phase"]``, ``state["step"]`` and ``state["clock"] = {"timetable": [[minutes of phases 1..6] per turn],
"paused": bool, "start": "10:15"}``. The real-time clock (starting it, pausing, extending, skipping to the next
phase) is the server's deadline machinery: the view gives ``phase_seconds`` (this phase's timetable length) and the
server sets the deadline from it; when the deadline passes (or Game Control clicks "resolve now") the server sends
the GM's ``{"type": "resolve"}`` action, which ends the phase here (:mod:`umpire.games.rr3.rules`). Nothing here
reads a clock.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]

TURNS = 6
PHASES = 6
FIRST_YEAR = 1524
"""Handbook, *Game Timetable*: "Turn 1 1524 - 1528"."""
MILITARY_PHASES: tuple[int, ...] = (2, 3, 5)
"""Handbook, *The Turn Sequence*: phases 2, 3 and 5 are military phases ("Pay and move armies/navies")."""
STEPS: tuple[str, ...] = ("pay", "move1", "move2", "done")
"""Handbook, *The Campaign System*: the sequence of each military phase; ``done`` = desertion has been applied."""
STEP_TITLES: dict[str, str] = {
    "pay": "pay troops (mutiny rolls)",
    "move1": "first movement step",
    "move2": "second movement step",
    "done": "desertion done",
}
START = "10:15"
"""Handbook, *Game Timetable*: "1015 - 1130 Turn 1"."""
FIRST_TURN_LONG: tuple[int, ...] = (10, 15, 15, 10, 15, 10)
"""Handbook, *The Turn Sequence*: the 75-minute first turn (phases end 10:25, 10:40, 10:55, 11:05, 11:20, 11:30)."""
HOUR_TURN: tuple[int, ...] = (10, 10, 10, 10, 10, 10)
"""Handbook, *The Turn Sequence*: phases end at :40, :50, :00, :10, :20 and :30 (the hour runs :30 to :30)."""

_YEARS: tuple[tuple[int, int], ...] = (
    (1524, 1528),
    (1529, 1532),
    (1533, 1536),
    (1537, 1540),
    (1541, 1544),
    (1545, 1548),
)
"""Handbook, *Game Timetable*: the years of each turn (the first turn covers five calendar years by its label)."""

PHASE_EVENTS: dict[int, tuple[str, str]] = {
    1: (
        "play revenue cards, raise armies, repair fleets, remove Looted and Extorted markers",
        "death rolls, unrest reduced by 1, negotiation and diplomacy",
    ),
    2: (
        "military phase: pay and move armies/navies (armies raised now may not move)",
        "religious debate, negotiation and diplomacy",
    ),
    3: (
        "military phase: pay and move armies/navies (armies raised now may not move)",
        "religious conversion, negotiation and diplomacy",
    ),
    4: (
        "time-out between military and political players; loan cards may be played (at half value)",
        "announcement of marriages and births, negotiation and diplomacy",
    ),
    5: (
        "military phase: pay and move armies/navies (armies raised now may not move)",
        "check for revolts by religious minorities, negotiation and diplomacy",
    ),
    6: (
        "winter: all armies disband",
        "announcements (summary of the turn's important events), negotiation and diplomacy",
    ),
}
"""Handbook, *The Turn Sequence*: the military and the religious & political events of each phase."""

PHASE_NAMES: dict[int, str] = {
    1: "revenue",
    2: "military, debate",
    3: "military, conversion",
    4: "time-out, marriages",
    5: "military, minority revolts",
    6: "winter",
}


def years(turn: int) -> str:
    """Handbook, *Game Timetable*: the years a turn covers, e.g. ``years(1) == "1524-1528"``."""
    first, last = _years(turn)
    return f"{first}-{last}"


def _years(turn: int) -> tuple[int, int]:
    if not 1 <= turn <= TURNS:
        raise ValueError(f"there is no turn {turn}; turns are 1 to {TURNS}")
    return _YEARS[turn - 1]


def is_military(phase: int | None) -> bool:
    """Whether ``phase`` is a military phase (2, 3 or 5)."""
    return phase in MILITARY_PHASES


def timetable(first_turn_long: bool = True) -> list[list[int]]:
    """Minutes of each phase of each turn: the 75-minute first turn (option ``first_turn_long``) or 10-minute phases
    throughout (ruling RR3-GC01)."""
    first = list(FIRST_TURN_LONG if first_turn_long else HOUR_TURN)
    return [first] + [list(HOUR_TURN) for _ in range(TURNS - 1)]


def new_clock(first_turn_long: bool = True) -> dict[str, Any]:
    """The ``state["clock"]`` of a new game."""
    return {"timetable": timetable(first_turn_long), "paused": False, "start": START}


def phase_minutes(state: State, turn: int | None = None, phase: int | None = None) -> int:
    """The timetable's minutes for a phase (the current one by default)."""
    t = state["turn"] if turn is None else turn
    p = state["phase"] if phase is None else phase
    minutes: int = state["clock"]["timetable"][t - 1][p - 1]
    return minutes


def phase_seconds(state: State) -> int:
    """The current phase's length in seconds, for the server's deadline (0 once the game is over)."""
    if state.get("over"):
        return 0
    return phase_minutes(state) * 60


def _minutes_of(text: str) -> int:
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)


def _clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def phase_end(state: State, turn: int | None = None, phase: int | None = None) -> str:
    """The scheduled end of a phase on the day's timetable (``"10:25"`` for turn 1 phase 1), from the start."""
    t = state["turn"] if turn is None else turn
    p = state["phase"] if phase is None else phase
    table = state["clock"]["timetable"]
    elapsed = sum(sum(row) for row in table[: t - 1]) + sum(table[t - 1][:p])
    return _clock_text(_minutes_of(state["clock"].get("start", START)) + elapsed)


def next_phase(turn: int, phase: int) -> tuple[int, int] | None:
    """The phase after ``(turn, phase)``: phase 6 is followed by the next turn's phase 1; None after turn 6 phase 6."""
    if not (1 <= turn <= TURNS and 1 <= phase <= PHASES):
        raise ValueError(f"there is no turn {turn} phase {phase}")
    if phase < PHASES:
        return turn, phase + 1
    if turn < TURNS:
        return turn + 1, 1
    return None


def first_step(phase: int) -> str | None:
    """The step a phase opens with: ``pay`` in a military phase, None otherwise."""
    return STEPS[0] if is_military(phase) else None


def next_step(step: str | None) -> str | None:
    """The step after ``step`` in a military phase (None after ``done`` or outside a military phase)."""
    if step is None or step not in STEPS:
        return None
    i = STEPS.index(step)
    return STEPS[i + 1] if i + 1 < len(STEPS) else None


def phase_title(state: State) -> str:
    """A one-line name of the moment, e.g. ``"1524-1528 turn 1, phase 2 (military, step move1)"``."""
    turn, phase = state["turn"], state["phase"]
    if state.get("over"):
        return f"game over (after {years(turn)} turn {turn}, phase {phase})"
    detail = f"military, step {state.get('step')}" if is_military(phase) else PHASE_NAMES[phase]
    return f"{years(turn)} turn {turn}, phase {phase} ({detail})"
