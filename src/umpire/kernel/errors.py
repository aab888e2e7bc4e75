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
