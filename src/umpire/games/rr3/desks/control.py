"""Game Control and every desk's own tools: manual adjustments, announcements and moving the clock.

Handbook, *The Control Team*: Game Control "keep the game moving on, police the game and generally deal with any
problems, which arise. Will announce major events"; every control desk corrects the table when the rules or the
players need it. In umpire:

- ``adjust`` (any control desk or Game Control): a manual change of one whitelisted field (:data:`ADJUSTABLE`),
  recorded in ``state["adjustments"]`` with the role, the umpire's name (``who``), the reason (``why``, required),
  the value before and after, and a private journal line for the team concerned (ruling RR3-GC04);
- ``announce`` (any control desk or Game Control): a line on the public board (``state["announcements"]``);
  *The Turn Sequence*, phase 6: "Announcements - summary of important events that turn";
- ``next_step`` (Map Control or Game Control): in a military phase, *The Campaign System*'s sequence "Pay troops
  ... First movement step ... Second movement step ... Desertion" (``pay`` -> ``move1`` -> ``move2`` -> ``done``),
  running the step-change hooks the campaign desks registered (:func:`umpire.games.rr3.desk.on_step_change`);
- ``resolve`` (Game Control, the server's deadline or "resolve now"): ends the phase (:func:`resolve_phase`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.games.rr3 import clock, desk
from umpire.games.rr3.desks import navies, succession
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

RELIGIONS: tuple[str, ...] = ("catholic", "lutheran", "islam", "orthodox")
"""rr3-ids: the religions (orthodox where geography needs it)."""


@dataclass(frozen=True)
class Adjustable:
    """One field an umpire may set by hand: its kind (int, bool, state, area, city, character, religion, text),
    whether it may be empty (None) and the bounds of an int."""

    kind: str
    nullable: bool = False
    minimum: int | None = None
    maximum: int | None = None
    desks: tuple[str, ...] = ()
    """The desks that may set it (Game Control always may); empty: every control desk."""
    living: bool = False
    """A character field that only a living character may fill."""

    def as_json(self) -> dict[str, Any]:
        """The field's kind, bounds and description, for the adjustment form."""
        out: dict[str, Any] = {"kind": self.kind, "nullable": self.nullable, "text": self.describe()}
        if self.desks:
            out["desks"] = list(self.desks)
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        return out

    def describe(self) -> str:
        if self.kind in LISTS:
            return f"a list of {LISTS[self.kind]} ids, comma-separated (empty: none)"
        text = {"int": "a whole number", "bool": "true or false", "text": "text"}.get(self.kind, f"a {self.kind} id")
        if self.minimum is not None and self.maximum is not None:
            text += f" from {self.minimum} to {self.maximum}"
        elif self.minimum is not None:
            text += f" of at least {self.minimum}"
        return text + (" or null" if self.nullable else "")


_EDITOR = (desk.CHARACTER,)
"""Who edits the crowns, the players and the cards besides Game Control (RR3-G04): Character Control."""
_PERMISSIONS = (desk.CHARACTER, desk.POLITICAL, desk.NONPLAYED)
"""Who edits a state's permissions besides Game Control (RR3-L03): the editor, and the desks that record them
(Political Control the played states' answers, Non-played States Control the non-played states')."""
LISTS = {"home_areas": "home area", "states": "state"}
"""The list kinds: a list of other states' home areas (recruitment permits), a list of states (port access)."""

