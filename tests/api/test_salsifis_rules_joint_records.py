"""Records each possible on its own but not together, refused over HTTP with the rule, the field and a reason."""

from __future__ import annotations

from tests.engine.salsifis.helpers import showdown
from tests.engine.salsifis.reach_brute import state_of
from tests.engine.salsifis.reference_play import post
from rules_engine.games.salsifis.layout import layout_for
from rules_engine.registry import GAMES


def refused(client, state: dict, options: dict | None = None) -> dict:
    """The one violation of a position refused with 422."""
    answer = client.post("/legal-moves", json={"game": "salsifis", "options": options or {}, "state": state})
    assert answer.status_code == 422, answer.get_json()
    violations = answer.get_json()["violations"]
    assert len(violations) == 1, violations
    return violations[0]


def accepted(client, state: dict, options: dict | None = None) -> None:
    post(client, "/legal-moves", {"options": options or {}, "state": state})


def play(client, state: dict, packets: list[int], options: dict | None = None) -> dict:
    """Every seat puts its first card by packets[seat], then the reveal with no formula."""
    for seat, packet in enumerate(packets):
        move = {"type": "place", "seat": seat, "card": state["hands"][seat][0], "packet": packet}
        state = post(client, "/apply-move", {"options": options or {}, "state": state, "move": move})["state"]
    return post(client, "/apply-move", {"options": options or {}, "state": state,
                                        "move": {"type": "resolve", "calls": []}})["state"]


def test_salsifis_contest_fight_piles_of_four_four_and_none_after_one_turn_of_three_refused(client):
    # One turn of three seats by two packets: seat 0 alone (a pile of 4) and a fight whose winner takes 5. Piles
    # of 4, 4 and 0 would need two lone cards, leaving the third seat no packet; with lone streaks of 0 even seat
    # 0's 4 (a lone card at the last turn) no longer fits.
    state = post(client, "/deal", {"players": 3, "seed": 2})["state"]
    state = play(client, state, [0, 1, 1])
    winner = next(seat for seat in (1, 2) if state["won"][seat])
    assert [len(pile) for pile in state["won"]] == [4] + [5 if seat == winner else 0 for seat in (1, 2)]
    accepted(client, state)
    pile = state["won"][winner]
    state["won"][1], state["won"][2], state["discarded"] = pile[:4], [], pile[4:]
    state["alone_streak"] = [0, 0, 0]
    violation = refused(client, state)
    assert violation["rule"] == "salsifis.contest.fight"
    assert violation["pointer"] == "/state/won/0"
    assert "alone_streak entries [0, 0, 0]" in violation["message"]
    # Left out, the streaks may be anything: seat 0's lone card fits, seat 1's second one does not.
    del state["alone_streak"]
    violation = refused(client, state)
    assert violation["rule"] == "salsifis.contest.fight"
    assert violation["pointer"] == "/state/won/1"
    assert "seat 0's 4 and any lone streaks" in violation["message"]


def test_salsifis_contest_fight_two_empty_piles_after_a_fight_with_no_stake_shared_refused(client):
    # Two players by one packet: one of them takes it, or they share it. Both piles empty with no shared stake
    # leaves the fight to nobody.
    state = post(client, "/deal", {"players": 2, "seed": 2})["state"]
    state = play(client, state, [0, 0])
    accepted(client, state)
    winner = max((0, 1), key=lambda seat: len(state["won"][seat]))
    state["discarded"] += state["won"][winner]
    state["won"][winner] = []
    violation = refused(client, state)
    assert violation["rule"] == "salsifis.contest.fight"
    assert violation["pointer"] == "/state/won/1"
    assert "seat 0's 0" in violation["message"] and "no run of placings" in violation["message"]


def test_salsifis_contest_alone_two_lone_seats_after_a_turn_nobody_lost_refused(client):
    # Two players: a fight by packet 0, then each alone by a packet. Taking the fight's stake out of its
    # winner's pile leaves piles of 4 and 4 with lone streaks 1 and 1, which would need the first turn to give
    # both seats nothing: that is a shared stake, and none is recorded.
    state = post(client, "/deal", {"players": 2, "seed": 2})["state"]
    state = play(client, state, [0, 0])
    state = play(client, state, [0, 1])
    assert state["alone_streak"] == [1, 1]
    accepted(client, state)
    winner = max((0, 1), key=lambda seat: len(state["won"][seat]))
    pile = state["won"][winner]
    state["won"][winner], state["discarded"] = pile[5:], state["discarded"] + pile[:5]
    assert [len(pile) for pile in state["won"]] == [4, 4]
    violation = refused(client, state)
    assert violation["rule"] == "salsifis.contest.alone"
    assert violation["pointer"] == "/state/won/1"


