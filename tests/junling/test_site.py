from django.db import connection


def test_home_page_renders_in_chinese_by_default(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "军令" in response.content.decode()


def test_home_page_follows_the_browsers_language(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert 'lang="en"' in response.content.decode()


def test_unknown_page_is_a_readable_404_not_a_traceback(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "Traceback" not in response.content.decode()


def test_openapi_schema_is_served(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"openapi" in response.content


def test_healthz_reports_the_database_vendor(client, db):
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200 and body["ok"] is True
    assert body["database"] == {"ok": True, "vendor": connection.vendor}
    assert body["broker"]["kind"] == "in-process" and body["outbox"]["waiting"] == 0


def test_the_adjudication_link_shows_for_judges_and_staff_only(client, db, django_user_model):
    from decks.services.decks import get_format
    from matches.services.registration import create_tournament

    player = django_user_model.objects.create_user("p1", password="x")
    judge = django_user_model.objects.create_user("j1", password="x")
    create_tournament(judge, name="Cup", format=get_format(), organisers=[player], judges=[judge])
    outsider = django_user_model.objects.create_user("o1", password="x")
    client.force_login(outsider)
    assert "/adjudications/" not in client.get("/").content.decode()
    client.force_login(judge)
    assert "/adjudications/" in client.get("/").content.decode()


def test_the_anonymous_home_page_says_what_the_site_is_for_and_names_all_four_games(client):
    page = client.get("/").content.decode()
    for game in ("将军令", "三国智", "龙虎三国志", "文禄朝鲜之役"):
        assert game in page.split("<main")[1].split("</main>")[0], game
    assert "裁判" in page and "引擎版本" not in page


def test_every_page_names_the_sites_icon_and_the_icon_is_served(client):
    from django.contrib.staticfiles import finders

    page = client.get("/").content.decode()
    assert 'rel="icon"' in page and "img/favicon.svg" in page
    assert finders.find("img/favicon.svg")
