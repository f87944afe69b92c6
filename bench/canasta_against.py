"""Classic Canasta's in-process answers, this checkout against another one, interleaved in the same run.

One worker process per checkout loads its own engine and the same request texts (the positions of
`bench.canasta_instructions`, made here once), then, round after round and in alternating order, times
`--calls` answers of each operation and reports their median. Both sides are measured in the same moments,
so a slow spell of a shared machine touches both; the figure is the median over the rounds.

    .venv/bin/python -m bench.canasta_against --other /tmp/before [--rounds 15] [--calls 1200]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

HERE = Path(__file__).resolve().parent.parent
OPERATIONS = ("legal", "validate", "score")


def serve(root: str, texts_file: str) -> None:
    """The worker: answer "operation calls" lines with the median microseconds of that many calls."""
    sys.path.insert(0, root)
    from rules_engine import answers  # noqa: PLC0415  (the checkout's own engine, found through sys.path)

    calls = {"legal": answers.legal_moves, "validate": answers.validate_move, "score": answers.score}
    texts = {op: [text.encode() for text in found] for op, found in json.loads(Path(texts_file).read_text()).items()}
    for op in OPERATIONS:
        for text in texts[op]:
            calls[op](orjson.loads(text))
    print("ready", flush=True)
    for line in sys.stdin:
        op, count = line.split()
        call, bodies = calls[op], texts[op]
        times = []
        for i in range(int(count)):
            text = bodies[i % len(bodies)]
            started = time.perf_counter()
            call(orjson.loads(text))
            times.append(time.perf_counter() - started)
        print(json.dumps(statistics.median(times) * 1e6), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", required=True, help="the other checkout (its rules_engine is timed)")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=1200)
    args = parser.parse_args()
    from .canasta_instructions import bodies  # noqa: PLC0415  (this checkout's engine makes the positions)

    made = bodies()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump({op: [text.decode() for text in made[op][1]] for op in OPERATIONS}, handle)
    sides = {"other": args.other, "this": str(HERE)}
    workers = {}
    for name, root in sides.items():
        workers[name] = subprocess.Popen([sys.executable, "-m", "bench.canasta_against", "--serve", root, handle.name],
                                         cwd=HERE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert workers[name].stdout.readline().strip() == "ready"
    found: dict[tuple[str, str], list[float]] = {(name, op): [] for name in sides for op in OPERATIONS}
    for index in range(args.rounds):
        order = list(sides) if index % 2 == 0 else list(reversed(sides))
        for op in OPERATIONS:
            for name in order:
                worker = workers[name]
                worker.stdin.write(f"{op} {args.calls}\n")
                worker.stdin.flush()
                found[(name, op)].append(json.loads(worker.stdout.readline()))
    for worker in workers.values():
        worker.stdin.close()
        worker.wait()
    Path(handle.name).unlink()
    for op in OPERATIONS:
        other, this = (statistics.median(found[(name, op)]) for name in ("other", "this"))
        print(orjson.dumps({"operation": op, "other_us": round(other, 1), "this_us": round(this, 1),
                            "change": f"{(this / other - 1) * 100:+.1f} %",
                            "other_rounds": [round(x, 1) for x in found[("other", op)]],
                            "this_rounds": [round(x, 1) for x in found[("this", op)]]}).decode())


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--serve":
        serve(sys.argv[2], sys.argv[3])
    else:
        main()
