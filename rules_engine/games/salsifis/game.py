"""Salsifis: five simultaneous turns of betting one card on one of two face-up packets."""

from __future__ import annotations

import random

from ...game import Game, Outcome, Ruleset, Turn, Variant, Violation
from ...parsing import read_seat, reject_unknown
from ...seat_view import counted, others_hidden
from . import laying, play
from .layout import layout_for
from .moves import read_move
from .rules import OPTIONS, RULEBOOK
from .scoring import score
from .state import SalsifisState, dump_state, read_state


class Salsifis(Game):
    """Salsifis for two to five players."""

    slug = "salsifis"
    settled_later = {
        "salsifis.turn.card-held": "At the reveal every card placed is turned over and named: a card the seat could "
                                   "not hold is refused there.",
        **dict.fromkeys(("salsifis.formula.tie", "salsifis.formula.cycle"),
                        "Settled at the reveal, when the cards turned over show which contests are ties and cycles."),
    }
    title = "Salsifis"
    summary = ("Five turns in which every player secretly bets one card on one of two face-up packets; a lone "
               "card takes its packet, the strongest card wins a fight, and ties and cycles go to whoever says "
               "the right formula first.")
    variants = (Variant("standard", "Salsifis", 2, 5, "Two to five players, five cards each, two packets a turn.",
                        default_players=3),)
    options = OPTIONS
    phases = ("place", "resolve", "lay_out")
    move_types = {
        "place": "Put a card face down by packet 0 or 1 (seat optional: any seat may place or change its card "
                 "until the reveal; omitted means the seat to act). A seat whose hand is hidden may leave card out.",
        "resolve": "Reveal the placed cards once every seat has placed, with the formulas said, in order (calls); "
                   "revealed names the cards the state shows face down.",
        "lay_out": "The dealer lays out the turn's packets from the heap; where the heap is hidden, packets names the "
                   "cards laid by each packet (a chance step).",
    }
    rulebook = RULEBOOK

    def read_state(self, rs: Ruleset, raw: object) -> SalsifisState:
        return read_state(rs.options, raw)

    def dump_state(self, rs: Ruleset, state: SalsifisState) -> dict:
        return dump_state(state)

    def read_move(self, rs: Ruleset, raw: object) -> dict:
        return read_move(raw)

    def turn(self, rs: Ruleset, state: SalsifisState) -> Turn:
        return play.turn(rs.options, state)

    def legal_moves(self, rs: Ruleset, state: SalsifisState) -> list[dict]:
        return play.legal_moves(rs.options, state)

    def check_move(self, rs: Ruleset, state: SalsifisState, move: dict) -> list[Violation]:
        return play.check_move(rs.options, state, move)

    def unverified(self, rs: Ruleset, state: SalsifisState, move: dict | None = None) -> list[str]:
        # A listing's unverified rules are its moves' own (answers gathers them).
        return play.judge(rs.options, state, move)[1] if move is not None else []

    def apply_move(self, rs: Ruleset, state: SalsifisState, move: dict) -> Outcome:
        if move["type"] == "place":
            return play.apply_place(rs.options, state, move)
        if move["type"] == "lay_out":
            return laying.apply_lay_out(state, move)
        return play.apply_resolve(rs.options, state, move)

    def score(self, rs: Ruleset, state: SalsifisState) -> dict:
        return score(rs.options, state)

    def view_state(self, rs: Ruleset, state: dict, seat: int) -> dict:
        placements = [p if p["seat"] == seat else {**p, "card": None} for p in state.get("placements") or []]
        return {**state, "hands": others_hidden(state["hands"], seat), "heap": counted(state.get("heap", {"count": 0})),
                "placements": placements}

    def view_moves(self, rs: Ruleset, before: dict, move: dict, after: dict, seat: int) -> list[dict]:
        if move["type"] == "place":
            mover = move.get("seat")
            if mover is None:
                mover = self.turn(rs, self.read_state(rs, before)).to_act
            if mover == seat:
                return [move]
            return [{key: value for key, value in move.items() if key != "card"}]     # put down face down
        if move["type"] != "resolve":
            return [move]
        # The reveal turns over the cards the seat saw face down; with the heap hidden from it, the dealer then lays
        # the next packets out in a move of their own, naming the cards the seat sees laid.
        revealed = [{"seat": p["seat"], "card": p["card"]} for p in before["placements"]
                    if p["seat"] != seat and p["card"] is not None]
        shown = {**move, "revealed": revealed} if revealed else move
        seen = self.view_state(rs, before, seat)
        after_reveal = self.dump_state(rs, self.apply_move(rs, self.read_state(rs, seen),
                                                           self.read_move(rs, shown)).state)
        if self.turn(rs, self.read_state(rs, after_reveal)).phase != "lay_out":
            return [shown]
        laid = [packet[len(carried):] for packet, carried in zip(after["packets"], after_reveal["packets"])]
        return [shown, {"type": "lay_out", "packets": laid}]

    def view_events(self, rs: Ruleset, events: list[dict], seat: int) -> list[dict]:
        return [{**event, "card": None} if event["type"] == "placed" and event.get("seat") != seat else event
                for event in events]

    def situation_rules(self, rs: Ruleset, state: SalsifisState) -> list[str]:
        acting = self.turn(rs, state)
        if acting.phase == "over":
            return ["salsifis.scoring.values", "salsifis.scoring.winner"]
        if acting.phase == "lay_out":
            return ["salsifis.deal.packets", "salsifis.state.view"]
        if acting.phase == "place":
            rules = ["salsifis.turn.place", "salsifis.turn.change"]
            if play.obliged(rs.options, state, acting.to_act) or acting.to_act in state.maybe_bound:
                rules.append("salsifis.turn.fleeing")
            return rules
        kinds = {c.kind for c in play.contests_of(state)} if all(p.card for p in state.placements) else set()
        rules = ["salsifis.turn.reveal", *(f"salsifis.contest.{k}" for k in sorted(kinds))]
        if kinds & {"tie", "cycle"}:
            rules += ["salsifis.formula.first", "salsifis.formula.penalty"]
        return rules

    def deal(self, rs: Ruleset, players: int, seed: int, setup: dict) -> SalsifisState:
        reject_unknown(setup, {"dealer"}, ("setup",))
        dealer = read_seat(setup.get("dealer", 0), ("setup", "dealer"), players, "salsifis.players")
        layout = layout_for(players, rs.options)
        cards = list(layout.deck)
        random.Random(seed).shuffle(cards)
        hands: list[list[str]] = [[] for _ in range(players)]
        # One card at a time from the dealer's left; what is left is the heap, top card first.
        for index in range(layout.hand_size * players):
            hands[(dealer + 1 + index) % players].append(cards[index])
        heap = cards[layout.hand_size * players:]
        packets = []
        for size in layout.packets_of(1):
            packets.append(heap[:size])
            heap = heap[size:]
        return SalsifisState(players, 1, dealer, hands, packets, heap, [], [[] for _ in range(players)], [], [],
                             [0] * players, [0] * players, layout)

    def examples(self) -> dict:
        rs = self.ruleset()
        state = self.deal(rs, 3, 7, {})
        for seat, packet in ((0, 0), (1, 0), (2, 1)):
            state = self.apply_move(rs, state, {"type": "place", "card": state.hands[seat][0], "packet": packet,
                                                "seat": seat}).state
        contests = play.contests_of(state)
        calls = [{"seat": s, "soup": True} if c.kind == "cycle" else {"seat": s, "names": list(c.formula_for(s).names)}
                 for c in contests if c.needs_formula for s in c.contenders[:1]]
        state = self.apply_move(rs, state, {"type": "resolve", "calls": calls}).state
        state = self.apply_move(rs, state, {"type": "place", "card": state.hands[1][0], "packet": 1, "seat": 1}).state
        dumped = self.dump_state(rs, state)
        for seat in (1, 2):
            dumped["hands"][seat] = {"count": len(state.hands[seat])}
        dumped["placements"] = [{**p, "card": None} for p in dumped["placements"]]
        finished = state
        while not finished.over:
            finished = self.apply_move(rs, finished, self.legal_moves(rs, finished)[0]).state
        return {"state": dumped, "move": {"type": "place", "card": state.hands[0][0], "packet": 1},
                "setup": {"dealer": 0}, "finished_state": self.dump_state(rs, finished)}

