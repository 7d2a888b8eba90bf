"""TypeError: memoryview: a bytes-like object is required, not 'str': text (JSON, ids, CSV) piped into a helper command with input= / communicate() while the pipes are in the default binary mode (no text=True or encoding=)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import subprocess
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("score.py", "w") as f:
    f.write(
        "import json, sys\n"
        "req = json.load(sys.stdin)\n"
        "print(json.dumps({'scores': [round(sum(r) / len(r), 3) for r in req['rows']]}))\n"
    )

if V == 0:
    ids = [f"user_{i:04d}" for i in (42, 7, 1999, 7, 310)]
    res = subprocess.run(["sort", "-u"], input="\n".join(ids), capture_output=True)
    print(res.stdout.decode().split())
elif V == 1:
    def score_with_legacy_tool(rows):
        payload = json.dumps({"rows": rows})
        print(f"sending {len(rows)} rows to score.py", flush=True)
        out = subprocess.check_output([sys.executable, "score.py"], input=payload)
        return json.loads(out)["scores"]

    print(score_with_legacy_tool([[0.1, 0.4], [0.9, 0.7], [0.3, 0.3]]))
elif V == 2:
    csv_text = "id,text\n1,great product\n2,arrived broken\n"
    proc = subprocess.Popen(["wc", "-l"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    out, _ = proc.communicate(input=csv_text)
    print("lines:", out)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("batch")
    batches = [[[0.2, 0.5]], [[1.0, 0.0], [0.5, 0.5]]]
    for i, rows in enumerate(batches):
        log.info("batch %d: %d rows", i, len(rows))
        try:
            res = subprocess.run([sys.executable, "score.py"], input=json.dumps({"rows": rows}),
                                 stdout=subprocess.PIPE, check=True)
        except TypeError:
            log.exception("scoring batch %d failed", i)
            raise
        log.info("scores %s", res.stdout)
