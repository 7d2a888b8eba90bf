"""Code written against an older transformers, run in a fresh image with an unpinned newer one: removed kwargs, imports and model types."""
EXPECT = ["transformers-version-not-pinned"]
VARIANTS = 5

import json
import os
import sys

v = int(sys.argv[1])

if v == 0:
    from transformers import TrainingArguments
    args = TrainingArguments(output_dir="out", evaluation_strategy="epoch", learning_rate=2e-5)
elif v == 1:
    from transformers import AdamW, get_linear_schedule_with_warmup
elif v == 2:
    from transformers import TrainingArguments
    args = TrainingArguments(output_dir="out", per_device_train_batch_size=8, no_cuda=True)
elif v == 3:
    from transformers import top_k_top_p_filtering
else:
    from transformers import AutoConfig, AutoModelForCausalLM
    os.makedirs("checkpoints/chat-model", exist_ok=True)
    with open("checkpoints/chat-model/config.json", "w") as f:
        json.dump({"model_type": "qwen7_moe", "hidden_size": 64, "architectures": ["Qwen7MoeForCausalLM"]}, f)
    print("loading checkpoints/chat-model")
    model = AutoModelForCausalLM.from_pretrained("checkpoints/chat-model")
