"""Development and benchmark tooling, used from a membot checkout and never shipped in the wheel.

``fake_telegram``: a fake Telegram Bot API server (the Telegram tests and the benchmark share
it); ``telegram_load``: simulated Telegram users in a process of their own; ``bench_telegram``:
``membot bench telegram``, run as ``python -m bot bench telegram`` from the checkout's root.
Deployment: ``lock`` writes deploy/requirements.lock, ``image_pins`` checks and moves the
pinned image digests, ``stop_time`` measures a replica's stop under load (docs/deploy.md).
"""
