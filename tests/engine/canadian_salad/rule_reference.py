"""Canadian Salad as the published rules state it, written apart from the engine to check its answers.

Everything here follows pagat.com's Canadian Salad page (https://www.pagat.com/compendium/canadian_salad.html):
the pack per player count, the deal, following suit, the trick winner and each hand's penalties.
"""

from __future__ import annotations

import random

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")
REMOVED = {3: ("2C",), 4: (), 5: ("2C", "2D"), 6: ("2C", "3C", "2D", "3D")}
HAND_SIZE = {3: 17, 4: 13, 5: 10, 6: 8}
CONTRACT_RULE = {
    1: "canadian-salad.contract.no-tricks",
    2: "canadian-salad.contract.no-hearts",
    3: "canadian-salad.contract.no-queens",
    4: "canadian-salad.contract.no-king-of-spades",
    5: "canadian-salad.contract.no-last-trick",
    6: "canadian-salad.contract.salad",
}
GAME_TOTAL = {3: 1200, 4: 1120, 5: 1060, 6: 1020}


def suit(card: str) -> str:
    """The suit letter of a card code."""
    return card[-1]


def rank_order(card: str) -> int:
    """A card's height within its suit, 2 lowest, ace highest."""
    return RANKS.index(card[:-1])


def pack(players: int) -> list[str]:
    """The cards in play at this table: the 52-card pack less the cards removed for the player count."""
    return [rank + s for s in SUITS for rank in RANKS if rank + s not in REMOVED[players]]


def dealer_of(hand_number: int, players: int, first_dealer: int = 0) -> int:
    """The dealer of a hand: the deal passes one seat to the left after every hand."""
    return (first_dealer + hand_number - 1) % players


def first_leader(dealer: int, players: int) -> int:
    """The player to the dealer's left leads to the first trick."""
    return (dealer + 1) % players


def trick_winner(leader: int, cards: list[str], players: int) -> int:
    """The seat of the highest card of the suit led; no trumps."""
    led = suit(cards[0])
    best = max((i for i, card in enumerate(cards) if suit(card) == led), key=lambda i: rank_order(cards[i]))
    return (leader + best) % players


def allowed_cards(hand: list[str], trick_cards: list[str]) -> set[str]:
    """The cards a player may play: any card to lead; else the suit led if held; else any card."""
    if not trick_cards:
        return set(hand)
    following = {card for card in hand if suit(card) == suit(trick_cards[0])}
    return following or set(hand)


def voids_shown(state: dict) -> list[set[str]]:
    """Per seat, the suits it failed to follow in a trick so far, and so cannot hold any more."""
    shown: list[set[str]] = [set() for _ in range(state["players"])]
    for trick in [*state["tricks"], state["current_trick"]]:
        if not trick["cards"]:
            continue
        led = suit(trick["cards"][0])
        for offset, card in enumerate(trick["cards"]):
            if suit(card) != led:
                shown[(trick["leader"] + offset) % state["players"]].add(led)
    return shown


def penalty_breakdown(hand_number: int, tricks: list[dict], players: int, hand_size: int | None = None) -> list[dict]:
    """Per seat, the points of each penalty (trick, hearts, queens, king of spades, last trick) of the hand.

    `hand_size` is the number of tricks a full hand has; the last-trick penalty goes only to the
    winner of that trick, and not at all when the hand stopped earlier.
    """
    size = HAND_SIZE[players] if hand_size is None else hand_size
    salad = hand_number == 6
    seats = [{"tricks": 0, "hearts": 0, "queens": 0, "king": 0, "last": 0} for _ in range(players)]
    for number, trick in enumerate(tricks, start=1):
        taken = seats[trick_winner(trick["leader"], trick["cards"], players)]
        if hand_number == 1 or salad:
            taken["tricks"] += 10
        if hand_number == 2 or salad:
            taken["hearts"] += 10 * sum(suit(c) == "H" for c in trick["cards"])
        if hand_number == 3 or salad:
            taken["queens"] += 25 * sum(c[:-1] == "Q" for c in trick["cards"])
        if (hand_number == 4 or salad) and "KS" in trick["cards"]:
            taken["king"] += 100
        if (hand_number == 5 or salad) and number == size:
            taken["last"] += 100
    return seats


def penalties(hand_number: int, tricks: list[dict], players: int) -> list[int]:
    """Each seat's penalty points for the hand."""
    return [sum(seat.values()) for seat in penalty_breakdown(hand_number, tricks, players)]


def penalty_cards(hand_number: int, players: int) -> set[str]:
    """The cards whose taking scores in hands 2 to 4: every heart, every queen, the king of spades."""
    cards = set(pack(players))
    if hand_number == 2:
        return {c for c in cards if suit(c) == "H"}
    if hand_number == 3:
        return {c for c in cards if c[:-1] == "Q"}
    if hand_number == 4:
        return {"KS"}
    return set()


def deal_state(players: int, hand_number: int, rng: random.Random, first_dealer: int = 0) -> dict:
    """A shuffled deal of the table's pack, in the API's state shape, before the first lead."""
    cards = pack(players)
    rng.shuffle(cards)
    size = HAND_SIZE[players]
    dealer = dealer_of(hand_number, players, first_dealer)
    return {"players": players, "hand_number": hand_number, "dealer": dealer,
            "hands": [sorted(cards[i * size:(i + 1) * size]) for i in range(players)],
            "tricks": [], "current_trick": {"leader": first_leader(dealer, players), "cards": []}}


