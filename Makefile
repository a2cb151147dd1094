# Junling. `make run` and `make test` work on a fresh clone with only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: help install setup run worker test test-engine lint format typecheck lock bench clean demo messages multiprocess compose-check

help:
	@echo "make run      set up (venv, install, migrate, cards, demo data) and serve http://$(HOST):$(PORT)"
	@echo "make setup    everything but serve"
	@echo "make test     lint, type-check (mypy: the engine, the site, bench/), run the whole suite"
	@echo "make worker   a Celery worker (needs CELERY_BROKER_URL=redis://...)"
	@echo "make bench    run the benchmarks in bench/"
	@echo "make multiprocess  two web processes + two workers on PostgreSQL and Redis play a match, adjudicate 40 logs"
	@echo "make compose-check  deploy/compose.yaml under podman (proxy, 2 web, 2 workers, beat): the same check, a worker killed"

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.lock | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.lock
	@touch $(STAMP)

install: $(STAMP)

setup: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py loaddemo
	$(PY) manage.py loadmaps

run: setup
	$(PY) manage.py runserver $(HOST):$(PORT)

worker: install
	$(BIN)/celery -A junling worker --loglevel=info

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

typecheck: install
	$(BIN)/mypy  # the engine, the site's apps and bench/: pyproject.toml [tool.mypy] files

test: lint typecheck
	$(BIN)/pytest $(PYTEST_ARGS)

test-engine: install
	$(BIN)/pytest -p no:django tests/engine engine

messages: install
	cd decks && ../$(PY) ../manage.py makemessages -l zh_Hans -l en >/dev/null; cd ..
	$(PY) manage.py makemessages -l zh_Hans -l en --ignore=.venv --ignore=var
	$(PY) manage.py compilemessages --ignore=.venv

lock: | $(PY)
	$(PY) -m pip install --quiet -r requirements.in
	$(PY) -m pip freeze --exclude-editable > requirements.lock

# Two gunicorn servers and two Celery workers on one PostgreSQL and one Redis (issue 11 point 8).
MP_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/junling_multiprocess
MP_BROKER_URL ?= redis://127.0.0.1:6379/3
MP_PORTS ?= 18100 18101
multiprocess: install
	DATABASE_URL=$(MP_DATABASE_URL) CELERY_BROKER_URL=$(MP_BROKER_URL) $(PY) manage.py migrate --noinput -v 0
	DATABASE_URL=$(MP_DATABASE_URL) CELERY_BROKER_URL=$(MP_BROKER_URL) $(PY) manage.py multiprocess --ports $(MP_PORTS)

# deploy/compose.yaml run with podman on this machine (issue 29 item 10; docs/deploy.md). Needs root and apt
# (Debian's podman, podman-compose, runc and debootstrap are installed when missing).
compose-check: install
	deploy/podman/compose-check

bench: install
	@for f in bench/bench_*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache
