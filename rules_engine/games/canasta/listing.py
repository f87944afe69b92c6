"""The legal moves of a position, kept small: building blocks, one canonical choice of cards each.

Suits never matter to a meld, so each meld or addition is listed once, with naturals first (in
rank-then-suit order) and then wild cards (twos before jokers). The initial meld is a constraint
over those blocks: it is reported with a verdict and one witness, and the witness is the listed
move. Every candidate goes through the same checks /validate-move uses.
"""

from __future__ import annotations

from .config import Config, card_sort_key
from .checks import CHECKS
from .position import Position
from .opening import OpeningVerdict, plan_opening
from .state import CanastaState


def _code(move: dict) -> str:
    kind = move["type"]
    if kind == "meld":
        return "meld:" + "|".join([",".join(m["cards"]) for m in move["melds"]])
    if kind == "lay_off":
        return f"lay_off:{move['meld']}:" + ",".join(move["cards"])
    if kind == "take_pile":
        code = "take_pile:" + ("" if move.get("meld") is None else f"{move['meld']}:") + ",".join(move["cards"])
        if move.get("melds"):
            code += "+" + "|".join(",".join(m["cards"]) for m in move["melds"])
        return code
    if kind == "discard":
        return "discard:" + move["card"]
    if kind == "answer_go_out":
        return "answer_go_out:" + ("yes" if move["yes"] else "no")
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
        if CHECKS[move["type"]](self.pos, move):
            return False
        self.codes.add(code)
        self.moves.append({**move, "code": code, "rules": rules, **extra})
        return True


def legal_moves(cfg: Config, state: CanastaState) -> tuple[list[dict], dict]:
    """Every legal move of the seat to act, and the constraints that tie them (the opening)."""
    pos = Position(cfg, state)
    lister = Lister(pos)
    notes: dict = {}
    phase = state.turn.phase
    if phase == "answer":
        for yes in (True, False):
            lister.offer({"type": "answer_go_out", "yes": yes}, ["canasta.going-out.ask-partner"])
        return lister.moves, notes
    if phase == "draw":
        _draw_phase(pos, lister, notes)
    else:
        _meld_phase(pos, lister, notes)
    return lister.moves, notes


def _pile_note(pos: Position) -> dict:
    pile = pos.state.discard
    why = pos.pile_frozen_because()
    return {"size": len(pile), "top": pile[-1] if pile else None, "frozen": bool(why), "why": why,
            "rules": ["canasta.pile.frozen"]}


def _opening_note(pos: Position, verdict: OpeningVerdict, via: str) -> dict:
    cfg = pos.cfg
    return {"type": "initial_meld", "side": pos.side, "via": via, "required": verdict.required,
            "counted": verdict.counted, "best": verdict.best, "met": verdict.met,
            "witness": [{"cards": d.cards(), "points": d.points(cfg.values)} for d in verdict.witness]
            if verdict.met else [],
            "blocks": [{"cards": d.cards(), "points": d.points(cfg.values)} for d in verdict.blocks],
            "rules": ["canasta.opening.minimum", "canasta.opening.counting"]
            + (["canasta.opening.in-steps"] if pos.short is not None else [])}


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
    if rank is None or rank == "3":
        return
    naturals, wilds, _ = pos.split()
    mine = naturals.get(rank, [])
    rules = ["canasta.pile.take"]
    if pos.opened:
        frozen = bool(pos.pile_frozen_because())
        rules.append("canasta.pile.frozen-take" if frozen else "canasta.pile.unfrozen-take")
        if len(mine) >= 2:
            lister.offer({"type": "take_pile", "cards": mine[:2]}, rules)
        if mine and wilds:
            lister.offer({"type": "take_pile", "cards": [mine[0], wilds[0]]}, rules)
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
    gained = sum(1 for c in pile[:-1] if c not in cfg.bonus_cards)
    verdict = plan_opening(cfg, pos.hand, pos.minimum, keep=2, gain=gained, top=top,
                           frozen=bool(pos.pile_frozen_because()), going_out=gained <= 1,
                           canastas_needed=pos.needed, split=pos.split())
    note = _opening_note(pos, verdict, "take_pile")
    notes.setdefault("constraints", []).append(note)
    if verdict.met:
        base = next(d for d in verdict.witness if d.top)
        others = [{"cards": d.cards()} for d in verdict.witness if not d.top]
        move = {"type": "take_pile", "cards": base.hand_cards()}
        if others:
            move["melds"] = others
        if not lister.offer(move, rules + ["canasta.pile.frozen-take", "canasta.opening.minimum"],
                            opening={"required": verdict.required,
                                     "points": sum(w["points"] for w in note["witness"])}):
            note["met"] = False