ADJUSTABLE: dict[str, dict[str, Adjustable]] = {
    "states": {
        "treasury": Adjustable("int", minimum=0, maximum=desk.MAX_MONEY),
        "debt": Adjustable("int", minimum=0, maximum=desk.MAX_MONEY),
        "unrest": Adjustable("int", minimum=0, maximum=desk.MAX_POINTS),
        "ruler": Adjustable("character", nullable=True, desks=_EDITOR, living=True),
        "regency": Adjustable("bool", desks=_EDITOR),
        "regent": Adjustable("character", nullable=True, desks=_EDITOR, living=True),
        "team": Adjustable("team", nullable=True, desks=_EDITOR),
        "permits": Adjustable("home_areas", desks=_PERMISSIONS),
        "port_access": Adjustable("states", desks=_PERMISSIONS),
    },
    "teams": {
        "prestige": Adjustable("int", minimum=-desk.MAX_POINTS, maximum=desk.MAX_POINTS),
        "heavenly": Adjustable("int", minimum=-desk.MAX_POINTS, maximum=desk.MAX_POINTS),
        "conversion_counters": Adjustable("int", minimum=0, maximum=desk.MAX_POINTS),
    },
    "armies": {
        "men": Adjustable("int", minimum=0, maximum=desk.MAX_MEN),
        "arrears": Adjustable("int", minimum=0, maximum=5),
        "fatigue": Adjustable("int", minimum=0, maximum=5),
        "area": Adjustable("area"),
        "commander": Adjustable("character", nullable=True),
    },
    "areas": {
        "owner": Adjustable("state"),
        "religion": Adjustable("religion"),
        "minority": Adjustable("religion", nullable=True),
        "revolt": Adjustable("bool"),
        "looted": Adjustable("bool"),
        "extorted": Adjustable("bool"),
    },
    "cities": {
        "owner": Adjustable("state"),
        "fort": Adjustable("int", minimum=0, maximum=6),
        "garrison": Adjustable("int", minimum=0, maximum=desk.MAX_MEN),
    },
    "characters": {
        "alive": Adjustable("bool"),
        "religion": Adjustable("religion"),
        "spouse": Adjustable("character", nullable=True),
        "team": Adjustable("team", nullable=True, desks=_EDITOR),
        "played": Adjustable("bool", desks=_EDITOR),
        "state": Adjustable("state", nullable=True, desks=_EDITOR),
        "name": Adjustable("text", desks=(desk.CHARACTER, desk.NONPLAYED)),
    },
    "cards": {
        "holder": Adjustable("character", nullable=True, desks=_EDITOR, living=True),
    },
    "fleets": {
        "damaged": Adjustable("bool"),
        "sea": Adjustable("text", nullable=True),
        "port": Adjustable("city", nullable=True),
    },
}
"""Handbook, *Counters* and the sections they cite: the fields an umpire may correct by hand (army counters have
five Arrears and five Fatigue boxes; fortification values run 1 to 6, 0 once breached to surrender). Control's
editor (RR3-G04): the ruler, regency and team of a state (a state with no team is non-played), a character's team,
played flag, state and name (a newborn's), the holder of a card; a state's permissions (RR3-L03): where it may
recruit in other states' home areas (``permits``) and whose fleets may enter its ports (``port_access``). The
armies of the non-played states are edited with the army fields, raised and disbanded with Non-played States
Control's actions (RR3-G03)."""

_ID_TABLES = {"state": "states", "area": "areas", "city": "cities", "character": "characters", "team": "teams"}


def _move_state(state: State, key: str, after: Any) -> None:
    succession.move_state(state, key, after)


def _join_team(state: State, key: str, after: Any) -> None:
    succession.join_team(state, key, after)


def _move_card(state: State, key: str, after: Any) -> None:
    succession.move_card(state, key, after)


def _set_port_access(state: State, key: str, after: Any) -> None:
    """Set whose fleets may enter ``key``'s ports; a fleet left without a friendly port withdraws at once, as when
    the owner withdraws the permission itself (RR3-SN12)."""
    state.setdefault("port_access", {})[key] = list(after)
    if state.get("fleets"):
        navies.withdraw_unsupported(state, desk.geography(state))


def _port_access(state: State, key: str) -> list[str]:
    return list(state.get("port_access", {}).get(key, []))


_EFFECTS: dict[tuple[str, str], Any] = {
    ("states", "team"): _move_state,
    ("characters", "team"): _join_team,
    ("cards", "holder"): _move_card,
    ("states", "port_access"): _set_port_access,
}
"""Edits that keep the rest of the record in step: a state's team also moves it between the teams' lists and
changes who controls it; a character's team moves it between the lists; a card goes with its holder's team; a
state's port access is kept in ``state["port_access"]`` (:mod:`navies`)."""
_READERS: dict[tuple[str, str], Any] = {("states", "port_access"): _port_access}
"""Fields not kept on the record itself: how to read their value before the edit."""


