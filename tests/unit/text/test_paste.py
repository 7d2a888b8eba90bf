"""Finding the decisive error in a paste, and masking what varies: pure functions, tested directly."""

from __future__ import annotations

import argparse
import contextlib
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.text.paste import (
    class_and_message,
    find_decisive,
    framed_call,
    is_wrapper_line,
    mask,
    new_symptom_form,
    signature,
)

CHAINED = """Traceback (most recent call last):
  File "train.py", line 40, in <module>
    batch = next(it)
  File "/opt/conda/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 633, in __next__
    data = self._next_data()
OSError: [Errno 24] Too many open files

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "train.py", line 42, in <module>
    raise RuntimeError("loader died") from err
RuntimeError: DataLoader worker (pid 4242) exited unexpectedly
"""

TORCHRUN = """[rank0]: Traceback (most recent call last):
[rank0]:   File "/work/train.py", line 88, in <module>
[rank0]:     out = model(x)
[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity \
of 79.15 GiB of which 3.06 MiB is free.
E1218 20:27:21.426000 140 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) \
local_rank: 0
Traceback (most recent call last):
  File "/usr/bin/torchrun", line 8, in <module>
    sys.exit(main())
torch.distributed.elastic.multiprocessing.errors.ChildFailedError:
============================================================
train.py FAILED
"""

CUDA_ASSERT = """\x1b[31mRuntimeError\x1b[0m: CUDA error: device-side assert triggered
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be \
incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.
"""

STATE_DICT = """Traceback (most recent call last):
  File "load.py", line 3, in <module>
    model.load_state_dict(sd)
RuntimeError: Error(s) in loading state_dict for ResNet:
\tMissing key(s) in state_dict: "fc.weight", "fc.bias".
\tUnexpected key(s) in state_dict: "head.weight".
"""


def test_the_last_exception_of_a_chain_is_decisive() -> None:
    decisive = find_decisive(CHAINED)
    assert decisive.line == "RuntimeError: DataLoader worker (pid 4242) exited unexpectedly"
    assert decisive.exception_type == "RuntimeError"
    assert "OSError: [Errno 24] Too many open files" in decisive.other_errors


def test_a_torchrun_wrapper_gives_way_to_the_real_error() -> None:
    decisive = find_decisive(TORCHRUN)
    assert decisive.line.startswith("torch.OutOfMemoryError: CUDA out of memory.")
    assert decisive.short_type == "OutOfMemoryError"
    assert "failed (exitcode" not in decisive.line


#: torch 2.13's report of an error raised in a DataLoader worker, the worker's traceback under it.
IN_A_WORKER = """\
Traceback (most recent call last):
  File "/home/user/train.py", line 60, in <module>
    for batch in loader:
  File "/opt/venv/lib/python3.11/site-packages/torch/_utils.py", line 794, in reraise
    raise exception
KeyError: Caught KeyError in DataLoader worker process 0.
Original Traceback (most recent call last):
  File "/opt/venv/lib/python3.11/site-packages/torch/utils/data/_utils/worker.py", line 374, in _worker_loop
    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]
  File "/home/user/train.py", line 48, in __getitem__
    return ids[:8], self.label2id[row["intent"]]
KeyError: 'invoice_copy'
"""


def test_a_dataloader_workers_report_gives_way_to_the_workers_error() -> None:
    """`Caught KeyError in DataLoader worker process 0.` says where the error was raised: its words
    (`DataLoader`, `worker`, `process`) are no reading of which fault it is."""
    decisive = find_decisive(IN_A_WORKER)
    assert decisive.line == "KeyError: 'invoice_copy'"
    assert not any("Caught KeyError" in line for line, _ in decisive.candidates)
    assert is_wrapper_line("RuntimeError: Caught RuntimeError in DataLoader worker process 3.")


@pytest.mark.parametrize(
    ("line", "parts"),
    [
        ("KeyError: 'lr'", ("KeyError", "'lr'")),
        ("csv.Error: line contains NUL: row 3", ("csv.Error", "line contains NUL: row 3")),
        ("RuntimeError:", ("RuntimeError", "")),
        ("training loss stuck at 1.518 after 30 epochs", None),
        ("the loader died: see above", None),
        (": nothing named", None),
    ],
)  # fmt: skip
def test_a_line_is_read_as_class_and_message_only_when_one_word_comes_before_its_colon(
    line: str, parts: tuple[str, str] | None
) -> None:
    assert class_and_message(line) == parts


@given(
    st.from_regex(r"[A-Za-z_][\w.]{0,30}", fullmatch=True),
    st.text(max_size=60),
)
def test_class_and_message_gives_back_what_was_joined(name: str, message: str) -> None:
    assert class_and_message(f"{name}: {message}") == (name, message.strip())


