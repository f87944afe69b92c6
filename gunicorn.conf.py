"""gunicorn settings: PORT and WEB_CONCURRENCY from the environment.

Answers are CPU-bound pure Python, so threads only contend for the GIL. Measured on 2 cores with
wrk at 16 connections (bench/README.md): sync workers gave steady throughput, while gthread swung
from a third of sync's rate to above it between runs; one worker per core kept p99 at 1.25x
the parse-only baseline, where one more worker raised throughput 5% but p99 to 1.6x.

Workers are gevent's: a sync worker is held by its one client until the whole request has
arrived, so two clients that send half a body and wait stopped the whole service until the
timeout killed both workers. A gevent worker reads every connection cooperatively: a slow
client parks one greenlet and the worker goes on answering the others. Answers themselves are
computed one at a time per worker, as before (bench/README.md measures both classes side by
side: gevent answered about 0.8 times as many requests per second as sync, at a similar p99). gevent patches the standard library here, before the app is loaded, so that every
socket and lock the app creates is cooperative.

Workers are recycled after about MAX_REQUESTS requests (with jitter, so they do not all restart
at once): whatever memory a worker's caches reached is given back, and a fresh worker starts
from the preloaded app at once.

With HEALTH_PORT set, liveness is answered on that port by an operating-system thread in every worker,
while the worker computes (api/health_listener.py): a /healthz on the service's port waits behind the
answers its worker has queued.

The app is loaded once, before the workers fork: every worker starts ready to answer at once,
and a worker that is replaced comes back without reloading the rules.
"""

import gc
import multiprocessing
import os

worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gevent")
if worker_class == "gevent":
    from gevent import monkey

    monkey.patch_all()

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
worker_connections = int(os.environ.get("GUNICORN_WORKER_CONNECTIONS", "1000"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# Connections are kept alive between requests (a bot over TLS would otherwise pay a handshake a move): a
# gevent worker reads a waiting connection in a greenlet of its own, so an idle client holds no worker.
# Kept-alive connections stay with the worker that accepted them, so with many busy clients one worker
# may serve more than the other (bench/README.md, "Keep-alive"); GUNICORN_KEEPALIVE=0 closes every
# connection after its answer instead.
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
preload_app = True
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "5000"))
max_requests_jitter = max_requests // 10
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()


def post_worker_init(worker):
    """With HEALTH_PORT set, each worker answers liveness there from an operating-system thread, beside the
    answers it computes (api/health_listener.py)."""
    port = os.environ.get("HEALTH_PORT")
    if port:
        from api.health_listener import heartbeat_of, start

        start(int(port), heartbeat_of(worker), silent_after=worker.timeout)   # half the arbiter's timeout


def when_ready(server):
    """Set aside what loading the app built, before the workers fork.

    The rules, schemas and spec live as long as the process: frozen, they are never walked by a
    full garbage collection (about 11 ms each with the app loaded), and workers do not copy the
    memory pages that walking them would touch.
    """
    gc.collect()
    gc.freeze()
