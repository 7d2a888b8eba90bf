"""`kb search` as people use it mid-incident: every input form, honest confidence, usage records."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.cli.fast_search import main
from kb.entry.content import key_from_symptom
from kb.store.entry_store import open_store
from tests.command_line import kb

TRACEBACK = """Traceback (most recent call last):
  File "/home/me/proj/train.py", line 211, in <module>
    loss = criterion(logits, target)
  File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/loss.py", line 1174, in forward
    return F.cross_entropy(input, target, weight=self.weight,
IndexError: Target 12 is out of bounds.
"""

JAVA = """Exception in thread "main" java.lang.NullPointerException: Cannot invoke "String.length()" \
because "s" is null
\tat com.example.App.run(App.java:27)
\tat com.example.App.main(App.java:12)
"""

NPM = """npm ERR! code ERESOLVE
npm ERR! ERESOLVE unable to resolve dependency tree
npm ERR! Found: react@18.2.0
npm ERR! Could not resolve dependency: peer react@"^17.0.0" from react-dom@17.0.2
"""


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *argv: str,
    stdin: bytes | None = None,
) -> tuple[int, str, str]:
    """Run the fast route exactly as the console script does."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def search_json(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *argv: str,
    stdin: bytes | None = None,
) -> tuple[int, dict[str, object]]:
    code, out, err = run(capsys, monkeypatch, "--json", *argv, stdin=stdin)
    assert "Traceback" not in err
    return code, json.loads(out)


def test_the_readme_search_finds_the_seeded_answer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, "IndexError: Target 5 is out of bounds.")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("1. cross-entropy-label-out-of-range") and "confident" in first
    assert "$ python -c" in out and "from train import loader, num_classes" in out  # the check, filled


