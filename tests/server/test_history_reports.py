"""A past Europe 1615 phase's reports (``GET /phases/N``, ``reports``): one per history entry, as the caller reads
them; the GM's secret lines only for the GM; the setup's opening status check under the first phase."""

from __future__ import annotations

from tests.server.conftest import Api


def test_past_phase_reports_are_the_callers_own(api: Api) -> None:
    made = api.create(ruleset="europe1615", seed=3)
    game, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
    for seat in ("FRANCE", "SPAIN"):
        api.ok("POST", f"/api/games/{game}/join", tokens[seat], {"name": seat.title()})
    api.ok("POST", f"/api/games/{game}/gm/start", gm)
    api.ok("POST", f"/api/games/{game}/orders", tokens["FRANCE"], {"text": "9: WUR\nLOR > SPAIN\nPAR-CHA\n"})
    api.ok("POST", f"/api/games/{game}/gm/resolve", gm)

    france = api.ok("GET", f"/api/games/{game}/phases/0", tokens["FRANCE"])
    assert [e["phase"] for e in france["history"]] == ["S1615I", "S1615M"]
    assert [r["phase"] for r in france["reports"]] == ["S1615I", "S1615M"]
    moved = france["reports"][1]
    assert "FRANCE: A PAR - CHA: succeeds" in moved["text"]
    assert "LOR > SPAIN: void (FRANCE holds no INFs in LOR)" in moved["text"]
    assert moved["groups"][0]["title"] == "For FRANCE"
    assert "[GM]" not in moved["text"]

    spain = api.ok("GET", f"/api/games/{game}/phases/0", tokens["SPAIN"])
    assert spain["reports"][1]["groups"][0]["title"] == "For SPAIN"
    assert "9: WUR" not in spain["reports"][1]["text"] and "[GM]" not in spain["reports"][1]["text"]

    observer = api.ok("GET", f"/api/games/{game}/phases/0")
    assert not any(g["title"].startswith("For ") for g in observer["reports"][1]["groups"])

    master = api.ok("GET", f"/api/games/{game}/phases/0", gm)
    assert "[GM] FRANCE INFs: 9: WUR" in master["reports"][1]["text"]

    # The current phase has nothing resolved yet; a standard game's phases have no written reports.
    assert api.ok("GET", f"/api/games/{game}/phases/1", tokens["FRANCE"])["reports"] == []
    standard = api.create(seed=1)
    api.ok("POST", f"/api/games/{standard['id']}/gm/start", standard["gm_token"])
    assert "reports" not in api.ok("GET", f"/api/games/{standard['id']}/phases/0")
