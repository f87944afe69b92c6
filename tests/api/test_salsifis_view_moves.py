"""Salsifis moves judged from one seat's view over HTTP: what is refused (a card shown elsewhere, more cards than a
hidden pile holds), what is listed for a hidden seat, and which rules an answer leaves unverified."""

from __future__ import annotations

import random

import pytest

from tests.api.test_salsifis_view import choose, post, seen_by, view_of

# Seed 5, three players: seat 0 holds 4D 6H QS QD 8S, seat 1 KC KS 8H 5S 7H, seat 2 9H AS AD 10H KH; packet 0 is
# 7D 8C 6C, packet 1 KD AH 9C; the heap starts QC 6D 10C 10S 4C 4S.
SEED, VIEWER = 5, 0


@pytest.fixture
def full(client) -> dict:
    return post(client, "/deal", {"players": 3, "seed": SEED})["state"]


@pytest.fixture
def view(full) -> dict:
    return view_of(full, VIEWER)


def refused(client, state: dict, move: dict) -> list[dict]:
    """The violations /apply-move refuses the move with; /validate-move finds the same ones."""
    violations = post(client, "/apply-move", {"state": state, "move": move}, status=422)["violations"]
    verdict = post(client, "/validate-move", {"state": state, "move": move})
    assert verdict["legal"] is False and verdict["violations"] == violations
    return violations


@pytest.mark.parametrize(("card", "where"), [
    ("QS", "is already in seat 0's hand"), ("8C", "is already in packet 0"), ("AH", "is already in packet 1"),
    ("2C", "is not in the 45-card pack of a 3-player game")])
def test_salsifis_turn_card_held_hidden_seat_naming_a_card_shown_elsewhere_is_refused(client, view, card, where):
    violations = refused(client, view, {"type": "place", "seat": 1, "card": card, "packet": 0})
    assert violations == [{"rule": "salsifis.turn.card-held",
                           "message": f"Seat 1 cannot put down {card}: the {card} {where}."}]


def test_salsifis_turn_card_held_hidden_seat_naming_a_card_already_down_elsewhere_is_refused(client, view):
    down = post(client, "/apply-move", {"state": view, "move": {"type": "place", "seat": 2, "card": "AS",
                                                                  "packet": 1}})["state"]
    violations = refused(client, down, {"type": "place", "seat": 1, "card": "AS", "packet": 0})
    assert violations[0]["message"] == "Seat 1 cannot put down AS: the AS is already face down by packet 1, placed " \
                                       "by seat 2."


def last_turn(client, full: dict) -> dict:
    """The full table at turn 5 with nobody placed, every turn before a fight of each seat's first card."""
    for _ in range(4):
        for seat in range(3):
            full = post(client, "/apply-move", {"state": full, "move": {"type": "place", "seat": seat, "packet": 0,
                                                                        "card": full["hands"][seat][0]}})["state"]
        full = post(client, "/apply-move", {"state": full, "move": {"type": "resolve", "calls": []}})["state"]
    assert full["turn"] == 5
    return full


def test_salsifis_turn_card_held_hidden_seat_cannot_put_down_more_cards_than_its_count(client, full):
    full = last_turn(client, full)
    view = view_of(full, VIEWER)
    down = post(client, "/apply-move", {"state": view, "move": {"type": "place", "seat": 1, "card": full["hands"][1][0],
                                                                "packet": 0}})["state"]
    assert down["hands"][1] == {"count": 0}
    violations = refused(client, down, {"type": "place", "seat": 1, "card": full["hands"][2][0], "packet": 1})
    assert violations == [{"rule": "salsifis.turn.card-held", "message": "Seat 1's hidden hand holds no card besides "
                           f"the one it has down, so it cannot put down {full['hands'][2][0]}."}]
    # Its one card can still move, named or not; by the same packet it changes nothing.
    moved = post(client, "/apply-move", {"state": down, "move": {"type": "place", "seat": 1, "packet": 1}})
    assert moved["state"]["placements"] == [{"seat": 1, "card": full["hands"][1][0], "packet": 1}]
    assert moved["unverified"] == []
    assert refused(client, down, {"type": "place", "seat": 1, "packet": 0})[0]["rule"] == "salsifis.turn.change"


