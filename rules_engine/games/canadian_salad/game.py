"""Canadian Salad: six hands of no-trump tricks, each with its own penalties."""

from __future__ import annotations

import random
from dataclasses import replace

from ...cards import card_name
from ...decks import cards_of, make_deck
from ...errors import invalid
from ...game import Game, Outcome, Ruleset, Turn, Variant, Violation
from ...parsing import check_seat, hand_size, read_card, read_int, read_list, read_object, read_seat, read_str, reject_unknown
from ...trick_taking import settled_later
from ...trick_taking import (
    NO_TRUMPS, Play, PlayRuleIds, Sight, Trick, check_play, check_unseen_fit, dump_play, hidden_plays,
    is_hidden_to_play, legal_plays, play_card, read_hands, read_play, unverified_play,
)
from .contracts import CONTRACTS, Contract
from .rules import OPTIONS, RULEBOOK
from .totals import check_totals
from ...records import record
from ...seat_view import others_hidden

REMOVED = {3: ("2C",), 4: (), 5: ("2C", "2D"), 6: ("2C", "3C", "2D", "3D")}
IDS = PlayRuleIds(
    deck="canadian-salad.deal.cards", hand_size="canadian-salad.play.hand-size", lead="canadian-salad.play.lead",
    follow_suit="canadian-salad.play.follow-suit", trick_winner="canadian-salad.play.trick-winner",
    turn="canadian-salad.play.turn", card_held="canadian-salad.play.card-held",
    trick_size="canadian-salad.play.trick-size",
)
STATE_FIELDS = frozenset({"players", "hand_number", "dealer", "hands", "tricks", "current_trick", "score"})
MOVE_FIELDS = frozenset({"type", "card", "seat"})


DECKS = {players: make_deck(removed=removed) for players, removed in REMOVED.items()}
# The game totals count one penalty per penalty card, so no pack may lack one.
assert all(contract.penalty_cards <= set(deck) for contract in CONTRACTS.values() for deck in DECKS.values())


def deck_for(players: int) -> dict[str, int]:
    """The pack for a player count, as card -> copies."""
    return DECKS[players]


def hand_size_for(players: int) -> int:
    """How many cards each player is dealt."""
    return (52 - len(REMOVED[players])) // players


@record
class SaladState:
    """A position of Canadian Salad: which hand of the six, who dealt, and the play so far."""

    players: int
    hand_number: int
    dealer: int
    play: Play
    score: tuple[int, ...] | None

    @property
    def contract(self) -> Contract:
        """The contract of this hand."""
        return CONTRACTS[self.hand_number]


