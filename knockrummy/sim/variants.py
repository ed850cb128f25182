"""Players for tournaments beyond the four levels: kept versions and tuning variants.

A seat of ``python -m knockrummy.sim`` (or :mod:`knockrummy.sim.compare`) is a level
(``hard``), a kept variant from :data:`VARIANTS` (``hard@eager``: ``hard`` as it
played before a change, to measure the change against), or either followed by
``+field=value`` overrides of its :class:`~knockrummy.ai.strong.Style`
(``hard+early_bar=10+early_turns=4``; ``none``, ``true`` and ``false`` are read as
such), for tuning runs without editing code.

>>> make_seat("hard+worlds=20", 1).level
'hard'
>>> style_of("medium@eager+count_cap=8").count_cap
8
"""

from __future__ import annotations

import dataclasses

from knockrummy.ai import LEVELS, ByFamily, make_player
from knockrummy.ai.base import Player
from knockrummy.ai.expert import EXPERT_GIN, EXPERT_RUMMY, EXPERT_SEARCH, ExpertPlayer, Search
from knockrummy.ai.rollout import Policy
from knockrummy.ai.strong import HARD, MEDIUM, Style

#: ``hard`` and ``medium`` before they waited in Knock Rummy: knock as soon as the
#: sampled showdown expects 2 points
EAGER_HARD = dataclasses.replace(HARD, kept_draws=0, wait_margin=None, count_cap=0,
                                 cap_step=0, early_bar=0.0)
EAGER_MEDIUM = dataclasses.replace(MEDIUM, kept_draws=0, wait_margin=None, count_cap=0,
                                   cap_step=0, early_bar=0.0)

#: the fields a style override may name
STYLE_FIELDS = frozenset(f.name for f in dataclasses.fields(Style))

#: kept variants: name -> (level, style)
VARIANTS: dict[str, tuple[str, Style]] = {
    "hard@eager": ("hard", EAGER_HARD),
    "medium@eager": ("medium", EAGER_MEDIUM),
}


def _value(text: str, default: object) -> object:
    low = text.lower()
    if low == "none":
        return None
    if isinstance(default, bool) or low in ("true", "false"):
        if low not in ("true", "false"):
            raise ValueError(f"{text!r} is not true or false")
        return low == "true"
    if isinstance(default, int) and not isinstance(default, bool):
        return int(text)
    return float(text)


def split(name: str) -> tuple[str, list[tuple[str, str]]]:
    """``"hard@eager+worlds=20"`` -> ``("hard@eager", [("worlds", "20")])``."""
    base, *parts = name.split("+")
    pairs = []
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"{part!r}: expected field=value")
        pairs.append((key.strip(), value.strip()))
    return base.strip(), pairs


def level_of(name: str) -> str:
    """The level a seat name plays as (``hard@eager+worlds=4`` -> ``hard``)."""
    base, _ = split(name)
    return VARIANTS[base][0] if base in VARIANTS else base


def style_of(name: str) -> Style:
    """The :class:`Style` a ``medium`` or ``hard`` seat name stands for."""
    base, pairs = split(name)
    if base in VARIANTS:
        style = VARIANTS[base][1]
    elif base in ("medium", "hard"):
        style = HARD if base == "hard" else MEDIUM
    else:
        raise ValueError(f"{base!r} has no style (only medium and hard, and their variants)")
    fields = {f.name for f in dataclasses.fields(Style)}
    changes: dict[str, object] = {}
    for key, text in pairs:
        if key not in fields:
            raise ValueError(f"Style has no field {key!r}")
        changes[key] = _value(text, getattr(style, key))
    return dataclasses.replace(style, **changes)  # type: ignore[arg-type]


def search_of(name: str) -> Search:
    """The :class:`~knockrummy.ai.expert.Search` an ``expert`` seat name stands for:
    ``expert+worlds=32+knock=false``; fields of the play-outs' fast
    :class:`~knockrummy.ai.rollout.Policy` too (``expert+hold_stock=8``).

    >>> search_of("expert+worlds=8+knock_count=15").policy.knock_count
    15
    """
    base, pairs = split(name)
    if base != "expert":
        raise ValueError(f"{base!r} has no search (only expert)")
    search_fields = {f.name for f in dataclasses.fields(Search)} - {"policy"}
    policy_fields = {f.name for f in dataclasses.fields(Policy)}
    changes: dict[str, object] = {}
    policy_changes: dict[str, object] = {}
    for key, text in pairs:
        if _prior_field(key) is not None:
            continue  # the Gin or Rummy judgement's style: prior_style_of
        if key in search_fields:
            default = getattr(EXPERT_SEARCH, key)
            if key == "budget_ms":
                default = 0.0
            if key == "families":
                changes[key] = tuple(f for f in text.split("/") if f)
                continue
            changes[key] = _value(text, default)
        elif key in policy_fields:
            policy_changes[key] = _value(text, getattr(EXPERT_SEARCH.policy, key))
        else:
            raise ValueError(f"Search has no field {key!r}")
    policy = dataclasses.replace(EXPERT_SEARCH.policy, **policy_changes)  # type: ignore[arg-type]
    return dataclasses.replace(EXPERT_SEARCH, policy=policy, **changes)  # type: ignore[arg-type]


#: ``expert``'s judgements that a seat name can retune, by prefix: ``gin_`` for its
#: two-player Gin prior, ``rummy_`` for its Rummy
PRIORS: dict[str, Style] = {"gin_": EXPERT_GIN, "rummy_": EXPERT_RUMMY}


def _prior_field(key: str) -> tuple[str, str] | None:
    """``("gin_", "danger")`` for ``gin_danger``; ``None`` for a key of no prior."""
    for prefix in PRIORS:
        if key.startswith(prefix) and key[len(prefix):] in STYLE_FIELDS:
            return prefix, key[len(prefix):]
    return None


def prior_style_of(name: str, prefix: str) -> Style:
    """One of ``expert``'s judgements (:data:`PRIORS`) as a seat name retunes it with
    ``prefix``-ed overrides (``expert+gin_danger=1``, ``expert+rummy_take_margin=1``).

    >>> prior_style_of("expert+gin_danger=2+worlds=8", "gin_").danger
    2.0
    >>> prior_style_of("expert+rummy_potential=3", "rummy_").potential
    3.0
    """
    base, pairs = split(name)
    if base != "expert":
        raise ValueError(f"{base!r} has no Gin or Rummy judgement of its own (only expert)")
    style = PRIORS[prefix]
    changes: dict[str, object] = {}
    for key, text in pairs:
        field = _prior_field(key)
        if field is not None and field[0] == prefix:
            changes[field[1]] = _value(text, getattr(style, field[1]))
    return dataclasses.replace(style, **changes)  # type: ignore[arg-type]


def known(name: str) -> bool:
    """Whether ``name`` is a level, a kept variant, or one of them with valid overrides."""
    try:
        base, pairs = split(name)
        if base in VARIANTS or (base in ("medium", "hard")):
            style_of(name)
            return True
        if base == "expert":
            search_of(name)
            return True
        return base in LEVELS and not pairs
    except ValueError:
        return False


def make_seat(name: str, seed: int) -> Player:
    """The player a seat name stands for, seeded."""
    if name in LEVELS:
        return make_player(name, seed)
    level = level_of(name)
    if level == "expert":
        return ExpertPlayer(seed, "Expert", search_of(name),
                            gin_style=prior_style_of(name, "gin_"),
                            rummy_style=prior_style_of(name, "rummy_"))
    return ByFamily(level, seed, level.capitalize(), style_of(name))
