"""Luther and theological debates (rule book 18.5 step 4, 21.5; card #7 Here I Stand; ruling HIS-H01): Luther
takes a debater's place only when drawn or by Here I Stand, in the German zone, even committed, excommunicated or
barred by Leipzig Debate; never by himself."""

from __future__ import annotations

import pytest

from tests.his2p.test_engine import cp_decision
from tests.his2p.test_events_mandatory import impulse_with, play_event
from umpire.games.his2p import core
from umpire.games.his2p.events import responses
from umpire.kernel.game import Game

pytestmark = pytest.mark.responses


def round_rolls(game: Game) -> list[str]:
    return [r["purpose"] for r in game.state["rolls"] if r["purpose"].startswith("debate round")]


def finish_passing(game: Game) -> None:
    """Pass every response window the debate still opens."""
    while (top := core.top(game.state)) is not None and top["kind"] == responses.WINDOW:
        game.act("protestant", {"type": "pass"})


def test_18_5_luther_does_not_step_in_unless_here_i_stand_is_played() -> None:
    """A German debate whose drawn Protestant defender is not Luther: with Here I Stand in hand and Luther committed
    (the pool drawn from is the uncommitted one), passing the window keeps the drawn debater; Luther rolls no die."""
    game = cp_decision("papacy", 3)
    game.state["hands"]["protestant"] = [7]
    game.state["debaters"]["luther"] = "committed"
    game.act("papacy", {"type": "call_debate", "zone": "german"})
    game.act("papacy", {"type": "defender", "pool": "uncommitted"})
    window = core.top(game.state)
    assert window is not None and window["window"] == responses.DEBATE_ROUND
    defender = window["debate"]["defender"]
    assert defender in ("bucer", "carlstadt", "melanchthon")
    finish_passing(game)
    rolls = round_rolls(game)
    assert rolls and not any("Luther" in p for p in rolls)
    assert 7 in game.state["hands"]["protestant"]


def test_18_5_no_luther_in_a_debate_outside_the_german_zone() -> None:
    """Here I Stand names the German zone: a French debate opens no Here I Stand window, whatever the hand."""
    context = {"zone": "french", "side": "papal", "attacker": "eck", "defender": "cop", "committed": False, "round": 1}
    game = cp_decision("papacy", 3)
    game.state["hands"]["protestant"] = [7]
    assert not responses.debate_round(game.state, context)


def test_18_5_step_4_here_i_stand_brings_in_a_luther_barred_by_leipzig_debate() -> None:
    """18.5 step 4: Luther may be brought in by Here I Stand even when Leipzig Debate bars him from defending."""
    game = impulse_with("papacy", 6)
    game.state["hands"]["protestant"] = [7]
    play_event(game, "papacy", 6)
    finish_passing(game)  # the event's window (The Wartburg)
    game.act("papacy", {"type": "leipzig", "zone": "german", "bar": "luther"})
    game.act("papacy", {"type": "defender", "pool": "uncommitted"})
    window = core.top(game.state)
    assert window is not None and window["window"] == responses.DEBATE_ROUND
    assert window["debate"]["defender"] != "luther"
    game.act("protestant", {"type": "play", "card": 7})
    finish_passing(game)
    assert any(p.startswith("debate round 1:") and "Luther defends" in p for p in round_rolls(game))
