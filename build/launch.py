"""Entry script for the frozen game (PyInstaller runs this as ``__main__``)."""

from knockrummy.__main__ import main

raise SystemExit(main())
