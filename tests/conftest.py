"""Settings shared by every test folder.

Hypothesis: one profile for the whole suite. CI runs on two shared cores next to other work, so the health checks
and deadlines that measure time (``too_slow``, ``deadline``) fail by the machine's load, not by the code; they
are off everywhere. The checks that find real faults in a strategy (filtering everything out, data too large)
stay on unless a test says otherwise.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from tests.scheduling import (  # noqa: F401  (the longest tests first: see tests/scheduling.py)
    pytest_addoption,
    pytest_collection_modifyitems,
    pytest_configure,
    pytest_sessionfinish,
    pytest_xdist_make_scheduler,
)

settings.register_profile("umpire", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("umpire")