def _as_list(target: str, fname: str, value: Any) -> list[str]:
    """A list field's value: a list of ids or one comma-separated text (empty: none), sorted."""
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",") if part.strip()]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IllegalAction(f"{target}.{fname} must be a list of ids (or one comma-separated text), not {value!r}")
    if len(set(value)) != len(value):
        raise IllegalAction(f"{target}.{fname} names the same id twice; name each once")
    return sorted(value)


def _check_list(state: State, target: str, key: str, fname: str, spec: Adjustable, value: list[str]) -> None:
    """Handbook, *Raising an army*: permits are other played or non-played states' home areas; *Navies*: port
    access is given to another state's fleets."""
    where = f"{target}.{fname} of {key}"
    states = state.get("states", {})
    for v in value:
        if spec.kind == "home_areas":
            owner = next((s for s, rec in states.items() if v in rec.get("home", [])), None)
            if owner is None:
                raise IllegalAction(f"{where}: {v!r} is no state's home area; expected other states' home areas")
            if owner == key:
                raise IllegalAction(f"{where}: {v} is {key}'s own home area; it needs no permission there")
        elif v not in states or v == key:
            raise IllegalAction(f"{where}: {v!r} is not another state; expected the ids of the states given access")


def _need_control(role: str, what: str) -> None:
    if not desk.is_control(role):
        raise IllegalAction(f"only the control team (a control desk or Game Control) may {what}; you are {role}")


def _why(action: Action) -> str:
    why = action.get("why")
    if not isinstance(why, str) or not why.strip():
        raise IllegalAction("an adjustment needs 'why': the reason, as text (it is recorded with your name)")
    return why.strip()[:500]


def _who(action: Action) -> str:
    who = action.get("who", "")
    if not isinstance(who, str):
        raise IllegalAction("'who' must be the umpire's name as text")
    return who.strip()[:80]


def _check_value(state: State, target: str, fname: str, spec: Adjustable, value: Any) -> None:
    where = f"{target}.{fname}"
    if value is None:
        if not spec.nullable:
            raise IllegalAction(f"{where} cannot be empty; expected {spec.describe()}")
        return
    if spec.kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise IllegalAction(f"{where} must be {spec.describe()}, not {value!r}")
        if spec.minimum is not None and value < spec.minimum:
            raise IllegalAction(f"{where} cannot be {value}; expected {spec.describe()}")
        if spec.maximum is not None and value > spec.maximum:
            raise IllegalAction(f"{where} cannot be {value}; expected {spec.describe()}")
    elif spec.kind == "bool":
        if not isinstance(value, bool):
            raise IllegalAction(f"{where} must be true or false, not {value!r}")
    elif spec.kind == "religion":
        if value not in RELIGIONS:
            raise IllegalAction(f"{where} cannot be {value!r}; expected one of: {', '.join(RELIGIONS)}")
    elif spec.kind == "text":
        if not isinstance(value, str) or not value.strip():
            raise IllegalAction(f"{where} must be {spec.describe()}, not {value!r}")
        if len(value) > desk.MAX_TEXT:
            raise IllegalAction(f"{where} is {len(value)} characters long; expected at most {desk.MAX_TEXT}")
    else:
        table = state.get(_ID_TABLES[spec.kind], {})
        if not isinstance(value, str) or value not in table:
            raise IllegalAction(f"{where} must be {spec.describe()}; there is no {spec.kind} {value!r}")
        if spec.living and not table[value].get("alive", True):
            raise IllegalAction(f"{where} cannot be {value!r}: {value} is dead; expected a living character")