def argparse_refusal(*argv: str) -> str:
    """What argparse prints on stderr when a training script's parser refuses ARGV."""
    parser = argparse.ArgumentParser(prog="train.py")
    parser.add_argument("--lr", type=float, required=True)
    parser.add_argument("--run-name", default="dev")
    printed = io.StringIO()
    with contextlib.redirect_stderr(printed), pytest.raises(SystemExit):
        parser.parse_args(list(argv))
    return printed.getvalue()


@pytest.mark.parametrize(
    ("argv", "refusal"),
    [
        (["--lr", "3e-4,"], "train.py: error: argument --lr: invalid float value: '3e-4,'"),
        (["--run-name", "a"], "train.py: error: the following arguments are required: --lr"),
        (["--lr", "1", "--dropout", "0.1"], "train.py: error: unrecognized arguments: --dropout 0.1"),
    ],
)
def test_an_argparse_refusal_is_the_error_not_its_usage_lines(argv: list[str], refusal: str) -> None:
    """argparse prints its usage, then `PROG: error: MESSAGE`: that line is the error, so that a
    search reads it alone and `kb add --from-log` can record it."""
    decisive = find_decisive(argparse_refusal(*argv))
    assert decisive.line == refusal
    assert not decisive.described


#: What Python 3.11 printed for a script whose import failed while an object's __del__ raised as the
#: process went down.
FINALISER_AFTER_THE_ERROR = """\
Traceback (most recent call last):
  File "/home/user/train.py", line 8, in <module>
    main()
  File "/home/user/train.py", line 7, in main
    import apex
ModuleNotFoundError: No module named 'apex'
Exception ignored in: <function Loader.__del__ at 0x7fca04b65bc0>
Traceback (most recent call last):
  File "/home/user/train.py", line 3, in __del__
    raise RuntimeError("cannot close handle: loader already shut down")
RuntimeError: cannot close handle: loader already shut down
"""


def test_an_error_python_reports_as_ignored_is_not_what_ended_the_run() -> None:
    """A finaliser that fails as the process goes down is printed after the real error, and was
    read as the error (its cleanup message, not the missing module)."""
    decisive = find_decisive(FINALISER_AFTER_THE_ERROR)
    assert decisive.line == "ModuleNotFoundError: No module named 'apex'"
    assert all("cannot close handle" not in line for line, _ in decisive.candidates)


@pytest.mark.parametrize(
    "header",
    [
        "Exception ignored in: <function Pool.__del__ at 0x7f2e>",
        "Exception ignored in atexit callback: <function _flush at 0x7f2e>",
    ],
)
def test_an_ignored_error_is_read_when_it_is_all_the_paste_holds(header: str) -> None:
    paste = (
        f"{header}\nTraceback (most recent call last):\n"
        '  File "x.py", line 3, in f\nOSError: [Errno 9] Bad file descriptor\n'
    )
    assert find_decisive(paste).line == "OSError: [Errno 9] Bad file descriptor"


def test_cuda_errors_lose_colour_and_boilerplate() -> None:
    assert find_decisive(CUDA_ASSERT).line == "RuntimeError: CUDA error: device-side assert triggered"


def test_multi_line_messages_keep_their_continuation() -> None:
    line = find_decisive(STATE_DICT).line
    assert "Missing key(s)" in line and "Unexpected key(s)" in line


@pytest.mark.parametrize(
    "after",
    [
        "INFO end of run",
        "WARNING:root:checkpoint not saved",
        "INFO:     Shutting down",
        "ERROR exiting",
        "/home/me/train.py:3: UserWarning: checkpoint directory ./ckpt is not empty",
        " 75%|███████▌  | 6/8 [00:00<00:00, 28.14it/s]",
        "wandb: Waiting for W&B process to finish... (failed 1).",
        "$ nvidia-smi",
        "In [4]: exit",
    ],
)
def test_a_log_record_after_the_error_is_not_part_of_its_message(after: str) -> None:
    """A line after the traceback that is other output (a log record, a warning an exit handler
    printed, a redrawn progress bar, a tool's own line, a prompt) was joined onto the exception's
    message, and its words were matched as the error's (a confident right answer lost its
    confidence)."""
    paste = (
        'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n'
        "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn\n"
        f"{after}\n"
    )
    assert find_decisive(paste).line.endswith("does not have a grad_fn")


PYTEST_REPORT = """\
    def test_labels():
>       loss = criterion(logits, labels)
E       IndexError: Target 5 is out of bounds.

tests/test_training.py:12: IndexError
=========================== short test summary info ============================
FAILED tests/test_training.py::test_labels - IndexError: Target 5 is out of bounds.
"""


def test_a_pytest_report_ends_the_message_where_the_report_goes_on() -> None:
    assert find_decisive(PYTEST_REPORT).line == "IndexError: Target 5 is out of bounds."


