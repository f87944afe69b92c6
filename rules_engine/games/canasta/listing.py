"""The legal moves of a position, kept small: building blocks, one canonical choice of cards each.

Suits never matter to a meld, so each meld or addition is listed once, with naturals first (in
rank-then-suit order) and then wild cards (twos before jokers). The initial meld is a constraint
over those blocks: it is reported with a verdict and one witness, and the witness is the listed
move. Every candidate goes through the same checks /validate-move uses.
"""

from __future__ import annotations

from ... import work
from ...work import OutOfWork
from .config import Config, card_sort_key
from .dual_roles import with_dual_naturals
from .hooks import JOKER_SWAP, MERGE_MELDS_OF_A_RANK, QUEEN_OF_SPADES, QUEEN_OF_SPADES_DISCARDED_LAST, has_hook
from .joker_swap import RULE as SWAP_RULE
from .joker_swap import jokers_to_take, swap_offers
from .checks import CHECKS
from .position import ASK_PARTNER, Position, position_of
from .opening import OpeningVerdict, opening_steps, plan_opening
from .going_out import needs_of
from .merging import Joining
from .pile_policy import WILD_PAIR, blocked, gained, taken_below, top_counted
from .seating import SEATING_RULES
from .sequences import extensions, runs_in
from .state import CanastaState


def _code(move: dict) -> str:
    kind = move["type"]
    if kind == "meld":
        return "meld:" + "|".join([",".join(m["cards"]) for m in move["melds"]])
    if kind == "lay_off":
        owner = "" if move.get("owner") is None else f"{move['owner']}/"   # another owner's meld
        return f"lay_off:{owner}{move['meld']}:" + ",".join(move["cards"])
    if kind == "take_pile":
        code = "take_pile:" + ("" if move.get("meld") is None else f"{move['meld']}:") + ",".join(move["cards"])
        if move.get("melds"):
            code += "+" + "|".join(",".join(m["cards"]) for m in move["melds"])
        return code
    if kind == "discard":
        return "discard:" + move["card"]
    if kind == "merge":
        return "merge:" + ",".join(map(str, move["melds"]))
    if kind == "answer_go_out":
        return "answer_go_out:" + ("yes" if move["yes"] else "no")
    if kind == "swap_joker":
        return f"swap_joker:{move['owner']}:{move['meld']}:{move['card']}"
    return kind


class Lister:
    """Collects candidate moves, keeping those the checks accept, once each."""

    def __init__(self, pos: Position):
        self.pos = pos
        self.moves: list[dict] = []
        self.codes: set[str] = set()

    def offer(self, move: dict, rules: list[str], **extra) -> bool:
        """Add the move if it is legal and new; say whether it is listed."""
        code = _code(move)
        if code in self.codes:
            return True
        pos = self.pos
        # The rules a search leaves open for this move are gathered apart, then joined to the listing's; until a
        # search has run out there are none, and nothing is set aside.
        outer = pos.unsettled
        if outer:
            pos.unsettled = set()
        try:
            refused = CHECKS[move["type"]](pos, move)
        finally:
            fresh = pos.unsettled
            if outer:
                pos.unsettled = outer
                outer |= fresh
        if refused:
            return False
        self.codes.add(code)
        self.moves.append({**move, "code": code, "rules": rules, **extra})
        if fresh:      # the answer's steps ran out before the move's question was settled: the move names it
            self.moves[-1]["unverified"] = sorted(fresh)
        return True

    def offer_largest(self, moves: list[dict], rules: list[str]) -> bool:
        """Offer one meld's steps, largest first, until one is listed; say whether one was.

        After a partner's yes the smallest is judged first, unlisted: where it leaves no way out, neither does any
        larger step into the same meld (Position.can_go_out), so the others are refused without a search of their
        own; where it does, its answer is kept for when the offers reach it. (Once the answer's steps are spent no
        search settles anything, and nothing is judged ahead.)"""
        if len(moves) > 1 and self.pos.state.turn.question == "yes" and not work.meter().ran_out:
            self._judge_unlisted(moves[-1])
        for move in moves:
            if self.offer(move, rules):
                return True
        return False

    def _judge_unlisted(self, move: dict) -> None:
        """Run the checks on a move without listing it: what its searches settle, the position keeps."""
        pos = self.pos
        outer, unverified = pos.unsettled, set(pos.unverified)
        pos.unsettled = set()
        try:
            CHECKS[move["type"]](pos, move)
        finally:
            pos.unsettled, pos.unverified = outer, unverified


