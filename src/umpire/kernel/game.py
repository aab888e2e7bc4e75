"""A game: its setup record, its action log and its current state; replay rebuilds the state from the log.

The *record* is everything needed to reproduce a game::

    {"format": "umpire-game/1", "ruleset": "standard", "scenario": "classic", "options": {...},
     "seed": 42, "actions": [{"role": "FRANCE", "action": {...}}, ...]}

:func:`replay` runs :func:`new_game` with the same setup and applies each logged action in turn; the result is
byte-identical (canonical JSON) to the state the game had. The state and the record hold hidden information;
they leave the kernel only through :meth:`Game.view`, which asks the ruleset for one role's redacted view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.kernel import registry
from umpire.kernel.canonical import canonical_json, clone, plain_canonical_copy, state_digest
from umpire.kernel.errors import BadGameFile, IllegalAction, UmpireError, UnknownRole
from umpire.kernel.limits import check_action
from umpire.kernel.rng import init_rng
from umpire.kernel.ruleset import Action, Ruleset, State, View

FORMAT = "umpire-game/1"
#: Record keys kept across a replay besides the setup and the actions: who plays each power and how the powers
#: were assigned (``umpire new europe1615 --auction``).
KEPT = ("players", "auction")


@dataclass
class Game:
    """A running game: the ruleset, the record (setup + action log) and the current state, kept between actions
    with its dicts in sorted key order (:func:`~umpire.kernel.canonical.canonical_copy`)."""

    ruleset: Ruleset
    record: dict[str, Any]
    state: State

    def act(self, role: str, action: Action) -> None:
        """Apply ``action`` by ``role``; on any error the state and the log are left exactly as they were."""
        self._act(role, action, keep=True)

    def _act(self, role: str, action: Action, keep: bool) -> None:
        """:meth:`act`; ``keep=False`` (a replay, whose game is dropped on any error) lets the rules work on the
        state itself instead of a copy of it."""
        self.check_role(role)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(f"an action must be a JSON object with a string 'type', not {action!r}")
        check_action(action, self.ruleset.action_limits(self.state, role))
        if self.ruleset.is_over(self.state):
            raise IllegalAction("the game is over; no more actions are accepted")
        work = clone(self.state) if keep else self.state
        self.ruleset.apply(work, role, clone(action))
        self.ruleset.advance(work)
        # At rest in sorted key order, wherever it comes from (canonical_copy), once checked to be plain JSON data.
        self.state = plain_canonical_copy(work)
        self.record["actions"].append({"role": role, "action": clone(action)})

    def view(self, role: str) -> View:
        """What ``role`` may see and do now."""
        self.check_role(role)
        return self.ruleset.view(self.state, role)

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
    ruleset: str | Ruleset, scenario: str | None = None, options: dict[str, Any] | None = None, seed: int = 0
) -> Game:
    """Set up a new game of ``ruleset`` (a name or an object); the scenario defaults to the ruleset's first."""
    rules = registry.get(ruleset) if isinstance(ruleset, str) else ruleset
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
    return Game(rules, record, state)


def replay(record: dict[str, Any]) -> Game:
    """Rebuild a game from its record; raises BadGameFile naming the first action that does not replay."""
    if not isinstance(record, dict):
        raise BadGameFile("a game record must be a JSON object")
    missing = [k for k in ("ruleset", "scenario", "options", "seed", "actions") if k not in record]
    if missing:
        raise BadGameFile(f"the game record lacks {', '.join(missing)}")
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
            game._act(entry["role"], entry["action"], keep=False)  # a failure drops the game: no copy to keep
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
