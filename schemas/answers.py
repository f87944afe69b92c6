"""Answer schemas: used to document the answers; views send the engine's JSON as it is."""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields

from rules_engine.work import ANSWER_STEPS, SHARED_STEPS


class Open(Schema):
    """An answer object that may carry more fields than are listed."""

    class Meta:
        unknown = INCLUDE


class Work(Open):
    """The counted work of an answer whose searches ran out of steps."""

    steps = fields.Integer(required=True, metadata={"description": (
        f"The steps the answer's searches could spend: {ANSWER_STEPS:,} for a single call; a batch's items and a log's "
        f"moves share {ANSWER_STEPS:,} and {SHARED_STEPS:,} more per item or move, none spending more than "
        f"{ANSWER_STEPS:,}.")})
    spent = fields.Integer(required=True, metadata={"description": "The steps spent."})
    ran_out = fields.Boolean(required=True, metadata={"description": "Always true where `work` is given."})


class Answer(Open):
    """What every successful POST answer carries."""

    game = fields.String(required=True)
    variant = fields.String(required=True)
    options = fields.Dict(required=True, metadata={"description": "The options in force, defaults filled in."})
    ruleset = fields.String(required=True, metadata={"description": "Changes whenever any rule's behaviour or text changes."})
    work = fields.Nested(Work, metadata={"description": (
        "Only where a search ran out of the answer's steps (a Samba-family hand of many cards, say): the question "
        "it could not settle is not guessed; the move it decides is listed and accepted with that question's rule "
        "under unverified (on the move, and in the answer's unverified). Steps are counted, not timed: the same "
        "request always gets the same answer.")})


UNVERIFIED_DOC = ("The ids of the rules that could not be checked because the cards they need are hidden "
                  "({\"count\": n}): holding the cards a move names, following suit, a card discarded face down. "
                  "Empty ([]): every rule was checked, as for a seat whose hand is shown or a move, such as a bid, "
                  "that needs no hidden card.")


class SettledLater(Open):
    rule = fields.String(required=True)
    how = fields.String(required=True, metadata={"description": "How the rest of the hand settles the rule, in words."})


SETTLED_LATER_DOC = ("For each rule under unverified that the rest of the hand settles, how the client learns whether it "
                     "held (a hidden card coming to light, the reveal, the end of the turn). Absent where none does.")


def unverified(what: str, required: bool = True) -> fields.List:
    """The rules an answer could not check for hidden cards."""
    return fields.List(fields.String(), required=required, metadata={"description": f"{what} {UNVERIFIED_DOC}"})


class Move(Open):
    """A legal move: its fields, a unique code and the rules that allow it."""

    type = fields.String(required=True)
    code = fields.String(required=True)
    rules = fields.List(fields.String(), required=True)
    unverified = unverified("Only on a move of a seat whose hand is hidden, when its legality depends on the hidden "
                            "cards: the rules it leaves unchecked.", required=False)


class HiddenMove(Open):
    """A kind of move that a seat whose hand is hidden may make with cards it does not show."""

    type = fields.String(required=True)
    rules = fields.List(fields.String(), required=True,
                        metadata={"description": "The rules only the hidden cards can settle for it."})


class Violation(Open):
    """A rule broken, and why."""

    rule = fields.String(required=True)
    message = fields.String(required=True)


class Note(Violation):
    """How a rule applied to a move, in words a referee can read out."""


class Turn(Answer):
    """Who acts and in which phase; to_act is null when the hand is over."""

    to_act = fields.Integer(required=True, allow_none=True)
    phase = fields.String(required=True)


class DealAnswer(Turn):
    seed = fields.Integer(required=True, metadata={"description": "The number the deal was made from: the "
                                                                  "request's seed, or a random one when it named none."})
    state = fields.Dict(required=True)
    legal_moves = fields.Nested(lambda: LegalMovesAnswer(), allow_none=True, metadata={
        "description": "With include_legal_moves: /legal-moves' answer for the deal."})
    view = fields.Integer(metadata={"description": "With view: the seat whose view state is."})


SEEN_MOVES_DOC = ("With view: the moves as that seat saw them, in order, which its client applies to its own viewed "
                  "position (usually one a move; Salsifis' reveal is followed by the lay_out the seat's hidden heap "
                  "needs).")


LEGAL_MOVES_DOC = ("Every legal move of the seat to act. For a seat whose hand is hidden, the moves it may make as "
                   "far as the cards shown tell (the ones /validate-move accepts): each card it may hold and play, "
                   "or a move's shape where the card stays unseen (the Euchre dealer's face-down discard), each "
                   "with its unverified rules. Bids, which need no card, are listed exactly.")


class LegalMovesAnswer(Turn):
    moves = fields.List(fields.Nested(Move), required=True, metadata={"description": (
        "Every legal move of the seat to act, each accepted by /validate-move as listed. For a seat whose hand is "
        "hidden: the moves it may make as far as the cards shown tell, each card it may hold and play with the "
        "rules left unchecked, and moves whose cards stay unseen (a draw, a face-down card) without the card.")})
    unverified = unverified("Rules the listing could not apply.")
    settled_later = fields.List(fields.Nested(SettledLater), metadata={"description": SETTLED_LATER_DOC})
    hidden_moves = fields.List(fields.Nested(HiddenMove), metadata={
        "description": "Where a hidden hand could make too many moves to list (Canasta's melds): each kind of move "
                       "it may make with its cards, and the rules only those cards can settle. /apply-move takes "
                       "such a move as the table sees it and lists those rules under unverified."})


