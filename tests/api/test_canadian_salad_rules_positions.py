"""Which Canadian Salad positions the service takes and which it refuses, judged from the rule texts.

Every position starts from /deal and legal moves applied through /apply-move, so it is reachable; a test
then changes one thing the rules forbid and expects a 422 naming a rule of the game and an existing field.
"""

from __future__ import annotations

import copy

import pytest

from tests.api.position_checks import accepted_answer, assert_refusal

GAME = "canadian-salad"
PLAYERS = (3, 4, 5, 6)
SUITS = "CDHS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# Points charged by hands 1 to 5, by player count (tricks hand first): what a score before hand n sums to.
HAND_POINTS = {3: (170, 130, 100, 100, 100), 4: (130, 130, 100, 100, 100),
               5: (100, 130, 100, 100, 100), 6: (80, 130, 100, 100, 100)}


def envelope(state: dict, options: dict | None = None, move: dict | None = None) -> dict:
    """A request body for a position endpoint."""
    body = {"game": GAME, "state": state, "options": options or {}}
    if move is not None:
        body["move"] = move
    return body


def deal(client, players: int, seed: int, **setup) -> dict:
    """A fresh deal from the service."""
    answer = client.post("/deal", json={"game": GAME, "players": players, "seed": seed, "setup": setup})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["state"]


def legal(client, state: dict, options: dict | None = None) -> dict:
    """The /legal-moves answer for a position that must be accepted."""
    return accepted_answer(client, envelope(state, options))


def play_cards(client, state: dict, count: int, options: dict | None = None, salt: int = 0) -> dict:
    """The position after `count` legal cards, each picked among the legal moves by a fixed spread."""
    for step in range(count):
        moves = legal(client, state, options)["moves"]
        assert moves, "the hand ended early"
        move = moves[(step * 7 + salt) % len(moves)]
        answer = client.post("/apply-move", json=envelope(state, options, {"type": "play", "card": move["card"]}))
        assert answer.status_code == 200, answer.get_json()
        state = answer.get_json()["state"]
    return state


def trick_count(state: dict) -> int:
    """How many tricks a hand of this size has."""
    return {3: 17, 4: 13, 5: 10, 6: 8}[state["players"]]


def suit(card: str) -> str:
    """The suit letter of a card code."""
    return card[-1]


def rank(card: str) -> int:
    """The rank order of a card, twos low, aces high."""
    return RANKS.index(card[:-1])


def winner(trick: dict, players: int) -> int:
    """The seat that played the top card of the suit led (no trumps)."""
    led = suit(trick["cards"][0])
    best = max((i for i, card in enumerate(trick["cards"]) if suit(card) == led), key=lambda i: rank(trick["cards"][i]))
    return (trick["leader"] + best) % players


def seat_of(trick: dict, index: int, players: int) -> int:
    """The seat that played the card at `index` of a trick."""
    return (trick["leader"] + index) % players


def hidden_but(state: dict, seat: int) -> dict:
    """The position as `seat` sees it: every other hand given as a count."""
    view = copy.deepcopy(state)
    view["hands"] = [hand if i == seat else {"count": len(hand)} for i, hand in enumerate(view["hands"])]
    return view


def assert_refused(client, state: dict, rules: set[str], options: dict | None = None) -> None:
    """/legal-moves answers 422 citing one of `rules` with a pointer to a field the request holds."""
    assert_refusal(client, envelope(state, options), rules, GAME)


def rule_ids(client) -> set[str]:
    """Every rule id of the game's rule book."""
    book = client.get(f"/games/{GAME}/rules").get_json()
    return {rule["id"] for section in book["sections"] for rule in section["rules"]}


@pytest.fixture
def midway(client):
    """Per player count: four finished tricks and two cards of the fifth played."""
    def build(players: int, seed: int = 11, salt: int = 0) -> dict:
        return play_cards(client, deal(client, players, seed), 4 * players + 2, salt=salt)
    return build


