"""The control team's desks: requests, pending items, one-click settlements, adjustments and the journal.

Handbook, *The Control Team*: Map, Political, Religious, Character and Non-played States Control each resolve one
part of the game; Game Control keeps it moving. In umpire every resolution an umpire makes is an **item** on a
desk. An item is opened by a team's *request* (playing a revenue card, proposing a marriage, registering a
treaty...), by an umpire, or by the engine at a phase's start or end (death rolls in phase 1, the minority
revolt checks of phase 5...). The desk's umpire *settles* it with one click: the settler draws every die through
:mod:`umpire.kernel.rng` with a purpose, and the rolls drawn are copied onto the item, so the dice are shown with
the outcome; or *dismisses* it with a reason. Nothing an umpire decides by judgment is silent: a manual
*adjustment* (a treasury, an army's strength, a marker...) is recorded with the role, the umpire's name and why.

Domain modules (finance, campaigns, religion, characters, politics, non-played states) register themselves here:

* :func:`request` — a team (or umpire) action type that opens an item on a desk, with the fields its form needs;
* :func:`settle` — how an item of a kind is settled (returns the outcome as a sentence); with a :class:`StepSpec`
  the item is first worked step by step (:func:`step_item`: a debate's rounds, RR3-L01);
* :func:`direct` — an action applied at once with no item (an intention card, a transfer of money);
* :func:`on_phase_start` / :func:`on_phase_end` — engine procedures run when a phase opens or closes;
* :func:`on_step_change` — engine procedures run when a military phase moves from step to step.

It also offers :func:`journal` (an engine event in ``state["journal"]``, public news or private to a team),
:func:`geography` (the game's map: ``state["geography"]`` map data if present, else the map of 1524), the ids
:data:`TEAMS` and :data:`CONTROL_SEATS`, and :func:`is_control`.

This module keeps the registry and the item/journal records in the state; :mod:`umpire.games.rr3.rules` dispatches
actions to it. Items live in ``state["items"]`` (by id; :func:`all_items` lists them in opening order); closed ones
move to the journal view but stay in the state for the record.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from umpire.games.rr3 import players, readings
from umpire.games.rr3.geography import Geography, load_geography, map1524
from umpire.games.rr3.scenario import TEAM_IDS
from umpire.kernel.errors import IllegalAction
from umpire.kernel.ruleset import GM

State = dict[str, Any]
Action = dict[str, Any]
Item = dict[str, Any]

MAP = "map_control"
POLITICAL = "political_control"
RELIGIOUS = "religious_control"
CHARACTER = "character_control"
NONPLAYED = "nonplayed_control"
GAME = GM
"""Game Control is the kernel's GM role (the server's GM token): it runs the clock and may act at every desk."""
TEAMS: tuple[str, ...] = TEAM_IDS
"""The player teams, the seats of the ruleset (handbook, *The Player Teams*; listed in :mod:`scenario`)."""
"""The eleven player teams (handbook, *The Player Teams*; ids and order of the rr3 ids), the ruleset's first seats."""
CONTROL_SEATS: tuple[str, ...] = (MAP, POLITICAL, RELIGIOUS, CHARACTER, NONPLAYED)
DESKS: tuple[str, ...] = (*CONTROL_SEATS, GAME)
DESK_TITLES: dict[str, str] = {
    MAP: "Map Control",
    POLITICAL: "Political Control",
    RELIGIOUS: "Religious Control",
    CHARACTER: "Character Control",
    NONPLAYED: "Non-played States",
    GAME: "Game Control",
}

# Ruling RR3-GC13: the largest numbers an umpire or a team may enter. The 1524 position's richest treasury is 15
# florins, its largest army 40,000 men, its highest prestige 3; these bounds leave room for any game of six turns.
MAX_MONEY = 100_000
"""Florins: a treasury, a debt, a payment or transfer."""
MAX_MEN = 1_000_000
"""Men: an army's strength, a garrison, troops raised or committed."""
MAX_POINTS = 1_000
"""Prestige, heavenly standing, counters and unrest (above or below zero where the field allows)."""
MAX_MODIFIER = 20
"""An umpire's modifier to a die roll."""
MAX_TEXT = 2_000
"""Characters of a text field (a treaty's terms, a reason, an announcement)."""

PENDING = "pending"
SETTLED = "settled"
DISMISSED = "dismissed"

TEAM = "team"
CONTROL = "control"
ANY = "any"


