"""Renaissance and Reformation III (seed 004): the control team's mechanical resolutions as pure functions.

``battles`` (Battles), ``finance`` (The Financial System; pay, mutiny, desertion, extortion and loot from The
Campaign System), ``sieges`` (Sieges) and ``navies`` (Navies). Each function takes plain data and, where dice are
needed, the game state whose generator (``umpire.kernel.rng``) rolls and logs them. Decisions on ambiguous rules
are in ``docs/rulings.md`` (R-numbers cited in the docstrings).
"""