def legal_moves(cfg: Config, state: CanastaState) -> tuple[list[dict], dict]:
    """Every legal move of the seat to act, and the constraints that tie them (the opening)."""
    pos = position_of(cfg, state)
    lister = Lister(pos)
    notes: dict = {}
    phase = state.turn.phase
    if phase == "answer":  # the partner answers: the asker's cards do not matter
        for yes in (True, False):
            lister.offer({"type": "answer_go_out", "yes": yes}, ["canasta.going-out.ask-partner"])
    elif pos.hidden:
        _hidden_seat(pos, lister, notes)
    elif phase == "draw":
        _draw_phase(pos, lister, notes)
    else:
        _meld_phase(pos, lister, notes)
    notes["unverified"] = sorted(pos.unverified) if pos.unverified else []
    return lister.moves, notes


def _hidden_seat(pos: Position, lister: Lister, notes: dict) -> None:
    """A seat whose hand is hidden: the legal moves that need none of its cards, and in `hidden_moves` the
    types of move it may make with its cards, with the rules only those cards can settle."""
    cfg, state = pos.cfg, pos.state
    hidden: list[dict] = []
    if state.turn.phase == "draw":
        lister.offer({"type": "draw"}, ["canasta.stock.exhausted"] if state.stock_size() == 0
                     else ["canasta.turn.draw"])
        notes["pile"] = _pile_note(pos)
        top = state.discard[-1] if state.discard else None
        if rank := cfg.rank_of.get(top):
            _offer_checked(lister, {"type": "take_pile", "cards": []}, ["canasta.pile.take",
                                                                        "canasta.pile.unfrozen-take"], hidden)
            if not cfg.is_stop_rank(rank) and (pos.opened or cfg.table.opening.pile_may_open):
                hidden.append({"type": "take_pile", "rules": ["canasta.melds.from-hand"]})
        elif top in cfg.wild and not blocked(cfg, top) and (pos.opened or cfg.table.opening.pile_may_open):
            hidden.append({"type": "take_pile", "rules": ["canasta.melds.from-hand", "canasta.pile.wild-top-pair"]})
    else:
        _offer_checked(lister, {"type": "take_back"}, ["canasta.opening.in-steps", "canasta.opening.failed-attempt"],
                       hidden)
        after = ["canasta.going-out.ask-partner"] if state.turn.question == "yes" else []
        steps = [] if pos.opened else ["canasta.opening.in-steps"]
        hidden.append({"type": "meld", "rules": ["canasta.melds.from-hand", *steps, *after]})
        if pos.melds or pos.shared:
            hidden.append({"type": "lay_off", "rules": ["canasta.melds.from-hand", *steps, *after]})
        probe = next(card for card in cfg.copies if card not in cfg.bonus_cards)
        if not CHECKS["discard"](pos, {"type": "discard", "card": probe}):
            hidden.append({"type": "discard", "rules": ["canasta.turn.discard"]})
        if not CHECKS["ask_go_out"](pos, {"type": "ask_go_out"}):
            hidden.append({"type": "ask_go_out", "rules": ["canasta.going-out.ask-partner"]})
        _merges(pos, lambda move, rules: _offer_checked(lister, move, rules, hidden))
        if has_hook(cfg.table.hooks, JOKER_SWAP) and jokers_to_take(pos):
            hidden.append({"type": "swap_joker", "rules": [SWAP_RULE]})
    for entry in hidden:
        pos.unverified.update(entry["rules"])
    notes["hidden_moves"] = hidden


def _offer_checked(lister: Lister, move: dict, rules: list[str], hidden: list[dict]) -> None:
    """List a move that names no card when its checks settle it; when they need the hidden cards, say so."""
    pos = lister.pos
    before = set(pos.unverified)
    if CHECKS[move["type"]](pos, move):
        return
    needs = sorted(pos.unverified - before)
    if needs:
        hidden.append({**move, "rules": needs})
    else:
        lister.offer(move, rules)


def _pile_note(pos: Position) -> dict:
    pile = pos.state.discard
    why = pos.pile_frozen_because()
    return {"size": len(pile), "top": pile[-1] if pile else None, "frozen": bool(why), "why": why,
            "rules": ["canasta.pile.frozen"]}


