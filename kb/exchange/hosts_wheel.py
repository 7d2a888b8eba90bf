"""`kb export hosts`: the small distribution `kb-hosts` as a wheel, for a project's own environment.

It holds one module, kb/hosts/kb_hosts.py as it is, and registers it as the pytest plugin `kb_hosts`;
IPython loads it with `%load_ext kb_hosts`. A wheel is a zip file with a few metadata files beside
the code (PEP 427, PEP 376's RECORD), written here with the standard library rather than a build
backend: nothing is compiled, and the bytes are the same for the same kb (fixed timestamps, sorted
names), so a team can check the file in or compare it.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from importlib.resources import files
from pathlib import Path

NAME = "kb_hosts"
DISTRIBUTION = "kb-hosts"
#: Every member's time in the zip: the date of the format, for bytes that do not depend on the day.
FIXED_TIME = (2026, 1, 1, 0, 0, 0)


def hosts_wheel_name(version: str) -> str:
    return f"{NAME}-{version}-py3-none-any.whl"


def hosts_wheel_files(version: str) -> dict[str, bytes]:
    """The wheel's members, path → bytes, RECORD last."""
    source = files("kb.hosts").joinpath("kb_hosts.py").read_bytes()
    info = f"{NAME}-{version}.dist-info"
    members = {
        f"{NAME}.py": source,
        f"{info}/METADATA": (
            "Metadata-Version: 2.1\n"
            f"Name: {DISTRIBUTION}\n"
            f"Version: {version}\n"
            "Summary: kb's pytest plugin and IPython extension, talking to the kb on PATH\n"
            "Requires-Python: >=3.10\n"
        ).encode(),
        f"{info}/WHEEL": (
            b"Wheel-Version: 1.0\nGenerator: kb export hosts\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        ),
        f"{info}/entry_points.txt": f"[pytest11]\n{NAME} = {NAME}\n".encode(),
    }
    record = [f"{path},sha256={_digest(data)},{len(data)}" for path, data in members.items()]
    members[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    return members


def write_hosts_wheel(folder: Path, version: str) -> Path:
    """Write the wheel into FOLDER (made if needed), replacing one of the same name; return its path."""
    from kb.paths import write_out

    path = folder / hosts_wheel_name(version)
    write_out(path, _zipped(hosts_wheel_files(version)))
    return path


def _zipped(members: dict[str, bytes]) -> bytes:
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in members.items():
            member = zipfile.ZipInfo(path, FIXED_TIME)
            member.external_attr = 0o644 << 16
            member.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(member, data)
    return buffer.getvalue()


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
