"""CI runs exactly the README's test command (``.ci/run``), so what a contributor runs is what CI checks."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(readme) if line.startswith("Run the whole test suite"))
    command = next(line for line in readme[at:] if line.startswith("python -m pip install"))
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert script[-1] == command
    # The 15 slowest tests are printed at the end of every run, and the failing tests' names in its last lines.
    assert "--durations=15" in command.split() and "-rfE" in command.split()