def _witness_part(cfg: Config, draft) -> dict:
    """One part of an opening's witness: its cards and what they count, and the side's melds (by index) it merges
    into one first, where it does."""
    part = {"cards": draft.cards(), "points": draft.points(cfg)}
    if type(draft.onto) is Joining:
        part["joins"] = draft.onto.members
    return part


def _opening_note(pos: Position, verdict: OpeningVerdict, via: str) -> dict:
    cfg = pos.cfg
    note = {"type": "initial_meld", "side": pos.side, "via": via, "required": verdict.required,
            "counted": verdict.counted, "best": verdict.best, "met": verdict.met,
            "witness": [_witness_part(cfg, d) for d in verdict.witness] if verdict.met else [],
            "blocks": [{"cards": d.cards(), "points": d.points(cfg)} for d in verdict.blocks],
            "rules": ["canasta.opening.minimum", "canasta.opening.counting"]
            + (["canasta.opening.in-steps"] if pos.short is not None else [])}
    if verdict.canasta is not None:
        # The tier asks for a canasta beside the count: `best` counts only ways that hold one.
        note["required_canasta"] = verdict.canasta
        note["rules"].append("canasta.opening.canasta-needed")
    return note


def _unsettled_opening(pos: Position, via: str, required: int) -> dict:
    """The initial-meld constraint where the answer's work ran out before the search settled it: whether the
    minimum can be met is left open (null), and the opening's rule is named among the unverified."""
    pos.left_open("canasta.opening.minimum")
    return {"type": "initial_meld", "side": pos.side, "via": via, "required": required, "counted": pos.counted,
            "best": None, "met": None, "witness": [], "blocks": [],
            "rules": ["canasta.opening.minimum", "canasta.opening.counting"]}


def _draw_phase(pos: Position, lister: Lister, notes: dict) -> None:
    cfg, state = pos.cfg, pos.state
    empty = state.stock_size() == 0
    lister.offer({"type": "draw"}, ["canasta.stock.exhausted"] if empty else ["canasta.turn.draw"])
    notes["pile"] = _pile_note(pos)
    pile = state.discard
    if not pile:
        return
    top = pile[-1]
    rank = cfg.rank_of.get(top)
    if (rank is None and top not in cfg.wild) or cfg.is_stop_rank(rank) or blocked(cfg, top):
        return
    # A side that has opened takes the pile with cards of the top card's rank and wild cards alone (a side
    # that has not opened takes it with an initial meld, searched over the whole hand below).
    mine, wilds = pos.rank_and_wilds(rank) if pos.opened else ([], [])
    rules = ["canasta.pile.take"]
    if pos.opened and rank is None:
        _wild_pair_takes(pos, lister, wilds, rules + ["canasta.pile.wild-top-pair"])
        return
    if pos.opened:
        frozen = bool(pos.pile_frozen_because())
        rules.append("canasta.pile.frozen-take" if frozen else "canasta.pile.unfrozen-take")
        if len(mine) >= 2:
            lister.offer({"type": "take_pile", "cards": mine[:2]}, rules)
        if mine and wilds:
            lister.offer({"type": "take_pile", "cards": [mine[0], wilds[0]]}, rules)
        for index, onto in enumerate(pos.melds if cfg.table.sequences is not None else ()):
            if onto.suit == top[-1]:                    # the top card onto a sequence it may lengthen
                lister.offer({"type": "take_pile", "cards": [], "meld": index},
                             ["canasta.pile.take", "canasta.melds.sequence"]
                             + (["canasta.pile.top-card-onto-sequence"] if cfg.table.pile.top_card_only_onto_sequence
                                else []))
        if cfg.table.sets.one_per_rank:
            if rank in pos.by_rank:
                lister.offer({"type": "take_pile", "cards": []}, rules)
            return
        # Several melds of a rank: the top card may also join each of them, alone or with a natural pair.
        for index in pos.melds_of(rank):
            lister.offer({"type": "take_pile", "cards": [], "meld": index}, rules)
            if len(mine) >= 2:
                lister.offer({"type": "take_pile", "cards": mine[:2], "meld": index}, rules)
        return
    # Not opened: the pile is frozen, and taking it must open with the top card counted.
    gain = gained(cfg, pile)
    # Where the top card does not count, the melds with it must reach the minimum plus its value.
    uncounted = cfg.values[top] - top_counted(cfg, top)
    # Going out by taking the pile counts the bonus cards it brings beside the side's own.
    bonus = len(pos.state.red_threes[pos.side]) + len(taken_below(cfg, pile)) - gain
    try:
        verdict = plan_opening(cfg, pos.hand, pos.minimum + uncounted, keep=pos.keep, gain=gain, top=top,
                               frozen=bool(pos.pile_frozen_because()), going_out=pos.goes_out(gain),
                               canastas_needed=pos.needed, split=pos.split(), needs=needs_of(cfg, bonus, pos.needed),
                               canasta=pos.opening_canasta)
    except OutOfWork:
        notes.setdefault("constraints", []).append(_unsettled_opening(pos, "take_pile", pos.minimum))
        return
    note = _opening_note(pos, verdict, "take_pile")
    if uncounted:
        note.update(required=verdict.required - uncounted, best=verdict.best - uncounted)
        for drawn, draft in zip(note["witness"], verdict.witness):
            drawn["points"] -= uncounted if draft.top else 0
    notes.setdefault("constraints", []).append(note)
    if verdict.met:
        base = next(d for d in verdict.witness if d.top)
        others = [{"cards": d.cards()} for d in verdict.witness if not d.top]
        move = {"type": "take_pile", "cards": base.hand_cards()}
        if others:
            move["melds"] = others
        if not lister.offer(move, rules + ["canasta.pile.frozen-take", "canasta.opening.minimum"]
                            + (["canasta.opening.canasta-needed"] if verdict.canasta is not None else []),
                            opening={"required": note["required"],
                                     "points": sum(w["points"] for w in note["witness"])}):
            note["met"] = False