def _meld_phase(pos: Position, lister: Lister, notes: dict) -> None:
    state = pos.state
    hand = pos.hand
    turn = state.turn
    if turn.question is None and not turn.melded:
        lister.offer({"type": "ask_go_out"}, ["canasta.going-out.ask-partner"])
    if turn.question == "yes":
        plan = pos.going_out_plan(hand, pos.melds)
        if plan is not None:
            for step in plan.moves:
                lister.offer(step, ["canasta.going-out.ask-partner", "canasta.going-out.how"])
    naturals, wilds, blacks = pos.split()
    if pos.opened:
        _blocks(pos, lister, naturals, wilds, blacks)
    else:
        _opening_moves(pos, lister, notes)
    _discards(pos, lister)


def _discards(pos: Position, lister: Lister) -> None:
    """Each distinct card of the hand, when discarding is legal now."""
    hand = pos.hand
    # check_discard depends on the card only through holding it, and every card here is held:
    # one check decides them all.
    if hand and not CHECKS["discard"](pos, {"type": "discard", "card": hand[0]}):
        cards = sorted(pos.counts, key=card_sort_key)   # each distinct card of the hand
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
    for rank, cards in naturals.items():
        index = pos.by_rank.get(rank)
        if index is not None:
            for onto in (index,) if one_per_rank else pos.melds_of(rank):
                for n in range(len(cards), 0, -1):
                    if lister.offer({"type": "lay_off", "meld": onto, "cards": cards[:n]}, ["canasta.turn.meld"]):
                        break
            if one_per_rank:
                continue
        if len(cards) < set_rules.min_naturals:
            continue
        for k in range(0, min(len(wilds), cfg.wild_cap(len(cards))) + 1):
            low = max(set_rules.min_naturals, set_rules.min_cards - k)
            for n in range(len(cards), low - 1, -1):
                if cfg.wild_cap(n) < k:
                    break
                if lister.offer({"type": "meld", "melds": [{"cards": cards[:n] + wilds[:k]}]}, meld_rules):
                    break
    for index, onto in enumerate(pos.melds if wilds else ()):
        if onto.rank == "3":
            continue
        # A meld of wild cards alone is limited by its size only (the checks say how far).
        room = cfg.wild_cap(onto.naturals) - onto.wilds if onto.rank else len(wilds)
        for k in range(1, min(len(wilds), room) + 1):
            lister.offer({"type": "lay_off", "meld": index, "cards": wilds[:k]},
                         ["canasta.turn.meld", "canasta.melds.wild-limit" if onto.rank else "canasta.melds.all-wild"])
    if set_rules.all_wild:
        most = len(wilds) if set_rules.max_cards is None else min(len(wilds), set_rules.max_cards)
        for k in range(set_rules.min_cards, most + 1):
            lister.offer({"type": "meld", "melds": [{"cards": wilds[:k]}]},
                         ["canasta.turn.meld", "canasta.melds.all-wild"])
    if len(blacks) >= 3:
        lister.offer({"type": "meld", "melds": [{"cards": blacks}]}, ["canasta.melds.black-threes"])


def _opening_moves(pos: Position, lister: Lister, notes: dict) -> None:
    """The initial meld: the constraint with its verdict, and its witness as the listed moves.

    While an initial meld begun this turn is short, the witness completes it (new melds in one
    move, additions to the turn's melds one by one) and taking the melds back is listed too.
    """
    cfg = pos.cfg
    verdict = plan_opening(cfg, pos.hand, pos.minimum, keep=2, melds=tuple(pos.melds), counted=pos.counted,
                           split=pos.split())
    note = _opening_note(pos, verdict, "meld")
    notes.setdefault("constraints", []).append(note)
    rules = ["canasta.melds.set", "canasta.opening.minimum", "canasta.opening.counting"]
    if pos.short is not None:
        rules.append("canasta.opening.in-steps")
    if verdict.met:
        opening = {"required": verdict.required,
                   "points": pos.counted + sum(d.points(cfg.values) for d in verdict.witness)}
        fresh = [{"cards": d.cards()} for d in verdict.witness if d.onto is None]
        steps = [{"type": "meld", "melds": fresh}] if fresh else []
        steps += [{"type": "lay_off", "meld": d.onto, "cards": d.hand_cards()}
                  for d in verdict.witness if d.onto is not None]
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
