# cardref: `make run` serves on 127.0.0.1:8000; `make test` runs every test against a real redis-server.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)

.PHONY: run test openapi openapi-check bench redis-server clean

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	rm -f $(VENV)/.installed-* && touch $@

redis-server:
	@command -v redis-server >/dev/null || { apt-get update -qq && apt-get install -y -qq redis-server >/dev/null; }

run: $(STAMP)
	$(BIN)/gunicorn --config gunicorn.conf.py --bind 127.0.0.1:8000 app:app

test: $(STAMP) redis-server openapi-check
	$(BIN)/python -m pytest -q -p no:cacheprovider tests

openapi: $(STAMP)
	$(BIN)/python -m openapi.generate --write

openapi-check: $(STAMP)
	$(BIN)/python -m openapi.generate --check

bench: $(STAMP)
	$(BIN)/python -m bench.run

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
