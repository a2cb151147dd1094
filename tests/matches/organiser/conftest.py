"""Fixtures of the organiser's and judge's tests (issue 13)."""

from __future__ import annotations

import pytest


@pytest.fixture
def done(django_capture_on_commit_callbacks):
    """Call a service and run what it enqueued on commit (the replay task runs in-process), then reload."""

    def run(service, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            result = service(*args, **kwargs)
        result.refresh_from_db()
        return result

    return run
