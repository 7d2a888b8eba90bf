"""A JSON file saved "UTF-8 with BOM" (Notepad, PowerShell Out-File) read as utf-8 text and given to json: JSONDecodeError: Unexpected UTF-8 BOM."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

BOM = "\ufeff"


def _read_json(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def load_serving_config(path):
    raw = _read_json(path)
    return {"model_uri": raw["model_uri"], "max_batch": int(raw.get("max_batch", 16))}


def load_label_maps(folder):
    maps = {}
    for path in sorted(Path(folder).glob("*.json")):
        with open(path, encoding="utf-8") as handle:
            maps[path.stem] = json.load(handle)
        print(f"loaded {path.name}: {len(maps[path.stem])} labels")
    return maps


def read_annotation_export(path):
    records = []
    with open(path, encoding="utf-8") as handle:
        for line_no, line in enumerate(handle, 1):
            records.append(json.loads(line))
    return records


if V == 0:
    Path("serving_config.json").write_text(BOM + json.dumps({"model_uri": "models/intent-v7", "max_batch": 32}, indent=2), encoding="utf-8")
    settings = load_serving_config("serving_config.json")
    print(settings)
elif V == 1:
    Path("label_maps").mkdir()
    Path("label_maps/brand.json").write_text(json.dumps({"0": "acme", "1": "globex"}), encoding="utf-8")
    Path("label_maps/category.json").write_text(json.dumps({"0": "shoes", "1": "bags", "2": "hats"}), encoding="utf-8")
    Path("label_maps/colour.json").write_text(BOM + json.dumps({"0": "black", "1": "white"}), encoding="utf-8")
    load_label_maps("label_maps")
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("annotations.import")
    rows = [{"ticket_id": 901 + i, "intent": intent} for i, intent in enumerate(["refund", "delivery", "refund"])]
    Path("tickets_export.jsonl").write_text(BOM + "\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    log.info("importing tickets_export.jsonl")
    annotations = read_annotation_export("tickets_export.jsonl")
    log.info("imported %d annotations", len(annotations))
