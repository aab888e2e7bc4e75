"""A loader run once, whole, however many threads ask for it first (the registries of rulesets and bots)."""

from __future__ import annotations

import threading
from collections.abc import Callable


class Once:
    """Runs ``load`` the first time :meth:`run` is called. A second thread asking meanwhile (two first requests of a
    new server at once) waits until it is done instead of seeing what is loaded so far; the loading thread itself
    may ask again (a module that looks the registry up as it is imported) and returns at once with what is there.
    A load that raises is tried again on the next call."""

    def __init__(self, load: Callable[[], None]) -> None:
        self._load = load
        self._lock = threading.RLock()
        self._done = False
        self._running = False

    def run(self) -> None:
        if self._done:
            return
        with self._lock:
            if self._done or self._running:
                return
            self._running = True
            try:
                self._load()
                self._done = True
            finally:
                self._running = False
