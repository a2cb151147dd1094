"""The site's ASGI HTTP application (``junling.asgi_http``): Django's middleware chain in sync mode, run in
one thread hop a request, answering as Django's own handler does."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.testing import HttpCommunicator
from django.contrib.auth.models import User

from junling.asgi_http import SyncChainASGIHandler, get_http_application

pytestmark = pytest.mark.django_db(transaction=True)


def _get(app: Any, path: str, headers: list[tuple[bytes, bytes]] | None = None) -> dict[str, Any]:
    headers = [(b"host", b"testserver"), *(headers or [])]
    return asyncio.run(HttpCommunicator(app, "GET", path, headers=headers).get_response(timeout=30))


def test_the_asgi_application_serves_http_through_the_sync_chain() -> None:
    from junling import asgi

    assert isinstance(asgi.django_application, SyncChainASGIHandler)
    assert not asyncio.iscoroutinefunction(asgi.django_application._middleware_chain)
    response = _get(asgi.application, "/healthz")
    assert response["status"] == 200


def test_a_request_makes_fewer_thread_hops_than_under_djangos_async_chain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each ``sync_to_async`` is a hop from the event loop to the request's thread: Django's async chain
    makes one for its outer sync part, one for each half of the inner async middleware and one for the
    view; this one makes one for the whole chain (and Django's own for closing the response)."""
    from asgiref import sync
    from django.core.handlers.asgi import ASGIHandler

    hops = [0]
    made = sync.SyncToAsync.__init__

    def counted(self: Any, *args: Any, **kwargs: Any) -> None:
        hops[0] += 1
        made(self, *args, **kwargs)

    monkeypatch.setattr(sync.SyncToAsync, "__init__", counted)

    def hops_of(app: Any) -> int:
        hops[0] = 0
        assert _get(app, "/")["status"] == 200
        return hops[0]

    ours, djangos = hops_of(get_http_application()), hops_of(ASGIHandler())
    assert ours < djangos, (ours, djangos)
    assert ours <= 2, ours


def test_a_logged_in_page_through_the_asgi_application_shows_its_user() -> None:
    from django.test import Client

    from junling import asgi

    user = User.objects.create_user("asgiuser", password="a long enough password")
    client = Client()
    client.force_login(user)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    response = _get(asgi.application, "/", headers=[(b"cookie", cookie), (b"accept-language", b"en")])
    assert response["status"] == 200
    assert b"asgiuser" in response["body"]


def test_no_more_requests_than_its_threads_are_in_the_chain_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three requests at once through a handler of one thread: one after the other in the chain (each holds
    a database connection there), none refused."""
    import threading
    import time

    inside, most = [0], [0]
    lock = threading.Lock()
    app = SyncChainASGIHandler(threads=1)
    chain = app.get_response

    def counted(request: Any) -> Any:
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        time.sleep(0.2)  # long enough for the others to arrive; no timing is asserted
        try:
            return chain(request)
        finally:
            with lock:
                inside[0] -= 1

    monkeypatch.setattr(app, "get_response", counted)

    async def three() -> list[dict[str, Any]]:
        headers = [(b"host", b"testserver")]
        return await asyncio.gather(
            *(HttpCommunicator(app, "GET", "/healthz", headers=headers).get_response(timeout=30) for _ in range(3))
        )

    assert [r["status"] for r in asyncio.run(three())] == [200, 200, 200]
    assert most[0] == 1
