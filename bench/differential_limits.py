"""The size limits (api.limits) of two checkouts, compared verdict by verdict on generated bodies.

    .venv/bin/python -m bench.differential_limits --other /tmp/main-base [--bodies 6000]

Both checkouts' limits run in this process, over this checkout's engine (the bounds come from the
deals). Bodies are realistic positions of every game with one to three random parts replaced by
junk: long strings, long lists of scalars or card codes, deep nesting, many keys, hidden hands with
large counts, and logs of moves or hands of every size. Each is checked as a single call's body,
as a log-carrying body and with a small field count; the verdicts (None, or the pointer and
message of the refusal) must be equal.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import random
import sys
from pathlib import Path

from .batch import requests_for


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


def _nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


def _junk(rng: random.Random, depth: int = 0) -> object:
    kind = rng.randrange(7)
    if kind == 0:
        return "x" * rng.choice([1, 2, 255, 256, 257, 300])
    if kind == 1 and depth < 3:
        return [_junk(rng, depth + 1) for _ in range(rng.choice([0, 1, 3]))] + [7] * rng.choice([0, 60, 120])
    if kind == 1:
        return _nested(rng.choice([5, 16, 17, 30]))
    if kind == 2 and depth < 3:
        return {f"k{i}": (_junk(rng, depth + 1) if i < 3 else 1) for i in range(rng.choice([0, 2, 65]))}
    if kind == 3:
        return ["AS"] * rng.choice([1, 13, 60, 130, 200])
    if kind == 4:
        return {"count": rng.choice([1, 50, 500])}
    if kind == 5:
        return [1] * rng.choice([2000, 5000])
    return rng.randrange(100)


def _mutated(rng: random.Random, body: dict) -> dict:
    body = copy.deepcopy(body)
    nodes: list = [body]
    found = []
    while nodes:
        node = nodes.pop()
        found.append(node)
        if type(node) is list:
            nodes += [item for item in node if type(item) in (list, dict)]
        elif type(node) is dict:
            nodes += [item for item in node.values() if type(item) in (list, dict)]
    target = rng.choice(found)
    if type(target) is list and target:
        target[rng.randrange(len(target))] = _junk(rng)
    elif type(target) is dict:
        target[rng.choice([*target, "move", "meld", "melds", "moves", "hands", "extra"])] = _junk(rng)
    return body


def _verdict(limits, body: dict, fields: int, log: bool) -> tuple | None:
    try:
        limits.LIMITS.check(body, fields, log)
    except limits.TooLarge as error:
        return error.pointer, error.message
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", required=True, help="the other checkout's directory")
    parser.add_argument("--bodies", type=int, default=6000)
    args = parser.parse_args()
    ours = _load(Path(__file__).resolve().parent.parent / "api" / "limits.py", "limits_ours")
    theirs = _load(Path(args.other) / "api" / "limits.py", "limits_other")
    rng = random.Random(1)
    bodies = [body for _, body in requests_for(30)]
    checked = refused = 0
    differences = []
    for _ in range(args.bodies):
        body = rng.choice(bodies)
        for _ in range(rng.randrange(1, 4)):
            body = _mutated(rng, body)
        if rng.random() < 0.3:
            body["moves"] = [_mutated(rng, {"type": "play", "card": "AS"}) for _ in range(rng.choice([1, 5, 300, 1100]))]
        if rng.random() < 0.1:
            body["hands"] = [{"moves": [{"type": "x"}] * rng.choice([1, 3, 600])} for _ in range(rng.choice([1, 3, 60]))]
        for fields, log in ((4, False), (8, True), (2, False)):
            mine, other = _verdict(ours, body, fields, log), _verdict(theirs, body, fields, log)
            checked += 1
            refused += mine is not None
            if mine != other:
                differences.append((mine, other))
    print(json.dumps({"verdicts": checked, "refused": refused, "differences": len(differences)}))
    for mine, other in differences[:5]:
        print("  ours: ", mine, "\n  other:", other)
    if differences:
        sys.exit(1)


if __name__ == "__main__":
    main()
