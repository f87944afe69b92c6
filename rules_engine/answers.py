"""The engine's public operations: a request as plain data in, the answer as plain data out."""

from __future__ import annotations

import secrets

from .errors import HandFinished, IllegalMove, InvalidRequest, RulesChanged, invalid
from .game import Game, Ruleset
from .registry import GAMES, RULES, get_game
from .parsing import read_int
from .seat_view import read_view
from . import work


LISTING_FIELDS = frozenset({"code", "rules", "unverified"})


def _resolve(body: dict) -> tuple[Game, Ruleset]:
    game = get_game(body.get("game"))
    return game, game.ruleset(body.get("variant"), body.get("options"))


def _envelope(rs: Ruleset) -> dict:
    return {"game": rs.game, "variant": rs.variant, "options": rs.options, "ruleset": rs.id}


def _state(game: Game, rs: Ruleset, body: dict) -> object:
    if body.get("state") is None:
        raise invalid(("state",), "required: the position to judge")
    return game.read_state(rs, body["state"])


def _move(game: Game, rs: Ruleset, body: dict) -> dict:
    raw = body.get("move")
    if raw is None:
        raise invalid(("move",), "required: the move to judge")
    if type(raw) is dict and not LISTING_FIELDS.isdisjoint(raw):
        # A move copied from /legal-moves carries its code, rules and unverified; they are answers, not input.
        raw = {key: value for key, value in raw.items() if key not in LISTING_FIELDS}
    return game.read_move(rs, raw)


def ruleset_of(body: dict) -> Ruleset:
    """Resolve the game, variant and options of a request (cheap: no state is read)."""
    return _resolve(body)[1]


def under_current_rules(body: dict, current: str) -> dict:
    """The request without the `ruleset` it names, once that is the current one; RulesChanged when it is not.

    The answer does not depend on the ruleset sent, only on whether it still holds, so the request
    is answered (and cached) as if it had named none.
    """
    if "ruleset" not in body:
        return body
    sent = body["ruleset"]
    if type(sent) is not str:
        raise invalid(("ruleset",), "must be a string: a ruleset id from an earlier answer")
    if sent != current:
        raise RulesChanged(sent, current)
    return {key: value for key, value in body.items() if key != "ruleset"}


def work_size(body: dict) -> int:
    """A coarse size class of a request's position: the bit length of its longest shown hand.

    Answers for long hands take longest to list and judge, so this tells the heavy requests of
    an endpoint from its light ones without reading the state; anything malformed is class 0.
    """
    state = body.get("state")
    hands = state.get("hands") if type(state) is dict else None
    if type(hands) is not list:
        return 0
    return max([len(hand) for hand in hands if type(hand) is list], default=0).bit_length()


MAX_SEED = 2**63 - 1
# Random seeds stay within the integers JSON readers keep exactly (JavaScript's numbers stop at 2**53 - 1), so a
# browser client that sends a seed back gets the same deal.
SAFE_SEED = 2**53 - 1


def read_seed(value: object, pointer: tuple) -> int:
    """A seed: an integer from 0 to MAX_SEED, or a string of up to 18 decimal digits (which JavaScript keeps exactly)."""
    if type(value) is str and 0 < len(value) <= 18 and value.isascii() and value.isdigit():
        return int(value)
    if type(value) is str:
        raise invalid(pointer, "must be an integer, or a string of up to 18 decimal digits")
    return read_int(value, pointer, 0, MAX_SEED)


def seeded(body: dict) -> dict:
    """The deal request with a seed: its own, or a fresh random one (at most SAFE_SEED) when it names none."""
    if type(body.get("seed")) is str:
        return {**body, "seed": read_seed(body["seed"], ("seed",))}   # one deal, one cache entry, either spelling
    if body.get("seed") is not None:
        return body
    return {**body, "seed": secrets.randbelow(SAFE_SEED + 1)}


def deal(body: dict) -> dict:
    """A starting state for `players` and `seed` (random when omitted, and answered); the same seed gives the same deal."""
    body = seeded(body)
    game, rs = _resolve(body)
    players = game.players_for(rs, body.get("players"))
    seed = read_seed(body["seed"], ("seed",))
    setup = body.get("setup") or {}
    if type(setup) is not dict:
        raise invalid(("setup",), "must be an object")
    state = game.deal(rs, players, seed, setup)
    turn = game.turn(rs, state)
    answer = {**_envelope(rs), "seed": seed, "state": game.dump_state(rs, state), "to_act": turn.to_act,
              "phase": turn.phase}
    if body.get("view") is not None:
        seat = read_view(body["view"], players)
        answer.update(view=seat, state=game.view_state(rs, answer["state"], seat))
    if _flag(body, "include_legal_moves"):
        answer["legal_moves"] = _next_legal_moves(body, answer["state"])
    return answer


