"""A game: its setup record, its action log and its current state; replay rebuilds the state from the log.

The *record* is everything needed to reproduce a game::

    {"format": "umpire-game/1", "ruleset": "standard", "scenario": "classic", "options": {...},
     "seed": 42, "actions": [{"role": "FRANCE", "action": {...}}, ...]}

A game started from a position (``kernel/position.py``) has ``"scenario": "position"`` and the position itself
under ``"position"``; its replay starts from that position.

:func:`replay` runs :func:`new_game` with the same setup and applies each logged action in turn; the result is
byte-identical (canonical JSON) to the state the game had. The state and the record hold hidden information;
they leave the kernel only through :func:`role_view` (:meth:`Game.view`), which asks the ruleset for one role's
redacted view of the state without its generator's secret (:func:`~umpire.kernel.rng.without_secret`).

A GM's rollback (``kernel/undo.py``) ends with a :data:`RESEED` entry in the log, ``{"role": "gm", "action":
{"type": "reseed", "secret": n}}``, made only by :meth:`Game.reseed`, never accepted as an action
(:meth:`Game.act` refuses it), and replayed by :meth:`Game.replay_action`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from umpire.kernel import journal, registry
from umpire.kernel.canonical import canonical_copy, canonical_json, clone, plain_canonical_copy, state_digest
from umpire.kernel.control import powers_of
from umpire.kernel.errors import BadGameFile, BadPosition, IllegalAction, UmpireError, UnknownRole
from umpire.kernel.limits import check_action
from umpire.kernel.position import body_of, position_ruleset
from umpire.kernel.rng import init_rng, reseed, without_secret
from umpire.kernel.ruleset import GM, Action, Ruleset, State, View

FORMAT = "umpire-game/1"
#: Record keys kept across a replay besides the setup and the actions: who plays each power and how the powers
#: were assigned (``umpire new europe1615 --auction``).
KEPT = ("players", "auction")
#: The log entry of a GM's rollback that moves the generator on to a fresh secret (issue 26, point 2).
RESEED = "reseed"


def role_view(ruleset: Ruleset, state: State, role: str) -> View:
    """What ``role`` may see of ``state``: the ruleset's view, built from the state without its generator's
    secret, the one place every view (the server's, the CLI's, a bot's) is made (issue 26, point 1)."""
    return ruleset.view(without_secret(state), role)


def role_history_reports(ruleset: Ruleset, state: State, role: str, start: int, stop: int) -> Any:
    """:meth:`Ruleset.history_reports` from the state without its secret, as :func:`role_view`."""
    return ruleset.history_reports(without_secret(state), role, start, stop)


@dataclass
class Game:
    """A running game: the ruleset, the record (setup + action log) and the current state, kept between actions
    with its dicts in sorted key order (:func:`~umpire.kernel.canonical.canonical_copy`)."""

    ruleset: Ruleset
    record: dict[str, Any]
    state: State
    #: The top-level parts of the state as the kernel put it at rest (``kernel/journal.py``): a part still the
    #: same object and left as it was by an action is kept, not copied again. Empty for a state from elsewhere.
    rested: State = field(default_factory=dict, repr=False, compare=False)

    def act(self, role: str, action: Action) -> None:
        """Apply ``action`` by ``role``; on any error the state and the log are left exactly as they were."""
        self.check_role(role)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(f"an action must be a JSON object with a string 'type', not {action!r}")
        if action["type"] == RESEED:
            raise IllegalAction("'reseed' is not an action: the generator takes a fresh secret only on a GM's rollback")
        check_action(action, self.ruleset.action_limits(self.state, role))
        if self.ruleset.is_over(self.state):
            raise IllegalAction("the game is over; no more actions are accepted")
        # The rules work on a copy sharing the past's entries (kernel/journal.py): a refusal leaves the state as it was.
        parts = journal.parts_of(self.ruleset.append_only)
        sealed = journal.seal(self.state, parts) if journal.STRICT else None
        marks: dict[str, bytes] = {}
        work = journal.work_copy(self.state, parts, marks, self.rested)
        try:
            try:
                self.ruleset.apply(work, role, clone(action))
            except IllegalAction as refused:
                self.check_power(role, action, refused)  # the refusal names the power the seat may not act for
                raise
            self.ruleset.advance(work)
        finally:
            if sealed is not None:
                journal.check_seal(self.state, parts, sealed, f"{role}'s {action['type']!r}")
        self.check_power(role, action)  # a ruleset that ignores the field (as 1615's submissions did) is caught
        # At rest in sorted key order, wherever it comes from (canonical_copy), once checked to be plain JSON data;
        # the shared past as it was, only what is new copied.
        self.state = journal.settled_copy(self.state, work, parts, marks=marks)
        self.rested = dict(self.state)
        self.record["actions"].append({"role": role, "action": clone(action)})

    def reseed(self, secret: int) -> None:
        """Move the generator on to a fresh ``secret`` and log it (a GM's rollback: the undone dice do not come
        back); the log keeps it so that a replay reaches the same state, and no view shows it."""
        parts = journal.parts_of(self.ruleset.append_only)
        work = journal.work_copy(self.state, parts)
        reseed(work, secret)
        self.state = journal.settled_copy(self.state, work, parts)
        self.rested = dict(self.state)
        self.record["actions"].append({"role": GM, "action": {"type": RESEED, "secret": secret}})

    def replay_action(self, role: str, action: Action) -> None:
        """Apply a logged entry again: a :data:`RESEED` by the GM through :meth:`reseed`, any other through
        :meth:`act`."""
        if isinstance(action, dict) and action.get("type") == RESEED and role == GM:
            secret = action.get("secret")
            if not isinstance(secret, int) or isinstance(secret, bool) or secret < 0:
                raise IllegalAction(f"a logged reseed needs a non-negative integer 'secret', not {secret!r}")
            self.reseed(secret)
            return
        self.act(role, action)

    def check_power(self, role: str, action: Action, refused: IllegalAction | None = None) -> None:
        """Refuse a seat's action whose ``power`` is neither the seat, nor a power it gives the orders of
        (:func:`~umpire.kernel.control.powers_of`), nor offered with that power among its legal actions (a Here I
        Stand action with another power's units): the one check for every ruleset (issue 26, point 5), on the
        state before the action, its message naming both. ``refused``: the ruleset's own refusal of the action,
        which the message then carries (it says more of what was wrong)."""
        power = action.get("power")
        if power is None or role not in self.ruleset.seats(self.state):
            return
        if not isinstance(power, str):
            raise IllegalAction(f"'power' must be the name of a power, not {power!r}")
        mine = powers_of(self.state, role) if isinstance(self.state.get("control"), dict) else []
        if power == role or power in mine:
            return
        offered = role_view(self.ruleset, self.state, role).get("actions")
        if isinstance(offered, list) and any(
            isinstance(a, dict) and a.get("type") == action["type"] and a.get("power") == power for a in offered
        ):
            return
        yours = ", ".join(mine) if mine else role
        why = str(refused) if refused is not None else f"{role}'s action may name only {yours}"
        raise IllegalAction(f"{role} cannot act for {power}: {why}")

    def view(self, role: str) -> View:
        """What ``role`` may see and do now (:func:`role_view`)."""
        self.check_role(role)
        return role_view(self.ruleset, self.state, role)

    def check_role(self, role: str) -> None:
        """Raise UnknownRole unless ``role`` belongs to this game."""
        roles = self.ruleset.roles(self.state)
        if role not in roles:
            raise UnknownRole(f"unknown role {role!r}; this game's roles are: {', '.join(roles)}")

    def digest(self) -> str:
        """Fingerprint of the current state."""
        return state_digest(self.state)

    def to_json(self) -> dict[str, Any]:
        """The saved form of a game: the record and the state it led to."""
        return {"format": FORMAT, "record": self.record, "state": self.state}


def new_game(
    ruleset: str | Ruleset,
    scenario: str | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    position: dict[str, Any] | None = None,
) -> Game:
    """Set up a new game of ``ruleset`` (a name or an object); the scenario defaults to the ruleset's first. With a
    ``position`` (``kernel/position.py``) the game starts from it instead, with the position's own options; its
    record keeps the position, so that :func:`replay` starts from it again."""
    rules = registry.get(ruleset) if isinstance(ruleset, str) else ruleset
    if position is not None:
        return _from_position(rules, position, options, seed)
    info = rules.info
    chosen = scenario if scenario is not None else info.scenarios[0].name
    names = [s.name for s in info.scenarios]
    if chosen not in names:
        raise UmpireError(f"unknown scenario {chosen!r} for {info.name}; scenarios: {', '.join(names)}")
    try:
        opts = rules.option_values(dict(options or {}))
    except ValueError as exc:
        raise UmpireError(str(exc)) from None
    state: State = {"ruleset": info.name, "rng": init_rng(seed), "rolls": [], "control": {}}
    rules.setup(state, chosen, opts)
    rules.advance(state)
    state = plain_canonical_copy(state)
    record = {"format": FORMAT, "ruleset": info.name, "scenario": chosen, "options": opts, "seed": seed, "actions": []}
    return Game(rules, record, state, dict(state))


def _from_position(rules: Ruleset, position: Any, options: dict[str, Any] | None, seed: int) -> Game:
    """A new game of ``rules`` from ``position`` (checked by the ruleset, one line per problem)."""
    name = position_ruleset(position)
    if name != rules.info.name:
        raise BadPosition([f"ruleset: this position is of {name!r}, not of {rules.info.name!r}"])
    if options:
        raise UmpireError("a game from a position plays with the position's own options; give none")
    state: State = {"ruleset": rules.info.name, "rng": init_rng(seed), "rolls": [], "control": {}}
    opts = rules.from_position(state, body_of(position))
    rules.advance(state)
    state = plain_canonical_copy(state)
    record = {
        "format": FORMAT,
        "ruleset": rules.info.name,
        "scenario": "position",
        "options": opts,
        "seed": seed,
        "position": canonical_copy(position),
        "actions": [],
    }
    return Game(rules, record, state, dict(state))


def replay(record: dict[str, Any]) -> Game:
    """Rebuild a game from its record; raises BadGameFile naming the first action that does not replay."""
    if not isinstance(record, dict):
        raise BadGameFile("a game record must be a JSON object")
    missing = [k for k in ("ruleset", "scenario", "options", "seed", "actions") if k not in record]
    if missing:
        raise BadGameFile(f"the game record lacks {', '.join(missing)}")
    if "position" in record:  # started from a position: the position again, with its own options
        game = new_game(record["ruleset"], seed=record["seed"], position=record["position"])
        if canonical_json(game.record["options"]) != canonical_json(record["options"]):
            raise BadGameFile("the record's 'options' differ from its position's")
    else:
        game = new_game(record["ruleset"], record["scenario"], record["options"], record["seed"])
    if not isinstance(record["actions"], list):
        raise BadGameFile("the record's 'actions' must be a list")
    for key in KEPT:  # who plays which power (``umpire new --auction``) survives the replay
        if key in record:
            game.record[key] = clone(record[key])
    for i, entry in enumerate(record["actions"]):
        if not isinstance(entry, dict) or "role" not in entry or "action" not in entry:
            raise BadGameFile(f"action {i + 1} must be an object with 'role' and 'action'")
        try:
            game.replay_action(entry["role"], entry["action"])
        except UmpireError as exc:
            raise BadGameFile(f"action {i + 1} ({entry['role']}) does not replay: {exc}") from None
    return game


def load_game(saved: Any) -> Game:
    """A game from its saved form (:meth:`Game.to_json`), checking that its state is what its log replays to."""
    if not isinstance(saved, dict) or saved.get("format") != FORMAT:
        raise BadGameFile(f'not an umpire game file: expected a JSON object with "format": "{FORMAT}"')
    if "record" not in saved:
        raise BadGameFile("the game file has no 'record'")
    game = replay(saved["record"])
    if "state" in saved and canonical_json(saved["state"]) != canonical_json(game.state):
        raise BadGameFile("the game file's state differs from what its action log replays to")
    return game
