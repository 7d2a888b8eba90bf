"""The values a paste names for a check's inputs: its port, file, script and module, device, rank."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.text.paste import paste_values

TRACEBACK = """Traceback (most recent call last):
  File "/home/ana/proj/train.py", line 40, in <module>
    main()
  File "/home/ana/.venv/lib/python3.11/site-packages/torch/serialization.py", line 997, in load
FileNotFoundError: [Errno 2] No such file or directory: 'checkpoints/best.pt'
"""


@pytest.mark.parametrize(
    ("paste", "values"),
    [
        (
            "ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 55499): "
            "address already in use",
            {"port": "55499"},
        ),
        ("Error: listen EADDRINUSE: address already in use :::3000", {"port": "3000"}),
        ("bind(3, {sa_family=AF_INET, sin_port=htons(8080)}, 16) = -1 EADDRINUSE", {"port": "8080"}),
        (TRACEBACK, {"path": "checkpoints/best.pt", "script": "/home/ana/proj/train.py", "module": "train"}),
        ("RuntimeError: CUDA error: out of memory on cuda:3", {"device": "3"}),
        ("[rank2]: RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp", {"rank": "2"}),
        ("RuntimeError: DataLoader worker (pid 12345) is killed by signal: Killed.", {"pid": "12345"}),
        ("IndexError: Target 5 is out of bounds.", {}),
        (
            "FileNotFoundError: [Errno 2] No such file or directory: 'train.parquet'",
            {"path": "train.parquet"},
        ),
        ("OSError: 'pretrained/model.safetensors' not found", {"path": "pretrained/model.safetensors"}),
        ("OSError: cannot identify image file 'scans/IMG_0042.JPG'", {"path": "scans/IMG_0042.JPG"}),
        # dotted names that are not files: a state_dict's tensors, a package's types, a dtype
        ("AssertionError: parameters without gradient: ['encoder.0.weight', 'encoder.0.bias']", {}),
        ('Missing key(s) in state_dict: "fc.weight", "bn.running_mean". ', {}),
        ("AttributeError: 'numpy.ndarray' object has no attribute 'cuda'", {}),
        ("TypeError: 'torch.Tensor' object is not callable", {}),
        ("TypeError: expected 'torch.float32' but got 'torch.float64'", {}),
        ("ValueError: could not read 'config.yaml' for 'model.Encoder'", {"path": "config.yaml"}),
        # CPython names a type as `'NAME' object` and `<class 'NAME'>`, whatever its module's case
        ("TypeError: cannot pickle '_thread.lock' object", {}),
        ("TypeError: cannot pickle 'weakref.ReferenceType' object", {}),
        ("TypeError: Object of type <class 'queue.lock'> is not JSON serializable", {}),
        ("TypeError: cannot pickle '_thread.lock' object, opening 'run.lock'", {"path": "run.lock"}),
    ],
)
def test_a_paste_names_the_values_its_checks_take(paste: str, values: dict[str, str]) -> None:
    assert paste_values(paste) == values


def test_a_frame_in_an_installed_package_is_not_the_users_script() -> None:
    paste = 'File "/usr/lib/python3.11/site-packages/x/cli.py", line 1, in <module>\nValueError: no'
    assert "module" not in paste_values(paste)


@given(st.text(max_size=300))
def test_every_value_comes_from_the_paste(text: str) -> None:
    for name, value in paste_values(text).items():
        assert value in text, name


def test_a_value_comes_from_the_error_not_from_another_line_of_the_log() -> None:
    """A log's `wandb: port=6006 dashboard ready` filled the port check, and with TensorBoard on
    6006, `kb triage --run` confirmed a fault on the wrong port."""
    log = (
        "wandb: port=6006 dashboard ready\n"
        "epoch 1 loss 0.31\n"
        "Traceback (most recent call last):\n"
        '  File "/home/ana/proj/serve.py", line 9, in <module>\n'
        '    sock.bind(("0.0.0.0", 8000))\n'
        "OSError: [Errno 98] Address already in use\n"
    )
    assert paste_values(log).get("port") == "8000"
    without_frames = "wandb: port=6006 dashboard ready\nOSError: [Errno 98] Address already in use\n"
    assert "port" not in paste_values(without_frames)


def test_the_script_is_the_one_whose_traceback_ends_in_the_error() -> None:
    """A setup step's caught error printed first named its script: the check ran prepare_data.py,
    which has no label fault, and ruled out a fault it never tested."""
    log = (
        "Traceback (most recent call last):\n"
        '  File "/home/ana/proj/prepare_data.py", line 2, in <module>\n'
        "FileNotFoundError: [Errno 2] No such file or directory: 'cache/index.json'\n"
        "rebuilding\ndata ready\n"
        "Traceback (most recent call last):\n"
        '  File "/home/ana/proj/train.py", line 2, in <module>\n'
        "    loss = cross_entropy(logits, labels)\n"
        "RuntimeError: CUDA error: device-side assert triggered\n"
    )
    values = paste_values(log)
    assert (values["script"], values["module"]) == ("/home/ana/proj/train.py", "train")