def test_salsifis_deal_packets_lay_out_more_cards_than_the_turn_lays_is_refused(client, full):
    after = post(client, "/apply-move", {"state": view_of(full, VIEWER), "move": {"type": "place", "card": "QS",
                                                                                 "packet": 0}})["state"]
    for seat in (1, 2):
        after = post(client, "/apply-move", {"state": after, "move": {"type": "place", "seat": seat, "packet": 1}})["state"]
    ended = post(client, "/apply-move", {"state": after, "move": {"type": "resolve", "calls": [],
                                         "revealed": [{"seat": 1, "card": "KC"}, {"seat": 2, "card": "9H"}]}})
    assert (ended["to_act"], ended["phase"], ended["state"]["packets"]) == (0, "lay_out", [[], []])
    assert ended["events"][-1] == {"type": "lay_out_awaited", "turn": 2, "seat": 0, "rules": ["salsifis.deal.packets"]}
    state = ended["state"]
    violations = refused(client, state, {"type": "lay_out", "packets": [["QC", "6D", "10C", "4C"], ["10S", "4S"]]})
    assert violations == [{"rule": "salsifis.deal.packets", "message": "Turn 2 lays 3 and 3 cards from the heap by "
                                                                       "its packets; packet 0 was given 4."}]
    violations = refused(client, state, {"type": "lay_out", "packets": [["QC", "6D", "QD"], ["10S", "4C", "4S"]]})
    assert violations == [{"rule": "salsifis.deal.cards",
                           "message": "The QD cannot come from the heap: it is already in seat 0's hand."}]
    violations = refused(client, state, {"type": "lay_out", "packets": [["QC", "6D", "10C"], ["10S", "4C", "10C"]]})
    assert violations[0]["message"] == "The 10C cannot come from the heap: it is already laid by packet 0."
    early = refused(client, state, {"type": "place", "card": "QD", "packet": 0})
    assert early == [{"rule": "salsifis.deal.packets", "message": "The packets of turn 2 are laid out before anything "
                                                                  "else happens in the turn."}]
    missing = post(client, "/apply-move", {"state": state, "move": {"type": "lay_out"}}, status=422)
    assert missing["errors"]["json"]["move"]["packets"] == ["the heap is hidden, so name the cards laid by each "
                                                            "packet: 3 and 3"]
    laid = post(client, "/apply-move", {"state": state, "move": {"type": "lay_out", "packets": [["QC", "6D", "10C"],
                                                                                               ["10S", "4C", "4S"]]}})
    assert (laid["to_act"], laid["phase"], laid["state"]["heap"]) == (0, "place", {"count": 18})
    assert laid["unverified"] == ["salsifis.deal.packets"]
    again = refused(client, laid["state"], {"type": "lay_out", "packets": [["QC", "6D", "10C"], ["10S", "4C", "4S"]]})
    assert again == [{"rule": "salsifis.deal.packets", "message": "The packets of turn 2 are already laid out."}]


def test_salsifis_deal_packets_lay_out_from_a_shown_heap_takes_its_top_cards(client, full):
    # Turn 1 settled: seat 0 alone by packet 0, seats 1 and 2 fighting by packet 1, which seat 1 won.
    spent = [hand[4:] for hand in full["hands"]]
    won = [full["packets"][0] + spent[0], full["packets"][1] + spent[1] + spent[2], []]
    state = dict(full, turn=2, packets=[[], []], hands=[hand[:4] for hand in full["hands"]], won=won,
                 alone_streak=[1, 0, 0])
    listed = post(client, "/legal-moves", {"state": state})
    assert (listed["to_act"], listed["phase"], listed["unverified"]) == (0, "lay_out", [])
    assert listed["moves"] == [{"type": "lay_out", "packets": [["QC", "6D", "10C"], ["10S", "4C", "4S"]],
                                "code": "lay_out", "rules": ["salsifis.deal.packets"]}]
    wrong = refused(client, state, {"type": "lay_out", "packets": [["6D", "QC", "10C"], ["10S", "4C", "4S"]]})
    assert wrong[0]["message"] == "The packets are laid from the top of the heap: packet 0 gets QC, 6D, 10C; " \
                                  "packet 1 gets 10S, 4C, 4S."


