"""Fakes of the remote services membot talks to (served on 127.0.0.1) and of its model-backed
parts, for function-scoped tests."""
