"""Shared pytest settings: hypothesis profiles sized for CI and for long local soaks.

``PARTYRULES_GAMES`` sets how many random games each invariant runs per game (CI: 300);
``HYPOTHESIS_PROFILE=soak`` with ``PARTYRULES_GAMES=10000`` is the local soak.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "soak",
    deadline=None,
    derandomize=False,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
