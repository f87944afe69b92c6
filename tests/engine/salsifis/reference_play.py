"""Random hands of Salsifis played over HTTP side by side with the reference model, compared at every step."""

from __future__ import annotations

import random

from tests.engine.salsifis.reference_model import Model, points

GAME = "salsifis"


def post(client, path: str, body: dict, status: int = 200) -> dict:
    """POST a Salsifis body and return the JSON answer, asserting its status."""
    answer = client.post(path, json={"game": GAME, **body})
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def normal(state: dict) -> dict:
    """A state with every pile whose order the rules leave open put in one order."""
    return {
        "turn": state["turn"],
        "hands": [sorted(hand) for hand in state["hands"]],
        "packets": [sorted(packet) for packet in state["packets"]],
        "heap": list(state["heap"]),
        "placements": sorted((p["seat"], p["packet"], p["card"]) for p in state["placements"]),
        "won": [sorted(pile) for pile in state["won"]],
        "shared": sorted((tuple(s["seats"]), tuple(sorted(s["cards"]))) for s in state["shared"]),
        "discarded": sorted(state["discarded"]),
        "penalties": list(state["penalties"]),
        "alone_streak": list(state["alone_streak"]),
    }


def call_key(call: dict) -> tuple:
    """A formula as (seat, names, soup), whatever its spelling."""
    return call["seat"], tuple(sorted(call.get("names") or [])), bool(call.get("soup"))


def random_calls(model: Model, rng: random.Random) -> list[dict]:
    """Formulas a table might say: right ones, wrong ones, late ones and simultaneous ones, in a random order."""
    placed = model.placed()
    pool = model.right_calls() * 2
    for _ in range(rng.randrange(3)):
        seat = rng.randrange(model.players)
        others = [card for other, (_, card) in placed.items() if other != seat]
        pool.append(rng.choice([{"seat": seat, "soup": True},
                                {"seat": seat, "names": rng.sample(others, min(len(others), rng.randint(1, 2)))}]))
    calls = rng.sample(pool, rng.randint(0, min(len(pool), 4)))
    for index, call in enumerate(calls):
        calls[index] = spoken(call) if rng.random() < 0.3 else dict(call)
        if index and rng.random() < 0.25:
            calls[index]["simultaneous"] = True
    return calls


RANK_WORDS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "10": "Ten", "9": "Nine", "8": "Eight",
              "7": "Seven", "6": "Six", "5": "Five", "4": "Four", "3": "Three", "2": "Two"}
SUIT_WORDS = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}


def spoken(call: dict) -> dict:
    """salsifis.formula.text: the same formula as the words a player says."""
    words = [f"{RANK_WORDS[card[:-1]]} of {SUIT_WORDS[card[-1]]}" for card in call.get("names") or []]
    ending = "salsifis soup" if call.get("soup") else "salsifis"
    return {"seat": call["seat"], "text": ", ".join(words + [ending])}


def random_change(model: Model, rng: random.Random) -> dict:
    """Some seat puts down a card out of turn: mostly one it may use, sometimes another seat's, legal or not."""
    placed = model.placed()
    seat = rng.choice(sorted(placed)) if rng.random() < 0.7 else rng.randrange(model.players)
    cards = model.state["hands"][seat] + ([placed[seat][1]] if seat in placed else [])
    if rng.random() < 0.1 or not cards:
        cards = [card for hand in model.state["hands"] for card in hand] + [card for _, card in placed.values()]
    return {"type": "place", "seat": seat, "card": rng.choice(cards), "packet": rng.randrange(2)}


def check_settled(answer: dict, model: Model, calls: list[dict]) -> None:
    """salsifis.contest.* and salsifis.formula.*: each packet's kind and taker, penalties and must_fight events."""
    penalties, winners = model.judge_calls(calls)
    events = answer["events"]
    for packet, (kind, holders, _) in enumerate(model.contests()):
        settled = next(e for e in events if e["type"] == "packet_settled" and e["packet"] == packet)
        assert settled["kind"] == kind, (settled, kind)
        takers = holders if kind in ("alone", "fight") else (winners[packet] or holders)
        if kind != "empty":
            assert (settled["winner"], settled.get("shared_by", [settled["winner"]])) == \
                ((takers[0] if len(takers) == 1 else None), sorted(takers)), (settled, takers)
            assert settled["by_formula"] is (kind in ("tie", "cycle") and bool(winners[packet]))
    costs = [0] * model.players
    for event in events:
        if event["type"] == "penalty":
            assert event["points"] == -10
            assert set(event["rules"]) & {"salsifis.formula.penalty", "salsifis.formula.late"}, event
            costs[event["seat"]] += 10
    assert costs == penalties


