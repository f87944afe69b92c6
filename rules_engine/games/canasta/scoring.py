"""Scoring a hand of Canasta line by line, each line citing the rule it applies."""

from __future__ import annotations

from ...errors import invalid
from ...parsing import HiddenHand
from .config import Config
from .game_length import game_over
from .hooks import SUPER_CANASTA, WILD_CANASTA_BY_COMPOSITION
from .melds import canasta_bonus, card_points
from .seating import LONE_HAND, PARTNER_RENTRAP, SEATING_RULES, seating_of
from .state import CanastaState
from .zones import FOOT_CARDS_RULE


CANASTA_LINES = (("canasta.canastas.natural", "natural"), ("canasta.canastas.mixed", "mixed"))
WILD_CANASTA_LINES = (("canasta.canastas.wild", "wild"),)
# Where the bonus follows what the canasta holds (wild_canasta_by_composition): such canastas on a line apart.
COMPOSED_CANASTA_LINES = WILD_CANASTA_LINES + (("canasta.canastas.wild-by-composition", "wild"),)
SEQUENCE_CANASTA_LINES = (("canasta.canastas.sequence", "sequence"),)
SUPER_CANASTA_LINES = (("canasta.canastas.super", "super"),)


def _line(side: int, seat: int | None, points: int, rule: str, text: str) -> dict:
    return {"team": side, "seat": seat, "points": points, "rule": rule, "text": text}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _three_word(cards: list[str]) -> str:
    """What bonus cards are called in a score line: red or black threes, or threes when both."""
    colours = {"red" if card[-1] in "DH" else "black" for card in cards}
    return f"{colours.pop()} three" if len(colours) == 1 else "three"


def _bonus_cards_count_minus(cfg: Config, melds: list) -> str | None:
    """Why a side's bonus cards count against it (in words), or None when they count for it."""
    unless = cfg.table.threes.red_negative_unless
    if unless == "never":
        return None
    if unless == "melded":
        return None if melds else "melded nothing"
    canastas = sum(1 for m in melds if cfg.is_canasta(m.size))
    wanted = 1 if unless == "canasta" else cfg.table.going_out.canastas
    return None if canastas >= wanted else f"has {_plural(canastas, 'canasta')}, fewer than {wanted}"


def _bonus_card_lines(cfg: Config, side: int, held: list[str], melds: list) -> list[dict]:
    """The bonus cards a side laid out: apiece, all of them, or on the variant's schedule, per colour where
    the variant scores the colours apart; counted minus where the side lacks what makes them count plus."""
    if not held:
        return []
    threes = cfg.table.threes
    if cfg.plain_threes:    # Classic's rule, as briefly as it can be worked out
        reds = len(held)
        every = cfg.bonus_every
        value = threes.red_all if reds == every else reds * threes.red_each
        if not melds:
            value = cfg.four_red_unmelded if reds == every else -value
            text = f"{reds} red three{'s' if reds != 1 else ''}, counted minus: side {side} melded nothing"
        else:
            text = f"{reds} red three{'s' if reds != 1 else ''}" + (" (all of them)" if reds == every else "")
        return [_line(side, None, value, "canasta.red-threes.score", text)]
    if threes.per_colour:
        groups = [[c for c in held if c[-1] in "DH"], [c for c in held if c[-1] not in "DH"]]
    else:
        groups = [held]
    minus = _bonus_cards_count_minus(cfg, melds)
    plain = cfg.plain_threes
    lines = []
    for cards in groups:
        if not cards:
            continue
        n = len(cards)
        every = sum(cfg.copies.get(card, 0) for card in cfg.bonus_cards if _three_word([card]) == _three_word(cards)) \
            if threes.per_colour else sum(cfg.copies.get(card, 0) for card in cfg.bonus_cards)
        if threes.schedule:
            value = threes.schedule[min(n, len(threes.schedule) - 1)]
        else:
            value = threes.red_all if n == every else n * threes.red_each
        text = _plural(n, _three_word(cards))
        if minus is not None:
            value = cfg.four_red_unmelded if n == every and not threes.per_colour else -value
            text += f", counted minus: side {side} {minus}"
        elif n == every:
            text += " (all of them)"
        rule = "canasta.red-threes.score" if plain else (
            "canasta.threes.minus" if minus is not None else
            "canasta.threes.schedule" if threes.schedule else "canasta.red-threes.score")
        lines.append(_line(side, None, value, rule, text))
    return lines


def _by_place_lines(side: int, seat: int | None, cards: list[str], values: dict, where: str, sign: int) -> list[dict]:
    """One line per card code the variant values apart where it lies (melded, or left in a hand)."""
    lines = []
    for card in sorted(set(cards), key=cards.index):
        n = cards.count(card)
        lines.append(_line(side, seat, sign * n * values[card], "canasta.scoring.values-by-place",
                           f"{n} {card} {where}, {values[card]} each"))
    return lines


