"""Renaissance and Reformation III (seed 004) as a kernel ruleset, registered as ``rr3`` (scenario ``1524``).

A megagame: eleven player teams (handbook, *The Player Teams*) and a control team of five desks (*The Control
Team*: Map, Political, Religious, Character and Non-played States Control) with Game Control as the kernel's GM.
Everything an umpire resolves is an item on a desk (:mod:`umpire.games.rr3.desk`); the desk modules register the
requests, direct actions, settlers and phase/step hooks, and this module dispatches actions to them:

- ``{"type": "settle", "item": id, "who": name, ...}`` / ``{"type": "dismiss", "item": id, "why": ..., "who": ...}``
  (the item's desk or Game Control) -> :func:`desk.settle_item` / :func:`desk.dismiss_item`; ``{"type": "step",
  "item": id, ...}`` records one step of an item worked step by step (a debate's round) -> :func:`desk.step_item`;
- ``adjust`` / ``announce`` (any control desk or Game Control), ``next_step`` (Map Control or Game Control),
  ``resolve`` (Game Control; the server's deadline) -> :mod:`umpire.games.rr3.desks.control`;
- every registered ``@direct`` type -> :func:`desk.do_direct`; every registered ``@request`` type ->
  :func:`desk.make_request`.

A team seat acts only for its own team (ruling RR3-GC06), a player seat for its player's team and with its own cards
only (:mod:`umpire.games.rr3.players`, RR3-K01, RR3-K03); control seats make no team requests; the observer cannot
act.
The clock (turns, phases, steps, the timetable) is :mod:`umpire.games.rr3.clock`; the views, the one place hidden
information is redacted, are :mod:`umpire.games.rr3.views`. The starting position is
``umpire.games.rr3.scenario.initial_state(map1524())``.
"""

from __future__ import annotations

from typing import Any

import umpire.games.rr3.desks  # noqa: F401 - registers every desk procedure with the desk registry
from umpire.games.rr3 import clock, desk, players, readings, views
from umpire.games.rr3.desk import team_of
from umpire.games.rr3.desks import control
from umpire.games.rr3.geography import map1524
from umpire.games.rr3.scenario import initial_state
from umpire.kernel import registry
from umpire.kernel.errors import IllegalAction
from umpire.kernel.journal import AppendOnly
from umpire.kernel.limits import ActionLimits
from umpire.kernel.ruleset import ENGINE, GM, OBSERVER, Option, Ruleset, RulesetInfo, Scenario

State = dict[str, Any]
Action = dict[str, Any]

TEAMS: tuple[str, ...] = desk.TEAMS
"""Handbook, *The Player Teams*: the eleven player teams (rr3 ids, in their order)."""
CONTROL_SEATS: tuple[str, ...] = desk.CONTROL_SEATS
SEATS: tuple[str, ...] = (*TEAMS, *CONTROL_SEATS)

_STATE_LISTS = ("journal", "adjustments", "announcements")
_STATE_DICTS = ("teams", "states", "characters", "areas", "cities", "armies", "fleets", "cards", "items")


def scenario_parts(scenario: str) -> State:
    """The starting position of ``scenario``: ``umpire.games.rr3.scenario.initial_state(map1524())``."""
    if scenario != "1524":
        raise ValueError(f"unknown rr3 scenario {scenario!r}; the only scenario is '1524'")
    return initial_state(map1524())


