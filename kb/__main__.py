"""The `kb` console script and `python -m kb`."""

from __future__ import annotations


def main() -> None:
    from kb.cli import app

    app()


if __name__ == "__main__":
    main()
