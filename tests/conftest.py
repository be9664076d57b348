"""Shared pytest settings: hypothesis profiles sized for CI and for long local soaks.

``PARTYRULES_GAMES`` sets how many random games each invariant runs per game in the CI
profile (``-m ci``: 30 when unset; the default run plays 8);
``HYPOTHESIS_PROFILE=soak`` with ``PARTYRULES_GAMES=10000`` is the local soak. The default
profile is derandomized, so CI explores the same games on every run.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_COMMON = {
    "deadline": None,  # a game's length varies: time limits per example would be noise
    "print_blob": True,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}
settings.register_profile("default", derandomize=True, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("soak", derandomize=False, **_COMMON)  # type: ignore[arg-type]
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
