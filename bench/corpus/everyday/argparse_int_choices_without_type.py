"""argparse option declared with integer choices but no type=int, so the string read from the command line is never among them: train.py: error: argument --num-gpus: invalid choice: '2' (choose from 1, 2, 4)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import argparse
import logging
import shlex
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def train_parser():
    p = argparse.ArgumentParser(prog="train.py", description="fine-tune the ticket classifier")
    p.add_argument("--config", default="configs/ticket_clf.yaml")
    p.add_argument("--num-gpus", choices=[1, 2, 4], default=1)
    p.add_argument("--epochs", type=int, default=3)
    return p


def export_parser():
    p = argparse.ArgumentParser(prog="export_model.py")
    p.add_argument("checkpoint")
    p.add_argument("--precision", choices=[16, 32], default=32, help="bits per weight in the exported file")
    p.add_argument("--opset", type=int, default=17)
    return p


def cv_parser():
    p = argparse.ArgumentParser(prog="run_fold.py")
    p.add_argument("--fold", choices=range(5), required=True)
    p.add_argument("--seed", type=int, default=0)
    return p


def launch_sweep_trials(commands, log):
    for line in commands:
        log.info("launching: %s", line)
        argv = shlex.split(line)[1:]
        args = cv_parser().parse_args(argv)
        log.info("fold %s seed %s started", args.fold, args.seed)


if V == 0:
    args = train_parser().parse_args(["--config", "configs/ticket_clf.yaml", "--num-gpus", "2", "--epochs", "5"])
    print(args)
elif V == 1:
    args = export_parser().parse_args(["runs/ticket_clf/best.pt", "--precision", "16"])
    print(args)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    launch_sweep_trials(["run_fold.py --fold 0 --seed 7", "run_fold.py --fold 1 --seed 7"],
                        logging.getLogger("cv.launcher"))