@dataclass(frozen=True)
class Field:
    """One input of an action's form: ``kind`` is text, int, choice, multi (several choices) or bool."""

    name: str
    label: str
    kind: str = "text"
    choices: tuple[str, ...] = ()
    required: bool = True
    minimum: int | None = None
    maximum: int | None = None

    def bounds(self) -> tuple[int, int]:
        """The accepted range of an int field: its own bounds, else plus or minus :data:`MAX_MEN` (the largest
        number any form takes)."""
        low = self.minimum if self.minimum is not None else -MAX_MEN
        return low, self.maximum if self.maximum is not None else MAX_MEN

    def as_json(self, choices: Sequence[str] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "label": self.label, "kind": self.kind, "required": self.required}
        listed = list(choices) if choices is not None else list(self.choices)
        if self.kind in ("choice", "multi"):
            out["choices"] = listed
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        return out


Opener = Callable[[State, str, Action], Item]
"""Validates a request by ``role`` and returns the new item's ``title`` and ``params`` (raise IllegalAction); an
optional ``desk`` sends it to another desk than the request's, and ``then(state, item)`` is called once the
item is open."""
Chooser = Callable[[State, str], Mapping[str, Sequence[str]]]
"""The current choices of a request's fields for ``role`` (e.g. the cards a team still holds)."""
Settler = Callable[[State, Item, Action], str]
"""Settles ``item`` (the settle action may carry fields); returns the outcome sentence."""
Hook = Callable[[State], None]
StepHook = Callable[[State, str, str], None]
"""Called as ``hook(state, old_step, new_step)`` when a military phase moves from one step to the next."""
Doer = Callable[[State, str, Action], None]
"""Carries out a direct action of ``role`` at once (no item): an intention card, a money transfer..."""


@dataclass(frozen=True)
class RequestSpec:
    """A request: which roles may make it (``who``), in which phases, the desk it goes to and its form."""

    type: str
    desk: str
    label: str
    opener: Opener
    who: str = TEAM
    phases: tuple[int, ...] | None = None
    fields: tuple[Field, ...] = ()
    chooser: Chooser | None = None
    available: Callable[[State, str], bool] | None = None
    """Whether ``role`` may make this request now (beyond ``who`` and ``phases``); hides it from the form list."""


@dataclass(frozen=True)
class SettleSpec:
    """How an item of ``kind`` is settled, and the extra fields the umpire fills in (e.g. the Diet's ayes)."""

    kind: str
    settler: Settler
    label: str = "Resolve"
    fields: tuple[Field, ...] = ()
    chooser: Callable[[State, Item], Mapping[str, Sequence[str]]] | None = None
    needs: Callable[[State, Item], Sequence[str]] | None = None
    """The names of the fields a given item needs (RR3-J04: its form shows only those); None for all."""
    step: StepSpec | None = None
    """An item settled step by step (a debate's rounds): its next step's form, until there is none left."""
    labels: Callable[[State, Item], Mapping[str, str]] | None = None
    """Labels that depend on the game (an elector's name), by field name; the others keep the field's own."""
    defaults: Callable[[State, Item], Mapping[str, Any]] | None = None
    """The values a form starts with for a given item (the page fills them in; the settler applies the same
    defaults to a field left out), by field name."""
    shared: tuple[int, ...] = ()
    """The phases in which every control desk may work items of this kind, not only the item's own desk (RR3-M02:
    "All the available umpires will help to calculate and distribute incomes, etc. during the Phase 1")."""


@dataclass(frozen=True)
class StepForm:
    """The next step of an item settled step by step: its label, its fields and their current choices."""

    label: str
    fields: tuple[Field, ...]
    choices: Mapping[str, Sequence[str]]


@dataclass(frozen=True)
class StepSpec:
    """How an item is worked step by step before it is settled (RR3-L01): ``form(state, item)`` is the next step's
    form (None once every step is done, when the settle form is offered); ``record(state, item, action)`` records
    one step (after its fields were checked against the form) and returns what it did as a sentence."""

    form: Callable[[State, Item], StepForm | None]
    record: Callable[[State, Item, Action], str]


@dataclass(frozen=True)
class DirectSpec:
    """An action applied at once, with no umpire in the loop (still checked and logged)."""

    type: str
    label: str
    doer: Doer
    who: str = TEAM
    phases: tuple[int, ...] | None = None
    fields: tuple[Field, ...] = ()
    chooser: Chooser | None = None
    available: Callable[[State, str], bool] | None = None


