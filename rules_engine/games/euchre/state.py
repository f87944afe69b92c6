"""A Euchre position: reading it, proving it reachable, working out who acts, and writing it back.

The state is the contract's euchre state. Its phase follows from it: bidding1 and bidding2 while
trump is open, discard while the dealer holds six cards, defend while a defender may still answer a
lone maker (option lone_defender only), play, and over (five tricks played or the hand thrown in).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import SUIT, SUIT_NAMES, card_name
from ...errors import invalid
from ...game import Ruleset
from ...parsing import HiddenHand, read_card, read_int, read_list, read_object, reject_unknown
from ...trick_taking import NO_TRUMPS, Play, PlayRuleIds, Trick, dump_play, play_order, read_hands, read_play
from .bidding import Auction, read_bidding
from .ranking import DECKS, TRICK_RULES

IDS = PlayRuleIds(
    deck="euchre.deal.deck", hand_size="euchre.play.hand-size", lead="euchre.play.lead",
    follow_suit="euchre.play.follow-suit", trick_winner="euchre.play.trick-winner", turn="euchre.play.turn",
    card_held="euchre.play.card-held", trick_size="euchre.play.trick-size",
)
STATE_FIELDS = frozenset({"dealer", "upcard", "hands", "bidding", "dealer_discard", "tricks", "current_trick", "score"})
HAND_SIZE = 5
TRICKS_PER_HAND = 5
PRE_PLAY = frozenset({"bidding1", "bidding2", "discard", "defend"})


@dataclass(slots=True)
class EuchreState:
    """A position of one Euchre hand, with the phase and the seat to act worked out."""

    dealer: int
    upcard: str
    auction: Auction
    dealer_discard: str | None
    play: Play
    score: tuple[int, int] | None
    phase: str
    to_act: int | None

    @property
    def hands(self) -> list:
        """The cards each seat holds now (a list, or HiddenHand)."""
        return self.play.hands


def exchange_due(auction: Auction, dealer: int, options: dict) -> bool:
    """Whether the dealer takes the upcard and discards in this hand."""
    if auction.stage != "made" or auction.round != 1:
        return False
    partner_alone = auction.alone and auction.maker == (dealer + 2) % 4
    return not partner_alone or options["dealer_exchange_when_partner_alone"] == "exchange"


def first_leader(dealer: int, seats: tuple[int, ...]) -> int:
    """The first seat in play clockwise from the dealer's left."""
    seat = (dealer + 1) % 4
    while seat not in seats:
        seat = (seat + 1) % 4
    return seat


def locate(auction: Auction, dealer: int, dealer_discard: str | None, play: Play | None,
           options: dict) -> tuple[str, int | None]:
    """The phase and the seat to act; without a play, a hand past the bidding answers "play"."""
    stage = auction.stage
    if stage == "bidding1" or stage == "bidding2":
        return stage, auction.next_bidder
    if stage == "void":
        return "over", None
    if dealer_discard is None and exchange_due(auction, dealer, options):
        return "discard", dealer
    if auction.next_bidder is not None:
        return "defend", auction.next_bidder
    if play is None:
        return "play", None
    if len(play.tricks) == TRICKS_PER_HAND:
        return "over", None
    current = play.current
    seats = play.seats
    return "play", seats[(seats.index(current.leader) + len(current.cards)) % len(seats)]


def new_play(hands: list, auction: Auction, dealer: int) -> Play:
    """A play with no card played yet, for the seats that will take part."""
    seats = auction.seats
    return Play(hands, [], [], Trick(first_leader(dealer, seats), ()), seats, [set(), set(), set(), set()])


def build(dealer: int, upcard: str, auction: Auction, dealer_discard: str | None, play: Play,
          score: tuple[int, int] | None, options: dict) -> EuchreState:
    """Assemble a state and work out its phase."""
    phase, to_act = locate(auction, dealer, dealer_discard, play, options)
    return EuchreState(dealer, upcard, auction, dealer_discard, play, score, phase, to_act)


