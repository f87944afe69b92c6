"""Four-player partnership Euchre behind the common game interface."""

from __future__ import annotations

import random

from ...game import Game, Outcome, Ruleset, Turn, Variant, Violation
from ...parsing import read_int, read_str, reject_unknown
from ...seat_view import others_hidden
from ...trick_taking import settled_later
from . import moves
from .bidding import opening
from .ranking import DECK_ORDER
from .rules import OPTIONS, RULEBOOK
from .scoring import hand_points, score
from .state import EuchreState, build, dump_state, new_play, read_score, read_state

BATCHES = {"3-2": (3, 2), "2-3": (2, 3)}
SETUP_FIELDS = frozenset({"dealer", "score", "batches"})
_SITUATION = {
    "bidding1": ["euchre.bidding.turn", "euchre.bidding.first-round", "euchre.bidding.order-up",
                 "euchre.alone.going-alone"],
    "discard": ["euchre.bidding.dealer-discard"],
    "defend": ["euchre.alone.lone-defender"],
}


class Euchre(Game):
    """Four-player partnership Euchre (North American), with a 32- or 24-card pack."""

    slug = "euchre"
    settled_later = settled_later("euchre")
    title = "Euchre"
    summary = ("Four players in two partnerships make trump from a turned-up card, then try to take three "
               "of five tricks, with the two jacks of the trump colour as the top trumps; first team to 10.")
    variants = (Variant("standard", "Euchre", 4, 4, "North American partnership Euchre: two rounds of "
                        "bidding, going alone, right and left bowers.", default_players=4),)
    options = OPTIONS
    phases = ("bidding1", "bidding2", "discard", "defend", "play", "over")
    move_types = {
        "pass": "Decline to make trump (either round), or decline to defend alone.",
        "order_up": "Round one: accept the upcard's suit as trump; the dealer takes the upcard. {alone}",
        "call": "Round two: name a suit other than the turned-down one as trump. {suit, alone}",
        "discard": "The dealer, after taking the upcard, puts one card out of play. {card}",
        "defend_alone": "With option lone_defender: a defender plays alone against a lone maker.",
        "play": "Play a card to the current trick. {card}",
    }
    rulebook = RULEBOOK

    # -- reading and writing ---------------------------------------------------------------
    def read_state(self, rs: Ruleset, raw: object) -> EuchreState:
        return read_state(rs, raw)

    def dump_state(self, rs: Ruleset, state: EuchreState) -> dict:
        return dump_state(state)

    def read_move(self, rs: Ruleset, raw: object) -> dict:
        return moves.read_move(raw)

    # -- play ------------------------------------------------------------------------------
    def turn(self, rs: Ruleset, state: EuchreState) -> Turn:
        return Turn(state.to_act, state.phase)

    def legal_moves(self, rs: Ruleset, state: EuchreState) -> list[dict]:
        return moves.legal_moves(state, rs.options)

    def check_move(self, rs: Ruleset, state: EuchreState, move: dict) -> list[Violation]:
        return moves.check_move(state, move, rs.options)

    def apply_move(self, rs: Ruleset, state: EuchreState, move: dict) -> Outcome:
        return moves.apply_move(state, move, rs.options)

    def unverified(self, rs: Ruleset, state: EuchreState, move: dict | None = None) -> list[str]:
        # A listing's unverified rules are its moves' own (answers gathers them).
        return moves.unverified(state, move, rs.options) if move is not None else []

    def score(self, rs: Ruleset, state: EuchreState) -> dict:
        return score(state, rs.options["target"])

    def view_state(self, rs: Ruleset, state: dict, seat: int) -> dict:
        seen = {**state, "hands": others_hidden(state["hands"], seat)}
        if type(state.get("dealer_discard")) is str and state["dealer"] != seat:
            seen["dealer_discard"] = {"count": 1}
        return seen

    def view_moves(self, rs: Ruleset, before: dict, move: dict, after: dict, seat: int) -> list[dict]:
        if move["type"] == "discard" and before["dealer"] != seat:
            return [{key: value for key, value in move.items() if key != "card"}]     # made face down
        return [move]

    def view_events(self, rs: Ruleset, events: list[dict], seat: int) -> list[dict]:
        return [{**event, "card": None} if event["type"] == "discard" and event.get("seat") != seat else event
                for event in events]

    def new_game_setup(self, rs: Ruleset, players: int) -> dict:
        return {"score": [0, 0]}

    def next_setup(self, rs: Ruleset, state: EuchreState, score: dict | None) -> dict[str, tuple[object, str]]:
        found = {"dealer": ((state.dealer + 1) % 4, "euchre.deal.rotation")}
        if score is not None and score.get("game_scores") is not None:
            found["score"] = (score["game_scores"], "euchre.game.target")
        return found

    def situation_rules(self, rs: Ruleset, state: EuchreState) -> list[str]:
        phase = state.phase
        if phase in _SITUATION:
            return list(_SITUATION[phase])
        if phase == "bidding2":
            last = ("euchre.bidding.stick-the-dealer" if rs.options["stick_the_dealer"]
                    else "euchre.bidding.void-hand")
            return ["euchre.bidding.turn", "euchre.bidding.second-round", "euchre.bidding.turned-down-suit", last]
        if phase == "play":
            first = "euchre.play.lead" if not state.play.current.cards else "euchre.play.follow-suit"
            return [first, "euchre.play.left-bower", "euchre.play.trick-winner", "euchre.play.trump-order"]
        if state.auction.stage == "void":
            return ["euchre.bidding.void-hand", "euchre.deal.rotation"]
        found = hand_points(state)
        return [found[2]] if found else []

    # -- dealing ---------------------------------------------------------------------------
    def deal(self, rs: Ruleset, players: int, seed: int, setup: dict) -> EuchreState:
        reject_unknown(setup, SETUP_FIELDS, ("setup",))
        dealer = read_int(setup.get("dealer", 0), ("setup", "dealer"), 0, 3)
        game_score = read_score(setup.get("score"), ("setup", "score"), rs.options["target"])
        batches = BATCHES[read_str(setup.get("batches", "3-2"), ("setup", "batches"), tuple(BATCHES))]
        cards = list(DECK_ORDER[rs.options["deck"]])
        random.Random(seed).shuffle(cards)
        hands: list[list[str]] = [[], [], [], []]
        position = 0
        for size in batches:
            for step in range(1, 5):
                hands[(dealer + step) % 4].extend(cards[position:position + size])
                position += size
        # The Ultimate Book of Card Games takes the upcard from the bottom of the pack.
        upcard = cards[-1]
        auction = opening(dealer)
        return build(dealer, upcard, auction, None, new_play(hands, auction, dealer, rs.options), game_score,
                     rs.options)

    def examples(self) -> dict:
        rs = self.ruleset()
        setup = {"dealer": 0, "score": [4, 7]}
        state = self.deal(rs, 4, 11, setup)
        # Seat 1 passes, seat 2 orders the dealer up, the dealer discards; then play into the second trick
        # until the seat to act has a real choice.
        state = self._advance(rs, state, lambda s, ms: ms[1] if s.phase == "bidding1" and s.to_act == 2 else ms[0], 3)
        while len(state.play.tricks) < 1 or len(self.legal_moves(rs, state)) < 2:
            state = self._advance(rs, state, lambda s, ms: ms[-1], 1)
        dumped = self.dump_state(rs, state)
        for seat in range(4):
            if seat != state.to_act:
                dumped["hands"][seat] = {"count": len(dumped["hands"][seat])}
        finished = self._advance(rs, state, lambda s, ms: ms[0], 40)
        # The next seat's turn as the seat that just played sees it: the others' hands and the discard unseen.
        after = self._advance(rs, state, lambda s, ms: ms[-1], 1)
        viewer = state.to_act
        seen = self.dump_state(rs, after)
        seen["hands"] = [h if seat == viewer else {"count": len(h)} for seat, h in enumerate(seen["hands"])]
        if viewer != state.dealer:
            seen["dealer_discard"] = {"count": 1}
        return {"state": dumped, "move": {"type": "play", "card": self.legal_moves(rs, state)[-1]["card"]},
                "setup": setup, "finished_state": self.dump_state(rs, finished),
                "phases": {"hidden_seat_to_play": seen}}

    def _advance(self, rs: Ruleset, state: EuchreState, choose, steps: int) -> EuchreState:
        """Make up to `steps` moves chosen from the legal ones, stopping when the hand ends."""
        for _ in range(steps):
            if state.phase == "over":
                break
            state = self.apply_move(rs, state, choose(state, self.legal_moves(rs, state))).state
        return state