@dataclass
class Registry:
    requests: dict[str, RequestSpec] = field(default_factory=dict)
    directs: dict[str, DirectSpec] = field(default_factory=dict)
    settlers: dict[str, SettleSpec] = field(default_factory=dict)
    phase_start: list[Hook] = field(default_factory=list)
    phase_end: list[Hook] = field(default_factory=list)
    step_change: list[StepHook] = field(default_factory=list)


REGISTRY = Registry()


def request(
    type: str,
    *,
    desk: str,
    label: str,
    who: str = TEAM,
    phases: Sequence[int] | None = None,
    fields: Sequence[Field] = (),
    chooser: Chooser | None = None,
    available: Callable[[State, str], bool] | None = None,
) -> Callable[[Opener], Opener]:
    """Register the decorated function as the opener of request ``type``; its item goes to ``desk``."""
    if desk not in DESKS:
        raise ValueError(f"unknown desk {desk!r}")

    def register(fn: Opener) -> Opener:
        if type in REGISTRY.requests:
            raise ValueError(f"request {type!r} registered twice")
        REGISTRY.requests[type] = RequestSpec(
            type, desk, label, fn, who, tuple(phases) if phases else None, tuple(fields), chooser, available
        )
        return fn

    return register


def direct(
    type: str,
    *,
    label: str,
    who: str = TEAM,
    phases: Sequence[int] | None = None,
    fields: Sequence[Field] = (),
    chooser: Chooser | None = None,
    available: Callable[[State, str], bool] | None = None,
) -> Callable[[Doer], Doer]:
    """Register the decorated function as the doer of direct action ``type`` (no item, applied at once)."""

    def register(fn: Doer) -> Doer:
        if type in REGISTRY.directs or type in REGISTRY.requests:
            raise ValueError(f"action {type!r} registered twice")
        REGISTRY.directs[type] = DirectSpec(
            type, label, fn, who, tuple(phases) if phases else None, tuple(fields), chooser, available
        )
        return fn

    return register


def settle(
    kind: str,
    *,
    label: str = "Resolve",
    fields: Sequence[Field] = (),
    chooser: Callable[[State, Item], Mapping[str, Sequence[str]]] | None = None,
    needs: Callable[[State, Item], Sequence[str]] | None = None,
    step: StepSpec | None = None,
    labels: Callable[[State, Item], Mapping[str, str]] | None = None,
    shared: Sequence[int] = (),
    defaults: Callable[[State, Item], Mapping[str, Any]] | None = None,
) -> Callable[[Settler], Settler]:
    """Register the decorated function as the settler of items of ``kind``; ``needs`` names the fields a given item
    needs (the others are left off its form); ``step`` works the item step by step before it is settled; ``labels``
    names fields by the game's state; in the phases ``shared`` every control desk may settle or dismiss them;
    ``defaults`` gives the values an item's form starts with."""

    def register(fn: Settler) -> Settler:
        if kind in REGISTRY.settlers:
            raise ValueError(f"settler {kind!r} registered twice")
        REGISTRY.settlers[kind] = SettleSpec(
            kind, fn, label, tuple(fields), chooser, needs, step, labels, defaults, tuple(shared)
        )
        return fn

    return register


def on_phase_start(fn: Hook) -> Hook:
    """Run ``fn(state)`` whenever a phase opens (after the clock moved)."""
    REGISTRY.phase_start.append(fn)
    return fn


def on_phase_end(fn: Hook) -> Hook:
    """Run ``fn(state)`` whenever a phase closes (before the clock moves)."""
    REGISTRY.phase_end.append(fn)
    return fn


def on_step_change(fn: StepHook) -> StepHook:
    """Run ``fn(state, old, new)`` whenever a military phase's step changes (pay -> move1 -> move2 -> done)."""
    REGISTRY.step_change.append(fn)
    return fn


# --- Items ------------------------------------------------------------------------------------------------------