class ValidateMoveAnswer(Turn):
    legal = fields.Boolean(required=True)
    move = fields.Dict(required=True)
    violations = fields.List(fields.Nested(Violation), required=True)
    notes = fields.List(fields.Nested(Note), required=True, metadata={
        "description": "How the rules applied to the move (such as what counted toward a minimum), each "
                       "sentence with the rule it applies; empty when there is nothing to add."})
    unverified = unverified("Rules the verdict could not check: the move is legal unless a rule that could be "
                            "checked is broken.")
    settled_later = fields.List(fields.Nested(SettledLater), metadata={"description": SETTLED_LATER_DOC})
    allowed = fields.List(fields.Nested(Move), required=True, allow_none=True, metadata={
        "description": "The legal moves of the seat to act, as /legal-moves lists them; null when they depend "
                       "on cards its hidden hand keeps."})


class ApplyMoveAnswer(Turn):
    state = fields.Dict(required=True, metadata={
        "description": "The position after the move, hidden cards kept hidden: a card a hidden hand plays "
                       "leaves its count and shows where the move puts it."})
    events = fields.List(fields.Dict(), required=True)
    unverified = unverified("Rules the move was applied without checking.")
    settled_later = fields.List(fields.Nested(SettledLater), metadata={"description": SETTLED_LATER_DOC})
    legal_moves = fields.Nested(LegalMovesAnswer, allow_none=True, metadata={
        "description": "With include_legal_moves: /legal-moves' answer for the new position; null when the moves "
                       "of the seat to act depend on cards its hidden hand keeps."})
    view = fields.Integer(metadata={"description": "With view: the seat whose view state and events are."})
    move = fields.Dict(metadata={"description": "With view: the move as that seat saw it (a draw's cards it could "
                                                "not see as null, a card put down face down left out)."})
    moves = fields.List(fields.Dict(), metadata={"description": SEEN_MOVES_DOC})


class ScoreLine(Open):
    seat = fields.Integer(allow_none=True)
    team = fields.Integer(allow_none=True)
    points = fields.Float(required=True)
    rule = fields.String(required=True)
    text = fields.String(required=True)


class ScoreAnswer(Answer):
    scores = fields.List(fields.Float(), required=True)
    teams = fields.List(fields.Float(), required=True, allow_none=True)
    lines = fields.List(fields.Nested(ScoreLine), required=True)
    hand_over = fields.Boolean(required=True, metadata={"description": "Whether the hand scored is finished (the "
                                                                       "lines of an unfinished one count so far)."})


class MeldAnswer(Answer):
    valid = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(Violation), required=True)


class SourceAnswer(Open):
    """A published source by title, with its URL where one exists."""

    title = fields.String(required=True)
    url = fields.String(required=True, allow_none=True)


class RuleAnswer(Open):
    id = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    text = fields.String(required=True)
    source = fields.String(required=True, metadata={"description": "Every source's title in one line."})
    sources = fields.List(fields.Nested(SourceAnswer), required=True)
    options = fields.List(fields.String(), required=True, metadata={"description": "The options that change the rule."})
    option_details = fields.List(fields.Dict(), required=True,
                                 metadata={"description": "Those options in full: default, choices or range, summary."})
    notes = fields.List(fields.String(), required=True)
    variants = fields.List(fields.String(), required=True,
                           metadata={"description": "The variants the rule holds in; empty: every variant."})
    api_note = fields.String(required=True, metadata={
        "description": "For programmers: what the service does with the rule (the fields that hold it, what it "
                       "refuses, what an answer reports). Empty where there is nothing to say. Rule book pages and "
                       "the embed show the rule's text, which speaks of the game alone, never this note."})


class ExplainAnswer(Open):
    rules = fields.List(fields.Nested(RuleAnswer), required=True)
    explanation = fields.String(required=True)
    unverified = unverified("With a move: rules the verdict could not check.", required=False)


class GameSummary(Open):
    game = fields.String(required=True)
    title = fields.String(required=True)
    variants = fields.List(fields.Dict(), required=True)
    options = fields.List(fields.Dict(), required=True)


class GamesAnswer(Open):
    games = fields.List(fields.Nested(GameSummary), required=True)


class RuleBookSection(Open):
    title = fields.String(required=True)
    rules = fields.List(fields.Nested(RuleAnswer), required=True)


class RuleBookAnswer(Open):
    game = fields.String(required=True)
    title = fields.String(required=True)
    summary = fields.String(required=True)
    variants = fields.List(fields.Dict(), required=True)
    sections = fields.List(fields.Nested(RuleBookSection), required=True)


class Health(Open):
    status = fields.String(required=True)


