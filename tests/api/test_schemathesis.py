"""schemathesis against the committed spec, with every check it has and one of ours: generated
requests never get a 5xx, every answer conforms to the spec, bodies the spec refuses are refused,
and a body the spec accepts is never refused for its shape.

A body can match the spec and still name a position no game reaches (a card held twice, a trick
won by the wrong seat): the contract answers it 422 with the rules it breaks in `violations`. A
422 without violations says the body itself is malformed (an unknown field, a wrong type, a seat
out of range, a move type the game does not have), which a body the spec accepts must never be.

Every operation gets its explicit examples (one per game, variant and, for /legal-moves, Canasta
phase) and EXAMPLES_PER_OPERATION generated requests in each mode (bodies that fit the spec, and
bodies that do not); CARDREF_SCHEMATHESIS_EXAMPLES raises it for a longer run.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig
from schemathesis.checks import load_all_checks
from schemathesis.config._checks import NEGATIVE_DATA_REJECTION_EXPECTED_STATUSES
from schemathesis.core.failures import FailureGroup, as_reported_failure
from schemathesis.generation.feedback import FeedbackSources
from schemathesis.generation.modes import GenerationMode
from schemathesis.pytest._test_builder import build_operation_test
from schemathesis.python._constants.orchestrator import make_constants_value_source

from api.config import Settings
from app import create_app

SPEC = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
EXAMPLES_PER_OPERATION = int(os.environ.get("CARDREF_SCHEMATHESIS_EXAMPLES", 100))

# A well-formed body may still name an unknown rule (404), a finished hand (409), or a position no
# game reaches (422 with violations; see refused_only_by_rules). A body the spec refuses may also be
# refused 413: a batch of more requests than its maxItems.
CONFIG = SchemathesisConfig.from_dict(
    {"checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "404", "409", "422"]},
                "negative_data_rejection": {"expected-statuses": [*NEGATIVE_DATA_REJECTION_EXPECTED_STATUSES, "413"]}}})

schema = schemathesis.openapi.from_path(SPEC, config=CONFIG)
schema.app = create_app(Settings())


# The contract's answer to a question that needs cards the position keeps hidden ({"count": n}
# or a placed card not disclosed): 422 naming the field whose cards are needed.
HIDDEN_CARDS_NEEDED = re.compile("|".join((
    r"^/state/hands/\d+: seat \d+'s hand is hidden; .* needs? (its|the) cards",
    r"^/state/placements/\d+/card: seat \d+'s placed card is not disclosed",
    # Judged while a log is replayed, these point at the move's field, under its hand in a log of several hands.
    r"^/(move|hands/\d+)/revealed: seat \d+'s card is face down and not disclosed",
    r"^/(move|hands/\d+)/packets: the heap is hidden, so name the cards laid by each packet",
    r"^/state/won/\d+: scoring needs the cards seat \d+ has won",
)))

# Refusals of positions no game reaches that depend on other fields in ways OpenAPI 3.0 cannot
# state (an array item by its position, a hand's size by the phase and the dealer's seat), and
# that the engine words without naming a rule: by game, what the refusal says.
BEYOND_OPENAPI = {
    # Only a formula after the first can be said at the same moment as the one before.
    "salsifis": (re.compile(r"^/(move|moves/\d+|hands/\d+/moves/\d+)/calls/0/simultaneous: the first formula has no "
                            r"earlier one"),),
    # A list is bounded by the deck of the variant the body names (108 cards for Classic and Two-hand, 162 for
    # the Samba family); the spec gives every variant of a game the largest.
    "canasta": (re.compile(r"^The body is larger than any real request: holds \d+ items; no list in a position of "
                           r"this variant holds more than 108\.$"),
                # Variants that share a body shape share its options schema, each option saying where it is
                # offered; which variant offers which option has no OpenAPI form short of a body per variant.
                re.compile(r"^/options/\w+: unknown option for this game and variant")),
}


# A move's card lists may each be within the deck and together name more cards than it holds; the
# size limits refuse that before the engine reads the move (a total across arrays has no OpenAPI form).
ACROSS_LISTS = re.compile(r"^The body is larger than any real request: names \d+ cards; a deal of this variant has \d+\.$")


# Answers seen, by generation mode and status, and the refusals without violations that a body
# fitting the spec got (each allowed above), printed at the end of the run (pytest -s).
SEEN: Counter = Counter()
ALLOWED: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def tally():
    yield
    print("\nschemathesis answers by mode and status:", dict(sorted(SEEN.items())))
    print("refusals without violations of bodies that fit the spec:", dict(ALLOWED.most_common()))


@schemathesis.check
def refused_only_by_rules(ctx, response, case) -> None:
    """A body that fits the spec is refused only for the rules its position or move breaks."""
    if case.meta is None:
        return None
    mode = case.meta.generation.mode
    violations = response.status_code == 422 and bool(response.json().get("violations"))
    SEEN[(mode.value, response.status_code, "violations" if violations else "")] += 1
    if mode is not GenerationMode.POSITIVE:
        return None
    if response.status_code == 422 and not response.json().get("violations"):
        message = response.json()["message"]
        beyond = BEYOND_OPENAPI.get(case.body.get("game"), ()) if isinstance(case.body, dict) else ()
        if not (HIDDEN_CARDS_NEEDED.search(message) or ACROSS_LISTS.search(message)
                or any(p.search(message) for p in beyond)):
            raise AssertionError(f"a body the spec accepts was refused for its shape: {message}")
        ALLOWED[re.sub(r"\d+", "N", message)] += 1
    return None


@settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, suppress_health_check=list(HealthCheck))
def call_and_validate(case):
    case.call_and_validate()


# One test per operation, named as schema.parametrize() names it. schemathesis builds an operation's explicit
# and coverage cases when it builds the test; building it here, when the test runs, keeps collection cheap and
# lets parallel workers share that work instead of each building all fifteen.
OPERATIONS = [result.ok() for result in schema.get_all_operations()]


@pytest.mark.slow
@pytest.mark.parametrize("operation", OPERATIONS, ids=[operation.label for operation in OPERATIONS])
def test_api_conforms_to_its_spec(operation):
    load_all_checks()
    test = build_operation_test(config=schema.config, operation=operation, test_func=call_and_validate,
                                given_kwargs={}, feedback=FeedbackSources(constants_value_source=make_constants_value_source(schema)))
    try:
        test()
    except FailureGroup as failures:
        raise as_reported_failure(failures) from None