class CanadianSalad(Game):
    """Canadian Salad for three to six players."""

    slug = "canadian-salad"
    settled_later = settled_later("canadian-salad")
    title = "Canadian Salad"
    summary = ("A compendium of six no-trump trick-taking hands, each with its own penalties; the player "
               "with the most penalty points after six hands loses.")
    variants = (Variant("standard", "Canadian Salad", 3, 6, "Six hands: no tricks, no hearts, no queens, "
                        "no king of spades, no last trick, and all of them.", default_players=4),)
    options = OPTIONS
    phases = ("play",)
    move_types = {"play": "Play a card from the hand of the seat to act to the current trick."}
    rulebook = RULEBOOK

    # -- reading ---------------------------------------------------------------------------
    def read_state(self, rs: Ruleset, raw: object) -> SaladState:
        raw = read_object(raw, ("state",))
        reject_unknown(raw, STATE_FIELDS, ("state",))
        if "players" not in raw:
            raise invalid(("state", "players"), "required: the number of players, 3 to 6")
        players = read_int(raw["players"], ("state", "players"), 3, 6)
        hand_number = read_int(raw.get("hand_number", 1), ("state", "hand_number"), 1, 6)
        if "dealer" not in raw:
            raise invalid(("state", "dealer"), "required: the seat that dealt this hand")
        dealer = read_seat(raw["dealer"], ("state", "dealer"), players, "canadian-salad.players")
        score = _read_score(raw.get("score"), ("state", "score"), players, hand_number)
        size = hand_size_for(players)
        seats = tuple(range(players))
        play = read_play(
            raw, players=players, seats=seats, first_leader=(dealer + 1) % players, hand_sizes=[size] * players,
            deck=deck_for(players), rules=NO_TRUMPS, ids=IDS, hands=read_hands(raw.get("hands"), players, size),
        )
        state = SaladState(players, hand_number, dealer, play, score)
        self._check_early_end(rs, state)
        check_unseen_fit(play, NO_TRUMPS, IDS, lambda: _sight(state))
        return state

    def _check_early_end(self, rs: Ruleset, state: SaladState) -> None:
        stop = self._stopped_after(rs, state.contract, state.play.tricks)
        if stop is not None and (len(state.play.tricks) > stop or state.play.current.cards):
            raise invalid(("state", "tricks"), f"every penalty card of the {state.contract.name} hand was taken "
                          f"by trick {stop}, so play stopped there", "canadian-salad.play.early-end")

    @staticmethod
    def _stopped_after(rs: Ruleset, contract: Contract, tricks: list[Trick]) -> int | None:
        """The number of tricks after which the early-end option stopped play, if it did."""
        if not rs.options["stop_when_penalties_taken"] or not contract.penalty_cards:
            return None
        left = set(contract.penalty_cards)
        for index, trick in enumerate(tricks):
            left.difference_update(trick.cards)
            if not left:
                return index + 1
        return None

    def read_move(self, rs: Ruleset, raw: object) -> dict:
        raw = read_object(raw, ("move",))
        reject_unknown(raw, MOVE_FIELDS, ("move",))
        read_str(raw.get("type"), ("move", "type"), ("play",))
        if "card" not in raw:
            raise invalid(("move", "card"), "required: the card to play")
        move = {"type": "play", "card": read_card(raw["card"], ("move", "card"))}
        if raw.get("seat") is not None:
            # Judged against the table in check_move, where the number of players is known.
            move["seat"] = read_int(raw["seat"], ("move", "seat"))
        return move

    def dump_state(self, rs: Ruleset, state: SaladState) -> dict:
        dumped = {"players": state.players, "hand_number": state.hand_number, "dealer": state.dealer,
                  **dump_play(state.play)}
        if state.score is not None:
            dumped["score"] = list(state.score)
        return dumped

    # -- play ------------------------------------------------------------------------------
    def _over(self, rs: Ruleset, state: SaladState) -> bool:
        tricks = state.play.tricks
        return (len(tricks) == hand_size_for(state.players)
                or self._stopped_after(rs, state.contract, tricks) is not None)

    def turn(self, rs: Ruleset, state: SaladState) -> Turn:
        if self._over(rs, state):
            return Turn(None, "over")
        return Turn(state.play.seat_to_play(), "play")

    def legal_moves(self, rs: Ruleset, state: SaladState) -> list[dict]:
        if not state.play.current.cards:
            why = ["canadian-salad.play.lead"]
        else:
            why = ["canadian-salad.play.follow-suit"]
        if is_hidden_to_play(state.play):
            return [{"type": "play", "card": c, "code": "play:" + c, "rules": why, "unverified": unverified}
                    for c, unverified in hidden_plays(state.play, NO_TRUMPS, IDS, _sight(state))]
        cards, narrowed = legal_plays(state.play, NO_TRUMPS)
        return [{"type": "play", "card": c, "code": "play:" + c, "rules": why} for c in cards]

    def check_move(self, rs: Ruleset, state: SaladState, move: dict) -> list[Violation]:
        if move.get("seat") is not None:
            check_seat(move["seat"], ("move", "seat"), state.players, "canadian-salad.players")
        return check_play(state.play, move.get("seat"), move["card"], NO_TRUMPS, IDS, _sight(state))

    def unverified(self, rs: Ruleset, state: SaladState, move: dict | None = None) -> list[str]:
        # A listing's unverified rules are its moves' own (answers gathers them).
        if move is None or not is_hidden_to_play(state.play):
            return []
        return unverified_play(state.play, move["card"], NO_TRUMPS, IDS, _sight(state))

    def apply_move(self, rs: Ruleset, state: SaladState, move: dict) -> Outcome:
        seat = state.play.seat_to_play()
        play, trick, winner = play_card(state.play, move["card"], NO_TRUMPS)
        after = replace(state, play=play)
        events: list[dict] = [{"type": "card_played", "seat": seat, "card": move["card"],
                               "rules": ["canadian-salad.play.turn"]}]
        if trick is not None:
            last = len(play.tricks) == hand_size_for(state.players)
            charges = state.contract.charges(trick.cards, last)
            events.append({"type": "trick_won", "seat": winner, "cards": list(trick.cards), "leader": trick.leader,
                           "points": sum(c.points for c in charges),
                           "rules": ["canadian-salad.play.trick-winner", *dict.fromkeys(c.rule for c in charges)]})
            if self._over(rs, after):
                scored = self.score(rs, after)
                events.append({"type": "hand_over", "scores": scored["scores"],
                               "rules": [state.contract.rule]})
        return Outcome(after, events)

    # -- scoring ---------------------------------------------------------------------------
    def score(self, rs: Ruleset, state: SaladState) -> dict:
        contract = state.contract
        total_tricks = hand_size_for(state.players)
        scores = [0] * state.players
        tallies: dict[tuple[int, str], list] = {}
        for number, (trick, winner) in enumerate(zip(state.play.tricks, state.play.winners), start=1):
            for charge in contract.charges(trick.cards, number == total_tricks):
                tally = tallies.setdefault((winner, charge.what), [0, charge])
                tally[0] += charge.count
                scores[winner] += charge.points
        lines = [
            {"seat": seat, "points": count * charge.each, "rule": charge.rule, "text": _line_text(charge, count)}
            for (seat, what), (count, charge) in sorted(tallies.items(), key=lambda item: (item[0][0], _PENALTY_ORDER[item[0][1]]))
        ]
        over = self._over(rs, state)
        answer = {"scores": scores, "teams": None, "lines": lines, "hand_over": over,
                  "contract": {"hand_number": contract.number, "name": contract.name, "rule": contract.rule}}
        if over and state.score is not None:
            game_scores = [before + now for before, now in zip(state.score, scores)]
            answer["game_scores"] = game_scores
            answer["game_over"] = state.hand_number == 6
            if answer["game_over"]:
                worst, best = max(game_scores), min(game_scores)
                losers = [s for s, p in enumerate(game_scores) if p == worst]
                winners = [s for s, p in enumerate(game_scores) if p == best]
                answer.update({"loser": losers[0] if len(losers) == 1 else None, "losers": losers,
                               "winner": winners[0] if len(winners) == 1 else None, "winners": winners,
                               "rules": ["canadian-salad.scoring.loser"]})
        return answer

    def view_state(self, rs: Ruleset, state: dict, seat: int) -> dict:
        return {**state, "hands": others_hidden(state["hands"], seat)}

    def new_game_setup(self, rs: Ruleset, players: int) -> dict:
        return {"hand_number": 1, "score": [0] * players}

    def next_setup(self, rs: Ruleset, state: SaladState, score: dict | None) -> dict[str, tuple[object, str]]:
        found = {"hand_number": (state.hand_number + 1, "canadian-salad.game.hands"),
                 "dealer": ((state.dealer + 1) % state.players, "canadian-salad.deal.rotation")}
        if score is not None and score.get("game_scores") is not None:
            found["score"] = (score["game_scores"], "canadian-salad.scoring.totals")
        return found

    def situation_rules(self, rs: Ruleset, state: SaladState) -> list[str]:
        if self._over(rs, state):
            return [state.contract.rule, "canadian-salad.scoring.loser"] if state.hand_number == 6 else [state.contract.rule]
        if not state.play.current.cards:
            return ["canadian-salad.play.lead", state.contract.rule]
        return ["canadian-salad.play.follow-suit", "canadian-salad.play.trick-winner", state.contract.rule]

    # -- dealing ---------------------------------------------------------------------------
    def deal(self, rs: Ruleset, players: int, seed: int, setup: dict) -> SaladState:
        reject_unknown(setup, {"hand_number", "dealer", "score"}, ("setup",))
        hand_number = read_int(setup.get("hand_number", 1), ("setup", "hand_number"), 1, 6)
        dealer = read_seat(setup.get("dealer", (hand_number - 1) % players), ("setup", "dealer"), players,
                           "canadian-salad.players")
        score = _read_score(setup.get("score"), ("setup", "score"), players, hand_number)
        cards = cards_of(DECKS[players])
        random.Random(seed).shuffle(cards)
        size = hand_size_for(players)
        # Dealt one at a time from the dealer's left, as at the table.
        order = [(dealer + 1 + i) % players for i in range(players)]
        hands: list[list[str]] = [[] for _ in range(players)]
        for index, card in enumerate(cards):
            hands[order[index % players]].append(card)
        assert all(len(h) == size for h in hands)
        play = Play(hands, [], [], Trick((dealer + 1) % players, ()), tuple(range(players)),
                    [set() for _ in range(players)])
        return SaladState(players, hand_number, dealer, play, score)

    def examples(self) -> dict:
        rs = self.ruleset()
        state = self.deal(rs, 4, 7, {"hand_number": 2})
        for _ in range(6):
            state = self.apply_move(rs, state, self.legal_moves(rs, state)[0]).state
        dumped = self.dump_state(rs, state)
        hidden = (self.turn(rs, state).to_act + 1) % 4
        dumped["hands"][hidden] = {"count": len(dumped["hands"][hidden])}
        # The same position as the seat after the hidden one sees it: every other hand a count.
        viewer = (hidden + 1) % 4
        seen = dict(dumped, hands=[held if seat == viewer else {"count": hand_size(held)}
                                   for seat, held in enumerate(state.play.hands)])
        return {"state": dumped, "move": {"type": "play", "card": self.legal_moves(rs, state)[0]["card"]},
                "setup": {"hand_number": 2}, "phases": {"hidden_seat_to_play": seen}}