def _wild_pair_takes(pos: Position, lister: Lister, wilds: list[str], rules: list[str]) -> None:
    """A wild top card taken by a side that has opened: with the fewest wild cards from the hand that make a
    new meld of wild cards alone with it, and with the fewest onto each such meld of the side."""
    sets = pos.cfg.table.sets
    for k in range(max(WILD_PAIR, sets.min_cards - 1), len(wilds) + 1):
        if lister.offer({"type": "take_pile", "cards": wilds[:k]}, rules):
            break
    for index, onto in enumerate(pos.melds):
        for k in range(WILD_PAIR, len(wilds) + 1) if not onto.rank else ():
            if lister.offer({"type": "take_pile", "cards": wilds[:k], "meld": index}, rules):
                break


def _meld_phase(pos: Position, lister: Lister, notes: dict) -> None:
    state = pos.state
    hand = pos.hand
    turn = state.turn
    if turn.question is None and not turn.melded:
        lister.offer({"type": "ask_go_out"}, ["canasta.going-out.ask-partner"])
    if turn.question == "yes":
        plan = pos.going_out_plan(hand, pos.melds, rule=ASK_PARTNER)
        if plan is not None:
            for step in plan.moves:
                lister.offer(step, ["canasta.going-out.ask-partner", "canasta.going-out.how"])
    hooks = pos.cfg.table.hooks
    if JOKER_SWAP in hooks:            # has_hook, read directly: a declared hook, asked of every listing
        for swap in swap_offers(pos):
            lister.offer(swap, [SWAP_RULE])
    naturals, wilds, blacks = pos.split()
    if pos.opened:
        _blocks(pos, lister, naturals, wilds, blacks)
    else:
        _opening_moves(pos, lister, notes)
    if MERGE_MELDS_OF_A_RANK in hooks:
        _merges(pos, lister.offer)
    _discards(pos, lister)


def _discards(pos: Position, lister: Lister) -> None:
    """Each distinct card of the hand, when discarding is legal now."""
    hand = pos.hand
    # check_discard depends on the card only through holding it, and every card here is held:
    # one check decides them all (but the queen of spades where a variant keeps it for the last discard).
    queen = QUEEN_OF_SPADES in pos.counts and has_hook(pos.cfg.table.hooks, QUEEN_OF_SPADES_DISCARDED_LAST)
    probe = next((card for card in hand if card != QUEEN_OF_SPADES), QUEEN_OF_SPADES) if queen else (
        hand[0] if hand else None)
    if hand and not CHECKS["discard"](pos, {"type": "discard", "card": probe}):
        cards = sorted(pos.counts, key=card_sort_key)   # each distinct card of the hand
        if queen and probe != QUEEN_OF_SPADES and CHECKS["discard"](pos, {"type": "discard", "card": QUEEN_OF_SPADES}):
            cards.remove(QUEEN_OF_SPADES)
        codes, moves = lister.codes, lister.moves
        rules = ["canasta.turn.discard"]
        for card in cards:
            code = "discard:" + card
            if code not in codes:
                codes.add(code)
                moves.append({"type": "discard", "card": card, "code": code, "rules": rules})


