"""ImportError: cannot import name ... from partially initialized module (circular import between user modules)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

os.makedirs("project", exist_ok=True)
open("project/__init__.py", "w").close()
with open("project/models.py", "w") as f:
    f.write("from project.training import Trainer\n\nclass Model:\n    pass\n")
with open("project/training.py", "w") as f:
    f.write("from project.models import Model\n\nclass Trainer:\n    pass\n")
with open("project/utils.py", "w") as f:
    f.write("import project.helpers as helpers\nSEED = helpers.DEFAULT_SEED\n")
with open("project/helpers.py", "w") as f:
    f.write("import project.utils as utils\nDEFAULT_SEED = 0\nOUT = utils.SEED\n")
sys.path.insert(0, os.getcwd())

if V == 0:
    from project.models import Model
elif V == 1:
    from project.training import Trainer
else:
    import project.utils
print("imported")
