"""Applying legal moves: the position each leads to and the events it causes."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ...errors import invalid
from ...parsing import HiddenHand, hand_size
from .checks import unavailable
from .config import Config
from .game_length import ends_with_last_discard
from .pile_policy import left_behind, taken_below
from .hooks import NO_REPLACEMENT_FOR_LAST_TWO, has_hook
from .joker_swap import apply_swap_joker
from .melds import Meld
from .meld_kinds import judge_new, judge_onto, named_meld, names_kept
from .merging import index_after, merged
from .opening import short_opening
from .position import Position, hand_less, taken_melds
from .seating import LONE_HAND, SEATING_RULES
from .sequences import top_card_alone
from .state import CanastaState, TurnState, shown_counts
from .going_out import unmet
from .zones import (
    OPENING_DRAW_RULE, begin_turn_from_foot, draw_opening_cards, foot_down, foot_unmet, next_kitty, stock_from_kitty,
    take_kitty, take_up_foot,
)


def opening_draw_cards(cfg: Config, state: CanastaState, named: list[str | None] | None) -> list[str | None]:
    """The cards the opening draw takes from the stock (Mexicana), bonus cards and their replacements included.

    From a stock given as a count the move may name them in `drawn`, as a draw names its cards: every card for
    a seat whose hand is shown, which then stays shown; for a hidden hand only the bonus cards laid out (null for
    the others). Left out, no bonus card came, and the hand becomes a count (cards nobody else sees)."""
    count, stock, seat = cfg.table.opening_draw, state.stock, state.turn.seat
    pointer = ("move", "drawn")
    hidden_hand = type(state.hands[seat]) is HiddenHand
    if type(stock) is HiddenHand:
        if named is None:
            return [None] * min(count, stock.count)
        if None in named and not hidden_hand:
            raise invalid(pointer + (named.index(None),), f"seat {seat}'s hand is shown, so name every card it "
                          "takes", "canasta.turn.hand-known")
        _check_named_draw(cfg, state, named, count, pointer)
        return named
    taken = _simulate_draw(cfg, stock, count)
    if named is not None and [t if n is None else n for n, t in zip(named, taken)] + named[len(taken):] != taken:
        raise invalid(pointer, f"the stock's next cards are {', '.join(taken) or 'none'}", OPENING_DRAW_RULE)
    return taken


def drawn_cards(cfg: Config, state: CanastaState, move: dict) -> list[str | None]:
    """The cards a draw takes from the stock, red threes and their replacements included.

    None stands for a card nobody but the drawer sees: a seat whose hand is hidden draws from a
    hidden stock without naming its cards, or names only the red threes it lays out, in order.
    """
    stock = state.stock
    named = move.get("cards")
    seat = state.turn.seat
    hidden_hand = type(state.hands[seat]) is HiddenHand
    if type(stock) is HiddenHand:
        if named is None and hidden_hand:
            return [None] * min(cfg.table.draw, stock.count)
        if named is None:
            raise invalid(("move", "cards"), "the stock is given as a count, so name the cards drawn from it "
                          "(red threes and their replacements included)", "canasta.turn.hand-known")
        if None in named and not hidden_hand:
            raise invalid(("move", "cards", named.index(None)), f"seat {seat}'s hand is shown, so name every card "
                          "it draws", "canasta.turn.hand-known")
        _check_named_draw(cfg, state, named, cfg.table.draw, ("move", "cards"))
        return named
    taken = _simulate_draw(cfg, stock, cfg.table.draw)
    if named is not None and [t if n is None else n for n, t in zip(named, taken)] + named[len(taken):] != taken:
        raise invalid(("move", "cards"), f"the stock's next cards are {', '.join(taken) or 'none'}",
                      "canasta.turn.draw")
    return taken


def _replaced(cfg: Config, card: str, left_before: int) -> bool:
    """Whether drawing this card (with left_before cards in the stock) brings a replacement."""
    if card not in cfg.bonus_cards:
        return False
    # Two-hand: a red three among the stock's last two cards counts as one of the cards drawn.
    return not (has_hook(cfg.table.hooks, NO_REPLACEMENT_FOR_LAST_TWO) and left_before <= 2)


def _simulate_draw(cfg: Config, stock: list[str], need: int) -> list[str]:
    taken: list[str] = []
    for i, card in enumerate(stock):
        if need == 0:
            break
        taken.append(card)
        if not _replaced(cfg, card, len(stock) - i):
            need -= 1
    return taken


def draw_ends_hand(cfg: Config, stock_before: int, taken: list[str]) -> bool:
    """Whether a draw ends the hand at once: a red three came as the stock's last card (under Two-hand's option
    two_hand_last_red_three only_card, only where the draw brought no other card into the hand)."""
    if not taken or taken[-1] not in cfg.bonus_cards or stock_before != len(taken):
        return False
    return not cfg.last_red_three_only_alone or all(card in cfg.bonus_cards for card in taken)


def _check_named_draw(cfg: Config, state: CanastaState, named: list[str | None], takes: int,
                      pointer: tuple) -> None:
    """Cards named as drawn from a stock given as a count: each still unseen, as many as the draw takes."""
    count = state.stock.count
    need = takes
    rule = "canasta.turn.draw" if pointer[-1] == "cards" else OPENING_DRAW_RULE
    seen = shown_counts(state)
    used: Counter = Counter()
    for i, card in enumerate(named):
        if i >= count or need == 0:
            raise invalid(pointer + (i,), "more cards than this draw takes from the stock", rule)
        if card is not None:
            used[card] += 1
            if seen[card] + used[card] > cfg.copies.get(card, 0):
                raise invalid(pointer + (i,), unavailable(state, cfg.copies.get(card, 0), card),
                              "canasta.deal.cards")
        if not _replaced(cfg, card, count - i):
            need -= 1
    if need and len(named) < count:
        raise invalid(pointer, f"the draw takes {takes} card(s) besides red threes and their replacements", rule)


def _next_turn(state: CanastaState) -> TurnState:
    return TurnState((state.turn.seat + 1) % state.players, "draw")


def _put_down_anything(turn: TurnState) -> bool:
    return bool(turn.melded or turn.started or turn.extended or turn.drew == "pile")


def _finish(state: CanastaState, events: list[dict], ending: str, concealed: bool = False) -> None:
    seat = state.turn.seat
    if _put_down_anything(state.turn):
        state.melded_before = list(state.melded_before)
        state.melded_before[seat] = True
    state.turn = TurnState(seat, "over", ending=ending, concealed=concealed)
    if ending == "went_out":
        events.append({"type": "went_out", "seat": seat, "concealed": concealed,
                       "rules": ["canasta.going-out.how", "canasta.going-out.concealed" if concealed
                                 else "canasta.going-out.bonus"]})
        _form_lone_hand(state, events)
    else:
        events.append({"type": "stock_exhausted", "seat": seat, "rules": ["canasta.stock.exhausted"]})


def _form_lone_hand(state: CanastaState, events: list[dict]) -> None:
    """Three-hand: the first player to take the pile, or one going out before anybody has, plays alone and
    the other two become partners."""
    if state.seating != LONE_HAND or state.lone is not None:
        return
    state.lone = seat = state.turn.seat
    events.append({"type": "lone_hand", "seat": seat, "partners": [s for s in range(state.players) if s != seat],
                   "rules": ["canasta.seating.lone-hand"]})


def _concealed(cfg: Config, state: CanastaState) -> bool:
    turn, seat = state.turn, state.turn.seat
    if state.melded_before[seat] or turn.extended:
        return False
    melds = state.melds[state.side_of(seat)]
    return any(cfg.is_canasta(melds[i].size) for i in set(turn.started))


def _hand_after(state: CanastaState, seat: int, hand) -> None:
    state.hands = list(state.hands)
    state.hands[seat] = hand



def _emptied(state: CanastaState, seat: int) -> bool:
    """Whether the seat's hand, shown or counted, holds no card: it has gone out."""
    return hand_size(state.hands[seat]) == 0


