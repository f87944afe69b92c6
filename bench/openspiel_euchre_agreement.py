"""Replay random OpenSpiel Euchre hands, defending alone allowed, through cardref.

At every decision both must ask the same seat and offer the same moves; at the end both must give
the same points. OpenSpiel is not a dependency of cardref: install it in a separate environment,

    python3.11 -m venv /tmp/openspiel && /tmp/openspiel/bin/pip install open_spiel==2.0.2
    PYTHONPATH=. /tmp/openspiel/bin/python bench/openspiel_euchre_agreement.py 200 dealer_left dealer_left any_maker

where the three last arguments are cardref's lone_defender_order, lone_first_lead and lone_defender_against.
Under lone_maker every maker goes alone (the only makers a defender may face alone there); under any_maker the
maker goes alone in half the hands and plays with the partner in the others, and the defenders are asked
either way. OpenSpiel's declarer decides to go alone after the dealer's discard; cardref's alone flag on the
bid takes that decision, and the declarer's own answer is not compared.
"""
import random
import sys

import pyspiel

from rules_engine import answers

PASS, CLUBS, ALONE, PARTNER = 24, 25, 29, 30  # OpenSpiel action numbers
RANKS = ["9", "10", "J", "Q", "K", "A"]
SUITS = "CDHS"


def code(card: int) -> str:
    """cardref's code for OpenSpiel's card number (rank * 4 + suit)."""
    return RANKS[card // 4] + SUITS[card % 4]


STATS = {"hands": 0, "defended": 0, "defended_against_two": 0, "steps": 0}  # what was compared


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
    # Play OpenSpiel to the end first: every maker alone, or, against any maker, half of them.
    any_maker = options["lone_defender_against"] == "any_maker"
    history = []
    while not st.is_terminal():
        legal = st.legal_actions()
        player = st.current_player()
        phase = str(st.current_phase())
        if "GO_ALONE" in phase and st.declarer_go_alone() is None:
            action = PARTNER if any_maker and rng.random() < 0.5 else ALONE
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
    alone = bool(st.declarer_go_alone())
    STATS["defended"] += st.lone_defender() >= 0
    STATS["defended_against_two"] += st.lone_defender() >= 0 and not alone
    declared = False
    for step, (player, phase, action, legal) in enumerate(history):
        if "GO_ALONE" in phase and not declared and player == st.declarer():
            declared = True
            continue  # folded into the bid, cardref's alone flag
        STATS["steps"] += 1
        listed = answers.legal_moves({**body, "state": state})
        if listed["to_act"] != player:
            return f"step {step} ({phase}): OpenSpiel asks seat {player}, cardref seat {listed['to_act']}"
        if "BIDDING" in phase:
            first_round = passes < 4
            move = {"type": "pass"} if action == PASS else (
                {"type": "order_up", "alone": alone} if first_round else
                {"type": "call", "suit": SUITS[action - CLUBS], "alone": alone})
            passes += action == PASS
            flag = ":alone" if alone else ""
            expected = {"pass" if a == PASS else ("order_up" + flag if first_round else f"call:{SUITS[a - CLUBS]}{flag}")
                        for a in legal}
            got = {m["code"] for m in listed["moves"] if m["code"] == "pass" or m["code"].endswith("alone") == alone}
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
    against = sys.argv[4] if len(sys.argv) > 4 else "lone_maker"
    options = {"deck": 24, "stick_the_dealer": True, "dealer_may_discard_upcard": False,
               "dealer_exchange_when_partner_alone": "exchange", "lone_defender": True,
               "lone_defender_order": order, "lone_first_lead": lead, "lone_defender_against": against}
    parted = {}
    for seed in range(hands):
        where = one_hand(seed, options)
        if where:
            parted[seed] = where
    print(f"{hands} OpenSpiel hands (lone_defender on), cardref lone_defender_order={order} lone_first_lead={lead} "
          f"lone_defender_against={against}: {hands - len(parted)} agree at every step, {len(parted)} part")
    print(f"  decisions compared: {STATS['steps']}; hands with a lone defender: {STATS['defended']}, "
          f"{STATS['defended_against_two']} of them against a maker and partner")
    for seed, where in list(parted.items())[:5]:
        print(f"  seed {seed}: {where}")


if __name__ == "__main__":
    main()
