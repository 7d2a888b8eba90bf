"""Harvest ordinary error messages by running code, for kb's search background.

kb is sure of an entry only when a paste matches it clearly better than it matches the BACKGROUND: a
large body of everyday error messages that no fault owns (an IndexError in a loop, a KeyError on a
dict, a TypeError from calling numpy with a string). This script builds that background. It does not
list cases by hand: it provokes real exceptions by systematic exploration and records the last line
of each traceback, exactly as Python prints it.

Method
------
A VALUE POOL of ~85 values of many types (None, ints, floats, strings, bytes, lists, tuples, dicts,
sets, a range, a generator, a function, a class and an instance, a module, numpy arrays and scalars of
several shapes and dtypes, pandas Series/DataFrame/Index, torch tensors of several shapes and dtypes,
an nn.Linear, dtypes, devices, paths to a missing file, a directory and an empty file) is built fresh
for every call, so no call sees another call's mutation. A smaller pool of ~22 of them serves as the
second argument of two-argument calls. Each UNIT below walks a family of operations over the pool:

  py_ops        every value: indexing (ints, out-of-range, slices, strings, floats, None, tuples...),
                item assignment/deletion, attribute get/set of every public name found on any pool
                type, calling with 0-3 args, iteration, unpacking into 1/2/3 names, */** unpacking,
                conversions (int, float, len, hash, next, iter, bytes, chr, format...), and every
                binary operator (+ - * / // % ** @ & | ^ << >> < <= > >= == in divmod, in-place
                forms, truth value of a comparison) on every ordered pair of values; pandas
                indexers (.loc/.iloc/.at/.iat, found by type name) indexed with every value
  py_methods    every public method of every pool value of a builtin type (str, list, dict...)
  builtins, stdlib, stdlib_more, stdlib_fs, yaml, numpy, numpy_more, pandas, pandas_frame,
  pandas_series, torch, torch_more, tensor, sklearn_funcs
                REFLECTION: every public callable of the modules (and, for standard-library
                modules, every public method of their classes; for objects, every public method of a
                few instances) is called with () ; with each pool value ; with a few keyword
                arguments (dim=, axis=, dtype=, an unknown keyword) ; and with pairs from the small
                pool (pairs are taken round-robin across all callables, so a time budget cut spreads
                evenly)
  nn            every torch.nn Module class constructed with small sizes and with each constructor
                keyword set to each small-pool value, then called on tensors of wrong shapes and
                dtypes (1, 2 and 3 arguments); methods of module instances; every torch.optim
                optimizer and lr_scheduler the same way; DataLoader over lists built from the pool
  sklearn       every estimator of sklearn.utils.all_estimators(): construction, fit on every
                (X variant, y variant) pair, every hyper-parameter set to bad values, predict/
                transform/score before fitting and after fitting on X variants
  network       every network client of the standard library (sockets, http.client, urllib,
                xmlrpc, smtplib, ftplib, imaplib, poplib, asyncio), and requests and httpx where
                installed, against every kind of loopback peer
                (nothing listening, closing at once, answering garbage, silent past a short timeout),
                names that never resolve (.invalid) and addresses out of range; binds that fail
  files         every reader and writer (open, json, yaml, pickle, csv, numpy, pandas, torch, gzip,
                zip, tar, toml, xml ...) on missing paths, directories, broken/looping symlinks,
                too-long names, and on valid files of each format damaged in systematic ways
                (empty, truncated, byte-flipped, prefixed, suffixed, replaced by random bytes);
                finally, with the effective uid dropped to nobody, on unreadable files and
                unwritable directories (EACCES: root would not see it)
  processes     every subprocess API on every kind of program that goes wrong, every executor and
                pool (threads; processes under fork, spawn, forkserver) on every kind of failing
                task, sync objects and processes in the wrong state, event loops misused, signal
                handlers, pids no process has, descriptor and memory limits (see unit_processes)

Safety: every unit runs in its own subprocess (a crash or hang loses at most one call: the parent
restarts the unit after the call it was in), in a throwaway temp directory as cwd, with a per-call
time limit (SIGALRM), no stdin, and a DENY list (see DENY_EXACT / DENY_PATTERNS) that keeps away
everything that deletes, renames, changes permissions, exits, sleeps, forks, spawns processes, opens
sockets, reads stdin, changes directory, touches raw file descriptors or changes global library
state (the processes unit alone starts, signals and waits for processes, of its own making, with
short timeouts). Files a call creates in the temp directory are removed after the call.

Each exception gives one line: traceback.format_exception_only(e)'s line for the exception (notes
left off), its lines joined as kb joins a message that goes on, capped at 300 characters, control characters replaced by spaces, the
temp directory's path replaced by /home/user/project and the venv's by /home/user/.venv. Lines that
are only a memory address, or that name this harness, are dropped. Lines identical after masking
quoted strings to 'x' and numbers to 0 count once (the first seen is kept), and a family (exception
type + the masked text with names, type names and the pool's reprs masked) keeps at most
FAMILY_CAP (6) lines.

Rerun (from the repository root, with a venv that has torch CPU, numpy, pandas, scikit-learn, pyyaml):

    /work/corpus-venv/bin/python bench/background/harvest.py --out seed_entries/everyday_errors.txt

It takes about 14 minutes on 2 cores (--jobs N runs N units at once; --budget-scale 0.2 makes a
quick, smaller run; --units py_ops,numpy runs only some units). The output depends on the library
versions, which the file's header records; each unit has a time budget, so a much slower machine
gets somewhat fewer lines.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

CALL_LIMIT = 2.0  # seconds per call (SIGALRM)
MAX_LINE = 300
FAMILY_CAP = 6  # the brief allows at most 25; 6 keeps the file within ~6,000 lines

# unit name -> time budget in seconds (2 jobs: the sum / 2 is the wall time, plus imports)
UNITS = {
    "py_ops": 60,
    "py_methods": 30,
    "builtins": 30,
    "stdlib": 45,
    "stdlib_more": 40,
    "stdlib_fs": 35,
    "yaml": 15,
    "numpy": 50,
    "numpy_more": 40,
    "pandas": 45,
    "pandas_frame": 50,
    "pandas_series": 45,
    "torch": 70,
    "torch_more": 50,
    "tensor": 70,
    "nn": 60,
    "sklearn": 70,
    "sklearn_funcs": 40,
    "files": 40,
    "imports": 20,
    "losses": 30,
    "state_dicts": 20,
    "network": 30,
    "processes": 300,
}

# ----------------------------------------------------------------------------------------------
# Deny list: qualified names ("module.name", "Type.method") that are never called.
# ----------------------------------------------------------------------------------------------
DENY_EXACT = {
    # exits, prompts, interactive helpers
    "builtins.exit", "builtins.quit", "builtins.input", "builtins.breakpoint", "builtins.help",
    "builtins.copyright", "builtins.credits", "builtins.license", "sys.exit",
    # open() on an int would take over (and later close) the process's own descriptors: the files
    # unit calls open() itself, on paths only
    "builtins.open", "io.open", "io.open_code", "io.FileIO", "os.fdopen",
    # sleeping, timing loops
    "time.sleep", "timeit.timeit", "timeit.repeat", "timeit.main", "timeit.Timer",
    # processes and signals
    "os.system", "os.popen", "os.kill", "os.killpg", "os._exit", "os.abort", "os.fork", "os.forkpty",
    "os.register_at_fork", "os.startfile", "os.plock", "os.unshare", "os.setns", "os.pidfd_open",
    "os.tcsetpgrp", "os.login_tty",
    # cwd, root, environment, umask, priority
    "os.chdir", "os.fchdir", "os.chroot", "os.putenv", "os.unsetenv", "os.umask", "os.nice",
    # deleting, renaming, truncating, permissions, ownership, special files
    "os.remove", "os.unlink", "os.rmdir", "os.removedirs", "os.rename", "os.renames", "os.replace",
    "os.truncate", "os.ftruncate", "os.chmod", "os.lchmod", "os.fchmod", "os.chown", "os.lchown",
    "os.fchown", "os.mkfifo", "os.mknod", "os.setxattr", "os.removexattr", "os.sync",
    "os.fsync", "os.fdatasync", "os.posix_fallocate", "os.posix_fadvise",
    "shutil.rmtree", "shutil.move", "shutil.chown", "shutil.make_archive", "shutil.unpack_archive",
    "shutil.register_archive_format", "shutil.unregister_archive_format",
    "shutil.register_unpack_format", "shutil.unregister_unpack_format",
    "Path.unlink", "Path.rmdir", "Path.rename", "Path.replace", "Path.chmod", "Path.lchmod",
    "Path.symlink_to", "Path.hardlink_to", "Path.link_to", "Path.open",
    "PosixPath.unlink", "PosixPath.rmdir", "PosixPath.rename", "PosixPath.replace",
    "PosixPath.chmod", "PosixPath.lchmod", "PosixPath.symlink_to", "PosixPath.hardlink_to",
    "PosixPath.link_to", "PosixPath.open",
    # raw file descriptors (0, 1, 2 are in the pool as ints)
    "os.open", "os.openpty", "os.pipe", "os.pipe2", "os.read", "os.readv", "os.write", "os.writev",
    "os.pread", "os.preadv", "os.pwrite", "os.pwritev", "os.sendfile", "os.splice",
    "os.copy_file_range", "os.lseek", "os.lockf", "os.close", "os.closerange", "os.dup", "os.dup2",
    "os.eventfd", "os.eventfd_read", "os.eventfd_write", "os.memfd_create", "os.fwalk",
    # temp files outside the sandbox, databases
    "tempfile.mkstemp", "tempfile.mkdtemp", "sqlite3.connect",
    # global library state, self-tests, printing the whole config, clipboard, network fetches
    "numpy.test", "numpy.show_config", "numpy.show_runtime", "numpy.info",
    "pandas.read_clipboard", "pandas.show_versions", "pandas.test",
    "DataFrame.to_clipboard", "Series.to_clipboard",
    "torch.use_deterministic_algorithms", "torch.compile", "torch.cond", "torch.while_loop",
    "torch.manual_seed", "torch.seed", "torch.autograd.set_detect_anomaly",
    "torch.autograd.set_grad_enabled", "torch.autograd.set_multithreading_enabled",
    "torch.nn.utils.stateless.functional_call",
    "locale.setlocale", "locale.resetlocale",
    # crash (SIGSEGV/SIGABRT) or hang in C on bad arguments; found by earlier runs, listed so that
    # a run does not pay a worker restart for each (the parent also learns any new ones: see STALL)
    "torch.PyTorchFileWriter", "torch.PyTorchFileReader", "torch.OptionalType", "torch.UntypedStorage",
    "time.pthread_getcpuclockid", "numpy.random.zipf", "numpy.random.bytes",
    # these open an int argument as a file descriptor (the files unit calls them on paths)
    "codecs.open", "gzip.GzipFile", "tarfile.TarFile", "tarfile.open", "shutil.copyfile",
    "shutil.copy", "shutil.copy2",
}
DENY_PATTERNS = [re.compile(p) for p in (
    r"^os\.(exec\w*|spawn\w*|posix_spawnp?|wait\w*|set\w*|sched_set\w*|kill\w*)$",
    r"^subprocess\.(?!list2cmdline$|CompletedProcess$|CalledProcessError$|TimeoutExpired$|SubprocessError$)",
    r"^(signal|socket|multiprocessing|threading|asyncio|select|selectors)\.",
    r"\.sleep$",
    r"(^|\.)input$",
    r"^numpy\.(seterr|seterrcall|setbufsize|set_printoptions|set_string_function)$",
    r"^numpy\.random\.(set_state|seed)$",
    r"^torch\.(set_\w*|_\w*)$",
    r"^torch\.(cuda|distributed|multiprocessing|hub|backends|compiler|export|_dynamo|_inductor)\.",
    r"^sklearn\.(set_config|config_context)$",
    r"^sklearn\.\w+\.fetch_\w*$",
    r"^pandas\.(set_option|reset_option|option_context)$",
)]


def _hv_denied(qualname: str) -> bool:
    if qualname in DENY_EXACT or qualname.rsplit(".", 1)[-1] in ("sleep",):
        return True
    short = ".".join(qualname.split(".")[-2:])
    if short in DENY_EXACT:
        return True
    return any(p.search(qualname) for p in DENY_PATTERNS)


# ----------------------------------------------------------------------------------------------
# Worker side
# ----------------------------------------------------------------------------------------------
class _HvTimeout(BaseException):
    pass


class _HvStop(BaseException):
    pass


def _hv_on_alarm(signum, frame):
    raise _HvTimeout()


FAILED = object()


class _HvRecorder:
    """Runs thunks one by one, records the traceback line of each exception."""

    def __init__(self, out_path, progress_path, start, skip, deadline, sandbox):
        # the recorder's own descriptors live far above the small ints of the pool (0..3 are in it,
        # and some library calls open an int as a descriptor); 0, 1 and 3..9 point to /dev/null
        out_fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(out_fd, 200)
        os.close(out_fd)
        prog_fd = os.open(progress_path, os.O_WRONLY | os.O_CREAT, 0o644)
        os.dup2(prog_fd, 201)
        os.close(prog_fd)
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 3, 4, 5, 6, 7, 8, 9):
            if fd != null:
                os.dup2(null, fd)
        self.out = os.fdopen(200, "a", encoding="utf-8")
        self.progress = 201
        self.start = start
        self.skip = set(skip)
        self.skip_names: set[str] = set()
        self.deadline = deadline
        self.sandbox = sandbox
        self.i = -1
        self.seen: set[str] = set()
        self.drop_if = ()
        signal.signal(signal.SIGALRM, _hv_on_alarm)

    def run(self, name, thunk, keep=False):
        """Run one call; returns its result, or FAILED if it raised.

        A restarted worker skips the calls before `start` (they were recorded by the run that
        crashed), except those whose result the unit needs (keep=True), which it runs again without
        recording, and never the calls that crashed (`skip`)."""
        self.i += 1
        if self.i in self.skip or name in self.skip_names:
            return FAILED
        if self.i < self.start:
            if not keep:
                return FAILED
            return self._call(thunk)[0]
        if time.time() > self.deadline:
            raise _HvStop()
        os.pwrite(self.progress, f"{self.i} {name}"[:250].encode("utf-8", "replace").ljust(299) + b"\n", 0)
        result, err = self._call(thunk)
        if err is not None:
            self.record(err)
            err = None
        return result

    def _call(self, thunk):
        err = None
        result = FAILED
        try:
            signal.setitimer(signal.ITIMER_REAL, CALL_LIMIT)
            try:
                result = thunk()
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        except _HvTimeout:
            pass
        except _HvStop:
            raise
        except (SystemExit, KeyboardInterrupt, GeneratorExit):
            pass
        except BaseException as e:  # noqa: BLE001 - recording every exception is the point
            err = e
        try:
            self.sandbox.restore()
        except OSError:
            pass
        return result, err

    def record(self, e):
        try:
            parts = traceback.format_exception_only(type(e), e)
            notes = getattr(e, "__notes__", None)
            if isinstance(notes, (list, tuple)) and notes and len(parts) > len(notes):
                parts = parts[: len(parts) - len(notes)]
            # kb reads a message that goes on over several lines as one (Error(s) in loading
            # state_dict for Linear: / size mismatch for weight: ...): so does the background.
            line = " ".join(parts[-1].split())
        except BaseException:  # noqa: BLE001
            return
        if not line or any(s in line for s in self.drop_if):
            return
        line = line[:2000]
        if line in self.seen:
            return
        self.seen.add(line)
        self.out.write(line.replace("\n", " ") + "\n")
        self.out.flush()


class _HvSandbox:
    """The temp project directory used as cwd, with fixtures restored after every call."""

    def __init__(self, root):
        self.root = root
        self.missing = os.path.join(root, "missing.txt")
        self.dir = os.path.join(root, "data")
        self.empty = os.path.join(root, "empty.txt")
        self.dir_file = os.path.join(self.dir, "part-0.csv")
        self._make()
        self.top = sorted(os.listdir(root))
        self.inner = sorted(os.listdir(self.dir))

    def _make(self):
        os.makedirs(self.dir, exist_ok=True)
        with open(self.empty, "wb"):
            pass
        with open(self.dir_file, "w") as f:
            f.write("a,b\n1,2\n")

    def restore(self):
        try:
            if os.getcwd() != self.root:
                os.chdir(self.root)
        except OSError:
            os.chdir(self.root)
        changed = False
        top = os.listdir(self.root)
        if sorted(top) != self.top:
            for name in top:
                if name not in self.top:
                    p = os.path.join(self.root, name)
                    if os.path.isdir(p) and not os.path.islink(p):
                        shutil.rmtree(p, ignore_errors=True)
                    else:
                        try:
                            os.unlink(p)
                        except OSError:
                            pass
            changed = True
        if not os.path.isdir(self.dir) or sorted(os.listdir(self.dir)) != self.inner:
            if os.path.lexists(self.dir) and not os.path.isdir(self.dir):
                os.unlink(self.dir)
            elif os.path.isdir(self.dir):
                for name in os.listdir(self.dir):
                    if name not in self.inner:
                        p = os.path.join(self.dir, name)
                        if os.path.isdir(p) and not os.path.islink(p):
                            shutil.rmtree(p, ignore_errors=True)
                        else:
                            os.unlink(p)
            changed = True
        if os.path.getsize(self.empty) != 0 or os.path.getsize(self.dir_file) != 8:
            changed = True
        if changed:
            self._make()


def _hv_versions():
    import importlib.metadata as md
    out = [f"Python {sys.version.split()[0]}"]
    for dist, label in (("numpy", "numpy"), ("pandas", "pandas"), ("torch", "torch"),
                        ("scikit-learn", "scikit-learn"), ("PyYAML", "PyYAML")):
        try:
            out.append(f"{label} {md.version(dist)}")
        except Exception:  # noqa: BLE001
            out.append(f"{label} (not installed)")
    return out


# ---- the value pool ----------------------------------------------------------------------------
class Item:
    """A plain user class for the pool."""

    def __init__(self):
        self.name = "item"
        self.count = 2


def build_helper():
    """A fresh user function per call (calls like functools.update_wrapper mutate it)."""
    def helper(a, b):
        return a + b
    helper.__qualname__ = "helper"  # as if defined at the top of a user's script
    return helper


def build_class():
    """A fresh user class per call (calls like dataclasses.dataclass mutate it)."""
    class Item:
        def __init__(self):
            self.name = "item"
            self.count = 2
    Item.__qualname__ = "Item"
    Item.__init__.__qualname__ = "Item.__init__"
    return Item


def _hv_make_pool(sb):
    import datetime
    import math
    import pathlib
    import numpy as np
    import pandas as pd
    import torch

    P = []

    def add(name, f, small=False):
        P.append((name, f, small))

    add("None", lambda: None, True)
    add("True", lambda: True)
    add("0", lambda: 0, True)
    add("1", lambda: 1)
    add("-1", lambda: -1, True)
    add("2", lambda: 2)
    add("3", lambda: 3, True)
    add("3.5", lambda: 3.5, True)
    add("nan", lambda: float("nan"))
    add("inf", lambda: float("inf"))
    add("1e308", lambda: 1e308)
    add("1j", lambda: 1j)
    add("'abc'", lambda: "abc", True)
    add("''", lambda: "", True)
    add("'a,b'", lambda: "a,b")
    add("'1.5'", lambda: "1.5")
    add("b'x'", lambda: b"x", True)
    add("b''", lambda: b"")
    add("bytearray", lambda: bytearray(b"ab"))
    add("[]", lambda: [])
    add("[1, 2]", lambda: [1, 2], True)
    add("[[1, 2], [3]]", lambda: [[1, 2], [3]])
    add("['a', 'b']", lambda: ["a", "b"])
    add("[0.5, 1.5, 2.5]", lambda: [0.5, 1.5, 2.5])
    add("()", lambda: ())
    add("(1,)", lambda: (1,), True)
    add("(1, 2, 3)", lambda: (1, 2, 3))
    add("{}", lambda: {})
    add("{'a': 1}", lambda: {"a": 1}, True)
    add("{'a': [1, 2], 'b': [3, 4]}", lambda: {"a": [1, 2], "b": [3, 4]})
    add("set()", lambda: set())
    add("{1, 2}", lambda: {1, 2})
    add("frozenset", lambda: frozenset({"a"}))
    add("range(3)", lambda: range(3))
    add("generator", lambda: (i for i in range(2)))
    add("helper", build_helper, True)
    add("lambda", lambda: (lambda x: x))
    add("len", lambda: len)
    add("Item", build_class)
    add("Item()", lambda: Item())
    add("module math", lambda: math)
    add("object()", lambda: object())
    add("slice(1, 2)", lambda: slice(1, 2))
    add("Ellipsis", lambda: Ellipsis)
    add("date", lambda: datetime.date(2024, 1, 31))
    add("datetime", lambda: datetime.datetime(2024, 1, 31, 12, 0))
    add("timedelta", lambda: datetime.timedelta(days=1))
    add("Path missing", lambda: pathlib.Path(sb.missing), True)
    add("Path dir", lambda: pathlib.Path(sb.dir), True)
    add("Path empty", lambda: pathlib.Path(sb.empty))
    add("np.float64", lambda: np.float64(1.5))
    add("np.int64", lambda: np.int64(2))
    add("np 0-d", lambda: np.array(2.0))
    add("np.arange(3)", lambda: np.arange(3), True)
    add("np.zeros((2,3))", lambda: np.zeros((2, 3)), True)
    add("np.ones((3,3))", lambda: np.ones((3, 3)))
    add("np.zeros((2,3,4)) f32", lambda: np.zeros((2, 3, 4), dtype=np.float32))
    add("np str", lambda: np.array(["a", "b"]))
    add("np object", lambda: np.array([1, "a", None], dtype=object))
    add("np bool", lambda: np.array([True, False]))
    add("np empty", lambda: np.empty((0,)))
    add("np nan", lambda: np.array([np.nan, 1.0]))
    add("np int8 2x3", lambda: np.arange(6, dtype=np.int8).reshape(2, 3))
    add("pd.Series int", lambda: pd.Series([1, 2, 3]), True)
    add("pd.Series str", lambda: pd.Series(["a", "b"]))
    add("pd.DataFrame", lambda: pd.DataFrame({"a": [1, 2], "b": [3.0, 4.0]}), True)
    add("pd.DataFrame mixed", lambda: pd.DataFrame({"x": ["a", "b"], "y": [1.0, None]}))
    add("pd.DataFrame()", lambda: pd.DataFrame())
    add("pd.Index", lambda: pd.Index(["a", "b"]))
    add("pd.Timestamp", lambda: pd.Timestamp("2024-01-31"))
    add("pd.NA", lambda: pd.NA)
    add("pd.Categorical", lambda: pd.Categorical(["a", "b", "a"]))
    add("t scalar", lambda: torch.tensor(1.5))
    add("t arange", lambda: torch.arange(3), True)
    add("t zeros 2x3", lambda: torch.zeros(2, 3), True)
    add("t ones 2x3x4", lambda: torch.ones(2, 3, 4), True)
    add("t zeros 3x3", lambda: torch.zeros(3, 3))
    add("t int 2x2", lambda: torch.tensor([[1, 2], [3, 4]]), True)
    add("t bool", lambda: torch.tensor([True, False]))
    add("t empty", lambda: torch.zeros(0))
    add("t half", lambda: torch.zeros(2, 3, dtype=torch.float16))
    add("t double", lambda: torch.zeros(2, 3, dtype=torch.float64))
    add("t grad", lambda: torch.ones(2, 3, requires_grad=True))
    add("t complex", lambda: torch.zeros(2, dtype=torch.complex64))
    add("t nan", lambda: torch.tensor([0.5, float("nan")]))
    add("nn.Linear", lambda: torch.nn.Linear(3, 2))
    add("device", lambda: torch.device("cpu"))
    add("torch.float32", lambda: torch.float32)
    add("np.dtype", lambda: np.dtype("float32"))
    add("torch.Size", lambda: torch.Size([2, 3]))
    full = [(n, f) for n, f, _ in P]
    small = [(n, f) for n, f, s in P if s]
    return full, small


KWARG_SETS = [{"dim": 5}, {"axis": 5}, {"dtype": "abc"}, {"foo": 1}]


def _hv_public_callables(obj, qual_prefix, with_classes=True):
    """Sorted (qualname, callable) for the public callables of a module or class."""
    import types
    out = []
    for name in sorted(dir(obj)):
        if name.startswith("_"):
            continue
        try:
            val = getattr(obj, name)
        except Exception:  # noqa: BLE001
            continue
        if isinstance(val, types.ModuleType) or not callable(val):
            continue
        if isinstance(val, type) and not with_classes:
            continue
        out.append((f"{qual_prefix}.{name}", val))
    return out


class _HvExplorer:
    def __init__(self, rec, full, small, seed=0):
        self.rec = rec
        self.full = full
        self.small = small
        self.rng = random.Random(seed)

    def run(self, name, thunk, keep=False):
        return self.rec.run(name, thunk, keep)

    def small_named(self, *names):
        d = dict(self.full)
        return [(n, d[n]) for n in names]

    def explore(self, targets, *, kw_firsts=None, pair_pool=None, max_pairs=None, single_pool=None):
        """targets: list of (qualname, getter) where getter() returns a fresh callable.

        Phases: () for all; each single value for all; keyword sets; pairs round-robin."""
        targets = [(q, g) for q, g in targets if not _hv_denied(q)]
        single = single_pool if single_pool is not None else self.full
        pairs_pool = pair_pool if pair_pool is not None else self.small
        for q, g in targets:
            self.run(q, lambda g=g: g()())
        for _, vf in single:
            for q, g in targets:
                self.run(q, lambda g=g, vf=vf: g()(vf()))
        firsts = kw_firsts if kw_firsts is not None else self.small_named(
            "t zeros 2x3", "np.zeros((2,3))", "[1, 2]", "'abc'", "None")
        for kw in KWARG_SETS:
            for _, vf in firsts:
                for q, g in targets:
                    self.run(q, lambda g=g, vf=vf, kw=kw: g()(vf(), **kw))
        pairs = [(a, b) for a in pairs_pool for b in pairs_pool]
        self.rng.shuffle(pairs)
        if max_pairs is not None:
            pairs = pairs[:max_pairs]
        for (_, af), (_, bf) in pairs:
            for q, g in targets:
                self.run(q, lambda g=g, af=af, bf=bf: g()(af(), bf()))

    def module_targets(self, mod, prefix, with_classes=True, class_methods=False):
        targets = []
        for q, val in _hv_public_callables(mod, prefix, with_classes):
            targets.append((q, lambda val=val: val))
            if class_methods and isinstance(val, type):
                for q2, _ in _hv_public_callables(val, q, True):
                    attr = q2.rsplit(".", 1)[1]
                    targets.append((q2, lambda val=val, attr=attr: getattr(val, attr)))
        return targets

    def method_targets(self, selves):
        """selves: list of (label, factory). Every public method of each self, bound to a fresh one."""
        targets = []
        for _, f in selves:
            obj = f()
            tname = type(obj).__name__
            for name in sorted(dir(obj)):
                if name.startswith("_"):
                    continue
                try:
                    attr = getattr(obj, name)
                except Exception:  # noqa: BLE001
                    continue
                if not callable(attr):
                    continue
                targets.append((f"{tname}.{name}", lambda f=f, name=name: getattr(f(), name)))
        return targets


# ---- units ----------------------------------------------------------------------------------------
def unit_py_ops(ex, sb):
    import operator
    import types
    full = ex.full
    big = 2 ** 70
    index_keys = [0, 1, -1, 5, -10, big, slice(1, 2), slice(None, None, 0), 1.5, "a", "abc", None,
                  (0, 0), [0, 5], Ellipsis, True, (slice(None), 5)]
    unary = [
        ("len", len), ("hash", hash), ("int", int), ("float", float), ("complex", complex),
        ("bool", bool), ("str", str), ("repr", repr), ("bytes", bytes), ("bytearray", bytearray),
        ("list", list), ("tuple", tuple), ("dict", dict), ("set", set), ("frozenset", frozenset),
        ("abs", abs), ("neg", operator.neg), ("pos", operator.pos), ("invert", operator.invert),
        ("round", round), ("round1", lambda v: round(v, 1)), ("next", next), ("iter", iter),
        ("reversed", lambda v: list(reversed(v))), ("sorted", sorted), ("sum", sum), ("max", max),
        ("min", min), ("any", any), ("all", all), ("range", range), ("chr", chr), ("ord", ord),
        ("hex", hex), ("oct", oct), ("bin", bin), ("divmod0", lambda v: divmod(v, 0)),
        ("format d", lambda v: format(v, "d")), ("format .2f", lambda v: format(v, ".2f")),
        ("%d", lambda v: "%d" % v), ("%s %s", lambda v: "%s %s" % v), ("%s x2", lambda v: "%s" % (v, v)),
        ("fstring", lambda v: f"{v:>5}"), ("join", lambda v: ",".join(v)),
        ("with", _hv_with), ("isinstance", lambda v: isinstance(1, v)),
        ("issubclass", lambda v: issubclass(v, int)),
        ("iterate", lambda v: list(itertools.islice(iter(v), 5))),
        ("unpack1", _hv_unpack1), ("unpack2", _hv_unpack2), ("unpack3", _hv_unpack3),
        ("unpack_star", _hv_unpack_star), ("call*", lambda v: _hv_sink(*v)),
        ("call**", lambda v: _hv_sink(**v)), ("dict**", lambda v: {**v}), ("list*", lambda v: [*v]),
        ("call0", lambda v: v()), ("call1", lambda v: v(1)), ("call2", lambda v: v(1, 2)),
        ("call3", lambda v: v(1, 2, 3)), ("callkw", lambda v: v(x=1)),
        ("del[0]", _hv_del0), ("del['a']", _hv_del_a), ("set[0]", _hv_set0), ("set[5]", _hv_set5),
        ("set['a']", _hv_set_a), ("set[1:2]", _hv_set_slice),
        ("truth ==", lambda v: bool(v == v)), ("truth <", lambda v: bool(v < 1)),
        ("if", lambda v: 1 if v else 0), ("not", lambda v: not v),
    ]
    for label, fn in unary:
        for _, vf in full:
            ex.run(f"op {label}", lambda fn=fn, vf=vf: fn(vf()))
    for k in index_keys:
        for _, vf in full:
            ex.run("op getitem", lambda k=k, vf=vf: vf()[k])
    binops = [
        operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod,
        operator.pow, operator.matmul, operator.and_, operator.or_, operator.xor, operator.lshift,
        operator.rshift, operator.lt, operator.le, operator.gt, operator.ge, operator.eq,
        operator.contains, operator.iadd, operator.isub, operator.imul, operator.itruediv,
        operator.imatmul, divmod, operator.getitem, lambda a, b: a(b), lambda a, b: isinstance(a, b),
        lambda a, b: bool(a == b), lambda a, b: bool(a < b),
    ]
    for op in binops:
        for _, af in full:
            for _, bf in full:
                ex.run("op binary", lambda op=op, af=af, bf=bf: op(af(), bf()))
    # attribute access of every public name found on any pool type
    names = set()
    for _, vf in full:
        try:
            names.update(n for n in dir(vf()) if not n.startswith("_"))
        except Exception:  # noqa: BLE001
            pass
    names = sorted(names)
    for n in names:
        for _, vf in full:
            ex.run("op getattr", lambda n=n, vf=vf: getattr(vf(), n))
    # setting and deleting attributes, except on the pool's shared module/type objects
    mutable_ok = [(n, vf) for n, vf in full if not isinstance(vf(), (type, types.ModuleType))]
    for n in names[::7] + ["name"]:
        for _, vf in mutable_ok:
            ex.run("op setattr", lambda n=n, vf=vf: setattr(vf(), n, 1))
            ex.run("op delattr", lambda n=n, vf=vf: delattr(vf(), n))
    # pandas indexers (.loc/.iloc/.at/.iat), found as attributes whose type name ends in Indexer
    for _, vf in full:
        v = vf()
        for n in sorted(dir(v)):
            if n.startswith("_"):
                continue
            try:
                a = getattr(v, n)
            except Exception:  # noqa: BLE001
                continue
            if not type(a).__name__.endswith("Indexer"):
                continue
            for k in list(index_keys) + [kf() for _, kf in full]:
                ex.run("op indexer", lambda vf=vf, n=n, k=k: getattr(vf(), n)[k])
                ex.run("op indexer set", lambda vf=vf, n=n, k=k: getattr(vf(), n).__setitem__(k, 1))


def _hv_sink(*a, **k):
    return a, k


def _hv_with(v):
    with v:
        pass


def _hv_unpack1(v):
    (a,) = v
    return a


def _hv_unpack2(v):
    a, b = v
    return a, b


def _hv_unpack3(v):
    a, b, c = v
    return a, b, c


def _hv_unpack_star(v):
    a, b, *c = v
    return a, b, c


def _hv_del0(v):
    del v[0]


def _hv_del_a(v):
    del v["a"]


def _hv_set0(v):
    v[0] = 1


def _hv_set5(v):
    v[5] = 1


def _hv_set_a(v):
    v["a"] = "x"


def _hv_set_slice(v):
    v[1:2] = 5


def unit_py_methods(ex, sb):
    builtin_types = (str, bytes, bytearray, list, dict, set, frozenset, tuple, int, float, complex,
                     range, bool)
    selves = [(n, f) for n, f in ex.full if type(f()) in builtin_types]
    selves += [(n, f) for n, f in ex.full if n in ("generator", "date", "datetime", "timedelta", "Item()")]
    ex.explore(ex.method_targets(selves), max_pairs=300)


def unit_imports(ex, sb):
    """Imports gone wrong: a module's name misspelt or not installed, a name that one module has asked of
    another that lacks it, an attribute of a module that it does not have. The names come from the
    modules themselves (each asked of the next one in the list), not from a list of cases."""
    import importlib

    names = ["json", "os", "re", "math", "collections", "itertools", "functools", "pathlib", "typing",
             "numpy", "pandas", "torch", "torch.nn", "torch.utils.data", "sklearn", "sklearn.metrics", "yaml"]
    modules = [importlib.import_module(n) for n in names]
    publics = [[a for a in sorted(dir(m)) if not a.startswith("_")][:40] for m in modules]
    for index, (name, module) in enumerate(zip(names, modules)):
        asked = publics[(index + 1) % len(modules)]
        for attr in asked:
            if hasattr(module, attr):
                continue
            ex.run(f"from {name} import {attr}", lambda n=name, a=attr: exec(f"from {n} import {a}", {}))
            ex.run(f"{name}.{attr}", lambda m=module, a=attr: getattr(m, a))
        for variant in (name + "s", name[:-1], name.replace(".", "_"), name.upper(), name + "_utils"):
            ex.run(f"import {variant}", lambda v=variant: importlib.import_module(v))


def unit_losses(ex, sb):
    """Every loss of torch.nn and torch.nn.functional called on every pair of (input, target) shapes and
    dtypes from one small grid: the shape and dtype complaints that any wrong label tensor gets."""
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    shapes = [(4,), (4, 3), (4, 1), (4, 3, 5), (4, 5), (2, 3, 5, 5), (2, 5, 5)]
    dtypes = [torch.float32, torch.int64]
    losses = [(n, c) for n, c in sorted(vars(nn).items()) if isinstance(c, type) and n.endswith("Loss")]
    functional = [(n, f) for n, f in sorted(vars(F).items()) if callable(f) and n.endswith("loss")]

    def tensor(shape, dtype):
        return torch.rand(shape) if dtype.is_floating_point else torch.randint(0, 3, shape)

    for name, loss in losses:
        q = f"torch.nn.{name}"
        if _hv_denied(q):
            continue
        made = ex.run(q, lambda c=loss: c(), keep=True)
        if made is FAILED:
            continue
        for a, b in itertools.product(shapes, shapes):
            for da, db in itertools.product(dtypes, dtypes):
                ex.run(q, lambda m=made, a=a, b=b, da=da, db=db: m(tensor(a, da), tensor(b, db)))
    for name, f in functional:
        q = f"torch.nn.functional.{name}"
        if _hv_denied(q):
            continue
        for a, b in itertools.product(shapes, shapes):
            ex.run(q, lambda f=f, a=a, b=b: f(tensor(a, torch.float32), tensor(b, torch.int64)))


def unit_state_dicts(ex, sb):
    """Every torch.nn layer that can be built at two sizes, each one's state_dict loaded into the other,
    strictly and not, and into a layer of another class: the mismatch messages of any changed model."""
    import torch.nn as nn

    sizes = [(4, 2), (4, 3), (3, 2), (5, 2), (4,), (3,), (2, 4, 3), (3, 4, 3)]
    classes = [(n, c) for n, c in sorted(vars(nn).items()) if isinstance(c, type)
               and issubclass(c, nn.Module) and not n.startswith("_") and c is not nn.Module]
    built = []
    for name, c in classes:
        q = f"torch.nn.{name}"
        if _hv_denied(q):
            continue
        made = [m for m in (ex.run(q, lambda c=c, a=a: c(*a), keep=True) for a in sizes) if m is not FAILED]
        made = [m for m in made if m.state_dict()]
        built += [(q, m) for m in made[:3]]
        for x, y in itertools.permutations(made[:3], 2):
            ex.run(f"{q}.load_state_dict", lambda x=x, y=y: x.load_state_dict(y.state_dict()))
    for (qx, x), (qy, y) in zip(built, built[1:]):
        if qx != qy:
            ex.run(f"{qx}.load_state_dict", lambda x=x, y=y: x.load_state_dict(y.state_dict()))
            container = nn.Sequential(x)
            ex.run("torch.nn.Sequential.load_state_dict", lambda c=container, y=y: c.load_state_dict(y.state_dict()))


def unit_network(ex, sb):
    """The standard library's network clients (and requests' and httpx's), each against every kind
    of peer the loopback can offer: a port where nothing listens, a listener that closes at once,
    one that answers garbage, one that never answers (under a short timeout), a name that never
    resolves (`.invalid` is reserved), addresses and ports out of range; and the server side's
    binds (a port taken, an address this host does not have). Only 127.0.0.1, ::1 and `.invalid`
    names are ever asked: the harvest sends nothing off the machine. These are the errors of any
    program whose server is not up, which the reflection units leave out (they open no sockets)."""
    import asyncio
    import ftplib
    import http.client
    import imaplib
    import poplib
    import smtplib
    import socket
    import threading
    import urllib.request
    import xmlrpc.client

    def listener(behaviour):
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen(64)

        def serve():
            while True:
                try:
                    conn, _ = server.accept()
                except OSError:
                    return
                if behaviour == "closes":
                    conn.close()
                elif behaviour == "garbage":
                    try:
                        conn.sendall(b"\x00\xffnot a protocol\r\n\r\n")
                    except OSError:
                        pass
                    conn.close()
                # "silent": keep it open and say nothing

        threading.Thread(target=serve, daemon=True).start()
        return server.getsockname()[1]

    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    nothing = closed.getsockname()[1]
    closed.close()  # a port where, now, nothing listens
    peers = [("127.0.0.1", nothing), ("localhost", nothing), ("::1", nothing),
             ("127.0.0.1", listener("closes")), ("127.0.0.1", listener("garbage")),
             ("127.0.0.1", listener("silent")), ("nohost.invalid", 80), ("model-server.invalid", 8000),
             ("", 0), ("256.0.0.1", 80), ("127.0.0.1", 70000), ("127.0.0.1", -1)]
    timeout = 0.3

    async def async_open(host, port):
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        await asyncio.wait_for(reader.read(1), timeout)
        writer.close()

    clients = [
        ("socket.create_connection", lambda h, p: socket.create_connection((h, p), timeout=timeout).recv(1)),
        ("socket.socket.connect", lambda h, p: socket.socket().connect((h, p))),
        ("socket.getaddrinfo", lambda h, p: socket.getaddrinfo(h, p)),
        ("socket.gethostbyname", lambda h, p: socket.gethostbyname(h)),
        ("http.client.HTTPConnection.request",
         lambda h, p: (c := http.client.HTTPConnection(h, p, timeout=timeout)).request("GET", "/") or c.getresponse()),
        ("urllib.request.urlopen", lambda h, p: urllib.request.urlopen(f"http://{h}:{p}/predict", timeout=timeout)),
        ("urllib.request.urlopen https", lambda h, p: urllib.request.urlopen(f"https://{h}:{p}/", timeout=timeout)),
        ("xmlrpc.client.ServerProxy", lambda h, p: xmlrpc.client.ServerProxy(f"http://{h}:{p}/").ping()),
        ("smtplib.SMTP", lambda h, p: smtplib.SMTP(h, p, timeout=timeout)),
        ("ftplib.FTP", lambda h, p: ftplib.FTP(h, timeout=timeout).connect(h, p, timeout=timeout)),
        ("imaplib.IMAP4", lambda h, p: imaplib.IMAP4(h, p, timeout=timeout)),
        ("poplib.POP3", lambda h, p: poplib.POP3(h, p, timeout=timeout)),
        ("asyncio.open_connection", lambda h, p: asyncio.run(async_open(h, p))),
    ]
    clients += _http_library_clients(timeout)
    for (name, client), (host, port) in itertools.product(clients, peers):
        ex.run(name, lambda c=client, h=host, p=port: c(h, p))
    taken = listener("silent")
    for family, host, port in ((socket.AF_INET, "127.0.0.1", taken), (socket.AF_INET, "10.255.255.1", 0),
                               (socket.AF_INET, "127.0.0.1", 70000), (socket.AF_INET6, "::1", taken),
                               (socket.AF_INET, "nohost.invalid", 0)):
        ex.run("socket.socket.bind", lambda f=family, h=host, p=port: socket.socket(f).bind((h, p)))


def _http_library_clients(timeout):
    """The HTTP clients most programs use instead of urllib (requests; httpx, which FastAPI's
    TestClient is built on), where installed: their connection errors are as ordinary as the
    standard library's (a server that is not up), and a background that holds only urllib's
    `Connection refused` leaves their class names to the first entry that says `connect`. Both
    offer the same module-level `get` and `post`."""
    import importlib

    clients = []
    for name in ("httpx", "requests"):
        try:
            library = importlib.import_module(name)
        except ImportError:
            continue
        clients += [
            (f"{name}.get", lambda h, p, m=library: m.get(f"http://{h}:{p}/predict", timeout=timeout)),
            (f"{name}.get https", lambda h, p, m=library: m.get(f"https://{h}:{p}/", timeout=timeout)),
            (f"{name}.post", lambda h, p, m=library: m.post(f"http://{h}:{p}/predict", json={}, timeout=timeout)),
        ]
    return clients


# Tasks for the processes unit's executors and pools. They live at module level so that spawned
# children can import them; each fails the way a step of a data or training job fails.
def _task_index(n):
    return [0, 1][n + 5]


def _task_key(n):
    return {"text": n}["label"]


def _task_exits(n):
    os._exit(1)


def _task_killed(n):
    os.kill(os.getpid(), signal.SIGKILL)


def _task_slow(n):
    time.sleep(3)


def _task_returns_lock(n):
    import threading
    return threading.Lock()


class ShardError(Exception):
    """An exception a user defines with two arguments: it cannot be rebuilt from its pickle."""

    def __init__(self, shard, reason):
        super().__init__(f"shard {shard}: {reason}")


def _task_raises_two_arg_error(n):
    raise ShardError(n, "corrupt")


def _task_arguments(a, b):
    return a + b


def unit_processes(ex, sb):
    """Programs and processes, the way a job starts and waits for them: every subprocess API on every
    kind of program that goes wrong (missing, a folder, not executable, a bad interpreter line,
    exiting non-zero, killed by a signal, slower than its timeout, printing bytes that are not text)
    with the options that decide how a failure surfaces (check, timeout, text, cwd, env); every
    executor and pool (threads, and processes under fork, spawn and forkserver) on every kind of
    task that fails (raising, exiting, killed, too slow, not picklable, returning or raising what
    cannot be pickled), collected every way (result with a timeout, map, as_completed, after
    shutdown); the methods of locks, conditions, semaphores, barriers, queues and processes called in
    the wrong state; event-loop misuse; signal handlers; process ids that do not exist; descriptor
    and memory limits reached. The reflection units spawn, signal and thread nothing (DENY_PATTERNS),
    so none of these were in the background. Children are killed and reaped after every call, only
    the sandbox is written, and a signal is only ever sent to this process's own children or to a
    pid above the kernel's pid_max (which no process can have)."""
    import asyncio
    import concurrent.futures as futures
    import fcntl
    import multiprocessing
    import queue
    import resource
    import threading

    ex.rec.drop_if = ("ShardError: shard",)  # the message _task_raises_two_arg_error makes up

    def program(name, body=None, mode=0o755):
        def make():
            path = os.path.join(sb.root, name)
            if body is not None:
                with open(path, "w") as f:
                    f.write(body)
                os.chmod(path, mode)
            return path
        return make

    py = sys.executable
    programs = [
        ("missing program", lambda: ["preprocess-data", "--split", "train"]),
        ("missing path", lambda: [os.path.join(sb.root, "scripts", "train.sh")]),
        ("a folder", lambda: [sb.dir]),
        ("not executable", lambda: [program("train.sh", "#!/bin/sh\necho hi\n", 0o644)()]),
        ("bad interpreter", lambda: [program("train.sh", "#!/opt/conda/bin/python3\nprint(1)\n")()]),
        ("empty executable", lambda: [program("train.sh", "")()]),
        ("a command line as one string", lambda: "python train.py --epochs 3"),
        ("exits 1", lambda: [py, "-c", "import sys; sys.exit(1)"]),
        ("exits 2 with stderr", lambda: ["sh", "-c", "echo 'error: no such option' >&2; exit 2"]),
        ("shell: command not found", lambda: ["sh", "-c", "train-model --config x.yaml"]),
        ("killed", lambda: ["sh", "-c", "kill -9 $$"]),
        ("segfault", lambda: [py, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"]),
        ("slow", lambda: [py, "-c", "import time; time.sleep(5)"]),
        ("bytes out", lambda: [py, "-c", "import sys; sys.stdout.buffer.write(bytes(range(128, 256)))"]),
        ("None argument", lambda: ["echo", None]),
        ("int argument", lambda: ["echo", 3]),
        ("NUL in argument", lambda: ["echo", "a\0b"]),
        ("empty command", lambda: []),
    ]
    quiet = {"stdin": subprocess.DEVNULL}
    apis = [
        ("subprocess.run check", lambda c: subprocess.run(c, check=True, timeout=0.5, capture_output=True, **quiet)),
        ("subprocess.run text", lambda c: subprocess.run(c, check=True, timeout=0.5, capture_output=True,
                                                          text=True, **quiet)),
        ("subprocess.check_call", lambda c: subprocess.check_call(c, timeout=0.5, stdout=subprocess.DEVNULL,
                                                                  stderr=subprocess.DEVNULL, **quiet)),
        ("subprocess.check_output", lambda c: subprocess.check_output(c, timeout=0.5, stderr=subprocess.STDOUT,
                                                                      **quiet)),
        ("subprocess.check_output text", lambda c: subprocess.check_output(c, timeout=0.5, text=True,
                                                                           stderr=subprocess.DEVNULL, **quiet)),
        ("subprocess.Popen.communicate", _popen_then(lambda p: p.communicate(timeout=0.5))),
        ("subprocess.Popen.wait", _popen_then(lambda p: p.wait(timeout=0.5))),
        ("subprocess.run missing cwd", lambda c: subprocess.run(c, cwd=os.path.join(sb.root, "runs", "exp1"),
                                                                timeout=0.5, capture_output=True, **quiet)),
        ("subprocess.run env with an int", lambda c: subprocess.run(c, env={"CUDA_VISIBLE_DEVICES": 0},
                                                                    timeout=0.5, capture_output=True, **quiet)),
        ("subprocess.run shell", lambda c: subprocess.run(c if isinstance(c, str) else " ".join(map(str, c)),
                                                          shell=True, check=True, timeout=0.5,
                                                          capture_output=True, **quiet)),
    ]
    for (api, call), (kind, command) in itertools.product(apis, programs):
        ex.run(f"{api} / {kind}", lambda call=call, command=command: call(command()))

    # The event loop, misused.
    async def sleeps():
        await asyncio.sleep(1)

    async def fails():
        return [0][3]

    async def nested_run():
        return asyncio.run(sleeps())

    async def waits_too_little():
        return await asyncio.wait_for(sleeps(), 0.05)

    async def timeout_block():
        async with asyncio.timeout(0.05):
            await sleeps()

    async def cancelled():
        task = asyncio.ensure_future(sleeps())
        await asyncio.sleep(0)
        task.cancel()
        return await task

    async def unset_future():
        return asyncio.get_running_loop().create_future().result()

    async def awaits_int():
        return await 3

    async def group_fails():
        async with asyncio.TaskGroup() as group:
            group.create_task(fails())
            group.create_task(sleeps())

    async def gathers():
        return await asyncio.gather(fails(), sleeps())

    async def releases_lock():
        asyncio.Lock().release()

    async def empty_queue():
        return asyncio.Queue().get_nowait()

    async def full_queue():
        q = asyncio.Queue(1)
        q.put_nowait(1)
        q.put_nowait(2)

    async def loop_in_loop():
        return asyncio.new_event_loop().run_until_complete(sleeps())

    async def running_loop_again():
        loop = asyncio.get_running_loop()
        return loop.run_until_complete(sleeps())

    async def other_loops_future():
        other = asyncio.new_event_loop()
        try:
            return await other.create_future()
        finally:
            other.close()

    async def blocking_in_executor():
        loop = asyncio.get_running_loop()
        executor = futures.ThreadPoolExecutor(1)
        executor.shutdown()
        return await loop.run_in_executor(executor, int)

    coroutines = [nested_run, waits_too_little, timeout_block, cancelled, unset_future, awaits_int, group_fails,
                  gathers, releases_lock, empty_queue, full_queue, loop_in_loop, running_loop_again,
                  other_loops_future, blocking_in_executor, fails]

    def closed_loop(coroutine):
        loop = asyncio.new_event_loop()
        loop.close()
        return loop.run_until_complete(coroutine)

    runners = [("asyncio.run", asyncio.run), ("run_until_complete", lambda c: _new_loop_runs(asyncio, c)),
               ("closed loop", closed_loop)]
    for (how, runner), coroutine in itertools.product(runners, coroutines):
        ex.run(f"{how} / {coroutine.__name__}", lambda r=runner, c=coroutine: r(c()))
    for value in (sleeps, None, 3, "main", fails(), asyncio.sleep):
        ex.run("asyncio.run", lambda v=value: asyncio.run(v))
    ex.run("asyncio.get_running_loop", asyncio.get_running_loop)
    ex.run("asyncio.create_task", lambda: asyncio.create_task(sleeps()))
    ex.run("asyncio.Future().result", lambda: asyncio.Future(loop=asyncio.new_event_loop()).result())

    # Signal handlers: every signal kind with every handler kind, from the main thread and from
    # another; the handler in place is put back after each call. SIGALRM is this harness's timer.
    def from_thread(call):
        errors = []

        def run():
            try:
                call()
            except BaseException as e:  # noqa: BLE001 - carried to the caller
                errors.append(e)
        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
        if errors:
            raise errors[0]

    def installs(number, handler):
        old = signal.getsignal(signal.SIGTERM)
        try:
            signal.signal(number, handler)
        finally:
            signal.signal(signal.SIGTERM, old)

    numbers = [signal.SIGTERM, signal.SIGKILL, signal.SIGSTOP, 0, 999, -1, "SIGTERM", None]
    handlers = [lambda s, f: None, signal.SIG_IGN, None, "ignore", 0]
    for number, handler in itertools.product(numbers, handlers):
        ex.run("signal.signal", lambda n=number, h=handler: installs(n, h))
        ex.run("signal.signal in a thread", lambda n=number, h=handler: from_thread(lambda: installs(n, h)))
    for value in (-1, "5", None):
        ex.run("signal.getsignal", lambda v=value: signal.getsignal(v))
        ex.run("signal.pthread_kill", lambda v=value: signal.pthread_kill(threading.get_ident(), v))
        ex.run("signal.strsignal", lambda v=value: signal.strsignal(v))
    ex.run("signal.pthread_kill gone thread", lambda: signal.pthread_kill(_gone_thread(threading), 0))

    # Process ids no process has: above the kernel's pid_max.
    try:
        with open("/proc/sys/kernel/pid_max") as f:
            nobody = int(f.read()) + 1
    except (OSError, ValueError):
        nobody = 2 ** 22 + 1
    for call in (lambda: os.kill(nobody, 0), lambda: os.kill(nobody, signal.SIGTERM),
                 lambda: os.killpg(nobody, signal.SIGTERM), lambda: os.getpgid(nobody),
                 lambda: os.getsid(nobody), lambda: os.waitpid(nobody, 0), lambda: os.waitpid(-1, 0),
                 lambda: os.wait(), lambda: os.kill(os.getpid(), 99), lambda: os.kill(os.getpid(), -1),
                 lambda: os.sched_getaffinity(nobody), lambda: os.kill("1234", 0)):
        ex.run("os process call", call)

    # Locks on files, and pipes whose other end is gone.
    def locked_twice(kind):
        path = os.path.join(sb.root, "train.lock")
        with open(path, "w") as first, open(path, "w") as second:
            if kind == "flock":
                fcntl.flock(first, fcntl.LOCK_EX)
                fcntl.flock(second, fcntl.LOCK_EX | fcntl.LOCK_NB)
            else:
                child = os.fork()
                if child == 0:  # the child holds the lock; lockf locks belong to processes
                    fcntl.lockf(first, fcntl.LOCK_EX)
                    time.sleep(0.5)
                    os._exit(0)
                time.sleep(0.1)
                try:
                    fcntl.lockf(second, fcntl.LOCK_EX | fcntl.LOCK_NB)
                finally:
                    os.waitpid(child, 0)

    def broken_pipe(how):
        if how == "pipe":
            read, write = os.pipe()
            os.close(read)
            try:
                os.write(write, b"x")
            finally:
                os.close(write)
        else:
            child = subprocess.Popen([py, "-c", "pass"], stdin=subprocess.PIPE)
            child.wait()
            try:
                child.stdin.write(b"x" * 100_000)
                child.stdin.flush()
            finally:
                try:
                    child.stdin.close()
                except OSError:
                    pass

    for kind in ("flock", "lockf"):
        ex.run(f"fcntl.{kind} held", lambda k=kind: locked_twice(k))
    for how in ("pipe", "subprocess stdin"):
        ex.run(f"write to a closed {how}", lambda h=how: broken_pipe(h))
    ex.run("fcntl.flock bad fd", lambda: fcntl.flock(12345, fcntl.LOCK_EX))

    # Limits reached: open descriptors, then memory (the soft limit lowered for the call only).
    import socket

    def with_limit(which, soft, call):
        old = resource.getrlimit(which)
        resource.setrlimit(which, (soft, old[1]))
        kept = []
        try:
            for _ in range(10_000):
                kept.append(call())
        finally:
            for thing in kept:
                try:
                    thing.close()
                except Exception:  # noqa: BLE001
                    pass
            resource.setrlimit(which, old)

    def open_descriptors():
        return len(os.listdir("/proc/self/fd"))

    import numpy
    import torch
    openers = [
        ("open", lambda: open(sb.empty)), ("socket.socket", socket.socket),
        ("subprocess.Popen", lambda: subprocess.Popen(["true"], stdout=subprocess.PIPE)),
        ("os.pipe", lambda: _Closing(os.pipe())), ("tempfile.TemporaryFile", tempfile.TemporaryFile),
        ("multiprocessing.Queue", lambda: multiprocessing.Queue()),
        ("selectors", lambda: __import__("selectors").DefaultSelector()),
    ]
    for name, opener in openers:
        ex.run(f"descriptors exhausted / {name}",
               lambda o=opener: with_limit(resource.RLIMIT_NOFILE, open_descriptors() + 8, o))
    gigabyte = 1024 ** 3
    allocations = [
        ("bytearray", lambda: bytearray(2 * gigabyte)), ("list", lambda: [0] * (gigabyte // 2)),
        ("numpy.zeros", lambda: numpy.zeros((50_000, 10_000))), ("torch.empty", lambda: torch.empty(50_000, 10_000)),
        ("torch.randn", lambda: torch.randn(30_000, 30_000)), ("threading.Thread.start", lambda: _started_threads(threading)),
    ]
    for name, allocate in allocations:
        ex.run(f"memory exhausted / {name}",
               lambda a=allocate: with_limit(resource.RLIMIT_AS, _address_space() + 256 * 1024 ** 2, a))


    # Executors and pools: each call starts processes or threads, and one is left to a short timeout.
    def stop(executor):
        for child in multiprocessing.active_children():
            child.kill()
        if hasattr(executor, "terminate"):
            executor.terminate()
        else:
            executor.shutdown(wait=False, cancel_futures=True)
        for child in multiprocessing.active_children():
            child.join(1)

    def using(make, use):
        def call():
            executor = make()
            try:
                return use(executor)
            finally:
                stop(executor)
        return call

    def local_task(n):
        return n

    tasks = [("index", _task_index), ("key", _task_key), ("exits", _task_exits), ("killed", _task_killed),
             ("slow", _task_slow), ("returns a lock", _task_returns_lock),
             ("raises a two-argument error", _task_raises_two_arg_error), ("arguments", _task_arguments),
             ("lambda", lambda n: n), ("local function", local_task)]
    executors = [("ThreadPoolExecutor", lambda: futures.ThreadPoolExecutor(2))] + [
        (f"ProcessPoolExecutor {method}",
         lambda m=method: futures.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context(m)))
        for method in ("fork", "spawn", "forkserver")
    ]
    collections = [
        ("submit().result", lambda e, t: e.submit(t, 1).result(timeout=1)),
        ("map", lambda e, t: list(e.map(t, [1, 2], timeout=1))),
        ("as_completed", lambda e, t: [f.result() for f in futures.as_completed(
            [e.submit(t, n) for n in (1, 2)], timeout=1)]),
        ("submit after shutdown", lambda e, t: (e.shutdown(wait=False), e.submit(t, 1))),
    ]
    for (name, make), (how, collect), (kind, task) in itertools.product(executors, collections, tasks):
        if name == "ThreadPoolExecutor" and kind in ("exits", "killed"):
            continue  # a thread's exit is this process's
        ex.run(f"{name} {how} / {kind}", using(make, lambda e, c=collect, t=task: c(e, t)))
    pools = [(f"Pool {method}", lambda m=method: multiprocessing.get_context(m).Pool(2)) for method in ("fork", "spawn")]
    pool_collections = [
        ("map_async().get", lambda p, t: p.map_async(t, [1, 2]).get(timeout=1)),
        ("apply_async().get", lambda p, t: p.apply_async(t, (1,)).get(timeout=1)),
        ("imap", lambda p, t: [p.imap(t, [1, 2]).next(timeout=1)]),
        ("starmap_async().get", lambda p, t: p.starmap_async(t, [(1,), (2,)]).get(timeout=1)),
        ("map after close", lambda p, t: (p.close(), p.map(t, [1]))),
    ]
    for (name, make), (how, collect), (kind, task) in itertools.product(pools, pool_collections, tasks):
        ex.run(f"{name} {how} / {kind}", using(make, lambda p, c=collect, t=task: c(p, t)))
    for bad in (0, -1, "2", 2.5):
        ex.run("ProcessPoolExecutor(max_workers)", lambda b=bad: futures.ProcessPoolExecutor(b))
        ex.run("ThreadPoolExecutor(max_workers)", lambda b=bad: futures.ThreadPoolExecutor(b))
        ex.run("multiprocessing.Pool(processes)", using(lambda b=bad: multiprocessing.Pool(b), lambda p: p))
    for method in ("threads", "fork-server", "", None, 1):
        ex.run("multiprocessing.get_context", lambda m=method: multiprocessing.get_context(m))
        ex.run("multiprocessing.set_start_method", lambda m=method: multiprocessing.set_start_method(m))
    ex.run("multiprocessing.set_start_method twice", lambda: (
        multiprocessing.set_start_method("fork"), multiprocessing.set_start_method("spawn")))

    # Synchronisation objects and processes, each method called in a wrong state: fresh, held or
    # filled, after a close or a start. A call that would block waits at most 0.1 s.
    def held(lock):
        lock.acquire()
        return lock

    def full(q):
        q.put(1)
        return q

    def started(thread):
        thread.start()
        thread.join()
        return thread

    def broken_barrier():
        barrier = threading.Barrier(2)
        barrier.abort()
        return barrier

    objects = [
        ("Lock", threading.Lock), ("Lock held", lambda: held(threading.Lock())),
        ("RLock", threading.RLock), ("Condition", threading.Condition),
        ("Semaphore", lambda: threading.Semaphore(0)), ("BoundedSemaphore", lambda: threading.BoundedSemaphore(1)),
        ("Event", threading.Event), ("Barrier", lambda: threading.Barrier(2)), ("Barrier aborted", broken_barrier),
        ("Thread", lambda: threading.Thread(target=_task_index, args=(0,))),
        ("Thread started", lambda: started(threading.Thread(target=int))),
        ("Timer", lambda: threading.Timer(0.01, int)),
        ("Queue", lambda: queue.Queue(1)), ("Queue full", lambda: full(queue.Queue(1))),
        ("LifoQueue", lambda: queue.LifoQueue(1)), ("SimpleQueue", queue.SimpleQueue),
        ("multiprocessing.Queue", lambda: multiprocessing.Queue(1)),
        ("multiprocessing.Queue closed", lambda: _closed(multiprocessing.Queue(1))),
        ("multiprocessing.Lock", multiprocessing.Lock), ("multiprocessing.Event", multiprocessing.Event),
        ("multiprocessing.Semaphore", lambda: multiprocessing.Semaphore(0)),
        ("multiprocessing.Process", lambda: multiprocessing.Process(target=int)),
        ("multiprocessing.Process running", lambda: _running(multiprocessing.Process(target=time.sleep, args=(1,)))),
        ("multiprocessing.Process closed", lambda: _closed(multiprocessing.Process(target=int))),
        ("Pipe end", lambda: multiprocessing.Pipe()[0]),
    ]
    argument_sets = [(), (0.1,), (False,), (True, 0.1), (False, 0.1), (-1,)]
    for (name, make), arguments in itertools.product(objects, argument_sets):
        try:
            sample = make()
        except Exception:  # noqa: BLE001 - an object that cannot be made has no methods to call
            continue
        methods = _public_methods(sample)
        _reap(multiprocessing)
        for method in methods:
            def call(make=make, method=method, arguments=arguments):
                target = make()
                try:
                    return getattr(target, method)(*arguments)
                finally:
                    _reap(multiprocessing)
            ex.run(f"{name}.{method}", call)
    ex.run("Thread.join self", lambda: threading.current_thread().join())
    for value in (-1, 0.5, "1"):
        ex.run("threading.Semaphore", lambda v=value: threading.Semaphore(v))
        ex.run("threading.Barrier", lambda v=value: threading.Barrier(v))



def _popen_then(finish):
    def call(command):
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            return finish(process)
        finally:
            process.kill()
            process.wait()
    return call


def _public_methods(thing):
    """THING's public methods; a property that raises in this state (a process's sentinel before
    start) is not one."""
    methods = []
    for name in dir(thing):
        try:
            if not name.startswith("_") and callable(getattr(thing, name)):
                methods.append(name)
        except Exception:  # noqa: BLE001
            continue
    return methods


def _reap(multiprocessing):
    for child in multiprocessing.active_children():
        child.kill()
        child.join(1)


def _new_loop_runs(asyncio, coroutine):
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(coroutine)
    finally:
        loop.close()


def _closed(thing):
    thing.close()
    return thing


def _running(process):
    process.start()
    return process


def _gone_thread(threading):
    thread = threading.Thread(target=int)
    thread.start()
    ident = thread.ident
    thread.join()
    return ident


class _Closing:
    """A pair of descriptors that close as one."""

    def __init__(self, pair):
        self.pair = pair

    def close(self):
        for fd in self.pair:
            os.close(fd)


def _started_threads(threading):
    thread = threading.Thread(target=time.sleep, args=(0.2,), daemon=True)
    thread.start()
    return _Closing(())


def _address_space():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 8 * 1024 ** 3


def unit_builtins(ex, sb):
    import builtins
    ex.explore(ex.module_targets(builtins, "builtins", class_methods=True))


def _hv_stdlib_targets(ex, names, class_methods=True):
    import importlib
    targets = []
    for modname in names:
        mod = importlib.import_module(modname)
        targets += ex.module_targets(mod, modname, class_methods=class_methods)
    return targets


def unit_stdlib(ex, sb):
    import collections
    import csv
    import datetime
    import io
    import json
    import re as re_
    targets = _hv_stdlib_targets(ex, ["math", "json", "re", "csv", "datetime", "collections",
                                      "itertools", "functools", "random", "statistics", "pickle"])
    selves = [
        ("date", lambda: datetime.date(2024, 1, 31)), ("datetime", lambda: datetime.datetime(2024, 1, 31)),
        ("timedelta", lambda: datetime.timedelta(hours=1)), ("Counter", lambda: collections.Counter("abca")),
        ("deque", lambda: collections.deque([1, 2], maxlen=3)), ("OrderedDict", lambda: collections.OrderedDict(a=1)),
        ("defaultdict", lambda: collections.defaultdict(list)), ("Pattern", lambda: re_.compile(r"(a)(?P<n>b)?")),
        ("Match", lambda: re_.match(r"(a)(?P<n>b)?", "ab")), ("csv writer", lambda: csv.writer(io.StringIO())),
        ("csv reader", lambda: csv.reader(io.StringIO("a,b\n1,2\n"))),
        ("DictWriter", lambda: csv.DictWriter(io.StringIO(), fieldnames=["a", "b"])),
        ("JSONDecoder", lambda: json.JSONDecoder()), ("Random", lambda: random.Random(0)),
    ]
    targets += ex.method_targets(selves)
    ex.explore(targets)


def unit_stdlib_more(ex, sb):
    names = ["struct", "base64", "binascii", "hashlib", "zlib", "gzip", "decimal", "fractions", "uuid",
             "ast", "importlib", "copy", "inspect", "string", "textwrap", "unicodedata", "codecs",
             "tomllib", "xml.etree.ElementTree", "time", "calendar", "heapq", "bisect", "shlex",
             "urllib.parse", "ipaddress", "dataclasses", "enum", "operator", "array", "fnmatch",
             "glob", "locale", "typing", "contextlib", "weakref", "zipfile", "tarfile", "io"]
    ex.explore(_hv_stdlib_targets(ex, names), max_pairs=200)


def unit_stdlib_fs(ex, sb):
    import pathlib
    targets = _hv_stdlib_targets(ex, ["os", "os.path", "shutil", "subprocess"], class_methods=False)
    targets += ex.module_targets(pathlib, "pathlib", class_methods=True)
    selves = [("Path missing", lambda: pathlib.Path(sb.missing)), ("Path dir", lambda: pathlib.Path(sb.dir)),
              ("Path empty", lambda: pathlib.Path(sb.empty)), ("Path file", lambda: pathlib.Path(sb.dir_file)),
              ("Path ''", lambda: pathlib.Path(""))]
    # Path methods, qualified as Path.<name> for the deny list
    for q, g in ex.method_targets(selves):
        targets.append((q.replace("PosixPath.", "Path."), g))
    ex.explore(targets)


def unit_yaml(ex, sb):
    import yaml
    ex.explore(ex.module_targets(yaml, "yaml", class_methods=False))
    # the loaders' constructors on text that only parses in part
    ex.explore([("yaml.safe_load", lambda: yaml.safe_load), ("yaml.load", lambda: yaml.load),
                ("yaml.full_load", lambda: yaml.full_load), ("yaml.safe_dump", lambda: yaml.safe_dump)],
               single_pool=[(repr(s), lambda s=s: s) for s in _hv_text_variants()])


def _hv_text_variants():
    """Systematic damage of a few valid serializations (made by code, not written out here)."""
    import yaml
    obj = {"name": "item", "values": [1, 2, 3], "nested": {"a": True, "b": None}}
    texts = [json.dumps(obj), json.dumps(obj, indent=2), yaml.safe_dump(obj), "a,b\n1,2\n3,4\n",
             '[tool]\nname = "item"\n', "<root><a>1</a></root>"]
    out = []
    for t in texts:
        n = len(t)
        out += [t, t[: n // 2], t[: n // 4], t[:-1], t[1:], t.replace(":", "", 1), t.replace(",", ",,", 1),
                t.replace('"', "'"), t.replace("  ", "\t"), "\t" + t, t + "}", t + ":\n- x", "\ufeff" + t]
    return out


def unit_numpy(ex, sb):
    import numpy as np
    targets = ex.module_targets(np, "numpy", class_methods=False)
    ex.explore(targets)


def unit_numpy_more(ex, sb):
    import numpy as np
    targets = ex.module_targets(np.linalg, "numpy.linalg")
    targets += ex.module_targets(np.random, "numpy.random", class_methods=False)
    selves = [(n, f) for n, f in ex.full if isinstance(f(), np.ndarray) and n in
              ("np.arange(3)", "np.zeros((2,3))", "np str", "np 0-d", "np empty", "np object")]
    targets += ex.method_targets(selves)
    ex.explore(targets)


def unit_pandas(ex, sb):
    import pandas as pd
    ex.explore(ex.module_targets(pd, "pandas", class_methods=False))


def unit_pandas_frame(ex, sb):
    import pandas as pd
    selves = [("df", lambda: pd.DataFrame({"a": [1, 2], "b": [3.0, 4.0]})),
              ("df mixed", lambda: pd.DataFrame({"x": ["a", "b"], "y": [1.0, None]})),
              ("df empty", lambda: pd.DataFrame()),
              ("groupby", lambda: pd.DataFrame({"a": [1, 1, 2], "b": [3.0, 4.0, 5.0]}).groupby("a")),
              ("rolling", lambda: pd.DataFrame({"a": [1.0, 2.0, 3.0]}).rolling(2))]
    ex.explore(ex.method_targets(selves), max_pairs=250)


def unit_pandas_series(ex, sb):
    import pandas as pd
    selves = [("s int", lambda: pd.Series([1, 2, 3])), ("s str", lambda: pd.Series(["a", "b"])),
              ("s dates", lambda: pd.Series(pd.date_range("2024-01-01", periods=3))),
              ("index", lambda: pd.Index(["a", "b"])),
              ("str accessor", lambda: pd.Series(["a", "b"]).str)]
    ex.explore(ex.method_targets(selves), max_pairs=250)


def unit_torch(ex, sb):
    import torch
    ex.explore(ex.module_targets(torch, "torch", class_methods=False))


def unit_torch_more(ex, sb):
    import torch
    import torch.autograd
    import torch.distributions
    import torch.nn.functional
    import torch.nn.init
    import torch.nn.utils
    import torch.utils.data
    targets = []
    for mod, name in ((torch.nn.functional, "torch.nn.functional"), (torch.linalg, "torch.linalg"),
                      (torch.fft, "torch.fft"), (torch.special, "torch.special"),
                      (torch.nn.init, "torch.nn.init"), (torch.nn.utils, "torch.nn.utils"),
                      (torch.autograd, "torch.autograd"), (torch.utils.data, "torch.utils.data"),
                      (torch.distributions, "torch.distributions")):
        targets += ex.module_targets(mod, name, class_methods=False)
    ex.explore(targets)


def unit_tensor(ex, sb):
    import torch
    selves = [("t zeros 2x3", lambda: torch.zeros(2, 3)), ("t arange", lambda: torch.arange(3)),
              ("t scalar", lambda: torch.tensor(1.5)), ("t grad", lambda: torch.ones(2, 3, requires_grad=True)),
              ("t empty", lambda: torch.zeros(0)), ("t bool", lambda: torch.tensor([True, False])),
              ("t half 2x3x4", lambda: torch.zeros(2, 3, 4, dtype=torch.float16))]
    ex.explore(ex.method_targets(selves))


def _hv_tensor_pool():
    import torch
    shapes = [(), (3,), (2, 3), (2, 4), (3, 4), (2, 3, 5), (2, 4, 5), (2, 3, 5, 5), (2, 4, 5, 5),
              (2, 3, 5, 5, 5), (0, 3), (1, 3)]
    out = [(f"float{s}", lambda s=s: torch.ones(s)) for s in shapes]
    out += [("long(2,3)", lambda: torch.tensor([[0, 1, 2], [5, 1, 0]])), ("long(2,)", lambda: torch.tensor([0, 7])),
            ("long(4,)", lambda: torch.tensor([0, 1, 1, 2])), ("double(2,3)", lambda: torch.zeros(2, 3, dtype=torch.float64)),
            ("half(2,3)", lambda: torch.zeros(2, 3, dtype=torch.float16)), ("bool(2,3)", lambda: torch.zeros(2, 3, dtype=torch.bool)),
            ("complex(2,3)", lambda: torch.zeros(2, 3, dtype=torch.complex64)), ("neg(2,3)", lambda: -torch.ones(2, 3))]
    return out


def unit_nn(ex, sb):
    import inspect
    import torch
    import torch.nn as nn
    import torch.utils.data as tud
    tpool = _hv_tensor_pool()
    others = [(n, f) for n, f in ex.small if not n.startswith("t ")]
    layer_classes = [(n, c) for n, c in sorted(vars(nn).items()) if isinstance(c, type)
                     and issubclass(c, nn.Module) and not n.startswith("_") and c is not nn.Module]
    size_args = [(4, 2), (3, 4), (3, 4, 2), (3,), (4,), ()]
    made = []  # (qualname, constructor args, instance)
    for n, c in layer_classes:
        q = f"torch.nn.{n}"
        if _hv_denied(q):
            continue
        first = inst = None
        for args in size_args:
            r = ex.run(q, lambda c=c, args=args: c(*args), keep=True)
            if r is not FAILED and first is None:
                first, inst = args, r
        if first is None:
            continue
        made.append((q, inst))
        try:
            params = [p for p in inspect.signature(c.__init__).parameters.values()
                      if p.name != "self" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        except (TypeError, ValueError):
            params = []
        for p in params:
            for _, vf in ex.small:
                ex.run(q, lambda c=c, a=first, p=p.name, vf=vf: c(*a, **{p: vf()}))
    # forward calls reuse one instance per class (a forward that fails changes nothing)
    for q, m in made:
        for _, tf in tpool + others:
            ex.run(q, lambda m=m, tf=tf: m(tf()))
    for q, m in made:
        for _, tf in tpool:
            ex.run(q, lambda m=m, tf=tf: m(tf(), tf(), tf()))
    for (_, af), (_, bf) in itertools.product(tpool, tpool):
        for q, m in made:
            ex.run(q, lambda m=m, af=af, bf=bf: m(af(), bf()))
    # methods of module instances
    selves = [("Linear", lambda: nn.Linear(3, 2)), ("Sequential", lambda: nn.Sequential(nn.Linear(3, 2), nn.ReLU())),
              ("LSTM", lambda: nn.LSTM(3, 4)), ("ModuleList", lambda: nn.ModuleList([nn.Linear(3, 2)])),
              ("ModuleDict", lambda: nn.ModuleDict({"a": nn.Linear(3, 2)}))]
    ex.explore(ex.method_targets(selves), max_pairs=150)

    # optimizers and schedulers: every class, positional args from the pool, then each keyword
    def params():
        return list(nn.Linear(3, 2).parameters())

    def opt():
        return torch.optim.SGD(params(), lr=0.1)
    for modname, mod, base in (("torch.optim", torch.optim, params),
                               ("torch.optim.lr_scheduler", torch.optim.lr_scheduler, opt)):
        for n, c in sorted(vars(mod).items()):
            if n.startswith("_") or not isinstance(c, type):
                continue
            q = f"{modname}.{n}"
            ex.run(q, lambda c=c: c())
            for _, vf in ex.full:
                ex.run(q, lambda c=c, vf=vf: c(vf()))
            ex.run(q, lambda c=c, base=base: c(base()).step())
            try:
                ps = [p for p in inspect.signature(c.__init__).parameters.values()
                      if p.name not in ("self", "params", "optimizer")
                      and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
            except (TypeError, ValueError):
                ps = []
            for p in ps:
                for _, vf in ex.small:
                    ex.run(q, lambda c=c, base=base, p=p.name, vf=vf: c(base(), **{p: vf()}))
    selves = [("SGD", opt), ("Adam", lambda: torch.optim.Adam(params())),
              ("StepLR", lambda: torch.optim.lr_scheduler.StepLR(opt(), 1))]
    ex.explore(ex.method_targets(selves), max_pairs=150)
    # DataLoader over datasets made of pool values, iterated (num_workers=0)
    for _, vf in ex.full:
        ex.run("DataLoader", lambda vf=vf: list(tud.DataLoader([vf(), vf()], batch_size=2)))
        ex.run("DataLoader", lambda vf=vf: list(tud.DataLoader(vf(), batch_size=2)))
        ex.run("DataLoader", lambda vf=vf: list(tud.DataLoader([(vf(), 1), (vf(), 2)], batch_size=2)))
    for (_, af), (_, bf) in itertools.product(ex.small, ex.small):
        ex.run("DataLoader", lambda af=af, bf=bf: list(tud.DataLoader([af(), bf()], batch_size=2)))
        ex.run("DataLoader", lambda af=af, bf=bf: list(tud.DataLoader([{"x": af()}, {"x": bf()}], batch_size=2)))
        ex.run("TensorDataset", lambda af=af, bf=bf: tud.TensorDataset(af(), bf())[0])


def unit_sklearn(ex, sb):
    """Every estimator: construct; fit varying one factor at a time (X with a good y, y with a good
    X); each method unfitted and fitted, on every X variant; every hyper-parameter set to bad values."""
    import warnings
    import numpy as np
    import pandas as pd
    from sklearn.base import is_regressor
    from sklearn.utils.discovery import all_estimators
    warnings.simplefilter("ignore")
    rng = np.random.RandomState(0)
    Xg = rng.rand(8, 3)
    yb = np.array([0, 1, 0, 1, 0, 1, 0, 1])
    yc = rng.rand(8)
    Xvariants = [
        ("good", lambda: Xg.copy()), ("nan", lambda: np.where(Xg > 0.8, np.nan, Xg)),
        ("inf", lambda: np.where(Xg > 0.8, np.inf, Xg)), ("str", lambda: np.array([["a", "b", "c"]] * 8)),
        ("1d", lambda: Xg[:, 0].copy()), ("3d", lambda: Xg.reshape(8, 3, 1)), ("empty", lambda: Xg[:0]),
        ("one", lambda: Xg[:1]), ("5 features", lambda: rng.rand(8, 5)), ("complex", lambda: Xg + 1j),
        ("df str col", lambda: pd.DataFrame({"a": list("abababab"), "b": Xg[:, 1]})),
        ("list ragged", lambda: [[1, 2], [3]] * 4), ("negative", lambda: -Xg), ("None", lambda: None),
        ("big", lambda: Xg * 1e308), ("dict", lambda: {"a": [1, 2]}),
    ]
    yvariants = [
        ("binary", lambda: yb.copy()), ("multiclass", lambda: np.array([0, 1, 2, 0, 1, 2, 0, 1])),
        ("continuous", lambda: yc.copy()), ("short", lambda: np.array([0, 1, 0])),
        ("2d", lambda: np.array([[0], [1]] * 4)), ("str", lambda: np.array(list("abababab"))),
        ("nan", lambda: np.array([0, 1, np.nan, 1, 0, 1, 0, 1])), ("one class", lambda: np.zeros(8)),
        ("None", lambda: None), ("multioutput", lambda: np.stack([yb, yb[::-1]], axis=1)),
        ("negative", lambda: -yc), ("list of str", lambda: list("abababab")),
    ]
    ests = []
    for name, cls in all_estimators():
        q = f"sklearn.{cls.__module__.split('.')[1]}.{name}"
        if ex.run(q, lambda cls=cls: cls(), keep=True) is not FAILED:
            try:
                good_y = yc if is_regressor(cls()) else yb
            except Exception:  # noqa: BLE001 - some estimators cannot even report their tags
                good_y = yb
            ests.append((q, cls, good_y))
    for _, xf in Xvariants:
        for q, cls, gy in ests:
            ex.run(q, lambda cls=cls, xf=xf, gy=gy: cls().fit(xf(), gy.copy()))
    for _, yf in yvariants:
        for q, cls, _ in ests:
            ex.run(q, lambda cls=cls, yf=yf: cls().fit(Xg.copy(), yf()))
    methods = ["predict", "predict_proba", "predict_log_proba", "decision_function", "transform",
               "inverse_transform", "score", "fit_transform", "fit_predict", "partial_fit", "score_samples"]
    for m in methods:
        for q, cls, _ in ests:
            if hasattr(cls, m):
                ex.run(q, lambda cls=cls, m=m: getattr(cls(), m)(Xg.copy()))
    fitted = []
    for q, cls, gy in ests:
        est = ex.run(q, lambda cls=cls, gy=gy: cls().fit(Xg.copy(), gy.copy()), keep=True)
        if est is not FAILED:
            fitted.append((q, est))
    for m in methods:
        for _, xf in Xvariants:
            for q, est in fitted:
                if hasattr(est, m):
                    ex.run(q, lambda est=est, m=m, xf=xf: getattr(est, m)(xf()))
    bad_values = [("-1", lambda: -1), ("'abc'", lambda: "abc"), ("3.5", lambda: 3.5), ("[1, 2]", lambda: [1, 2]),
                  ("0", lambda: 0), ("None", lambda: None)]
    for q, cls, gy in ests:
        ex.run(q, lambda cls=cls: cls().set_params(foo=1))
        try:
            names = sorted(cls().get_params(deep=False))
        except Exception:  # noqa: BLE001
            names = []
        for p in names:
            for _, vf in bad_values:
                ex.run(q, lambda cls=cls, gy=gy, p=p, vf=vf: cls(**{p: vf()}).fit(Xg.copy(), gy.copy()))


def unit_sklearn_funcs(ex, sb):
    import importlib
    import warnings
    import numpy as np
    warnings.simplefilter("ignore")
    targets = []
    for name in ("sklearn.metrics", "sklearn.model_selection", "sklearn.preprocessing",
                 "sklearn.utils.validation", "sklearn.impute", "sklearn.pipeline", "sklearn.compose"):
        targets += ex.module_targets(importlib.import_module(name), name, class_methods=False)
    pair_pool = ex.small + [("labels", lambda: np.array([0, 1, 1])), ("probs", lambda: np.array([0.1, 0.9, 0.4])),
                            ("str labels", lambda: ["a", "b", "a"]), ("2x2", lambda: np.array([[1, 2], [3, 4]])),
                            ("multi", lambda: np.array([0, 2, 1]))]
    ex.explore(targets, pair_pool=pair_pool, max_pairs=500)


def _hv_file_formats():
    """name -> valid bytes, each made by the library that reads it."""
    import gzip
    import io
    import pickle
    import tarfile
    import zipfile
    import numpy as np
    import pandas as pd
    import torch
    import yaml
    obj = {"name": "item", "values": [1, 2, 3]}
    b = {}
    b["json"] = json.dumps(obj).encode()
    b["yaml"] = yaml.safe_dump(obj).encode()
    b["csv"] = pd.DataFrame({"a": [1, 2, 3], "b": [4.0, 5.0, 6.0]}).to_csv(index=False).encode()
    b["txt"] = b"hello\nworld\n"
    b["pkl"] = pickle.dumps(obj)
    b["pkl_item"] = pickle.dumps(Item())
    f = io.BytesIO(); np.save(f, np.arange(6).reshape(2, 3)); b["npy"] = f.getvalue()
    f = io.BytesIO(); np.save(f, np.array([1, "a", None], dtype=object), allow_pickle=True); b["npy_obj"] = f.getvalue()
    f = io.BytesIO(); np.savez(f, a=np.arange(3)); b["npz"] = f.getvalue()
    f = io.BytesIO(); torch.save({"w": torch.zeros(2)}, f); b["pt"] = f.getvalue()
    f = io.BytesIO(); torch.save({"w": Item()}, f); b["pt_item"] = f.getvalue()
    f = io.BytesIO(); torch.save(torch.zeros(2), f, _use_new_zipfile_serialization=False); b["pt_legacy"] = f.getvalue()
    b["gz"] = gzip.compress(b["txt"])
    f = io.BytesIO()
    with zipfile.ZipFile(f, "w") as z:
        z.writestr("a.txt", "x")
    b["zip"] = f.getvalue()
    f = io.BytesIO()
    with tarfile.open(fileobj=f, mode="w") as t:
        info = tarfile.TarInfo("a.txt"); info.size = 1; t.addfile(info, io.BytesIO(b"x"))
    b["tar"] = f.getvalue()
    b["toml"] = b'[tool]\nname = "item"\n'
    b["xml"] = b"<root><a>1</a></root>"
    return b


def _hv_corruptions(data: bytes):
    r = random.Random(len(data))
    n = len(data)
    mid = n // 2
    return [
        ("as is", data), ("empty", b""), ("half", data[:mid]), ("3 bytes", data[:3]), ("no last byte", data[:-1]),
        ("flipped", data[:mid] + bytes([data[mid] ^ 0xFF]) + data[mid + 1:] if n else data),
        ("prefixed", b"\x00\xffgarbage" + data), ("suffixed", data + b"\x00garbage"),
        ("random", bytes(r.randrange(256) for _ in range(max(n, 16)))), ("latin-1", b"\xe9" + data),
        ("utf-16", data.decode("latin-1").encode("utf-16")),
    ]


def unit_files(ex, sb):
    import csv
    import gzip
    import pathlib
    import pickle
    import tarfile
    import tomllib
    import warnings
    import xml.etree.ElementTree as ET
    import zipfile
    import numpy as np
    import pandas as pd
    import torch
    import yaml
    warnings.simplefilter("ignore")
    root = sb.root
    files = os.path.join(root, "inputs")
    os.makedirs(files, exist_ok=True)
    targets = []  # (label, path)
    stems = {"json": "config", "yaml": "config", "csv": "table", "txt": "notes", "pkl": "cache", "npy": "features",
             "npz": "arrays", "pt": "weights", "gz": "notes.txt", "zip": "archive", "tar": "archive",
             "toml": "settings", "xml": "records"}
    for fmt, data in _hv_file_formats().items():
        ext = fmt.split("_")[0]
        for i, (cname, cdata) in enumerate(_hv_corruptions(data)):
            p = os.path.join(files, f"{stems[ext]}{'_obj' if '_' in fmt else ''}_{i}.{ext}")
            with open(p, "wb") as f:
                f.write(cdata)
            targets.append((f"{fmt} {cname}", p))
    os.symlink(os.path.join(root, "nowhere.txt"), os.path.join(files, "broken-link.txt"))
    os.symlink("loop-b", os.path.join(files, "loop-a")); os.symlink("loop-a", os.path.join(files, "loop-b"))
    special = [("missing", sb.missing), ("missing dir", os.path.join(root, "nodir", "x.csv")),
               ("dir", sb.dir), ("file as dir", os.path.join(sb.dir_file, "x.csv")),
               ("trailing slash", sb.dir_file + "/"), ("broken link", os.path.join(files, "broken-link.txt")),
               ("loop", os.path.join(files, "loop-a")), ("too long", "a" * 300), ("null byte", "a\x00b"),
               ("empty str", ""), ("empty", sb.empty)]
    sb.top = sorted(os.listdir(root))
    readers = [
        ("open r", lambda p: open(p).read()), ("open rb", lambda p: open(p, "rb").read()),
        ("open encoding", lambda p: open(p, encoding="utf-8").read()), ("open ascii", lambda p: open(p, encoding="ascii").read()),
        ("readlines", lambda p: open(p).readlines()), ("read_text", lambda p: pathlib.Path(p).read_text()),
        ("read_bytes", lambda p: pathlib.Path(p).read_bytes()), ("json.load", lambda p: json.load(open(p))),
        ("json.loads", lambda p: json.loads(open(p, "rb").read())), ("yaml.safe_load", lambda p: yaml.safe_load(open(p))),
        ("yaml.load", lambda p: yaml.load(open(p), Loader=yaml.FullLoader)), ("pickle.load", lambda p: pickle.load(open(p, "rb"))),
        ("csv.reader", lambda p: list(csv.reader(open(p)))), ("csv.DictReader", lambda p: list(csv.DictReader(open(p)))),
        ("read_csv", pd.read_csv), ("read_csv header", lambda p: pd.read_csv(p, usecols=["a", "z"])),
        ("read_json", pd.read_json), ("read_pickle", pd.read_pickle), ("read_parquet", pd.read_parquet),
        ("read_excel", pd.read_excel), ("read_feather", pd.read_feather), ("read_table", pd.read_table),
        ("read_xml", pd.read_xml), ("read_fwf", pd.read_fwf), ("read_hdf", pd.read_hdf), ("read_sas", pd.read_sas),
        ("read_stata", pd.read_stata), ("np.load", np.load), ("np.load pickle", lambda p: np.load(p, allow_pickle=True)),
        ("np.loadtxt", np.loadtxt), ("np.loadtxt delim", lambda p: np.loadtxt(p, delimiter=",")),
        ("np.genfromtxt", np.genfromtxt), ("np.fromfile", lambda p: np.fromfile(p, dtype=np.float32).reshape(2, -1)),
        ("np.memmap", lambda p: np.memmap(p, dtype=np.float32, mode="r")),
        ("torch.load", torch.load), ("torch.load full", lambda p: torch.load(p, weights_only=False)),
        ("torch.load mmap", lambda p: torch.load(p, mmap=True)), ("torch.jit.load", torch.jit.load),
        ("gzip", lambda p: gzip.open(p).read()), ("gzip text", lambda p: gzip.open(p, "rt").read()),
        ("zipfile", lambda p: zipfile.ZipFile(p).namelist()), ("tarfile", lambda p: tarfile.open(p).getnames()),
        ("tomllib", lambda p: tomllib.load(open(p, "rb"))), ("ET.parse", ET.parse),
        ("listdir", os.listdir), ("scandir", lambda p: list(os.scandir(p))), ("iterdir", lambda p: list(pathlib.Path(p).iterdir())),
        ("stat", os.stat), ("getsize", os.path.getsize), ("getmtime", os.path.getmtime),
    ]
    writers = [
        ("open w", lambda p: open(p, "w").write("x")), ("open x", lambda p: open(p, "x").write("x")),
        ("open a", lambda p: open(p, "a").write("x")), ("open wb", lambda p: open(p, "wb").write(b"x")),
        ("write_text", lambda p: pathlib.Path(p).write_text("x")), ("touch", lambda p: pathlib.Path(p).touch()),
        ("mkdir", os.mkdir), ("makedirs", os.makedirs), ("Path.mkdir", lambda p: pathlib.Path(p).mkdir()),
        ("Path.mkdir parents", lambda p: pathlib.Path(p).mkdir(parents=True)),
        ("copy from", lambda p: shutil.copy(p, os.path.join(root, "copy.txt"))),
        ("copy to", lambda p: shutil.copy(sb.dir_file, p)), ("copytree to", lambda p: shutil.copytree(sb.dir, p)),
        ("copytree from", lambda p: shutil.copytree(p, os.path.join(root, "tree"))),
        ("np.save", lambda p: np.save(p, np.arange(3))), ("np.savetxt", lambda p: np.savetxt(p, np.arange(3))),
        ("to_csv", lambda p: pd.DataFrame({"a": [1]}).to_csv(p)), ("to_json", lambda p: pd.DataFrame({"a": [1]}).to_json(p)),
        ("to_parquet", lambda p: pd.DataFrame({"a": [1]}).to_parquet(p)), ("to_excel", lambda p: pd.DataFrame({"a": [1]}).to_excel(p)),
        ("torch.save", lambda p: torch.save({"w": torch.zeros(1)}, p)), ("json.dump", lambda p: json.dump({"a": 1}, open(p, "w"))),
        ("yaml.dump", lambda p: yaml.safe_dump({"a": 1}, open(p, "w"))), ("pickle.dump", lambda p: pickle.dump(1, open(p, "wb"))),
        ("os.link", lambda p: os.link(sb.dir_file, p)), ("os.symlink", lambda p: os.symlink(sb.dir_file, p)),
        ("zip write", lambda p: zipfile.ZipFile(p, "w").writestr("a", "x")),
    ]
    for lname, fn in readers:
        for _, p in targets + special:
            ex.run(f"read {lname}", lambda fn=fn, p=p: fn(p))
    existing = os.path.join(root, "existing.txt")
    wtargets = [("missing", sb.missing), ("missing dir", os.path.join(root, "nodir", "x.csv")), ("dir", sb.dir),
                ("file as dir", os.path.join(sb.dir_file, "x.csv")), ("existing file", existing),
                ("too long", "a" * 300), ("null byte", "a\x00b"), ("empty str", "")]
    for wname, fn in writers:
        for _, p in wtargets:
            def call(fn=fn, p=p):
                with open(existing, "w") as f:
                    f.write("x")
                fn(p)
            ex.run(f"write {wname}", call)
    # file objects used the wrong way
    misuse = [
        ("write on r", lambda: open(sb.dir_file).write("x")), ("read on w", lambda: open(existing, "w").read()),
        ("read closed", _hv_read_closed), ("str to binary", lambda: open(existing, "wb").write("x")),
        ("bytes to text", lambda: open(existing, "w").write(b"x")), ("bad mode", lambda: open(existing, "rw")),
        ("bad encoding", lambda: open(existing, encoding="abc")), ("bad errors", lambda: open(existing, errors="abc").read()),
        ("seek text", lambda: open(sb.dir_file).seek(-1, 1)), ("json.dump binary", lambda: json.dump({"a": 1}, open(existing, "wb"))),
        ("pickle.dump text", lambda: pickle.dump(1, open(existing, "w"))), ("np.save text", lambda: np.save(open(existing, "w"), np.arange(2))),
        ("torch.save text", lambda: torch.save(1, open(existing, "w"))), ("csv.writer binary", lambda: csv.writer(open(existing, "wb")).writerow([1])),
    ]
    for mname, fn in misuse:
        ex.run(f"misuse {mname}", fn)
    # EACCES, which root never sees: drop the effective uid to nobody for the last part
    locked_file = os.path.join(root, "locked.txt")
    locked_dir = os.path.join(root, "locked")
    with open(locked_file, "w") as f:
        f.write("a,b\n1,2\n")
    os.chmod(locked_file, 0)
    os.makedirs(os.path.join(locked_dir, "sub"), exist_ok=True)
    with open(os.path.join(locked_dir, "inner.txt"), "w") as f:
        f.write("x")
    os.chmod(locked_dir, 0)
    sb.top = sorted(os.listdir(root))
    for d in (os.path.dirname(os.path.dirname(root)), os.path.dirname(root), root):
        os.chmod(d, 0o755)  # let the effective uid nobody reach the sandbox
    nobody_targets = [("locked file", locked_file), ("locked dir", locked_dir),
                      ("in locked dir", os.path.join(locked_dir, "inner.txt")),
                      ("new in root-owned dir", os.path.join(root, "out.csv")), ("root-owned file", sb.dir_file),
                      ("root-owned dir", sb.dir)]
    ex.rec.drop_if = ("/root", sys.base_prefix, sys.prefix)
    try:
        os.setegid(65534)
        os.seteuid(65534)
    except OSError:
        return
    try:
        for lname, fn in readers + writers:
            for _, p in nobody_targets:
                ex.run(f"eacces {lname}", lambda fn=fn, p=p: fn(p))
    finally:
        os.seteuid(0)
        os.setegid(0)
        ex.rec.drop_if = ()


def _hv_read_closed():
    f = open(__file__ if False else os.path.join(os.getcwd(), "empty.txt"))
    f.close()
    return f.read()


UNIT_FUNCS = {name: globals()[f"unit_{name}"] for name in UNITS}


def _hv_worker(args):
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    import warnings
    warnings.simplefilter("ignore")
    import numpy  # noqa: F401 - imported before the pool is made
    import pandas  # noqa: F401
    import torch
    torch.set_num_threads(1)
    import resource
    limit = 8 * 1024 ** 3  # a runaway allocation fails with MemoryError instead of taking the machine
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sb = _HvSandbox(args.sandbox)
    os.chdir(sb.root)
    skip = [int(x) for x in args.skip.split(",") if x]
    skip_names = [x for x in args.skip_names.split("\n") if x]
    full, small = _hv_make_pool(sb)
    t0 = time.time()
    with open(args.progress + ".t0", "w") as f:
        f.write(repr(t0))
    rec = _HvRecorder(args.raw, args.progress, args.start, skip, t0 + args.budget_left, sb)
    rec.skip_names = set(skip_names)
    with open(args.raw + ".types", "w", encoding="utf-8") as f:  # for family_key
        names = set()
        for _, vf in full + _hv_tensor_pool():
            names.update(c.__name__ for c in type(vf()).__mro__)
        f.write("\n".join(sorted(names)))
    with open(args.raw + ".reprs", "w", encoding="utf-8") as f:  # for family_key
        for _, vf in full + _hv_tensor_pool():
            try:
                r = repr(vf()).split("\n")[0].strip()
            except Exception:  # noqa: BLE001
                continue
            if len(r) > 1:
                f.write(r.replace("\t", " ") + "\n")
    ex = _HvExplorer(rec, full, small)
    try:
        UNIT_FUNCS[args.worker](ex, sb)
    except _HvStop:
        pass
    rec.out.close()
    with open(args.progress + ".done", "w") as f:
        f.write(str(rec.i))
    os._exit(0)  # skip interpreter teardown (torch/pandas can be slow or crash at exit)


# ----------------------------------------------------------------------------------------------
# Parent side
# ----------------------------------------------------------------------------------------------
STALL = 12.0  # seconds without progress after which the parent kills a worker (a hang in C code)


def _run_unit(name, budget, tmp, log):
    """Run one unit in worker subprocesses until it is done or its budget is spent.

    The worker writes the index of the call it is in to a progress file; when it dies (a crash) or
    stops making progress (a hang the per-call alarm could not interrupt), the parent restarts it
    after that call, which is skipped from then on."""
    sandbox = os.path.join(tmp, name, "project")
    os.makedirs(sandbox, exist_ok=True)
    raw = os.path.join(tmp, name + ".raw")
    progress = os.path.join(tmp, name + ".progress")
    errlog = os.path.join(tmp, name + ".stderr")
    left = budget  # exploring seconds left; a worker's imports do not count
    start, skip, skip_names, restarts = 0, [], [], 0
    t0 = time.time()
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1",
               PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1", TOKENIZERS_PARALLELISM="false")
    while True:
        for p in (progress, progress + ".done", progress + ".t0"):
            if os.path.exists(p):
                os.unlink(p)
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", name, "--sandbox", sandbox,
               "--raw", raw, "--progress", progress, "--start", str(start), "--budget-left", repr(left),
               "--skip", ",".join(map(str, skip)), "--skip-names", "\n".join(skip_names)]
        with open(errlog, "a") as err:
            proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                                    cwd=sandbox, env=env)
            last, last_change, why = None, time.time(), None
            kill_at = time.time() + left + 180
            while proc.poll() is None:
                time.sleep(0.5)
                try:
                    with open(progress, encoding="utf-8", errors="replace") as f:
                        now = f.read().strip()
                except OSError:
                    now = None
                now = now or None  # created but not yet written: still importing
                if now != last:
                    last, last_change = now, time.time()
                elif now is not None and time.time() - last_change > STALL:
                    why = "stalled"
                elif time.time() > kill_at:
                    why = "over budget"
                if why:
                    proc.kill()
                    proc.wait()
                    break
        if os.path.exists(progress + ".done"):
            break
        if os.path.exists(progress + ".t0"):
            with open(progress + ".t0") as f:
                left -= time.time() - float(f.read())
        stuck = ""
        if os.path.exists(progress):
            with open(progress, encoding="utf-8", errors="replace") as f:
                stuck = f.readline().strip()
        log.append(f"{name}: worker {why or 'died (rc ' + str(proc.returncode) + ')'} in call #{stuck or '?'}")
        try:
            bad = int(stuck.split()[0])
        except (ValueError, IndexError):
            break
        skip.append(bad)
        if len(stuck.split()) == 2 and "." in stuck.split()[1]:  # a callable's qualified name
            skip_names.append(stuck.split()[1])
        start = bad + 1
        restarts += 1
        if restarts > 30 or left <= 0:
            log.append(f"{name}: stopped after {restarts} restarts")
            break
    lines = []
    if os.path.exists(raw):
        with open(raw, encoding="utf-8", errors="replace") as f:
            lines = [ln.rstrip("\n") for ln in f]
    return name, lines, time.time() - t0, restarts


_QUOTED = re.compile(r"""(?<![A-Za-z0-9])(?:[bru]|rb|br)?(?:'[^'\n]*'|"[^"\n]*")|`[^`\n]*`""")
_NUMBER = re.compile(r"0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:e[-+]?\d+)?")
_ADDRESS_REPR = re.compile(r"<[^\n]*? at 0x[0-9a-fA-F]+>")
_NAMEISH = re.compile(r"\b[A-Za-z_][\w.]*(?:[_.]|\d)[\w.]*\b|\b\w+(?=\()|\b\w*[a-z][A-Z]\w*\b|\b[A-Z]{2,}\w*\b")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def dedupe_key(line):
    return _NUMBER.sub("0", _QUOTED.sub("'x'", line))


def family_key(line, type_words=None):
    """The message with quoted parts removed, numbers 0, dotted/underscored/called names N, and the
    names of the pool's types T: lines of one family differ only in which value or callable."""
    etype, _, msg = line.partition(": ")
    msg = _NUMBER.sub("0", _QUOTED.sub("", msg))
    msg = _NAMEISH.sub("N", msg)
    if type_words is not None:
        msg = type_words.sub("T", msg)
    return etype, msg


def _repr_masker(reprs):
    """A function that replaces the pool values' reprs (as family_key masks them) by V."""
    forms = sorted({_NAMEISH.sub("N", _NUMBER.sub("0", _QUOTED.sub("", r))) for r in reprs}, key=len, reverse=True)
    forms = [f for f in forms if len(f) > 2]
    if not forms:
        return lambda m: m
    rx = re.compile("|".join(map(re.escape, forms)))
    return lambda m: rx.sub("V", m)


def clean_lines(raw_lines, tmp_root, type_names=(), reprs=()):
    """Sanitize, drop, dedupe and cap; returns the kept lines in first-seen order."""
    replacements = []
    for path, new in ((tmp_root, "/home/user/project"), (os.path.realpath(tmp_root), "/home/user/project"),
                      (sys.prefix, "/home/user/.venv"), (sys.base_prefix, "/usr/local")):
        replacements.append((path, new))
    project_re = re.compile(re.escape(tmp_root) + r"/[^/'\"\s]+/project")
    type_words = None
    if type_names:
        type_words = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, type_names), key=len, reverse=True)) + r")\b")
    mask_reprs = _repr_masker(reprs)
    kept, seen, families = [], set(), {}
    for line in raw_lines:
        line = project_re.sub("/home/user/project", line)
        for old, new in replacements:
            line = line.replace(old, new)
        line = _CONTROL.sub(" ", line).strip()
        if not line or "_hv" in line or "harvest" in line.lower() or "build_helper" in line or "build_class" in line \
                or re.search(r"\bunit_\w+\.<locals>", line):
            continue
        etype, sep, msg = line.partition(": ")
        if sep and not re.search(r"[A-Za-z]{2}", _ADDRESS_REPR.sub("", msg)) and "0x" in msg:
            continue  # only a memory address
        line = line[:MAX_LINE].rstrip()
        k = dedupe_key(line)
        if k in seen:
            continue
        seen.add(k)
        etype_, msg_ = family_key(line, None)
        fk = (etype_, mask_reprs(msg_))
        if type_words is not None:
            fk = (etype_, type_words.sub("T", fk[1]))
        if families.get(fk, 0) >= FAMILY_CAP:
            continue
        families[fk] = families.get(fk, 0) + 1
        kept.append(line)
    return kept


