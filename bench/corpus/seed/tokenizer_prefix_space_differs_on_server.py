"""Training tokenized with add_prefix_space=True, the serving image builds the tokenizer from the same vocab/merges with the default: the first token of every text differs; the deployment smoke test against ids recorded at training fails."""
EXPECT = ["tokenizer-add-prefix-space-version-drift"]
VARIANTS = 3

import json
import os
import sys

from tokenizers import ByteLevelBPETokenizer
from transformers import AutoTokenizer, RobertaTokenizerFast

v = int(sys.argv[1])
texts = ["hello world", "refund my order please", "the parcel never arrived", "cancel the subscription"]
bpe = ByteLevelBPETokenizer(add_prefix_space=True)
bpe.train_from_iterator([" ".join(texts)] * 200 + ["hello there world order parcel"] * 50, vocab_size=400,
                        special_tokens=["<s>", "<pad>", "</s>", "<unk>", "<mask>"])
os.makedirs("tokenizer", exist_ok=True)
bpe.save_model("tokenizer")

# --- training job (its environment resolved add_prefix_space=True) ---
train_tok = RobertaTokenizerFast("tokenizer/vocab.json", "tokenizer/merges.txt", add_prefix_space=True)
with open("expected_ids.json", "w") as f:
    json.dump({t: train_tok(t)["input_ids"] for t in texts}, f)
if v == 2:
    train_tok.save_pretrained("model_dir")
    with open("model_dir/tokenizer_config.json") as f:
        cfg = json.load(f)
    cfg.pop("add_prefix_space", None)                     # rewritten by the export script
    with open("model_dir/tokenizer_config.json", "w") as f:
        json.dump(cfg, f)

# --- serving image ---
if v == 2:
    serve_tok = AutoTokenizer.from_pretrained("model_dir")
else:
    serve_tok = RobertaTokenizerFast(vocab_file="tokenizer/vocab.json", merges_file="tokenizer/merges.txt")
expected = json.load(open("expected_ids.json"))
print(type(serve_tok).__name__, "add_prefix_space =", getattr(serve_tok, "add_prefix_space", None))
bad = 0
for text in texts[: [4, 2, 3][v]]:
    ids = serve_tok(text)["input_ids"]
    if ids != expected[text]:
        bad += 1
        print(f"{text!r}: train {train_tok.convert_ids_to_tokens(expected[text])[:3]} serve {serve_tok.convert_ids_to_tokens(ids)[:3]}")
assert bad == 0, f"smoke test: {bad} texts tokenize differently than at training time"