# --- Accepted: reachable positions -------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("hand_number", range(1, 7))
def test_canadian_salad_game_hands_every_contract_dealt_and_begun_is_accepted(client, players, hand_number):
    dealer = (hand_number - 1) % players
    state = deal(client, players, 100 + hand_number, hand_number=hand_number, dealer=dealer)
    assert state["hand_number"] == hand_number
    assert legal(client, state)["to_act"] == (dealer + 1) % players
    state = play_cards(client, state, players + 1)
    assert legal(client, state)["to_act"] is not None


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_deal_rotation_any_dealer_for_any_hand_is_accepted(client, players):
    # The first dealer is cut for, so hand n may be dealt by any seat; only the lead follows from the dealer.
    for hand_number in range(1, 7):
        for dealer in range(players):
            state = deal(client, players, 9)
            state.update(hand_number=hand_number, dealer=dealer)
            state["current_trick"]["leader"] = (dealer + 1) % players
            assert legal(client, state)["to_act"] == (dealer + 1) % players


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_deal_cards_the_whole_pack_is_dealt_evenly(client, players):
    state = deal(client, players, 3)
    cards = [card for hand in state["hands"] for card in hand]
    removed = {3: {"2C"}, 4: set(), 5: {"2C", "2D"}, 6: {"2C", "2D", "3C", "3D"}}[players]
    assert sorted(cards) == sorted(r + s for r in RANKS for s in SUITS if r + s not in removed)
    assert {len(hand) for hand in state["hands"]} == {trick_count(state)}


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_hand_size_mid_trick_from_every_seat_with_hidden_hands_is_accepted(client, midway, players):
    # Seats that already played to the open trick hold one card fewer than the others.
    state = midway(players)
    played = {seat_of(state["current_trick"], i, players) for i in range(len(state["current_trick"]["cards"]))}
    sizes = {len(hand) for seat, hand in enumerate(state["hands"]) if seat in played}
    assert sizes == {{len(hand) for seat, hand in enumerate(state["hands"]) if seat not in played}.pop() - 1}
    for seat in range(players):
        assert legal(client, hidden_but(state, seat))["to_act"] == (state["current_trick"]["leader"] + 2) % players


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_a_seat_that_showed_out_discarding_again_is_accepted(client, players):
    # A full hand played out: every discard on a suit the seat lacks is reachable, also seen from one seat.
    for seed in (5, 6):
        state = deal(client, players, seed)
        state = play_cards(client, state, players * trick_count(state), salt=seed)
        showed_out = [(t, i) for t, trick in enumerate(state["tricks"]) for i, card in enumerate(trick["cards"])
                      if suit(card) != suit(trick["cards"][0])]
        assert showed_out
        assert legal(client, state)["to_act"] is None
        assert legal(client, hidden_but(state, 0))["to_act"] is None


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_trick_winner_right_winners_given_are_accepted(client, midway, players):
    state = midway(players)
    for trick in state["tricks"]:
        trick["winner"] = winner(trick, players)
    assert legal(client, state)["to_act"] is not None


def test_canadian_salad_rule_ids_cited_below_exist(client):
    cited = {"canadian-salad.deal.cards", "canadian-salad.play.hand-size", "canadian-salad.play.lead",
             "canadian-salad.play.trick-winner", "canadian-salad.play.follow-suit", "canadian-salad.play.trick-size",
             "canadian-salad.scoring.totals", "canadian-salad.play.early-end", "canadian-salad.play.turn"}
    assert cited <= rule_ids(client)


