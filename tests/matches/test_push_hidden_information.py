"""Hidden information in live play (§3.1.10, FAQ): every message pushed over a websocket, to either seat
or to a spectator, during whole random games, names no card its reader cannot see, nor the seed.

Like tests/matches/test_play_hidden_information.py, but for pushes: both players and a spectator are
connected; after each action every message that arrives is checked against the secrets of that moment
(each seat: the opponent's hand and both RESOURCE piles it cannot see; a spectator: both hands and
both RESOURCE piles, minus what the public board shows).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import Client

from engine.game.players import BOTS
from junling.asgi import build_application
from matches.models import Match, RefereedGame
from matches.presenters import narration, watch
from matches.presenters import play as presenter
from matches.services.play import acting, cache
from tests.matches.test_play_factories import human_match, state_of
from tests.matches.test_push import TIMEOUT, cookie_of, receive_until, run, socket

pytestmark = pytest.mark.django_db(transaction=True)

ACTIONS = 70
"""Actions per game checked (a few turns each side: draws, recruits, moves, sieges, responses)."""


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def _names(state, cards) -> set[str]:
    db = state.game.db
    names = {state.names[c] for c in cards}
    return names | {db[n].name_en for n in names if db[n].name_en}


def _public_ids(state) -> set[int]:
    return narration.ids_in(watch.public_observation(state))


def secrets_for(state, reader: int | None) -> list[str]:
    """Card names ``reader`` (a seat, or None: a spectator) cannot see now, not also the name of a card he
    sees (a deck holds copies), and the game's seed and salt."""
    if reader is None:
        seen_ids = _public_ids(state)
        hidden_ids = state.hand[0] + state.hand[1] + state.resource[0] + state.resource[1]
    else:
        seen_ids = narration.visible_ids(state, reader)
        hidden_ids = state.hand[1 - reader] + state.resource[1 - reader] + state.resource[reader]
    seen = _names(state, seen_ids)
    hidden = _names(state, [c for c in hidden_ids if c not in seen_ids]) - seen
    # "Shu General 1" is hidden while "Shu General 11" is seen: look for whole names only.
    hidden = {h for h in hidden if not any(h in name for name in seen)}
    row = RefereedGame.objects.filter(finished_at__isnull=True).first()
    return sorted(hidden) + ([str(row.seed), row.salt] if row else [])


def _check(messages: list[dict[str, Any]], secrets: list[str], where: str) -> None:
    for message in messages:
        text = json.dumps(message, ensure_ascii=False)
        for secret in secrets:
            assert secret not in text, f"{where} was pushed {secret!r}"


@pytest.mark.parametrize(("seed", "via"), [(1, "service"), (2, "service"), (3, "socket")])
def test_no_pushed_message_of_a_random_game_names_a_card_its_reader_cannot_see(setup, seed, via, frozen_clock):
    """``via``: each action applied by the service (as a POST would), or sent over the actor's own socket
    (``{"type": "act"}``: then his answer on it is checked too)."""
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    users = {0: alice, 1: bob}
    cookies = {0: cookie_of(alice), 1: cookie_of(bob)}
    app = build_application()
    rng = random.Random(seed)
    checked = {0: 0, 1: 0, None: 0}
    hidden_seen = {0: 0, 1: 0, None: 0}

    def choose() -> tuple[int, Any]:
        """One random legal action: its seat and its JSON form."""
        state = state_of(match)
        return state.current_player(), BOTS["random"](rng.randrange(2**31)).choose(state).to_json()

    def step() -> tuple[list[str], list[str], list[str], str, str, bool]:
        """One random legal action; then the secrets of each reader and the versions to wait for."""
        seat, action = choose()
        acting.do_act(match, users[seat], action)
        return secrets_now()

    def secrets_now() -> tuple[list[str], list[str], list[str], str, str, bool]:
        after = state_of(match)
        fresh = Match.objects.get(pk=match.pk)
        spectator_version = watch.spectator_view(fresh, None, "en")["version"]
        return (
            secrets_for(after, 0),
            secrets_for(after, 1),
            secrets_for(after, None),
            presenter.table_version(match),
            spectator_version,
            after.is_terminal(),
        )

    async def scenario() -> None:
        await get_channel_layer().flush()
        comms = {
            0: socket(app, f"/ws/play/matches/{match.pk}/", cookies[0]),
            1: socket(app, f"/ws/play/matches/{match.pk}/", cookies[1]),
            None: socket(app, f"/ws/watch/matches/{match.pk}/", ""),  # anyone: not logged in
        }
        for comm in comms.values():
            assert (await comm.connect())[0]
        for _ in range(ACTIONS):
            answered: dict[Any, dict[str, Any]] = {}
            if via == "socket":
                seat, action = await database_sync_to_async(choose)()
                await comms[seat].send_json_to({"type": "act", "form": [["action", json.dumps(action)]]})
                answered[seat] = await comms[seat].receive_json_from(timeout=TIMEOUT)
                assert answered[seat]["type"] == "table"  # applied
                s0, s1, spectator, version, spectator_version, over = await database_sync_to_async(secrets_now)()
            else:
                s0, s1, spectator, version, spectator_version, over = await database_sync_to_async(step)()
            secrets = {0: s0, 1: s1, None: spectator}
            for reader, comm in comms.items():
                got: list[dict[str, Any]] = [answered[reader]] if reader in answered else []
                if not got or got[0]["version"] != version:  # the actor's answer is his push
                    await receive_until(comm, spectator_version if reader is None else version, got)
                _check(got, secrets[reader], f"reader {reader}")
                checked[reader] += len(got)
                hidden_seen[reader] += len(secrets[reader]) > 2
            if over:
                break
        for comm in comms.values():
            await comm.disconnect()

    run(scenario)
    assert all(n >= 10 for n in checked.values()), checked
    assert all(n >= 10 for n in hidden_seen.values()), hidden_seen  # there were hidden cards to leak


def test_the_check_can_fail_a_seat_is_pushed_its_own_hand(setup):
    """The secrets are real: what seat 1 is pushed names cards seat 0 may not see."""
    match = human_match(setup)
    _fmt, _alice, bob, _a, _b = setup
    cookie = cookie_of(bob)
    app = build_application()
    got: list[dict[str, Any]] = []

    async def scenario() -> None:
        comm = socket(app, f"/ws/play/matches/{match.pk}/", cookie)
        assert (await comm.connect())[0]
        await comm.send_json_to({"type": "sync", "version": None})
        got.append(await comm.receive_json_from(timeout=20))
        await comm.disconnect()

    run(scenario)
    state = state_of(match)
    leaked = [s for s in secrets_for(state, 0) if s in got[0]["html"]]
    assert leaked  # bob's hand, secret to alice


@pytest.mark.parametrize("seed", [3])
def test_a_table_rendered_once_for_a_seat_is_never_pushed_to_the_other_seat_or_a_spectator(setup, seed, frozen_clock):
    """The shared fragments (``matches.presenters.fragments``): actions posted through the page (HX-Request),
    so the actor's HTTP answer renders and caches his table first and his socket is pushed that same
    fragment; every answer and every pushed message is checked against its reader's secrets (§3.1.10)."""
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    clients = {}
    for seat, user in ((0, alice), (1, bob)):
        clients[seat] = Client(HTTP_ACCEPT_LANGUAGE="en")
        clients[seat].force_login(user)
    cookies = {0: cookie_of(alice), 1: cookie_of(bob)}
    app = build_application()
    rng = random.Random(seed)
    checked = {0: 0, 1: 0, None: 0}

    def step() -> tuple[dict[Any, list[str]], str, str, bool]:
        """One random legal action posted by its player's page; the secrets after it, the versions to wait for."""
        state = state_of(match)
        seat = state.current_player()
        action = BOTS["random"](rng.randrange(2**31)).choose(state)
        answer = clients[seat].post(
            f"/play/matches/{match.pk}/act",
            {"action": json.dumps(action.to_json()), "step": str(cache.current_game(match).steps)},
            HTTP_HX_REQUEST="true",
        )
        assert answer.status_code == 200 and b'id="play-error"' not in answer.content
        after = state_of(match)
        secrets = {0: secrets_for(after, 0), 1: secrets_for(after, 1), None: secrets_for(after, None)}
        _check([{"html": answer.content.decode()}], secrets[seat], f"the HTTP answer to seat {seat}")
        fresh = Match.objects.get(pk=match.pk)
        spectator_version = watch.spectator_view(fresh, None, "en")["version"]
        return secrets, presenter.table_version(match), spectator_version, after.is_terminal()

    async def scenario() -> None:
        await get_channel_layer().flush()
        comms = {
            0: socket(app, f"/ws/play/matches/{match.pk}/", cookies[0]),
            1: socket(app, f"/ws/play/matches/{match.pk}/", cookies[1]),
            None: socket(app, f"/ws/watch/matches/{match.pk}/", ""),
        }
        for comm in comms.values():
            assert (await comm.connect())[0]
        for _ in range(40):
            secrets, version, spectator_version, over = await database_sync_to_async(step)()
            for reader, comm in comms.items():
                got: list[dict[str, Any]] = []
                await receive_until(comm, spectator_version if reader is None else version, got)
                _check(got, secrets[reader], f"reader {reader}")
                checked[reader] += len(got)
            if over:
                break
        for comm in comms.values():
            await comm.disconnect()

    run(scenario)
    assert all(n >= 10 for n in checked.values()), checked