def _played_out(cfg: Config, state: CanastaState, events: list[dict]) -> None:
    """The acting hand is empty after a meld, an addition or the pile's taking: the foot, while it lies down,
    or else a kitty where the player cannot go out, becomes the hand and the turn goes on; otherwise the
    player has gone out."""
    seat = state.turn.seat
    if foot_down(state, seat):
        events += take_up_foot(cfg, state, seat, plays_on=True)
    elif _takes_kitty(cfg, state):
        events += take_kitty(cfg, state, seat)
    else:
        _finish(state, events, "went_out", _concealed(cfg, state))


def _takes_kitty(cfg: Config, state: CanastaState) -> bool:
    """Whether the acting seat, its hand played out, takes up a kitty: one is left, and it cannot go out."""
    if state.kitties is None or next_kitty(state) is None or state.turn.question == "yes":
        return False
    side = state.side_of(state.turn.seat)
    melds = state.melds[side]
    canastas = sum(1 for meld in melds if cfg.is_canasta(meld.size))
    return (canastas < cfg.table.going_out.canastas or state.turn.question == "no"
            or bool(foot_unmet(state, side) or unmet(cfg, melds, len(state.red_threes[side]))))


def apply(cfg: Config, state: CanastaState, move: dict) -> tuple[CanastaState, list[dict]]:
    """The position after a legal move, and the events it caused."""
    new = replace(state, memo={})
    events: list[dict] = []
    APPLY[move["type"]](cfg, new, move, events)
    if new.turn.phase == "meld":
        new.turn = replace(new.turn, opening=short_opening(cfg, new))
        if cfg.table.opening_draw and _opens(state, new):
            taken = opening_draw_cards(cfg, new, move.get("drawn"))
            events += draw_opening_cards(cfg, new, new.turn.seat, cfg.table.opening_draw, taken)
    if new.kitties is not None and not new.over:
        events += stock_from_kitty(cfg.table, new)
    return new, events