def test_salsifis_state_record_won_piles_alone_may_leave_shared_stakes_out(client):
    # The piles of 4 and 4 after two turns, both seats alone at the second, need the first turn shared. With the
    # discards left out the record is one of won piles alone, and the stake may be among the cards it omits.
    state = post(client, "/deal", {"players": 2, "seed": 2})["state"]
    state = play(client, state, [0, 0])
    state = play(client, state, [0, 1])
    winner = max((0, 1), key=lambda seat: len(state["won"][seat]))
    state["discarded"] += state["won"][winner][:5]
    state["won"][winner] = state["won"][winner][5:]
    assert refused(client, state)["pointer"] == "/state/won/1"
    del state["discarded"]
    accepted(client, state)


def test_salsifis_formula_shared_stake_of_two_seats_beside_a_third_not_alone_refused(client):
    # Seats 0 and 2 tie by packet 0 and nobody says the formula: they share the packet and their queens. Seat 1
    # was alone by packet 1; with its alone_streak set to 0 the stake has no packet of its own.
    state = showdown({0: "QH", 2: "QS"}, {1: "9C"})
    state = post(client, "/apply-move", {"state": state, "move": {"type": "resolve", "calls": []}})["state"]
    assert [share["seats"] for share in state["shared"]] == [[0, 2]] and state["alone_streak"] == [0, 1, 0]
    state["alone_streak"] = [0, 0, 0]
    violation = refused(client, state)
    assert violation["rule"] == "salsifis.formula.shared"
    assert violation["pointer"] == "/state/shared/0"


def test_salsifis_contest_empty_carried_packet_beside_lone_seats_refused(client):
    # Under unclaimed_packet carried, two players each alone by a packet leave nothing carried; taking away both
    # lone streaks says they shared a packet, which would have left the other one on the table.
    options = {"unclaimed_packet": "carried"}
    state = post(client, "/deal", {"players": 2, "seed": 2, "options": options})["state"]
    state = play(client, state, [0, 1], options)
    assert state["alone_streak"] == [1, 1]
    state["alone_streak"] = [0, 0]
    violation = refused(client, state, options)
    assert violation["rule"] == "salsifis.contest.empty"
    assert violation["pointer"].startswith("/state/packets")


def test_salsifis_contest_empty_carried_packet_of_a_size_no_turn_leaves_refused(client):
    # Four players who all bet by packet 0 leave packet 1 (3 cards) on the table for turn 2, and the fight's
    # winner takes 7. A packet carrying 2 extra cards is no whole unclaimed packet, though piles of 4 and 4 (two
    # lone seats) are each possible.
    options = {"unclaimed_packet": "carried"}
    layout = layout_for(4, GAMES["salsifis"].ruleset(None, options).options)
    state = state_of(((7, 0, 0, 0), (0, 0, 0, 0), (), 0, (0, 3)), layout, 1)
    accepted(client, state, options)
    state = state_of(((4, 4, 0, 0), (0, 0, 0, 0), (), 0, (0, 2)), layout, 1)
    violation = refused(client, state, options)
    assert violation["rule"] == "salsifis.contest.empty"
    assert violation["pointer"] == "/state/packets/1"


def swap(state: dict, card: str, other: str) -> None:
    """Exchange two cards wherever they lie in a fully shown state."""
    def piles():
        yield from state["hands"]
        yield from state["packets"]
        yield state["heap"]
        yield from state["won"]
        yield from (share["cards"] for share in state["shared"])
        yield state["discarded"]
    for pile in piles():
        for index, held in enumerate(pile):
            if held in (card, other):
                pile[index] = other if held == card else card


def test_salsifis_formula_shared_stake_without_a_tie_or_a_cycle_refused(client):
    # Under losing_cards winner a shared stake holds every card of its fight. A queen tie by 7, 8 and 10 leaves
    # two queens in it; with a 6 for one of them nothing in the stake ties or goes round a cycle.
    state = showdown({0: "QH", 2: "QS"}, {1: "9C"}, packet0=["7C", "8D", "10H"])
    state = post(client, "/apply-move", {"state": state, "move": {"type": "resolve", "calls": []}})["state"]
    assert sorted(state["shared"][0]["cards"]) == sorted(["7C", "8D", "10H", "QH", "QS"])
    accepted(client, state)
    swap(state, "QS", "6S")
    violation = refused(client, state)
    assert violation["rule"] == "salsifis.formula.shared"
    assert violation["pointer"] == "/state/shared/0/cards"
    accepted(client, state, {"losing_cards": "owners"})


def test_salsifis_formula_shared_cycle_stake_of_three_accepted(client):
    state = showdown({0: "AH", 1: "KS", 2: "9C"})
    state = post(client, "/apply-move", {"state": state, "move": {"type": "resolve", "calls": []}})["state"]
    assert state["shared"][0]["seats"] == [0, 1, 2]
    accepted(client, state)
