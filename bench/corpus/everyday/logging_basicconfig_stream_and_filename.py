"""ValueError: 'stream' and 'filename' should not be specified together: logging.basicConfig asked for a log file and a console stream (or handlers plus a filename) in one call."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
FMT = "%(asctime)s %(levelname)s %(message)s"

if V == 0:
    # log to train.log and see it on the terminal too
    logging.basicConfig(filename="train.log", stream=sys.stdout, level=logging.INFO, format=FMT)
    logging.info("epoch 0 loss 0.93")
elif V == 1:
    console = logging.StreamHandler(sys.stdout)
    logging.basicConfig(level=logging.INFO, format=FMT, handlers=[console], filename="eval.log")
    logging.info("evaluating 3 checkpoints")
elif V == 2:
    with open("run.json", "w") as f:
        json.dump({"model": "gbm", "logging": {"level": "INFO", "format": FMT,
                                              "filename": "runs/gbm.log", "stream": "stderr"}}, f)

    def configure_logging(cfg):
        opts = dict(cfg["logging"])
        opts["stream"] = getattr(sys, opts["stream"])
        opts["filename"] = opts["filename"].replace("runs/", "")
        logging.basicConfig(**opts)

    with open("run.json") as f:
        cfg = json.load(f)
    print(f"model={cfg['model']}", flush=True)
    configure_logging(cfg)
    logging.getLogger("gbm").info("fitting")
else:
    class Job:
        def __init__(self, name, log_path):
            self.name = name
            self.log_path = log_path

        def setup(self):
            file_handler = logging.FileHandler(self.log_path)
            logging.basicConfig(level=logging.DEBUG, format=FMT,
                                handlers=[file_handler], stream=sys.stderr)
            return logging.getLogger(self.name)

        def run(self):
            for i in range(3):
                print(f"[{self.name}] downloading part {i}", flush=True)
            log = self.setup()
            log.info("parts downloaded")

    Job("ingest", "ingest.log").run()
