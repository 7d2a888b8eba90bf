EXPECT = []
VARIANTS = 3

# An evaluation harness computes max_new_tokens from the task config ("answer_budget" minus the
# prompt's length, or an empty setting that yaml reads as None and the code turns into 0).
import sys

import torch
import yaml
from transformers import GPT2Config, GPT2LMHeadModel

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

TASK_YAML = [
    "task: summarise\ngeneration:\n  max_new_tokens:\n  num_beams: 2\n",
    "task: qa\ngeneration:\n  answer_budget: 24\n  num_beams: 1\n",
    "task: classify\ngeneration:\n  max_new_tokens: 0   # label only\n",
][V]


def budget(gen, prompt_len):
    if "answer_budget" in gen:
        return gen["answer_budget"] - prompt_len
    return int(gen.get("max_new_tokens") or 0)


def run_task(model, task, prompt_len):
    gen = task["generation"]
    ids = torch.randint(2, 200, (2, prompt_len))
    return model.generate(ids, attention_mask=torch.ones_like(ids), max_new_tokens=budget(gen, prompt_len),
                          num_beams=gen.get("num_beams", 1), pad_token_id=1)


def main():
    with open("task.yaml", "w") as f:
        f.write(TASK_YAML)
    task = yaml.safe_load(open("task.yaml"))
    torch.manual_seed(0)
    model = GPT2LMHeadModel(GPT2Config(vocab_size=200, n_positions=64, n_embd=32, n_layer=1, n_head=2,
                                       bos_token_id=0, eos_token_id=1)).eval()
    print(f"running task {task['task']}")
    for prompt_len in (12, 24, 30):
        out = run_task(model, task, prompt_len)
        print(f"prompt_len={prompt_len} -> {tuple(out.shape)}")


if __name__ == "__main__":
    main()
