"""Standard Diplomacy (5th edition) as an umpire ruleset: the base that Europe 1615 builds on."""

from umpire.games.standard.rules import StandardDiplomacy
from umpire.kernel.registry import register

register(StandardDiplomacy())

__all__ = ["StandardDiplomacy"]
