"""Cooperative __init__(**kwargs) in user mixins passes leftover keyword arguments up the MRO until they reach object: TypeError: object.__init__() takes exactly one argument (the instance to initialize)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")


class LoggingMixin:
    def __init__(self, log_every=10, **kwargs):
        super().__init__(**kwargs)
        self.log_every = log_every
        logging.info("%s logs every %d steps", type(self).__name__, log_every)


class CheckpointMixin:
    def __init__(self, ckpt_dir="checkpoints", **kwargs):
        super().__init__(**kwargs)
        self.ckpt_dir = ckpt_dir


class BaseJob:
    def __init__(self, name, **kwargs):
        super().__init__(**kwargs)
        self.name = name


class TrainJob(LoggingMixin, CheckpointMixin, BaseJob):
    pass


class EvalJob(LoggingMixin, BaseJob):
    pass


def from_config(cls, cfg):
    return cls(**cfg)


if V == 0:
    job = TrainJob(name="resnet-ft", log_every=50, ckpt_dir="runs/ft")
    logging.info("created %s", job.name)
    job2 = TrainJob(name="resnet-ft-2", log_every=50, ckpt_dir="runs/ft2", max_epochs=30)
elif V == 1:
    cfgs = [{"name": "eval-val", "log_every": 5}, {"name": "eval-test", "log_every": 5, "ckpt_dir": "runs/ft"}]
    for cfg in cfgs:
        job = from_config(EvalJob, cfg)
        print("ready:", job.name)
else:
    class Timer:
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.elapsed = 0.0

    class TimedEval(Timer, EvalJob):
        pass

    print(TimedEval(name="bench", log_every=1, warmup=3).name)
