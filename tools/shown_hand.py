"""What reading the other hand is worth: ``sim.ladder`` with ``expert`` told something
true about its opponents' hidden cards. A measurement, never a player: it breaks the
rule that a computer sees only its seat's view, on purpose, to find the ceiling.

Modes (``--shown``):

- ``hand``: every world ``expert`` samples gives each opponent the cards it really
  holds (the stock is still shuffled from the rest);
- ``count``: guesses are drawn as usual, again (up to ``--tries`` times) until their
  deadwood is the real hand's, the nearest kept;
- ``feed``: the same, until they would take exactly the cards of ``expert``'s hand the
  real one would meld with.

The other arguments are ``sim.ladder``'s::

    python tools/shown_hand.py --shown hand --preset gin --entrants expert,simple \\
        --matches 25 --first 2000 --seed 1 --json

docs/AI.md (thirteenth round) has what it measured.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import knockrummy.ai.expert as expert  # noqa: E402
import knockrummy.sim.play as play  # noqa: E402
from knockrummy.ai.costs import deadwood_model  # noqa: E402
from knockrummy.ai.knowledge import Knowledge  # noqa: E402
from knockrummy.ai.masks import cards_of, in_some_meld, mask_of  # noqa: E402
from knockrummy.ai.worlds import Racers, World, sample_worlds  # noqa: E402
from knockrummy.engine.match import MatchState  # noqa: E402
from knockrummy.engine.state import HandState  # noqa: E402
from knockrummy.engine.view import PlayerView  # noqa: E402
from knockrummy.engine.view import observe as view_of_match  # noqa: E402

MODES = ("hand", "count", "feed")


def feeds(mine: int, other: int, ace_high: bool) -> int:
    """The cards of ``mine`` that would make a meld with cards of ``other``.

    >>> from knockrummy.engine.cards import cards_mask, parse_cards
    >>> hand = cards_mask(parse_cards("7H 9S KD"))
    >>> feeds(hand, cards_mask(parse_cards("7S 7C 2D 3D")), False) == cards_mask(
    ...     parse_cards("7H"))
    True
    """
    return mask_of(c for c in cards_of(mine) if in_some_meld(c, other, ace_high))


@contextmanager
def shown(mode: str, tries: int = 20) -> Iterator[None]:
    """While open, ``expert``'s worlds are told what ``mode`` says of the real hands
    (of the match the simulation last showed a seat)."""
    if mode not in MODES:
        raise ValueError(f"--shown is one of {', '.join(MODES)}")
    current: dict[str, HandState] = {}
    # the functions the simulation and expert call by these names
    observe: Callable[[MatchState, int], PlayerView] = view_of_match
    sample: Callable[..., list[World]] = sample_worlds

    def watching(match: MatchState, seat: int) -> PlayerView:
        current["hand"] = match.hand
        return observe(match, seat)

    def miss(knowledge: Knowledge, world: World, real: World) -> int:
        ace_high = knowledge.ace_high
        if mode == "count":
            model = deadwood_model(ace_high)
            return sum(abs(model.least(world[s]) - model.least(real[s])) for s in real)
        return sum((feeds(knowledge.mine, world[s], ace_high)
                    ^ feeds(knowledge.mine, real[s], ace_high)).bit_count() for s in real)

    def told(knowledge: Knowledge, count: int, rng: random.Random,
             extra: Sequence[int] | None = None, live: bool = False,
             racers: Racers | None = None) -> list[World]:
        hand = current["hand"]
        real = {s: mask_of(hand.hands[s]) for s in knowledge.opponents()}
        if mode == "hand":
            return [dict(real) for _ in range(count)]
        out = []
        for _ in range(count):
            best: tuple[int, World] | None = None
            for _try in range(tries):
                world = sample(knowledge, 1, rng, extra, live, racers)[0]
                off = miss(knowledge, world, real)
                if best is None or off < best[0]:
                    best = (off, world)
                if off == 0:
                    break
            assert best is not None
            out.append(best[1])
        return out

    setattr(play, "observe", watching)  # noqa: B010 (the point of this tool)
    setattr(expert, "sample_worlds", told)  # noqa: B010
    try:
        yield
    finally:
        setattr(play, "observe", observe)  # noqa: B010
        setattr(expert, "sample_worlds", sample)  # noqa: B010


def main(argv: Sequence[str] | None = None) -> int:
    """``--shown MODE [--tries N]``, the rest passed to ``sim.ladder``."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shown", choices=MODES, default="hand")
    parser.add_argument("--tries", type=int, default=20)
    args, rest = parser.parse_known_args(argv)
    from knockrummy.sim import ladder
    with shown(args.shown, args.tries):
        return ladder.main(rest)


if __name__ == "__main__":
    raise SystemExit(main())
