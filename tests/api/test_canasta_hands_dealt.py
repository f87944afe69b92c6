"""canasta.deal.hands and canasta.deal.two-hand: a seat gives cards away only by melding and by discarding, one a turn.
So while its side has nothing on the table it holds at least what it was dealt (Classic: eleven, one more between
its draw and its discard; Two-hand, Samba, Bolivia and Brazilian: fifteen, and one more for every turn of its own,
each drawing two and discarding one). A hand shorter than that is one no game reaches: it is refused with the rule
and the hand, on every endpoint that reads a position, hidden hands ({"count": n}) as shown ones."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.api.samba_family import DECK as FAMILY_DECK
from tests.engine.canasta.helpers import DECK as CLASSIC_DECK

RULE = {"classic": "canasta.deal.hands", "two-hand": "canasta.deal.two-hand", "samba": "canasta.deal.two-hand",
        "bolivia": "canasta.deal.two-hand", "brazilian": "canasta.deal.two-hand"}
SEVENS = {"cards": ["7C", "7D", "7S"]}
MELD_TURN = {"seat": 0, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
             "question": None}


def early(variant: str, held: list, *, turn: dict, opened: bool = False) -> dict:
    """Early in a hand (the stock nearly full): side 1 has put down three sevens; side 0 has melded nothing,
    unless `opened` (three kings). `held` are the hands of the seats, lists of cards or counts."""
    deck = FAMILY_DECK if variant in ("samba", "bolivia", "brazilian") else CLASSIC_DECK
    hands = [card if isinstance(card, list) else {"count": card} for card in held]
    melds = [[{"cards": ["KC", "KD", "KH"]}] if opened else [], [SEVENS]]
    shown = Counter(["9C", "4D"]) + Counter(SEVENS["cards"]) + Counter(c for m in melds[0] for c in m["cards"])
    for hand in hands:
        if isinstance(hand, list):
            shown.update(hand)
    hidden = sum(hand["count"] for hand in hands if isinstance(hand, dict))
    sides = 2
    return {"players": len(hands), "dealer": len(hands) - 1, "hands": hands,
            "stock": {"count": sum((deck - shown).values()) - hidden}, "discard": ["9C", "4D"], "melds": melds,
            "red_threes": [[], []], "melded_before": [bool(melds[s % sides]) for s in range(len(hands))],
            "turn": turn}


def post(client, variant: str, path: str, state: dict, **extra):
    options = {"bolivia_opening": "tiers"} if variant == "bolivia" else {}
    return client.post(path, json={"game": "canasta", "variant": variant, "options": options, "state": state,
                                   **extra})


def assert_short(client, variant: str, state: dict, seat: int) -> None:
    answer = post(client, variant, "/legal-moves", state)
    assert answer.status_code == 422, answer.get_json()
    problem = answer.get_json()["violations"][0]
    assert (problem["rule"], problem["pointer"]) == (RULE[variant], f"/state/hands/{seat}")
    assert "no meld on the table" in problem["message"] and "at least" in problem["message"]


FOUR = ("classic", "samba", "bolivia", "brazilian")
DEALT = {"classic": 11, "two-hand": 15, "samba": 15, "bolivia": 15, "brazilian": 15}
SMALL_HAND = ["5H", "6S", "9D", "10H", "QS"]


@pytest.mark.parametrize("variant", FOUR)
def test_canasta_deal_hands_a_hidden_seat_of_a_side_without_melds_holds_its_deal(client, variant):
    dealt = DEALT[variant]
    exact = early(variant, [dealt + 1, 5, dealt, 5], turn=MELD_TURN)
    assert post(client, variant, "/legal-moves", exact).status_code == 200
    assert_short(client, variant, early(variant, [dealt + 1, 5, dealt - 1, 5], turn=MELD_TURN), 2)


@pytest.mark.parametrize("variant", FOUR)
def test_canasta_deal_hands_the_seat_that_drew_holds_one_more(client, variant):
    dealt = DEALT[variant]
    assert_short(client, variant, early(variant, [dealt, 5, dealt, 5], turn=MELD_TURN), 0)
    before_draw = early(variant, [dealt, 5, dealt, 5], turn={"seat": 0, "phase": "draw"})
    assert post(client, variant, "/legal-moves", before_draw).status_code == 200


@pytest.mark.parametrize("variant", FOUR)
def test_canasta_deal_hands_a_shown_short_hand_is_refused_on_every_endpoint(client, variant):
    state = early(variant, [SMALL_HAND, 5, DEALT[variant], 5], turn=MELD_TURN)
    move = {"type": "discard", "card": SMALL_HAND[0]}
    for path in ("/legal-moves", "/validate-move", "/apply-move", "/explain"):
        answer = post(client, variant, path, state, **({} if path == "/legal-moves" else {"move": move}))
        assert answer.status_code == 422 and answer.get_json()["violations"][0]["rule"] == RULE[variant], path


@pytest.mark.parametrize("variant", FOUR)
def test_canasta_deal_hands_a_side_with_melds_may_hold_fewer(client, variant):
    # Melding gave cards away: a seat of a side with melds on the table may hold any number.
    state = early(variant, [SMALL_HAND, 5, 3, 5], turn=MELD_TURN, opened=True)
    assert post(client, variant, "/legal-moves", state).status_code == 200


def test_canasta_deal_two_hand_fifteen_before_the_draw_and_one_more_a_turn(client):
    assert post(client, "two-hand", "/legal-moves", early("two-hand", [15, 5], turn={"seat": 0, "phase": "draw"})
                ).status_code == 200
    assert_short(client, "two-hand", early("two-hand", [14, 5], turn={"seat": 0, "phase": "draw"}), 0)
    # Twenty-one cards fewer in the stock than the deal left it: beyond the upcard, ten turns drew two cards each,
    # five of them player 0's (it plays first), each growing its hand by one.
    later = early("two-hand", [15, 5], turn={"seat": 0, "phase": "draw"})
    later["stock"]["count"] = 108 - 30 - 1 - 20
    later["hands"][1]["count"] = 108 - 15 - later["stock"]["count"] - 2 - 3
    assert_short(client, "two-hand", later, 0)
    later["hands"][0]["count"], later["hands"][1]["count"] = 20, later["hands"][1]["count"] - 5
    assert post(client, "two-hand", "/legal-moves", later).status_code == 200


@pytest.mark.parametrize("variant", ["classic", "samba"])
def test_canasta_deal_hands_every_deal_and_random_play_stays_accepted(client, variant):
    # Hands dealt and played: every position reached is accepted (the check refuses no reachable hand).
    rng = random.Random(11)
    for seed in range(6):
        state = client.post("/deal", json={"game": "canasta", "variant": variant, "seed": seed}).get_json()["state"]
        for _ in range(120):
            listed = post(client, variant, "/legal-moves", state)
            assert listed.status_code == 200, listed.get_json()
            moves = listed.get_json()["moves"]
            if not moves:
                break
            move = {key: value for key, value in rng.choice(moves).items()
                    if key not in ("code", "rules", "opening", "unverified", "notes")}
            state = post(client, variant, "/apply-move", state, move=move).get_json()["state"]


@pytest.mark.parametrize("variant", ["samba", "bolivia", "brazilian"])
def test_canasta_deal_two_hand_a_partnership_without_melds_grows_a_card_a_turn(client, variant):
    # Seventeen cards fewer in the stock than the deal left it: beyond the upcard, eight turns drew two cards each,
    # two of them seat 0's and two seat 2's (partners, side 0, with nothing on the table), each growing the hand
    # by one. Side 1's seats have melded and hold what is left.
    def position(own: int, partner: int) -> dict:
        state = early(variant, [own, 5, partner, 5], turn={"seat": 0, "phase": "draw"})
        state["stock"]["count"] = 162 - 60 - 1 - 16
        rest = 162 - state["stock"]["count"] - own - partner - 3 - 2     # side 1's sevens and the pile
        state["hands"][1]["count"], state["hands"][3]["count"] = rest - rest // 2, rest // 2
        return state

    assert post(client, variant, "/legal-moves", position(17, 17)).status_code == 200
    assert_short(client, variant, position(16, 17), 0)
    assert_short(client, variant, position(17, 16), 2)