def open_item(
    state: State,
    *,
    desk: str,
    kind: str,
    title: str,
    params: Mapping[str, Any] | None = None,
    by: str = "engine",
    team: str | None = None,
    public: bool = False,
) -> Item:
    """Put a new pending item on ``desk`` and return it. ``team`` is the team concerned (it sees the item);
    ``public`` items (a battle, a revolt) are shown to everyone once settled."""
    if desk not in DESKS:
        raise ValueError(f"unknown desk {desk!r}")
    if kind not in REGISTRY.settlers:
        raise ValueError(f"no settler registered for items of kind {kind!r}")
    number = state.get("next_item", 1)
    state["next_item"] = number + 1
    item: Item = {
        "id": f"i{number}",
        "desk": desk,
        "kind": kind,
        "title": title,
        "params": dict(params or {}),
        "by": by,
        "team": team,
        "public": public,
        "turn": state.get("turn"),
        "phase": state.get("phase"),
        "status": PENDING,
        "outcome": None,
        "dice": [],
        "closed_by": None,
    }
    state.setdefault("items", {})[item["id"]] = item
    return item


def is_closed(item: Item) -> bool:
    """Whether ``item`` is settled or dismissed: its record is final, never changed again (the kernel shares it
    between a state and the next, ``kernel/journal.py``)."""
    return bool(item["status"] != PENDING)


def all_items(state: State) -> list[Item]:
    """Every item, oldest first. By number: a state is kept with its dicts in key order (the kernel's canonical
    form), where ``i10`` comes before ``i4``: read by number up to the next one to open (no sort of a list that grows
    with the game), sorted only if some id is not one :func:`open_item` gives."""
    items = state.get("items", {})
    ordered = [items[key] for key in (f"i{n}" for n in range(1, state.get("next_item", 1))) if key in items]
    if len(ordered) != len(items):
        return sorted(items.values(), key=lambda item: int(item["id"][1:]))
    return ordered


def pending(state: State, desk: str | None = None) -> list[Item]:
    """The open items (of one desk), oldest first."""
    # Picked before sorting: the open items are few, the closed ones grow with the game (issue 32, point 5).
    items = (
        i for i in state.get("items", {}).values() if i["status"] == PENDING and (desk is None or i["desk"] == desk)
    )
    return sorted(items, key=lambda item: int(item["id"][1:]))


def _item(state: State, action: Action) -> Item:
    item_id = action.get("item")
    items = state.get("items", {})
    if not isinstance(item_id, str) or item_id not in items:
        raise IllegalAction(f"unknown item {item_id!r}; expected the id of a pending item, e.g. 'i3'")
    item: Item = items[item_id]
    if item["status"] != PENDING:
        raise IllegalAction(f"item {item_id} ({item['title']}) is already {item['status']}")
    return item


def may_work(state: State, role: str, item: Item) -> bool:
    """Whether ``role`` may settle, step or dismiss ``item``: Game Control and the item's own desk always; any other
    control desk while the phase is one its kind is shared in (RR3-M02: phase 1's revenue items)."""
    if role == GAME or role == item["desk"]:
        return True
    spec = REGISTRY.settlers.get(item["kind"])
    return role in CONTROL_SEATS and spec is not None and state.get("phase") in spec.shared


def workable(state: State, role: str) -> list[Item]:
    """The pending items ``role`` may work now (:func:`may_work`), oldest first: its own desk's, then the shared
    ones of other desks; every one for Game Control."""
    items = pending(state)
    if role == GAME:
        return items
    own = [i for i in items if i["desk"] == role]
    return own + [i for i in items if i["desk"] != role and may_work(state, role, i)]


def _may_work_desk(state: State, role: str, item: Item) -> None:
    if not may_work(state, role, item):
        desk = item["desk"]
        spec = REGISTRY.settlers.get(item["kind"])
        shared = f"; every desk may in phase {', '.join(str(p) for p in spec.shared)}" if spec and spec.shared else ""
        raise IllegalAction(f"only {DESK_TITLES[desk]} (or Game Control) may resolve this item{shared}; you are {role}")


def _who(action: Action) -> str:
    who = action.get("who", "")
    if not isinstance(who, str):
        raise IllegalAction("'who' must be the umpire's name as text")
    return who.strip()[:80]


def settle_item(state: State, role: str, action: Action) -> Item:
    """One click: settle the pending item named in ``action`` by its kind's settler; record the dice drawn."""
    item = _item(state, action)
    _may_work_desk(state, role, item)
    return _settle(state, role, item, action)