@work.answered_within
def legal_moves(body: dict) -> dict:
    """Who acts, in which phase, and every legal move with the rules that allow it."""
    game, rs = _resolve(body)
    state = _state(game, rs, body)
    turn = game.turn(rs, state)
    moves = game.legal_moves(rs, state) if turn.to_act is not None else []
    notes = game.legal_notes(rs, state) if turn.to_act is not None else {}
    # A game whose notes give the listing's unverified rules has said them all (they stand in the answer).
    unverified = [] if turn.to_act is None or "unverified" in notes else _listing_unverified(game, rs, state, moves)
    answer = {**_envelope(rs), "to_act": turn.to_act, "phase": turn.phase, "moves": moves, "unverified": unverified,
              **notes}
    return {**answer, **_settled(game, answer["unverified"])}


def _settled(game: Game, unverified: list[str]) -> dict:
    """How the client learns, later in the hand, whether each rule left unverified held (Game.settled_later)."""
    found = [{"rule": rule, "how": game.settled_later[rule]} for rule in unverified if rule in game.settled_later]
    return {"settled_later": found} if found else {}


def _listing_unverified(game: Game, rs: Ruleset, state: object, moves: list[dict]) -> list[str]:
    """Every rule the listing could not apply for hidden cards: the game's own, then each listed move's."""
    own = game.unverified(rs, state)
    listed = [rule for move in moves if "unverified" in move for rule in move["unverified"]]
    return list(dict.fromkeys([*own, *listed])) if own or listed else []


def _judge(game: Game, rs: Ruleset, state: object, move: dict) -> tuple[list, list]:
    if game.turn(rs, state).to_act is None:
        raise HandFinished("the hand is over: no move can be made")
    return game.judge_move(rs, state, move)


@work.answered_within
def validate_move(body: dict) -> dict:
    """Whether the move is legal here, every rule it breaks and why, how the verdict was reached, and the
    legal moves."""
    game, rs = _resolve(body)
    state = _state(game, rs, body)
    move = _move(game, rs, body)
    violations, notes = _judge(game, rs, state, move)
    turn = game.turn(rs, state)
    unverified = game.unverified(rs, state, move)
    return {
        **_envelope(rs), "legal": not violations, "move": move,
        "violations": [v.as_dict() for v in violations], "notes": [n.as_dict() for n in notes],
        "unverified": unverified, **_settled(game, unverified),
        "to_act": turn.to_act, "phase": turn.phase, "allowed": _allowed(game, rs, state),
    }


def _allowed(game: Game, rs: Ruleset, state: object) -> list | None:
    """The legal moves of the seat to act, or None when they depend on cards its hidden hand keeps.

    The verdict on a move stands while the seat to act keeps its cards hidden; only the list, which
    could not be exact, is left out.
    """
    try:
        moves = game.legal_moves(rs, state)
    except InvalidRequest:
        return None
    return None if _listing_unverified(game, rs, state, moves) else moves


@work.answered_within
def apply_move(body: dict) -> dict:
    """The position after the move and the events it caused; an illegal move is refused."""
    game, rs = _resolve(body)
    state = _state(game, rs, body)
    move = _move(game, rs, body)
    violations = _judge(game, rs, state, move)[0]
    if violations:
        raise IllegalMove(violations)
    unverified = game.unverified(rs, state, move)
    before = game.dump_state(rs, state) if body.get("view") is not None else None
    outcome = game.apply_move(rs, state, move)
    turn = game.turn(rs, outcome.state)
    answer = {
        **_envelope(rs), "state": game.dump_state(rs, outcome.state), "events": outcome.events,
        "unverified": unverified, **_settled(game, unverified), "to_act": turn.to_act, "phase": turn.phase,
    }
    if before is not None:
        seat = read_view(body["view"], len(before["hands"]))
        moves = game.view_moves(rs, before, move, answer["state"], seat)
        answer.update(view=seat, state=game.view_state(rs, answer["state"], seat), move=moves[0], moves=moves,
                      events=game.view_events(rs, outcome.events, seat))
    if _flag(body, "include_legal_moves"):
        answer["legal_moves"] = _next_legal_moves(body, answer["state"])
    return answer


