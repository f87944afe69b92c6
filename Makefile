# cardref: `make run` serves on 127.0.0.1:$PORT (8000 by default); `make test` runs every test against a real
# redis-server and, for the browser tests, Debian's chromium; `make test-quick` the engine and API tests but the
# slow ones, for the edit-test loop. Tests run in one process per core (TEST_WORKERS), each with its own servers.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)
VIEWERS := openapi/viewers/.installed-$(shell cksum < openapi/viewers/packages.lock | cut -d' ' -f1)
PORT ?= 8000
TEST_WORKERS ?= auto
PYTEST := $(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist worksteal

.PHONY: run test test-quick openapi openapi-check bench redis-server chromium viewers clean

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	rm -f $(VENV)/.installed-* && touch $@

# Swagger UI and ReDoc for /docs and /redoc, from npm at the versions and hashes in openapi/viewers/packages.lock.
viewers: $(VIEWERS)

$(VIEWERS): openapi/viewers/packages.lock openapi/viewers/install.py
	@command -v npm >/dev/null || { apt-get update -qq && apt-get install -y -qq npm >/dev/null; }
	$(PYTHON) openapi/viewers/install.py
	rm -f openapi/viewers/.installed-* && touch $@

redis-server:
	@command -v redis-server >/dev/null || { apt-get update -qq && apt-get install -y -qq redis-server >/dev/null; }

# The browser tests drive Debian's chromium through its chromedriver; nothing downloads a browser.
chromium:
	@{ command -v chromium && command -v chromedriver; } >/dev/null || { apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null; }

run: $(STAMP) $(VIEWERS)
	$(BIN)/gunicorn --config gunicorn.conf.py --bind 127.0.0.1:$(PORT) app:app

# The ten slowest tests close every run, so that growth shows.
test: $(STAMP) $(VIEWERS) redis-server chromium openapi-check
	$(PYTEST) --durations=10 tests

# No browser, no exhaustive searches, no long property runs (the tests marked slow): under two minutes.
test-quick: $(STAMP) $(VIEWERS) redis-server
	$(PYTEST) -m "not slow" tests/engine tests/api

openapi: $(STAMP)
	$(BIN)/python -m openapi.generate --write

openapi-check: $(STAMP)
	$(BIN)/python -m openapi.generate --check

bench: $(STAMP)
	$(BIN)/python -m bench.run

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis openapi/viewers/.installed-* openapi/viewers/swagger-ui-dist openapi/viewers/redoc
