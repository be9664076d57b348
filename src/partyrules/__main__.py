"""``python -m partyrules``: the same as the ``partyrules`` command."""

from __future__ import annotations

from partyrules.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
