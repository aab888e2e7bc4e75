"""Renaissance and Reformation III (seed 004): the control team's mechanical resolutions as pure functions.

``battles`` (Battles), ``finance`` (The Financial System; pay, mutiny, desertion, extortion and loot from The
Campaign System), ``sieges`` (Sieges), ``navies`` (Navies), ``religion`` (debates, conversion, purges,
minority revolts, the heavenly status chart), ``dynasties`` (death rolls, heirs and regents, marriages, births,
claims), ``prestige`` (its causes and accounting) and ``politics`` (the Diet, the Imperial Penny, elections).
Each function takes plain data and, where dice are needed, the game state whose generator
(``umpire.kernel.rng``) rolls and logs them. Decisions on ambiguous rules are in ``docs/rulings.md`` (the
numbers cited in the docstrings).
"""
