"""KeyError: "'f1'": a str.format / format_map template indexes a dict with a quoted key ({metrics['f1']}), as an f-string would; in a format string the quotes are part of the key, so the lookup is for "'f1'"."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
runs = [
    {"name": "bert-base-lr3e-5", "lr": 3e-5, "metrics": {"f1": 0.871, "acc": 0.902}},
    {"name": "bert-base-lr5e-5", "lr": 5e-5, "metrics": {"f1": 0.866, "acc": 0.897}},
    {"name": "distil-lr1e-4", "lr": 1e-4, "metrics": {"f1": 0.842, "acc": 0.884}},
][: [3, 2, 3, 3][V]]

if V == 0:
    print(f"{len(runs)} runs")
    for run in runs:
        line = "{name:<20} f1={metrics['f1']:.3f} acc={metrics['acc']:.3f}".format(**run)
        print(line)
elif V == 1:
    with open("report.json", "w") as f:
        json.dump({"row_template": "| {run[\"name\"]} | {run[\"lr\"]:.0e} | {run[\"metrics\"][\"f1\"]:.3f} |"}, f)
    with open("report.json") as f:
        template = json.load(f)["row_template"]
    print("| run | lr | f1 |")
    for run in runs:
        print(template.format_map({"run": run}))
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("leaderboard")
    SUMMARY = "best run {best['name']} with f1 {best['metrics']['f1']:.4f}"

    def summarize(runs):
        best = max(runs, key=lambda r: r["metrics"]["f1"])
        log.info("picked best of %d runs", len(runs))
        return SUMMARY.format(best=best)

    log.info(summarize(runs))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("alerts")
    thresholds = {"acc": 0.9, "f1": 0.85}
    for run in runs:
        for metric, floor in thresholds.items():
            if run["metrics"][metric] < floor:
                log.warning("{0['name']}: {1} below {2}".format(run, metric, floor))