def test_salsifis_turn_reveal_names_the_cards_turned_over_and_refuses_cards_seen_elsewhere(client, view):
    state = post(client, "/apply-move", {"state": view, "move": {"type": "place", "card": "QS", "packet": 0}})["state"]
    for seat in (1, 2):
        state = post(client, "/apply-move", {"state": state, "move": {"type": "place", "seat": seat, "packet": 0}})["state"]
    missing = post(client, "/apply-move", {"state": state, "move": {"type": "resolve", "calls": [],
                                                                    "revealed": [{"seat": 1, "card": "KC"}]}},
                   status=422)
    assert missing["violations"] == [{"rule": "salsifis.turn.reveal", "pointer": "/move/revealed", "message":
                                      "seat 2's card is face down and not disclosed (state.placements[2]): name the "
                                      "card it shows in revealed, as {\"seat\": 2, \"card\": ...}"}]
    resolve = {"type": "resolve", "calls": []}
    assert refused(client, state, {**resolve, "revealed": [{"seat": 1, "card": "QD"}, {"seat": 2, "card": "9H"}]}) == [
        {"rule": "salsifis.turn.card-held", "message": "Seat 1 cannot have put down QD: the QD is already in seat 0's "
                                                       "hand."}]
    assert refused(client, state, {**resolve, "revealed": [{"seat": 0, "card": "QD"}, {"seat": 1, "card": "KC"},
                                                           {"seat": 2, "card": "9H"}]}) == [
        {"rule": "salsifis.turn.reveal", "message": "Seat 0's card down is QS, not QD."}]
    assert refused(client, state, {**resolve, "revealed": [{"seat": 1, "card": "KC"}, {"seat": 2, "card": "KC"}]})[0][
        "message"] == "Seat 2 cannot have put down KC: the KC is already revealed for seat 1."
    assert refused(client, state, {**resolve, "revealed": [{"seat": 1, "card": "KC"}, {"seat": 1, "card": "KS"},
                                                           {"seat": 2, "card": "9H"}]}) == [
        {"rule": "salsifis.turn.reveal", "message": "Seat 1's card is revealed twice; a seat has one card down."}]
    shown = post(client, "/apply-move", {"state": state, "move": {**resolve, "revealed": [{"seat": 1, "card": "KC"},
                                                                                         {"seat": 2, "card": "KH"}]}})
    assert shown["unverified"] == ["salsifis.turn.card-held"]
    assert shown["events"][0]["placements"] == [{"seat": 0, "packet": 0, "card": "QS"},
                                                {"seat": 1, "packet": 0, "card": "KC"},
                                                {"seat": 2, "packet": 0, "card": "KH"}]
    settled = shown["events"][1]
    assert (settled["kind"], settled["outcome"], settled["shared_by"]) == ("tie", "shared", [1, 2])


def test_salsifis_unverified_is_empty_when_every_rule_could_be_checked(client, full, view):
    for state in (full, view):
        move = {"type": "place", "card": "QS", "packet": 1}
        assert post(client, "/validate-move", {"state": state, "move": move})["unverified"] == []
        assert post(client, "/apply-move", {"state": state, "move": move})["unverified"] == []
        assert post(client, "/legal-moves", {"state": state})["unverified"] == []
    # A hidden seat putting a card down unseen breaks nothing that can be checked, and leaves nothing open.
    unseen = {"type": "place", "seat": 2, "packet": 0}
    assert post(client, "/validate-move", {"state": view, "move": unseen})["unverified"] == []


def test_salsifis_unverified_lists_the_rules_a_hidden_hand_leaves_open(client, view):
    named = {"type": "place", "seat": 1, "card": "KC", "packet": 0}
    verdict = post(client, "/validate-move", {"state": view, "move": named})
    assert (verdict["legal"], verdict["unverified"]) == (True, ["salsifis.turn.card-held"])
    applied = post(client, "/apply-move", {"state": view, "move": named})
    assert applied["unverified"] == ["salsifis.turn.card-held"] and applied["state"]["hands"][1] == {"count": 4}
    assert applied["state"]["placements"] == [{"seat": 1, "card": "KC", "packet": 0}]
    unseen = post(client, "/apply-move", {"state": view, "move": {"type": "place", "seat": 1, "packet": 0}})["state"]
    again = post(client, "/validate-move", {"state": unseen, "move": {"type": "place", "seat": 1, "packet": 0}})
    assert (again["legal"], again["unverified"]) == (True, ["salsifis.turn.change"])
    changed = post(client, "/apply-move", {"state": unseen, "move": {"type": "place", "seat": 1, "packet": 0}})
    assert changed["state"]["hands"][1] == {"count": 4} and changed["events"][0]["replaced"] == {"card": None,
                                                                                                 "packet": 0}