class RenaissanceReformation(Ruleset):
    """The 1524 megagame: six turns of six phases, eleven teams, five control desks and Game Control."""

    #: The record of the game so far, never changed once written: the journal, the umpires' adjustments and
    #: announcements, and the items once closed (settled or dismissed).
    append_only = (
        AppendOnly("journal"),
        AppendOnly("adjustments"),
        AppendOnly("announcements"),
        AppendOnly("items", final=desk.is_closed),
    )

    info = RulesetInfo(
        name="rr3",
        title="Renaissance and Reformation III",
        seed="004",
        scenarios=(Scenario("1524", "1524-1548: the handbook's game, from the 1524 position of the briefs"),),
        options=(
            Option(
                "first_turn_long",
                True,
                (True, False),
                "the 75-minute first turn of the timetable (phases of 10/15/15/10/15/10 minutes); off: 10-minute "
                "phases from the start (ruling GC1)",
            ),
            Option(
                players.OPTION,
                players.PLAYERS,
                (players.PLAYERS, players.TEAMS),
                "players: a seat per player inside each team, each with their own brief and cards (RR3-K01); teams: "
                "a seat per team, one person playing the whole team (RR3-K02)",
            ),
            *readings.OPTIONS,
        ),
    )

    # --- setup ------------------------------------------------------------------------------------------------

    def setup(self, state: State, scenario: str, options: dict[str, Any]) -> None:
        self.start(state, scenario_parts(scenario), options)

    def start(self, state: State, parts: State, options: dict[str, Any]) -> None:
        """Lay out the position ``parts`` (the scenario's state parts) and open turn 1, phase 1 (*The Turn
        Sequence*): the clock, empty items/journal/adjustments/announcements, then the phase-1 start hooks."""
        state.update(parts)
        for key in _STATE_DICTS:
            state.setdefault(key, {})
        for key in _STATE_LISTS:
            state.setdefault(key, [])
        state["options"] = dict(options)
        if not state.get("players"):
            state["players"] = players.new_players(state["teams"])
        state["turn"], state["phase"], state["step"] = 1, 1, None
        state["over"] = False
        state["clock"] = clock.new_clock(bool(options.get("first_turn_long", True)))
        state["next_item"] = state.get("next_item", 1)
        if not state.get("control"):
            state["control"] = {
                sid: (s.get("team") or ENGINE) if s.get("played") else ENGINE for sid, s in state["states"].items()
            }
        control.open_phase(state)

    def seats(self, state: State) -> list[str]:
        """The player seats and the control desks (RR3-K01), or with the ``seats`` option ``teams`` the team seats
        and the desks (RR3-K02)."""
        if players.mode(state) == players.PLAYERS:
            return [*players.seats(state), *CONTROL_SEATS]
        return list(SEATS)

    def roles(self, state: State) -> list[str]:
        """The seats, the GM and the observer; with player seats also the team roles (RR3-K02: a team acting as one,
        for the command line and scripted games; the server makes no seat or link for them)."""
        extra = list(TEAMS) if players.mode(state) == players.PLAYERS else []
        return [*self.seats(state), *extra, GM, OBSERVER]

    def staff_seats(self, state: State) -> list[str]:
        """The control desks: umpires' seats, which see every team's secrets (handbook, *The Control Team*)."""
        return list(CONTROL_SEATS)

    # --- views ------------------------------------------------------------------------------------------------

    def view(self, state: State, role: str) -> dict[str, Any]:
        return views.view(state, role)

    # --- actions ----------------------------------------------------------------------------------------------

    def action_limits(self, state: State, role: str) -> ActionLimits:
        """A form's fields: texts of at most :data:`desk.MAX_TEXT` characters, lists of choices no longer than the
        map's states, numbers no larger than the largest a form takes (ruling RR3-GC13)."""
        return ActionLimits(
            max_depth=4,
            max_string=desk.MAX_TEXT,
            max_items=max(64, len(state.get("states", {}))),
            max_number=desk.MAX_MEN,
        )

    def apply(self, state: State, role: str, action: Action) -> None:
        kind = action.get("type")
        if role == OBSERVER:
            raise IllegalAction("the observer cannot act; it only watches")
        team = team_of(state, role)
        seat = role if players.player(state, role) is not None else None
        if role not in SEATS and role != GM and seat is None:
            raise IllegalAction(f"unknown role {role!r}")
        if team is not None:
            check_acting_for(state, team, action)
        if seat is not None and team is not None:
            players.check_holder(state, seat, action)
            role = team  # a player acts for the team (RR3-K01); the item keeps the player's seat
        if kind in ("settle", "dismiss"):
            if not desk.is_control(role):
                raise IllegalAction(f"only the control team settles or dismisses items; {role} may not {kind}")
            if kind == "settle":
                desk.settle_item(state, role, action)
            else:
                desk.dismiss_item(state, role, action)
        elif kind == "step":
            if not desk.is_control(role):
                raise IllegalAction(f"only the control team works an item step by step; {role} may not step")
            desk.step_item(state, role, action)
        elif kind == "adjust":
            control.adjust(state, role, action)
        elif kind == "announce":
            control.announce(state, role, action)
        elif kind == "next_step":
            control.next_step(state, role, action)
        elif kind == "resolve":
            control.resolve_phase(state, role, action)
        elif isinstance(kind, str) and kind in desk.REGISTRY.directs:
            desk.do_direct(state, role, action, team=team)
        elif isinstance(kind, str) and kind in desk.REGISTRY.requests:
            desk.make_request(state, role, action, team=team, player=seat)
        else:
            allowed = sorted({form["type"] for form in views.actions(state, role)})
            listed = ", ".join(allowed) if allowed else "none at the moment"
            raise IllegalAction(f"unknown action type {kind!r}; {role} may now use: {listed}")


def check_acting_for(state: State, team: str, action: Action) -> None:
    """Ruling RR3-GC06: a team acts only for itself. The team an action is made for is always the role's own (it is
    never read from the action); on top of that, an action may not carry a ``team``, ``state``, ``army`` or
    ``fleet`` key naming another team's (non-played states may be named) unless the action's form declares that
    field, in which case the form's current choices (the desk module's chooser) decide what may be named."""
    kind = action.get("type")
    spec = desk.REGISTRY.directs.get(kind) or desk.REGISTRY.requests.get(kind) if isinstance(kind, str) else None
    declared = {f.name for f in spec.fields} if spec is not None else set()
    named = action.get("team")
    if "team" not in declared and named is not None and named != team:
        raise IllegalAction(f"{team} may not act for {named!r}; a team acts only for itself")
    sid = action.get("state")
    if "state" not in declared and isinstance(sid, str):
        record = state.get("states", {}).get(sid)
        if record is not None and record.get("played") and record.get("team") not in (None, team):
            raise IllegalAction(f"{team} may not act for {sid} (a state of {record.get('team')})")
    for key, table in (("army", "armies"), ("fleet", "fleets")):
        uid = action.get(key)
        if key not in declared and isinstance(uid, str):
            unit = state.get(table, {}).get(uid)
            owner = None if unit is None else unit.get("team") or desk.team_of_state(state, unit.get("state"))
            if owner is not None and owner != team:
                raise IllegalAction(f"{team} may not give orders to {key} {uid} (of {owner})")


RULESET = RenaissanceReformation()
registry.register(RULESET)
