"""A project file named like a standard-library module (csv.py, statistics.py, secrets.py) is found first on sys.path, so `import csv` gets the user's file: AttributeError: partially initialized module 'csv' has no attribute 'DictReader' (most likely due to a circular import) / module has no attribute."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys
import textwrap

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

# the project root is on sys.path, as when `python train.py` runs from it
sys.path.insert(0, os.getcwd())

FILES = {
    0: {
        # the user's helper to export predictions, named after what it does
        "csv.py": """
            import csv

            def write_predictions(path, rows):
                with open(path, "w", newline="") as f:
                    w = csv.DictWriter(f, fieldnames=list(rows[0]))
                    w.writeheader()
                    w.writerows(rows)

            reader = csv.DictReader
        """,
        "report.py": """
            import csv
            print("report: exporting predictions")
            csv.write_predictions("preds.csv", [{"id": 1, "p": 0.9}])
        """,
    },
    1: {
        "statistics.py": """
            # project-wide summary statistics for the dashboard
            def summary(values):
                return {"n": len(values), "max": max(values)}
        """,
        "evaluate.py": """
            import statistics

            def report(losses):
                print("summary:", statistics.summary(losses))
                print("mean loss:", statistics.mean(losses))
        """,
    },
    2: {
        "secrets.py": """
            API_TOKEN = "dev-token"
            DB_PASSWORD = "dev-password"
        """,
        "make_run_id.py": """
            import secrets
            import uuid

            def run_id(prefix):
                return f"{prefix}-{secrets.token_hex(4)}"
        """,
    },
}
for name, text in FILES[V].items():
    with open(name, "w") as f:
        f.write(textwrap.dedent(text))
print("project files:", sorted(FILES[V]), flush=True)

if V == 0:
    import report  # noqa: F401
elif V == 1:
    import evaluate
    evaluate.report([0.91, 0.74, 0.62])
else:
    import make_run_id
    print(make_run_id.run_id("sweep"))
