"""Euchre's moves: reading them, listing the legal ones, saying why one is refused, and making them.

Listing and refusing share their checks (bid_problem, the discard check, check_play), so the
legal moves and the verdict of /validate-move cannot disagree.
"""

from __future__ import annotations

from ...cards import SUIT, SUIT_NAMES, card_name
from ...errors import invalid
from ...game import Outcome, Violation
from ...parsing import HiddenHand, read_bool, read_card, read_int, read_object, read_str
from ...trick_taking import (
    check_play, hidden_plays, is_hidden_to_play, legal_plays, play_card, unverified_play, where_shown, without_card,
)
from .bidding import SUIT_CODES, Bid, advance, bid_problem, read_suit, stage_name
from .ranking import DECKS, EFFECTIVE_SUIT, LEFT_BOWER, TRICK_RULES, left_bower
from .scoring import score
from .state import IDS, EuchreState, build, describe_trump, exchange_due, new_play, sight

MOVE_TYPES = ("pass", "order_up", "call", "discard", "play", "defend_alone")
_MOVE_FIELDS = {
    "pass": frozenset({"type", "seat"}),
    "order_up": frozenset({"type", "seat", "alone"}),
    "call": frozenset({"type", "seat", "suit", "alone"}),
    "discard": frozenset({"type", "seat", "card"}),
    "play": frozenset({"type", "seat", "card"}),
    "defend_alone": frozenset({"type", "seat"}),
}
# A move copied from a /legal-moves answer carries these too; they say nothing the fields do not.
_ECHOED = frozenset({"code", "rules", "unverified"})
DISCARD = "euchre.bidding.dealer-discard"
# The discard of a dealer whose hand is hidden, made face down: nobody else sees the card.
FACE_DOWN = HiddenHand(1)
PHASE_MOVES = {
    "bidding1": ("pass", "order_up"), "bidding2": ("pass", "call"), "discard": ("discard",),
    "defend": ("pass", "defend_alone"), "play": ("play",),
}
PHASE_RULE = {
    "bidding1": "euchre.bidding.first-round", "bidding2": "euchre.bidding.second-round",
    "discard": "euchre.bidding.dealer-discard", "defend": "euchre.alone.lone-defender", "play": "euchre.play.turn",
}
TURN_RULE = {**PHASE_RULE, "bidding1": "euchre.bidding.turn", "bidding2": "euchre.bidding.turn"}
ALONE = "euchre.alone.going-alone"
LEFT = "euchre.play.left-bower"


# -- reading ---------------------------------------------------------------------------------
def read_move(raw: object) -> dict:
    """Parse a move into its canonical form."""
    raw = read_object(raw, ("move",))
    kind = read_str(raw.get("type"), ("move", "type"), MOVE_TYPES)
    allowed = _MOVE_FIELDS[kind]
    for key in raw:
        if key not in allowed and key not in _ECHOED:
            raise invalid(("move", key), f"unknown field for a {kind} move")
    move: dict = {"type": kind}
    if kind in ("order_up", "call"):
        if kind == "call":
            if "suit" not in raw:
                raise invalid(("move", "suit"), "required: the suit to name as trump (C, D, H or S)")
            move["suit"] = read_suit(raw["suit"], ("move", "suit"))
        move["alone"] = read_bool(raw["alone"], ("move", "alone")) if raw.get("alone") is not None else False
    elif kind == "play" or (kind == "discard" and raw.get("card") is not None):
        if "card" not in raw:
            raise invalid(("move", "card"), "required: the card to play")
        move["card"] = read_card(raw["card"], ("move", "card"))
    if raw.get("seat") is not None:
        move["seat"] = read_int(raw["seat"], ("move", "seat"), 0, 3)
    return move


# -- listing ---------------------------------------------------------------------------------
def legal_moves(state: EuchreState, options: dict) -> list[dict]:
    """Every legal move of the seat to act, each with its code and the rules that allow it."""
    phase = state.phase
    if phase == "play":
        return _legal_plays(state, options)
    if phase == "bidding1":
        rules = ["euchre.bidding.first-round"]
        return [_listed({"type": "pass"}, "pass", rules)] + [
            _listed({"type": "order_up", "alone": alone}, "order_up:alone" if alone else "order_up",
                    rules + ["euchre.bidding.order-up"] + [ALONE] * alone)
            for alone in (False, True)]
    if phase == "bidding2":
        return _second_round(state, options)
    if phase == "discard":
        if type(state.hands[state.dealer]) is HiddenHand:
            return [{**_listed({"type": "discard"}, "discard", [DISCARD]), "unverified": [DISCARD]}]
        return [_listed({"type": "discard", "card": card}, "discard:" + card, [DISCARD])
                for card in _discardable(state, options)]
    if phase == "defend":
        rules = ["euchre.alone.lone-defender"]
        return [_listed({"type": "pass"}, "pass", rules), _listed({"type": "defend_alone"}, "defend_alone", rules)]
    return []