def step_item(state: State, role: str, action: Action) -> str:
    """Record one step of a pending item worked step by step (a debate's round), its fields checked against the
    step's form; the item stays pending. Returns what the step did."""
    item = _item(state, action)
    _may_work_desk(state, role, item)
    spec = REGISTRY.settlers[item["kind"]].step
    form = spec.form(state, item) if spec is not None else None
    if spec is None or form is None:
        raise IllegalAction(f"item {item['id']} ({item['title']}) has no step to record; settle it instead")
    check_fields(form.fields, action, form.choices)
    done = spec.record(state, item, {k: action[k] for k in (f.name for f in form.fields) if k in action})
    item.setdefault("steps", []).append({"text": done, "by": {"role": role, "who": _who(action)}})
    return done


ANSWER_BY = "answer_by"
"""``item["params"]["answer_by"]``: the team whose answer an item waits for (a treaty's consent, a permission, a
retreat); that team settles it itself with :func:`answer_item`, or the desk's umpire records its answer."""
ANSWERS = "answers"
"""``item["params"]["answers"]``: the id of the item this one is an answer to; dismissing that item closes it."""


def awaiting(state: State, team: str, kinds: Sequence[str]) -> list[str]:
    """The ids of the pending items of ``kinds`` that wait for ``team``'s answer."""
    return [i["id"] for i in pending(state) if i["kind"] in kinds and i.get("params", {}).get(ANSWER_BY) == team]


def answer_item(state: State, role: str, action: Action, kinds: Sequence[str]) -> Item:
    """A team settles an item that waits for its answer (``answer_by``) with the same settler as the desk's
    umpire; the record names the team as the one who closed it."""
    item = _item(state, action)
    if item["kind"] not in kinds or item.get("params", {}).get(ANSWER_BY) != role:
        raise IllegalAction(f"item {item['id']} ({item['title']}) does not wait for an answer of {role}")
    return _settle(state, role, item, action)


def _settle(state: State, role: str, item: Item, action: Action) -> Item:
    spec = REGISTRY.settlers[item["kind"]]
    check_sizes(spec.fields, action)
    first = len(state.get("rolls", []))
    outcome = spec.settler(state, item, action)
    item["dice"] = [dict(entry) for entry in state.get("rolls", [])[first:]]
    item["status"] = SETTLED
    item["outcome"] = outcome
    item["closed_by"] = {"role": role, "who": _who(action)}
    item["closed_turn"], item["closed_phase"] = state.get("turn"), state.get("phase")
    extra = {f.name: action[f.name] for f in spec.fields if f.name in action}
    if extra:
        item["settled_with"] = extra
    return item


def dismiss_item(state: State, role: str, action: Action) -> Item:
    """Close a pending item without resolving it (a request refused, a check waived); the reason is required."""
    item = _item(state, action)
    _may_work_desk(state, role, item)
    why = action.get("why")
    if not isinstance(why, str) or not why.strip():
        raise IllegalAction("dismissing an item needs 'why': the reason, as text")
    close_unsettled(state, item, role, _who(action), why.strip())
    for other in pending(state):
        if other.get("params", {}).get(ANSWERS) == item["id"]:
            close_unsettled(state, other, role, _who(action), f"{item['id']} ({item['title']}) was dismissed")
    return item


def close_unsettled(state: State, item: Item, role: str, who: str, why: str) -> None:
    """Close ``item`` as dismissed, with the reason (a request refused, an answer no longer needed)."""
    item["status"] = DISMISSED
    item["outcome"] = f"dismissed: {why}"
    item["closed_by"] = {"role": role, "who": who, "why": why}
    item["closed_turn"], item["closed_phase"] = state.get("turn"), state.get("phase")


def _check_common(state: State, role: str, action: Action, spec: RequestSpec | DirectSpec, team: str | None) -> None:
    if spec.who == TEAM and team is None:
        raise IllegalAction(f"only a team may {spec.label.lower()}")
    if spec.who == CONTROL and role not in DESKS:
        raise IllegalAction(f"only the control team may {spec.label.lower()}")
    if spec.phases is not None and state.get("phase") not in spec.phases:
        allowed = ", ".join(str(p) for p in spec.phases)
        raise IllegalAction(f"{spec.label} is possible in phase {allowed} only; this is phase {state.get('phase')}")
    if spec.available is not None and not spec.available(state, role):
        raise IllegalAction(f"{spec.label} is not possible for {role} now")
    check_fields(spec.fields, action, spec.chooser(state, role) if spec.chooser else {})


