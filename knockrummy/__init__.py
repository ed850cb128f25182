"""Knock Rummy: an offline rummy-family card game (Knock Rummy, Gin Rummy, Rummy)."""

__version__ = "0.1.0"