def main_parent(args):
    units = [u for u in UNITS if not args.units or u in args.units.split(",")]
    tmp = tempfile.mkdtemp(prefix="kbbg-")
    log: list[str] = []
    t0 = time.time()
    results = {}
    # the longest units first, so two jobs finish together
    order = sorted(units, key=lambda u: -UNITS[u])
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {u: pool.submit(_run_unit, u, UNITS[u] * args.budget_scale, tmp, log) for u in order}
        for u in order:
            name, lines, secs, restarts = futs[u].result()
            results[name] = lines
            print(f"{name:14s} {len(lines):6d} raw lines  {secs:6.1f}s  restarts={restarts}", file=sys.stderr)
    raw = [ln for u in units for ln in results[u]]  # unit order, then call order: deterministic
    type_names, reprs = set(), set()
    for u in units:
        p = os.path.join(tmp, u + ".raw.reprs")
        if os.path.exists(p):
            with open(p, encoding="utf-8") as f:
                reprs.update(x.strip() for x in f if x.strip())
        p = os.path.join(tmp, u + ".raw.types")
        if os.path.exists(p):
            with open(p, encoding="utf-8") as f:
                type_names.update(x for x in f.read().split() if len(x) > 2)
    kept = clean_lines(raw, tmp, type_names, reprs)
    kept = sorted(set(kept))
    versions = _hv_versions()
    header = [
        "# Ordinary error messages raised by Python, the standard library, numpy, pandas, torch and",
        "# scikit-learn when they are called wrongly: the last line of each traceback, one a line, sorted.",
        "# No fault owns these: kb uses them as a background, never as entries.",
        "# Produced by bench/background/harvest.py, which provokes each one by running code over a pool of",
        "# values and every public callable of those libraries (its docstring says how); regenerate with",
        "#   python bench/background/harvest.py --out seed_entries/everyday_errors.txt",
        "# from the repository root, in a venv with torch (CPU), numpy, pandas, scikit-learn and pyyaml.",
        "# Made with " + ", ".join(versions) + ".",
        f"# {len(kept)} lines. Temp paths read /home/user/project; lines that differ only in numbers or",
        f"# quoted names appear once; at most {FAMILY_CAP} lines per message family.",
    ]
    out = os.path.abspath(args.out)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(header + kept) + "\n")
    elapsed = time.time() - t0
    print(f"{len(raw)} raw lines -> {len(kept)} kept, written to {args.out} in {elapsed:.0f}s", file=sys.stderr)
    for entry in log:
        print("note: " + entry, file=sys.stderr)
    if args.keep_tmp:
        print(f"temp kept at {tmp}", file=sys.stderr)
    else:
        _hv_rmtree_sandbox(tmp)


def _hv_rmtree_sandbox(tmp):
    for dirpath, dirnames, _ in os.walk(tmp):  # locked dirs made by the files unit
        for d in dirnames:
            try:
                os.chmod(os.path.join(dirpath, d), 0o755)
            except OSError:
                pass
    shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="seed_entries/everyday_errors.txt")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget-scale", type=float, default=1.0)
    ap.add_argument("--units", default="", help="comma-separated subset of: " + ",".join(UNITS))
    ap.add_argument("--keep-tmp", action="store_true")
    # worker mode (internal)
    ap.add_argument("--worker")
    ap.add_argument("--sandbox")
    ap.add_argument("--raw")
    ap.add_argument("--progress")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--skip", default="")
    ap.add_argument("--skip-names", default="")
    ap.add_argument("--budget-left", type=float, default=60.0)
    args = ap.parse_args()
    if args.worker:
        _hv_worker(args)
    else:
        main_parent(args)


if __name__ == "__main__":
    main()