def _listed(move: dict, code: str, rules: list[str]) -> dict:
    move["code"] = code
    move["rules"] = rules
    return move


def _second_round(state: EuchreState, options: dict) -> list[dict]:
    turned = SUIT[state.upcard]
    stuck = state.to_act == state.dealer and options["stick_the_dealer"]
    rules = ["euchre.bidding.second-round"]
    moves = []
    if not stuck:
        moves.append(_listed({"type": "pass"}, "pass",
                             rules + ["euchre.bidding.void-hand"] * (state.to_act == state.dealer)))
    call_rules = rules + ["euchre.bidding.turned-down-suit"] + ["euchre.bidding.stick-the-dealer"] * stuck
    for suit in SUIT_CODES:
        if suit != turned:
            for alone in (False, True):
                moves.append(_listed({"type": "call", "suit": suit, "alone": alone},
                                     f"call:{suit}:alone" if alone else f"call:{suit}", call_rules + [ALONE] * alone))
    return moves


def _discardable(state: EuchreState, options: dict) -> list[str]:
    keep_upcard = not options["dealer_may_discard_upcard"]
    return [card for card in dict.fromkeys(state.hands[state.dealer]) if not (keep_upcard and card == state.upcard)]


def _legal_plays(state: EuchreState, options: dict) -> list[dict]:
    trump = state.auction.trump
    why = ["euchre.play.follow-suit"] if state.play.current.cards else ["euchre.play.lead"]
    left = LEFT_BOWER[trump]
    if is_hidden_to_play(state.play):
        return [{"type": "play", "card": card, "code": _PLAY_CODE[card], "rules": why + [LEFT] if card == left else why,
                 "unverified": unverified}
                for card, unverified in hidden_plays(state.play, TRICK_RULES[trump], IDS, sight(state, options))]
    cards, _ = legal_plays(state.play, TRICK_RULES[trump])
    return [{"type": "play", "card": card, "code": _PLAY_CODE[card], "rules": why + [LEFT] if card == left else why}
            for card in cards]


_PLAY_CODE = {card: "play:" + card for card in DECKS["32"]}


# -- judging ---------------------------------------------------------------------------------
def check_move(state: EuchreState, move: dict, options: dict) -> list[Violation]:
    """Every rule the move breaks here; empty when it is legal."""
    phase, to_act = state.phase, state.to_act
    seat = move.get("seat")
    if seat is not None and seat != to_act:
        return [_wrong_seat(state, seat)]
    kind = move["type"]
    if kind not in PHASE_MOVES[phase]:
        found = [Violation(PHASE_RULE[phase], _phase_message(state, kind))]
        if kind == "defend_alone":
            found.append(Violation("euchre.alone.lone-defender", _no_lone_defence(state, options)))
        return found
    if phase == "play":
        return _check_card(state, move["card"], options)
    if phase == "discard":
        return _check_discard(state, move.get("card"), options)
    bid = Bid(to_act, kind, move.get("suit"), move.get("alone", False))
    problem = bid_problem(stage_name(state.auction), bid, state.dealer, state.upcard, options)
    return [] if problem is None else [Violation(*problem)]


def _no_lone_defence(state: EuchreState, options: dict) -> str:
    """Why no defender may declare to defend alone here, by the rule that allows it."""
    auction = state.auction
    if not options["lone_defender"]:
        return "Defending alone is played only with the option lone_defender, which is off here."
    if auction.maker is None:
        return "Nobody can defend alone before anyone has made trump."
    if not auction.alone and options["lone_defender_against"] == "lone_maker":
        return (f"A defender may defend alone only against a maker playing alone; seat {auction.maker} plays "
                f"with its partner.")
    return "The defenders say whether to defend alone right after the dealer's discard, before the first lead."


def _wrong_seat(state: EuchreState, seat: int) -> Violation:
    auction = state.auction
    if auction.stage == "made" and auction.sits_out(seat):
        rule = ALONE if (seat + 2) % 4 == auction.maker else "euchre.alone.lone-defender"
        return Violation(rule, f"{auction.absence(seat).capitalize()}, so it makes no move this hand; "
                               f"{_acting(state)}.")
    return Violation(TURN_RULE[state.phase], f"It is seat {state.to_act}'s turn, not seat {seat}'s.")


