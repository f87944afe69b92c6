"""The Blueprint every resource uses: flask-smorest's, reading bodies with the service's parser."""

from __future__ import annotations

import flask_smorest
import orjson
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import BadRequest


class BodyParser(FlaskParser):
    """Reads every POST body as JSON, whatever its content type; a body that is not a JSON object is a 400."""

    def load_json(self, req, schema):
        data = req.get_data(cache=True)
        try:
            body = orjson.loads(data)
        except orjson.JSONDecodeError:
            raise BadRequest("The body is not valid JSON.") from None
        if type(body) is not dict:
            raise BadRequest("The body must be a JSON object.")
        return body


class Blueprint(flask_smorest.Blueprint):
    """A flask-smorest Blueprint whose bodies are read by BodyParser."""

    ARGUMENTS_PARSER = BodyParser()
