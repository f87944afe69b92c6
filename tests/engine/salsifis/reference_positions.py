"""Last-turn Salsifis positions built by hand, settled over HTTP, for rule tests written from the texts."""

from __future__ import annotations

from tests.engine.salsifis.reference_play import post

PACKET_0 = ["AC", "KD", "9S"]  # 15 points
PACKET_1 = ["10H", "4S", "5S"]  # 10 points


def last_packets(players: int) -> list[list[str]]:
    """The fifth turn's packets: two fours are out at two players, and five players share 2 + 1 cards."""
    if players == 2:
        return [list(PACKET_0), ["10H", "5S", "8S"]]
    if players == 5:
        return [PACKET_0[:2], PACKET_1[:1]]
    return [list(PACKET_0), list(PACKET_1)]


def last_turn(placed: dict[int, tuple[int, str]], players: int = 3, packets=None, dealer: int = 0) -> dict:
    """The fifth turn with every seat's card down (seat -> (packet, card)); hands are spent, the heap empty."""
    return {"players": players, "turn": 5, "dealer": dealer, "hands": [[] for _ in range(players)],
            "packets": packets or last_packets(players), "heap": [],
            "placements": [{"seat": seat, "packet": packet, "card": card}
                           for seat, (packet, card) in sorted(placed.items())]}


def reveal(client, state: dict, calls=(), options=None) -> dict:
    """/apply-move's answer to the reveal with these formulas."""
    return post(client, "/apply-move", {"options": options or {}, "state": state,
                                        "move": {"type": "resolve", "calls": list(calls)}})


def settled(answer: dict, packet: int) -> dict:
    """The packet_settled event of one packet."""
    return next(event for event in answer["events"] if event["type"] == "packet_settled" and event["packet"] == packet)
