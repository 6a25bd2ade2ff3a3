# GNU make. `make run` and `make test` work on a fresh clone with only Python 3.11 installed.

PY ?= $(shell command -v python3.11 >/dev/null 2>&1 && echo python3.11 || echo python3)
VENV = .venv
PYTHON = $(VENV)/bin/python
STAMP = $(VENV)/.installed
MAKEMESSAGES_IGNORES = --ignore='.venv/*' --ignore='tests/*' --ignore='bench/*'
FIXTURES = $(sort $(wildcard fixtures/*.json))
PYTEST_ARGS ?=

.DEFAULT_GOAL := help

.PHONY: help setup compilemessages run test lint format messages

help:
	@echo "make run       set up .venv, migrate, load fixtures, serve http://127.0.0.1:8000"
	@echo "make test      set up .venv and run every test (PYTEST_ARGS='...' to pass options)"
	@echo "make lint      ruff check + ruff format --check"
	@echo "make format    ruff format + ruff check --fix"
	@echo "make messages  re-extract locale/*/LC_MESSAGES/django.po and compile them"

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
	@echo "Serving on http://127.0.0.1:8000/ (admin at /admin/); Ctrl+C stops it."
	@echo
	$(PYTHON) manage.py runserver 127.0.0.1:8000

test: setup
	$(VENV)/bin/pytest $(PYTEST_ARGS)

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

messages: $(STAMP)
	$(PYTHON) manage.py makemessages -l ru -l en $(MAKEMESSAGES_IGNORES)
	$(PYTHON) scripts/compilemessages.py
