"""Errors the engine raises, with messages a player can read."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; ``str(error)`` says why in words."""