def do_direct(state: State, role: str, action: Action, *, team: str | None) -> None:
    """Carry out a direct action after the common checks."""
    spec = REGISTRY.directs[action["type"]]
    _check_common(state, role, action, spec, team)
    spec.doer(state, role, action)


def make_request(state: State, role: str, action: Action, *, team: str | None, player: str | None = None) -> Item:
    """Open the item a request action asks for, after the checks common to every request. ``team`` is the
    team ``role`` plays (None for the control team); ``player``, the player seat that made it for its team
    (kept on the item as ``player``, RR3-K01)."""
    spec = REGISTRY.requests.get(action["type"])
    if spec is None:
        raise IllegalAction(f"unknown action {action['type']!r}")
    _check_common(state, role, action, spec, team)
    made = spec.opener(state, role, action)
    item = open_item(
        state,
        desk=made.get("desk", spec.desk),
        kind=made.get("kind", spec.type),
        title=made["title"],
        params=made.get("params", {}),
        by=role,
        team=made.get("team", team),
        public=bool(made.get("public", False)),
    )
    if player is not None:
        item["player"] = player
    follow = made.get("then")
    if callable(follow):
        follow(state, item)  # the items that wait on this one (a treaty's consents)
    return item


def check_sizes(fields: Sequence[Field], action: Action) -> None:
    """Each whole number given for an int field within the field's bounds and each text within :data:`MAX_TEXT`
    characters (the settlers check the rest themselves)."""
    for f in fields:
        value = action.get(f.name)
        if f.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
            low, high = f.bounds()
            if not low <= value <= high:
                raise IllegalAction(f"{f.name!r} ({f.label}) must be from {low} to {high}, not {value}")
        elif f.kind == "text" and isinstance(value, str) and len(value) > MAX_TEXT:
            raise IllegalAction(f"{f.name!r} ({f.label}) is {len(value)} characters long; expected at most {MAX_TEXT}")


def check_fields(fields: Sequence[Field], action: Action, choices: Mapping[str, Sequence[str]]) -> None:
    """Each field present and of its kind, each choice among the current choices; else a precise IllegalAction."""
    for f in fields:
        value = action.get(f.name)
        if value is None or value == "":
            if f.required:
                raise IllegalAction(f"missing {f.name!r} ({f.label})")
            continue
        listed = choices.get(f.name, f.choices)
        if f.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise IllegalAction(f"{f.name!r} ({f.label}) must be a whole number, not {value!r}")
            if f.minimum is not None and value < f.minimum:
                raise IllegalAction(f"{f.name!r} ({f.label}) must be at least {f.minimum}, not {value}")
            if f.maximum is not None and value > f.maximum:
                raise IllegalAction(f"{f.name!r} ({f.label}) must be at most {f.maximum}, not {value}")
        elif f.kind == "bool":
            if not isinstance(value, bool):
                raise IllegalAction(f"{f.name!r} ({f.label}) must be true or false, not {value!r}")
        elif f.kind == "choice":
            if value not in listed:
                raise IllegalAction(f"{f.name!r} ({f.label}) cannot be {value!r}; expected one of: {', '.join(listed)}")
        elif f.kind == "multi":
            if not isinstance(value, list) or any(v not in listed for v in value):
                raise IllegalAction(f"{f.name!r} ({f.label}) must be a list drawn from: {', '.join(listed)}")
            if len(set(value)) != len(value):
                raise IllegalAction(f"{f.name!r} ({f.label}) names the same choice twice; name each once")
        elif not isinstance(value, str):
            raise IllegalAction(f"{f.name!r} ({f.label}) must be text, not {value!r}")
    check_sizes(fields, action)


def request_forms(state: State, role: str, team: str | None) -> list[dict[str, Any]]:
    """The request and direct actions ``role`` may make now, as form templates for the view's ``actions``."""
    forms = []
    specs: list[RequestSpec | DirectSpec] = [*REGISTRY.requests.values(), *REGISTRY.directs.values()]
    for spec in specs:
        if spec.who == TEAM and team is None:
            continue
        if spec.who == CONTROL and role not in DESKS:
            continue
        if spec.phases is not None and state.get("phase") not in spec.phases:
            continue
        if spec.available is not None and not spec.available(state, role):
            continue
        choices = spec.chooser(state, role) if spec.chooser else {}
        forms.append(
            {
                "type": spec.type,
                "label": spec.label,
                "desk": spec.desk if isinstance(spec, RequestSpec) else None,
                "fields": form_fields(spec.fields, choices),
            }
        )
    return forms


