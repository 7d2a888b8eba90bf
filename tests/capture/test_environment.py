"""The environment baseline: fake environ, nvidia-smi and version lookup, no GPU needed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kb.capture.environment
from kb.capture.environment import (
    GPU_QUERY,
    Baseline,
    capture_baseline,
    installed_version,
    parse_gpus,
    run_command,
)
from kb.entry.redaction import REDACTED

SEED = Path(__file__).resolve().parents[2] / "seed_entries"

GPU_CSV = """NVIDIA A100-SXM4-80GB, 535.104.05, 81920 MiB
NVIDIA A100-SXM4-80GB, 535.104.05, 81920 MiB
"""

SMI_TABLE = """Tue Jan 16 10:00:00 2024
+---------------------------------------------------------------------------------------+
| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |
|-----------------------------------------+----------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |
"""


class FakeSmi:
    """nvidia-smi as a test wants it: answers for the GPU query and the plain table, and a call log."""

    def __init__(self, query: str | None = GPU_CSV, table: str | None = SMI_TABLE) -> None:
        self.query = query
        self.table = table
        self.calls: list[list[str]] = []

    def __call__(self, argv: list[str]) -> str | None:
        self.calls.append(argv)
        return self.query if argv == list(GPU_QUERY) else self.table


def absent(argv: list[str]) -> str | None:
    return None


def versions_of(**installed: str) -> dict[str, str]:
    """Keyword names use `_` for `-`: nvidia_cudnn_cu12="8.9.2.26"."""
    return {name.replace("_", "-"): version for name, version in installed.items()}


def capture(
    environ: dict[str, str] | None = None,
    run: FakeSmi | None = None,
    installed: dict[str, str] | None = None,
) -> Baseline:
    lookup = installed or {}
    return capture_baseline(environ=environ or {}, run=run or absent, versions=lookup.get)


# --- GPUs and CUDA -----------------------------------------------------------------------------------


def test_gpus_are_parsed_from_the_nvidia_smi_csv() -> None:
    smi = FakeSmi()
    baseline = capture(run=smi)
    assert baseline.gpus == ("NVIDIA A100-SXM4-80GB, driver 535.104.05, 81920 MiB",) * 2
    assert list(GPU_QUERY) in smi.calls
    assert len(smi.calls) <= 2


def test_gpu_lines_that_are_not_three_fields_are_skipped() -> None:
    csv = "No devices were found\nTesla T4, 470.82.01, [N/A]\n\n, 1.0, 1 MiB\n"
    assert parse_gpus(csv) == ("Tesla T4, driver 470.82.01",)
    assert parse_gpus(None) == ()


def test_absent_nvidia_smi_gives_no_gpus_and_no_cuda_and_says_it_does_not_know() -> None:
    """A missing or failing nvidia-smi (a driver it cannot reach: the fault being recorded) was
    written into the entry as "GPU: none found by nvidia-smi", for good."""
    baseline = capture(run=None)
    assert baseline.gpus == ()
    assert baseline.cuda is None
    assert "GPU: not known (nvidia-smi is not installed here, or it failed)" in baseline.as_text()
    answered_none = capture_baseline(environ={}, run=lambda argv: "", versions=lambda name: None)
    assert "GPU: none found by nvidia-smi" in answered_none.as_text()


def test_the_cuda_version_comes_from_the_nvidia_smi_header() -> None:
    assert capture(run=FakeSmi()).cuda == "12.2"


def test_either_nvidia_smi_call_may_fail() -> None:
    assert capture(run=FakeSmi(query=None)).cuda == "12.2"
    only_query = capture(run=FakeSmi(table=None))
    assert only_query.cuda is None and len(only_query.gpus) == 2


def test_without_nvidia_smi_the_cuda_version_comes_from_the_runtime_wheel() -> None:
    installed = versions_of(torch="2.3.1", nvidia_cuda_runtime_cu12="12.1.105")
    assert capture(installed=installed).cuda == "12.1"
    assert capture(run=FakeSmi(), installed=installed).cuda == "12.2"  # the header wins


# --- packages ----------------------------------------------------------------------------------------


def test_packages_are_read_through_the_version_lookup_and_only_installed_ones_kept() -> None:
    asked: list[str] = []

    def lookup(name: str) -> str | None:
        asked.append(name)
        return versions_of(transformers="4.41.2", torch="2.3.1+cu121", nvidia_cudnn_cu12="8.9.2.26").get(name)

    baseline = capture_baseline(environ={}, run=absent, versions=lookup)
    assert baseline.packages == {
        "torch": "2.3.1+cu121",
        "transformers": "4.41.2",
        "nvidia-cudnn-cu12": "8.9.2.26",
    }
    assert list(baseline.packages) == ["torch", "transformers", "nvidia-cudnn-cu12"]  # the listed order
    assert {"torch", "tensorflow", "jax", "numpy", "nvidia-cuda-runtime-cu12"} <= set(asked)


def test_the_default_lookup_reads_installed_metadata() -> None:
    import hypothesis

    assert installed_version("hypothesis") == hypothesis.__version__
    assert installed_version("no-such-distribution-kb-test") is None


def test_capturing_for_real_reads_torch_metadata_without_importing_torch(tmp_path: Path) -> None:
    """A fake torch whose import fails: capture_baseline() must still report its version."""
    site = tmp_path / "site"
    (site / "torch").mkdir(parents=True)
    (site / "torch" / "__init__.py").write_text("raise ImportError('kb imported torch')\n")
    (site / "torch-2.3.1.dist-info").mkdir()
    (site / "torch-2.3.1.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: torch\nVersion: 2.3.1\n"
    )
    code = (
        "import json, sys\n"
        "from kb.capture.environment import capture_baseline\n"
        "baseline = capture_baseline()\n"
        "print(json.dumps({'imported': 'torch' in sys.modules, 'packages': baseline.packages}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(site)},
        timeout=60,
    )
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["imported"] is False
    assert report["packages"]["torch"] == "2.3.1"


# --- the real runner ---------------------------------------------------------------------------------


def test_the_real_runner_returns_stdout() -> None:
    assert run_command([sys.executable, "-c", "print('ok')"]) == "ok\n"


@pytest.mark.parametrize(
    "argv",
    [["kb-test-no-such-command-anywhere"], [sys.executable, "-c", "import sys; sys.exit(3)"]],
    ids=["missing", "failing"],
)
def test_the_real_runner_returns_none_when_a_command_is_missing_or_fails(argv: list[str]) -> None:
    assert run_command(argv) is None


def test_the_real_runner_gives_up_after_its_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kb.capture.environment, "NVIDIA_SMI_TIMEOUT", 0.2)
    assert run_command([sys.executable, "-c", "import time; time.sleep(30)"]) is None


# --- environment variables ---------------------------------------------------------------------------

HF = "hf_" + "Q7wErTy1UiOp2AsDfGh3JkLzXcVbNm4"

ENVIRON = {
    "CUDA_VISIBLE_DEVICES": "0,1",
    "PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True",
    "NCCL_SOCKET_IFNAME": "eth0",
    "NCCL_DEBUG": "INFO",
    "TORCH_DISTRIBUTED_DEBUG": "DETAIL",
    "HF_HOME": "/mnt/cache/hf",
    "HF_TOKEN": "hf_" + "a1B2c3D4e5" * 3 + "xyzw",
    "TRANSFORMERS_OFFLINE": "1",
    "OMP_NUM_THREADS": "8",
    "LD_LIBRARY_PATH": "/usr/local/cuda-12.2/lib64:/usr/local/nvidia/lib:/usr/local/nvidia/lib64",
    "MASTER_ADDR": "10.0.0.7",
    "MASTER_PORT": "29500",
    "WANDB_API_KEY": "0123456789abcdef0123456789abcdef01234567",
    "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "HOME": "/home/me",
    "PATH": "/usr/bin",
    "PWD": "/work",
    "SSH_AUTH_SOCK": "/tmp/ssh-agent.sock",
}


def test_only_relevant_environment_variables_are_kept() -> None:
    env = capture(environ=ENVIRON).env
    assert set(env) == {
        "CUDA_VISIBLE_DEVICES",
        "PYTORCH_CUDA_ALLOC_CONF",
        "NCCL_SOCKET_IFNAME",
        "NCCL_DEBUG",
        "TORCH_DISTRIBUTED_DEBUG",
        "HF_HOME",
        "HF_TOKEN",
        "TRANSFORMERS_OFFLINE",
        "OMP_NUM_THREADS",
        "LD_LIBRARY_PATH",
        "MASTER_ADDR",
        "MASTER_PORT",
    }
    assert env["CUDA_VISIBLE_DEVICES"] == "0,1"
    assert env["LD_LIBRARY_PATH"] == ENVIRON["LD_LIBRARY_PATH"]


def test_secret_names_are_redacted_and_innocent_ones_kept() -> None:
    env = capture(environ=ENVIRON).env
    assert env["HF_TOKEN"] == REDACTED
    assert env["NCCL_SOCKET_IFNAME"] == "eth0"
    assert "WANDB_API_KEY" not in env
    assert not any(ENVIRON[secret] in repr(env) for secret in ("HF_TOKEN", "WANDB_API_KEY"))


def test_a_credential_value_under_a_kept_name_is_redacted_in_the_baseline() -> None:
    env = capture(environ={"MASTER_ADDR": "https://user:pw@host", "NCCL_DEBUG": "WARN"}).env
    assert env == {"MASTER_ADDR": REDACTED, "NCCL_DEBUG": "WARN"}


# --- as_text -----------------------------------------------------------------------------------------


def test_as_text_reads_as_a_few_lines() -> None:
    baseline = capture(
        environ={
            "CUDA_VISIBLE_DEVICES": "0,1",
            "PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True",
            "HF_TOKEN": HF,
        },
        run=FakeSmi(),
        installed=versions_of(
            torch="2.3.1",
            transformers="4.41.2",
            nvidia_cuda_runtime_cu12="12.1.105",
            nvidia_cudnn_cu12="8.9.2.26",
        ),
    )
    python, gpu, packages, cuda, *env = baseline.as_text().splitlines()
    assert python.startswith(f"Python {baseline.python} on ") and "(" in python
    assert gpu == "GPU: 2 x NVIDIA A100-SXM4-80GB, driver 535.104.05, 81920 MiB"
    assert packages == "torch 2.3.1, transformers 4.41.2"
    assert cuda == "CUDA 12.2 (nvidia-cuda-runtime-cu12 12.1.105, nvidia-cudnn-cu12 8.9.2.26)"
    assert env == [
        "CUDA_VISIBLE_DEVICES=0,1",
        "HF_TOKEN=[redacted]",
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True",
    ]


def test_as_text_of_a_bare_machine_and_of_a_multi_line_value() -> None:
    baseline = Baseline(
        python="3.11.7 (CPython)",
        platform="Linux-6.1-x86_64",
        gpus=(),
        packages={},
        cuda=None,
        env={"NCCL_DEBUG_SUBSYS": "INIT\nNET"},
    )
    assert baseline.as_text() == (
        "Python 3.11.7 (CPython) on Linux-6.1-x86_64\n"
        "GPU: none found by nvidia-smi\n"
        "NCCL_DEBUG_SUBSYS=INIT\\nNET"
    )


def test_the_default_lookup_and_platform_give_a_well_formed_baseline() -> None:
    baseline = capture_baseline(environ={"OMP_NUM_THREADS": "4", "GITHUB_TOKEN": "x"}, run=absent)
    assert baseline.python.split()[0] == ".".join(map(str, sys.version_info[:3]))
    assert baseline.platform
    assert baseline.env == {"OMP_NUM_THREADS": "4"}
    assert baseline.as_text().startswith("Python ")