def _opens(before: CanastaState, after: CanastaState) -> bool:
    """Whether the move between these positions completed its side's initial meld (the turn goes on)."""
    side = before.side_of(before.turn.seat)
    return not (before.melds[side] and before.turn.opening is None) and bool(after.melds[side]) \
        and after.turn.opening is None


def _apply_draw(cfg: Config, state: CanastaState, move: dict, events: list[dict]) -> None:
    seat, side = state.turn.seat, state.side_of(state.turn.seat)
    if state.stock_size() == 0:
        _finish(state, events, "stock_exhausted")
        return
    taken = drawn_cards(cfg, state, move)
    if type(state.stock) is HiddenHand:
        state.stock = HiddenHand(state.stock.count - len(taken))
    else:
        state.stock = state.stock[len(taken):]
    reds = [c for c in taken if c in cfg.bonus_cards]
    kept = [c for c in taken if c not in cfg.bonus_cards]
    hand = state.hands[seat]
    _hand_after(state, seat, HiddenHand(hand.count + len(kept)) if type(hand) is HiddenHand else hand + kept)
    # Two-hand's draw of two, with its own end of the stock, is a rule of its own; other variants' draws are
    # canasta.turn.draw's figures.
    two_hand = has_hook(cfg.table.hooks, NO_REPLACEMENT_FOR_LAST_TWO)
    rules = ["canasta.turn.draw"] + (["canasta.deal.two-hand"] if two_hand else [])
    events.append({"type": "drew", "seat": seat, "cards": kept, "rules": rules})
    if state.played_from_foot is not None:
        begin_turn_from_foot(state, seat)
    if reds:
        state.red_threes = list(state.red_threes)
        state.red_threes[side] = state.red_threes[side] + reds
        before = state.stock_size() + len(taken)
        replaced = sum(1 for i, c in enumerate(taken) if _replaced(cfg, c, before - i) and i + 1 < len(taken))
        events.append({"type": cfg.bonus_event, "seat": seat, "cards": reds, "replaced": replaced,
                       "rules": ["canasta.red-threes.lay-out"]})
    if draw_ends_hand(cfg, state.stock_size() + len(taken), taken):
        _finish(state, events, "stock_exhausted")
        events[-1]["rules"] = ["canasta.red-threes.last-card"]
        return
    state.turn = TurnState(seat, "meld", drew="stock")


