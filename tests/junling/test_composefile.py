"""Issue 29 item 10: compose files merged as the Compose specification merges them (junling/composefile.py), and
the podman override of ``make compose-check`` (deploy/podman/compose.host.yaml) merged over deploy/compose.yaml."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from junling.composefile import ComposeError, main, merge, merge_files, resolve_extends
from tests.conftest import ROOT

DEPLOY = ROOT / "deploy"


def write(path: Path, doc: dict) -> Path:
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return path


def test_an_override_command_replaces_the_base_command_instead_of_being_appended():
    base = {"services": {"web": {"command": ["uvicorn", "--port", "8000"]}}}
    over = {"services": {"web": {"command": ["uvicorn", "--port", "18310"]}}}
    assert merge(base, over)["services"]["web"]["command"] == ["uvicorn", "--port", "18310"]


def test_ports_are_concatenated_as_the_specification_says():
    assert merge({"ports": ["8000"]}, {"ports": ["9000", "8000"]}) == {"ports": ["8000", "9000"]}


def test_environment_in_list_and_mapping_form_merges_key_by_key():
    merged = merge({"environment": ["A=1", "B=2"]}, {"environment": {"B": "3", "C": "4"}})
    assert merged == {"environment": {"A": "1", "B": "3", "C": "4"}}


def test_a_null_in_the_override_removes_the_key():
    merged = merge({"web": {"healthcheck": {"test": ["CMD", "true"]}, "image": "x"}}, {"web": {"healthcheck": None}})
    assert merged == {"web": {"image": "x"}}


def test_merge_leaves_both_inputs_unchanged():
    base = {"a": {"b": [1]}}
    over = {"a": {"b": [2], "c": 3}}
    merge(base, over)
    assert base == {"a": {"b": [1]}} and over == {"a": {"b": [2], "c": 3}}


def test_extends_starts_from_the_named_service_with_the_own_keys_laid_over():
    services = {
        "web": {"image": "site", "command": ["serve", "1"], "environment": {"A": "1"}},
        "web2": {"extends": {"service": "web"}, "command": ["serve", "2"], "environment": {"B": "2"}},
    }
    web2 = resolve_extends(services)["web2"]
    assert web2 == {"image": "site", "command": ["serve", "2"], "environment": {"A": "1", "B": "2"}}


def test_extends_that_loops_is_refused_naming_the_loop():
    with pytest.raises(ComposeError, match="a -> b -> a"):
        resolve_extends({"a": {"extends": "b"}, "b": {"extends": "a"}})


def test_extends_of_a_missing_service_is_refused():
    with pytest.raises(ComposeError, match="'nope'"):
        resolve_extends({"a": {"extends": {"service": "nope"}}})


def test_relative_paths_become_absolute_against_the_file_that_named_them(tmp_path):
    (tmp_path / "sub").mkdir()
    base = write(tmp_path / "base.yaml", {"services": {"web": {"build": {"context": ".."}, "env_file": ".env"}}})
    over = write(
        tmp_path / "sub" / "over.yaml", {"services": {"proxy": {"volumes": ["./n.conf:/etc/n.conf:ro", "data:/d"]}}}
    )
    merged = merge_files([base, over])
    assert merged["services"]["web"]["build"]["context"] == str(tmp_path.parent.resolve())
    assert merged["services"]["web"]["env_file"] == [str(tmp_path / ".env")]
    assert merged["services"]["proxy"]["volumes"] == [f"{tmp_path / 'sub' / 'n.conf'}:/etc/n.conf:ro", "data:/d"]


def test_the_command_line_reports_a_file_that_is_not_a_mapping_and_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("- a list\n", encoding="utf-8")
    assert main([str(bad), "-o", str(tmp_path / "out.yaml")]) == 2
    assert "a compose file is a mapping" in capsys.readouterr().err
    assert not (tmp_path / "out.yaml").exists()


# --- the real files ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def stack() -> dict:
    return merge_files([DEPLOY / "compose.yaml", DEPLOY / "podman" / "compose.host.yaml"])["services"]


def test_the_base_compose_file_puts_a_proxy_in_front_of_the_web_containers():
    services = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))["services"]
    assert services["proxy"]["ports"] == ["8000:8000"]
    assert "ports" not in services["web"]  # the web containers are reached through the proxy only
    conf = (DEPLOY / "nginx" / "default.conf").read_text(encoding="utf-8")
    assert "server web:8000;" in conf and "include /etc/nginx/junling/proxy.conf;" in conf


def test_the_podman_stack_has_a_proxy_two_web_two_workers_beat_postgres_and_redis(stack):
    assert set(stack) == {"migrate", "web", "web2", "worker", "worker2", "beat", "proxy", "postgres", "redis"}


def test_every_container_of_the_podman_stack_is_on_the_host_network_with_no_healthcheck_or_ports(stack):
    for name, service in stack.items():
        assert service["network_mode"] == "host", name
        assert "healthcheck" not in service and "ports" not in service and "expose" not in service, name


def test_the_podman_stack_pulls_no_image(stack):
    for name, service in stack.items():
        assert service["image"].startswith(("localhost/", "${BASE_IMAGE")), name


def test_the_podman_stack_names_no_service_host_and_none_of_the_machines_own_ports(stack):
    text = yaml.safe_dump(stack)
    assert not re.search(r"@(postgres|redis)[:/]|//(postgres|redis)[:/]", text)
    for port in (":5432/", ":6379/"):
        assert port not in text


def test_the_two_web_containers_listen_on_their_own_ports_and_the_proxy_serves_both(stack):
    ports = [service["command"][service["command"].index("--port") + 1] for service in (stack["web"], stack["web2"])]
    assert ports == ["18310", "18311"]
    conf = (DEPLOY / "podman" / "nginx.conf").read_text(encoding="utf-8")
    assert "server 127.0.0.1:18310;" in conf and "server 127.0.0.1:18311;" in conf


def test_the_two_workers_have_their_own_celery_node_names(stack):
    names = [service["command"][service["command"].index("-n") + 1] for service in (stack["worker"], stack["worker2"])]
    assert names == ["worker1@%h", "worker2@%h"]


def test_the_site_containers_build_on_the_base_image_argument_and_keep_the_production_logs(stack):
    for name in ("migrate", "web", "web2", "worker", "worker2", "beat"):
        service = stack[name]
        assert service["build"]["args"]["BASE"].startswith("${BASE_IMAGE"), name
        assert service["environment"]["LOG_FORMAT"] == "json", name
        assert service["environment"]["DATABASE_URL"].endswith("@127.0.0.1:18332/junling"), name
    dockerfile = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    assert "ARG BASE=" in dockerfile and "FROM ${BASE}" in dockerfile and "--no-index" in dockerfile