def _acting(state: EuchreState) -> str:
    """Who acts now and how, in words."""
    seat, phase = state.to_act, state.phase
    if phase == "play":
        return f"seat {seat} {'leads' if not state.play.current.cards else 'plays next'}"
    if phase == "discard":
        return f"seat {seat}, the dealer, discards"
    return f"seat {seat} says whether to defend alone"


def _phase_message(state: EuchreState, kind: str) -> str:
    phase, seat = state.phase, state.to_act
    if phase == "bidding1":
        now = f"it is the first round of bidding: seat {seat} may pass or order up the {card_name(state.upcard)}"
    elif phase == "bidding2":
        now = (f"it is the second round of bidding: seat {seat} may pass or name a suit other than "
               f"{SUIT_NAMES[SUIT[state.upcard]]}")
    elif phase == "discard":
        now = f"the dealer, seat {seat}, took the upcard and must now discard one card"
    elif phase == "defend":
        now = f"seat {seat} must say whether to defend alone against the lone maker, or pass"
    else:
        now = f"trump is {describe_trump(state.auction)}, the bidding is over and seat {seat} plays a card"
    return f"No {kind.replace('_', ' ')} now: {now}."


def _check_discard(state: EuchreState, card: str | None, options: dict) -> list[Violation]:
    rule = DISCARD
    if type(state.hands[state.dealer]) is HiddenHand:
        problem = None if card is None else _hidden_discard_problem(state, card, options)
        if problem:
            return [Violation(rule, problem)]
    elif card is None:
        return [Violation(rule, f"The dealer's hand (seat {state.dealer}) is shown, so the discard names the card "
                                "it puts out of play; only a hidden hand discards without naming it.")]
    elif card not in state.hands[state.dealer]:
        return [Violation(rule, f"The dealer, seat {state.dealer}, does not hold the {card_name(card)}.")]
    if card == state.upcard and not options["dealer_may_discard_upcard"]:
        return [Violation(rule, f"The dealer must keep the {card_name(card)} just taken up and discard another "
                                "card (option dealer_may_discard_upcard is false).")]
    return []


def _hidden_discard_problem(state: EuchreState, card: str, options: dict) -> str | None:
    """Why a hidden dealer cannot be discarding the named card, as far as the cards shown tell; None if it may."""
    if card not in DECKS[options["deck"]]:
        return f"The {card_name(card)} is not in the {options['deck']}-card pack."
    where = where_shown(state.play, card)
    if where:
        return f"The dealer, seat {state.dealer}, cannot hold the {card_name(card)}: it is already {where}."
    return None


def _check_card(state: EuchreState, card: str, options: dict) -> list[Violation]:
    trump = state.auction.trump
    rules = TRICK_RULES[trump]
    seen = sight(state, options) if is_hidden_to_play(state.play) else None
    found = check_play(state.play, None, card, rules, IDS, seen)
    if not any(v.rule == IDS.follow_suit for v in found):
        return found
    # Where the left bower is what the dispute turns on (led, played, or held to follow), cite its rule too.
    left = left_bower(trump)
    led = state.play.led_suit(rules)
    held = seen.known(state.to_act) if seen else state.hands[state.to_act]
    following = [c for c in held if EFFECTIVE_SUIT[trump][c] == led]
    if left in (state.play.current.cards[:1] + (card,)) or left in following:
        trumps, printed = SUIT_NAMES[trump], SUIT_NAMES[SUIT[left]]
        found.append(Violation(LEFT, f"The {card_name(left)} is the left bower: for this whole hand it is one of "
                                     f"the {trumps}, never one of the {printed}."))
    return found


# -- making moves ----------------------------------------------------------------------------
def apply_move(state: EuchreState, move: dict, options: dict) -> Outcome:
    """The position after a legal move and the events it caused."""
    if state.phase == "play":
        return _apply_play(state, move["card"], options)
    if state.phase == "discard":
        return _apply_discard(state, move.get("card"), options)
    return _apply_bid(state, Bid(state.to_act, move["type"], move.get("suit"), move.get("alone", False)), options)