def _melded_lines(cfg: Config, side: int, melds: list) -> list[dict]:
    """The cards of a side's melds, counted plus; the cards the variant values apart when melded each apart."""
    values = cfg.values
    special = cfg.melded_apart
    if cfg.wild_as:
        counted = [card_points(cfg, m.rank, card) for m in melds for card in m.cards if card not in special]
        return [_line(side, None, sum(counted), "canasta.scoring.wild-as",
                      f"{len(counted)} melded cards in {len(melds)} meld{'s' if len(melds) != 1 else ''}, each wild "
                      "card counted by the rank it stands for")] + _by_place_lines(
            side, None, [card for m in melds for card in m.cards if card in special], values, "melded", 1)
    if not special:
        cards = [card for m in melds for card in m.cards]
        return [_line(side, None, sum(map(values.__getitem__, cards)), "canasta.scoring.melded-cards",
                      f"{len(cards)} melded cards in {len(melds)} meld{'s' if len(melds) != 1 else ''}")]
    cards = [card for m in melds for card in m.cards]
    apart = [card for card in cards if card in special]
    cards = [card for card in cards if card not in special]
    lines = [_line(side, None, sum(map(values.__getitem__, cards)), "canasta.scoring.melded-cards",
                   f"{len(cards)} melded cards in {len(melds)} meld{'s' if len(melds) != 1 else ''}")]
    return lines + _by_place_lines(side, None, apart, values, "melded", 1)


def _incomplete_lines(cfg: Config, side: int, melds: list) -> list[dict]:
    """Each meld of a kind the variant penalises left below its size."""
    lines = []
    for kind, below, points in cfg.table.incomplete_penalty:
        for m in melds:
            if _meld_kind(m) == kind and len(m.cards) < below:
                lines.append(_line(side, None, -points, "canasta.scoring.incomplete",
                                   f"{kind} meld of {len(m.cards)} card{'s' if len(m.cards) != 1 else ''} "
                                   f"({', '.join(m.cards)}) left below {below}"))
    return lines


def _meld_kind(meld) -> str:
    """A table meld's kind as incomplete_penalty names it: "wild" (wild cards alone), "sequence" or "set"."""
    if not meld.naturals:
        return "wild"
    return getattr(meld, "kind", None) or "set"


def _hand_lines(cfg: Config, side: int, seat: int, hand: list[str], went_out: bool) -> list[dict]:
    """The cards left in a seat's hand, counted minus; stop cards and the cards the variant values apart
    in a hand each on lines of their own. `went_out`: whether a player ended the hand by going out."""
    if not hand:
        return []
    values = cfg.hand_values
    stops_apart = cfg.stops_apart and (went_out or cfg.table.threes.black_hand_when == "hand_end")
    if cfg.stops_apart and not stops_apart:     # a black three left counts as any card here
        values = {**values, **dict.fromkeys(cfg.stop_cards, cfg.table.values.black_three)}
    if not cfg.in_hand_apart and not stops_apart:
        return [_line(side, seat, -sum(map(values.__getitem__, hand)), "canasta.scoring.hand-cards",
                      f"{len(hand)} card{'s' if len(hand) != 1 else ''} left in seat {seat}'s hand")]
    lines = []
    special = cfg.in_hand_apart
    if special and not special.keys().isdisjoint(hand):
        lines += _by_place_lines(side, seat, [card for card in hand if card in special], values,
                                 f"left in seat {seat}'s hand", -1)
        hand = [card for card in hand if card not in special]
        if not hand:
            return lines
    stops = [card for card in hand if card in cfg.stop_cards]
    if stops and stops_apart:
        hand = [card for card in hand if card not in cfg.stop_cards]
        lines.append(_line(side, seat, -sum(map(values.__getitem__, stops)), "canasta.black-threes.in-hand",
                           f"{_plural(len(stops), 'black three')} left in seat {seat}'s hand"))
        if not hand:
            return lines
    lines.insert(0, _line(side, seat, -sum(map(values.__getitem__, hand)), "canasta.scoring.hand-cards",
                          f"{_plural(len(hand), 'card')} left in seat {seat}'s hand"))
    return lines


# Score lines that stay with their seat in Three-hand's partnership: each player's own threes.
OWN_LINES = {LONE_HAND: frozenset({"canasta.red-threes.score", "canasta.threes.minus", "canasta.threes.schedule"}),
             PARTNER_RENTRAP: frozenset()}
SHARING = frozenset(OWN_LINES)
SHARED_AS = {LONE_HAND: "as partners against the lone hand", PARTNER_RENTRAP: "as its rentrap"}


def _shared_score_lines(state: CanastaState, lines: list[dict]) -> list[dict]:
    """One line per seat crediting it with its partner's hand points, where the seating adds them up
    (Three-hand's partnership, less each player's own threes; Five-person's partner two seats on)."""
    seating = seating_of(state.seating, state.players, state.lone)
    own_lines = OWN_LINES[state.seating]
    rule = SEATING_RULES[state.seating]
    earned = [0] * state.players
    for line in lines:
        if line["rule"] not in own_lines:
            earned[line["team"]] += line["points"]
    shared = []
    for seat in range(state.players):
        for other in seating.score_owners(seat):
            if other != seat:
                shared.append(_line(seat, None, earned[other], rule, f"seat {other}'s points, {SHARED_AS[state.seating]}"))
    return shared


