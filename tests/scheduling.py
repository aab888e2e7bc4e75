"""The order the tests run in: the longest start first, so that no worker is left running one at the end.

``tests/durations.json`` holds the tests that took a second or more in a whole run (setup, call and teardown),
written by ``python -m pytest -n 2 --store-durations`` (a test the run did not run keeps its entry). The collection
puts them first, longest first; the other tests keep their order after them. With xdist, :class:`LongestFirst`
hands out the tests: a worker holds the test it runs and the next one (it needs the next to know which fixtures to
tear down); a long test is queued only behind a short one, so two long tests never wait on one worker while the
other is free. A test new since the file was written counts as short: the run's 15 slowest tests
(``--durations=15``) show when the file is out of date.

The hooks are imported by ``tests/conftest.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

DURATIONS = Path(__file__).with_name("durations.json")
LONG = 1.0
"""Seconds from which a test counts as long: recorded, and started before the others."""
FORMAT = "umpire-durations/1"


def known_durations() -> dict[str, float]:
    """Seconds per test id from ``tests/durations.json`` (none when it is missing or unreadable)."""
    try:
        data = json.loads(DURATIONS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    seconds = data.get("seconds") if isinstance(data, dict) else None
    return {str(k): float(v) for k, v in seconds.items()} if isinstance(seconds, dict) else {}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--store-durations",
        action="store_true",
        help="write tests/durations.json from this run (run the whole suite: the file lists the long tests)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long tests first, longest first; the others in their collection order."""
    known = known_durations()
    long = sorted((i for i in items if known.get(i.nodeid, 0.0) >= LONG), key=lambda i: -known[i.nodeid])
    ids = {i.nodeid for i in long}
    items[:] = long + [i for i in items if i.nodeid not in ids]


class _Recorder:
    """Adds up each test's setup, call and teardown times as the run reports them (in xdist's controller too)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] = self.seconds.get(report.nodeid, 0.0) + report.duration

    def write(self) -> None:
        """The file with this run's long tests; a test this run did not run keeps what the file had for it."""
        seconds = {k: v for k, v in known_durations().items() if k not in self.seconds}
        seconds.update({k: round(v, 1) for k, v in self.seconds.items() if v >= LONG})
        data = {
            "format": FORMAT,
            "about": "tests of a second or more: python -m pytest -n 2 --store-durations",
            "seconds": seconds,
        }
        DURATIONS.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("store_durations") and not hasattr(config, "workerinput"):
        config.pluginmanager.register(_Recorder(), "umpire-durations")


def pytest_sessionfinish(session: pytest.Session) -> None:
    recorder = session.config.pluginmanager.get_plugin("umpire-durations")
    if isinstance(recorder, _Recorder):
        recorder.write()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """:class:`LongestFirst` for xdist's ``load`` distribution (what ``-n`` uses unless told otherwise)."""
    if config.getoption("dist") != "load":
        return None
    return make_longest_first(config, log)


def make_longest_first(config: pytest.Config, log: Any) -> Any:
    from xdist.scheduler import LoadScheduling

    class LongestFirst(LoadScheduling):  # type: ignore[misc]
        """xdist's load scheduling, the collection's order kept, with short queues: each worker holds the test it
        runs and the next (a few short ones while only short tests are left), and a long test goes only behind a
        short one, so it starts as soon as that one ends."""

        def __init__(self, config: pytest.Config, log: Any = None) -> None:
            super().__init__(config, log)
            self.known = known_durations()
            self.long: set[int] = set()

        def is_long(self, index: int) -> bool:
            return index in self.long

        def schedule(self) -> None:
            assert self.collection_is_completed
            if self.collection is None:
                if not self._check_nodes_have_same_collection():
                    self.log("**Different tests collected, aborting run**")
                    return
                self.collection = next(iter(self.node2collection.values()))
                self.pending[:] = range(len(self.collection))
                self.long = {i for i, test in enumerate(self.collection) if self.known.get(test, 0.0) >= LONG}
                if not self.collection:
                    return
                # One test to each worker first, so the longest tests start at once on different workers.
                for node in self.nodes:
                    if self.pending:
                        self._send(node, self.pending[0])
            for node in self.nodes:
                self.check_schedule(node)

        def check_schedule(self, node: Any, duration: float = 0) -> None:
            if node.shutting_down:
                return
            if not self.pending:
                node.shutdown()
                return
            queue = self.node2pending[node]
            while self.pending:
                head = self.pending[0]
                depth = 2 if self.is_long(head) else 4
                if len(queue) >= depth:
                    return
                if queue and self.is_long(queue[-1]) and self.is_long(head):
                    # Behind a long test: take a short one from the end, the long one waits for a short queue.
                    short = next((i for i in reversed(self.pending) if not self.is_long(i)), None)
                    if short is None:
                        self._send(node, head)
                    else:
                        self._send(node, short)
                    continue
                self._send(node, head)

        def _send(self, node: Any, index: int) -> None:
            self.pending.remove(index)
            self.node2pending[node].append(index)
            node.send_runtest_some([index])

    return LongestFirst(config, log)
