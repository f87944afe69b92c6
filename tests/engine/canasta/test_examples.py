"""The documentation examples stay true, and every rule the engine cites exists."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from rules_engine import answers
from rules_engine.games.canasta import GAME as CANASTA
from rules_engine.games.canasta.variants import PLANNED, TABLE

from .helpers import GAME, body

EXAMPLES = CANASTA.examples()
SOURCE = Path(__file__).resolve().parents[3] / "rules_engine" / "games" / "canasta"


def test_canasta_examples_state_and_move_are_legal():
    answer = answers.validate_move(body(EXAMPLES["state"], EXAMPLES["move"]))
    assert answer["legal"] is True


@pytest.mark.parametrize("phase", sorted(EXAMPLES["phases"]))
def test_canasta_examples_every_phase_reads_and_lists_moves(phase):
    state = EXAMPLES["phases"][phase]
    listed = answers.legal_moves(body(state))
    assert (listed["to_act"] is None) == (phase == "over")
    for move in listed["moves"]:
        assert all(rule in CANASTA.rulebook for rule in move["rules"])


def test_canasta_examples_finished_state_scores():
    answer = answers.score(body(EXAMPLES["finished_state"]))
    assert answer["hand_over"] is True and "game_scores" in answer


def test_canasta_examples_meld_request_is_the_worked_example():
    answer = answers.validate_meld({"game": GAME, **EXAMPLES["meld_request"]})
    assert answer["valid"] is True and answer["points"] == 95 and answer["required"] == 90


def test_canasta_examples_deal_setup_is_accepted():
    answers.deal({"game": GAME, "players": 4, "seed": 42, "setup": EXAMPLES["setup"]})


def test_canasta_every_cited_rule_exists():
    cited = set()
    for path in SOURCE.glob("*.py"):
        cited.update(re.findall(r'"(canasta\.[a-z0-9.-]+)"', path.read_text()))
    missing = {rule for rule in cited if rule not in CANASTA.rulebook}
    assert not missing


def test_canasta_every_option_names_a_rule_that_lists_it():
    for option in CANASTA.options:
        assert option.name in CANASTA.rulebook[option.rule].options


def test_canasta_explain_a_move():
    answer = answers.explain(body(EXAMPLES["state"], EXAMPLES["move"]))
    assert answer["legal"] is True and answer["rules"]


def test_canasta_variant_table_declares_only_what_it_plays():
    assert [v.slug for v in CANASTA.variants if v.playable] == list(TABLE)
    assert set(EXAMPLES["variants"]) | {"classic"} == set(TABLE)
    assert "classic" in TABLE and not set(PLANNED) & set(TABLE)
    described = CANASTA.describe(full=True)
    assert described["has_melds"] is True and "meld" in described["phases"]


@pytest.mark.parametrize("variant", sorted(EXAMPLES["variants"]))
def test_canasta_examples_every_variant_has_a_legal_example(variant):
    example = EXAMPLES["variants"][variant]
    answer = answers.validate_move({"game": GAME, "variant": variant, "state": example["state"],
                                    "move": example["move"]})
    assert answer["legal"] is True


def test_canasta_state_doc_examples_are_valid_states():
    doc = (SOURCE.parents[2] / "docs" / "canasta-state.md").read_text()
    blocks = re.findall(r"```json\n(.*?)\n```", doc, flags=re.S)
    assert len(blocks) >= 10
    for block in blocks:
        state = json.loads(block)
        variant = "two-hand" if state["players"] == 2 else "classic"
        answers.legal_moves({"game": GAME, "variant": variant, "state": state})


FAMILY = {variant: example for variant, example in EXAMPLES["variants"].items() if "phases" in example}


@pytest.mark.parametrize("variant,phase", sorted((v, p) for v, example in FAMILY.items() for p in example["phases"]))
def test_canasta_examples_every_phase_of_each_variant_lists_moves(variant, phase):
    listed = answers.legal_moves({**body(FAMILY[variant]["phases"][phase]), "variant": variant})
    assert (listed["to_act"] is None) == (phase == "over")
    assert listed["moves"] or phase == "over"
    for move in listed["moves"]:
        assert all(rule in CANASTA.rulebook for rule in move["rules"])


@pytest.mark.parametrize("variant", sorted(FAMILY))
def test_canasta_examples_each_variant_move_finished_hand_and_meld_request(variant):
    example = FAMILY[variant]
    assert answers.validate_move({**body(example["state"], example["move"]), "variant": variant})["legal"] is True
    assert answers.score({**body(example["finished_state"]), "variant": variant})["hand_over"] is True
    assert answers.validate_meld({"game": GAME, "variant": variant, **example["meld_request"]})["valid"] is True
    dealt = answers.deal({"game": GAME, "variant": variant, "players": example["state"]["players"], "seed": 42,
                          "setup": example["setup"]})
    assert dealt["state"]["score"] == example["setup"]["score"]


def _cited_in_random_hand(variant: str, seed: int) -> set[str]:
    """Every rule a random hand of the variant cites: its listed moves, verdicts, events and score lines."""
    rng = random.Random(seed)
    request = {"game": GAME, "variant": variant}
    state = answers.deal({**request, "seed": seed})["state"]
    cited: set[str] = set()
    for _ in range(600):
        listed = answers.legal_moves({**request, "state": state})
        cited.update(rule for move in listed["moves"] for rule in move["rules"])
        if listed["to_act"] is None:
            cited.update(line["rule"] for line in answers.score({**request, "state": state})["lines"])
            return cited
        move = {key: value for key, value in rng.choice(listed["moves"]).items() if key not in ("code", "rules")}
        applied = answers.apply_move({**request, "state": state, "move": move})
        cited.update(rule for event in applied["events"] for rule in event.get("rules", []))
        state = applied["state"]
    raise AssertionError(f"a {variant} hand did not end in 600 moves")


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(TABLE))
def test_canasta_every_rule_a_variant_cites_names_that_variant(variant):
    cited = _cited_in_random_hand(variant, 1) | _cited_in_random_hand(variant, 2)
    assert {rule for rule in cited if variant not in CANASTA.rulebook[rule].variants} == set()
