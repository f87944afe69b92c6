"""CARDREF_PREVIEW_VARIANTS: the Samba family stays unplayable unless the operator names it. The engine reads
the setting once, as it builds its variant table, so each case runs in a fresh interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# What a fresh service answers: each variant's listed playability and the status of a deal in each.
PROBE = """
import json
from api.config import Settings
from app import create_app
client = create_app(Settings()).test_client()
listed = {v["variant"]: v["playable"] for v in client.get("/games/canasta").get_json()["variants"]}
dealt = {v: client.post("/deal", json={"game": "canasta", "variant": v, "seed": 1}).status_code
         for v in ("classic", "samba", "bolivia", "brazilian")}
print(json.dumps({"listed": listed, "dealt": dealt}))
"""


def _service(setting: str | None) -> subprocess.CompletedProcess:
    environment = {key: value for key, value in os.environ.items() if key != "CARDREF_PREVIEW_VARIANTS"}
    if setting is not None:
        environment["CARDREF_PREVIEW_VARIANTS"] = setting
    return subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=environment, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("setting", [None, ""], ids=["unset", "empty"])
def test_canasta_variant_samba_family_unplayable_by_default(setting):
    found = json.loads(_service(setting).stdout)
    assert {v: found["listed"][v] for v in ("classic", "samba", "bolivia", "brazilian")} == {
        "classic": True, "samba": False, "bolivia": False, "brazilian": False}
    assert found["dealt"] == {"classic": 200, "samba": 501, "bolivia": 501, "brazilian": 501}


def test_canasta_variant_preview_setting_releases_the_variants_it_names():
    found = json.loads(_service(" samba, brazilian ").stdout)
    assert (found["listed"]["samba"], found["listed"]["bolivia"], found["listed"]["brazilian"]) == (True, False, True)
    assert found["dealt"] == {"classic": 200, "samba": 200, "bolivia": 501, "brazilian": 200}


def test_canasta_variant_preview_setting_refuses_a_variant_it_may_not_release():
    ran = _service("samba,joker")
    assert ran.returncode != 0
    assert "CARDREF_PREVIEW_VARIANTS: 'joker'" in ran.stderr
