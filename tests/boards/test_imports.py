"""Large map and game-data imports (issue 29 item 8): over the threshold they become an import job checked in a
task (run in-process here), with progress written into the job; the page answers 303 to the job's page, the API
202 with the job's URL; only the creator and staff see a job; a GET never writes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext

from boards.models import GameMap, ImportJob
from boards.services import imports
from engine.maps import count_rows
from tests.boards.conftest import as_bytes, bundled

pytestmark = pytest.mark.django_db

EXTRA = 400


def large_map(extra: int = EXTRA) -> dict[str, Any]:
    """The bundled 龙虎三国志 test map with ``extra`` more regions, each bordering the one before (valid)."""
    data = bundled("longhu_test_map.json")
    data["id"] = "longhu-large"
    first = data["regions"][0]["id"]
    for i in range(extra):
        data["regions"].append({"id": f"R{i}", "name": f"R{i}", "production": 1})
        data["borders"].append({"a": f"R{i - 1}" if i else first, "b": f"R{i}", "terrain": "plain"})
    return data


def _upload(data: Any, name: str = "large.map.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, as_bytes(data), content_type="application/json")


def _job_updates(queries: CaptureQueriesContext) -> list[str]:
    table = ImportJob._meta.db_table
    return [q["sql"] for q in queries.captured_queries if q["sql"].startswith(f'UPDATE "{table}"')]


def test_a_map_of_more_than_300_rows_is_large_and_the_bundled_one_is_not():
    assert count_rows(large_map()) > imports.LARGE_ROWS
    assert imports.is_large(as_bytes(large_map()))
    assert not imports.is_large(as_bytes(bundled("longhu_test_map.json")))
    assert not imports.is_large(b"{not json")


def test_a_large_map_through_the_page_becomes_a_job_that_validates_with_progress(
    client, staff, django_capture_on_commit_callbacks
):
    client.force_login(staff)
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True):
        response = client.post("/games/longhu/maps/import", {"file": _upload(large_map()), "version": ""})
    job = ImportJob.objects.get()
    assert response.status_code == 303 and response["Location"] == f"/games/imports/{job.pk}/"
    assert job.status == ImportJob.Status.DONE and job.done == job.total == count_rows(large_map())
    assert job.stored_map == GameMap.objects.get(name="longhu-large")
    progress = [sql for sql in _job_updates(queries) if '"done" =' in sql and '"status"' not in sql]
    assert len(progress) > 1  # reported every 100 rows, not once at the end
    page = client.get(response["Location"]).content.decode()
    assert f"/games/longhu/maps/{job.stored_map.pk}/" in page and "hx-trigger" not in page


def test_a_small_map_through_the_page_keeps_the_synchronous_path(client, staff):
    client.force_login(staff)
    response = client.post("/games/longhu/maps/import", {"file": _upload(bundled("longhu_test_map.json"))})
    assert response.status_code == 302 and not ImportJob.objects.exists()
    assert GameMap.objects.filter(name="longhu-junling-test").exists()


def test_a_bad_large_map_ends_refused_and_its_page_lists_every_bad_row(
    client, staff, django_capture_on_commit_callbacks
):
    client.force_login(staff)
    data = large_map()
    data["regions"][20]["production"] = -1
    data["regions"][300]["port"] = "yes"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/games/longhu/maps/import", {"file": _upload(data)})
    job = ImportJob.objects.get()
    assert job.status == ImportJob.Status.REFUSED and job.stored_map is None and job.done == job.total
    assert [p["where"] for p in job.problems] == ["regions[20].production", "regions[300].port"]
    assert not GameMap.objects.filter(name="longhu-large").exists()
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "regions[20].production" in page and "regions[300].port" in page


def test_a_queued_job_page_polls_and_shows_the_rows_checked_in_chinese(client, staff):
    client.force_login(staff)
    job = imports.do_queue_import("longhu", "map", as_bytes(large_map()), actor=staff, filename="big.json")
    ImportJob.objects.filter(pk=job.pk).update(status=ImportJob.Status.QUEUED)  # as if no worker took it yet
    page = client.get(f"/games/imports/{job.pk}/").content.decode()
    assert 'hx-trigger="every 1500ms"' in page and f"/games/imports/{job.pk}/" in page
    assert re.search(r"已检查.*\d+", page), "the rows checked, said in Chinese"


def test_a_large_map_through_the_api_answers_202_and_its_url_gives_the_result(
    client, map_organiser, django_capture_on_commit_callbacks
):
    client.force_login(map_organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/api/maps/import/", {"system": "longhu", "file": _upload(large_map())})
    assert response.status_code == 202
    url = response.json()["url"]
    assert url.rstrip("/").endswith(f"/api/imports/{ImportJob.objects.get().pk}")
    result = client.get(url).json()
    assert result["status"] == "done" and result["done"] == result["total"] > imports.LARGE_ROWS
    assert result["stored"]["content_hash"] == GameMap.objects.get(name="longhu-large").content_hash
    assert result["errors"] == []


def test_a_bad_large_map_through_the_api_lists_its_rows_at_the_jobs_url(
    client, staff, django_capture_on_commit_callbacks
):
    client.force_login(staff)
    data = large_map()
    data["borders"].append({"a": "R1", "b": "nowhere", "terrain": "plain"})
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/api/maps/import/", {"system": "longhu", "file": _upload(data)})
    result = client.get(response.json()["url"], HTTP_ACCEPT_LANGUAGE="en").json()
    assert result["status"] == "refused" and result["stored"] is None
    assert result["errors"] and all(e["where"].startswith("borders[") for e in result["errors"])


def test_another_user_cannot_see_the_job_page_or_its_api(client, staff, map_organiser, player):
    job = imports.do_queue_import("longhu", "map", as_bytes(large_map()), actor=map_organiser)
    client.force_login(player)
    assert client.get(f"/games/imports/{job.pk}/").status_code == 404
    assert client.get(f"/api/imports/{job.pk}/").status_code == 404
    client.logout()
    assert client.get(f"/games/imports/{job.pk}/").status_code == 404
    client.force_login(staff)
    assert client.get(f"/api/imports/{job.pk}/").status_code == 200


def test_a_get_of_the_job_page_and_api_never_writes(client, map_organiser):
    job = imports.do_queue_import("longhu", "map", as_bytes(large_map()), actor=map_organiser)
    client.force_login(map_organiser)
    with CaptureQueriesContext(connection) as queries:
        client.get(f"/games/imports/{job.pk}/")
        client.get(f"/api/imports/{job.pk}/")
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")]
    assert [w for w in writes if "django_session" not in w] == []


def test_the_validating_task_is_idempotent_on_a_finished_job(staff, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = imports.do_queue_import("longhu", "map", as_bytes(large_map()), actor=staff)
    job.refresh_from_db()
    finished = job.finished_at
    assert imports.do_validate_import(job.pk) == "done"
    job.refresh_from_db()
    assert job.finished_at == finished and GameMap.objects.filter(name="longhu-large").count() == 1


def test_queueing_a_job_writes_an_audit_record_and_an_outbox_message(staff):
    from junling.models import AuditEvent, OutboxMessage

    job = imports.do_queue_import("longhu", "map", as_bytes(large_map()), actor=staff)
    assert AuditEvent.objects.filter(verb="import_job.queue", target_id=str(job.pk)).exists()
    assert OutboxMessage.objects.filter(task="boards.validate_import", args=[job.pk]).exists()


def test_the_schema_lists_the_import_job_endpoint_and_the_202(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert "/api/imports/{id}/" in schema["paths"]
    assert "202" in schema["paths"]["/api/maps/import/"]["post"]["responses"]


def large_wenlu_data(extra: int = EXTRA) -> dict[str, Any]:
    """The bundled 文禄朝鲜之役 test data with ``extra`` more Japanese generals copied from the last one."""
    data = bundled("wenlu_test_data.json")
    model = next(g for g in reversed(data["generals"]) if g["nation"] == "japan" and g.get("rank") != "cic")
    for i in range(extra):
        data["generals"].append({**model, "id": f"G{i}"})
    return data


def test_large_game_data_through_the_page_becomes_a_job_that_stores_it(
    client, staff, django_capture_on_commit_callbacks
):
    from boards.models import GameData
    from boards.services.maps import ensure_test_maps

    ensure_test_maps()
    wenlu_map = GameMap.objects.get(system="wenlu")
    client.force_login(staff)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/games/wenlu/data/import", {"file": _upload(large_wenlu_data()), "game_map": wenlu_map.pk, "version": ""}
        )
    job = ImportJob.objects.get()
    assert response.status_code == 303, response.content.decode()[:2000]
    assert job.status == ImportJob.Status.DONE, job.problems[:5]
    assert job.stored_data is not None and job.stored_data.game_map == wenlu_map
    assert GameData.objects.filter(pk=job.stored_data.pk).exists()
    assert f"/games/wenlu/data/{job.stored_data.pk}/" in client.get(response["Location"]).content.decode()
