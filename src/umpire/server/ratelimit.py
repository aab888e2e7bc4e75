"""A limit on failed logins: per account name from one address, per address, and per name from everywhere.

Counts live in this process's memory. With several server processes (PostgreSQL behind a proxy) each process
counts on its own, so an attacker whom the proxy spreads over N processes gets up to N times the limits; the
counts also start again when a process restarts. That is the price of keeping the limiter out of the database;
the limits stay low enough for it (see docs/server.md).
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

#: Keys kept at most per table; past it the keys whose failures are all stale are forgotten first, then the
#: oldest, so a flood of made-up names or addresses cannot grow the process without bound.
MAX_KEYS = 100_000


@dataclass
class Window:
    """At most ``limit`` events per ``seconds``, per key."""

    limit: int
    seconds: float
    events: dict[str, deque[float]] = field(default_factory=dict)

    def _recent(self, key: str, now: float) -> deque[float] | None:
        found = self.events.get(key)
        if found is None:
            return None
        while found and found[0] <= now - self.seconds:
            found.popleft()
        if not found:
            del self.events[key]
            return None
        return found

    def wait(self, key: str, now: float) -> float:
        """Seconds until ``key`` may try again (0 when it may now)."""
        found = self._recent(key, now)
        if found is None or len(found) < self.limit:
            return 0.0
        return found[len(found) - self.limit] + self.seconds - now

    def add(self, key: str, now: float) -> None:
        found = self._recent(key, now)
        if found is None:
            if len(self.events) >= MAX_KEYS:
                self._shrink(now)
            found = self.events[key] = deque()
        found.append(now)
        while len(found) > self.limit:
            found.popleft()

    def _shrink(self, now: float) -> None:
        for key in [k for k, v in self.events.items() if not v or v[-1] <= now - self.seconds]:
            del self.events[key]
        while len(self.events) >= MAX_KEYS:
            del self.events[next(iter(self.events))]


class LoginLimiter:
    """Failed logins are limited three ways within a sliding window (``window`` seconds):

    - ``per_name`` failures for one name from one address;
    - ``per_address`` failures from one address, whatever the names;
    - ``per_name_total`` failures for one name from all addresses together (guessing spread over many
      addresses). This one does not stop an address that logged in to that name successfully in the last
      ``trusted_for`` seconds, so strangers failing against a name cannot lock its owner out of a browser
      that already logged in.

    Unknown names count like known ones, so the limits tell nothing about which names exist.
    """

    def __init__(
        self,
        per_name: int = 5,
        per_address: int = 20,
        window: float = 900.0,
        per_name_total: int = 100,
        trusted_for: float = 30 * 24 * 3600.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.clock = clock
        self.trusted_for = trusted_for
        self._name_address = Window(per_name, window)
        self._address = Window(per_address, window)
        self._name = Window(per_name_total, window)
        self._trusted: dict[str, float] = {}
        self._lock = threading.Lock()

    @staticmethod
    def _pair(name: str, address: str) -> str:
        return f"{address}\n{name}"

    def attempt(self, name: str, address: str) -> int:
        """Whole seconds before a login for ``name`` from ``address`` may be tried (nothing is counted then);
        0 when it may go ahead now, and then it counts as a failure until :meth:`succeeded` says otherwise, so
        that many attempts at once cannot all pass the check before any of them has failed."""
        with self._lock:
            now = self.clock()
            pair = self._pair(name, address)
            waits = [self._name_address.wait(pair, now), self._address.wait(address, now)]
            if self._trusted.get(pair, -math.inf) <= now - self.trusted_for:
                waits.append(self._name.wait(name, now))
            wait = math.ceil(max(waits))
            if not wait:
                self._name_address.add(pair, now)
                self._address.add(address, now)
                self._name.add(name, now)
            return wait

    def not_tried(self, name: str, address: str) -> None:
        """The attempt let through was turned away before its password was checked (the server was busy): it is
        not counted."""
        with self._lock:
            for window, key in (
                (self._name_address, self._pair(name, address)),
                (self._address, address),
                (self._name, name),
            ):
                found = window.events.get(key)
                if found:
                    found.pop()

    def succeeded(self, name: str, address: str) -> None:
        """The attempt had the right password: it is not counted, this address's failures for the name are
        forgotten, and the address is trusted for the name."""
        with self._lock:
            pair = self._pair(name, address)
            self._name_address.events.pop(pair, None)
            for window, key in ((self._address, address), (self._name, name)):
                found = window.events.get(key)
                if found:
                    found.pop()
            if len(self._trusted) >= MAX_KEYS:
                self._trusted.pop(next(iter(self._trusted)))
            self._trusted.pop(pair, None)
            self._trusted[pair] = self.clock()