def test_a_rule_inside_a_message_is_still_the_message() -> None:
    paste = "ValueError: Shapes do not match:\n" + "-" * 40 + "\nexpected (3, 4) got (4, 3)"
    assert find_decisive(paste).line == "ValueError: Shapes do not match: expected (3, 4) got (4, 3)"


def test_an_error_buried_in_a_long_log_is_found() -> None:
    noise = "\n".join(
        f"2026-01-01 10:00:{i % 60:02d} INFO step {i} loss 0.{i % 97:02d}" for i in range(20_000)
    )
    log = noise + "\nOSError: [Errno 28] No space left on device\n" + noise
    assert find_decisive(log).line == "OSError: [Errno 28] No space left on device"


@pytest.mark.parametrize(
    "line",
    [
        "re.error: invalid group reference 2 at position 12",
        "struct.error: unpack requires a buffer of 8 bytes",
        "zlib.error: Error -3 while decompressing data: incorrect header check",
    ],
)
def test_a_standard_library_error_named_in_lower_case_is_an_exception_line(line: str) -> None:
    """`re`, `struct`, `zlib` and a few more name their exception class `error`: such a line is an
    error, to be told from everyday errors, not a person's description of one."""
    decisive = find_decisive(
        f'Traceback (most recent call last):\n  File "prep.py", line 3, in <module>\n{line}'
    )
    assert decisive.line == line and decisive.exception_type == line.partition(":")[0]


def test_a_description_is_its_own_decisive_text() -> None:
    text = "loss becomes nan after a few hundred steps with fp16"
    decisive = find_decisive(text)
    assert decisive.line == text and decisive.exception_type == ""


def test_masks_cover_the_variable_parts() -> None:
    masked = mask(
        'File "/home/u/train.py", line 12 at 0x7f3a2b pid 4242 cuda:1 torch.Size([32, 3, 224, 224]) '
        "(64x2048 and 512x10) 20.00 MiB 2024-05-01T12:00:03.123Z torch 2.13.0+cu121 "
        "123e4567-e89b-12d3-a456-426614174000 rank 3"
    )
    for placeholder in (
        "<path>",
        "<hex>",
        "<pid>",
        "<dev>",
        "<shape>",
        "<mem>",
        "<ts>",
        "<ver>",
        "<uuid>",
        "<rank>",
    ):
        assert placeholder in masked, placeholder
    assert "4242" not in masked and "224" not in masked


def test_two_occurrences_of_one_fault_share_a_signature() -> None:
    first = (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has 3.06 MiB free."
    )
    second = (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.74 GiB. GPU 3 has 1.50 GiB free."
    )
    assert signature(first) == signature(second)


@given(st.text(max_size=400))
def test_masking_is_idempotent_on_any_text(text: str) -> None:
    once = signature(find_decisive(text).line)
    assert signature(once) == once


#: Pieces the masks are made of, so that random text often comes close to matching them.
MASK_PIECES = [
    *'0123456789abcdefxABCDEF:./\\~-+()[],<> "_=٣',
    'File "',
    "torch.Size([",
    "https://",
    "cuda:",
    "npu:",
    "pid ",
    "rank=",
    " object at 0x",
    "C:",
    ".py",
    "GiB",
    " and ",
    "2024-03-14 09:08:43",
]


@given(st.lists(st.sampled_from(MASK_PIECES), max_size=40).map("".join) | st.text(max_size=200))
def test_looking_where_a_mask_can_start_changes_no_match(text: str) -> None:
    """The quick check in front of the masks only skips positions where none of them could match."""
    import re

    from kb.text.paste import _MASK, _MASKS

    every_mask = re.compile("|".join(f"(?P<{name}{n}>{pattern})" for n, (name, pattern) in enumerate(_MASKS)))
    assert [(m.span(), m.lastgroup) for m in _MASK.finditer(text)] == [
        (m.span(), m.lastgroup) for m in every_mask.finditer(text)
    ]


RICH_TRACEBACK = """\
╭──────────────── Traceback (most recent call last) ────────────────╮
│ /home/me/train.py:5 in train_step                                  │
│                                                                    │
│ ❱ 5 │   return model(x)                                            │
│                                                                    │
│ /venv/lib/python3.11/site-packages/torch/nn/modules/module.py:1778 │
│                                                                    │
│   1780 │   # torchrec tests the code consistency with the following │
╰────────────────────────────────────────────────────────────────────╯
RuntimeError: mat1 and mat2 shapes cannot be multiplied (4x11 and 10x3)
"""


def test_a_rich_tracebacks_source_lines_are_frames_not_prose() -> None:
    """Rich prints three lines of source around each frame, an installed library's comments among
    them; read as what the person wrote, `following` from a torch comment made a shared message sure
    of an audio entry."""
    decisive = find_decisive(RICH_TRACEBACK)
    assert decisive.line.startswith("RuntimeError: mat1 and mat2")
    assert not any("torchrec" in line or "return model" in line for line in decisive.prose)


