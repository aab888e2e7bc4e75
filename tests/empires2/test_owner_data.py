"""An owner's own data (issue 28 point 4): ``UMPIRE_DATA`` / ``umpire --data DIR`` lays ``DIR/empires2/*.json`` over
the packaged files, each checked by the same loader, and a game is held to the figures it began with."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from umpire.games.empires2 import datafiles, owner_data
from umpire.games.empires2.datafiles import OwnerDataError
from umpire.kernel.errors import IllegalAction, UmpireError
from umpire.kernel.game import new_game


def packaged(name: str) -> Any:
    return json.loads((datafiles.PACKAGED / name).read_text(encoding="utf-8"))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An owner's data folder with an empty ``empires2/``; the package's data again afterwards."""
    monkeypatch.delenv(datafiles.ENV, raising=False)
    (tmp_path / "empires2").mkdir()
    yield tmp_path
    owner_data.use(None)


def write(folder: Path, name: str, data: Any) -> Path:
    path = folder / "empires2" / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_owners_files_are_read_over_the_packaged_ones(folder: Path) -> None:
    before = new_game("empires2", "millennium", seed=1).view("germany")["empires"]["germany"]["victory_points"]
    figures = packaged("victory.json") | {"claim_bonus": 0, "per_area": 1}
    write(folder, "victory.json", figures)
    owner_data.use(folder)
    game = new_game("empires2", "millennium", seed=1)
    areas = len([a for a in game.state["areas"].values() if a["owner"] == "germany"])
    claimed = len(
        [a for a in game.state["empires"]["germany"]["claims"] if game.state["areas"][a]["owner"] == "germany"]
    )
    assert game.view("germany")["empires"]["germany"]["victory_points"] == before + areas - 2 * claimed
    assert game.state["data"] == {"victory.json": datafiles.digests()["victory.json"]}
    assert "the owner's data in use (UMPIRE_DATA): victory.json; the rest is the package's" in game.state["log"]
    assert datafiles.source("map.json").owner is False  # the files it does not hold are the package's


def test_an_owners_file_is_checked_as_the_packaged_one_and_its_fault_named(folder: Path) -> None:
    rows = packaged("tables.json")
    rows["statures"]["by_current"]["4"] = [1, 2, 3, 4, 5, "six"]
    path = write(folder, "tables.json", rows)
    with pytest.raises(OwnerDataError, match=r"statures must be whole numbers 0\.\.9") as fault:
        owner_data.use(folder)
    assert str(fault.value).startswith(f"{path}: statures.by_current.4: ")
    path.write_text('{"about": "x",\n "endeavour_costs": }', encoding="utf-8")
    with pytest.raises(OwnerDataError, match=rf"^{path}: not valid JSON: Expecting value at line 2 column 21$"):
        owner_data.use(folder)
    path.unlink()
    court = packaged("scenario_millennium.json")
    court["empires"]["germany"]["court"] = "atlantis"
    path = write(folder, "scenario_millennium.json", court)
    with pytest.raises(OwnerDataError, match=rf"^{path}: .*atlantis"):
        owner_data.use(folder)
    path.unlink()
    write(folder, "tabels.json", {})
    with pytest.raises(OwnerDataError, match=r"empires2/tabels\.json is not a file umpire reads; expected any of map"):
        owner_data.use(folder)
    with pytest.raises(OwnerDataError, match="no folder empires2/ in it"):
        owner_data.use(folder / "empires2")


def test_a_game_is_held_to_the_data_it_began_with(folder: Path) -> None:
    # ruling EMP-D21
    on_package = new_game("empires2", "millennium", seed=2)
    write(folder, "victory.json", packaged("victory.json") | {"claim_bonus": 3})
    owner_data.use(folder)
    mine = new_game("empires2", "millennium", seed=2)
    first = mine.view("gm")["acting"][0]
    mine.act(first, mine.view(first)["actions"][0])  # played on the data it began with
    second = mine.view("gm")["acting"][0]
    with pytest.raises(IllegalAction, match="set up with the package's data only; the data in use now differs in vic"):
        role = on_package.view("gm")["acting"][0]
        on_package.act(role, on_package.view(role)["actions"][0])
    owner_data.use(None)
    with pytest.raises(UmpireError, match=r"set up with victory\.json; the data in use now differs in victory\.json"):
        mine.act(second, mine.view(second)["actions"][0])


def test_the_command_line_takes_the_folder_before_the_command(folder: Path) -> None:
    """``umpire --data DIR``: a fault is one line and exit status 2, before the command runs."""
    write(folder, "raiders.json", packaged("raiders.json") | {"all_authored": False})
    done = subprocess.run(
        [sys.executable, "-m", "umpire", "--data", str(folder), "new", "empires2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"umpire: error: {folder / 'empires2' / 'raiders.json'}: all_authored: must be true: no figure of the raider "
        "chart is public (EMP-M02)"
    ]
