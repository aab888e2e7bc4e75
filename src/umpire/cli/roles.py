"""Role names as a user types them: ``france``, ``France`` and ``FRANCE`` all name the ruleset's own spelling."""

from __future__ import annotations

from umpire.kernel.errors import UnknownRole
from umpire.kernel.game import Game


def resolve_role(game: Game, typed: str) -> str:
    """The game's spelling of the role ``typed`` names, ignoring case; UnknownRole listing the roles otherwise."""
    roles = game.ruleset.roles(game.state)
    if typed in roles:
        return typed
    matches = [role for role in roles if role.casefold() == typed.casefold()]
    if len(matches) == 1:
        return matches[0]
    raise UnknownRole(f"unknown role {typed!r}; this game's roles are: {', '.join(roles)}")
