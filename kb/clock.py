"""The time kb sees: aware UTC, from one function.

Everything that stamps a record (the store, a search's usage record, a validation run) asks
`utc_now()` through this module at the moment it needs the time, so a test that replaces
`kb.clock.utc_now` moves every part of kb forward together.
"""

from __future__ import annotations

from datetime import UTC, datetime


def utc_now() -> datetime:
    return datetime.now(UTC)
