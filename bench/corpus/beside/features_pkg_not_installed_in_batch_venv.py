"""The team's features package is installed editable in the dev venv; the scheduler runs the batch job with its own venv, where it was never installed."""
# beside: pipeline-pickle-references-old-features-module
# why: the package is intact and importable in the dev venv; the scheduler's venv lacks `pip install -e .`, no module was moved by a refactor.
EXPECT = []
VARIANTS = 2

import os
import subprocess
import sys
import venv

VARIANT = int(sys.argv[1])

JOB = '''
import logging
import sys

log = logging.getLogger("nightly_scores")


def main():
    log.info("nightly scoring for %s", "{day}")
    import features.calendar

    return features.calendar.is_holiday


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    {body}
'''


def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)


write("src/features/__init__.py", "")
write("src/features/calendar.py", "def is_holiday(day):\n    return day.endswith('12-25')\n")
write("pyproject.toml", '[project]\nname = "features"\nversion = "0.4.0"\n\n[tool.setuptools.packages.find]\nwhere = ["src"]\n')
body = "main()" if VARIANT == 0 else "try:\n        main()\n    except Exception:\n        log.exception(\"job failed\")\n        sys.exit(1)"
write("jobs/nightly_scores.py", JOB.format(day={0: "2024-06-03", 1: "2024-06-04"}[VARIANT], body=body))
# the scheduler's environment: created by the ops image build, without the team's package
venv.create(".venv-scheduler", with_pip=False, symlinks=True)
done = subprocess.run([os.path.join(".venv-scheduler", "bin", "python"), "jobs/nightly_scores.py"], env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"})
sys.exit(done.returncode)