def _blocks(pos: Position, lister: Lister, naturals: dict, wilds: list, blacks: list) -> None:
    """Each new meld and each addition that is possible on its own."""
    cfg = pos.cfg
    set_rules = cfg.table.sets
    meld_rules = ["canasta.turn.meld", "canasta.melds.set"]
    one_per_rank = set_rules.one_per_rank
    all_wilds = wilds
    for rank, cards in (with_dual_naturals(cfg, naturals, wilds) if cfg.dual else naturals).items():
        # Cards both wild and natural serve here as naturals of their own rank, never as its wild cards.
        wilds = [c for c in all_wilds if cfg.dual.get(c) != rank] if cfg.dual else all_wilds
        index = pos.by_rank.get(rank)
        if index is not None:
            for onto in (index,) if one_per_rank else pos.melds_of(rank):
                lister.offer_largest([{"type": "lay_off", "meld": onto, "cards": cards[:n]}
                                      for n in range(len(cards), 0, -1)], ["canasta.turn.meld"])
            if one_per_rank:
                continue
        if len(cards) < set_rules.min_naturals:
            continue
        for k in range(0, min(len(wilds), cfg.wild_cap(len(cards))) + 1):
            low = max(set_rules.min_naturals, set_rules.min_cards - k)
            lister.offer_largest([{"type": "meld", "melds": [{"cards": cards[:n] + wilds[:k]}]}
                                  for n in range(len(cards), low - 1, -1) if cfg.wild_cap(n) >= k], meld_rules)
    wilds = all_wilds
    for index, onto in enumerate(pos.melds if wilds else ()):
        if cfg.is_stop_rank(onto.rank):
            continue
        # A meld of wild cards alone is limited by its size only.
        if onto.rank:
            room = cfg.wild_cap(onto.naturals) - onto.wilds
        else:
            room = len(wilds) if cfg.wild_meld_most is None else cfg.wild_meld_most - onto.size
        for k in range(1, min(len(wilds), room) + 1):
            lister.offer({"type": "lay_off", "meld": index, "cards": wilds[:k]},
                         ["canasta.turn.meld", "canasta.melds.wild-limit" if onto.rank else "canasta.melds.all-wild"])
    if set_rules.all_wild:
        most = len(wilds) if cfg.wild_meld_most is None else min(len(wilds), cfg.wild_meld_most)
        for k in range(set_rules.min_cards, most + 1):
            lister.offer({"type": "meld", "melds": [{"cards": wilds[:k]}]},
                         ["canasta.turn.meld", "canasta.melds.all-wild"])
    if len(blacks) >= 3:
        lister.offer({"type": "meld", "melds": [{"cards": blacks}]}, ["canasta.melds.black-threes"])
    if pos.others:
        _shared_lay_offs(pos, lister, naturals, wilds)

    if cfg.table.sequences is not None:
        _sequence_blocks(pos, lister)


def _shared_lay_offs(pos: Position, lister: Lister, naturals: dict, wilds: list) -> None:
    """Each addition to a meld of another owner the seating lets the seat add to, naming that owner."""
    cfg = pos.cfg
    rules = ["canasta.turn.meld", SEATING_RULES[pos.state.seating]]
    for owner in pos.others:
        for index, onto in enumerate(pos.state.melds[owner]):
            cards = naturals.get(onto.rank, ())
            for n in range(len(cards), 0, -1):
                if lister.offer({"type": "lay_off", "owner": owner, "meld": index, "cards": cards[:n]}, rules):
                    break
            room = cfg.wild_cap(onto.naturals) - onto.wilds if onto.rank else len(wilds)
            for k in range(1, min(len(wilds), room) + 1) if not cfg.is_stop_rank(onto.rank) else ():
                lister.offer({"type": "lay_off", "owner": owner, "meld": index, "cards": wilds[:k]}, rules)