# -- reading ---------------------------------------------------------------------------------
def read_state(rs: Ruleset, raw: object) -> EuchreState:
    """Parse a submitted position and check that legal play could have reached it."""
    options = rs.options
    raw = read_object(raw, ("state",))
    reject_unknown(raw, STATE_FIELDS, ("state",))
    deck = DECKS[options["deck"]]
    if "dealer" not in raw:
        raise invalid(("state", "dealer"), "required: the seat that dealt this hand")
    dealer = read_int(raw["dealer"], ("state", "dealer"), 0, 3)
    if "upcard" not in raw:
        raise invalid(("state", "upcard"), "required: the card the dealer turned up")
    upcard = read_card(raw["upcard"], ("state", "upcard"))
    if upcard not in deck:
        raise invalid(("state", "upcard"), f"the {_name(upcard)} is not in the {options['deck']}-card pack", IDS.deck)
    score = read_score(raw.get("score"), ("state", "score"), options["target"])
    auction = read_bidding(raw.get("bidding"), dealer, upcard, options)
    dealer_discard = _read_discard(raw.get("dealer_discard"), auction, dealer, upcard, options, deck)
    phase, _ = locate(auction, dealer, dealer_discard, None, options)
    if phase == "discard" and auction.bids[-1].type not in ("order_up", "call"):
        raise invalid(("state", "bidding"), "the defenders answer a lone maker only after the dealer has "
                      "discarded", "euchre.alone.lone-defender")
    sizes = [HAND_SIZE] * 4
    if phase == "discard":
        sizes[dealer] = HAND_SIZE + 1
    hands = read_hands(raw.get("hands"), 4, max(sizes))
    if phase in PRE_PLAY or auction.stage == "void":
        _check_no_play(raw, auction)
        play_raw = _EMPTY_PLAY
        rules = NO_TRUMPS
    else:
        play_raw = raw
        rules = TRICK_RULES[auction.trump]
    seats = auction.seats
    play = read_play(play_raw, players=4, seats=seats, first_leader=first_leader(dealer, seats), hand_sizes=sizes,
                     deck=deck, rules=rules, ids=IDS, hands=hands)
    _check_kitty(play, auction, dealer, upcard, dealer_discard, options)
    return build(dealer, upcard, auction, dealer_discard, play, score, options)


_EMPTY_PLAY = {"tricks": [], "current_trick": None}


def read_score(value: object, pointer: tuple, target: int) -> tuple[int, int] | None:
    """Read the game score by team before this hand; a score at the target would have ended the game."""
    if value is None:
        return None
    items = read_list(value, pointer)
    if len(items) != 2:
        raise invalid(pointer, f"must hold one total per team: 2, not {len(items)}")
    totals = tuple(read_int(v, pointer + (i,), 0) for i, v in enumerate(items))
    for team, total in enumerate(totals):
        if total >= target:
            raise invalid(pointer + (team,), f"team {team} already has {total} points, the game (to {target}) "
                          "is over and no new hand is dealt", "euchre.game.target")
    return totals  # type: ignore[return-value]


def _read_discard(value: object, auction: Auction, dealer: int, upcard: str, options: dict,
                  deck: dict) -> str | None:
    if value is None:
        return None
    pointer = ("state", "dealer_discard")
    card = read_card(value, pointer)
    if card not in deck:
        raise invalid(pointer, f"the {_name(card)} is not in the {options['deck']}-card pack", IDS.deck)
    if not exchange_due(auction, dealer, options):
        if auction.stage == "made" and auction.round == 1:
            reason = ("the dealer's partner went alone, so the dealer sits out without taking the upcard "
                      "(option dealer_exchange_when_partner_alone is none)")
            rule = "euchre.alone.dealer-exchange"
        elif auction.stage == "made":
            reason = "trump was named in the second round, when no card changes hands"
            rule = "euchre.bidding.second-round"
        else:
            reason = "nobody has ordered up the upcard"
            rule = "euchre.bidding.order-up"
        raise invalid(pointer, f"the dealer has not discarded: {reason}", rule)
    if card == upcard and not options["dealer_may_discard_upcard"]:
        raise invalid(pointer, f"the dealer must keep the upcard ({_name(upcard)}) under option "
                      "dealer_may_discard_upcard false", "euchre.bidding.dealer-discard")
    return card