WORKER_TRACEBACK = """\
Traceback (most recent call last):
  File "train.py", line 60, in main
    for step, (ids, labels) in enumerate(loader):
  File "/venv/lib/python3.11/site-packages/torch/_utils.py", line 794, in reraise
    raise exception
KeyError: Caught KeyError in DataLoader worker process 0.
Original Traceback (most recent call last):
  File "/venv/lib/python3.11/site-packages/torch/utils/data/_utils/fetch.py", line 54, in fetch
    data = [self.dataset[idx] for idx in possibly_batched_index]
  File "train.py", line 48, in __getitem__
    return ids[:8], self.label2id[row["intent"]]
KeyError: 'invoice_copy'
"""


def test_the_header_torch_prints_over_a_workers_traceback_is_no_ones_words() -> None:
    """`Original Traceback (most recent call last):` was read as a line a person wrote, and its
    `most recent` words ranked a seed about DataLoader workers' memory over the team's label map."""
    decisive = find_decisive(WORKER_TRACEBACK)
    assert decisive.line == "KeyError: 'invoice_copy'"
    assert not any("Traceback" in line for line in decisive.prose)


@pytest.mark.parametrize(
    "record",
    [
        "2026-12-04 20:06:01,119 - finetune - {level} - {message}",
        "2026-12-04 20:06:01,119 | {level:<8} | finetune:10 - {message}",
        "2026-12-04 20:06:01.119 {level} {message}",
        "2026-12-04 20:06:01,119 [13129] {level} {message}",
    ],
)
def test_a_log_without_a_traceback_is_about_its_error_record(record: str) -> None:
    """An error logged without a traceback, among other records, in logging's and loguru's formats:
    every record was glued into one line and read whole."""
    message = "Failed to run step 0: shape '[-1, 4]' is invalid for input of size 6"
    log = "\n".join(
        record.format(level=level, message=text)
        for level, text in (
            ("INFO", "Loaded 12000 training examples"),
            ("ERROR", message),
            ("INFO", "Retrying with smaller batch"),
        )
    )
    assert find_decisive(log).line == message


#: logging's own output, from a run whose upload failed once, was retried, and went on until its loss
#: went NaN: the retried failure was read as what stopped it.
RETRIED_THEN_STOPPED = """\
2026-12-07 12:51:55,675 INFO trainer: step 200 loss 0.500
2026-12-07 12:51:55,675 ERROR trainer: checkpoint upload failed: ConnectionResetError(104, 'Connection \
reset by peer'); retrying in 1 s (attempt 1/3)
2026-12-07 12:51:55,675 INFO trainer: checkpoint uploaded on attempt 2
2026-12-07 12:51:55,675 INFO trainer: step 300 loss 0.333
2026-12-07 12:51:55,675 CRITICAL trainer: loss is nan at step 300; stopping
"""


def test_an_error_record_that_says_it_will_retry_is_not_why_the_run_stopped() -> None:
    assert find_decisive(RETRIED_THEN_STOPPED).line == "trainer: loss is nan at step 300; stopping"
    retried_only = RETRIED_THEN_STOPPED.rsplit("\n", 2)[0]  # nothing failed after it: it is all there is
    assert "retrying in 1 s" in find_decisive(retried_only).line


#: unittest's report of a failed assertion, made by running one (Python 3.11).
UNITTEST_FAILURE = """\
F
======================================================================
FAIL: test_x (__main__.T.test_x)
----------------------------------------------------------------------
Traceback (most recent call last):
  File "/home/me/tests/test_logging.py", line 4, in test_x
    self.assertTrue(False, "no logs of level WARNING or higher triggered on trainer")
AssertionError: False is not true : no logs of level WARNING or higher triggered on trainer

----------------------------------------------------------------------
Ran 1 test in 0.000s

FAILED (failures=1)
"""


def test_a_rule_under_the_message_ends_it() -> None:
    """unittest's `Ran 1 test in 0.000s` and `FAILED (failures=1)`, after its rule, were read as the
    assertion message's next lines."""
    assert find_decisive(UNITTEST_FAILURE).line == (
        "AssertionError: False is not true : no logs of level WARNING or higher triggered on trainer"
    )