def test_json_has_the_documented_shape(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, data = search_json(capsys, monkeypatch, "-", stdin=TRACEBACK.encode())
    assert code == 0
    assert set(data) == {"query", "decisive", "signature", "domain_guess", "results", "settle_with", "one_of"}
    assert data["settle_with"] is None  # a confident answer needs no settling
    assert data["decisive"] == "IndexError: Target 12 is out of bounds."
    results = data["results"]
    assert isinstance(results, list)
    assert set(results[0]) == {
        "key",
        "symptom",
        "validation",
        "check",
        "check_values",
        "fix",
        "root_cause",
        "domain",
        "cause_path",
        "score",
        "confident",
        "doubt",
    }
    assert results[0]["key"] == "cross-entropy-label-out-of-range" and results[0]["confident"]
    assert results[0]["doubt"] is None  # sure: nothing to say why not


def test_a_log_file_with_the_error_buried_in_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    noise = "".join(
        f"2026-11-29 10:{i // 60 % 60:02d}:{i % 60:02d} INFO step {i} loss 0.{i % 89}\n"
        for i in range(30_000)
    )
    log = tmp_path / "train.log"
    log.write_text(noise + "OSError: [Errno 24] Too many open files\n" + noise[:5000])
    code, data = search_json(capsys, monkeypatch, "--file", str(log))
    results = data["results"]
    assert isinstance(results, list)
    assert code == 0 and results[0]["key"] == "dataloader-too-many-open-files"


def test_a_log_longer_than_kb_reads_is_said_to_be_cut_in_the_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 100 MB log whose traceback sat 45 MB from its end was searched on its last 20 MB alone,
    and the answer did not say so. (Here kb reads 1 KB of a log, not 20 MB.)"""
    from kb.cli import fast_search
    from kb.paths import read_log_end, read_stream_end

    monkeypatch.setattr(fast_search, "read_log_end", lambda path: read_log_end(path, 1_000))
    monkeypatch.setattr(fast_search, "read_stream_end", lambda stream: read_stream_end(stream, 1_000))
    log = tmp_path / "train.log"
    log.write_text("OSError: [Errno 24] Too many open files\n" + "INFO step 1 loss 0.3\n" * 200)
    answer = kb("search", "--file", str(log)).stdout
    assert answer.startswith("Only the last 1 KB of this 4 KB log were read: an error before them is not in")
    data = json.loads(kb("search", "--json", "-", input=log.read_text()).stdout)
    assert data["log_cut"] == {"read_bytes": 1_000, "log_bytes": 4_240}
    log.write_text("OSError: [Errno 24] Too many open files\n")
    assert "log_cut" not in json.loads(kb("search", "--json", "--file", str(log)).stdout)


@pytest.mark.parametrize("paste", [JAVA, NPM], ids=["java", "npm"])
def test_errors_from_other_fields_find_nothing_confident(
    paste: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, data = search_json(capsys, monkeypatch, "-", stdin=paste.encode())
    results = data["results"]
    assert isinstance(results, list)
    assert code == 1
    assert not any(r["confident"] for r in results)


@pytest.mark.parametrize(
    "line, closest",
    [
        # shares `KeyError` and `not found` with a seed's transformers message (`… which is not found
        # in the evaluation metrics`)
        ("KeyError: \"['c', 'i', 't', 'y'] not found in axis\"", "lr-scheduler-not-stepped"),
        # a message with no gap, sharing `upsampling` with the seed about nn.Upsample
        (
            "ValueError: Replace has to be set to `True` when upsampling the population `frac` > 1.",
            "interpolate-align-corners",
        ),
        # torch's C++ check glues the value to `… Got: `, sharing label smoothing and `between 0
        # and 1` with the seed about BCE labels outside [0, 1]
        ("RuntimeError: label_smoothing must be between 0.0 and 1.0. Got: 10", "bce-labels-out-of-range"),
    ],
)
def test_another_librarys_message_is_not_a_seeds_known_fault(
    line: str, closest: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """pandas' messages share words with seeds' messages and are pandas' all the same: shown, not sure."""
    code, data = search_json(capsys, monkeypatch, line)
    results = data["results"]
    assert isinstance(results, list) and results
    assert code == 1 and not any(r["confident"] for r in results)
    assert results[0]["key"] == closest and results[0]["doubt"] == "unlike"


@pytest.mark.parametrize(
    ("recorded", "other", "doubt", "said", "again"),
    [
        # all `DatasetBuildError: bucket quota exceeded` shares with the entry is its class
        (
            "DatasetBuildError: duplicate ids found in train split",
            "DatasetBuildError: bucket quota exceeded",
            "type",
            "It shares only its exception type with the first entry",
            "DatasetBuildError: duplicate ids found in val split",
        ),
        # a team names its faults by their classes: another of its own is another fault
        (
            "AlphaSyncError: first entry for sync",
            "BetaSyncError: second entry for sync",
            "class",
            "Its exception class, one of your own, is not the first entry's",
            "AlphaSyncError: third entry for sync",
        ),
        # a class raised without a message names no cause, however rare its name
        (
            "ShardChecksumError: shard 17 checksum mismatch after resume",
            'Traceback (most recent call last):\n  File "/home/me/train.py", line 12, in load\n'
            "    raise ShardChecksumError\nShardChecksumError",
            "type",
            "It shares only its exception type with the first entry",
            "ShardChecksumError: shard 3 checksum mismatch after resume",
        ),
        # the class and `train split` in common: another message of the team's class, another fault
        (
            "DatasetBuildError: duplicate ids found in train split",
            "DatasetBuildError: train split is empty",
            "message",
            "It raises the first entry's exception class, one of your own, with another message",
            "DatasetBuildError: duplicate ids found in val split",
        ),
    ],
    ids=["the-type-alone", "another-own-class", "a-class-without-a-message", "another-message"],
)
def test_a_teams_exception_raised_for_another_reason_is_not_its_known_fault(
    runner: CliRunner,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    recorded: str,
    other: str,
    doubt: str,
    said: str,
    again: str,
) -> None:
    """kb called OTHER the known fault RECORDED, `kb add` refused it as one, and `kb run` said so too."""
    code, _, err = kb(
        "add", "-s", recorded, "-d", "data", "-v", "python3 scripts/check.py", "-f", "the team's fix",
        "--confirms", "exit 0",
    )  # fmt: skip
    assert code == 0, err
    code, data = search_json(capsys, monkeypatch, other)
    first = data["results"][0]  # type: ignore[index]
    assert code == 1 and first["key"] == key_from_symptom(recorded)
    assert not first["confident"] and first["doubt"] == doubt
    assert said in run(capsys, monkeypatch, other)[1]
    code, data = search_json(capsys, monkeypatch, again)  # the fault itself, raised again
    assert code == 0 and data["results"][0]["confident"]  # type: ignore[index]


def test_nothing_confident_says_so_and_offers_the_golden_checks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, "my", "num_workers", "setup", "feels", "odd")
    assert code == 1
    assert "No confident match" in out
    assert "Likely domain: data" in out and "Golden checks for data" in out


