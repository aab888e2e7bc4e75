"""Issue 13, point 6: ``umpire new europe1615 --auction BIDS.json`` runs the blind auction (seed 003, "ASSIGNING
POWERS"; ruling E1615-C32), not only the server's lobby."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.cli.test_cli import assert_user_error, umpire


def write(tmp_path: Path, players: Any) -> str:
    path = tmp_path / "bids.json"
    path.write_text(json.dumps({"players": players}), encoding="utf-8")
    return str(path)


def test_the_auction_assigns_the_powers_and_survives_an_action(tmp_path: Path) -> None:
    """ "In cases of ties, GM will check which player registered into the game first": ann and bea both bid 60
    on FRANCE; ann registered first and gets it, bea's next highest bid (SPAIN) wins SPAIN."""
    players = [
        {"name": "ann", "bids": {"FRANCE": 60, "SPAIN": 10, "AUSTRIA": 10, "ENGLAND": 10, "DENMARK": 10}},
        {"name": "bea", "bids": {"FRANCE": 60, "SPAIN": 20, "AUSTRIA": 10, "ENGLAND": 5, "DENMARK": 5}},
        {"name": "cal", "bids": None},
        {"name": "dov", "bids": {"ENGLAND": 50, "DENMARK": 20, "AUSTRIA": 20, "FRANCE": 5, "SPAIN": 5}},
        {"name": "eli", "bids": {"AUSTRIA": 40, "DENMARK": 30, "ENGLAND": 20, "FRANCE": 5, "SPAIN": 5}},
    ]
    game = tmp_path / "g.json"
    made = umpire("new", "europe1615", "--seed", "3", "--auction", write(tmp_path, players), "-o", str(game))
    assert made.returncode == 0, made.stderr
    record = json.loads(game.read_text())["record"]
    assert record["players"] == {
        "FRANCE": "ann",
        "ENGLAND": "dov",
        "AUSTRIA": "eli",
        "SPAIN": "bea",
        "DENMARK": "cal",
    }
    assert "tied with bea at 60; ann registered first" in record["auction"][0]["tie"]
    assert "FRANCE: ann (60 points; tied with bea" in made.stderr
    act = umpire("act", str(game), "FRANCE", json.dumps({"type": "submit", "text": "PAR-CHA"}))
    assert act.returncode == 0, act.stderr
    assert json.loads(game.read_text())["record"]["players"]["FRANCE"] == "ann"


@pytest.mark.parametrize(
    ("players", "phrases"),
    [
        ([{"name": "ann", "bids": {"FRANCE": 100}}], ("ann's bids", "no bid on AUSTRIA")),
        (
            [{"name": "ann", "bids": {"FRANCE": 80, "SPAIN": 5, "AUSTRIA": 5, "ENGLAND": 5, "DENMARK": 3}}],
            ("the bid on DENMARK is 3; each power must receive at least 5", "add up to 98"),
        ),
        ([{"name": "ann", "bids": None}, {"name": "ann", "bids": None}], ("'ann' is listed twice",)),
        ([{"bids": None}], ("player 1 needs a 'name'",)),
        ([{"name": f"p{i}", "bids": None} for i in range(6)], ("6 players for 5 powers",)),
        ([], ('must be {"players"',)),
    ],
)
def test_bad_bids_are_one_line_errors(players: Any, phrases: tuple[str, ...], tmp_path: Path) -> None:
    assert_user_error(umpire("new", "europe1615", "--auction", write(tmp_path, players)), *phrases)


def test_the_auction_is_only_for_europe_1615(tmp_path: Path) -> None:
    assert_user_error(umpire("new", "standard", "--auction", write(tmp_path, [])), "Europe 1615 blind auction")
