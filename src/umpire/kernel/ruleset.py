"""The contract every game system implements: setup, roles, view, apply, advance.

A ruleset is a plain object whose methods work on the game *state*, a dict of plain JSON data. The kernel
(:mod:`umpire.kernel.game`) owns the state's life: it makes the base state, hands a copy to :meth:`Ruleset.apply`,
keeps the result only when no error was raised, and appends the action to the log. Rulesets never keep state of
their own between calls, never use randomness other than :mod:`umpire.kernel.rng`, and never let hidden
information out except through :meth:`Ruleset.view`.

The three shapes of play the four seeds need all fit this one contract:

- *simultaneous orders* (Diplomacy phases, megagame intentions): each role submits into a sealed box
  (:mod:`umpire.kernel.simultaneous`); a ``resolve`` action (every seat ready, a deadline, or the GM) makes the
  ruleset resolve them together;
- *sequential impulses* (Here I Stand): the view names the one role whose turn it is and lists its legal actions;
  hands and decks live in the state and each view shows only its role's own cards;
- *engine procedures* (Empires for Two, the HIS diplomatic deck, 1615 minor states, the megagame's non-played
  states): :meth:`Ruleset.advance` runs them after every accepted action, drawing dice from the state's generator,
  until some role must act again. Powers whose controller is :data:`ENGINE` are played this way.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from umpire.kernel.errors import UmpireError
from umpire.kernel.journal import AppendOnly
from umpire.kernel.limits import ActionLimits

State = dict[str, Any]
Action = dict[str, Any]
View = dict[str, Any]

#: The role that sees everything and may act for the table (pause, resolve at a deadline, adjust).
GM = "gm"
#: The role that sees only what is public.
OBSERVER = "observer"
#: The controller of a power that the engine runs by a fixed procedure.
ENGINE = "engine"


@dataclass(frozen=True)
class Scenario:
    """A starting situation of a ruleset."""

    name: str
    title: str
    description: str = ""


@dataclass(frozen=True)
class Option:
    """A rules option: its default and the values it accepts, with the ruling it selects."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    description: str = ""


@dataclass(frozen=True)
class RulesetInfo:
    """What a ruleset is: its registry name, its title, the seed document it implements."""

    name: str
    title: str
    seed: str
    scenarios: tuple[Scenario, ...]
    options: tuple[Option, ...] = field(default_factory=tuple)
    #: Whether the server's new-game form offers it: False while a ruleset has no page of its own yet (it can
    #: still be created through the API and played from the command line).
    browser: bool = True


class Ruleset(ABC):
    """One game system. Subclasses set :attr:`info` and implement the abstract methods."""

    info: ClassVar[RulesetInfo]
    #: The parts of the state whose entries are never changed once appended (or once final), shared between a
    #: state and the next instead of copied on every action (``kernel/journal.py``); the kernel adds ``rolls``.
    append_only: ClassVar[tuple[AppendOnly, ...]] = ()

    @abstractmethod
    def setup(self, state: State, scenario: str, options: dict[str, Any]) -> None:
        """Fill the base state (which already holds ``rng``, ``rolls`` and ``control``) for a new game."""

    @abstractmethod
    def seats(self, state: State) -> list[str]:
        """The player roles of this game, in a stable order."""

    @abstractmethod
    def view(self, state: State, role: str) -> View:
        """Everything ``role`` may see now, and what it may do now (``"actions"``); nothing more."""

    @abstractmethod
    def apply(self, state: State, role: str, action: Action) -> None:
        """Carry out ``action`` by ``role`` on ``state`` (a private copy) or raise IllegalAction."""

    def staff_seats(self, state: State) -> list[str]:
        """The seats among :meth:`seats` that belong to the game's staff (umpires, control desks), not players.

        A server hands such a seat only to the holder of its own link or to whom the GM assigns it: never to
        someone picking a free seat from a lobby, nor by a random or auction assignment. While the GM has paused the
        game, such a seat still acts (the umpires clear their queues); the players' seats wait. The default has none."""
        return []

    def history_reports(self, state: State, role: str, start: int, stop: int) -> list[dict[str, Any]] | None:
        """The phase reports of entries ``start`` to ``stop`` of ``view(state, role)["history"]`` as ``role`` reads
        them (``{"phase", "text", "groups"}`` each), for a ruleset whose entries are data a reader cannot read as
        they are; None (the default): the entries speak for themselves (per-order ``results``)."""
        return None

    def phase_title(self, phase: str) -> str:
        """A phase's name in words for pages and reports (``S1901M`` -> ``Spring 1901 movement``); the code itself
        (the default) for a ruleset whose phases are already words or which names them on its own page."""
        return phase

    def hidden_parts(self, state: State) -> Any:
        """What of ``state`` some role may not see (hands, decks, sealed choices), for undo (``kernel/undo.py``): a
        player may take back an action only if these parts and the generator are as they were before it. None (the
        default): the ruleset offers no undo to its players."""
        return None

    def to_position(self, state: State) -> dict[str, Any]:
        """The position of ``state`` as plain data (``kernel/position.py``: the kernel adds the format and ruleset
        tags): what a game needs to go on from this moment, without the generator, the dice rolled or the log."""
        raise UmpireError(f"{self.info.name} cannot write positions yet: only his2p can (docs/status.md)")

    def from_position(self, state: State, position: dict[str, Any]) -> dict[str, Any]:
        """Fill the base state (``rng``, ``rolls`` and ``control`` already there) from ``position``, in place of
        :meth:`setup`, and return the rules options in force; raise
        :class:`~umpire.kernel.errors.BadPosition` with one line per problem."""
        raise UmpireError(f"{self.info.name} cannot start from a position yet: only his2p can (docs/status.md)")

    def advance(self, state: State) -> None:  # noqa: B027 - optional hook with a no-op default
        """Run the engine's own procedures until a role must act; the default has none."""

    def action_limits(self, state: State, role: str) -> ActionLimits:
        """The structural bounds of an action by ``role`` now (checked before :meth:`apply`); rulesets tighten the
        generous defaults to what their forms allow."""
        return ActionLimits()

    def is_over(self, state: State) -> bool:
        """Whether the game has ended."""
        return bool(state.get("over"))

    def roles(self, state: State) -> list[str]:
        """Every role that may view the game: the seats, the GM and the observer."""
        return [*self.seats(state), GM, OBSERVER]

    def option_values(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options with defaults filled in; unknown names or values raise ValueError with what is accepted."""
        known = {opt.name: opt for opt in self.info.options}
        for name, value in options.items():
            if name not in known:
                accepted = ", ".join(sorted(known)) or "none"
                raise ValueError(f"unknown option {name!r} for {self.info.name}; options are: {accepted}")
            if value not in known[name].choices:
                accepted = ", ".join(repr(c) for c in known[name].choices)
                raise ValueError(f"option {name!r} cannot be {value!r}; expected one of {accepted}")
        return {name: options.get(name, opt.default) for name, opt in known.items()}