def test_salsifis_legal_moves_of_a_hidden_seat_are_its_placings_with_the_card_left_out(client, view):
    state = post(client, "/apply-move", {"state": view, "move": {"type": "place", "card": "QS", "packet": 0}})["state"]
    listed = post(client, "/legal-moves", {"state": state})
    assert (listed["to_act"], listed["phase"], listed["unverified"]) == (1, "place", [])
    assert listed["moves"] == [{"type": "place", "packet": packet, "seat": 1, "code": f"place:hidden:{packet}",
                                "rules": ["salsifis.turn.place", "salsifis.state.view"]} for packet in (0, 1)]
    for move in listed["moves"]:
        assert post(client, "/validate-move", {"state": state, "move": move})["legal"] is True


def test_salsifis_legal_moves_reveal_with_cards_face_down_lists_the_plain_reveal(client, view):
    state = view
    for seat, packet in ((0, 0), (1, 0), (2, 1)):
        move = {"type": "place", "seat": seat, "packet": packet, **({"card": "QS"} if seat == VIEWER else {})}
        applied = post(client, "/apply-move", {"state": state, "move": move, "include_legal_moves": True})
        state = applied["state"]
    # Which formulas could win depends on the cards face down: the listing is not exact, so it is not included.
    assert (applied["to_act"], applied["phase"], applied["legal_moves"]) == (0, "resolve", None)
    unchecked = ["salsifis.formula.tie", "salsifis.formula.cycle"]
    listed = post(client, "/legal-moves", {"state": state})
    assert listed["moves"] == [{"type": "resolve", "calls": [], "code": "resolve", "rules": ["salsifis.turn.reveal"],
                                "unverified": unchecked}]
    assert listed["unverified"] == unchecked


def viewer_log(client, players: int, seed: int, viewer: int) -> tuple[dict, list, dict]:
    """A whole game as `viewer`'s client logs it: its starting view, its moves (lay-outs included), the full table
    at the end."""
    chooser = random.Random(seed)
    full = post(client, "/deal", {"players": players, "seed": seed})["state"]
    start = view = view_of(full, viewer)
    moves = []
    while True:
        listed = post(client, "/legal-moves", {"state": full})
        if listed["to_act"] is None:
            return start, moves, full
        move = choose(full, listed, chooser, changes=99)
        seen = seen_by(move, full, view, viewer, chooser)
        full = post(client, "/apply-move", {"state": full, "move": move})["state"]
        view = post(client, "/apply-move", {"state": view, "move": seen})["state"]
        moves.append(seen)
        if view["packets"] and view["heap"]["count"] > len(full["heap"]):
            laid = {"type": "lay_out", "packets": [p[len(c):] for p, c in zip(full["packets"], view["packets"])]}
            view = post(client, "/apply-move", {"state": view, "move": laid})["state"]
            moves.append(laid)


def test_salsifis_validate_game_replays_a_log_kept_from_one_seats_view(client):
    start, moves, full = viewer_log(client, 4, 21, 2)
    assert any(move["type"] == "lay_out" for move in moves)
    replayed = post(client, "/validate-game", {"state": start, "moves": moves})
    assert (replayed["valid"], replayed["steps"], replayed["to_act"]) == (True, len(moves), None)
    assert "salsifis.deal.packets" in replayed["unverified"]
    assert replayed["score"] == post(client, "/score", {"state": full})
    broken = [dict(move, card="KC") if move["type"] == "place" and move["seat"] != 2 else move for move in moves]
    first = post(client, "/validate-game", {"state": start, "moves": broken})["first_illegal"]
    assert first is not None and first["violations"][0]["rule"] == "salsifis.turn.card-held"


def test_salsifis_batch_answers_hidden_positions_as_their_single_calls(client, view):
    items = [{"path": "/legal-moves", "body": {"game": "salsifis", "state": view}},
             {"path": "/validate-move", "body": {"game": "salsifis", "state": view,
                                                 "move": {"type": "place", "seat": 1, "card": "KC", "packet": 0}}},
             {"path": "/apply-move", "body": {"game": "salsifis", "state": view, "include_legal_moves": True,
                                              "move": {"type": "place", "seat": 2, "packet": 1}}},
             {"path": "/apply-move", "body": {"game": "salsifis", "state": view,
                                              "move": {"type": "place", "seat": 1, "card": "QS", "packet": 1}}}]
    batched = client.post("/batch", json={"requests": items}).get_json()["responses"]
    singles = [client.post(item["path"], json=item["body"]) for item in items]
    assert batched == [{"status": answer.status_code, "body": answer.get_json()} for answer in singles]
    assert [answer["status"] for answer in batched] == [200, 200, 200, 422]
