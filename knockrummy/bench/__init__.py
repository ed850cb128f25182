"""Benchmarks: ``python -m knockrummy.bench engine|ai|coach [--json]``."""
