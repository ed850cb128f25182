"""``knockrummy`` / ``python -m knockrummy``: open the game window.

Saved matches::

    knockrummy --list-saves              # one saved match a line, its id first
    knockrummy --resume 1a2b3c4d         # open the window on that match

Match records (readable text; the scores screen's Export writes them)::

    knockrummy --import match.txt        # replay a record: its match history opens

Flags for tests and benchmarks::

    knockrummy --autoplay 3 --seed 1 --preset knock --players 6 --size 1920x1080 --fast --stats
    knockrummy --resume 1a2b3c4d --autoplay 2 --fast   # computers play it on, saving as usual
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from dataclasses import replace

from knockrummy import i18n
from knockrummy.engine import PRESETS, Rules
from knockrummy.i18n import _, ngettext
from knockrummy.startup import process_age
from knockrummy.storage import LEVELS
from knockrummy.words.rules import preset_name, saved_preset_name


def speak() -> None:
    """Speak the player's language from now on: the settings file's choice, else the
    system's (read before any message, even ``--help``)."""
    from knockrummy.storage.settings import read_language
    i18n.set_language(read_language() or i18n.system_language())


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        # Translators: --size was given something else than a width x a height
        raise argparse.ArgumentTypeError(
            _("size must look like 1280x720, not {text}").format(text=repr(text))) from None
    if w < 1 or h < 1:
        raise argparse.ArgumentTypeError(_("size must be positive"))
    return w, h


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(prog="knockrummy",
                                description=_("Knock Rummy, Gin and Rummy."))
    # Translators: the help of the command line's options (knockrummy --help); N, ID and
    # FILE stand for what follows the option and are not translated
    p.add_argument("--size", type=_size, default=None, help=_("window size, e.g. 1280x720"))
    p.add_argument("--fullscreen", action="store_true", help=_("start in full screen"))
    p.add_argument("--autoplay", type=int, default=0, metavar="N",
                   help=_("computers in every seat play N hands through the real scenes, "
                          "then exit"))
    p.add_argument("--seed", type=int, default=None, help=_("match seed (autoplay)"))
    p.add_argument("--preset", choices=sorted(PRESETS), default="knock",
                   help=_("game (autoplay)"))
    p.add_argument("--players", type=int, default=None,
                   help=_("number of players (autoplay)"))
    p.add_argument("--level", default="medium", choices=LEVELS,
                   help=_("computer level (autoplay)"))
    p.add_argument("--fast", action="store_true", help=_("short computer pacing (autoplay)"))
    p.add_argument("--stats", action="store_true",
                   help=_("print frame statistics as JSON on the last line"))
    p.add_argument("--smoke", action="store_true",
                   help=_("open the window, draw the first frame, print the start-up time, "
                          "exit"))
    p.add_argument("--list-saves", action="store_true",
                   help=_("print the saved matches, one a line, the id first, and exit"))
    p.add_argument("--resume", metavar="ID", default=None,
                   help=_("continue the saved match ID (with --autoplay: computers play it "
                          "on)"))
    p.add_argument("--import", dest="import_path", metavar="FILE", default=None,
                   help=_("open a match record (text, as exported) to replay and review it"))
    p.add_argument("--trace", action="store_true",
                   help=_("print a line for every action applied and every autosave "
                          "written"))
    return p.parse_args(argv)


def players_refusal(rules: Rules, players: int) -> str | None:
    """Why ``rules`` cannot be played by ``players`` (a sentence), or None.

    >>> from knockrummy.engine import PRESETS
    >>> players_refusal(PRESETS["gin"], 3), players_refusal(PRESETS["knock"], 7)
    ('Gin Rummy is for 2 players, not 3', 'Knock Rummy is for 2-6 players, not 7')
    >>> players_refusal(PRESETS["gin"], 2) is None
    True
    """
    low, high = rules.min_players, rules.max_players
    if low <= players <= high:
        return None
    if low == high:
        return ngettext("{game} is for {count} player, not {players}",
                        "{game} is for {count} players, not {players}", low).format(
            game=preset_name(rules), count=low, players=players)
    # Translators: {low}-{high} is a range of numbers of players ("2-6")
    return _("{game} is for {low}-{high} players, not {players}").format(
        game=preset_name(rules), low=low, high=high, players=players)


def list_saves() -> int:
    """``--list-saves``: every saved match, newest first; damaged files reported on stderr."""
    from knockrummy.storage import SaveStore, saves_dir
    store = SaveStore()
    infos = store.list()
    for message in store.messages:
        _say(f"knockrummy: {message}")
    for info in infos:
        _say(info.line(saved_preset_name(info.preset, info.preset_name)), error=False)
    if not infos:
        _say("knockrummy: " + _("no saved matches in {folder}").format(folder=saves_dir()))
    return 0


