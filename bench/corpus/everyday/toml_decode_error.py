"""tomllib.TOMLDecodeError when parsing a pyproject-style TOML file with a syntax error."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
import tomllib

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

DOCS = [
    '[tool.train]\nepochs = 10\nname = baseline\n',
    '[tool.train]\nepochs = 10\n[tool.train]\nlr = 0.1\n',
    '[tool.train\nepochs = 10\n',
]
with open("pyproject.toml", "w") as f:
    f.write(DOCS[V])

with open("pyproject.toml", "rb") as f:
    cfg = tomllib.load(f)
print(cfg)