def _apply_take(cfg: Config, state: CanastaState, move: dict, events: list[dict]) -> None:
    pos = Position(cfg, state)
    seat, side = pos.seat, pos.side
    pile = state.discard
    rank = cfg.rank_of.get(pile[-1], "")     # "": a wild top card, into a meld of wild cards alone
    index = pos.pile_meld(rank, move)
    extended = index is not None
    hand, melds = taken_melds(pos, move)
    alone = index is not None and top_card_alone(cfg, pos.melds[index])   # the rest of the pile stays
    reds = [] if alone else [c for c in taken_below(cfg, pile) if c in cfg.bonus_cards]
    state.melds = list(state.melds)
    state.melds[side] = melds
    if reds:
        state.red_threes = list(state.red_threes)
        state.red_threes[side] = state.red_threes[side] + reds
    behind = pile[:-1] if alone else left_behind(cfg, pile)
    state.discard = behind
    _hand_after(state, seat, hand)
    extra = move.get("melds", [])
    # The melds this move starts come after those on the table: the top card's first, unless it joined one.
    started = tuple(range(len(pos.melds), len(melds)))
    state.turn = TurnState(seat, "meld", drew="pile", melded=bool(extra), started=started, extended=extended)
    events.append({"type": "took_pile", "seat": seat, "top": pile[-1], "cards": len(pile) - len(behind),
                   cfg.bonus_event: reds, "rules": ["canasta.pile.take"] + (
                       ["canasta.pile.top-card-onto-sequence"] if alone else ["canasta.pile.take-limit"] if behind
                       else [])})
    _form_lone_hand(state, events)
    if state.played_from_foot is not None:
        begin_turn_from_foot(state, seat)
    if hand_size(hand) == 0:
        _played_out(cfg, state, events)


def _apply_meld(cfg: Config, state: CanastaState, move: dict, events: list[dict]) -> None:
    pos = Position(cfg, state)
    every = [c for m in move["melds"] for c in m["cards"]]
    new = []
    for m in move["melds"]:
        if cfg.nominated:
            new.append(named_meld(cfg, m))
            continue
        verdict = judge_new(cfg, m["cards"], True, m.get("kind"))
        new.append(Meld(verdict.rank or "", list(m["cards"]), verdict.naturals, verdict.wilds, verdict.suit))
    state.melds = list(state.melds)
    state.melds[pos.side] = pos.melds + new
    _hand_after(state, pos.seat, hand_less(pos, every))
    turn = state.turn
    started = tuple(range(len(pos.melds), len(pos.melds) + len(new)))   # the new melds come last
    state.turn = replace(turn, melded=True, started=turn.started + started)
    events.append({"type": "melded", "seat": pos.seat, "melds": [{"rank": m.rank, "cards": m.cards} for m in new],
                   "rules": ["canasta.melds.set"] + ([] if pos.opened else ["canasta.opening.minimum"])})
    if _emptied(state, pos.seat):
        _played_out(cfg, state, events)


def _apply_lay_off(cfg: Config, state: CanastaState, move: dict, events: list[dict]) -> None:
    pos = Position(cfg, state)
    index, cards = move["meld"], move["cards"]
    owner = move.get("owner", pos.side)
    owned = pos.melds_owned_by(owner)
    onto = owned[index]
    verdict = judge_onto(cfg, cards, True, onto, move.get("as"))
    state.melds = list(state.melds)
    side_melds = list(owned)
    side_melds[index] = Meld(onto.rank, onto.cards + cards, verdict.naturals, verdict.wilds, onto.suit,
                             names_kept(cfg, verdict, cards, move.get("as"), onto) if cfg.nominated else None)
    state.melds[owner] = side_melds
    _hand_after(state, pos.seat, hand_less(pos, cards))
    turn = state.turn
    # Another owner's meld was on the table before this turn: the seat has added to an older meld.
    state.turn = replace(turn, melded=True,
                         extended=turn.extended or owner != pos.side or index not in turn.started)
    event = {"type": "laid_off", "seat": pos.seat, "meld": index, "cards": list(cards), "rules": ["canasta.turn.meld"]}
    if owner != pos.side:
        event["owner"] = owner
        event["rules"] = ["canasta.turn.meld", SEATING_RULES[state.seating]]
    events.append(event)
    if _emptied(state, pos.seat):
        _played_out(cfg, state, events)


