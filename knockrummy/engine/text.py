"""Text that came from a file, made safe to show, write and print.

Player names, and anything else a file can hold, may carry characters that
break things far from where they were read: a NUL stops a font from drawing
and an OS call from taking a path, a lone surrogate cannot be written as
UTF-8, escape sequences take over a terminal, and bidirectional overrides
make a line read backwards. The policy (``docs/STORAGE.md``) is that such
characters are removed from text before it is shown or written
(:func:`clean_text`, :func:`clean_name`) and escaped in anything printed to a
terminal (:func:`terminal_safe`).

>>> clean_text("Ann\\x00\\x1b[31m\\u202e\\ud800\\x1b]0;title\\x07")
'Ann'
>>> clean_name("  \\x07 ", fallback="Player 1")
'Player 1'
>>> terminal_safe("Ann\\x1b[2J\\u202e")
'Ann\\\\x1b[2J\\\\u202e'
"""

from __future__ import annotations

import re
import unicodedata

#: bidirectional embeddings, overrides, isolates and marks (they reorder what follows)
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: line and paragraph separators: a second line where one is expected
SEPARATORS = frozenset("\u2028\u2029\x85")
#: terminal escape sequences: CSI (``ESC [``, or the 8-bit CSI), OSC (``ESC ]`` to BEL or
#: ``ESC \\``), and two-character escapes
ESCAPES = re.compile(r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"
                     r"|\x1b[ -/]*[0-~]")
#: the longest name kept (longer ones are cut)
MAX_NAME = 100


def unsafe(char: str) -> bool:
    """Whether ``char`` is a control, a lone surrogate, a bidi control or a line separator."""
    if char in BIDI_CONTROLS or char in SEPARATORS:
        return True
    if char.isprintable() or char == " ":
        return False
    return unicodedata.category(char) in ("Cc", "Cs")


def clean_text(text: str) -> str:
    """``text`` without terminal escape sequences (whole: ``"\x1b[31m"`` goes, not only
    its ESC), control characters, lone surrogates, bidi controls or separators."""
    if text.isprintable() and not any(c in BIDI_CONTROLS for c in text):
        return text  # the usual case, checked at C speed
    text = ESCAPES.sub("", text)
    return "".join(c for c in text if not unsafe(c))


def clean_name(text: str, fallback: str, limit: int = MAX_NAME) -> str:
    """A player's name from a file: cleaned, trimmed, at most ``limit`` characters, and
    ``fallback`` when nothing is left."""
    name = clean_text(text).strip()[:limit].strip()
    return name or fallback


def terminal_safe(text: str) -> str:
    """``text`` for a terminal: every unsafe character written as an escape (``\\x1b``),
    so a file cannot move the cursor, clear the screen or reverse a line."""
    if text.isprintable() and not any(c in BIDI_CONTROLS for c in text):
        return text
    out = []
    for char in text:
        if not unsafe(char):
            out.append(char)
        else:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
    return "".join(out)
