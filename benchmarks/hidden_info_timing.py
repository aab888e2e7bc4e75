"""What bounding the work of orders texts and moving password hashing off the request threads buys (issue 26,
points 4 and 6), as ratios of medians measured side by side on a live server in this run:

- a post of a 20,000-character text of bad lines against a read of the same game (goal: at most 6);
- another game's read beside two clients posting such texts against beside two clients reading (goal: at most 3);
- a player's read during a flood of 60 wrong logins against the same read when quiet (goal: at most 3).

Run ``python benchmarks/hidden_info_timing.py``; it prints the load average, each median and each ratio. The
measurements are the tests' own (``tests/server/test_orders_bounded.py``, ``tests/server/test_login_flood.py``),
which check there only what does not depend on the machine's speed.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.test_login_flood import FLOOD, flood_figures
from tests.server.test_orders_bounded import orders_figures


def main() -> None:
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as one:
        read, answered, reading, posting = orders_figures(Path(one))
    print(
        f"a read {read * 1000:.1f} ms, a 20,000-character post {answered * 1000:.1f} ms: "
        f"{answered / read:.1f}x (goal <= 6)"
    )
    print(
        f"another game's read beside reads {reading * 1000:.1f} ms, beside the posts {posting * 1000:.1f} ms: "
        f"{posting / reading:.1f}x (goal <= 3)"
    )
    with tempfile.TemporaryDirectory() as two:
        quiet, loud, answers = flood_figures(Path(two))
    print(
        f"a player's read quiet {quiet * 1000:.1f} ms, during {FLOOD} wrong logins {loud * 1000:.1f} ms: "
        f"{loud / quiet:.1f}x (goal <= 3); {answers.count(401)} of {FLOOD} logins answered 401"
    )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
