"""Whether today's review reminder is still to be decided: the standard library only, so that the
lean `kb show` and `kb list` (kb.cli.fast_read) can tell without the store, and leave the once-a-day
decision to the full store (kb.upkeep.review.review_reminder)."""

from __future__ import annotations

import os
from datetime import datetime

#: Set to anything to silence the reminder.
REMINDER_OFF_ENV = "KB_NO_REVIEW_REMINDER"


def reminder_pending(last_reminder: str | None, now: datetime) -> bool:
    """Whether a command today has yet to decide on the reminder: it is not silenced, and no command
    decided today (LAST_REMINDER is the day the last one did)."""
    return not os.environ.get(REMINDER_OFF_ENV) and last_reminder != now.date().isoformat()