def _foot_line(cfg: Config, side: int, seat: int, foot: list[str]) -> dict:
    """A foot never taken up: its cards count against the side as cards left in a hand do."""
    return _line(side, seat, -sum(map(cfg.hand_values.__getitem__, foot)), FOOT_CARDS_RULE,
                 f"{_plural(len(foot), 'card')} left in seat {seat}'s foot")


def _canasta_lines(table, side: int, bonuses: list[tuple[int, str | None]]) -> list[dict]:
    """One line per kind of canasta a side made, each kind's bonuses added up."""
    wild_lines = COMPOSED_CANASTA_LINES if WILD_CANASTA_BY_COMPOSITION in table.hooks else WILD_CANASTA_LINES
    kinds = CANASTA_LINES if table.canastas.wild is None else CANASTA_LINES + wild_lines
    if table.canastas.sequence is not None:
        kinds += SEQUENCE_CANASTA_LINES
    if SUPER_CANASTA in table.hooks:
        kinds += SUPER_CANASTA_LINES
    lines = []
    for rule, kind in kinds:
        earned = [b for b, r in bonuses if r == rule]
        if earned:
            lines.append(_line(side, None, sum(earned), rule,
                               f"{len(earned)} {kind} canasta{'s' if len(earned) != 1 else ''}"))
    return lines


def score(cfg: Config, state: CanastaState) -> dict:
    """The hand's points per side (and per seat: each seat shows its side's total), line by line."""
    table = cfg.table
    over = state.over
    lines: list[dict] = []
    for seat, hand in enumerate(state.hands):
        # A hidden hand of no cards (the seat that went out) is known to be empty.
        if type(hand) is HiddenHand and hand.count:
            raise invalid(("state", "hands", seat), f"scoring needs seat {seat}'s cards: they count against its "
                          "side", "canasta.scoring.hand-cards")
    for seat, foot in enumerate(state.feet or ()):
        if type(foot) is HiddenHand and foot.count:
            raise invalid(("state", "feet", seat), f"scoring needs the cards of seat {seat}'s foot: they count "
                          "against its side", FOOT_CARDS_RULE)
    out_side = state.side_of(state.turn.seat) if over and state.turn.ending == "went_out" else None
    for side in range(state.sides):
        melds = state.melds[side]
        if melds:
            lines += _melded_lines(cfg, side, melds)
        size = cfg.canasta_size
        bonuses = [canasta_bonus(cfg, m) for m in melds if m.naturals + m.wilds >= size]
        if bonuses:     # (cfg.is_canasta, inlined:) melds short of a canasta earn no bonus of any kind
            lines += _canasta_lines(table, side, bonuses)
        lines += _bonus_card_lines(cfg, side, state.red_threes[side], melds)
        if table.incomplete_penalty and (over if table.incomplete_when == "hand_end"
                                         else out_side is not None and out_side != side):
            lines += _incomplete_lines(cfg, side, melds)
        if out_side == side:
            seat = state.turn.seat
            if state.turn.concealed and table.going_out.concealed is not None:
                lines.append(_line(side, seat, table.going_out.concealed, "canasta.going-out.concealed",
                                   f"seat {seat} went out concealed"))
            else:
                lines.append(_line(side, seat, table.going_out.bonus, "canasta.going-out.bonus",
                                   f"seat {seat} went out"))
        for seat in range(state.players):
            if state.side_of(seat) != side:
                continue
            hand = state.hands[seat]
            lines += _hand_lines(cfg, side, seat, [] if type(hand) is HiddenHand else hand, out_side is not None)
            if state.feet is not None and type(state.feet[seat]) is list and state.feet[seat]:
                lines.append(_foot_line(cfg, side, seat, state.feet[seat]))
        penalties = state.penalties[side]
        if penalties["retracted_cards"] and cfg.retracted_card_penalty:
            n = penalties["retracted_cards"]
            lines.append(_line(side, None, -cfg.retracted_card_penalty * n, "canasta.penalties.retracted",
                               f"{n} card{'s' if n != 1 else ''} taken back from the table"))
        if penalties["undeclared_red_threes"]:
            n = penalties["undeclared_red_threes"]
            lines.append(_line(side, None, -500 * n, "canasta.penalties.undeclared-red-three",
                               f"{n} red three{'s' if n != 1 else ''} not declared"))
    if state.seating in SHARING:
        lines += _shared_score_lines(state, lines)
    teams = [0] * state.sides
    for line in lines:
        teams[line["team"]] += line["points"]
    answer = {"scores": [teams[state.side_of(s)] for s in range(state.players)], "teams": teams, "lines": lines,
              "hand_over": over, "ending": state.turn.ending if over else None}
    if state.score is not None:
        game_scores = [before + now for before, now in zip(state.score, teams)]
        answer["game_scores"] = game_scores
        if over:
            ended, rule = game_over(table, state.round, game_scores)
            answer["game_over"] = ended
            if ended:
                best = max(game_scores)
                leaders = [t for t, p in enumerate(game_scores) if p == best]
                answer["winner"] = leaders[0] if len(leaders) == 1 else None
                answer["rules"] = [rule]
    return answer
