"""cardref's rules engine: pure Python, plain data in and out, usable as a library.

    >>> from rules_engine import answers
    >>> answers.deal({"game": "canadian-salad", "players": 4, "seed": 7})["state"]["hand_number"]
    1
"""
