"""Benchmarks: ``python -m knockrummy.bench engine [--json]``."""
