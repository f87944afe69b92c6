"""Properties of whole hands played through the API's functions with random legal moves."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import answers
from rules_engine.errors import EngineError

from rules_engine.games.canasta import GAME as CANASTA

from .helpers import DECK, GAME, clean, meld, position

OPTION_SETS = st.fixed_dictionaries({
    "wild_limit": st.sampled_from(["at_most_three", "not_more_than_naturals", "fewer_than_naturals"]),
    "black_three_on_pile": st.sampled_from(["blocks", "freezes"]),
    "four_red_threes_unmelded": st.sampled_from([-800, -400]),
    "opening_negative_minimum": st.sampled_from([15, 0]),
})


def every_card(state: dict) -> Counter:
    found = Counter(state["discard"]) + Counter(state["stock"])
    for hand in state["hands"]:
        found.update(hand)
    for side in state["melds"]:
        for m in side:
            found.update(m["cards"])
    for threes in state["red_threes"]:
        found.update(threes)
    return found


DRAW = {"classic": 1, "two-hand": 2}


def random_move(rng: random.Random, state: dict, seat: int) -> dict:
    """A well-formed move with random cards from the hand (and a few it does not hold)."""
    hand = state["hands"][seat] + ["KH", "2C", "JK", "3S"]
    cards = rng.sample(hand, rng.randint(0, min(len(hand), 8)))
    kind = rng.choice(["meld", "lay_off", "discard", "take_pile", "draw", "ask_go_out", "answer_go_out"])
    if kind == "meld":
        return {"type": "meld", "melds": [{"cards": cards[:4]}, {"cards": cards[4:]}][:rng.randint(1, 2)]}
    if kind == "lay_off":
        return {"type": "lay_off", "meld": rng.randint(0, 3), "cards": cards or ["KH"]}
    if kind == "discard":
        return {"type": "discard", "card": rng.choice(hand)}
    if kind == "take_pile":
        return {"type": "take_pile", "cards": cards[:3], "melds": [{"cards": cards[3:]}] if cards[3:] else []}
    if kind == "answer_go_out":
        return {"type": "answer_go_out", "yes": rng.random() < 0.5}
    return {"type": kind}


def play_hand(seed: int, options: dict, meld_bias: float, variant: str = "classic") -> tuple[dict, int]:
    rng = random.Random(seed)
    players = 4 if variant == "classic" else 2
    setup = {"dealer": rng.randrange(players),
             "score": [rng.choice([-150, 0, 1600, 3100]), rng.choice([0, 4800])]}
    state = answers.deal({"game": GAME, "variant": variant, "seed": seed, "options": options,
                          "setup": setup})["state"]
    moves_made = 0
    while True:
        request = {"game": GAME, "variant": variant, "options": options, "state": state}
        listed = answers.legal_moves(request)
        if listed["to_act"] is None:
            return state, moves_made
        moves = listed["moves"]
        assert moves, "a position with a seat to act always has a legal move"
        assert len({m["code"] for m in moves}) == len(moves)
        for move in moves:
            judged = answers.validate_move({**request, "move": clean(move)})
            assert judged["legal"], (move, judged["violations"])
            assert all(rule in CANASTA.rulebook for rule in move["rules"])
        judged = answers.validate_move({**request, "move": random_move(rng, state, listed["to_act"])})
        assert all(v["rule"] in CANASTA.rulebook and v["message"] for v in judged["violations"])
        active = [m for m in moves if m["type"] not in ("discard", "draw")]
        move = rng.choice(active if active and rng.random() < meld_bias else moves)
        seat = listed["to_act"]
        before = len(state["hands"][seat])
        result = answers.apply_move({**request, "move": clean(move)})
        state = result["state"]
        moves_made += 1
        assert all(rule in CANASTA.rulebook for event in result["events"] for rule in event["rules"])
        assert every_card(state) == DECK
        assert not any(c in ("3H", "3D") for hand in state["hands"] for c in hand)
        if move["type"] == "draw" and result["to_act"] is not None and len(state["stock"]) >= 2:
            assert len(state["hands"][seat]) == before + DRAW[variant], "every red three drawn was replaced"
        assert moves_made < 2000


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), options=OPTION_SETS, meld_bias=st.sampled_from([0.3, 0.9]),
       variant=st.sampled_from(["classic", "classic", "two-hand"]))
def test_canasta_random_hands_conserve_cards_and_score_line_by_line(seed, options, meld_bias, variant):
    state, _ = play_hand(seed, options, meld_bias, variant)
    scored = answers.score({"game": GAME, "variant": variant, "options": options, "state": state})
    assert scored["hand_over"] is True
    for team in (0, 1):
        assert sum(line["points"] for line in scored["lines"] if line["team"] == team) == scored["teams"][team]
    assert scored["scores"] == [scored["teams"][s % 2] for s in range(len(state["hands"]))]
    assert scored["game_scores"] == [before + now for before, now in zip(state["score"], scored["teams"])]
    if state["turn"]["ending"] == "went_out":
        out_side = state["turn"]["seat"] % 2
        needed = 1 if variant == "classic" else 2
        assert sum(len(m["cards"]) >= 7 for m in state["melds"][out_side]) >= needed


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)


def base_state() -> dict:
    return position([["QH", "QS", "4H", "9D"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C", "QD"],
                    melds=[[meld(["KD", "KC", "KS"])], []], melded_before=[True, False, False, False])


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(["players", "dealer", "hands", "stock", "discard", "melds", "red_threes",
                              "melded_before", "turn", "score", "penalties"]),
       junk=JSON, move=JSON)
def test_canasta_hostile_input_only_raises_engine_errors(field, junk, move):
    state = base_state()
    state[field] = junk
    for call in (answers.legal_moves, answers.score):
        try:
            call({"game": GAME, "state": state})
        except EngineError:
            pass
    try:
        answers.validate_move({"game": GAME, "state": base_state(), "move": move})
    except EngineError:
        pass
    try:
        answers.validate_meld({"game": GAME, "meld": junk, "context": move})
    except EngineError:
        pass