@pytest.mark.parametrize(
    "argv, stdin",
    [
        (["-"], b"\x00\x01\x02\xff\xfe binary \x89PNG\r\n"),
        (["-"], "caf\u00e9 \ud800".encode("utf-8", "surrogatepass")),
        (["?!.,;:--**"], None),
        (['"device-side" AND cuda:0 NEAR(*) -foo (bar'], None),
        (["'; DROP TABLE entry; -- SELECT * FROM search_term WHERE 1=1"], None),
        (["x" * 100_000], None),
    ],
    ids=["binary", "invalid-utf8", "punctuation", "fts-syntax", "sql", "100k-line"],
)
def test_hostile_input_gets_a_normal_answer(
    argv: list[str], stdin: bytes | None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, monkeypatch, *argv, stdin=stdin)
    assert code in (0, 1), err
    assert "Traceback" not in out + err
    code, out, _ = run(capsys, monkeypatch, "IndexError: Target 5 is out of bounds.")
    assert code == 0  # and the database is intact


@pytest.mark.parametrize(
    "argv, message",
    [
        (["   "], "query is empty"),
        ([], "nothing to search"),
        (["--limit", "0", "x"], "at least 1"),
        (["--domain", "gpus", "x"], "unknown domain"),
        (["--domain", "", "x"], "unknown domain ''"),  # `-d "$DOMAIN"` unset: not every domain
        (["--regex", "(unclosed"], "--regex"),
        (["--file", "/nonexistent/train.log"], "cannot read"),
        (["--bogus", "x"], "no such option: --bogus"),
    ],
)
def test_usage_errors_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, monkeypatch, *argv)
    assert code in (1, 2)
    assert err.count("\n") == 1 and message in err and err.startswith("kb: ")


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert run(capsys, monkeypatch, "")[0] == 2
    assert run(capsys, monkeypatch, "--limit", "x", "y")[0] == 2