#: Made by running a ProcessPoolExecutor over a lambda (Python 3.11): the worker's traceback comes
#: first, under the header the pool prints for it.
POOL_WORKER = '''\
concurrent.futures.process._RemoteTraceback:
"""
Traceback (most recent call last):
  File "/usr/lib/python3.11/multiprocessing/queues.py", line 244, in _feed
    obj = _ForkingPickler.dumps(obj)
          ^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.11/multiprocessing/reduction.py", line 51, in dumps
    cls(buf, protocol).dump(obj)
AttributeError: Can't pickle local object 'tokenizers.<locals>.<lambda>'
"""

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/home/me/prep/tokenize_all.py", line 6, in <module>
    print(list(pool.map(tokenizers()[0], ["a b", "c d"])))
          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.11/concurrent/futures/process.py", line 620, in _chain_from_iterable_of_lists
    for element in iterable:
  File "/usr/lib/python3.11/concurrent/futures/_base.py", line 619, in result_iterator
    yield _result_or_cancel(fs.pop())
          ^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.11/concurrent/futures/_base.py", line 317, in _result_or_cancel
    return fut.result(timeout)
           ^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.11/concurrent/futures/_base.py", line 456, in result
    return self.__get_result()
           ^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.11/concurrent/futures/_base.py", line 401, in __get_result
    raise self._exception
  File "/usr/lib/python3.11/multiprocessing/queues.py", line 244, in _feed
    obj = _ForkingPickler.dumps(obj)
          ^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.11/multiprocessing/reduction.py", line 51, in dumps
    cls(buf, protocol).dump(obj)
AttributeError: Can't pickle local object 'tokenizers.<locals>.<lambda>'
'''


def test_a_process_pools_remote_traceback_header_is_no_ones_words() -> None:
    """`concurrent.futures.process._RemoteTraceback:` counted as a person's words about the error:
    its `concurrent` and `process` made a pickled lambda the DataLoader's known fault."""
    decisive = find_decisive(POOL_WORKER)
    assert decisive.line == "AttributeError: Can't pickle local object 'tokenizers.<locals>.<lambda>'"
    assert not any("RemoteTraceback" in line for line in decisive.prose)


ILLEGAL_ACCESS = (
    "RuntimeError: CUDA error: an illegal memory access was encountered\n"
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace "
    "below might be incorrect.\n"
    """For debugging consider passing CUDA_LAUNCH_BLOCKING=1
Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.
"""
)


def test_the_lines_cuda_appends_to_every_error_are_no_ones_words() -> None:
    """Their `CUDA_LAUNCH_BLOCKING` counted as words beyond a message several faults raise, and made
    the illegal memory access the Xid seed's confident known fault: they follow every CUDA error."""
    assert find_decisive(ILLEGAL_ACCESS).prose == (
        "RuntimeError: CUDA error: an illegal memory access was encountered",
    )


def test_the_form_of_a_traceback_is_not_words_about_the_error() -> None:
    """`Traceback (most recent call last)` and `File "…", line 2, in` are in every traceback: their
    `recent`, `last` and `line` put a learning-rate entry first for a plain dict's KeyError."""
    paste = 'Traceback (most recent call last):\n  File "/tmp/prep.py", line 2, in <module>\n'
    paste += "    d[\"label\"]\nKeyError: 'label'\n"
    assert find_decisive(paste).context == ("/tmp/prep.py <module>", 'd["label"]')


PYTEST_PLAIN_ASSERT = """\
F                                                                        [100%]
=================================== FAILURES ===================================
_______________________________ test_pool_shape ________________________________

    def test_pool_shape():
        x = torch.randn(4, 3, 2)
>       assert pool(x).shape == (4, 3, 1)
E       assert torch.Size([4, 3]) == (4, 3, 1)
E
E         Right contains one more item: 1
E         Use -v to get more diff

test_pool.py:6: AssertionError
=========================== short test summary info ============================
FAILED test_pool.py::test_pool_shape - assert torch.Size([4, 3])...
1 failed in 1.16s
"""


def test_a_pytest_report_of_a_plain_assert_is_about_the_assertion() -> None:
    """A failing `assert` has no exception line in pytest's report, only `E   assert …` and the
    location `test_pool.py:6: AssertionError`: the whole report was read as one line."""
    decisive = find_decisive(PYTEST_PLAIN_ASSERT)
    assert decisive.line == "AssertionError: assert torch.Size([4, 3]) == (4, 3, 1)"
    assert decisive.exception_type == "AssertionError"


def test_a_json_log_records_traceback_is_read_as_a_traceback() -> None:
    """logging to JSON keeps the traceback in one escaped string (`exc_info`): the whole log was
    read as a description, and the embedding fault it holds was not found."""
    import json

    traceback = (
        'Traceback (most recent call last):\n  File "serve.py", line 15, in <module>\n'
        "    emb(ids)\nIndexError: index out of range in self"
    )
    records = [
        {"level": "INFO", "msg": "model loaded"},
        {"level": "ERROR", "msg": "inference failed", "exc_info": traceback},
        {"level": "INFO", "msg": "request 18 ok"},
    ]
    decisive = find_decisive("\n".join(json.dumps(record) for record in records))
    assert decisive.line == "IndexError: index out of range in self"
    assert decisive.exception_type == "IndexError"


