"""Tournaments between computer players: ``python -m knockrummy.sim --help``."""
