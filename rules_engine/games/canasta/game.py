"""Canasta: one engine for the family, each variant a table entry (variants.py)."""

from __future__ import annotations

from ...errors import NotBuilt, NotSupported, invalid
from ...seat_view import counted, others_hidden
from ...game import Game, Note, Outcome, Ruleset, Turn, Variant, Violation
from .config import config_for
from .deal import deal as deal_hand
from .examples import build_examples
from .game_length import stock_end_rule
from .listing import legal_moves as list_moves
from .meld_check import validate_meld
from .checks import check, judge_seen
from .moves import DRAWN_FIELD, MOVE_HOOKS, MOVE_TYPES, OPENING_MOVES, read_move
from .play import apply
from .position import Position
from .reachable import check_reachable
from .rules import OPTIONS, RULEBOOK
from .scoring import score as score_hand
from .state import PHASES, CanastaState, dump_state, read_state
from .variants import ENTRIES

# The rules of hooks that act in the meld phase of a turn (its discard included).
HOOK_RULES = (("joker_swap", "canasta.melds.joker-swap"),
              ("queen_of_spades_discarded_last", "canasta.pile.queen-of-spades-last"))
from .zones import variant_facts


HIDDEN_CARDS = ("The hidden hand's cards come to light as they are melded and discarded, and all of them once the hand "
                "is over, when every hand is laid open to be counted: a card the seat did not hold then shows up more "
                "often than the deck holds it, and that position is refused.")