def form_fields(fields: Sequence[Field], choices: Mapping[str, Sequence[str]]) -> list[dict[str, Any]]:
    """The fields of a form as JSON, each with its current choices. RR3-J04: an optional choice with nothing to
    choose now (no Persuasion card left, no Italian bank granted) is left off the form."""
    out = []
    for f in fields:
        listed = choices.get(f.name, f.choices)
        if f.kind in ("choice", "multi") and not f.required and not listed:
            continue
        out.append(f.as_json(listed))
    return out


def settle_forms(state: State, item: Item) -> list[dict[str, Any]]:
    """The one-click actions of a pending item: settle (with any fields the umpire fills in) and dismiss; an item
    worked step by step offers its next step instead of settle until every step is done (RR3-L01)."""
    spec = REGISTRY.settlers[item["kind"]]
    dismiss = {"type": "dismiss", "item": item["id"], "label": "Dismiss", "fields": [Field("why", "Why").as_json()]}
    step = spec.step.form(state, item) if spec.step is not None else None
    if step is not None:
        fields = form_fields(step.fields, step.choices)
        return [{"type": "step", "item": item["id"], "label": step.label, "fields": fields}, dismiss]
    choices = spec.chooser(state, item) if spec.chooser else {}
    needed = set(spec.needs(state, item)) if spec.needs else {f.name for f in spec.fields}
    fields = form_fields([f for f in spec.fields if f.name in needed], choices)
    named = spec.labels(state, item) if spec.labels else {}
    given = spec.defaults(state, item) if spec.defaults else {}
    for f in fields:
        f["label"] = named.get(f["name"], f["label"])
        if given.get(f["name"]) is not None:
            f["default"] = given[f["name"]]
    return [
        {"type": "settle", "item": item["id"], "label": spec.label, "fields": fields},
        dismiss,
    ]


# --- The journal -----------------------------------------------------------------------------------------------


def journal(
    state: State,
    title: str,
    text: str,
    *,
    public: bool = False,
    team: str | None = None,
    dice: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """Append an engine event to ``state["journal"]`` (public ones are the news; a private one is shown to ``team``
    and to the control team) and return it."""
    entry: dict[str, Any] = {
        "turn": state.get("turn"),
        "phase": state.get("phase"),
        "step": state.get("step"),
        "title": title,
        "text": text,
        "public": public,
        "team": team,
        "dice": [dict(d) for d in dice],
    }
    state.setdefault("journal", []).append(entry)
    return entry


@functools.lru_cache(maxsize=8)
def _load_map(text: str) -> Geography:
    return load_geography(json.loads(text), "game map")


def geography(state: State) -> Geography:
    """The game's map: ``state["geography"]`` when it holds map data in the ``umpire-rr3-map/1`` format (a test map,
    a custom scenario), else the authored map of 1524 (:func:`umpire.games.rr3.geography.map1524`); with the option
    ``mountains: ranges`` its every range open to armies (RR3-M04)."""
    data = state.get("geography")
    geo = _load_map(json.dumps(data, sort_keys=True)) if isinstance(data, Mapping) else map1524()
    return geo.ranges_crossable() if readings.reading(state, readings.MOUNTAINS) == "ranges" else geo


def team_of(state: State, role: str) -> str | None:
    """The team ``role`` plays: a team seat plays its own team, a player seat its player's team (RR3-K01);
    control seats, the GM and the observer none."""
    if role in state.get("teams", {}):
        return role
    return players.team_of(state, role)


def team_of_state(state: Mapping[str, Any], sid: Any) -> str | None:
    """The team playing state ``sid`` (None for a non-played or unknown state)."""
    if not isinstance(sid, str):
        return None
    team = state.get("states", {}).get(sid, {}).get("team")
    return team if isinstance(team, str) and team else None


def is_control(role: str) -> bool:
    """Whether ``role`` is one of the control desks or Game Control."""
    return role in DESKS


# --- Phase and step hooks -----------------------------------------------------------------------------------------


def run_phase_start(state: State) -> None:
    for hook in REGISTRY.phase_start:
        hook(state)


def run_phase_end(state: State) -> None:
    for hook in REGISTRY.phase_end:
        hook(state)


def run_step_change(state: State, old: str, new: str) -> None:
    for hook in REGISTRY.step_change:
        hook(state, old, new)
