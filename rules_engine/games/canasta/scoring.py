"""Scoring a hand of Canasta line by line, each line citing the rule it applies."""

from __future__ import annotations

from ...errors import invalid
from ...parsing import HiddenHand
from .config import Config
from .melds import canasta_bonus
from .state import CanastaState


def _line(side: int, seat: int | None, points: int, rule: str, text: str) -> dict:
    return {"team": side, "seat": seat, "points": points, "rule": rule, "text": text}


def score(cfg: Config, state: CanastaState) -> dict:
    """The hand's points per side (and per seat: each seat shows its side's total), line by line."""
    table = cfg.table
    over = state.over
    lines: list[dict] = []
    for seat, hand in enumerate(state.hands):
        if type(hand) is HiddenHand:
            raise invalid(("state", "hands", seat), f"scoring needs seat {seat}'s cards: they count against its "
                          "side", "canasta.scoring.hand-cards")
    out_side = state.side_of(state.turn.seat) if over and state.turn.ending == "went_out" else None
    values = cfg.values
    every_red = cfg.copies.get("3D", 0) + cfg.copies.get("3H", 0)
    for side in range(state.sides):
        melds = state.melds[side]
        melded = sum(sum(map(values.__getitem__, m.cards)) for m in melds)
        if melds:
            count = sum(len(m.cards) for m in melds)
            lines.append(_line(side, None, melded, "canasta.scoring.melded-cards",
                               f"{count} melded cards in {len(melds)} meld{'s' if len(melds) != 1 else ''}"))
        bonuses = [canasta_bonus(cfg, m) for m in melds]
        for rule, kind in (("canasta.canastas.natural", "natural"), ("canasta.canastas.mixed", "mixed")):
            earned = [b for b, r in bonuses if r == rule]
            if earned:
                lines.append(_line(side, None, sum(earned), rule,
                                   f"{len(earned)} {kind} canasta{'s' if len(earned) != 1 else ''}"))
        reds = len(state.red_threes[side])
        if reds:
            value = table.threes.red_all if reds == every_red else reds * table.threes.red_each
            if not melds:
                value = cfg.four_red_unmelded if reds == every_red else -value
                text = f"{reds} red three{'s' if reds != 1 else ''}, counted minus: side {side} melded nothing"
            else:
                text = f"{reds} red three{'s' if reds != 1 else ''}" + (" (all of them)" if reds == every_red else "")
            lines.append(_line(side, None, value, "canasta.red-threes.score", text))
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
            if hand:
                lines.append(_line(side, seat, -sum(map(values.__getitem__, hand)), "canasta.scoring.hand-cards",
                                   f"{len(hand)} card{'s' if len(hand) != 1 else ''} left in seat {seat}'s hand"))
        penalties = state.penalties[side]
        if penalties["retracted_cards"]:
            n = penalties["retracted_cards"]
            lines.append(_line(side, None, -100 * n, "canasta.penalties.retracted",
                               f"{n} card{'s' if n != 1 else ''} taken back from the table"))
        if penalties["undeclared_red_threes"]:
            n = penalties["undeclared_red_threes"]
            lines.append(_line(side, None, -500 * n, "canasta.penalties.undeclared-red-three",
                               f"{n} red three{'s' if n != 1 else ''} not declared"))
    teams = [0] * state.sides
    for line in lines:
        teams[line["team"]] += line["points"]
    answer = {"scores": [teams[state.side_of(s)] for s in range(state.players)], "teams": teams, "lines": lines,
              "hand_over": over, "ending": state.turn.ending if over else None}
    if state.score is not None:
        game_scores = [before + now for before, now in zip(state.score, teams)]
        answer["game_scores"] = game_scores
        if over:
            ended = max(game_scores) >= table.game_target
            answer["game_over"] = ended
            if ended:
                best = max(game_scores)
                leaders = [t for t, p in enumerate(game_scores) if p == best]
                answer["winner"] = leaders[0] if len(leaders) == 1 else None
                answer["rules"] = ["canasta.scoring.game"]
    return answer
