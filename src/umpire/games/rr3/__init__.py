"""Renaissance and Reformation III (seed 004): the megagame as the ``rr3`` ruleset and its mechanics.

The ruleset (:mod:`~umpire.games.rr3.rules`, registered as ``rr3``, scenario ``1524``) runs the clock
(:mod:`~umpire.games.rr3.clock`), dispatches actions to the control desks (:mod:`~umpire.games.rr3.desk` and the
procedures of :mod:`~umpire.games.rr3.desks`) and shows each role its view (:mod:`~umpire.games.rr3.views`, the one
place hidden information is redacted). The mechanics are pure functions: ``battles`` (Battles), ``finance`` (The
Financial System; pay, mutiny, desertion, extortion and loot from The Campaign System), ``sieges`` (Sieges),
``navies`` (Navies), ``religion`` (debates, conversion, purges, minority revolts, the heavenly status chart),
``dynasties`` (death rolls, heirs and regents, marriages, births, claims), ``prestige`` (its causes and accounting)
and ``politics`` (the Diet, the Imperial Penny, elections). Each function takes plain data and, where dice are
needed, the game state whose generator (``umpire.kernel.rng``) rolls and logs them. Decisions on ambiguous rules
are in ``docs/rulings/rr3.md`` (the numbers cited in the docstrings).
"""
