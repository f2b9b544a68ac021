"""Schemathesis against the app's own OpenAPI schema: no input makes the server fail,
and every answer matches the schema (a bounded number of examples per operation).

One check does not apply: the rules refuse some schema-valid requests with a
422 that names the field and the reason (an orbital shot at a Fast aircraft,
a new game whose planes are on the same side). The bounds the app enforces
itself are in the schema (a game's name, a decision's version), and a 405
lists every method the path takes.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance

from airwar.web.app import create_app

# an in-memory database: nothing is written to disk
# the schema tests call the app as "testserver"
app = create_app("sqlite://", allowed_hosts=["testserver"])
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_by_its_schema(case: schemathesis.Case) -> None:
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
