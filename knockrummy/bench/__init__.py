"""Benchmarks: ``python -m knockrummy.bench engine|coach [--json]``."""