def _check_no_play(raw: dict, auction: Auction) -> None:
    if auction.stage == "void":
        reason, rule = "the hand was thrown in before anyone made trump", "euchre.bidding.void-hand"
    else:
        reason, rule = "no card is played until trump is made, the dealer has discarded and any lone defender has spoken", "euchre.play.trick-size"
    tricks = raw.get("tricks")
    if tricks is not None and read_list(tricks, ("state", "tricks")):
        raise invalid(("state", "tricks"), reason, rule)
    current = raw.get("current_trick")
    if current is None:
        return
    pointer = ("state", "current_trick")
    current = read_object(current, pointer)
    reject_unknown(current, {"leader", "cards"}, pointer)
    # Before the play the leader may still change (a lone hand moves the lead), so it is only checked for type.
    if current.get("leader") is not None:
        read_int(current["leader"], pointer + ("leader",), 0, 3)
    if read_list(current.get("cards", []), pointer + ("cards",)):
        raise invalid(pointer + ("cards",), reason, rule)


def _check_kitty(play: Play, auction: Auction, dealer: int, upcard: str, dealer_discard: str | None,
                 options: dict) -> None:
    """The upcard and the dealer's discard are where the bidding put them, and nowhere else."""
    out: list[tuple[str, str, str]] = []
    if dealer_discard is not None:
        out.append((dealer_discard, "the dealer discarded it face down", "euchre.bidding.dealer-discard"))
    taken = exchange_due(auction, dealer, options)
    if not taken:
        if auction.stage == "bidding1":
            why, rule = "it is the upcard, face up on the pack", "euchre.bidding.order-up"
        elif auction.stage == "made" and auction.round == 1:
            why, rule = "it is the upcard, left on the pack while the dealer sits out", "euchre.alone.dealer-exchange"
        else:
            why, rule = "it is the upcard, turned face down after round one", "euchre.bidding.second-round"
        out.append((upcard, why, rule))
    for card, why, rule in out:
        _nowhere(play, card, why, rule)
    if taken and upcard != dealer_discard:
        _with_dealer(play, upcard, dealer)


def _nowhere(play: Play, card: str, why: str, rule: str) -> None:
    for seat, hand in enumerate(play.hands):
        if type(hand) is not HiddenHand and card in hand:
            raise invalid(("state", "hands", seat), f"seat {seat} holds the {card_name(card)}, but {why}", rule)
    for index, trick in enumerate(play.tricks):
        if card in trick.cards:
            raise invalid(("state", "tricks", index, "cards"), f"the {card_name(card)} was played, but {why}", rule)
    if card in play.current.cards:
        raise invalid(("state", "current_trick", "cards"), f"the {card_name(card)} was played, but {why}", rule)


def _with_dealer(play: Play, upcard: str, dealer: int) -> None:
    rule = "euchre.bidding.order-up"
    for seat, hand in enumerate(play.hands):
        if seat != dealer and type(hand) is not HiddenHand and upcard in hand:
            raise invalid(("state", "hands", seat), f"seat {seat} holds the {card_name(upcard)}, but the dealer "
                          f"(seat {dealer}) took it as the upcard", rule)
    tricks = [(("state", "tricks", i, "cards"), t) for i, t in enumerate(play.tricks)]
    tricks.append((("state", "current_trick", "cards"), play.current))
    for pointer, trick in tricks:
        if upcard in trick.cards:
            seat = play_order(trick.leader, play.seats)[trick.cards.index(upcard)]
            if seat != dealer:
                raise invalid(pointer, f"seat {seat} played the {card_name(upcard)}, but the dealer (seat {dealer}) "
                              "took it as the upcard", rule)
            return
    hand = play.hands[dealer]
    if type(hand) is not HiddenHand and upcard not in hand:
        raise invalid(("state", "hands", dealer), f"the dealer took the upcard ({card_name(upcard)}), kept it and "
                      "has not played it, so it must be in the dealer's hand", rule)


def _name(card: str) -> str:
    return card_name(card) if card in SUIT else card


# -- writing ---------------------------------------------------------------------------------
def dump_state(state: EuchreState) -> dict:
    """The contract's JSON form of a state."""
    play = dump_play(state.play)
    dumped = {"dealer": state.dealer, "upcard": state.upcard, "hands": play["hands"],
              "bidding": [bid.as_dict() for bid in state.auction.bids]}
    if state.dealer_discard is not None:
        dumped["dealer_discard"] = state.dealer_discard
    dumped["tricks"] = play["tricks"]
    dumped["current_trick"] = play["current_trick"]
    if state.score is not None:
        dumped["score"] = list(state.score)
    return dumped


def describe_trump(auction: Auction) -> str:
    """Trump and who made it, in words."""
    alone = " alone" if auction.alone else ""
    return f"{SUIT_NAMES[auction.trump]} (made by seat {auction.maker}{alone})"