def _say(line: str, error: bool = True) -> None:
    """Print a line that holds text from files: every control, escape, bidi or lone
    surrogate character written as an escape (``engine.text.terminal_safe``), and what
    the terminal's encoding cannot show replaced, so a file can neither take over the
    terminal nor stop the listing."""
    from knockrummy.engine.text import terminal_safe
    stream = sys.stderr if error else sys.stdout
    text = terminal_safe(line)
    encoding = getattr(stream, "encoding", None) or "utf-8"
    print(text.encode(encoding, "replace").decode(encoding, "replace"), file=stream)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game; the process exit code."""
    speak()
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.list_saves:
        return list_saves()
    from knockrummy.app import saves
    imported = None
    if args.import_path is not None:
        from pathlib import Path

        from knockrummy.app.records import read_record
        path = Path(args.import_path)
        read = read_record(path)
        if isinstance(read, str):
            # Translators: {reason} is a whole sentence on what is wrong with the file
            _say("knockrummy: " + _("cannot import {file}: {reason}").format(
                file=repr(args.import_path), reason=read))
            return 2
        imported = (read, path.name)
    resumed = None
    if args.resume is not None:
        loaded = saves.load(args.resume)
        if isinstance(loaded, str):
            # Translators: {reason} is a whole sentence on why the match cannot go on
            _say("knockrummy: " + _("cannot resume {id}: {reason}").format(
                id=repr(args.resume), reason=loaded))
            return 2
        resumed = loaded
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # High-DPI Windows screens: draw at the real pixel size (the layout scales from the
    # window's pixel size) instead of letting Windows blur a small window up.
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    sys.setswitchinterval(0.002)  # keep frames coming while a computer thinks
    import pygame

    import knockrummy.ui.screens  # noqa: F401  every screen by name, for app.open
    from knockrummy.app import prefs as prefs_store
    from knockrummy.app.controller import COMPUTER, GameSetup, SeatSetup, random_seed
    from knockrummy.app.setups import COMPUTER_NAMES
    from knockrummy.ui import matches
    from knockrummy.ui.app import App
    from knockrummy.ui.autoplay import AutoplayDriver
    from knockrummy.ui.display import NoDisplay

    prefs, notes = prefs_store.load()
    autoplay = args.autoplay > 0
    for note in notes if autoplay else ():
        logging.warning("settings: %s", note)
    if autoplay and resumed is None:
        rules = PRESETS[args.preset]
        refused = players_refusal(rules, args.players or rules.min_players)
        if refused is not None:
            print(f"knockrummy: {refused}", file=sys.stderr)
            return 2
    if autoplay:
        pacing = 0.05 if args.fast else prefs.pacing_seconds
        prefs = replace(prefs, ai_pacing=pacing)
    size = args.size or prefs.window_size
    try:
        app = App(size, prefs, save_prefs=not autoplay,
                  fullscreen=args.fullscreen or prefs.fullscreen)
    except NoDisplay as err:  # one line, and out: never a window nobody can see
        print(f"knockrummy: {err}", file=sys.stderr)
        pygame.quit()
        return 3
    app.trace = args.trace
    app.record_stats = not autoplay  # computers playing every seat are not your results
    app.notes = [] if autoplay else list(notes)
    app.offer_lessons = not autoplay and not prefs.lessons_offered
    try:
        if autoplay and resumed is not None:
            # computers play the saved seats (humans too); the save keeps who sits where
            setup = resumed.setup
            seats = tuple(replace(s, kind=COMPUTER, level=s.level if s.kind == COMPUTER
                                  else args.level) for s in setup.seats)
            matches.start_game(app, replace(setup, seats=seats), resumed.match,
                               save_id=resumed.save_id, hand_orders=resumed.hand_orders,
                               saved_seats=saves.store_seats(setup), marks=resumed.marks)
        elif autoplay:
            rules = PRESETS[args.preset]
            players = args.players or rules.min_players
            seats = tuple(SeatSetup(COMPUTER_NAMES[i], COMPUTER, args.level)
                          for i in range(players))
            seed = args.seed if args.seed is not None else random_seed()
            matches.start_game(app, GameSetup(rules, seats, seed))
        elif resumed is not None:
            matches.start_game(app, resumed.setup, resumed.match, save_id=resumed.save_id,
                               hand_orders=resumed.hand_orders, marks=resumed.marks)
        else:
            app.open_fresh("title")
        if imported is not None and not autoplay:
            from knockrummy.app.history import History
            app.open("scores", None, history=History.of_record(*imported))
        if autoplay:
            driver = AutoplayDriver(app, args.autoplay)
            app.on_frame = driver
        if args.smoke:
            while app.frames == 0:
                app.step()
            print(f"first frame {process_age():.3f} s after process start")
            return 0
        code = app.run()
        if not autoplay and not app.fullscreen:
            prefs_store.save(replace(app.prefs, window_size=app.size))  # remember the size
        if autoplay and app.session is not None and app.session.controller.errors:
            print("\n".join(app.session.controller.errors), file=sys.stderr)
            code = 1
        if args.stats:
            stats = app.stats()
            stats["hands"] = driver.played if autoplay else 0
            print(json.dumps(stats))
        return code
    finally:
        matches.close_game(app)
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