TORCHRUN_TWO_RANKS = """\
rank 1 of 2 up
[rank1]: Traceback (most recent call last):
[rank1]:   File "train.py", line 9, in <module>
[rank1]:     split = splits["validation"]
[rank1]: KeyError: 'validation'
rank 0 of 2 up
[rank0]: Traceback (most recent call last):
[rank0]:   File "train.py", line 12, in <module>
[rank0]:     dist.all_reduce(t)
[rank0]: RuntimeError: [pair.cc:553] Connection closed by peer [127.0.0.1]:42171. This is typically \
caused by a remote worker crashing.
E1204 20:03:59.509000 27200 api.py:1002] failed (exitcode: 1) local_rank: 1 (pid: 27277)
torch.distributed.elastic.multiprocessing.errors.ChildFailedError:
============================================================
train.py FAILED
------------------------------------------------------------
Root Cause (first observed failure):
[0]:
  time      : 2026-12-04_20:03:59
  host      : localhost
  rank      : 1 (local_rank: 1)
  exitcode  : 1 (pid: 27277)
============================================================
"""


def test_torchrun_is_about_the_rank_its_report_names_as_the_root_cause() -> None:
    """Rank 0's `Connection closed by peer` is what rank 1's crash did to it; kb took it, the last
    error, and a port in its text made it the port entry's. An unprefixed line of another process
    after rank 1's error was glued onto its message."""
    assert find_decisive(TORCHRUN_TWO_RANKS).line == "KeyError: 'validation'"


def test_the_shells_word_on_a_killed_job_is_the_error() -> None:
    """A job the kernel killed leaves no traceback, only the shell's `… Killed` line after the
    progress bar: the three lines were read as one description."""
    log = (
        "Epoch 3/10: 45%|████▌     | 450/1000 [01:12<01:28,  6.21it/s, loss=0.412]\n"
        "allocating buffers\n"
        "train.sh: line 2: 27361 Killed                  python train.py --batch-size 512\n"
    )
    assert find_decisive(log).line.startswith("train.sh: line 2: 27361 Killed")


def test_what_another_command_printed_after_the_error_is_not_the_errors_words() -> None:
    """`$ nvidia-smi` pasted after the traceback: its output's `because` and `fail` counted as words
    of the paste and made a shared shape message sure of the audio entry."""
    paste = (
        "$ python train.py\n"
        "Traceback (most recent call last):\n"
        '  File "train.py", line 7, in <module>\n'
        "    out = model(x)\n"
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (8x12 and 20x16)\n"
        "$ nvidia-smi\n"
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\n"
    )
    prose = " ".join(find_decisive(paste).prose)
    assert "mat1 and mat2" in prose and "python train.py" in prose
    assert "NVIDIA-SMI" not in prose and "nvidia-smi" not in prose


def test_a_symptom_form_is_new_only_when_more_than_its_values_differ() -> None:
    forms = ["OSError: [Errno 24] Too many open files: '/data/train/000123.jpg'"]
    assert not new_symptom_form("OSError: [Errno 24] Too many open files: '/srv/shard_7.arrow'", forms)
    assert not new_symptom_form("oserror: [errno 24] too many open files: '/x'", forms)
    assert new_symptom_form("RuntimeError: Too many open files. Communication with workers is lost", forms)
    assert not new_symptom_form("   ", forms)
    assert new_symptom_form("KeyError: 'warmup_steps'", ["KeyError: 'lr'"])  # which key may be the fault


@pytest.mark.parametrize(
    "progress", ["INFO:root:training done, saving", "2026-12-04 10:00:01,123 - INFO - saving"]
)
def test_an_error_the_run_logged_and_went_on_after_is_no_reading_of_the_error_that_ended_it(
    progress: str,
) -> None:
    """A loop that skips a bad batch with logging.exception, then dies saving its checkpoint: the
    skipped batch's label error was read as the run's, and made it that known fault."""
    log = (
        "ERROR:root:step 1: bad batch skipped\n"
        "Traceback (most recent call last):\n"
        '  File "train.py", line 6, in <module>\n'
        "IndexError: Target 7 is out of bounds.\n"
        f"{progress}\n"
        "Traceback (most recent call last):\n"
        '  File "train.py", line 10, in <module>\n'
        "FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent/ckpt.pt'\n"
    )
    decisive = find_decisive(log)
    assert decisive.exception_type == "FileNotFoundError" and decisive.candidates == ()
    chained = log.replace(
        f"{progress}\n", "\nDuring handling of the above exception, another exception occurred:\n\n"
    )
    assert ("IndexError: Target 7 is out of bounds.", "IndexError") in find_decisive(chained).candidates


