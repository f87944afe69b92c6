"""Instructions per Canasta answer in process, counted by callgrind: deterministic where timings are not.

Run under valgrind, which counts only what runs inside `functools.reduce` (the measured loop):

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        --toggle-collect=functools_reduce .venv/bin/python -m bench.canasta_instructions legal 2

then divide the "Collected" figure by the number of calls the script prints. The operations are the
in-process ones of `bench.run` (legal, validate, score: JSON text parsed included) on the same positions.
The collector's earlier objects are frozen before the loop, so a full collection that happens to fall in
it (its cost depends on everything the process imported) does not blur a comparison of two checkouts.
"""

from __future__ import annotations

import functools
import gc
import sys

import orjson

from rules_engine import answers

from .positions import finished, positions


def bodies() -> dict[str, tuple]:
    """Each operation and the JSON texts it is asked on."""
    raw = [orjson.dumps(b) for b in positions("canasta", 120, seed=1)]
    moves = []
    for text in raw:
        body = orjson.loads(text)
        listed = answers.legal_moves(body)
        moves.append(orjson.dumps({**body, "move": listed["moves"][len(listed["moves"]) // 2]}))
    done = [orjson.dumps(b) for b in finished("canasta", 20, seed=2)]
    return {"legal": (answers.legal_moves, raw), "validate": (answers.validate_move, moves),
            "score": (answers.score, done)}


def main() -> None:
    operation, repeat = sys.argv[1], int(sys.argv[2])
    operations = bodies()
    for call, texts in operations.values():      # every operation warmed alike
        for text in texts:
            call(orjson.loads(text))
    call, texts = operations[operation]
    gc.freeze()
    functools.reduce(lambda n, text: call(orjson.loads(text)) and n + 1, texts * repeat, 0)
    print(len(texts) * repeat)


if __name__ == "__main__":
    main()
