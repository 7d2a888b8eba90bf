"""Two pull requests each added a [tool.pytest.ini_options] table to pyproject.toml in different places (one for markers, one for the test paths); git merged both cleanly, and the run's metadata step reads pyproject.toml with tomllib."""
# beside: render-config-concatenates-base-and-site-toml
# why: the table is declared twice in the committed pyproject.toml by two cleanly merged PRs; no run config is rendered from base and site files.
EXPECT = []
VARIANTS = 3

import logging
import sys
import tomllib

VARIANT = int(sys.argv[1])

PYPROJECT = """\
[project]
name = "defects-train"
version = "0.14.{patch}"
requires-python = ">=3.11"

[tool.pytest.ini_options]
markers = ["slow: needs the sample dataset"]

[tool.ruff]
line-length = 110

[tool.pytest.ini_options]
testpaths = ["tests"]
"""


def run_metadata():
    with open("pyproject.toml", "rb") as fh:
        project = tomllib.load(fh)["project"]
    return {"package": project["name"], "version": project["version"]}


with open("pyproject.toml", "w") as fh:
    fh.write(PYPROJECT.format(patch=VARIANT))
if VARIANT == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s tracking: %(message)s")
    logging.info("collecting run metadata")
if VARIANT == 2:
    print("run defects-resnet50-0604 starting")
print(run_metadata())
