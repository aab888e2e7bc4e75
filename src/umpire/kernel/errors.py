"""The errors umpire reports to users: each carries a one-line message naming what is wrong and what was expected."""

from __future__ import annotations


class UmpireError(Exception):
    """Base of every user-facing error; the CLI and server print its message, never a traceback."""


class UnknownRuleset(UmpireError):
    """A ruleset name that is not registered."""


class UnknownRole(UmpireError):
    """A role that the game does not have."""


class IllegalAction(UmpireError):
    """An action the role may not take now; the state is left exactly as it was."""


class BadGameFile(UmpireError):
    """A state or log file that is not valid JSON or not of the expected shape."""


class BadPosition(UmpireError):
    """A position file (``kernel/position.py``) that a ruleset cannot start a game from: one line per problem, each
    naming the field and what was expected."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)