def team_concerned(state: State, target: str, record: dict[str, Any]) -> str | None:
    """The team whose private journal hears of an adjustment of ``record`` (a row of ``state[target]``)."""

    def of_state(sid: Any) -> str | None:
        team = state.get("states", {}).get(sid, {}).get("team") if isinstance(sid, str) else None
        return team if isinstance(team, str) else None

    if target == "teams":
        return None
    if target in ("states",):
        team = record.get("team")
        return team if isinstance(team, str) else None
    if target in ("armies", "characters"):
        team = record.get("team")
        if isinstance(team, str):
            return team
        return of_state(record.get("state"))
    if target == "fleets":
        return of_state(record.get("state"))
    if target == "cards":
        team = record.get("team")
        return team if isinstance(team, str) else None
    return of_state(record.get("owner"))


def adjust(state: State, role: str, action: Action) -> dict[str, Any]:
    """Set (``value``) or change (``delta``, whole-number fields) one whitelisted field; record it with who and why.

    Handbook, *The Control Team*; ruling RR3-GC04 (the adjustment log and who sees it)."""
    _need_control(role, "adjust the game")
    target = action.get("target")
    if target not in ADJUSTABLE:
        raise IllegalAction(f"cannot adjust {target!r}; 'target' must be one of: {', '.join(ADJUSTABLE)}")
    table = state.get(target, {})
    key = action.get("key")
    if not isinstance(key, str) or key not in table:
        raise IllegalAction(f"there is no {target[:-1] if target != 'armies' else 'army'} {key!r} in {target}")
    fields = ADJUSTABLE[target]
    fname = action.get("field")
    if fname not in fields:
        raise IllegalAction(f"cannot adjust {target}.{fname}; adjustable fields of {target}: {', '.join(fields)}")
    spec = fields[fname]
    if spec.desks and role not in (*spec.desks, desk.GAME):
        allowed = " or ".join(desk.DESK_TITLES[d] for d in (*spec.desks, desk.GAME))
        raise IllegalAction(f"only {allowed} may set {target}.{fname}; you are {desk.DESK_TITLES.get(role, role)}")
    has_value, has_delta = "value" in action, "delta" in action
    if has_value == has_delta:
        raise IllegalAction(f"give exactly one of 'value' (the new {fname}) or 'delta' (a change, whole numbers only)")
    why = _why(action)
    record = table[key]
    reader = _READERS.get((target, fname))
    before = reader(state, key) if reader is not None else record.get(fname)
    if has_delta:
        delta = action["delta"]
        if spec.kind != "int":
            raise IllegalAction(f"{target}.{fname} is not a number; set it with 'value' ({spec.describe()})")
        if not isinstance(delta, int) or isinstance(delta, bool) or delta == 0:
            raise IllegalAction(f"'delta' must be a non-zero whole number, not {delta!r}")
        after: Any = (before if isinstance(before, int) else 0) + delta
        low, high = spec.minimum, spec.maximum
        if (low is not None and after < low) or (high is not None and after > high):
            raise IllegalAction(
                f"'delta' {delta} would take {target}.{fname} of {key} from {before!r} to {after}; "
                f"expected {spec.describe()}"
            )
    elif spec.kind in LISTS:
        listed = _as_list(target, fname, action["value"])
        _check_list(state, target, key, fname, spec, listed)
        after = listed
        before = sorted(before or [])
    else:
        after = action["value"]
    if spec.kind not in LISTS:
        _check_value(state, target, fname, spec, after)
    if after == before:
        raise IllegalAction(f"{target}.{fname} of {key} is already {before!r}; nothing to adjust")
    team_before = team_concerned(state, target, record)
    effect = _EFFECTS.get((target, fname))
    if effect is not None:
        effect(state, key, after)
    else:
        record[fname] = after
    who = _who(action)
    entry = {
        "turn": state.get("turn"),
        "phase": state.get("phase"),
        "role": role,
        "who": who,
        "why": why,
        "target": target,
        "key": key,
        "field": fname,
        "before": before,
        "after": after,
    }
    state.setdefault("adjustments", []).append(entry)
    by = desk.DESK_TITLES.get(role, role) + (f" ({who})" if who else "")
    team = key if target == "teams" else team_concerned(state, target, record)
    text = f"{by} set {target}.{fname} of {key} from {before!r} to {after!r}: {why}"
    desk.journal(state, "Adjustment", text, team=team)
    if effect is not None and team_before is not None and team_before != team:
        desk.journal(state, "Adjustment", text, team=team_before)  # the team that lost it hears of it too
    return entry


