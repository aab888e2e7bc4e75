"""Here I Stand's board is legible where spaces crowd (issue 30 point 5): the names, measured as Chromium draws them,
overlap no other name and no other space's marker (Saxony's Brunswick, Magdeburg and Wittenberg; Scotland; the Low
Countries; Lombardy), and with a badge on every space (unrest and a Jesuit university) no badge covers a name but
in the one place noted in ``label_places``."""

from __future__ import annotations

import itertools
from typing import Any

from umpire.games.his2p.drawing import draw
from umpire.games.his2p.label_places import label_places, place_labels
from umpire.games.his2p.layout import load_layout
from umpire.games.his2p.mapdata import load_map
from umpire.kernel.game import new_game

MEASURE = """() => {
  const box = e => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
  const own = e => e.closest('[data-space]').dataset.space;
  const shape = g => g.querySelector(':scope > :not(title):not(.badge)');
  return {
    labels: [...document.querySelectorAll('#labels text.label')].map(e => [e.textContent, box(e)]),
    marks: [...document.querySelectorAll('g.space')].map(g => [g.dataset.space, box(shape(g))]),
    badges: [...document.querySelectorAll('g.space g.badge')].map(g => [own(g), box(g)]),
  };
}"""


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def measured(browser: Any, view: dict[str, Any]) -> dict[str, Any]:
    page = browser.new_context().new_page()
    page.set_content("<!doctype html><html><body style='margin:0'>" + draw(view) + "</body></html>")
    return page.evaluate(MEASURE)


def test_no_name_overlaps_another_or_a_marker(browser: Any) -> None:
    board = load_map()
    name_of = {sid: space.name for sid, space in board.spaces.items()}
    view = new_game("his2p", None, {}, 1).view("gm")
    got = measured(browser, view)
    labels = got["labels"]
    assert sorted(n for n, _ in labels) == sorted(name_of.values())
    clashes = [(a[0], b[0]) for a, b in itertools.combinations(labels, 2) if overlaps(a[1], b[1])]
    assert not clashes, clashes
    covered = [(n, sid) for n, box in labels for sid, m in got["marks"] if name_of[sid] != n and overlaps(box, m)]
    assert not covered, covered
    # The badges drawn on every space at once (the worst case): a badge touches another space's name at most once.
    for here in view["spaces"].values():
        here["unrest"] = here["jesuit"] = True
    got = measured(browser, view)
    clashes = [(a[0], b[0]) for a, b in itertools.combinations(got["labels"], 2) if overlaps(a[1], b[1])]
    assert not clashes, clashes
    badged = [
        (n, sid) for n, box in got["labels"] for sid, b in got["badges"] if name_of[sid] != n and overlaps(box, b)
    ]
    assert len(badged) <= 1, badged


def test_the_places_depend_on_the_map_alone() -> None:
    assert label_places() == place_labels(load_map(), load_layout())
    assert {p.anchor for p in label_places().values()} <= {"start", "end", "middle"}
