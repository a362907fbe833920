"""Hardening tests: warm the rules engine up once, so the first test's
timings do not include PokerKit's import and its first hand table."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "hardening",
    deadline=None,  # timings are checked by the tests themselves, from cold caches
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    print_blob=True,
)


@pytest.fixture(scope="session", autouse=True)
def warm_up() -> None:
    from tests.hardening import harness, inputs

    harness.exercise(inputs.NT)
