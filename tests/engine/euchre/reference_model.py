"""An independent model of partnership Euchre, written from the published rule texts, to check the service against.

States and moves have the API's JSON shapes: a state is the dict `/legal-moves` takes, a move the dict
`/apply-move` takes. Every function is pure: `apply` answers a new state and leaves its argument alone.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

PLAYERS = 4
SUITS = ("C", "D", "H", "S")
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
HAND_SIZE = 5
TRICKS_PER_HAND = 5

DEFAULT_OPTIONS = {
    "deck": "32",
    "dealer_may_discard_upcard": True,
    "stick_the_dealer": False,
    "lone_defender": False,
    "lone_first_lead": "dealer_left",
    "lone_defender_order": "maker_left",
    "lone_defender_against": "lone_maker",
    "dealer_exchange_when_partner_alone": "none",
    "target": 10,
}

OPTION_CHOICES = {
    "deck": ("32", "24"),
    "dealer_may_discard_upcard": (True, False),
    "stick_the_dealer": (False, True),
    "lone_defender": (False, True),
    "lone_first_lead": ("dealer_left", "maker_left"),
    "lone_defender_order": ("maker_left", "dealer_left"),
    "lone_defender_against": ("lone_maker", "any_maker"),
    "dealer_exchange_when_partner_alone": ("none", "exchange"),
}

# Plain-suit order, low to high, for each pack.
RANKS = {"32": ("7", "8", "9", "10", "J", "Q", "K", "A"), "24": ("9", "10", "J", "Q", "K", "A")}


def with_defaults(options: dict | None) -> dict:
    """The options in force: the given ones over the declared defaults."""
    return {**DEFAULT_OPTIONS, **(options or {})}


def pack(deck: str) -> list[str]:
    """Every card of the chosen pack, each once."""
    return [rank + suit for suit in SUITS for rank in RANKS[deck]]


def rank_of(card: str) -> str:
    return card[:-1]


def printed_suit(card: str) -> str:
    return card[-1]


def partner(seat: int) -> int:
    return (seat + 2) % PLAYERS


def team_of(seat: int) -> int:
    return seat % 2


def left_of(seat: int) -> int:
    return (seat + 1) % PLAYERS


def is_right_bower(card: str, trump: str) -> bool:
    return card == "J" + trump


def is_left_bower(card: str, trump: str) -> bool:
    return card == "J" + SAME_COLOUR[trump]


def suit_in_play(card: str, trump: str) -> str:
    """The suit a card counts as: the left bower is a trump, every other card its printed suit."""
    return trump if is_left_bower(card, trump) else printed_suit(card)


def trick_strength(card: str, trump: str, led_suit: str, deck: str) -> int:
    """A number ordering the cards of one trick: trumps above the led suit, other suits never win."""
    plain = RANKS[deck].index(rank_of(card))
    if is_right_bower(card, trump):
        return 200
    if is_left_bower(card, trump):
        return 199
    suit = suit_in_play(card, trump)
    if suit == trump:
        return 100 + plain
    if suit == led_suit:
        return plain
    return -1


def trick_winner(leader: int, cards: list[str], seats: list[int], trump: str, deck: str) -> int:
    """The seat whose card wins a finished trick; `seats` are the players in play order from the leader."""
    led_suit = suit_in_play(cards[0], trump)
    strengths = [trick_strength(card, trump, led_suit, deck) for card in cards]
    return seats[strengths.index(max(strengths))]


@dataclass
class Situation:
    """What the bidding and play so far settle: trump, makers, who sits out, whose turn it is."""

    phase: str
    to_act: int | None
    trump: str | None = None
    maker: int | None = None
    alone: bool = False
    ordered_up: bool = False
    dealer_takes_upcard: bool = False
    lone_defender: int | None = None
    sitting_out: set[int] = field(default_factory=set)
    first_leader: int | None = None
    void: bool = False


def defender_order(dealer: int, maker: int, options: dict) -> list[int]:
    """The two defenders in the order they are asked whether they defend alone."""
    start = left_of(maker) if options["lone_defender_order"] == "maker_left" else left_of(dealer)
    seats = [(start + k) % PLAYERS for k in range(PLAYERS)]
    return [seat for seat in seats if team_of(seat) != team_of(maker)]


def in_play(seat: int, sitting_out: set[int]) -> list[int]:
    """The seats taking part, clockwise from `seat` (itself first when it plays)."""
    seats = [(seat + k) % PLAYERS for k in range(PLAYERS)]
    return [s for s in seats if s not in sitting_out]


def first_leader(dealer: int, maker: int, alone: bool, lone_defender: int | None, options: dict) -> int:
    """Who leads the first trick."""
    sitting_out = sitters(maker, alone, lone_defender)
    if alone and options["lone_first_lead"] == "maker_left":
        return in_play(left_of(maker), sitting_out)[0]
    return in_play(left_of(dealer), sitting_out)[0]


def sitters(maker: int | None, alone: bool, lone_defender: int | None) -> set[int]:
    """The partners of a lone maker and of a lone defender."""
    out = set()
    if maker is not None and alone:
        out.add(partner(maker))
    if lone_defender is not None:
        out.add(partner(lone_defender))
    return out


def situation(state: dict, options: dict) -> Situation:
    """Read the phase and the seat to act off a state."""
    dealer = state["dealer"]
    bids = state.get("bidding") or []
    upcard = state["upcard"]
    making = next((i for i, bid in enumerate(bids) if bid["type"] in ("order_up", "call")), None)
    if making is None:
        passes = len(bids)
        if passes >= 2 * PLAYERS:
            return Situation(phase="over", to_act=None, void=True)
        phase = "bidding1" if passes < PLAYERS else "bidding2"
        return Situation(phase=phase, to_act=(dealer + 1 + passes) % PLAYERS)
    bid = bids[making]
    maker = (dealer + 1 + making) % PLAYERS
    alone = bool(bid.get("alone"))
    ordered_up = bid["type"] == "order_up"
    trump = printed_suit(upcard) if ordered_up else bid["suit"].upper()
    partner_alone = alone and maker == partner(dealer)
    takes = ordered_up and not (partner_alone and options["dealer_exchange_when_partner_alone"] == "none")
    sit = Situation(phase="", to_act=None, trump=trump, maker=maker, alone=alone, ordered_up=ordered_up,
                    dealer_takes_upcard=takes)
    if takes and state.get("dealer_discard") is None:
        sit.phase, sit.to_act = "discard", dealer
        return sit
    answers = bids[making + 1:]
    # The defenders answer a lone maker, or any maker under lone_defender_against any_maker.
    if options["lone_defender"] and (alone or options.get("lone_defender_against") == "any_maker"):
        asked = defender_order(dealer, maker, options)
        declared = [asked[i] for i, answer in enumerate(answers) if answer["type"] == "defend_alone"]
        if declared:
            sit.lone_defender = declared[0]
        elif len(answers) < len(asked):
            sit.phase, sit.to_act = "defend", asked[len(answers)]
            sit.sitting_out = sitters(maker, alone, None)
            return sit
    sit.sitting_out = sitters(maker, alone, sit.lone_defender)
    sit.first_leader = first_leader(dealer, maker, alone, sit.lone_defender, options)
    if len(state.get("tricks") or []) >= TRICKS_PER_HAND:
        sit.phase = "over"
        return sit
    trick = current_trick(state, sit.first_leader)
    seats = in_play(trick["leader"], sit.sitting_out)
    sit.phase, sit.to_act = "play", seats[len(trick["cards"])]
    return sit


def current_trick(state: dict, first: int) -> dict:
    """The trick being played; before the first card of the hand its leader is the first leader, whatever was sent."""
    trick = state.get("current_trick") or {}
    cards = list(trick.get("cards") or [])
    if not state.get("tricks") and not cards:
        return {"leader": first, "cards": []}
    return {"leader": trick["leader"], "cards": cards}


def legal_moves(state: dict, options: dict) -> list[dict]:
    """Every legal move of the seat to act, as move dicts without codes."""
    sit = situation(state, options)
    dealer = state["dealer"]
    if sit.phase == "bidding1":
        return [{"type": "pass"}, {"type": "order_up", "alone": False}, {"type": "order_up", "alone": True}]
    if sit.phase == "bidding2":
        turned_down = printed_suit(state["upcard"])
        calls = [{"type": "call", "suit": suit, "alone": alone}
                 for suit in SUITS if suit != turned_down for alone in (False, True)]
        stuck = options["stick_the_dealer"] and sit.to_act == dealer
        return calls if stuck else [{"type": "pass"}, *calls]
    if sit.phase == "discard":
        hand = state["hands"][dealer]
        keep_upcard = not options["dealer_may_discard_upcard"]
        return [{"type": "discard", "card": card} for card in dict.fromkeys(hand)
                if not (keep_upcard and card == state["upcard"])]
    if sit.phase == "defend":
        return [{"type": "pass"}, {"type": "defend_alone"}]
    if sit.phase == "play":
        hand = state["hands"][sit.to_act]
        cards = (state.get("current_trick") or {}).get("cards") or []
        if cards:
            led = suit_in_play(cards[0], sit.trump)
            following = [card for card in hand if suit_in_play(card, sit.trump) == led]
            if following:
                hand = following
        return [{"type": "play", "card": card} for card in hand]
    return []


def move_key(move: dict) -> tuple:
    """A move reduced to what decides it, so moves from either side compare equal."""
    kind = move["type"]
    if kind in ("order_up", "call"):
        return (kind, (move.get("suit") or "").upper(), bool(move.get("alone")))
    if kind in ("discard", "play"):
        return (kind, move["card"].upper().replace("T", "10"), False)
    return (kind, "", False)


def apply(state: dict, move: dict, options: dict) -> dict:
    """The state after a legal move of the seat to act."""
    sit = situation(state, options)
    new = copy.deepcopy(state)
    new.setdefault("bidding", [])
    new["bidding"] = list(new["bidding"] or [])
    seat = sit.to_act
    kind = move["type"]
    if sit.phase in ("bidding1", "bidding2", "defend"):
        bid = {"seat": seat, "type": kind}
        if kind in ("order_up", "call"):
            bid["alone"] = bool(move.get("alone"))
        if kind == "call":
            bid["suit"] = move["suit"].upper()
        new["bidding"].append(bid)
        if kind == "order_up":
            after = situation(new, options)
            if after.dealer_takes_upcard:
                new["hands"][state["dealer"]] = [*new["hands"][state["dealer"]], state["upcard"]]
    elif kind == "discard":
        hand = list(new["hands"][seat])
        hand.remove(move["card"])
        new["hands"][seat] = hand
        new["dealer_discard"] = move["card"]
    elif kind == "play":
        hand = list(new["hands"][seat])
        hand.remove(move["card"])
        new["hands"][seat] = hand
        trick = current_trick(new, sit.first_leader)
        trick["cards"].append(move["card"])
        seats = in_play(trick["leader"], sit.sitting_out)
        if len(trick["cards"]) == len(seats):
            winner = trick_winner(trick["leader"], trick["cards"], seats, sit.trump, options["deck"])
            new["tricks"] = [*(new.get("tricks") or []), {**trick, "winner": winner}]
            trick = {"leader": winner, "cards": []}
        new["current_trick"] = trick
    after = situation(new, options)
    if after.phase == "play":
        new["current_trick"] = current_trick(new, after.first_leader)
    return new


@dataclass
class HandScore:
    """The points a finished hand gives each team, the rules that give them, and the game after it."""

    teams: list[int]
    rules: list[str]
    void: bool
    maker_tricks: int | None
    game_scores: list[int] | None
    game_over: bool
    winner: int | None


def score(state: dict, options: dict) -> HandScore:
    """Score a finished hand: makers 3-4 tricks 1, march 2, lone march 4, euchred 2, by a lone defender 4."""
    sit = situation(state, options)
    teams = [0, 0]
    rules: list[str] = []
    maker_tricks = None
    if not sit.void:
        makers = team_of(sit.maker)
        maker_tricks = sum(1 for trick in state["tricks"] if team_of(trick["winner"]) == makers)
        if maker_tricks == TRICKS_PER_HAND:
            points, rule = (4, "euchre.scoring.lone-march") if sit.alone else (2, "euchre.scoring.march")
            teams[makers] = points
        elif maker_tricks >= 3:
            points, rule = 1, "euchre.scoring.makers-point"
            teams[makers] = points
        elif sit.lone_defender is not None:
            points, rule = 4, "euchre.scoring.lone-defender-euchre"
            teams[1 - makers] = points
        else:
            points, rule = 2, "euchre.scoring.euchred"
            teams[1 - makers] = points
        rules.append(rule)
    game_scores = None
    game_over = False
    winner = None
    if state.get("score") is not None:
        game_scores = [before + gained for before, gained in zip(state["score"], teams)]
        reached = [team for team in (0, 1) if game_scores[team] >= options["target"]]
        game_over = bool(reached)
        winner = reached[0] if reached else None
    return HandScore(teams, rules, sit.void, maker_tricks, game_scores, game_over, winner)

