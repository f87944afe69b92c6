"""Estimated cycles per Classic Canasta answer, two checkouts side by side: instructions, cache misses and
branch mispredictions simulated by callgrind, which a loaded machine does not blur.

Instruction counts alone miss what separates two engines of nearly equal counts: where one touches more
memory or branches less predictably, it runs slower for the same instructions. Callgrind simulates both;
the estimate weighs them as a typical core pays them (an L1 miss 10 cycles, a last-level miss 100, a
mispredicted branch 15) on top of one cycle per instruction. It is a model, not a clock: it tells which
way a change moves and by about how much, and wall time (bench.canasta_against, idle) has the last word.

    .venv/bin/python -m bench.canasta_cycles legal --other /tmp/before [--repeat 2] [--phase draw-open]

Both engines answer the same request texts (those of bench.canasta_instructions, made here once). A median
call of bench.run is a cheap position, so `--phase` keeps one kind of position: the seat to act in the draw
or meld phase, its side opened or not (draw-open, draw-closed, meld-open, meld-closed).
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
WEIGHTS = {"l1": 10, "ll": 100, "mispredict": 15}
PHASES = ("draw-open", "draw-closed", "meld-open", "meld-closed")


def phase_of(body: dict) -> str:
    """The kind of position a request asks about: the phase, and whether the acting seat's side has opened."""
    state = body["state"]
    turn = state["turn"]
    opened = bool(state["melds"][turn["seat"] % len(state["melds"])])
    return ("draw-" if turn["phase"] == "draw" else "meld-") + ("open" if opened else "closed")


def work(root: str, operation: str, texts_file: str, repeat: int) -> None:
    """The measured loop, run under callgrind with a checkout's engine: only functools.reduce is counted."""
    sys.path.insert(0, root)
    import orjson  # noqa: PLC0415
    from rules_engine import answers  # noqa: PLC0415  (the checkout's own engine, found through sys.path)

    call = {"legal": answers.legal_moves, "validate": answers.validate_move, "score": answers.score}[operation]
    texts = [text.encode() for text in json.loads(Path(texts_file).read_text())]
    for text in texts:
        call(orjson.loads(text))
    gc.freeze()
    functools.reduce(lambda n, text: call(orjson.loads(text)) and n + 1, texts * repeat, 0)
    print(len(texts) * repeat)


def estimate(root: str, operation: str, texts_file: str, repeat: int) -> dict:
    """A checkout's figures per call, from callgrind's simulation of the measured loop."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", "--cache-sim=yes", "--branch-sim=yes",
                   f"--callgrind-out-file={out}", "--toggle-collect=functools_reduce", sys.executable,
                   str(Path(__file__).resolve()), "--work", root, operation, texts_file, str(repeat)]
        done = subprocess.run(command, cwd=root, capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
        calls = int([line for line in done.stdout.split() if line.isdigit()][-1])
        lines = out.read_text().splitlines()
    events = next(line for line in lines if line.startswith("events:")).split()[1:]
    totals = next(line for line in lines if line.startswith(("totals:", "summary:"))).split()[1:]
    found = dict(zip(events, map(int, totals)))
    l1 = found["I1mr"] + found["D1mr"] + found["D1mw"]
    ll = found["ILmr"] + found["DLmr"] + found["DLmw"]
    mispredicts = found["Bcm"] + found["Bim"]
    cycles = found["Ir"] + WEIGHTS["l1"] * l1 + WEIGHTS["ll"] * ll + WEIGHTS["mispredict"] * mispredicts
    return {"instructions": found["Ir"] // calls, "l1_misses": l1 // calls, "ll_misses": ll // calls,
            "mispredicts": mispredicts // calls, "estimated_cycles": cycles // calls}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("operation", choices=("legal", "validate", "score"))
    parser.add_argument("--other", required=True, help="the other checkout (its rules_engine is measured)")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--phase", choices=PHASES, help="only positions of this kind (legal and validate)")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    import orjson  # noqa: PLC0415
    from bench.canasta_instructions import bodies  # noqa: PLC0415  (this checkout's engine makes the positions)

    texts = bodies()[args.operation][1]
    if args.phase:
        texts = [text for text in texts if phase_of(orjson.loads(text)) == args.phase]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump([text.decode() for text in texts], handle)
    try:
        rows = {name: estimate(root, args.operation, handle.name, args.repeat)
                for name, root in (("other", args.other), ("this", str(HERE)))}
    finally:
        Path(handle.name).unlink()
    print(f"{len(texts)} positions" + (f" ({args.phase})" if args.phase else ""))
    for name, row in rows.items():
        print(name, json.dumps(row))
    change = rows["this"]["estimated_cycles"] / rows["other"]["estimated_cycles"] - 1
    print(f"estimated cycles, this against other: {change * 100:+.1f} %")


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "--work":
        work(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    else:
        main()