def _apply_merge(cfg: Config, state: CanastaState, move: dict, events: list[dict]) -> None:
    pos = Position(cfg, state)
    first, second = move["melds"]
    state.melds = list(state.melds)
    state.melds[pos.side] = merged(cfg, pos.melds, first, second)[0]
    turn = state.turn
    # A meld of this turn joined to an older one adds cards to a meld from before the turn; two of this
    # turn's melds joined stay one meld started this turn.
    both = first in turn.started and second in turn.started
    started = tuple(sorted({index_after(i, first, second) for i in turn.started
                            if both or i not in (first, second)}))
    state.turn = replace(turn, melded=True, started=started, extended=turn.extended or not both)
    events.append({"type": "merged", "seat": pos.seat, "melds": sorted((first, second)),
                   "rules": ["canasta.melds.merge"]})


def _apply_discard(cfg: Config, state: CanastaState, move: dict, events: list[dict]) -> None:
    pos = Position(cfg, state)
    card = move["card"]
    _hand_after(state, pos.seat, hand_less(pos, [card]))
    state.discard = state.discard + [card]
    events.append({"type": "discarded", "seat": pos.seat, "card": card, "rules": ["canasta.turn.discard"]})
    if _emptied(state, pos.seat) and pos.foot_down:
        events += take_up_foot(cfg, state, pos.seat, plays_on=False)   # played from the next turn
    elif _emptied(state, pos.seat) and _takes_kitty(cfg, state):
        events += take_kitty(cfg, state, pos.seat)    # played from the next turn
    elif _emptied(state, pos.seat):
        _finish(state, events, "went_out", _concealed(cfg, state))
        return
    if ends_with_last_discard(cfg.table, state.stock_size()):
        _finish(state, events, "stock_exhausted")
        events[-1]["rules"] = ["canasta.stock.last-discard"]
        return
    if _put_down_anything(state.turn):
        state.melded_before = list(state.melded_before)
        state.melded_before[pos.seat] = True
    state.turn = _next_turn(state)


def _apply_ask(cfg: Config, state: CanastaState, move: dict, events: list[dict]) -> None:
    state.turn = replace(state.turn, phase="answer", question="asked")
    events.append({"type": "asked_go_out", "seat": state.turn.seat, "partner": state.partner_of(state.turn.seat),
                   "rules": ["canasta.going-out.ask-partner"]})


def _apply_answer(cfg: Config, state: CanastaState, move: dict, events: list[dict]) -> None:
    answer = "yes" if move["yes"] else "no"
    state.turn = replace(state.turn, phase="meld", question=answer)
    events.append({"type": "answered_go_out", "seat": state.partner_of(state.turn.seat), "yes": move["yes"],
                   "rules": ["canasta.going-out.ask-partner"]})


def _apply_take_back(cfg: Config, state: CanastaState, move: dict, events: list[dict]) -> None:
    pos = Position(cfg, state)
    cards = [card for meld in pos.melds for card in meld.cards]
    state.melds = list(state.melds)
    state.melds[pos.side] = []
    _hand_after(state, pos.seat, HiddenHand(pos.held + len(cards)) if pos.hidden else pos.hand + cards)
    state.penalties = [dict(p) for p in state.penalties]
    state.penalties[pos.side]["failed_openings"] += 1
    # The table is as it was after the draw: nothing of this turn stays down.
    state.turn = replace(state.turn, melded=False, started=())
    events.append({"type": "took_back", "seat": pos.seat, "cards": cards,
                   "failed_openings": state.penalties[pos.side]["failed_openings"],
                   "rules": ["canasta.opening.in-steps", "canasta.opening.failed-attempt"]})


APPLY = {"draw": _apply_draw, "take_pile": _apply_take, "meld": _apply_meld, "lay_off": _apply_lay_off,
         "merge": _apply_merge,
         "discard": _apply_discard, "ask_go_out": _apply_ask, "answer_go_out": _apply_answer,
         "take_back": _apply_take_back, "swap_joker": apply_swap_joker}
