"""The card pages: browser with filters and htmx, card page in both languages, database list, staff upload."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from decks.models import Card, CardDatabaseVersion
from decks.services.cards import import_card_database
from engine import cards as engine_cards
from tests.decks.cardfiles import SAMPLE_CARDS, json_bytes
from tests.decks.factories import UserFactory

pytestmark = pytest.mark.django_db


def _names(response) -> set[str]:
    return {card.name for card in response.context["page_obj"].object_list}


def _expected(predicate) -> set[str]:
    return {c["name"] for c in SAMPLE_CARDS if predicate(c)}


FILTERS: list[tuple[dict[str, Any], Any]] = [
    ({"type": "人"}, lambda c: c["type"] == "人"),
    ({"type": "物", "subtype": "兵种"}, lambda c: c.get("subtype") == "兵种"),
    ({"faction": "蜀"}, lambda c: "蜀" in c.get("factions", [])),
    ({"faction": "黄巾"}, lambda c: "黄巾" in c.get("factions", [])),
    ({"faction": "Yellow Turban"}, lambda c: "黄巾" in c.get("factions", [])),
    ({"faction": "无"}, lambda c: not c.get("factions")),
    ({"cost": "4"}, lambda c: c.get("cost") == 4),
    ({"cost_min": "2", "cost_max": "4"}, lambda c: c.get("cost") is not None and 2 <= c["cost"] <= 4),
    ({"might": "7"}, lambda c: c.get("might") == 7),
    ({"might_min": "4"}, lambda c: c.get("might") is not None and c["might"] >= 4),
    ({"wit": "5"}, lambda c: c.get("wit") == 5),
    ({"wit_max": "2"}, lambda c: c.get("wit") is not None and c["wit"] <= 2),
    ({"mark": "反"}, lambda c: "反" in c.get("marks", [])),
    ({"mark": "对"}, lambda c: "对" in c.get("marks", [])),
    ({"mark": "兽", "wit": "0"}, lambda c: "兽" in c.get("marks", [])),
    ({"wit": "0"}, lambda c: c.get("wit") == 0),
]


@pytest.mark.parametrize(("params", "predicate"), FILTERS, ids=[str(p) for p, _ in FILTERS])
def test_each_browser_filter_narrows_the_results_to_the_matching_cards(client, sample_version, params, predicate):
    expected = _expected(predicate)
    assert expected and len(expected) < len(SAMPLE_CARDS)  # the filter must really narrow
    response = client.get(reverse("cards:list"), {"version": sample_version.pk, **params})
    assert response.status_code == 200
    assert _names(response) == expected


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("關羽", "关羽"),  # traditional characters
        ("關雲長", "关羽"),  # an alias, in traditional characters
        ("guan yu", "关羽"),  # the English name, any spacing and case
        ("GREEN DRAGON", "青龙偃月刀"),
        ("draw 1 card", "关羽"),  # English text
        ("抽1张卡", "关羽"),  # Chinese text
        ("武聖", "关羽"),  # ability name, traditional
    ],
)
def test_text_search_finds_cards_by_names_aliases_and_texts_in_both_languages(client, sample_version, query, name):
    response = client.get(reverse("cards:list"), {"version": sample_version.pk, "q": query})
    assert name in _names(response)
    assert len(_names(response)) < len(SAMPLE_CARDS)


def test_text_search_with_no_match_says_so(client, sample_version):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"  # the assertions read English messages
    response = client.get(reverse("cards:list"), {"version": sample_version.pk, "q": "诸葛亮"})
    assert _names(response) == set()
    assert "No card matches these filters." in response.content.decode()


def test_browser_defaults_to_the_latest_version_of_the_starter_database(client, sample_version):
    starter = import_card_database(engine_cards.STARTER_FILES[engine_cards.GENERALS_ORDER])
    response = client.get(reverse("cards:list"))
    assert response.context["version"] == starter
    assert response.context["page_obj"].paginator.count == starter.card_count


def test_an_htmx_request_gets_only_the_results_partial(client, sample_version):
    response = client.get(reverse("cards:list"), {"version": sample_version.pk, "type": "人"}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body and "<table" in body
    assert response.templates[0].name == "decks/cards/_results.html"


def test_the_filter_form_refreshes_the_results_with_htmx(client, sample_version):
    body = client.get(reverse("cards:list"), {"version": sample_version.pk}).content.decode()
    assert 'hx-trigger="input changed delay:300ms, change"' in body
    assert 'hx-push-url="true"' in body and 'hx-target="#results"' in body


def test_the_browser_is_paginated(client):
    cards = [{"name": f"兵{i:03d}", "type": "事", "subtype": "事件", "cost": i % 5} for i in range(60)]
    many = import_card_database(json_bytes(cards), filename="many.json")
    first = client.get(reverse("cards:list"), {"version": many.pk})
    second = client.get(reverse("cards:list"), {"version": many.pk, "page": 2})
    assert first.context["page_obj"].paginator.num_pages == 2
    assert _names(first).isdisjoint(_names(second))
    assert len(_names(first) | _names(second)) == 60


def test_a_bad_number_filter_is_explained_not_a_500(client, sample_version):
    response = client.get(reverse("cards:list"), {"version": sample_version.pk, "cost": "five"})
    assert response.status_code == 200
    assert "five&#x27; 不是整数" in response.content.decode()  # in the site's default language
    english = client.get(
        reverse("cards:list"), {"version": sample_version.pk, "cost": "five"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "is not a whole number" in english.content.decode()


def test_an_unknown_version_is_a_404(client, sample_version):
    assert client.get(reverse("cards:list"), {"version": sample_version.pk + 100}).status_code == 404
    assert client.get(reverse("cards:list"), {"version": "x"}).status_code == 404


def test_the_browser_shows_english_names_when_english_is_chosen(client, sample_version):
    zh = client.get(reverse("cards:list"), {"version": sample_version.pk, "type": "人"}).content.decode()
    en = client.get(reverse("cards:list"), {"version": sample_version.pk, "type": "人"}, HTTP_ACCEPT_LANGUAGE="en")
    assert f'<a class="card-name" href="{reverse("cards:detail", args=[sample_version.pk, "关羽"])}">关羽</a>' in zh
    assert ">Guan Yu</a>" in en.content.decode()


def test_card_page_in_chinese_shows_every_field_printings_and_the_ability(client, sample_version):
    response = client.get(reverse("cards:detail", args=[sample_version.pk, "关羽"]))
    body = response.content.decode()
    assert response.status_code == 200
    assert response.context["card"].name == "关羽"
    for text in ("关羽", "战胜敌将时，抽1张卡。", "武圣", "第一弹", "重印", '<span class="badge">蜀</span>', "关云长"):
        assert text in body
    assert "蜀 Shu" not in body  # the English gloss is for English pages


def test_card_page_in_english_shows_the_english_name_and_text(client, sample_version):
    response = client.get(reverse("cards:detail", args=[sample_version.pk, "关羽"]), HTTP_ACCEPT_LANGUAGE="en")
    body = response.content.decode()
    assert '<h1 class="card-title">Guan Yu' in body
    assert "When he defeats an enemy general, draw 1 card." in body
    assert "Saint of War" in body


def test_card_page_follows_the_language_chosen_with_set_language(client, sample_version):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    body = client.get(reverse("cards:detail", args=[sample_version.pk, "曹操"])).content.decode()
    assert '<h1 class="card-title">Cao Cao' in body and "Your Wei generals get +1 Wit." in body


def test_card_page_falls_back_to_chinese_when_the_card_has_no_english(client, sample_version):
    body = client.get(reverse("cards:detail", args=[sample_version.pk, "藤甲兵"]), HTTP_ACCEPT_LANGUAGE="en").content
    assert '<h1 class="card-title">藤甲兵' in body.decode()


def test_card_page_explains_marks_and_names_factions_in_english(client, sample_version):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"  # the assertions read English messages
    body = client.get(reverse("cards:detail", args=[sample_version.pk, "青龙偃月刀"])).content.decode()
    assert "Counter-possible" in body and "§2.3.5" in body
    dual = client.get(reverse("cards:detail", args=[sample_version.pk, "周仓"])).content.decode()
    assert "蜀 Shu" in dual and "黄巾 Yellow Turban" in dual


def test_a_traditional_or_english_card_name_redirects_to_the_card_page(client, sample_version):
    for name in ("關羽", "Guan Yu"):
        response = client.get(reverse("cards:detail", args=[sample_version.pk, name]))
        assert response.status_code == 302
        assert response["Location"] == reverse("cards:detail", args=[sample_version.pk, "关羽"])


def test_an_unknown_card_is_a_readable_404(client, sample_version):
    response = client.get(reverse("cards:detail", args=[sample_version.pk, "诸葛亮"]))
    assert response.status_code == 404
    assert "Traceback" not in response.content.decode()


def test_database_list_shows_versions_hashes_counts_and_downloads(client, sample_version):
    body = client.get(reverse("cards:databases")).content.decode()
    assert sample_version.database.name in body and sample_version.content_hash in body
    assert reverse("cards:export", args=[sample_version.pk, "json"]) in body
    assert reverse("cards:export", args=[sample_version.pk, "csv"]) in body
    assert 'name="file"' not in body  # no upload form for anonymous visitors


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_download_round_trips_to_the_same_content_hash(client, sample_version, fmt):
    response = client.get(reverse("cards:export", args=[sample_version.pk, fmt]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    assert engine_cards.load_database(response.content, filename=f"x.{fmt}").content_hash == sample_version.content_hash


def test_staff_upload_imports_the_file(admin_client):
    upload = SimpleUploadedFile("sample.json", json_bytes(), content_type="application/json")
    response = admin_client.post(reverse("cards:import"), {"file": upload})
    assert response.status_code == 302
    sample_version = CardDatabaseVersion.objects.get()
    assert sample_version.card_count == len(SAMPLE_CARDS)
    assert "sample.json" in admin_client.get(reverse("cards:databases")).content.decode()


def test_staff_upload_with_bad_rows_lists_every_error_with_400_and_saves_nothing(admin_client):
    cards = [*SAMPLE_CARDS, {"name": "坏卡", "type": "人"}, {"name": "错型", "type": "X"}]
    upload = SimpleUploadedFile("bad.json", json_bytes(cards))
    response = admin_client.post(reverse("cards:import"), {"file": upload})
    body = response.content.decode()
    assert response.status_code == 400
    assert body.count('class="row-error"') == 2
    assert "a general (人) needs a recruitment cost" in body and "is not a card type" in body
    assert CardDatabaseVersion.objects.count() == 0 and Card.objects.count() == 0


def test_staff_upload_of_a_50_mb_file_is_refused_with_a_clear_message(admin_client):
    upload = SimpleUploadedFile("huge.json", b" " * (50 * 1024 * 1024))
    response = admin_client.post(reverse("cards:import"), {"file": upload}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 413
    assert f"the limit is {engine_cards.MAX_FILE_BYTES // 1024 // 1024} MB" in response.content.decode()
    assert CardDatabaseVersion.objects.count() == 0


def test_upload_without_a_file_is_a_400(admin_client):
    admin_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"  # the assertions read English messages
    response = admin_client.post(reverse("cards:import"), {})
    assert response.status_code == 400
    assert "Choose a JSON or CSV file" in response.content.decode()


def test_non_staff_cannot_upload(client, django_user_model):
    client.force_login(UserFactory())
    upload = SimpleUploadedFile("sample.json", json_bytes())
    assert client.post(reverse("cards:import"), {"file": upload}).status_code == 403
    assert CardDatabaseVersion.objects.count() == 0


def test_staff_see_the_upload_form(admin_client):
    assert 'name="file"' in admin_client.get(reverse("cards:databases")).content.decode()


def test_admin_shows_cards_read_only(admin_client, sample_version):
    card = sample_version.cards.get(name="关羽")
    response = admin_client.get(reverse("admin:decks_card_change", args=[card.pk]))
    assert response.status_code == 200
    assert 'name="name"' not in response.content.decode()  # no editable field
    assert admin_client.get(reverse("admin:decks_card_add")).status_code == 403
    found = admin_client.get(reverse("admin:decks_card_changelist"), {"q": "關羽"})
    assert [c.name for c in found.context["cl"].result_list] == ["关羽"]
    version_page = admin_client.get(reverse("admin:decks_carddatabaseversion_change", args=[sample_version.pk]))
    assert sample_version.content_hash in version_page.content.decode()


def test_staff_who_are_not_superusers_may_import(staff_client):
    upload = SimpleUploadedFile("sample.json", json_bytes(), content_type="application/json")
    response = staff_client.post(reverse("cards:import"), {"file": upload})
    assert response.status_code == 302 and CardDatabaseVersion.objects.count() == 1


def test_an_upload_over_the_limit_is_413_and_saves_nothing(admin_client, monkeypatch):
    monkeypatch.setattr(engine_cards, "MAX_FILE_BYTES", 100)
    upload = SimpleUploadedFile("big.json", json_bytes(), content_type="application/json")
    response = admin_client.post(reverse("cards:import"), {"file": upload}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 413 and "the limit is" in response.content.decode()
    assert not CardDatabaseVersion.objects.exists()
