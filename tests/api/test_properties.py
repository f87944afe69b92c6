"""Property tests through HTTP: random complete hands of Canadian Salad for 3 to 6 players."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

GAME = "canadian-salad"
HAND_TOTAL = {1: {3: 170, 4: 130, 5: 100, 6: 80}, 2: 130, 3: 100, 4: 100, 5: 100,
              6: {3: 600, 4: 560, 5: 530, 6: 510}}


def every_card(state: dict) -> Counter:
    cards = Counter(c for hand in state["hands"] for c in hand)
    cards.update(c for trick in state["tricks"] for c in trick["cards"])
    cards.update(state["current_trick"]["cards"])
    return cards


@pytest.mark.slow
@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(3, 6), hand_number=st.integers(1, 6), seed=st.integers(0, 2**32),
       choices=st.randoms(use_true_random=False))
def test_canadian_salad_random_hands_conserve_cards_and_totals(client, players, hand_number, seed, choices):
    dealt = client.post("/deal", json={"game": GAME, "players": players, "seed": seed,
                                       "setup": {"hand_number": hand_number}}).get_json()
    state = dealt["state"]
    deck = every_card(state)
    assert sum(deck.values()) == {3: 51, 4: 52, 5: 50, 6: 48}[players]
    while True:
        listed = client.post("/legal-moves", json={"game": GAME, "state": state}).get_json()
        if listed["to_act"] is None:
            break
        seat = listed["to_act"]
        legal = {m["card"] for m in listed["moves"]}
        for move in listed["moves"]:
            verdict = client.post("/validate-move", json={"game": GAME, "state": state, "move": move}).get_json()
            assert verdict["legal"] is True, verdict
        for card in set(state["hands"][seat]) - legal:
            verdict = client.post("/validate-move", json={"game": GAME, "state": state,
                                                          "move": {"type": "play", "card": card}}).get_json()
            assert verdict["legal"] is False
            assert verdict["violations"] and all(v["rule"].startswith("canadian-salad.") for v in verdict["violations"])
        move = choices.choice(listed["moves"])
        applied = client.post("/apply-move", json={"game": GAME, "state": state, "move": move})
        assert applied.status_code == 200
        state = applied.get_json()["state"]
        assert every_card(state) == deck
    score = client.post("/score", json={"game": GAME, "state": state}).get_json()
    total = HAND_TOTAL[hand_number]
    assert sum(score["scores"]) == (total[players] if isinstance(total, dict) else total)
    per_seat = Counter()
    for line in score["lines"]:
        per_seat[line["seat"]] += line["points"]
        assert line["rule"].startswith("canadian-salad.contract.")
    assert [per_seat[s] for s in range(players)] == score["scores"]
