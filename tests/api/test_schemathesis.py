"""schemathesis against the committed spec, with every check it has: generated requests never get
a 5xx, every answer conforms to the spec, and bodies the spec calls valid are never refused as
malformed.

Every operation gets its explicit examples (one per game, variant and, for /legal-moves, Canasta
phase, so every game's states are sent) and EXAMPLES_PER_OPERATION generated requests.
"""

from __future__ import annotations

from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from api.config import Settings
from app import create_app

SPEC = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
EXAMPLES_PER_OPERATION = 100

# A body can match the spec and still name no game (404), a finished hand (409), or a position no
# game reaches, such as a card held twice (422): the contract answers those, and nothing else,
# to a well-formed request that is not a 2xx.
CONFIG = SchemathesisConfig.from_dict(
    {"checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "404", "409", "422"]}}})

schema = schemathesis.openapi.from_path(SPEC, config=CONFIG)
schema.app = create_app(Settings())


@schema.parametrize()
@settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_spec(case):
    case.call_and_validate()