def test_a_traceback_ends_with_its_message_after_a_frame_shown_without_its_source() -> None:
    """Python prints a frame whose source it cannot show (pyarrow's Cython `.pyx`, `.pxi`) as its
    `File "…", line N, in …` line alone; pyarrow's `ArrowInvalid` names no `…Error` class, and is
    the message all the same."""
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/srv/labels/load.py", line 33, in load_annotations\n'
        "    table = pj.read_json(path)\n"
        "            ^^^^^^^^^^^^^^^^^^\n"
        '  File "pyarrow/_json.pyx", line 364, in pyarrow._json.read_json\n'
        '  File "pyarrow/error.pxi", line 92, in pyarrow.lib.check_status\n'
        "pyarrow.lib.ArrowInvalid: JSON parse error: Column(/label) changed from number to string\n"
    )
    assert find_decisive(paste).line == (
        "pyarrow.lib.ArrowInvalid: JSON parse error: Column(/label) changed from number to string"
    )


PLAIN = """Traceback (most recent call last):
  File "/srv/job/train.py", line 31, in <module>
    loss = criterion(logits, labels)
IndexError: Target 7 is out of bounds.
"""


@pytest.mark.parametrize(
    "prefix",
    [
        "2026-11-30T08:15:02.123456789Z ",  # docker logs -t, kubectl logs --timestamps
        "2026-11-30T08:15:02+01:00 ",
        "[pod/trainer-5c9d7/trainer] ",  # kubectl logs --prefix
        "[pod/trainer-5c9d7/trainer] 2026-11-30T08:15:02.1Z ",  # both
        "0: ",  # srun --label
        "  3: ",  # srun --label, padded to the widest task id
        "> ",  # quoted in a chat or an issue
        ">",
    ],
)
def test_a_prefix_a_tool_wrote_on_every_line_is_not_read_as_the_line(prefix: str) -> None:
    """A timestamp, a pod's or a task's label before each line glued the traceback into one line
    that read as nothing kb knows: every confident answer was lost under docker, kubectl and srun."""
    prefixed = "".join(prefix + line + "\n" for line in PLAIN.splitlines())
    decisive = find_decisive(prefixed)
    assert decisive.line == "IndexError: Target 7 is out of bounds."
    assert decisive.context == find_decisive(PLAIN).context


def test_a_prefix_on_a_few_lines_is_their_own() -> None:
    paste = "> see below\nsome output\nmore output\nIndexError: Target 7 is out of bounds.\n"
    assert find_decisive(paste).prose[0] == "> see below"


def test_pytests_line_report_ends_the_message() -> None:
    """`--tb=line` prints the message again after the library's file and line: it was glued on."""
    paste = (
        "E   IndexError: Target 7 is out of bounds.\n"
        "/venv/lib/python3.11/site-packages/torch/nn/functional.py:3555: IndexError: Target 7 is out"
        " of bounds.\n"
    )
    assert find_decisive(paste).line == "IndexError: Target 7 is out of bounds."


def test_pytests_short_summary_is_read_when_it_is_all_there_is() -> None:
    summary = (
        "F                                                                        [100%]\n"
        "=========================== short test summary info ============================\n"
        "FAILED tests/test_train.py::test_step[cpu] - IndexError: Target 7 is out of bo...\n"
        "1 failed in 1.45s\n"
    )
    assert find_decisive(summary).line == "IndexError: Target 7 is out of bo"
    # beside the report of the failure, it is the whole message shown above that decides
    assert find_decisive(PYTEST_REPORT).line == "IndexError: Target 5 is out of bounds."


IPYTHON = """---------------------------------------------------------------------------
RuntimeError                              Traceback (most recent call last)
Cell In[4], line 3
      1 head = nn.Linear(512, 10)
      2 feats = backbone(images)
----> 3 logits = head(feats)

File /venv/lib/python3.11/site-packages/torch/nn/modules/linear.py:125, in Linear.forward(self, input)
    124 def forward(self, input: Tensor) -> Tensor:
--> 125     return F.linear(input, self.weight, self.bias)

RuntimeError: mat1 and mat2 shapes cannot be multiplied (32x2048 and 512x10)
"""

PYTEST_LONG = """=================================== FAILURES ===================================
__________________________________ test_head ___________________________________

    def test_head():
        head = nn.Linear(512, 10)
>       head(torch.randn(32, 2048))

tests/test_head.py:7:
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

self = Linear(in_features=512, out_features=10, bias=True)
input = tensor([[ 0.1, -0.3]])

    def forward(self, input: Tensor) -> Tensor:
>       return F.linear(input, self.weight, self.bias)
E       RuntimeError: mat1 and mat2 shapes cannot be multiplied (32x2048 and 512x10)

/venv/lib/python3.11/site-packages/torch/nn/modules/linear.py:125: RuntimeError
============================== 1 failed in 0.91s ===============================
"""

