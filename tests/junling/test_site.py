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
    assert response.json()["ok"] is True