def _flag(body: dict, name: str) -> bool:
    value = body.get(name, False)
    if type(value) is not bool:
        raise invalid((name,), "must be true or false")
    return value


def _next_legal_moves(body: dict, state: dict) -> dict | None:
    """/legal-moves' answer for the position a move led to, or None when its moves depend on a hidden hand's cards."""
    try:
        listed = legal_moves({key: body[key] for key in ("game", "variant", "options") if key in body} | {"state": state})
    except InvalidRequest:
        return None
    return None if listed["unverified"] else listed


@work.answered_within
def score(body: dict) -> dict:
    """The points of the hand per seat (and team), line by line, each line citing a rule."""
    game, rs = _resolve(body)
    state = _state(game, rs, body)
    return {**_envelope(rs), **game.score(rs, state)}


@work.answered_within
def validate_meld(body: dict) -> dict:
    """Judge a meld, an opening or a lay-off in a rummy game."""
    game, rs = _resolve(body)
    return {**_envelope(rs), **game.validate_meld(rs, body.get("meld"), body.get("melds"), body.get("context"))}


def rule(rule_id: str) -> dict:
    """One rule by id, with the game it belongs to and the options that change it in full."""
    slug, found = RULES.get(rule_id)
    game = GAMES.get(slug)
    declared = {o.name: o for o in game.options} if game else {}
    details = [declared[name].as_dict() for name in found.options if name in declared]
    return {"game": slug, **found.as_dict(), "option_details": details}


def rulebook(slug: str) -> dict:
    """A game's rule book: its variants, then its sections in order, each with its rules in full."""
    game = get_game(slug)
    return {"game": game.slug, "title": game.title, "summary": game.summary,
            "variants": [{"variant": v.slug, "title": v.title} for v in game.variants],
            "sections": [{"title": section.title, "rules": [rule(r.id) for r in section.rules]}
                         for section in game.rulebook.sections]}


@work.answered_within
def explain(body: dict) -> dict:
    """The rules that decide a situation: a rule id, or a position with an optional move."""
    if body.get("rule_id") is not None and body.get("state") is None:
        found = rule(body["rule_id"])
        return {"game": found["game"], "rules": [found], "explanation": f"{found['title']}: {found['text']}"}
    game, rs = _resolve(body)
    state = _state(game, rs, body)
    turn = game.turn(rs, state)
    answer = {**_envelope(rs), "to_act": turn.to_act, "phase": turn.phase}
    if body.get("move") is None:
        ids = game.situation_rules(rs, state)
        answer["explanation"] = " ".join(game.rulebook[i].text for i in ids) or "The hand is over."
    else:
        move = _move(game, rs, body)
        if turn.to_act is None:
            violations = []
            answer["legal"] = False
            answer["explanation"] = "The hand is over, so no move can be made."
            ids = game.situation_rules(rs, state)
        else:
            violations, notes = game.judge_move(rs, state, move)
            answer["legal"] = not violations
            answer["move"] = move
            noted = [n.rule for n in notes]
            if violations:
                ids = list(dict.fromkeys([v.rule for v in violations] + noted))
                answer["explanation"] = " ".join([v.message for v in violations] + [n.message for n in notes])
            else:
                allowed = next((m for m in game.legal_moves(rs, state) if _same_move(m, move)), None)
                ids = list(dict.fromkeys(noted + (allowed["rules"] if allowed else game.situation_rules(rs, state))))
                # The notes say how the rules applied to this move; without them, the rules' texts do.
                said = [n.message for n in notes] or [game.rulebook[i].text for i in ids]
                answer["explanation"] = "The move is legal here: " + " ".join(said)
        answer["violations"] = [v.as_dict() for v in violations]
        answer["unverified"] = game.unverified(rs, state, move) if turn.to_act is not None else []
    if body.get("rule_id") is not None:
        ids = [body["rule_id"], *[i for i in ids if i != body["rule_id"]]]
    answer["rules"] = [rule(i) for i in ids]
    return answer


def _same_move(listed: dict, move: dict) -> bool:
    return all(listed.get(key) == value for key, value in move.items() if key != "seat")
