"""Properties of whole hands played through the API's functions with random legal moves."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import answers
from rules_engine.errors import EngineError, InvalidRequest

from rules_engine.games.canasta import GAME as CANASTA
from rules_engine.games.canasta.variants import TABLE

from .helpers import GAME, clean, meld, position

def option_sets(variant: str):
    """Every option the variant offers, each at one of its choices."""
    return st.fixed_dictionaries({option.name: st.sampled_from(option.choices) for option in CANASTA.options
                                  if variant in option.variants or not option.variants})


def every_card(state: dict) -> Counter:
    found = Counter(state["discard"]) + Counter(state["stock"])
    for hand in state["hands"] + state.get("feet", []):
        found.update(hand)
    for side in state["melds"]:
        for m in side:
            found.update(m["cards"])
    for threes in state["red_threes"]:
        found.update(threes)
    return found


# Deck, players, draw and canastas needed come from each playable variant's entry.
DRAW = {slug: entry.draw for slug, entry in TABLE.items()}
PLAYERS = {slug: entry.default_players for slug, entry in TABLE.items()}
NEEDED = {slug: entry.going_out.canastas for slug, entry in TABLE.items()}
DECKS = {slug: Counter(entry.deck.copies()) for slug, entry in TABLE.items()}
# The variants of melds of one rank; those with sequences have their own properties (test_samba_family_properties).
PLAYED = sorted((slug for slug, v in TABLE.items() if v.sequences is None), key=lambda slug: slug != "classic")
# A variant (Classic twice as often) with options of its own.
PLAYED_WITH_OPTIONS = st.sampled_from([PLAYED[0], *PLAYED]).flatmap(lambda v: st.tuples(st.just(v), option_sets(v)))


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


def scores(rng: random.Random, variant: str) -> list[int]:
    """Game scores for each side at the deal, across the opening tiers."""
    sides = TABLE[variant].sides_for(PLAYERS[variant])
    return [rng.choice([-150, 0, 1600, 3100])] + [rng.choice([0, 4800]) for _ in range(sides - 1)]


def play_hand(seed: int, options: dict, meld_bias: float, variant: str = "classic") -> tuple[dict, int]:
    rng = random.Random(seed)
    players = PLAYERS[variant]
    setup = {"dealer": rng.randrange(players), "score": scores(rng, variant)}
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
        assert every_card(state) == DECKS[variant]
        assert not any(c in ("3H", "3D") for hand in state["hands"] for c in hand)
        if move["type"] == "draw" and result["to_act"] is not None and len(state["stock"]) >= 2:
            assert len(state["hands"][seat]) == before + DRAW[variant], "every red three drawn was replaced"
        assert moves_made < 2000


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), played=PLAYED_WITH_OPTIONS, meld_bias=st.sampled_from([0.3, 0.9]))
def test_canasta_random_hands_conserve_cards_and_score_line_by_line(seed, played, meld_bias):
    variant, options = played
    state, _ = play_hand(seed, options, meld_bias, variant)
    scored = answers.score({"game": GAME, "variant": variant, "options": options, "state": state})
    assert scored["hand_over"] is True
    sides = TABLE[variant].sides_for(len(state["hands"]))
    for team in range(sides):
        assert sum(line["points"] for line in scored["lines"] if line["team"] == team) == scored["teams"][team]
    assert scored["scores"] == [scored["teams"][s % sides] for s in range(len(state["hands"]))]
    assert scored["game_scores"] == [before + now for before, now in zip(state["score"], scored["teams"])]
    if state["turn"]["ending"] == "went_out":
        out_side = state["turn"]["seat"] % sides
        # Three-hand's partners against the lone hand go out on the canastas of both.
        lone = state.get("lone")
        owners = [out_side] if lone in (None, out_side) else [s for s in range(sides) if s != lone]
        size = TABLE[variant].canastas.size
        assert sum(len(m["cards"]) >= size for o in owners for m in state["melds"][o]) >= NEEDED[variant]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)


def base_state() -> dict:
    return position([["QH", "QS", "4H", "9D"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C", "QD"],
                    melds=[[meld(["KD", "KC", "KS"])], []], melded_before=[True, False, False, False])


@pytest.mark.slow
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


# -- every position the engine accepts is over or has a legal move -----------------------------------------
CHECKED: Counter = Counter()   # positions judged, by outcome (printed at the end of the module with -s)


def positions_along(seed: int, variant: str, options: dict, wanted: int) -> list[dict]:
    """Positions reached by random legal play from a dealt hand: `wanted` of them, spread over the hand."""
    rng = random.Random(seed)
    players = PLAYERS[variant]
    setup = {"dealer": rng.randrange(players), "score": scores(rng, variant)}
    state = answers.deal({"game": GAME, "variant": variant, "seed": seed, "options": options, "setup": setup})["state"]
    reached = [state]
    while True:
        request = {"game": GAME, "variant": variant, "options": options, "state": state}
        listed = answers.legal_moves(request)
        if listed["to_act"] is None:
            break
        moves = listed["moves"]
        active = [m for m in moves if m["type"] not in ("discard", "draw")]
        move = rng.choice(active if active and rng.random() < 0.6 else moves)
        state = answers.apply_move({**request, "move": clean(move)})["state"]
        reached.append(state)
    return rng.sample(reached, min(wanted, len(reached))) + [reached[-1]]


def hidden(state: dict) -> dict:
    """The position as the seat to act sees it: the other hands and the stock as counts."""
    seen = copy.deepcopy(state)
    turn = seen["turn"]
    actor = turn["seat"]
    if turn["phase"] == "answer" and len(seen["hands"]) == 4:
        actor = (actor + 2) % 4
    seen["hands"] = [h if s in (actor, turn["seat"]) else {"count": len(h)} for s, h in enumerate(seen["hands"])]
    seen["stock"] = {"count": len(seen["stock"])}
    return seen


def _move_card(rng: random.Random, source: list | dict, target: list | dict) -> None:
    """Move one card between two places, either of which may be a count (a card from a count stays unknown)."""
    if not (source["count"] if type(source) is dict else source):
        return
    if type(source) is dict:
        if type(target) is dict:
            source["count"] -= 1
            target["count"] += 1
        return
    card = source.pop(rng.randrange(len(source)))
    if type(target) is dict:
        target["count"] += 1
    else:
        target.append(card)


def mutate(rng: random.Random, state: dict) -> dict:
    """The position with one field changed, cards kept at 108 wherever a card moves."""
    state = copy.deepcopy(state)
    turn, hands, players = state["turn"], state["hands"], len(state["hands"])
    kind = rng.choice(["seat", "hand_to_stock", "stock_to_hand", "hand_to_hand", "drew", "question", "meld_to_hand",
                       "phase", "dealer", "pile_to_stock", "stock_to_pile", "melded_before", "record", "ending"])
    seat = rng.randrange(players)
    if kind == "seat":
        turn["seat"] = (turn["seat"] + rng.randrange(1, players)) % players
    elif kind == "hand_to_stock":
        _move_card(rng, hands[seat], state["stock"])
    elif kind == "stock_to_hand":
        _move_card(rng, state["stock"], hands[seat])
    elif kind == "hand_to_hand":
        _move_card(rng, hands[seat], hands[(seat + 1) % players])
    elif kind == "pile_to_stock":
        _move_card(rng, state["discard"], state["stock"])
    elif kind == "stock_to_pile":
        _move_card(rng, state["stock"], state["discard"])
    elif kind == "meld_to_hand":
        side = rng.randrange(len(state["melds"]))
        if state["melds"][side]:
            taken = state["melds"][side].pop(rng.randrange(len(state["melds"][side])))
            if type(hands[seat]) is dict:
                hands[seat]["count"] += len(taken["cards"])
            else:
                hands[seat] += taken["cards"]
    elif kind == "dealer":
        state["dealer"] = (state["dealer"] + rng.randrange(1, players)) % players
    elif kind == "melded_before":
        state["melded_before"][seat] = not state["melded_before"][seat]
    elif kind == "phase":
        phase = rng.choice(["draw", "meld", "answer", "over"])
        if phase == "draw":
            state["turn"] = {"seat": turn["seat"], "phase": "draw"}
        elif phase == "over":
            state["turn"] = {"seat": turn["seat"], "phase": "over",
                             "ending": rng.choice(["went_out", "stock_exhausted"]), "concealed": False}
        else:
            state["turn"] = {"seat": turn["seat"], "phase": phase, "drew": rng.choice(["stock", "pile"]),
                             "melded": False, "started": [], "extended": False,
                             "question": "asked" if phase == "answer" else None}
    elif turn["phase"] in ("meld", "answer"):
        if kind == "drew":
            turn["drew"] = "pile" if turn["drew"] == "stock" else "stock"
        elif kind == "question":
            turn["question"] = rng.choice([None, "yes", "no"])
            turn["phase"] = "meld"
        elif kind == "record":
            field = rng.choice(["melded", "extended", "started"])
            ranks = [m.get("rank", "") for m in state["melds"][turn["seat"] % len(state["melds"])]]
            turn[field] = rng.sample(ranks, min(len(ranks), rng.randint(0, 2))) if field == "started" \
                else not turn[field]
    elif turn["phase"] == "over" and kind == "ending":
        turn["ending"] = "went_out" if turn["ending"] == "stock_exhausted" else "stock_exhausted"
    return state


def judge_position(variant: str, options: dict, state: dict) -> str:
    """Refused with a rule and a pointer, over, or a seat to act with legal moves that all pass the checks."""
    request = {"game": GAME, "variant": variant, "options": options, "state": state}
    try:
        listed = answers.legal_moves(request)
    except InvalidRequest as refused:
        problem = refused.problems[0]
        assert problem.rule in CANASTA.rulebook and problem.pointer[0] == "state", (problem, state)
        return "refused"
    if listed["to_act"] is None:
        return "over"
    # A seat whose hand is hidden may have only moves that need its cards: hidden_moves names their types.
    assert listed["moves"] or listed.get("hidden_moves"), ("a seat to act with no legal move", state)
    for move in listed["moves"]:
        judged = answers.validate_move({**request, "move": clean(move)})
        assert judged["legal"], (move, judged["violations"], state)
    return "moves"


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), played=PLAYED_WITH_OPTIONS, mutation_seed=st.integers(0, 10**6))
def test_canasta_turn_order_every_accepted_position_is_over_or_has_a_legal_move(seed, played, mutation_seed):
    variant, options = played
    rng = random.Random(mutation_seed)
    for state in positions_along(seed, variant, options, wanted=4):
        for seen in (state, hidden(state)):
            outcome = judge_position(variant, options, seen)
            assert outcome != "refused", ("a position legal play reached is refused", seen)
            CHECKED["reached " + outcome] += 1
        for _ in range(6):
            CHECKED["mutated " + judge_position(variant, options, mutate(rng, rng.choice([state, hidden(state)])))] += 1


def teardown_module() -> None:
    print(f"\nCanasta positions judged: {sum(CHECKED.values())} {dict(sorted(CHECKED.items()))}")
