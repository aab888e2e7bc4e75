"""A seeded bot game's views, log and final state pinned (issue 27 point 2: the decision core's refactoring is
no change of behaviour). ``fingerprint.py --full`` compares more games between two trees; if a change of the rules
is meant to change this game, run ``python tests/his2p/fingerprint.py`` and pin its first line here."""

from __future__ import annotations

import pytest

from tests.his2p.fingerprint import GAMES, fingerprint


@pytest.mark.responses  # the windows open as in a real game (conftest.py)
def test_a_seeded_random_bot_game_plays_views_and_ends_as_pinned() -> None:
    level, seed, options = GAMES[0]
    assert fingerprint(level, seed, options) == {
        "actions": 277,
        "blocked": None,
        "game": "random:3:{}",
        "log": "be37d31f6e4a4e75",
        "state": "848469d0d7e6b342",
        "views": "da9e1503c24fb652",  # a seat's own auto-pass box; the debate window keeps the card's bar (HIS-R09)
    }
