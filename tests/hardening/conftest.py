"""Hardening tests: warm the rules engine up once, so the first test's
timings do not include PokerKit's import and its first hand table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "hardening",
    deadline=None,  # timings are checked by the tests themselves, from cold caches
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    print_blob=True,
)


@pytest.fixture(scope="session", autouse=True)
def no_wait_for_who_is_ahead() -> Iterator[None]:
    """The harness holds every feature call under a second from cold caches;
    the hover's bounded wait for its spot's equity (``STRENGTH_WAIT``) is the
    one deliberate wait, held to its own promise by tests/features/test_strength.py."""
    from phh_lsp.lsp.features import hover

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(hover, "STRENGTH_WAIT", 0.0)
        yield


@pytest.fixture(scope="session", autouse=True)
def warm_up(no_wait_for_who_is_ahead: None) -> None:
    from tests.hardening import harness, inputs

    harness.exercise(inputs.NT)