def test_a_confident_search_records_a_hit_and_a_miss_is_remembered(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run(capsys, monkeypatch, "IndexError: Target 5 is out of bounds.")
    run(capsys, monkeypatch, "the printer on floor 3 is jammed again")
    with open_store() as store:
        entry = store.get("cross-entropy-label-out-of-range")
        miss = store.last_miss()
    assert entry.hits == 1 and entry.last_hit is not None
    assert miss is not None and miss.query == "the printer on floor 3 is jammed again"


def test_a_message_several_known_faults_raise_is_not_remembered_as_a_miss(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run(capsys, monkeypatch, "the printer on floor 3 is jammed again")
    code, _, _ = run(capsys, monkeypatch, "RuntimeError: CUDA error: device-side assert triggered")
    assert code == 1  # one of several faults: not one kb is sure of, and not one it does not know
    run(capsys, monkeypatch, "-n", "1", "RuntimeError: CUDA error: device-side assert triggered")
    with open_store() as store:
        miss = store.last_miss()
    assert miss is not None and miss.query == "the printer on floor 3 is jammed again"


def test_archived_entries_only_with_all(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    kb("rm", "cuda-device-side-assert")
    _, data = search_json(capsys, monkeypatch, "RuntimeError: CUDA error: device-side assert triggered")
    keys = [r["key"] for r in data["results"]]  # type: ignore[attr-defined]
    assert "cuda-device-side-assert" not in keys
    _, data = search_json(
        capsys, monkeypatch, "--all", "RuntimeError: CUDA error: device-side assert triggered"
    )
    assert data["results"][0]["key"] == "cuda-device-side-assert"  # type: ignore[index]
    assert data["results"][0]["status"] == "archived"  # type: ignore[index]
    assert all("status" not in r for r in data["results"][1:])  # type: ignore[index]
    shown = kb("search", "--all", "RuntimeError: CUDA error: device-side assert triggered")[1]
    assert (
        "cuda-device-side-assert  [data]" in shown
        and "archived (kb restore cuda-device-side-assert)" in shown
    )


def test_domain_exact_and_regex_filters(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, data = search_json(capsys, monkeypatch, "--domain", "hardware", "out of memory")
    assert {r["domain"] for r in data["results"]} == {"hardware"}  # type: ignore[attr-defined]
    _, data = search_json(capsys, monkeypatch, "--exact", "Too many open files")
    with open_store() as store:
        for result in data["results"]:  # type: ignore[attr-defined]
            content = store.get(result["key"]).content()
            assert any(
                "too many open files" in form.lower() for form in (content.symptom, *content.symptom_variants)
            )
    assert data["results"][0]["key"] == "dataloader-too-many-open-files"  # type: ignore[index]
    _, data = search_json(capsys, monkeypatch, "--regex", r"Errno\s+24")
    assert data["results"] and data["results"][0]["key"] == "dataloader-too-many-open-files"  # type: ignore[index]


def test_explain_shows_decisive_line_signature_and_reasons(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = run(capsys, monkeypatch, "--explain", "-", stdin=TRACEBACK.encode())
    assert "decisive:  IndexError: Target 12 is out of bounds." in out
    assert "signature: indexerror: target <num> is out of bounds." in out
    assert "why: lexical" in out


def test_the_fast_route_loads_neither_typer_nor_the_orm(tmp_path: Path) -> None:
    db = tmp_path / "fast.db"
    subprocess.run([sys.executable, "-m", "kb", "--db", str(db), "where"], check=True, capture_output=True)
    code = (
        "import sys, json\n"
        "from kb.__main__ import main\n"
        f"sys.argv = ['kb', 'search', '--db', {str(db)!r}, 'device-side assert']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = ('typer', 'sqlmodel', 'sqlalchemy', 'textual', 'pydantic')\n"
        "print(json.dumps([m for m in heavy if m in sys.modules]))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


@pytest.mark.new_database
def test_a_search_opens_the_database_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import kb.store.index_reader

    run(capsys, monkeypatch, "warm up")  # creates and seeds the database
    opened: list[int] = []
    real = kb.store.index_reader.IndexReader._connect

    def counting(self: kb.store.index_reader.IndexReader) -> object:
        opened.append(1)
        return real(self)

    monkeypatch.setattr(kb.store.index_reader.IndexReader, "_connect", counting)
    run(capsys, monkeypatch, "CUDA error: device-side assert triggered")
    assert opened == [1]


def test_on_a_terminal_kb_search_dash_says_what_it_waits_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Keyboard(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(
        sys, "stdin", Keyboard(io.BytesIO(b"IndexError: Target 5 is out of bounds.\n"), encoding="utf-8")
    )
    assert main(["-"]) == 0
    assert "paste the error, then press Ctrl-D" in capsys.readouterr().err


def test_a_fault_searched_again_in_one_sitting_is_one_hit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import UTC, datetime, timedelta

    now = [datetime(2026, 12, 1, 9, 0, tzinfo=UTC)]
    monkeypatch.setattr("kb.clock.utc_now", lambda: now[0])
    paste = "IndexError: Target 5 is out of bounds."
    for minutes in (0, 5, 12):  # the same fault, pasted three times while debugging it
        now[0] = datetime(2026, 12, 1, 9, minutes, tzinfo=UTC)
        run(capsys, monkeypatch, paste)
    run(capsys, monkeypatch, "--explain", paste)  # asking why is not a use
    with open_store() as store:
        assert store.get("cross-entropy-label-out-of-range").hits == 1
    now[0] += timedelta(hours=2)
    run(capsys, monkeypatch, paste)
    with open_store() as store:
        assert store.get("cross-entropy-label-out-of-range").hits == 2


def test_an_index_an_older_kb_made_is_rebuilt_once_and_said_so(kb_db: str) -> None:
    """After an upgrade that empties the search index (a migration, a new paste reader), the first
    command rebuilds it, and says so on stderr: at 100,000 entries that takes minutes."""
    with open_store(kb_db) as store:
        store.set_meta("normalizer_version", "0")
        count = len(store.keys())
    first = kb("search", "RuntimeError: CUDA error: device-side assert triggered")
    said = f"kb: rebuilding the search index of {count:,} entries for this version of kb (once)"
    assert said in first.stderr
    assert "cuda-device-side-assert" in first.stdout
    again = kb("search", "RuntimeError: CUDA error: device-side assert triggered")
    assert "rebuilding" not in again.stderr and "cuda-device-side-assert" in again.stdout
    with open_store(kb_db) as store:
        store.set_meta("normalizer_version", "0")
    listed = kb("list")
    assert "kb: rebuilding the search index" in listed.stderr and "cuda-device-side-assert" in listed.stdout


def test_a_check_says_which_values_are_the_entrys_guess(runner: CliRunner) -> None:
    """Python's `Address already in use` names no port: the check tried 8000 and ruled the fault out
    while the program held another port, and nothing said 8000 was a guess."""
    bare = kb("search", "OSError: [Errno 98] Address already in use")[1]
    assert "$ python -c" in bare and "(port 8000 is the entry's default, not from the error;" in bare
    named = kb(
        "search",
        "[Errno 98] error while attempting to bind on address ('0.0.0.0', 7860): address already in use",
    )[1]
    assert "port 7860" in named and "not from the error" not in named.split("fix:")[0]
    default = kb(
        "search",
        "[Errno 98] error while attempting to bind on address ('0.0.0.0', 8000): address already in use",
    )[1]  # the error's port is the entry's default too: it came from the error all the same
    assert "--with port=8000" in default and "not from the error" not in default.split("fix:")[0]


def test_a_pasted_notebook_traceback_is_a_query_though_it_starts_with_dashes() -> None:
    """IPython's traceback opens with a rule of dashes: `kb search "$(cat error.txt)"` was refused as
    `no such option: -----…`."""
    paste = (
        "-" * 75 + "\n"
        "IndexError                                Traceback (most recent call last)\n"
        "Cell In[2], line 4\n"
        "----> 4 loss = criterion(logits, labels)\n\n"
        "IndexError: Target 7 is out of bounds.\n"
    )
    for argv in (("search", paste), ("search", "-n", "2", paste)):
        ran = kb(*argv)
        assert ran.code == 0 and ran.stdout.startswith("1. cross-entropy-label-out-of-range"), ran.stderr
    ran = kb("search", "--json", paste, "-n", "2")
    assert json.loads(ran.stdout)["results"][0]["key"] == "cross-entropy-label-out-of-range"
    assert kb("search", "--no-such-flag").code == 2  # an option still reads as one
