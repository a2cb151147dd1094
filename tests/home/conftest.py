import pytest


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """allauth keeps its rate limits (one confirmation mail per address per 3 minutes) in the cache."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
