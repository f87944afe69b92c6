"""Whole-game logs: replaying moves from a deal or a position, and where a log first goes wrong."""

from __future__ import annotations

from functools import partial

from . import work
from .answers import _envelope, _move, _resolve, _settled, _state, deal
from .errors import FieldProblem, InvalidRequest, invalid
from .game import Game, Ruleset
from .seat_view import read_view

MAX_LOG_MOVES = 1000  # moves in one validated log; a long Classic Canasta hand makes a few hundred
MAX_LOG_HANDS = 32    # hands in one validated log: a whole game of any of the games served


def _start(game: Game, rs: Ruleset, body: dict) -> object:
    """The position a log starts from: its `state`, or the deal its `seed` (with `players`, `setup`) makes."""
    if body.get("state") is not None:
        return _state(game, rs, body)
    if body.get("seed") is None:
        raise invalid(("seed",), "required: a seed for the deal the log starts from, or a starting state")
    dealt = deal({key: body[key] for key in ("game", "variant", "options", "players", "seed", "setup") if key in body})
    return game.read_state(rs, dealt["state"])


def _log_move(game: Game, rs: Ruleset, raw: object, pointer: tuple) -> dict:
    """One move of a log, read as /apply-move reads its move; a problem points at it in the log."""
    try:
        return _move(game, rs, {"move": raw})
    except InvalidRequest as error:
        raise _rerooted(error, pointer, ("move",)) from error


def _rerooted(error: InvalidRequest, prefix: tuple, fields: tuple) -> InvalidRequest:
    """The error with its pointers into `fields` moved under `prefix` (the first field replaced when it is
    "move")."""
    def moved(pointer: tuple) -> tuple:
        if pointer[:1] == ("move",):
            return (*prefix, *pointer[1:])
        return (*prefix, *pointer) if pointer[:1] and pointer[0] in fields else pointer
    return InvalidRequest([FieldProblem(moved(p.pointer), p.message, p.rule) for p in error.problems])


def _replay(game: Game, rs: Ruleset, state: object, moves: object, pointer: tuple,
            seen: tuple[int, list] | None = None) -> tuple[object, int, dict | None, list[str]]:
    """Apply the moves in order until the first illegal one: the position reached, the moves applied, the
    first illegal move with its violations and the position before it (None when every move was legal), and
    the rules left unchecked because the cards they need are hidden. With `seen` (a seat and a list), each move
    applied is added to the list as that seat saw it (Game.view_moves)."""
    if type(moves) is not list:
        raise invalid(pointer, "required: the moves of the log, in order")
    if len(moves) > MAX_LOG_MOVES:
        raise invalid(pointer, f"holds {len(moves)} moves; a log holds at most {MAX_LOG_MOVES}")
    unverified: dict[str, None] = {}
    for index, raw in enumerate(moves):
        move = _log_move(game, rs, raw, (*pointer, index))
        try:
            if game.turn(rs, state).to_act is None:
                over = game.situation_rules(rs, state)
                violations = [{"rule": over[0],
                               "message": "The hand is over: no move can be made after the last one."}]
            else:
                violations = [v.as_dict() for v in game.judge_move(rs, state, move)[0]]
            if violations:
                return state, index, {"index": index, "move": move, "violations": violations,
                                      "state": game.dump_state(rs, state)}, list(unverified)
            unverified.update(dict.fromkeys(game.unverified(rs, state, move)))
            before = game.dump_state(rs, state) if seen is not None else None
            state = game.apply_move(rs, state, move).state
            if seen is not None:
                seen[1].extend(game.view_moves(rs, before, move, game.dump_state(rs, state), seen[0]))
        except InvalidRequest as error:
            # A field read only once the move is judged (the cards a draw reveals, say) is still this move's.
            raise _rerooted(error, (*pointer, index), ("move",)) from error
    return state, len(moves), None, list(unverified)


def _hand_answer(game: Game, rs: Ruleset, state: object, steps: int, first_illegal: dict | None,
                 unverified: list[str]) -> dict:
    turn = game.turn(rs, state)
    return {
        "valid": first_illegal is None, "steps": steps, "first_illegal": first_illegal, "unverified": unverified,
        **_settled(game, unverified),
        "final_state": first_illegal["state"] if first_illegal else game.dump_state(rs, state),
        "to_act": turn.to_act, "phase": turn.phase, "hand_over": turn.to_act is None,
        "score": _score_if_known(game, rs, state) if turn.to_act is None else None,
    }


def _score_if_known(game: Game, rs: Ruleset, state: object) -> dict | None:
    """/score's answer for a finished hand, or None when hidden hands keep it from being counted."""
    try:
        return {**_envelope(rs), **game.score(rs, state)}
    except InvalidRequest:
        return None


HAND_FIELDS = ("seed", "setup", "state", "moves")