def _apply_bid(state: EuchreState, bid: Bid, options: dict) -> Outcome:
    dealer = state.dealer
    auction = advance(state.auction, bid, dealer, state.upcard, options)
    listed = next((m for m in legal_moves(state, options) if _matches(m, bid)), None)
    events: list[dict] = [{"type": "bid", "seat": bid.seat, "bid": bid.as_dict(),
                           "rules": listed["rules"] if listed else [PHASE_RULE[state.phase]]}]
    hands = list(state.hands)
    if bid.type in ("order_up", "call"):
        events.append({"type": "trump_made", "suit": auction.trump, "maker": auction.maker, "makers": auction.makers,
                       "alone": auction.alone, "rules": events[0]["rules"]})
        if exchange_due(auction, dealer, options):
            hand = hands[dealer]
            hands[dealer] = (HiddenHand(hand.count + 1) if type(hand) is HiddenHand else hand + [state.upcard])
            events.append({"type": "upcard_taken", "seat": dealer, "card": state.upcard,
                           "rules": ["euchre.bidding.order-up"]})
        if auction.alone:
            partner = (auction.maker + 2) % 4
            exchange_rule = ["euchre.alone.dealer-exchange"] if partner == dealer and auction.round == 1 else []
            events.append({"type": "sits_out", "seat": partner, "rules": [ALONE, *exchange_rule]})
    elif bid.type == "defend_alone":
        events.append({"type": "sits_out", "seat": (bid.seat + 2) % 4, "rules": ["euchre.alone.lone-defender"]})
    elif auction.stage == "bidding2" and len(auction.bids) == 4:
        events.append({"type": "upcard_turned_down", "card": state.upcard, "rules": ["euchre.bidding.second-round"]})
    after = build(dealer, state.upcard, auction, state.dealer_discard, new_play(hands, auction, dealer, options),
                  state.score, options)
    if auction.stage == "void":
        events.append({"type": "hand_void", "next_dealer": (dealer + 1) % 4,
                       "rules": ["euchre.bidding.void-hand", "euchre.deal.rotation"]})
        events.append(_hand_over(after, options))
    return Outcome(after, events)


def _matches(listed: dict, bid: Bid) -> bool:
    return (listed["type"] == bid.type and listed.get("suit") == bid.suit
            and listed.get("alone", False) == bid.alone)


def _apply_discard(state: EuchreState, card: str | None, options: dict) -> Outcome:
    dealer = state.dealer
    hands = list(state.hands)
    hands[dealer] = without_card(hands[dealer], card)
    after = build(dealer, state.upcard, state.auction, card or FACE_DOWN,
                  new_play(hands, state.auction, dealer, options), state.score, options)
    event = {"type": "discard", "seat": dealer, "card": card, "rules": [DISCARD]}
    return Outcome(after, [event if card else {key: value for key, value in event.items() if key != "card"}])


def unverified(state: EuchreState, move: dict, options: dict) -> list[str]:
    """The rules a verdict on the move leaves unchecked because the cards they need are hidden."""
    kind = move["type"]
    if kind == "play" and state.phase == "play" and is_hidden_to_play(state.play):
        rules = TRICK_RULES[state.auction.trump]
        return unverified_play(state.play, move["card"], rules, IDS, sight(state, options))
    hidden_dealer = type(state.hands[state.dealer]) is HiddenHand
    if kind == "discard" and state.phase == "discard" and hidden_dealer and move.get("card") != state.upcard:
        return [DISCARD]
    return []


def _apply_play(state: EuchreState, card: str, options: dict) -> Outcome:
    seat = state.to_act
    trump = state.auction.trump
    play, trick, winner = play_card(state.play, card, TRICK_RULES[trump])
    after = build(state.dealer, state.upcard, state.auction, state.dealer_discard, play, state.score, options)
    rules = ["euchre.play.turn"] + ["euchre.play.left-bower"] * (EFFECTIVE_SUIT[trump][card] != SUIT[card])
    events: list[dict] = [{"type": "card_played", "seat": seat, "card": card, "rules": rules}]
    if trick is not None:
        events.append({"type": "trick_won", "seat": winner, "team": winner % 2, "cards": list(trick.cards),
                       "leader": trick.leader, "rules": ["euchre.play.trick-winner", "euchre.play.trump-order"]})
        if after.phase == "over":
            events.append(_hand_over(after, options))
    return Outcome(after, events)


def _hand_over(state: EuchreState, options: dict) -> dict:
    scored = score(state, options["target"])
    event = {"type": "hand_over", "teams": scored["teams"], "scores": scored["scores"], "void": scored["void"],
             "next_dealer": scored["next_dealer"], "rules": [line["rule"] for line in scored["lines"]]}
    for key in ("game_scores", "game_over", "winner"):
        if key in scored:
            event[key] = scored[key]
    return event
