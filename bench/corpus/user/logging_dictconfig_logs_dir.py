"""logging.yaml's file handler writes into logs/<run>/, which nobody creates before dictConfig runs."""
EXPECT = ["logging-yaml-file-handler-run-dir-not-created"]
VARIANTS = 4

import logging
import logging.config
import sys

import yaml

VARIANT = int(sys.argv[1])

LOGGING_YAML = """
version: 1
disable_existing_loggers: false
formatters:
  plain:
    format: "%(asctime)s %(levelname)s %(name)s: %(message)s"
handlers:
  console:
    class: logging.StreamHandler
    formatter: plain
    stream: ext://sys.stdout
  {handler}:
    class: logging.FileHandler
    formatter: plain
    filename: {filename}
root:
  level: INFO
  handlers: [console, {handler}]
"""


def setup_logging(run_name, handler, log_root):
    text = LOGGING_YAML.format(handler=handler, filename=f"{log_root}/{run_name}/train.log")
    with open("logging.yaml", "w") as fh:
        fh.write(text)
    with open("logging.yaml") as fh:
        logging.config.dictConfig(yaml.safe_load(fh))


class Experiment:
    def __init__(self, run_name, handler, log_root):
        self.run_name = run_name
        setup_logging(run_name, handler, log_root)
        self.log = logging.getLogger("experiment")

    def run(self):
        self.log.info("starting %s", self.run_name)


def main():
    run_name, handler, log_root = {
        0: ("bert_small_lr3e-4", "file", "logs"),
        1: ("resnet18_aug_strong", "file", "logs"),
        2: ("gbm_baseline_2024-05-02", "run_file", "outputs/logs"),
        3: ("sweep_17_trial_3", "file", "logs"),
    }[VARIANT]
    if VARIANT == 3:
        print(f"run: {run_name}")
        print("config: configs/sweep_17.yaml, seed 3")
    if VARIANT == 0:
        setup_logging(run_name, handler, log_root)
    else:
        Experiment(run_name, handler, log_root).run()


if __name__ == "__main__":
    main()