def _merges(pos: Position, offer) -> None:
    """Each pair of the side's melds of one rank that are not canastas yet, put together, through `offer`."""
    if not has_hook(pos.cfg.table.hooks, MERGE_MELDS_OF_A_RANK):
        return
    open_melds: dict[str, list[int]] = {}
    for index, meld in enumerate(pos.melds):
        if (meld.rank or meld.suit) and not pos.cfg.is_canasta(meld.size):
            # Sets gather by rank, sequences by suit (keyed apart: a suit letter is no rank).
            open_melds.setdefault(meld.rank or "suit:" + meld.suit, []).append(index)
    for key, indices in open_melds.items():
        rules = ["canasta.melds.merge", "canasta.melds.sequence"] if key.startswith("suit:") else ["canasta.melds.merge"]
        for at, first in enumerate(indices):
            for second in indices[at + 1:]:
                offer({"type": "merge", "melds": [first, second]}, rules)


def _sequence_blocks(pos: Position, lister: Lister) -> None:
    """Each new sequence and each lengthening of a side's sequence that is possible on its own: the longest
    run of the hand's cards of a suit (cut into sequences of the most cards allowed), and the longest chain
    at either end of a sequence on the table; shorter ones only where the longer is refused."""
    cfg = pos.cfg
    rules = cfg.table.sequences
    suits: dict[str, list[str]] = {}
    for card in sorted(pos.counts, key=card_sort_key):     # each distinct card of the hand
        if card in cfg.rank_of and card not in cfg.stop_cards:
            suits.setdefault(card[-1], []).append(card)
    meld_rules = ["canasta.turn.meld", "canasta.melds.sequence"]
    for cards in suits.values():
        for run in runs_in(cfg, cards):
            for start in range(0, len(run), rules.max_cards):
                piece = run[start:start + rules.max_cards]
                lister.offer_largest([{"type": "meld", "melds": [{"cards": piece[:n], "kind": "sequence"}]}
                                      for n in range(len(piece), rules.min_cards - 1, -1)], meld_rules)
    for index, onto in enumerate(pos.melds):
        if not onto.suit:
            continue
        for chain in extensions(cfg, onto, suits.get(onto.suit, [])):
            lister.offer_largest([{"type": "lay_off", "meld": index, "cards": chain[:n]}
                                  for n in range(min(len(chain), rules.max_cards - onto.size), 0, -1)], meld_rules)


def _opening_moves(pos: Position, lister: Lister, notes: dict) -> None:
    """The initial meld: the constraint with its verdict, and its witness as the listed moves.

    While an initial meld begun this turn is short, the witness completes it (new melds in one
    move, additions to the turn's melds one by one) and taking the melds back is listed too.
    """
    cfg = pos.cfg
    try:
        verdict = plan_opening(cfg, pos.hand, pos.minimum, keep=pos.keep, melds=tuple(pos.melds),
                               counted=pos.counted, split=pos.split(), canasta=pos.opening_canasta)
    except OutOfWork:
        notes.setdefault("constraints", []).append(_unsettled_opening(pos, "meld", pos.minimum))
        if pos.short is not None:
            lister.offer({"type": "take_back"}, ["canasta.opening.in-steps", "canasta.opening.failed-attempt"])
        return
    note = _opening_note(pos, verdict, "meld")
    notes.setdefault("constraints", []).append(note)
    rules = ["canasta.melds.set", "canasta.opening.minimum", "canasta.opening.counting"]
    if pos.short is not None:
        rules.append("canasta.opening.in-steps")
    if verdict.canasta is not None:
        rules.append("canasta.opening.canasta-needed")
    if verdict.met:
        opening = {"required": verdict.required,
                   "points": pos.counted + sum(d.points(cfg) for d in verdict.witness)}
        steps = opening_steps(cfg, verdict.witness, pos.melds)
        listed = [lister.offer(step, rules, opening=opening) for step in steps]
        if not listed or not listed[0]:
            note["met"] = False
    if pos.short is not None:
        lister.offer({"type": "take_back"}, ["canasta.opening.in-steps", "canasta.opening.failed-attempt"])
    if cfg.table.opening.concealed_exempt and pos.state.turn.drew == "stock" and pos.state.turn.question != "no":
        plan = pos.going_out_plan(pos.hand, pos.melds)
        if plan is not None and plan.moves:
            if lister.offer(plan.moves[0], rules + ["canasta.opening.concealed-exception", "canasta.going-out.how"],
                            opening={"required": verdict.required, "points": pos.counted + plan.points,
                                     "exempt": True}):
                note["going_out"] = {"melds": plan.moves[0].get("melds", []), "discard": plan.leftover,
                                     "moves": plan.moves, "rules": ["canasta.opening.concealed-exception"]}