def _replay_hands(game: Game, rs: Ruleset, body: dict) -> dict:
    """Several hands of one game in order, each from its own deal: every hand must end before the next is dealt,
    and each hand's setup (its number, dealer, game scores) follows from the hands before (game.next_setup); the
    answer gives each hand's score and the game's totals and result after the last."""
    hands = body["hands"]
    if type(hands) is not list or not hands:
        raise invalid(("hands",), "must be a list of hands, each with its deal and moves")
    if len(hands) > MAX_LOG_HANDS:
        raise invalid(("hands",), f"holds {len(hands)} hands; a log holds at most {MAX_LOG_HANDS}")
    shared = {key: body[key] for key in ("game", "variant", "options", "players") if key in body}
    seat = _seat(game, rs, body)
    answered: list[dict] = []
    carried: dict[str, tuple[object, str]] = {}
    for number, hand in enumerate(hands):
        if type(hand) is not dict:
            raise invalid(("hands", number), "must be an object: the hand's seed, setup and moves")
        if answered and answered[-1]["to_act"] is not None:
            previous = answered[-1]
            unfinished = {"index": previous["steps"], "move": None, "state": previous["final_state"], "violations": [
                {"rule": game.situation_rules(rs, game.read_state(rs, previous["final_state"]))[0],
                 "message": "The hand is not over after its last move, so the next hand cannot be dealt yet."}]}
            answered[-1] = {**previous, "valid": False, "first_illegal": unfinished}
            break
        if answered and (answered[-1]["score"] or {}).get("game_over"):
            rule = carried.get("score", (None, None))[1]
            raise invalid(("hands", number), f"the game ended with hand {number - 1}, so no hand follows it", rule)
        hand_body = {**shared, **{key: hand[key] for key in HAND_FIELDS if key in hand}}
        if hand.get("state") is None:
            hand_body["setup"] = _setup(game, rs, body, hand.get("setup"), carried, number)
        try:
            state = _start(game, rs, hand_body)
            if hand.get("state") is not None:
                _check_carried(game.dump_state(rs, state), carried, ("hands", number, "state"))
            seen = None if seat is None else (seat, [])
            final, steps, first_illegal, unverified = _replay(game, rs, state, hand.get("moves"), ("moves",), seen)
        except InvalidRequest as error:
            raise _rerooted(error, ("hands", number), HAND_FIELDS) from error
        answer = _viewed(game, rs, _hand_answer(game, rs, final, steps, first_illegal, unverified), seen)
        answered.append(answer)
        if not answer["valid"]:
            break
        if answer["to_act"] is None:
            carried = game.next_setup(rs, final, answer["score"])
    first = next(({"hand": number, **a["first_illegal"]} for number, a in enumerate(answered) if a["first_illegal"]),
                 None)
    last = answered[-1]
    unverified = list(dict.fromkeys(rule for a in answered for rule in a["unverified"]))
    result = last["score"] or {}
    return {**{key: value for key, value in last.items() if key != "settled_later"}, **_settled(game, unverified),
            "valid": first is None, "steps": sum(a["steps"] for a in answered), "first_illegal": first,
            "unverified": unverified, "hands": answered, "game_scores": result.get("game_scores"),
            "game_over": bool(result.get("game_over")),
            **{key: result[key] for key in ("winner", "winners") if key in result}}


def _setup(game: Game, rs: Ruleset, body: dict, given: object, carried: dict, number: int) -> dict:
    """A hand's setup: what the hands before carry over (the new game's, for the first), and where the log names a
    value the hands before decide, that value must be theirs."""
    if given is not None and type(given) is not dict:
        raise invalid(("hands", number, "setup"), "must be an object")
    setup = dict(given or {})
    if number == 0:
        players = game.players_for(rs, body.get("players"))
        return {**game.new_game_setup(rs, players), **setup}
    _check_carried(setup, carried, ("hands", number, "setup"))
    return {**setup, **{key: value for key, (value, _) in carried.items()}}


def _check_carried(fields: dict, carried: dict, pointer: tuple) -> None:
    """Refuse a field that differs from what the hands before carry over to this hand."""
    for key, (value, rule) in carried.items():
        if key in fields and fields[key] != value:
            raise invalid((*pointer, key), f"the hands before make it {value!r}: it is not taken as given", rule)


def _log_steps(body: dict) -> int:
    """The steps a log's moves share (work.shared_steps), counted from the body before it is read."""
    hands = body.get("hands")
    logs = [hand.get("moves") for hand in hands if type(hand) is dict] if type(hands) is list else [body.get("moves")]
    return work.shared_steps(sum(len(moves) for moves in logs if type(moves) is list))


@partial(work.answered_within, steps=_log_steps)
def validate_game(body: dict) -> dict:
    """Replay a log of moves from a deal or a state (or several hands, each from its deal): whether every
    move was legal, the first that was not and why, and where the log leaves the hand (its score when over)."""
    game, rs = _resolve(body)
    if body.get("hands") is not None:
        return {**_envelope(rs), **_replay_hands(game, rs, body)}
    state = _start(game, rs, body)
    seat = _seat(game, rs, body, state)
    seen = None if seat is None else (seat, [])
    replayed = _hand_answer(game, rs, *_replay(game, rs, state, body.get("moves"), ("moves",), seen))
    return {**_envelope(rs), **_viewed(game, rs, replayed, seen)}


def _seat(game: Game, rs: Ruleset, body: dict, state: object = None) -> int | None:
    """The seat whose view the log is answered in (`view`), or None for the full view."""
    if body.get("view") is None:
        return None
    players = len(game.dump_state(rs, state)["hands"]) if state is not None else game.players_for(
        rs, body.get("players"))
    return read_view(body["view"], players)


def _viewed(game: Game, rs: Ruleset, answer: dict, seen: tuple[int, list] | None) -> dict:
    """A hand's answer as the seat of `seen` sees it: its positions viewed, and the moves as the seat saw them."""
    if seen is None:
        return answer
    seat, moves = seen
    viewed = {**answer, "view": seat, "moves": moves, "final_state": game.view_state(rs, answer["final_state"], seat)}
    if answer["first_illegal"] is not None:
        viewed["first_illegal"] = {**answer["first_illegal"],
                                   "state": game.view_state(rs, answer["first_illegal"]["state"], seat)}
    return viewed