class Readiness(Open):
    status = fields.String(required=True)
    cache = fields.String(required=True)
    redis = fields.String(required=True, metadata={"enum": ["up", "down", "disabled"]})


class ErrorViolation(Open):
    rule = fields.String(required=True)
    pointer = fields.String(metadata={"description": "JSON Pointer to the field, e.g. /state/hands/1."})
    message = fields.String(required=True)


class ErrorAnswer(Open):
    """Every error: code, status and message; errors point at fields; violations name rules."""

    code = fields.Integer(required=True, metadata={"description": "The HTTP status code."})
    status = fields.String(required=True, metadata={"description": "The HTTP status name."})
    message = fields.String(required=True, metadata={"description": "What is wrong, in plain words."})
    errors = fields.Dict(metadata={"description": 'Messages by field, e.g. {"json": {"state": {"hands": {"1": ["..."]}}}}.'})
    violations = fields.List(fields.Nested(ErrorViolation),
                             metadata={"description": "The rules an impossible position or illegal move breaks."})
    ruleset = fields.String(metadata={"description": "In a 409 for a ruleset sent that is no longer current: the "
                                                     "current ruleset."})
    did_you_mean = fields.String(metadata={"description": "In a 404 for an unknown game, variant, rule id or path: "
                                                          "the known one nearest to it, where one is near."})


class FirstIllegal(Open):
    hand = fields.Integer(metadata={"description": "In a log of several hands: the hand's place, from 0."})
    index = fields.Integer(required=True, metadata={"description": "The move's place in its hand's moves, from 0."})
    move = fields.Dict(required=True, allow_none=True, metadata={
        "description": "The move; null when a hand's moves stop before it is over and another hand follows."})
    violations = fields.List(fields.Nested(Violation), required=True)
    state = fields.Dict(required=True, metadata={"description": "The position before the move."})


class HandLogAnswer(Open):
    valid = fields.Boolean(required=True)
    steps = fields.Integer(required=True)
    first_illegal = fields.Nested(FirstIllegal, required=True, allow_none=True)
    unverified = fields.List(fields.String(), required=True)
    settled_later = fields.List(fields.Nested(SettledLater), metadata={"description": SETTLED_LATER_DOC})
    final_state = fields.Dict(required=True)
    to_act = fields.Integer(required=True, allow_none=True)
    phase = fields.String(required=True)
    hand_over = fields.Boolean(required=True)
    score = fields.Nested(ScoreAnswer, required=True, allow_none=True)
    view = fields.Integer()
    moves = fields.List(fields.Dict(), metadata={"description": SEEN_MOVES_DOC})


HAND_OVER_DOC = ("Whether the hand is over after the log's last move: false when the log stops before its end "
                 "(valid as it may be), so a client cannot take a short log for a finished hand.")


class ValidateGameAnswer(Turn):
    valid = fields.Boolean(required=True, metadata={"description": "Whether every move of the log was legal (from "
                                                                   "a state with hidden hands: broke no rule that "
                                                                   "could be checked)."})
    steps = fields.Integer(required=True, metadata={"description": "How many moves were replayed before the first "
                                                                   "illegal one (all of them when valid)."})
    first_illegal = fields.Nested(FirstIllegal, required=True, allow_none=True)
    unverified = fields.List(fields.String(), required=True, metadata={
        "description": "Every rule some replayed move left unchecked (each move as /apply-move's unverified). "
                       + UNVERIFIED_DOC})
    settled_later = fields.List(fields.Nested(SettledLater), metadata={"description": SETTLED_LATER_DOC})
    final_state = fields.Dict(required=True, metadata={"description": "The position after the last legal move."})
    score = fields.Nested(ScoreAnswer, required=True, allow_none=True,
                          metadata={"description": "/score's answer when the hand is over; null otherwise."})
    hand_over = fields.Boolean(required=True, metadata={"description": HAND_OVER_DOC})
    view = fields.Integer(metadata={"description": "With view: the seat whose view the positions are."})
    moves = fields.List(fields.Dict(), metadata={"description": SEEN_MOVES_DOC + " In a log of several hands, the last "
                                                                               "hand's; each hand gives its own."})
    hands = fields.List(fields.Nested(HandLogAnswer), metadata={
        "description": "In a log of several hands: each hand's answer, up to the first with an illegal move. Each "
                       "hand's setup follows from the hands before (its number, dealer and the game scores carried); "
                       "a setup the log names must agree, else 422 with the rule that carries it."})
    game_scores = fields.List(fields.Integer(), allow_none=True, metadata={
        "description": "In a log of several hands: the game's totals after the last finished hand (null before the "
                       "first ends, or where the hands are hidden)."})
    game_over = fields.Boolean(metadata={"description": "In a log of several hands: whether the game ended with the "
                                                        "last hand; no hand may follow it."})
    winner = fields.Integer(allow_none=True, metadata={"description": "Once the game is over: the winning side or "
                                                                      "seat, null on a tie (as /score gives it)."})
    winners = fields.List(fields.Integer(), metadata={"description": "Once the game is over, where /score names "
                                                                     "them: every side or seat sharing the win."})
