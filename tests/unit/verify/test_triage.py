"""What the verdicts of a triage say: a cause confirmed, the one left, or when to roll back."""

from __future__ import annotations

from kb.verify.triage import Anchor, Cause, Proposal, TriageRecord, Verification


def record(*verdicts: tuple[str, str]) -> TriageRecord:
    proposals = [Proposal(key, f"symptom of {key}", f"check-{key}", True) for key in ("a", "b", "c")]
    proposals.append(Proposal("golden:data", "golden checks", "nvidia-smi", False))
    anchor = Anchor("RuntimeError: one message, three causes", "", "")
    triage = TriageRecord(anchor, proposals=proposals, one_of=["a", "b", "c"])
    triage.verifications = [
        Verification(key, f"check-{key}", verdict, "", 0, "") for key, verdict in verdicts
    ]
    return triage


def test_a_confirmed_cause_is_named() -> None:
    assert record(("a", "ruled out"), ("b", "confirmed")).cause() == Cause("b", "confirmed")


def test_the_cause_left_when_the_others_are_ruled_out() -> None:
    cause = record(("a", "ruled out"), ("c", "ruled out")).cause()
    assert (
        cause == Cause("b", "left")
        and "the one left is b; its check is the next to run (kb check b)" in cause.line()
        and "(kb --db team.db check b)" in cause.line("kb --db team.db ")  # the one the screen shows
    )


def test_two_confirmed_causes_are_both_named() -> None:
    """Each check found its own cause: naming the last one alone hid the other."""
    cause = record(("a", "confirmed"), ("c", "confirmed")).cause()
    assert cause == Cause("c", "confirmed", ("a",))
    assert cause.line().startswith("Confirmed: a and c: each check found its cause here.")


def test_closest_entries_ruled_out_leave_no_cause_named() -> None:
    """Entries that only scored well are not every cause there is: none is "left"."""
    triage = record(("a", "ruled out"), ("c", "ruled out"))
    triage.one_of = []
    assert triage.cause() is None


def test_checks_that_decide_nothing_leave_every_cause_open() -> None:
    assert record(("a", "could not run here"), ("b", "inconclusive"), ("c", "ruled out")).cause() is None
    assert record(("a", "the check broke"), ("b", "ruled out")).cause() is None


def test_two_causes_ruled_out_call_for_a_rollback_and_nothing_else_counts() -> None:
    assert not record(("a", "ruled out"), ("b", "could not run here")).needs_rollback()
    assert record(("a", "ruled out"), ("b", "inconclusive"), ("c", "ruled out")).needs_rollback()
    assert not record(("a", "ruled out"), ("b", "confirmed")).needs_rollback()


def test_the_one_left_whose_check_just_failed_to_run_is_not_offered_as_the_next_to_run() -> None:
    """Its check had just said "could not run here" when the triage called it "the next to run"."""
    cause = record(("a", "ruled out"), ("b", "could not run here"), ("c", "ruled out")).cause()
    assert cause == Cause("b", "left", ran="could not run here")
    assert "its own check did not decide it here (could not run here)" in cause.line()
    assert "is the next to run" not in cause.line()


def test_a_draft_keeps_only_a_check_that_confirmed_its_cause() -> None:
    """The draft took the last check run as its validation: one that could not run here, of another
    entry, without its rule."""
    from kb.verify.triage import draft_entry

    unproved = record(("a", "ruled out"), ("b", "could not run here"))
    assert draft_entry(unproved).validation == ""
    proved = record(("a", "ruled out"), ("b", "confirmed"), ("c", "could not run here"))
    assert draft_entry(proved).validation == "check-b"


def test_a_draft_takes_the_confirming_check_as_its_entry_holds_it_with_its_rule() -> None:
    """The draft kept the command filled with this paste's values and no rule: the entry made from
    it called "inconclusive" the output that had confirmed the cause."""
    from kb.verify.triage import draft_entry

    triage = record(("b", "confirmed"))
    rule = {"confirms": "output", "pattern": "^held: ", "inputs": {"port": "8000"}}
    triage.proposals[1] = Proposal("b", "symptom of b", "lsof -i :8080", True, "lsof -i :{port}", rule)
    draft = draft_entry(triage)
    assert draft.validation == "lsof -i :{port}"
    assert (draft.check_rule.confirms, draft.check_rule.pattern) == ("output", "^held: ")
    assert dict(draft.check_rule.inputs) == {"port": "8000"}
