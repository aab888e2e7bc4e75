"""The test order (``tests/scheduling.py``): the longest tests first, and xdist's workers handed tests so that a
long test never waits behind another long one; simulated here with made-up durations on two workers."""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from tests import scheduling

LONG = {"t/a.py::whole_game": 190.0, "t/b.py::game_day": 136.0, "t/c.py::browser": 40.0, "t/d.py::bounded": 20.0}


@dataclass
class Item:
    nodeid: str


@dataclass
class Node:
    """A worker as the scheduler sees it: what it was sent, and whether it was told to stop."""

    name: str
    sent: list[int] = field(default_factory=list)
    shutting_down: bool = False

    @property
    def gateway(self) -> Any:
        return SimpleNamespace(id=self.name)

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.extend(indices)

    def shutdown(self) -> None:
        self.shutting_down = True

    def __hash__(self) -> int:
        return hash(self.name)


class Config:
    def getvalue(self, name: str) -> Any:
        assert name == "tx"
        return ["2*popen"]

    def getoption(self, name: str) -> Any:
        return {"maxschedchunk": None, "dist": "load"}[name]


def collection(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A suite of 200 short tests with the long ones among them, in the order the collection hook gives."""
    monkeypatch.setattr(scheduling, "known_durations", lambda: dict(LONG))
    items = [Item(f"t/short.py::test_{i}") for i in range(100)]
    items[10:10] = [Item("t/c.py::browser"), Item("t/a.py::whole_game")]
    items += [Item("t/d.py::bounded")] + [Item(f"t/tail.py::test_{i}") for i in range(100)] + [Item("t/b.py::game_day")]
    scheduling.pytest_collection_modifyitems(Config(), items)  # type: ignore[arg-type]
    return [i.nodeid for i in items]


def test_the_longest_tests_come_first_and_the_others_keep_their_order(monkeypatch: pytest.MonkeyPatch) -> None:
    order = collection(monkeypatch)
    assert order[:4] == ["t/a.py::whole_game", "t/b.py::game_day", "t/c.py::browser", "t/d.py::bounded"]
    rest = order[4:]
    assert rest == [f"t/short.py::test_{i}" for i in range(100)] + [f"t/tail.py::test_{i}" for i in range(100)]


def run(monkeypatch: pytest.MonkeyPatch) -> tuple[float, dict[str, list[tuple[float, str]]]]:
    """Run the collection on two simulated workers; the time it takes and what each worker started when."""
    tests = collection(monkeypatch)
    seconds = {t: LONG.get(t, 0.5) for t in tests}
    sched = scheduling.make_longest_first(Config(), None)  # type: ignore[arg-type]
    nodes = [Node("gw0"), Node("gw1")]
    for node in nodes:
        sched.add_node(node)
        sched.add_node_collection(node, tests)
    sched.schedule()
    started: dict[str, list[tuple[float, str]]] = {n.name: [] for n in nodes}
    queue: dict[str, list[int]] = {n.name: [] for n in nodes}
    running: list[tuple[float, str, int]] = []
    now = 0.0

    def start(node: Node) -> None:
        queue[node.name] += node.sent
        node.sent.clear()
        busy = any(name == node.name for _, name, _ in running)
        # A worker starts a test once it knows the next one (or that there is none).
        if not busy and queue[node.name] and (len(queue[node.name]) >= 2 or node.shutting_down):
            index = queue[node.name].pop(0)
            started[node.name].append((now, tests[index]))
            heapq.heappush(running, (now + seconds[tests[index]], node.name, index))

    for node in nodes:
        start(node)
    while running:
        now, name, index = heapq.heappop(running)
        node = next(n for n in nodes if n.name == name)
        sched.mark_test_complete(node, index, seconds[tests[index]])
        for each in nodes:
            start(each)
    assert sched.tests_finished
    assert sorted(t for runs in started.values() for _, t in runs) == sorted(tests)  # each test ran once
    return now, started


def test_two_workers_start_the_two_longest_at_once_and_finish_near_the_best_split(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    took, started = run(monkeypatch)
    firsts = {runs[0][1] for runs in started.values()}
    assert firsts == {"t/a.py::whole_game", "t/b.py::game_day"}
    # No long test was queued behind another long one on the same worker.
    for runs in started.values():
        for (_, before), (_, test) in itertools.pairwise(runs):
            assert not (before in LONG and test in LONG), f"{test} was queued behind {before}"
    total = sum(LONG.values()) + 200 * 0.5
    best = max(total / 2, max(LONG.values()))
    assert took <= best + 2 * 0.5, (took, best)