def announce(state: State, role: str, action: Action) -> dict[str, Any]:
    """Put a line on the public announcements board (*The Control Team*: Game Control "will announce major
    events"; *The Turn Sequence*, phase 6 announcements). Any control desk may announce (ruling RR3-GC05)."""
    _need_control(role, "make announcements")
    text = action.get("text")
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction("an announcement needs 'text': what to announce, as text")
    announcements = state.setdefault("announcements", [])
    entry = {
        "id": f"a{len(announcements) + 1}",
        "turn": state.get("turn"),
        "phase": state.get("phase"),
        "role": role,
        "who": _who(action),
        "text": text.strip()[:2000],
    }
    announcements.append(entry)
    return entry


def _advance_step(state: State) -> str:
    old = state.get("step")
    new = clock.next_step(old)
    if new is None or old is None:
        raise IllegalAction(f"there is no step after {old!r}")
    state["step"] = new
    desk.journal(state, "Step", f"{clock.phase_title(state)}: {clock.STEP_TITLES[new]}", public=True)
    desk.run_step_change(state, old, new)
    return new


def next_step(state: State, role: str, action: Action) -> str:
    """Map Control (or Game Control) moves the military phase on: pay -> move1 -> move2 -> done (*The Campaign
    System*); the registered step-change hooks run (intention boxes, movement resolution, desertion). Steps move
    only when called, never by themselves (ruling RR3-GC12)."""
    if role not in (desk.MAP, desk.GAME):
        raise IllegalAction(f"only Map Control or Game Control may move to the next step; you are {role}")
    phase = state.get("phase")
    if not clock.is_military(phase):
        military = ", ".join(str(p) for p in clock.MILITARY_PHASES)
        raise IllegalAction(f"phase {phase} is not a military phase; steps exist only in phases {military}")
    if state.get("step") == clock.STEPS[-1]:
        raise IllegalAction("this military phase is at its last step (done); Game Control ends it with 'resolve'")
    return _advance_step(state)


def resolve_phase(state: State, role: str, action: Action) -> None:
    """End the current phase (Game Control, or the server's deadline through the GM role).

    A military phase first runs through its remaining steps (each with its step-change hooks); then the phase-end
    hooks run, the clock moves (*The Turn Sequence*: phase 6 is followed by the next turn's phase 1; after turn 6's
    phase 6 the game is over, *Game Timetable*; ruling RR3-GC09), the new phase opens with step ``pay`` if military
    (None otherwise; ruling RR3-GC02) and the phase-start hooks run. Pending items stay on their desks (ruling
    RR3-GC03)."""
    if role != desk.GAME:
        raise IllegalAction(f"only Game Control (gm) may end the phase; you are {role}")
    if state.get("over"):
        raise IllegalAction("the game is over")
    if clock.is_military(state.get("phase")):
        if state.get("step") is None:
            state["step"] = clock.STEPS[0]
        while state.get("step") != clock.STEPS[-1]:
            _advance_step(state)
    desk.run_phase_end(state)
    following = clock.next_phase(state["turn"], state["phase"])
    if following is None:
        state["over"] = True
        state["step"] = None
        desk.journal(state, "Game over", f"The game ends after turn {state['turn']} ({clock.years(6)}).", public=True)
        return
    state["turn"], state["phase"] = following
    state["step"] = clock.first_step(state["phase"])
    open_phase(state)


def open_phase(state: State) -> None:
    """Announce the phase that begins in the journal and run the phase-start hooks."""
    military, political = clock.PHASE_EVENTS[state["phase"]]
    desk.journal(state, "Phase", f"{clock.phase_title(state)} begins: {military}; {political}.", public=True)
    desk.run_phase_start(state)
