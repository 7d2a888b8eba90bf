"""ValueError: cosine_warmup is not a valid SchedulerType, please select one of [...]: transformers TrainingArguments given a name outside its enum (lr_scheduler_type 'cosine_warmup', optim 'adam', eval_strategy 'step', save_strategy 'epochs'), typed in a sweep YAML, a CLI wrapper or a config dict."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

from transformers import HfArgumentParser, TrainingArguments

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

base = {"output_dir": "runs/intent-clf", "per_device_train_batch_size": 16, "learning_rate": 3e-5,
        "num_train_epochs": 3, "report_to": [], "use_cpu": True}

if V == 0:
    sweep = {"lr_scheduler_type": "cosine_warmup", "warmup_steps": 200}
    print("sweep trial:", json.dumps(sweep))
    args = TrainingArguments(**base, **sweep)
elif V == 1:
    with open("train_config.json", "w") as f:
        json.dump({**base, "optim": "adam", "weight_decay": 0.01}, f)
    print("reading train_config.json")
    (args,) = HfArgumentParser(TrainingArguments).parse_json_file("train_config.json")
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("finetune")

    def make_args(eval_every):
        log.info("evaluating every %d steps", eval_every)
        return TrainingArguments(**base, eval_strategy="step", eval_steps=eval_every, save_steps=eval_every)

    args = make_args(250)
elif V == 3:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("launcher")
    overrides = {"save_strategy": "epochs", "save_total_limit": 2}
    log.info("overrides %s", overrides)
    (args,) = HfArgumentParser(TrainingArguments).parse_dict({**base, **overrides})
else:
    print("building TrainingArguments for the distillation run")
    args = TrainingArguments(**base, logging_strategy="batch", logging_steps=1)
print(args.lr_scheduler_type, args.optim)