def play_cards(state: dict, count: int, rng: random.Random) -> dict:
    """The state after `count` more cards of the trick under way, played at random by the reference rules."""
    players = state["players"]
    hands = [list(hand) for hand in state["hands"]]
    trick = {**state["current_trick"], "cards": list(state["current_trick"]["cards"])}
    for _ in range(count):
        seat = (trick["leader"] + len(trick["cards"])) % players
        trick["cards"].append(rng.choice(sorted(allowed_cards(hands[seat], trick["cards"]))))
        hands[seat].remove(trick["cards"][-1])
    assert len(trick["cards"]) < players
    return {**state, "hands": hands, "current_trick": trick}


def play_tricks(state: dict, count: int, rng: random.Random) -> dict:
    """The state after `count` more complete tricks of random legal play, by the reference rules alone."""
    players = state["players"]
    hands = [list(hand) for hand in state["hands"]]
    tricks = [dict(trick) for trick in state["tricks"]]
    leader = state["current_trick"]["leader"]
    assert not state["current_trick"]["cards"]
    for _ in range(count):
        cards = []
        for offset in range(players):
            seat = (leader + offset) % players
            card = rng.choice(sorted(allowed_cards(hands[seat], cards)))
            hands[seat].remove(card)
            cards.append(card)
        tricks.append({"leader": leader, "cards": cards})
        leader = trick_winner(leader, cards, players)
    return {**state, "hands": hands, "tricks": tricks, "current_trick": {"leader": leader, "cards": []}}


def hand_totals(players: int) -> tuple[int, ...]:
    """The points each of the six hands hands out at this table."""
    tricks = 10 * HAND_SIZE[players]
    return (tricks, 130, 100, 100, 100, tricks + 430)


def compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to share `total` identical items between `parts` seats."""
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1) for rest in compositions(total - first, parts - 1)]


def reachable_game_score(score: list[int], hand_number: int, players: int) -> bool:
    """Whether hands 1 to hand_number - 1 can hand out `score`, by trying every sharing of their penalties.

    Tricks (hands 1 and 6) and hearts (2 and 6) are tens any seat can take any number of; queens are 25
    each, the spade king and the last trick 100 each. The salad is never before another hand.
    """
    before = hand_totals(players)[:hand_number - 1]
    if any(points < 0 for points in score) or sum(score) != sum(before):
        return False
    queens = compositions(4, players) if hand_number > 3 else [(0,) * players]
    king = range(players) if hand_number > 4 else (None,)
    last = range(players) if hand_number > 5 else (None,)
    for shares in queens:
        for king_seat in king:
            for last_seat in last:
                rest = [points - 25 * shares[seat] - 100 * (seat == king_seat) - 100 * (seat == last_seat)
                        for seat, points in enumerate(score)]
                if all(points >= 0 and points % 10 == 0 for points in rest):
                    return True
    return False


def unseen_cards(state: dict) -> list[str]:
    """The cards of the pack in no shown hand and in no trick."""
    seen = {card for hand in state["hands"] if isinstance(hand, list) for card in hand}
    seen.update(card for trick in state["tricks"] for card in trick["cards"])
    seen.update(state["current_trick"]["cards"])
    return [card for card in pack(state["players"]) if card not in seen]


def can_share(unseen: list[str], room: dict[int, int], voids: list[set[str]]) -> bool:
    """Whether `unseen` can fill the hidden hands (seat: cards held), none getting a suit it is void in.

    A transport problem from suits to hands: by Hall's theorem it is solvable when the totals agree and,
    for every set of suits, the hands that may hold one of them have room for all their cards.
    """
    if len(unseen) != sum(room.values()):
        return False
    for mask in range(1, 1 << len(SUITS)):
        suits = {s for i, s in enumerate(SUITS) if mask >> i & 1}
        cards = sum(suit(card) in suits for card in unseen)
        if cards > sum(count for seat, count in room.items() if suits - voids[seat]):
            return False
    return True


def hidden_room(state: dict) -> dict[int, int]:
    """Per hidden seat, the number of cards it holds."""
    return {seat: hand["count"] for seat, hand in enumerate(state["hands"]) if isinstance(hand, dict)}


def hidden_hands_can_hold(state: dict) -> bool:
    """Whether the cards no one shows can be shared between the hidden hands, none getting a suit it showed void in."""
    return can_share(unseen_cards(state), hidden_room(state), voids_shown(state))


def hidden_seat_may_play(state: dict, seat: int) -> set[str]:
    """The cards a hidden seat to act could legally play in some sharing of the unseen cards."""
    unseen, room, voids = unseen_cards(state), hidden_room(state), voids_shown(state)
    trick = state["current_trick"]["cards"]
    playable = set()
    for card in unseen:
        if suit(card) in voids[seat]:
            continue
        rest = [c for c in unseen if c != card]
        after = [set(v) for v in voids]
        if trick and suit(card) != suit(trick[0]):
            after[seat].add(suit(trick[0]))
        if can_share(rest, {**room, seat: room[seat] - 1}, after):
            playable.add(card)
    return playable
