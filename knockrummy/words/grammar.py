"""English grammar for players' names in sentences: the game's default human seat is
called "You". English only, and glued sentences: kept (moved out of the engine) for the
callers not yet turned into whole messages; whole messages are in :mod:`knockrummy.words`
(``events``, ``scores``), each with a form for "You". To be removed once unused.

>>> does("Ann", "passes on the 7S"), does("You", "passes on the 7S"), does("You", "goes gin")
('Ann passes on the 7S', 'You pass on the 7S', 'You go gin')
>>> does("You", "has 5"), possessive("Ann"), possessive("You")
('You have 5', "Ann's", 'your')
"""

from __future__ import annotations


def _is_you(name: str) -> bool:
    return name.strip().lower() == "you"


def does(name: str, words: str) -> str:
    """``name`` doing ``words`` (a verb in the third person first): "You" takes the plain
    verb ("You draw", "Ann draws")."""
    if not _is_you(name):
        return f"{name} {words}"
    verb, space, rest = words.partition(" ")
    if verb == "has":
        verb = "have"
    elif verb.endswith(("ches", "shes", "sses", "xes", "oes")):
        verb = verb[:-2]
    elif verb.endswith("s"):
        verb = verb[:-1]
    return f"{name} {verb}{space}{rest}"


def possessive(name: str) -> str:
    """``"Ann's"``; ``"your"`` for "You"."""
    return "your" if _is_you(name) else f"{name}'s"
