"""An owner's own Empires for Two data (issue 28 point 4): choosing the folder, checking every file, and holding a
game to the figures it was set up with.

``use(DIR)`` (``umpire --data DIR``; a server started so, or with ``UMPIRE_DATA`` in its environment) lays
``DIR/empires2/*.json`` over the package's files (``datafiles``), empties the loaders' caches and loads every file
at once through its own loader, so that a fault is reported before anything runs, naming the owner's file, the
entry and what was expected. A game records the digests of the owner's files it was set up with
(``state["data"]``); an action on a game whose figures are no longer those in use is refused, naming the files.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from umpire.games.empires2 import board, church, datafiles, events, mapdata, raiders, scenario, tables, victory
from umpire.games.empires2.datafiles import ENV, OwnerDataError
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]

#: The loaders whose cached results depend on the folder in use.
_CACHED = (
    mapdata.load_map,
    scenario.load_scenario,
    tables.load_tables,
    events.load_event_cards,
    raiders.load_chart,
    church.load_church,
    victory.load_victory,
)


def use(folder: str | Path | None) -> datafiles.Overlay:
    """Read the owner's files in ``folder``'s ``empires2/`` over the package's from now on (None: the package's
    only), for this process and, through ``UMPIRE_DATA``, the processes it starts; every file is checked at once.
    Raises :class:`OwnerDataError` naming the folder or the file, the entry and the fault."""
    overlay = datafiles.resolve(folder)
    if overlay.folder is None:
        os.environ.pop(ENV, None)
    else:
        os.environ[ENV] = str(overlay.folder)
    datafiles.set_current(overlay)
    for loader in _CACHED:
        loader.cache_clear()
    check()
    return overlay


def check() -> None:
    """Load every data file in use through its loader (each is cached, so this is cheap once done); a fault raises
    :class:`OwnerDataError` (a packaged file's fault too, which would be a bug of umpire's)."""
    try:
        mapdata.load_map()
        for sid in scenario.SCENARIOS:
            scenario.load_scenario(sid)
        tables.load_tables()
        events.load_event_cards()
        raiders.load_chart()
        church.load_church()
        victory.load_victory()
    except OwnerDataError:
        raise
    except ValueError as fault:
        raise OwnerDataError(str(fault)) from None


def note(state: State) -> None:
    """At set-up: record the digests of the owner's files in use (nothing when every file is the package's) and say
    in the log which figures are the owner's."""
    mine = dict(datafiles.digests())
    if not mine:
        return
    state["data"] = mine
    board.log(state, f"the owner's data in use ({ENV}): {', '.join(sorted(mine))}; the rest is the package's")


def hold(state: State) -> None:
    """Refuse to go on with a game whose recorded figures (``state["data"]``) are not those in use now: it would be
    played, and replayed, on other figures than it began with."""
    recorded, now = state.get("data", {}), dict(datafiles.digests())
    if recorded == now:
        return
    changed = sorted(name for name in set(recorded) | set(now) if recorded.get(name) != now.get(name))
    began = ", ".join(sorted(recorded)) or "the package's data only"
    raise IllegalAction(
        f"this game was set up with {began}; the data in use now differs in {', '.join(changed)} "
        f"({ENV}={datafiles.current().folder or 'unset'}): run it with the data it began with"
    )
