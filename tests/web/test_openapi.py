"""Schemathesis against the app's own OpenAPI schema: no input makes the server fail,
and every answer matches the schema (a bounded number of examples per operation).

Two checks do not apply: the rules refuse some schema-valid requests with a
422 that names the field and the reason (an orbital shot at a Fast aircraft,
a new game whose planes are on the same side), and the framework answers an
unknown method on a path with a 405 that lists only the first route's method.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import allow_header_conformance, positive_data_acceptance

from airwar.web.app import create_app

# an in-memory database: nothing is written to disk
# the schema tests call the app as "testserver"
app = create_app("sqlite://", allowed_hosts=["testserver"])
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_by_its_schema(case: schemathesis.Case) -> None:
    case.call_and_validate(excluded_checks=[positive_data_acceptance, allow_header_conformance])