class Canasta(Game):
    """The Canasta family: Classic first, other variants as they become table entries."""

    slug = "canasta"
    settled_later = {
        **dict.fromkeys(("canasta.turn.draw", "canasta.red-threes.lay-out", "canasta.melds.from-hand",
                         "canasta.turn.discard"), HIDDEN_CARDS),
        "canasta.going-out.ask-partner": "After the partner's yes the turn ends only by going out: a turn of the seat "
                                         "that ends with cards still in its hand is refused.",
        "canasta.opening.in-steps": "The turn cannot end with a discard while the initial meld counts less than the "
                                    "minimum: the seat completes it or takes the melds back.",
    }
    title = "Canasta"
    summary = ("Rummy for partnerships with two packs and jokers: meld cards of one rank, build canastas of "
               "seven, take the discard pile when you can, and go out once your side has a canasta.")
    variants = tuple(Variant(v.slug, v.title, v.min_players, v.max_players, v.summary, v.default_players,
                             v.playable) for v in ENTRIES.values())
    options = OPTIONS
    phases = PHASES
    move_types = MOVE_TYPES
    rulebook = RULEBOOK
    has_melds = True

    # -- reading ---------------------------------------------------------------------------
    @staticmethod
    def _playable(rs: Ruleset) -> None:
        """Refuse play in a variant whose static rules are known but whose play is not built yet."""
        entry = ENTRIES[rs.variant]
        if not entry.playable:
            raise NotBuilt(f"{entry.title} is known by its rules (GET /games/canasta/rules, /validate-meld) but "
                           f"its play is not built yet; deal, moves and scores answer for "
                           f"{', '.join(v.title for v in ENTRIES.values() if v.playable)}")

    def deck_size(self, variant: str) -> int | None:
        return ENTRIES[variant].deck.size

    def read_state(self, rs: Ruleset, raw: object) -> CanastaState:
        if not ENTRIES[rs.variant].playable:
            self._playable(rs)
        cfg = config_for(rs)
        fresh: list = []
        state = read_state(cfg, raw, fresh)
        check_reachable(cfg, state)
        if fresh:
            cfg.table_melds.remember(fresh)
        return state

    def dump_state(self, rs: Ruleset, state: CanastaState) -> dict:
        return dump_state(state)

    def read_move(self, rs: Ruleset, raw: object) -> dict:
        entry = ENTRIES[rs.variant]
        move = read_move(raw, entry.max_players, entry.sequences is not None,
                         entry.sequences is not None and entry.sequences.nominated, entry.opening_draw > 0)
        hook = MOVE_HOOKS.get(move["type"])
        if hook is not None and hook not in config_for(rs).table.hooks:
            raise invalid(("move", "type"), f"{entry.title} has no {move['type']} move",
                          "canasta.melds.joker-swap")
        return move

    # -- play ------------------------------------------------------------------------------
    def turn(self, rs: Ruleset, state: CanastaState) -> Turn:
        phase = state.turn.phase
        if phase == "over":
            return Turn(None, "over")
        if phase == "answer":
            return Turn(state.partner_of(state.turn.seat), "answer")
        return Turn(state.turn.seat, phase)

    def _listing(self, rs: Ruleset, state: CanastaState) -> tuple[list[dict], dict]:
        # One request asks for the moves and then the notes under the same ruleset: list once.
        listed = state.memo.get("listing")
        if listed is None or listed[0] is not rs:
            listed = state.memo["listing"] = (rs, list_moves(config_for(rs), state))
        return listed[1]

    def legal_moves(self, rs: Ruleset, state: CanastaState) -> list[dict]:
        return self._listing(rs, state)[0]

    def legal_notes(self, rs: Ruleset, state: CanastaState) -> dict:
        return self._listing(rs, state)[1]

    def check_move(self, rs: Ruleset, state: CanastaState, move: dict) -> list[Violation]:
        return check(config_for(rs), state, move)

    def judge_move(self, rs: Ruleset, state: CanastaState, move: dict) -> tuple[list[Violation], list[Note]]:
        violations, notes, unverified = judge_seen(config_for(rs), state, move)
        state.memo["unverified"] = (move, unverified)   # asked next, of the same move
        return violations, notes

    def unverified(self, rs: Ruleset, state: CanastaState, move: dict | None = None) -> list[str]:
        if move is None:
            return self._listing(rs, state)[1].get("unverified", [])
        judged = state.memo.get("unverified")
        if judged is None or judged[0] is not move:
            return judge_seen(config_for(rs), state, move)[2]
        return judged[1]

    def apply_move(self, rs: Ruleset, state: CanastaState, move: dict) -> Outcome:
        cfg = config_for(rs)
        after, events = apply(cfg, state, move)
        if after.over:
            # Scored where every card left to count is shown: the hands, and the feet still down.
            shown = all(type(h) is list for h in after.hands + (after.feet or []))
            scored = score_hand(cfg, after) if shown else None
            event = {"type": "hand_over", "ending": after.turn.ending, "rules": [
                "canasta.going-out.how" if after.turn.ending == "went_out" else stock_end_rule(cfg.table)]}
            if scored is not None:
                event["teams"] = scored["teams"]
            events.append(event)
        return Outcome(after, events)

    def score(self, rs: Ruleset, state: CanastaState) -> dict:
        return score_hand(config_for(rs), state)

    def validate_meld(self, rs: Ruleset, meld: object, melds: object, context: object) -> dict:
        return validate_meld(config_for(rs), meld, melds, context)

    def view_state(self, rs: Ruleset, state: dict, seat: int) -> dict:
        if state.get("feet") is not None or state.get("kitties") is not None:
            raise NotSupported("a seat's view of a position with feet or kitties is not built yet", ("view",))
        if state["turn"]["phase"] == "over":
            # The hand is over: the cards left in every hand are laid open to be counted.
            return {**state, "stock": counted(state["stock"])}
        return {**state, "hands": others_hidden(state["hands"], seat), "stock": counted(state["stock"])}

    def view_moves(self, rs: Ruleset, before: dict, move: dict, after: dict, seat: int) -> list[dict]:
        # Cards leave the stock in a draw, and where the move completing an initial meld takes more ("drawn").
        field = "cards" if move["type"] == "draw" else DRAWN_FIELD
        if move["type"] != "draw" and not (move["type"] in OPENING_MOVES and _stock_size(before) > _stock_size(after)):
            return [move]
        if type(before["stock"]) is list and type(after["stock"]) is list:
            taken = before["stock"][:len(before["stock"]) - len(after["stock"])]
        else:
            taken = list(move.get(field) or [])
        if field == DRAWN_FIELD and not taken:
            return [move]
        mover = before["turn"]["seat"]
        bonus = config_for(rs).bonus_cards
        return [{**move, field: taken if mover == seat else [card if card in bonus else None for card in taken]}]

    def view_events(self, rs: Ruleset, events: list[dict], seat: int) -> list[dict]:
        bonus = config_for(rs).bonus_cards
        return [{**event, "cards": [card if card in bonus else None for card in event["cards"]]}
                if event["type"] == "drew" and event.get("seat") != seat and "cards" in event else event
                for event in events]

    def new_game_setup(self, rs: Ruleset, players: int) -> dict:
        return {"score": [0] * config_for(rs).table.sides_for(players)}

    def next_setup(self, rs: Ruleset, state: CanastaState, score: dict | None) -> dict[str, tuple[object, str]]:
        found = {"dealer": ((state.dealer + 1) % state.players, "canasta.deal.hands")}
        if score is not None and score.get("game_scores") is not None:
            found["score"] = (score["game_scores"], "canasta.scoring.game")
        if state.round is not None:
            found["round"] = (state.round + 1, "canasta.game.rounds")
        return found

    def situation_rules(self, rs: Ruleset, state: CanastaState) -> list[str]:
        phase = state.turn.phase
        if phase == "over":
            ending = ("canasta.going-out.how" if state.turn.ending == "went_out"
                      else stock_end_rule(config_for(rs).table))
            return [ending, "canasta.scoring.melded-cards", "canasta.scoring.hand-cards"]
        if phase == "answer":
            return ["canasta.going-out.ask-partner"]
        pos = Position(config_for(rs), state)
        if phase == "draw":
            found = ["canasta.turn.draw", "canasta.pile.take", "canasta.pile.frozen"]
            if state.stock_size() == 0:
                found.append("canasta.stock.exhausted")
            return found
        found = ["canasta.turn.meld", "canasta.turn.discard", pos.needed_rule]
        if not pos.opened:
            found.insert(1, "canasta.opening.minimum")
        if state.turn.question:
            found.append("canasta.going-out.ask-partner")
        hooks = pos.cfg.table.hooks
        found += [rule for hook, rule in HOOK_RULES if hook in hooks]
        return found

    def describe(self, full: bool = False) -> dict:
        described = super().describe(full)
        for listed in described["variants"]:
            listed["table"] = variant_facts(ENTRIES[listed["variant"]])
        return described

    # -- dealing and examples --------------------------------------------------------------
    def deal(self, rs: Ruleset, players: int, seed: int, setup: dict) -> CanastaState:
        self._playable(rs)
        return deal_hand(config_for(rs), players, seed, setup)[0]

    def examples(self) -> dict:
        return build_examples(self)


def _stock_size(state: dict) -> int:
    """The stock's size in a position as JSON."""
    stock = state["stock"]
    return len(stock) if type(stock) is list else stock["count"]
