"""``umpire demo RULESET``: the server with one game running, bots in every other seat, and the person's link."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.server.test_crash import free_port

from umpire.cli.demo import create_demo, demo_database, demo_seats
from umpire.kernel.errors import IllegalAction
from umpire.server.app import create_app


def test_every_seat_but_the_first_is_a_bot_at_the_default_level() -> None:
    seat, bots = demo_seats("standard", None, None)
    assert seat == "AUSTRIA"
    assert bots == {s: "normal" for s in ("ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")}
    seat, bots = demo_seats("europe1615", "spain", "random")
    assert seat == "SPAIN" and "SPAIN" not in bots and set(bots.values()) == {"random"}


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (("rr3", None, None), "'rr3' has no bots to fill the other seats; umpire demo runs empires2, europe1615"),
        (("standard", "PRUSSIA", None), "standard has no seat 'PRUSSIA'; expected one of AUSTRIA, ENGLAND"),
        (("standard", None, "god"), "unknown bot level 'god' for standard; expected one of random, easy"),
    ],
)
def test_what_it_cannot_run_it_says(args: tuple[str, str | None, str | None], phrase: str) -> None:
    with pytest.raises(IllegalAction, match=phrase.replace("(", r"\(")):
        demo_seats(*args)


def test_the_link_opens_a_running_game_where_the_bots_have_ordered(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "demo.sqlite"), scheduler=False)
    with TestClient(app) as client:
        seat, bots = demo_seats("standard", "FRANCE", "easy")
        lines = create_demo(app, "http://testserver", "standard", seat, bots)
        link = next(line for line in lines if line.startswith("Your seat, FRANCE: "))
        game_id, token = link.split("/g/")[1].split("#token=")
        data = client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).json()
        assert data["game"]["status"] == "running"
        assert data["you"]["seat"] == "FRANCE"
        seats = {s["seat"]: s for s in data["seats"]}
        assert {s for s in seats if seats[s]["bot"] == "easy"} == set(bots) and seats["FRANCE"]["bot"] is None
        assert data["view"]["waiting_for"] == ["FRANCE"]  # the bots have ordered and are ready


def test_without_a_database_it_makes_its_own_folder() -> None:
    first, second = Path(demo_database(None)), Path(demo_database(None))
    assert first.parent != second.parent and first.parent.is_dir() and first.name == "umpire.sqlite"
    assert demo_database("x.sqlite") == "x.sqlite"


def test_the_command_prints_a_link_that_works(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "umpire",
            "demo",
            "standard",
            "--level",
            "random",
            "--port",
            str(port),
            "--database",
            "d.sqlite",
        ],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        deadline, link = time.monotonic() + 60, ""
        while not link and time.monotonic() < deadline:
            line = proc.stdout.readline()
            assert line, "the demo ended before printing the link"
            if line.startswith("Your seat, "):
                link = line.split(": ", 1)[1].strip()
        game_id, token = link.split("/g/")[1].split("#token=")
        assert link.startswith(f"http://127.0.0.1:{port}/g/")
        for _ in range(50):
            try:
                answer = httpx.get(
                    f"http://127.0.0.1:{port}/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}
                )
                break
            except httpx.ConnectError:
                time.sleep(0.1)
        assert answer.status_code == 200 and answer.json()["game"]["status"] == "running"
        assert (tmp_path / "d.sqlite").is_file()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
