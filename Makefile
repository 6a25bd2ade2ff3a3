# GNU make. `make run` and `make test` work on a fresh clone with only Python 3.11 installed.

PY ?= $(shell command -v python3.11 >/dev/null 2>&1 && echo python3.11 || echo python3)
VENV = .venv
PYTHON = $(VENV)/bin/python
STAMP = $(VENV)/.installed
MAKEMESSAGES_IGNORES = --ignore='.venv/*' --ignore='tests/*' --ignore='bench/*'
FIXTURES = $(sort $(wildcard fixtures/*.json))
PYTEST_ARGS ?=

.DEFAULT_GOAL := help

.PHONY: help setup compilemessages run browser test test-postgres lint format messages screenshots

help:
	@echo "make run       set up .venv, migrate, load the demo, serve http://127.0.0.1:8000"
	@echo "make test      set up .venv and run every test (PYTEST_ARGS='...' to pass options)"
	@echo "make test-postgres  the same tests on a throw-away PostgreSQL 15 server (not 'servers')"
	@echo "make lint      ruff check + ruff format --check"
	@echo "make format    ruff format + ruff check --fix"
	@echo "make messages  re-extract locale/*/LC_MESSAGES/django.po and compile them"
	@echo "make screenshots  take the guides' pictures again (docs/img/*.png, by a browser test)"
	@echo "make serve-production  collectstatic, migrate, granian with config.settings.production"
	@echo "make serve-lan  the production stack over plain HTTP on the local network (club laptop)"

# Create the virtualenv if missing and install the project with its dev and postgres extras.
# Re-runs only when pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(PYTHON) || $(PY) -m venv $(VENV)
	$(PYTHON) -m pip install --disable-pip-version-check -e '.[dev,postgres]'
	touch $@

setup: $(STAMP) compilemessages

compilemessages: $(STAMP)
	$(PYTHON) scripts/compilemessages.py

run: setup
	$(PYTHON) manage.py migrate --noinput
	$(if $(FIXTURES),$(PYTHON) manage.py loaddata $(FIXTURES),@echo "No fixtures to load.")
	$(PYTHON) manage.py load_demo
	@echo
	@echo "Log in with one of the demo accounts above (admin / admin can do everything), or create"
	@echo "your own with \`$(PYTHON) manage.py createsuperuser\`."
	@echo "Serving on http://127.0.0.1:8000/ (admin at /admin/), with the background worker of the"
	@echo "engine's analyses (manage.py db_worker); Ctrl+C stops both."
	@echo
	$(PYTHON) manage.py db_worker --no-reload -v 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(PYTHON) manage.py runserver 127.0.0.1:8000

# The browser tests (tests/browser) need Debian's chromium: installed here if missing (as root).
browser:
	scripts/ensure_chromium.sh

test: setup browser
	$(VENV)/bin/pytest $(PYTEST_ARGS)

# The same suite on a throw-away PostgreSQL 15 server (installed if missing, started, stopped),
# less the multi-server tests (marked `servers`), which bring their own PostgreSQL, the real
# clients run once (LibreOffice, marked `office`; chromium, marked `browser`: the pages they drive
# write through the same services the database tests cover) and the slow walks marked `once` (the
# POST fuzz; the NUL that PostgreSQL alone refuses is guarded by config.security and tested on
# both): they ran in `make test` already. Only the tests that can reach the database run again
# (TESTS_DATABASE_ONLY=1, tests/conftest.py): the others would repeat the SQLite run to the letter.
test-postgres: setup browser
	TESTS_DATABASE_ONLY=1 scripts/with_postgres.sh $(VENV)/bin/pytest -m 'not servers and not office and not once and not browser' $(PYTEST_ARGS)

# The pictures of docs/player-guide.md, docs/arbiter-guide.md and the README, taken again by the
# browser test that makes them (overwriting docs/img/*.png): commit them after a page changes.
screenshots: setup browser
	$(VENV)/bin/pytest -q tests/browser/test_docs_screenshots.py

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

messages: $(STAMP)
	$(PYTHON) manage.py makemessages -l ru -l en -l fa $(MAKEMESSAGES_IGNORES)
	$(PYTHON) scripts/compilemessages.py

# Production on this machine: collectstatic, migrate and the site's server (config/server.py:
# granian), with config.settings.production. Needs DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS in
# the environment (config/settings/production.py lists the other variables); SERVER_BIND
# (127.0.0.1:8000) and SERVER_WORKERS (2) override (GUNICORN_BIND and GUNICORN_WORKERS, their
# earlier names, still do).
.PHONY: serve-production
serve-production: setup
	@test -n "$$DJANGO_SECRET_KEY" || { echo "serve-production: DJANGO_SECRET_KEY is not set. Set it to a long random string, e.g. the output of: $(PYTHON) -c 'from django.core.management.utils import get_random_secret_key as k; print(k())'" >&2; exit 1; }
	@test -n "$$DJANGO_ALLOWED_HOSTS" || { echo "serve-production: DJANGO_ALLOWED_HOSTS is not set. Set it to the site's host names, comma-separated (club.example.org)." >&2; exit 1; }
	export DJANGO_SETTINGS_MODULE=config.settings.production \
	&& $(PYTHON) manage.py check --deploy \
	&& $(PYTHON) manage.py collectstatic --noinput \
	&& $(PYTHON) manage.py migrate --noinput \
	&& exec $(PYTHON) -m config.server \
		--workers $(or $(SERVER_WORKERS),$(GUNICORN_WORKERS),2) \
		--bind $(or $(SERVER_BIND),$(GUNICORN_BIND),127.0.0.1:8000)

# A club's laptop on a local network without TLS: the production stack (granian, DEBUG off,
# WhiteNoise) over plain HTTP, on every interface. Keeps a secret key in var/secret-key (made on
# first use, readable by its owner only) unless DJANGO_SECRET_KEY is set; DJANGO_ALLOWED_HOSTS
# defaults to any host. SERVER_BIND (0.0.0.0:8000) and SERVER_WORKERS (2) override.
.PHONY: serve-lan
serve-lan: setup
	@mkdir -p var && chmod 700 var
	@test -n "$$DJANGO_SECRET_KEY" || test -s var/secret-key || (umask 077 && $(PYTHON) -c 'from django.core.management.utils import get_random_secret_key as k; print(k())' > var/secret-key)
	@echo "serve-lan: WARNING: plain HTTP. Passwords and cookies cross the network unencrypted;" >&2
	@echo "serve-lan: use it only on a club network you trust, never on the Internet (see docs/operations.md)." >&2
	export DJANGO_SETTINGS_MODULE=config.settings.lan \
		DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$(cat var/secret-key)}" \
	&& $(PYTHON) manage.py check \
	&& $(PYTHON) manage.py collectstatic --noinput -v 0 \
	&& $(PYTHON) manage.py migrate --noinput \
	&& { $(PYTHON) -c 'import socket; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.connect(("10.255.255.255", 1)); print("serve-lan: players open http://%s:%s/" % (s.getsockname()[0], "$(or $(SERVER_BIND),$(GUNICORN_BIND),0.0.0.0:8000)".rsplit(":", 1)[1]))' 2>/dev/null || true; } \
	&& exec $(PYTHON) -m config.server \
		--workers $(or $(SERVER_WORKERS),$(GUNICORN_WORKERS),2) \
		--bind $(or $(SERVER_BIND),$(GUNICORN_BIND),0.0.0.0:8000)
