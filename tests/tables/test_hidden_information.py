"""Hidden information at board-game tables: what a seat may not see (the other side's event cards and the
decks of 文禄朝鲜之役; the face-down free retainers of 龙虎三国志; the seed; another seat's choices) is in no
page, no API answer and no pushed message that seat gets, during random games."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import Client

from junling.asgi import build_application
from tables import engines, presenters, services
from tables.models import Entry, Table
from tests.matches.test_push import cookie_of, receive_until, run, socket
from tests.tables.conftest import reseed, seat_user, store_random_play_until, three_seat_table, two_side_table

pytestmark = pytest.mark.django_db(transaction=True)

BIG = 7_000_000_000_000_000_000
"""Seeds of fixed games, large enough that their digits are no accident on a page."""


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def card_secrets(state: Any, seat: int) -> set[str]:
    """The event cards ``seat`` may not name: the other side's hand and both decks, less every card played
    (a played card is public) and his own hand."""
    board = state.board
    sides = ("japan", "allies")
    mine, theirs = sides[seat], sides[1 - seat]
    hidden = set(board.hands[theirs]) | set(board.decks["japan"]) | set(board.decks["allies"])
    return hidden - set(board.spent) - set(board.hands[mine])


def retainer_secrets(table: Table, state: Any) -> set[str]:
    """The free retainers face down in the cup that no stored entry has named yet."""
    said = " ".join(
        json.dumps([a, s], ensure_ascii=False)
        for a, s in Entry.objects.filter(table=table).values_list("action", "steps")
    )
    cup = {name for name, where in state.board.loc.items() if where == "cup"}
    return {name for name in cup if name not in said}


def seen_by(table: Table, user: Any) -> dict[str, str]:
    """What ``user`` gets over HTTP in both languages: the page, the polled fragment, the API answer."""
    out = {}
    for lang in ("zh-hans", "en"):
        client = Client(HTTP_ACCEPT_LANGUAGE=lang)
        client.force_login(user)
        out[f"page {lang}"] = client.get(f"/tables/{table.pk}/").content.decode()
        out[f"fragment {lang}"] = client.get(f"/tables/{table.pk}/table/").content.decode()
        out[f"api {lang}"] = json.dumps(client.get(f"/api/tables/{table.pk}/").json(), ensure_ascii=False)
    return out


def named(secret: str, text: str) -> bool:
    """Whether ``text`` names ``secret`` as a whole word (补充 the card, not 补充区 the replacement pool)."""
    return re.search(rf"(?<![\u4e00-\u9fff]){re.escape(secret)}(?![\u4e00-\u9fff])", text) is not None


def assert_hidden(texts: dict[str, str], secrets: set[str], where: str) -> None:
    for name, text in texts.items():
        leaked = sorted(s for s in secrets if named(s, text))
        assert not leaked, f"{where}, {name}: {leaked}"


async def random_move(table: Table, now: Any, rng: random.Random) -> str:
    """A legal action at random by whoever acts in ``now`` (the table's current state), applied as his; the
    table's new version."""
    user = await database_sync_to_async(seat_user)(table, engines.actor(now))
    await database_sync_to_async(table.refresh_from_db)()
    action = rng.choice(engines.legal(now)).to_json()
    await database_sync_to_async(services.do_act)(user, table, action, table.steps)
    await database_sync_to_async(table.refresh_from_db)()
    return await database_sync_to_async(presenters.version)(table)


@pytest.mark.parametrize("seed", [5, 8, 13])
def test_the_other_sides_event_cards_and_the_decks_are_in_no_page_nor_api_answer_of_a_seat(seed):
    from tests.matches.factories import UserFactory

    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = reseed(two_side_table(alice, bob), BIG + seed)
    rng = random.Random(seed)
    checked = 0
    for _round in range(4):
        state = store_random_play_until(table, lambda s: bool(s.board.hands["allies"]) and rng.random() < 0.05, rng)
        table.refresh_from_db()
        for seat in (0, 1):
            secrets = card_secrets(state, seat) | {str(table.seed)}
            assert secrets - {str(table.seed)}, "nothing to hide yet: the test would prove nothing"
            assert_hidden(seen_by(table, seat_user(table, seat)), secrets, f"seat {seat} at step {table.steps}")
            checked += 1
        actor = engines.actor(state)
        services.do_act(seat_user(table, actor), table, rng.choice(engines.legal(state)).to_json(), table.steps)
        table.refresh_from_db()
    assert checked == 8


def test_the_face_down_retainers_and_the_seed_are_in_no_page_nor_api_answer_of_any_seat():
    from tests.matches.factories import UserFactory

    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = reseed(three_seat_table(alice, bob), BIG + 6)
    rng = random.Random(6)
    for _round in range(3):
        state = store_random_play_until(table, lambda s: rng.random() < 0.1, rng)
        table.refresh_from_db()
        secrets = retainer_secrets(table, state) | {str(table.seed)}
        assert secrets - {str(table.seed)}, "nothing to hide yet: the test would prove nothing"
        for seat in (0, 1):
            assert_hidden(seen_by(table, seat_user(table, seat)), secrets, f"seat {seat} at step {table.steps}")


def test_a_seat_not_to_act_sees_neither_the_choices_nor_the_question_nor_its_rule():
    from tests.matches.factories import UserFactory

    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = two_side_table(alice, bob)
    state = services.load_state(table)
    actor = engines.actor(state)
    waiting = seat_user(table, 1 - actor)
    client = Client()
    client.force_login(waiting)
    answer = client.get(f"/api/tables/{table.pk}/").json()
    assert "legal_actions" not in answer and set(answer["observation"]["pending"]) == {"player"}
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'name="action"' not in page
    labels = [engines.label(table.system, a.to_json()) for a in engines.legal(state)]
    acting = Client()
    acting.force_login(seat_user(table, actor))
    assert all(label in acting.get(f"/tables/{table.pk}/").content.decode() for label in labels)


def test_every_pushed_message_holds_only_what_its_seat_may_see():
    from tests.matches.factories import UserFactory

    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = two_side_table(alice, bob)
    rng = random.Random(7)
    store_random_play_until(table, lambda s: bool(s.board.hands["allies"]), rng)
    table.refresh_from_db()
    app = build_application()
    cookies = {s: cookie_of(seat_user(table, s)) for s in (0, 1)}
    pushed: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    secrets: dict[int, set[str]] = {}
    moves = 6

    async def scenario() -> None:
        await get_channel_layer().flush()
        seats = {s: socket(app, f"/ws/tables/{table.pk}/", cookies[s]) for s in (0, 1)}
        for comm in seats.values():
            connected, _code = await comm.connect()
            assert connected
        for _ in range(moves):
            now = await database_sync_to_async(services.load_state)(table)
            for s in (0, 1):
                secrets.setdefault(s, set()).update(card_secrets(now, s))
            version = await random_move(table, now, rng)
            for s, comm in seats.items():
                await receive_until(comm, version, pushed[s])
        for comm in seats.values():
            await comm.disconnect()

    run(scenario)
    final = services.load_state(table)
    for s in (0, 1):
        # a card hidden then, and still hidden now (not played since, not drawn into this seat's own hand)
        still = secrets[s] & card_secrets(final, s)
        assert still and len(pushed[s]) >= moves
        for message in pushed[s]:
            text = json.dumps(message, ensure_ascii=False)
            assert not [x for x in still if named(x, text)] and str(table.seed) not in text
            assert re.search(r'data-socket="/ws/tables/\d+/"', message["html"])


def test_a_card_offered_to_the_side_holding_it_is_not_named_to_the_other_side():
    """文禄: 奇袭 is offered to the Japanese only when they hold it, and its question and rule name it (§11.2,
    ruling W14); the Allies' seat sees only that the Japanese are deciding."""
    from tests.matches.factories import UserFactory

    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = two_side_table(alice, bob)

    def offered(state: Any) -> bool:
        """The Japanese are offered a card they hold, and the engine's question or rule names it."""
        hand = state.board.hands["japan"]
        if engines.actor(state) != 0 or state.pending is None:
            return False
        said = f"{state.question(state.pending)} {state.pending.rule}"
        return any(getattr(a, "choice", None) in hand and a.choice in said for a in engines.legal(state))

    state = None
    for seed in range(1, 40):  # the first seeded game that reaches the offer (the same every run)
        reseed(table, seed)
        try:
            state = store_random_play_until(table, offered, random.Random(seed))
            break
        except AssertionError:  # that game ended first: nothing was stored
            continue
    assert state is not None, "no seeded game reached the offer"
    card = next(a.choice for a in engines.legal(state) if getattr(a, "choice", None) in state.board.hands["japan"])
    assert card in f"{state.question(state.pending)} {state.pending.rule}"  # the engine's question names it
    assert_hidden(seen_by(table, bob), card_secrets(state, 1), "the Allies while the Japanese decide")
    assert named(card, seen_by(table, alice)["page zh-hans"])  # the Japanese see their own offer