def _sight(state: SaladState) -> Sight:
    """Everything a Canadian Salad position shows is in its hands and tricks; the pack depends on the table."""
    return Sight(deck_for(state.players))


def _read_score(value: object, pointer: tuple, players: int, hand_number: int) -> tuple[int, ...] | None:
    """The penalty totals of the earlier hands, one per seat, when given; only totals those hands can produce."""
    if value is None:
        return None
    totals = read_list(value, pointer)
    if len(totals) != players:
        raise invalid(pointer, f"must hold one total per seat: {players}")
    # A negative or outsized total is judged, and refused, with the others against what the hands hand out.
    score = tuple(read_int(v, pointer + (i,)) for i, v in enumerate(totals))
    check_totals(score, pointer, hand_number, hand_size_for(players))
    return score


# Score lines in the order the contracts come: tricks, hearts, queens, the king of spades, the last trick.
_PENALTY_ORDER = {"trick": 1, "heart": 2, "queen": 3, "king of spades": 4, "last trick": 5}


def _line_text(charge, count: int) -> str:
    if charge.what in ("trick", "heart", "queen"):
        verb = "won" if charge.what == "trick" else "taken"
        return f"{count} {charge.what}{'s' if count != 1 else ''} {verb}, {charge.each} each"
    if charge.what == "king of spades":
        return f"took the {card_name('KS')}: {charge.each}"
    return f"won the last trick: {charge.each}"
