"""What a Euchre hand is worth: the makers' points, marches and euchres, and the game score."""

from __future__ import annotations

from ...cards import SUIT_NAMES
from .state import TRICKS_PER_HAND, EuchreState


def tricks_by_team(state: EuchreState) -> list[int]:
    """How many tricks each team has won so far."""
    won = [0, 0]
    for winner in state.play.winners:
        won[winner % 2] += 1
    return won


def hand_points(state: EuchreState) -> tuple[int, int, str, str] | None:
    """The team that scores, its points, the rule and the reason; None while the hand is under way."""
    auction = state.auction
    if state.phase != "over" or auction.stage != "made":
        return None
    makers = auction.makers
    taken = tricks_by_team(state)[makers]
    who = f"makers (team {makers}, seat {auction.maker}{' alone' if auction.alone else ''})"
    if taken == TRICKS_PER_HAND:
        if auction.alone:
            return makers, 4, "euchre.scoring.lone-march", f"{who} took all five tricks alone: 4 points"
        return makers, 2, "euchre.scoring.march", f"{who} took all five tricks, a march: 2 points"
    if taken >= 3:
        return makers, 1, "euchre.scoring.makers-point", f"{who} took {taken} tricks: 1 point"
    defenders = 1 - makers
    if auction.lone_defender is not None:
        return (defenders, 4, "euchre.scoring.lone-defender-euchre",
                f"seat {auction.lone_defender}, defending alone, held the {who} to {taken} "
                f"trick{'s' if taken != 1 else ''}: 4 points to team {defenders}")
    return (defenders, 2, "euchre.scoring.euchred",
            f"the {who} took only {taken} trick{'s' if taken != 1 else ''} and are euchred: 2 points to "
            f"team {defenders}")


def score(state: EuchreState, target: int) -> dict:
    """The /score answer: points per team and per seat, the lines, and the game score when known."""
    auction = state.auction
    over = state.phase == "over"
    teams = [0, 0]
    lines: list[dict] = []
    answer: dict = {"hand_over": over, "void": auction.stage == "void"}
    if auction.stage == "void":
        lines.append({"seat": None, "team": None, "points": 0, "rule": "euchre.bidding.void-hand",
                      "text": "all four players passed twice: the hand is thrown in and nobody scores"})
    else:
        found = hand_points(state)
        if found is not None:
            team, points, rule, text = found
            teams[team] = points
            lines.append({"seat": None, "team": team, "points": points, "rule": rule, "text": text})
    answer.update({"scores": [teams[seat % 2] for seat in range(4)], "teams": teams, "lines": lines})
    if auction.stage == "made":
        answer.update({"trump": auction.trump, "trump_name": SUIT_NAMES[auction.trump], "maker": auction.maker,
                       "makers": auction.makers, "alone": auction.alone, "lone_defender": auction.lone_defender,
                       "tricks": tricks_by_team(state)})
    if over:
        answer["next_dealer"] = (state.dealer + 1) % 4
    if over and state.score is not None:
        game_scores = [before + now for before, now in zip(state.score, teams)]
        winners = [team for team, total in enumerate(game_scores) if total >= target]
        answer.update({"game_scores": game_scores, "game_over": bool(winners),
                       "winner": winners[0] if winners else None, "target": target})
        if winners:
            answer["rules"] = ["euchre.game.target"]
    return answer
