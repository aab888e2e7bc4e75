"""The engine kernel: state, seeded randomness, action log and replay, per-role views, control, bots, registry.

See docs/architecture.md for the contract and the data flow.
"""

from umpire.kernel.errors import BadGameFile, IllegalAction, UmpireError, UnknownRole, UnknownRuleset
from umpire.kernel.game import Game, load_game, new_game, replay
from umpire.kernel.ruleset import ENGINE, GM, OBSERVER, Option, Ruleset, RulesetInfo, Scenario

__all__ = [
    "ENGINE",
    "GM",
    "OBSERVER",
    "BadGameFile",
    "Game",
    "IllegalAction",
    "Option",
    "Ruleset",
    "RulesetInfo",
    "Scenario",
    "UmpireError",
    "UnknownRole",
    "UnknownRuleset",
    "load_game",
    "new_game",
    "replay",
]