def check_must_fight(answer: dict, model: Model) -> None:
    """salsifis.turn.fleeing: the seats bound to fight are announced when the next turn opens."""
    must = [e["seats"] for e in answer["events"] if e["type"] == "must_fight"]
    bound = [seat for seat in range(model.players) if model.bound(seat)]
    assert must == ([bound] if bound and not model.over else []), (must, bound)


def check_score(client, model: Model, options: dict) -> dict:
    """salsifis.scoring.*: /score's totals, lines and winners against the reference scorer."""
    body = post(client, "/score", {"options": options, "state": model.state})
    parts = model.score_parts()
    exact = options.get("shared_points") == "exact"
    for seat, part in enumerate(parts):
        expected = round(float(part["total"]), 2) if exact else int(part["total"])
        assert body["scores"][seat] == expected, (seat, part, body)
        lines = [line for line in body["lines"] if line["seat"] == seat]
        assert all(line["rule"] in ("salsifis.scoring.values", "salsifis.formula.shared",
                                    "salsifis.formula.penalty") for line in lines), lines
        assert round(sum(line["points"] for line in lines), 2) == body["scores"][seat]
        by_rule = {rule: sum(line["points"] for line in lines if line["rule"] == rule)
                   for rule in ("salsifis.scoring.values", "salsifis.formula.shared", "salsifis.formula.penalty")}
        assert by_rule["salsifis.scoring.values"] == part["values"] == points(model.state["won"][seat])
        assert round(by_rule["salsifis.formula.shared"], 2) == round(float(part["shared"]), 2)
        assert by_rule["salsifis.formula.penalty"] == -part["penalty"]
    best = max(body["scores"])
    leaders = [seat for seat, score in enumerate(body["scores"]) if score == best]
    assert body["winners"] == leaders
    assert body["winner"] == (leaders[0] if len(leaders) == 1 else None)
    assert body["game_over"] is model.over
    return body


def place_step(client, options: dict, state: dict, listed: dict, model: Model, rng, change_rate: float):
    """One placing: a listed one, a change judged by /validate-move, or an early reveal refused; None if refused."""
    assert {move["code"] for move in listed["moves"]} == model.legal_places(), (listed, model.state)
    if model.placed() and rng.random() < change_rate:
        move = random_change(model, rng)
        verdict = post(client, "/validate-move", {"options": options, "state": state, "move": move})
        legal = model.place_allowed(move["seat"], move["card"], move["packet"])
        assert verdict["legal"] is legal, (move, verdict, model.state)
        if not legal:
            post(client, "/apply-move", {"options": options, "state": state, "move": move}, status=422)
            return None, None
    elif rng.random() < 0.1:
        early = {"type": "resolve", "calls": []}
        assert post(client, "/validate-move", {"options": options, "state": state, "move": early})["legal"] is False
        return None, None
    else:
        chosen = rng.choice(listed["moves"])
        move = {key: chosen[key] for key in ("type", "seat", "card", "packet")}
    answer = post(client, "/apply-move", {"options": options, "state": state, "move": move})
    model.place(move["seat"], move["card"], move["packet"])
    return move, answer


def resolve_step(client, options: dict, state: dict, listed: dict, model: Model, rng):
    """The reveal with random formulas, every packet's outcome checked on the model."""
    listed_calls = {call_key(move["calls"][0]) for move in listed["moves"] if move["calls"]}
    assert listed_calls == {call_key(call) for call in model.right_calls()}
    assert any(move["calls"] == [] for move in listed["moves"])
    move = {"type": "resolve", "calls": random_calls(model, rng)}
    answer = post(client, "/apply-move", {"options": options, "state": state, "move": move})
    check_settled(answer, model, move["calls"])
    model.resolve(move["calls"])
    check_must_fight(answer, model)
    return move, answer


def play(client, players: int, options: dict, seed: int, change_rate: float = 0.2) -> Model:
    """Deal and play one hand at random through /legal-moves and /apply-move, checking each step on the model."""
    rng = random.Random(seed)
    setup = {"dealer": rng.randrange(players)}
    state = post(client, "/deal", {"players": players, "seed": seed, "options": options, "setup": setup})["state"]
    assert state["dealer"] == setup["dealer"]
    model = Model(state, options)
    while True:
        listed = post(client, "/legal-moves", {"options": options, "state": state})
        assert (listed["to_act"], listed["phase"]) == model.to_act(), (listed, model.state)
        if listed["phase"] == "over":
            assert listed["moves"] == []
            break
        if listed["phase"] == "place":
            move, answer = place_step(client, options, state, listed, model, rng, change_rate)
            if answer is None:
                continue
        else:
            move, answer = resolve_step(client, options, state, listed, model, rng)
        state = answer["state"]
        assert normal(state) == normal(model.state), (move, state, model.state)
        assert (answer["to_act"], answer["phase"]) == model.to_act()
    check_score(client, model, options)
    return model
