"""Counting a Salsifis record: card values, shared stakes, penalties, and who is ahead."""

from __future__ import annotations

from fractions import Fraction

from ...cards import RANK
from ...errors import invalid
from ...parsing import HiddenHand
from .state import SalsifisState, Share

VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
# Per card, so counting a pile is one lookup a card; a card outside RANK still raises KeyError.
CARD_POINTS = {card: VALUES.get(rank, 0) for card, rank in RANK.items()}


def card_points(cards) -> int:
    """The points of some cards: ace 11, ten 10, king 4, queen 3, jack 2, the rest nothing."""
    return sum(CARD_POINTS[c] for c in cards)


def split(points: int, share: Share, dealer: int, players: int, rule: str) -> dict[int, Fraction]:
    """Each sharer's part of a stake's points under the shared_points option."""
    count = len(share.seats)
    if rule == "exact":
        return {seat: Fraction(points, count) for seat in share.seats}
    base, left = divmod(points, count)
    parts = {seat: Fraction(base) for seat in share.seats}
    if rule == "remainder-by-seat":
        # Odd points go one each to the sharers nearest the dealer's left.
        for seat in sorted(share.seats, key=lambda s: (s - dealer - 1) % players)[:left]:
            parts[seat] += 1
    return parts


def _number(value: int | Fraction) -> int | float:
    return int(value) if value.denominator == 1 else round(float(value), 2)


def _add_up(lines: list[dict], scores: list) -> None:
    """Make each seat's lines add up to its score: shares rounded to the cent one by one may miss the rounded
    total by a cent, which the seat's last share line takes up."""
    for seat, score in enumerate(scores):
        own = [line for line in lines if line["seat"] == seat]
        off = round(score - sum(line["points"] for line in own), 2)
        shares = [line for line in own if line["rule"] == "salsifis.formula.shared"]
        if off and shares:
            mended = round(shares[-1]["points"] + off, 2)
            shares[-1]["points"] = int(mended) if mended == int(mended) else mended


def score(options: dict, state: SalsifisState) -> dict:
    """Score any record of won piles, shared stakes and penalties, line by line, and name the leader(s)."""
    # Whole points stay ints (cheaper than Fractions); only split stakes bring Fractions in.
    totals: list[int | Fraction] = [0] * state.players
    lines: list[dict] = []
    for seat, pile in enumerate(state.won):
        if type(pile) is HiddenHand:
            raise invalid(("state", "won", seat), f"scoring needs the cards seat {seat} has won")
        if pile:
            points = card_points(pile)
            totals[seat] += points
            worth = ", ".join(f"{c} {CARD_POINTS[c]}" for c in pile if CARD_POINTS[c])
            lines.append({"seat": seat, "points": points, "rule": "salsifis.scoring.values",
                          "text": f"won {len(pile)} cards worth {points}" + (f" ({worth})" if worth else "")})
    for index, share in enumerate(state.shared):
        points = card_points(share.cards)
        parts = split(points, share, state.dealer, state.players, options["shared_points"])
        unscored = points - sum(parts.values())
        sharers = ", ".join(map(str, share.seats))
        for seat, part in parts.items():
            totals[seat] += part
            note = f"; {unscored} point{'s' if unscored != 1 else ''} unscored" if unscored else ""
            lines.append({"seat": seat, "points": _number(part), "rule": "salsifis.formula.shared",
                          "text": f"share of a {points}-point stake split between seats {sharers}{note}"})
    for seat, penalty in enumerate(state.penalties):
        if penalty:
            totals[seat] -= penalty
            lines.append({"seat": seat, "points": -penalty, "rule": "salsifis.formula.penalty",
                          "text": f"{penalty // 10} formula{'s' if penalty > 10 else ''} out of place or wrong, "
                                  f"10 each"})
    scores = [_number(t) for t in totals]
    _add_up(lines, scores)
    best = max(totals)
    winners = [s for s, t in enumerate(totals) if t == best]
    # A game of Salsifis is one hand: the hand and the game end together.
    return {"scores": scores, "teams": None, "lines": lines, "hand_over": state.over, "game_over": state.over,
            "winner": winners[0] if len(winners) == 1 else None, "winners": winners,
            "rules": ["salsifis.scoring.values", "salsifis.scoring.winner"]}
