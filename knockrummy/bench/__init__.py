"""Benchmarks: ``python -m knockrummy.bench engine|ai [--json]``."""