# --- Refused: cards ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "outside"), [(3, "2C"), (5, "2C"), (5, "2D"), (6, "2D"), (6, "3C")])
def test_canadian_salad_deal_cards_a_card_taken_out_of_the_pack_is_refused(client, midway, players, outside):
    state = midway(players)
    state["hands"][0][0] = outside
    assert_refused(client, state, {"canadian-salad.deal.cards"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_deal_cards_a_card_in_two_hands_is_refused(client, midway, players):
    state = midway(players)
    state["hands"][1][-1] = state["hands"][2][0]
    assert_refused(client, state, {"canadian-salad.deal.cards"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_deal_cards_a_card_held_and_in_the_open_trick_is_refused(client, midway, players):
    state = midway(players)
    holder = (state["current_trick"]["leader"] + 3) % players
    state["hands"][holder][0] = state["current_trick"]["cards"][0]
    assert_refused(client, state, {"canadian-salad.deal.cards"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_deal_cards_a_card_in_two_finished_tricks_is_refused(client, midway, players):
    state = midway(players)
    # The duplicate replaces a card that did not win; it may also contradict a seat's earlier show-out.
    trick = state["tricks"][3]
    loser_index = next(i for i in range(1, players) if seat_of(trick, i, players) != winner(trick, players))
    trick["cards"][loser_index] = state["tricks"][0]["cards"][0]
    assert_refused(client, state, {"canadian-salad.deal.cards", "canadian-salad.play.follow-suit"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_deal_cards_a_card_shown_twice_beside_hidden_hands_is_refused(client, midway, players):
    state = midway(players)
    view = hidden_but(state, 0)
    view["hands"][0][0] = state["tricks"][1]["cards"][1]
    assert_refused(client, view, {"canadian-salad.deal.cards"})


# --- Refused: hand sizes -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_hand_size_a_seat_that_played_to_the_open_trick_holding_as_many_as_one_that_did_not(
        client, midway, players):
    state = midway(players)
    played = state["current_trick"]["leader"]
    waiting = (played + 2) % players
    view = hidden_but(state, waiting)
    view["hands"][played] = {"count": len(state["hands"][waiting])}
    assert_refused(client, view, {"canadian-salad.play.hand-size"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_hand_size_a_seat_to_play_holding_one_card_fewer_is_refused(client, midway, players):
    state = midway(players)
    waiting = (state["current_trick"]["leader"] + 2) % players
    view = hidden_but(state, state["current_trick"]["leader"])
    view["hands"][waiting] = {"count": len(state["hands"][waiting]) - 1}
    assert_refused(client, view, {"canadian-salad.play.hand-size"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_hand_size_every_hand_one_short_of_the_tricks_played_is_refused(client, midway, players):
    # All hands hidden and each one card short: no duplicate to see, only the sizes betray it.
    state = midway(players)
    view = hidden_but(state, 0)
    view["hands"] = [{"count": len(hand) - 1} for hand in state["hands"]]
    assert_refused(client, view, {"canadian-salad.play.hand-size", "canadian-salad.deal.cards"})


# --- Refused: tricks ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_trick_size_a_finished_trick_one_card_short_is_refused(client, midway, players):
    state = midway(players)
    trick = state["tricks"][-1]
    last_seat = seat_of(trick, players - 1, players)
    state["hands"][last_seat].append(trick["cards"].pop())
    assert_refused(client, state, {"canadian-salad.play.trick-size"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_trick_winner_a_winner_field_naming_another_seat_is_refused(client, midway, players):
    state = midway(players)
    trick = state["tricks"][2]
    trick["winner"] = (winner(trick, players) + 1) % players
    assert_refused(client, state, {"canadian-salad.play.trick-winner"})


def test_canadian_salad_play_trick_winner_a_high_card_off_suit_named_winner_is_refused(client):
    # Search a played hand for a trick where a discard outranks the card that won, and name its player.
    for seed in range(20):
        state = play_cards(client, deal(client, 4, seed), 52, salt=seed)
        for number, trick in enumerate(state["tricks"]):
            right = winner(trick, 4)
            top = trick["cards"][(right - trick["leader"]) % 4]
            over = [i for i, card in enumerate(trick["cards"]) if suit(card) != suit(top) and rank(card) > rank(top)]
            if over:
                trick["winner"] = seat_of(trick, over[0], 4)
                assert_refused(client, state, {"canadian-salad.play.trick-winner"})
                return
    pytest.fail("no trick with an off-suit card above the winner in twenty hands")


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_lead_the_first_trick_led_by_the_dealer_is_refused(client, players):
    state = deal(client, players, 8, dealer=1)
    state["current_trick"]["leader"] = 1
    assert_refused(client, state, {"canadian-salad.play.lead"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_lead_the_open_trick_led_by_a_seat_that_lost_the_last_one_is_refused(client, players):
    state = play_cards(client, deal(client, players, 12), 3 * players)
    last = state["tricks"][-1]
    state["current_trick"]["leader"] = (winner(last, players) + 1) % players
    assert_refused(client, state, {"canadian-salad.play.lead"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_lead_a_finished_trick_led_by_another_than_the_last_winner_is_refused(
        client, midway, players):
    # Rotate the seats of the third finished trick: same cards, wrong leader.
    state = midway(players)
    trick = state["tricks"][2]
    trick["leader"] = (trick["leader"] + 1) % players
    assert_refused(client, state, {"canadian-salad.play.lead", "canadian-salad.play.trick-winner",
                                   "canadian-salad.play.follow-suit"})


def follow_suit_swap(state: dict) -> dict | None:
    """A copy where one seat shows out of a suit in a trick and plays that suit in a later one, winners kept."""
    players = state["players"]
    tricks = state["tricks"]
    for k, early in enumerate(tricks):
        led = suit(early["cards"][0])
        for i in range(1, players):
            seat = seat_of(early, i, players)
            if suit(early["cards"][i]) != led:
                continue
            for late in tricks[k + 1:]:
                j = (seat - late["leader"]) % players
                if j == 0 or suit(late["cards"][j]) == led:
                    continue
                changed = copy.deepcopy(state)
                a = changed["tricks"][k]
                b = changed["tricks"][tricks.index(late)]
                a["cards"][i], b["cards"][j] = b["cards"][j], a["cards"][i]
                if winner(a, players) == winner(early, players) and winner(b, players) == winner(late, players):
                    return changed
    return None


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_a_suit_played_after_showing_out_of_it_is_refused(client, players):
    for seed in range(10):
        state = play_cards(client, deal(client, players, 40 + seed), 6 * players, salt=seed)
        changed = follow_suit_swap(state)
        if changed:
            assert_refused(client, changed, {"canadian-salad.play.follow-suit"})
            return
    pytest.fail("no swap found")


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_a_suit_held_after_showing_out_of_it_is_refused(client, players):
    # A seat that discarded on a lead then holds a card of that suit (traded with a seat that has one).
    for seed in range(10):
        state = play_cards(client, deal(client, players, 60 + seed), 5 * players, salt=seed)
        for trick in state["tricks"]:
            led = suit(trick["cards"][0])
            for i in range(1, players):
                seat = seat_of(trick, i, players)
                if suit(trick["cards"][i]) == led:
                    continue
                giver = next((s for s, hand in enumerate(state["hands"])
                              if s != seat and any(suit(c) == led for c in hand)), None)
                if giver is None:
                    continue
                given = next(c for c in state["hands"][giver] if suit(c) == led)
                taken = state["hands"][seat][0]
                state["hands"][giver][state["hands"][giver].index(given)] = taken
                state["hands"][seat][0] = given
                assert_refused(client, state, {"canadian-salad.play.follow-suit"})
                return
    pytest.fail("no show-out found")


# --- Early end ---------------------------------------------------------------------------------------------


def played_past(client, players: int, hand_number: int, done) -> tuple[dict, dict]:
    """A hand played on by default rules: the position when `done` first holds and one trick later."""
    for seed in range(30):
        state = deal(client, players, 200 + seed, hand_number=hand_number, dealer=(hand_number - 1) % players)
        while state["tricks"] == [] or not done(state):
            state = play_cards(client, state, players, salt=seed)
        if len(state["tricks"]) < trick_count(state):
            return state, play_cards(client, state, players, salt=seed)
    pytest.fail("every hand took its penalties in the last trick")


def taken(state: dict) -> list[str]:
    """Every card in a finished trick."""
    return [card for trick in state["tricks"] for card in trick["cards"]]


EARLY_ENDS = {
    2: lambda state: sum(suit(c) == "H" for c in taken(state)) == 13,
    3: lambda state: sum(c[:-1] == "Q" for c in taken(state)) == 4,
    4: lambda state: "KS" in taken(state),
}


@pytest.mark.parametrize("players", (3, 4, 6))
@pytest.mark.parametrize("hand_number", sorted(EARLY_ENDS))
def test_canadian_salad_play_early_end_a_trick_after_the_last_penalty_card_is_refused_with_the_option(
        client, players, hand_number):
    stopped, beyond = played_past(client, players, hand_number, EARLY_ENDS[hand_number])
    option = {"stop_when_penalties_taken": True}
    assert legal(client, stopped, option)["to_act"] is None
    legal(client, beyond)
    assert_refused(client, beyond, {"canadian-salad.play.early-end"}, option)


def every_penalty_card_taken(state: dict) -> bool:
    """All hearts, all queens and the king of spades lie in finished tricks."""
    cards = taken(state)
    return sum(suit(c) == "H" or c[:-1] == "Q" for c in cards) == 16 and "KS" in cards


@pytest.mark.parametrize("hand_number", (1, 5, 6))
def test_canadian_salad_play_early_end_hands_always_played_out_go_on_with_the_option(client, hand_number):
    # Tricks, the last trick and the salad score to the end, so play past the last penalty card stays reachable.
    option = {"stop_when_penalties_taken": True}
    stopped, _ = played_past(client, 4, hand_number, every_penalty_card_taken)
    assert legal(client, stopped, option)["to_act"] is not None
    beyond = play_cards(client, stopped, 1, option)
    assert legal(client, beyond, option)["to_act"] is not None


@pytest.mark.parametrize("hand_number", sorted(EARLY_ENDS))
def test_canadian_salad_play_early_end_a_card_led_after_the_last_penalty_card_is_refused_with_the_option(
        client, hand_number):
    stopped, _ = played_past(client, 5, hand_number, EARLY_ENDS[hand_number])
    one_more = play_cards(client, stopped, 1)
    assert_refused(client, one_more, {"canadian-salad.play.early-end"}, {"stop_when_penalties_taken": True})


# --- Game score --------------------------------------------------------------------------------------------


def with_score(client, players: int, hand_number: int, score: list[int]) -> dict:
    """A dealt hand `hand_number` carrying a game score."""
    state = deal(client, players, 7, hand_number=hand_number, dealer=(hand_number - 1) % players)
    state["score"] = score
    return state


def spread(total: int, players: int) -> list[int]:
    """A score that puts the whole total on seat 0."""
    return [total] + [0] * (players - 1)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("hand_number", range(2, 7))
def test_canadian_salad_scoring_totals_all_earlier_penalties_on_one_seat_is_accepted(client, players, hand_number):
    total = sum(HAND_POINTS[players][:hand_number - 1])
    assert legal(client, with_score(client, players, hand_number, spread(total, players)))["to_act"] is not None


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("hand_number", range(2, 7))
def test_canadian_salad_scoring_totals_ten_points_too_many_is_refused(client, players, hand_number):
    total = sum(HAND_POINTS[players][:hand_number - 1]) + 10
    assert_refused(client, with_score(client, players, hand_number, spread(total, players)),
                   {"canadian-salad.scoring.totals"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_scoring_totals_any_points_before_the_first_hand_are_refused(client, players):
    assert_refused(client, with_score(client, players, 1, [0] * (players - 1) + [10]), {"canadian-salad.scoring.totals"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_scoring_totals_an_odd_five_before_the_queens_hand_is_refused(client, players):
    # After hands 1 and 2 every penalty was a multiple of 10.
    total = sum(HAND_POINTS[players][:2])
    assert_refused(client, with_score(client, players, 3, [total - 5, 5] + [0] * (players - 2)),
                   {"canadian-salad.scoring.totals"})


def test_canadian_salad_scoring_totals_queens_shared_one_each_before_hand_four_is_accepted(client):
    # 130 + 130 + 100: one queen (25) on each of four seats, the tens shared as they fell.
    assert legal(client, with_score(client, 4, 4, [135, 75, 35, 115]))["to_act"] is not None


def test_canadian_salad_scoring_totals_five_points_with_no_queen_to_make_it_is_refused(client):
    # 5 needs an odd number of queens, and one queen alone is 25.
    assert_refused(client, with_score(client, 4, 4, [5, 115, 120, 120]), {"canadian-salad.scoring.totals"})


def test_canadian_salad_scoring_totals_the_king_of_spades_nobody_could_have_taken_is_refused(client):
    # Before hand 5: four odd totals need a queen each, leaving 90 apiece, too little for the 100 of the king.
    assert_refused(client, with_score(client, 4, 5, [115, 115, 115, 115]), {"canadian-salad.scoring.totals"})


def test_canadian_salad_scoring_totals_king_and_last_trick_on_two_seats_is_accepted(client):
    # Before hand 6, three players: 170 + 130 tens, 4 queens, the king to seat 1, the last trick to seat 2.
    assert legal(client, with_score(client, 3, 6, [200, 225, 175]))["to_act"] is not None


# --- Hidden hands whose cards the rest of the position fixes -----------------------------------------------


def suits_shown_out(state: dict) -> dict[int, set[str]]:
    """The suits each seat failed to follow so far."""
    players = state["players"]
    out: dict[int, set[str]] = {seat: set() for seat in range(players)}
    for trick in state["tricks"] + [state["current_trick"]]:
        for i, card in enumerate(trick["cards"]):
            if suit(card) != suit(trick["cards"][0]):
                out[seat_of(trick, i, players)].add(suit(trick["cards"][0]))
    return out


def hide_a_shown_out_suit(state: dict) -> tuple[dict, int] | None:
    """A copy where a seat that showed out of a suit must hold a card of it: every other hand shown, its own a count."""
    out = suits_shown_out(state)
    for hidden, lacking in out.items():
        for giver, hand in enumerate(state["hands"]):
            card = next((c for c in hand if giver != hidden and suit(c) in lacking), None)
            swap = next((c for c in state["hands"][hidden] if suit(c) not in out[giver] and suit(c) not in lacking),
                        None)
            if card and swap:
                changed = copy.deepcopy(state)
                changed["hands"][giver][hand.index(card)] = swap
                changed["hands"][hidden] = {"count": len(state["hands"][hidden])}
                return changed, hidden
    return None


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_one_hidden_hand_that_must_hold_a_suit_it_showed_out_of_is_refused(
        client, players):
    # Every other hand is shown, so the one card missing from the table can only be in the hidden hand.
    for seed in range(20):
        state = play_cards(client, deal(client, players, 80 + seed), 3 * players + 1, salt=seed)
        found = hide_a_shown_out_suit(state)
        if found:
            changed, hidden = found
            honest = copy.deepcopy(state)
            honest["hands"][hidden] = {"count": len(state["hands"][hidden])}
            legal(client, honest)
            assert_refused(client, changed, {"canadian-salad.play.follow-suit", "canadian-salad.deal.cards"})
            return
    pytest.fail("no seat showed out early enough")


def view_missing_a_suit_all_others_lack(state: dict) -> dict | None:
    """One seat's view where a card it gave away is of a suit every hidden seat showed out of."""
    players = state["players"]
    out = suits_shown_out(state)
    for viewer, hand in enumerate(state["hands"]):
        others = [seat for seat in range(players) if seat != viewer]
        lacking = set.intersection(*(out[seat] for seat in others))
        card = next((c for c in hand if suit(c) in lacking), None)
        holder = others[0]
        swap = next((c for c in state["hands"][holder] if suit(c) not in out[viewer]), None)
        if card and swap:
            view = hidden_but(state, viewer)
            view["hands"][viewer][hand.index(card)] = swap
            return view
    return None


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_a_card_no_hidden_hand_may_hold_is_refused(client, players):
    # From one seat's view: a card of the pack is neither shown nor holdable by any hidden seat.
    for seed in range(60):
        state = deal(client, players, 900 + seed)
        for _ in range(trick_count(state) - 1):
            state = play_cards(client, state, players, salt=seed)
            view = view_missing_a_suit_all_others_lack(state)
            if view:
                assert_refused(client, view, {"canadian-salad.play.follow-suit", "canadian-salad.deal.cards"})
                return
    pytest.fail("no suit that every other seat showed out of")
