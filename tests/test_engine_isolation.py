"""The engine is pure: it imports nothing of pygame or the rest of the app."""

import subprocess
import sys


def test_engine_imports_no_pygame_in_a_fresh_interpreter() -> None:
    code = (
        "import sys, knockrummy.engine, knockrummy.engine.codec, knockrummy.engine.view\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'"
        " or m.startswith(('knockrummy.ui', 'knockrummy.app', 'knockrummy.ai')))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_public_names_for_outside_tools() -> None:
    from knockrummy.engine import Card, best_discard, min_deadwood, parse_cards

    hand = parse_cards("3S 4S 5S 9H 9S 9D JH JS JD 7C AS")
    assert min_deadwood(hand[:10]) == 7
    assert best_discard(hand) == (Card.parse("7C"), 1)