NBCONVERT = (
    """nbclient.exceptions.CellExecutionError: An error occurred while executing the following cell:
------------------
head = nn.Linear(512, 10)  # the classifier
logits = head(feats)
------------------

"""
    + IPYTHON
)


@pytest.mark.parametrize("paste", [IPYTHON, PYTEST_LONG, NBCONVERT], ids=["ipython", "pytest", "nbconvert"])
def test_the_source_a_notebook_or_pytest_shows_is_code_not_words_about_the_error(paste: str) -> None:
    """Read as what a person wrote, `linear` from `nn.Linear(512, 10)` in the shown source made a
    message several faults raise sure of one of them, where Python's own traceback of the same
    run was not."""
    decisive = find_decisive(paste)
    assert decisive.line == "RuntimeError: mat1 and mat2 shapes cannot be multiplied (32x2048 and 512x10)"
    assert not any("Linear" in line or "linear" in line or "tensor" in line for line in decisive.prose)
    assert not any("FAILURES" in line or "failed in" in line for line in decisive.prose)
    assert "return F.linear(input, self.weight, self.bias)" in decisive.context  # the failing line only
    assert not any("def forward" in line for line in decisive.context)


TASK_GROUP = """  + Exception Group Traceback (most recent call last):
  |   File "/srv/job/serve.py", line 20, in main
  |     async with asyncio.TaskGroup() as tg:
  | ExceptionGroup: unhandled errors in a TaskGroup (2 sub-exceptions)
  +-+---------------- 1 ----------------
    | Traceback (most recent call last):
    |   File "/srv/job/serve.py", line 7, in embed
    |     return table(ids)
    | IndexError: index out of range in self
    +---------------- 2 ----------------
    | Traceback (most recent call last):
    |   File "/srv/job/serve.py", line 11, in settings
    |     return cfg["workers"]
    | KeyError: 'workers'
    +------------------------------------
"""


def test_each_error_of_an_exception_group_is_a_reading_and_the_group_none() -> None:
    """The group's line (`ExceptionGroup: unhandled errors in a TaskGroup`), glued to the rule under
    it, was the other reading, and the first sub-exception, a known fault's message, was none."""
    decisive = find_decisive(TASK_GROUP)
    assert decisive.line == "KeyError: 'workers'"
    assert decisive.candidates == (("IndexError: index out of range in self", "IndexError"),)


def test_a_traceback_indented_as_a_whole_is_read_at_the_margin() -> None:
    """A notebook exported to Markdown indents its output by four spaces: the frames were read as
    prose and a library's source line (`1119     ensure_all_finite="allow-nan",`) as the error."""
    indented = "```python\nrun()\n```\n\n" + "".join(f"    {line}\n" for line in IPYTHON.splitlines())
    assert find_decisive(indented).line == find_decisive(IPYTHON).line
    assert not any("Linear" in line for line in find_decisive(indented).prose)


def test_pytests_line_for_a_frozen_module_and_its_tab_led_lines_are_the_report_not_the_message() -> None:
    report = (
        "E       KeyError: 'TEAM_BUCKET'\n\n<frozen os>:679: KeyError\n"
        "E       RuntimeError: Error(s) in loading state_dict for Ranker:\n"
        "E       \tsize mismatch for emb.weight: copying a param with shape torch.Size([300, 16])\n"
    )
    assert find_decisive(report.split("E       RuntimeError")[0]).line == "KeyError: 'TEAM_BUCKET'"
    assert find_decisive(report).line == (
        "RuntimeError: Error(s) in loading state_dict for Ranker: size mismatch for emb.weight: copying a"
        " param with shape torch.Size([300, 16])"
    )


@pytest.mark.parametrize(
    ("head", "place"),
    [
        ('  File "/srv/train.py", line 9, in load_annotations', ("/srv/train.py", "load_annotations")),
        ('  File "train.py", line 41, in <module>', ("train.py", "<module>")),
        ("File ~/proj/train.py:9, in load_annotations(path)", ("~/proj/train.py", "load_annotations")),
        ("Cell In[3], line 2, in build(cfg)", ("Cell In[3]", "build")),
        ("~/proj/train.py in step(x)", ("~/proj/train.py", "step")),
        ("src/data.py:40: in load_annotations", ("src/data.py", "load_annotations")),
        ('  File "train.py", line 9', None),  # no function named
        ("Cell In[3], line 2", None),
        ("src/data.py:40: ", None),
        ("src/features.py:7: AssertionError", None),  # pytest's line that raised, not a frame's head
        ("ValueError: bad input", None),
    ],
)
def test_a_frames_head_names_its_file_and_function_as_python_ipython_and_pytest_print_it(
    head: str, place: tuple[str, str] | None
) -> None:
    assert framed_call(head) == place
