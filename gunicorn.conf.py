"""gunicorn settings: PORT and WEB_CONCURRENCY from the environment.

Answers are CPU-bound pure Python, so threads only contend for the GIL. Measured on 2 cores with
wrk at 16 connections (bench/README.md): sync workers gave steady throughput, while gthread swung
from a third of sync's rate to above it between runs; one sync worker per core kept p99 at 1.25x
the parse-only baseline, where one more worker raised throughput 5% but p99 to 1.6x.

The app is loaded once, before the workers fork: every worker starts ready to answer at once,
and a worker that is replaced comes back without reloading the rules.
"""

import gc
import multiprocessing
import os

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "sync")
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
keepalive = 5
preload_app = True
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "0"))
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()


def when_ready(server):
    """Set aside what loading the app built, before the workers fork.

    The rules, schemas and spec live as long as the process: frozen, they are never walked by a
    full garbage collection (about 11 ms each with the app loaded), and workers do not copy the
    memory pages that walking them would touch.
    """
    gc.collect()
    gc.freeze()
