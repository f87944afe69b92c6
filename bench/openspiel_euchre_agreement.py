"""Replay random OpenSpiel Euchre hands, every maker alone and defending alone allowed, through cardref.

At every decision both must ask the same seat and offer the same moves; at the end both must give
the same points. OpenSpiel is not a dependency of cardref: install it in a separate environment,

    python3.11 -m venv /tmp/openspiel && /tmp/openspiel/bin/pip install open_spiel==2.0.2
    PYTHONPATH=. /tmp/openspiel/bin/python bench/openspiel_euchre_agreement.py 200 dealer_left dealer_left

where the two last arguments are cardref's lone_defender_order and lone_first_lead. OpenSpiel's
declarer decides to go alone after the dealer's discard; cardref's alone flag on the bid takes
that decision, and the declarer's own answer is not compared.
"""
import random
import sys

import pyspiel

from rules_engine import answers

PASS, CLUBS, ALONE = 24, 25, 29  # OpenSpiel action numbers
RANKS = ["9", "10", "J", "Q", "K", "A"]
SUITS = "CDHS"


def code(card: int) -> str:
    """cardref's code for OpenSpiel's card number (rank * 4 + suit)."""
    return RANKS[card // 4] + SUITS[card % 4]


STATS = {"hands": 0, "defended": 0, "steps": 0}  # what was compared, for the summary line


def one_hand(seed: int, options: dict) -> str | None:
    """None when cardref agrees throughout, else where they part."""
    rng = random.Random(seed)
    game = pyspiel.load_game("euchre", {"allow_lone_defender": True, "stick_the_dealer": True})
    st = game.new_initial_state()
    while st.is_chance_node():
        outcomes = st.chance_outcomes()
        st.apply_action(rng.choice(outcomes)[0])
    dealer = st.dealer()
    holder = st.card_holder()
    hands = [[code(c) for c in range(24) if holder[c] == p] for p in range(4)]
    upcard = code(st.upcard())
    # Play OpenSpiel to the end first, making every maker go alone.
    history = []
    while not st.is_terminal():
        legal = st.legal_actions()
        player = st.current_player()
        phase = str(st.current_phase())
        if "GO_ALONE" in phase and st.declarer_go_alone() is None:
            action = ALONE
        elif "BIDDING" in phase:
            makes = [a for a in legal if a != PASS]
            action = rng.choice(makes) if makes and (PASS not in legal or rng.random() < 0.35) else PASS
        else:
            action = rng.choice(legal)
        history.append((player, phase, action, sorted(legal)))
        st.apply_action(action)
    points = st.returns()
    if st.declarer_go_alone() is None:
        return "thrown in"  # cannot happen with stick the dealer
    state = {"dealer": dealer, "upcard": upcard, "hands": hands, "bidding": [], "tricks": [],
             "current_trick": {"leader": (dealer + 1) % 4, "cards": []}}
    body = {"game": "euchre", "options": options}
    passes = 0
    STATS["hands"] += 1
    STATS["defended"] += st.lone_defender() >= 0
    for step, (player, phase, action, legal) in enumerate(history):
        if "GO_ALONE" in phase and action == ALONE and player == st.declarer():
            continue  # folded into the bid, cardref's alone flag
        STATS["steps"] += 1
        listed = answers.legal_moves({**body, "state": state})
        if listed["to_act"] != player:
            return f"step {step} ({phase}): OpenSpiel asks seat {player}, cardref seat {listed['to_act']}"
        if "BIDDING" in phase:
            first_round = passes < 4
            move = {"type": "pass"} if action == PASS else (
                {"type": "order_up", "alone": True} if first_round else
                {"type": "call", "suit": SUITS[action - CLUBS], "alone": True})
            passes += action == PASS
            expected = {"pass" if a == PASS else ("order_up:alone" if first_round else f"call:{SUITS[a - CLUBS]}:alone")
                        for a in legal}
            got = {m["code"] for m in listed["moves"] if m["code"] == "pass" or m["code"].endswith("alone")}
        elif "DISCARD" in phase:
            move = {"type": "discard", "card": code(action)}
            expected, got = {code(a) for a in legal}, {m["card"] for m in listed["moves"]}
        elif "GO_ALONE" in phase:
            move = {"type": "defend_alone"} if action == ALONE else {"type": "pass"}
            expected, got = {"defend_alone", "pass"}, {m["code"] for m in listed["moves"]}
        else:
            move = {"type": "play", "card": code(action)}
            expected, got = {code(a) for a in legal}, {m["card"] for m in listed["moves"]}
        if expected != got:
            return f"step {step} ({phase}): legal moves differ: OpenSpiel {sorted(expected)}, cardref {sorted(got)}"
        state = answers.apply_move({**body, "state": state, "move": move})["state"]
    scored = answers.score({**body, "state": state})
    mine = [scored["teams"][p % 2] - scored["teams"][1 - p % 2] for p in range(4)]
    if mine != list(points):
        return f"points differ: OpenSpiel {points}, cardref {mine}"
    return None


def main() -> None:
    """Compare the number of hands asked for under the two cardref options given, and print where they part."""
    hands, order, lead = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    options = {"deck": 24, "stick_the_dealer": True, "dealer_may_discard_upcard": False,
               "dealer_exchange_when_partner_alone": "exchange", "lone_defender": True,
               "lone_defender_order": order, "lone_first_lead": lead}
    parted = {}
    for seed in range(hands):
        where = one_hand(seed, options)
        if where:
            parted[seed] = where
    print(f"{hands} OpenSpiel hands (every maker alone, lone_defender on), cardref lone_defender_order={order} "
          f"lone_first_lead={lead}: {hands - len(parted)} agree at every step, {len(parted)} part")
    print(f"  decisions compared: {STATS['steps']}; hands with a lone defender: {STATS['defended']}")
    for seed, where in list(parted.items())[:5]:
        print(f"  seed {seed}: {where}")


if __name__ == "__main__":
    main()
