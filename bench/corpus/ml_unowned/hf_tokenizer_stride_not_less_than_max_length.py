EXPECT = []
VARIANTS = 3

# Sliding-window tokenisation for long documents (extractive QA / long-text classification):
# doc_stride is set to the window length (or larger), as in "windows of 128, stride 128".
import sys

from tokenizers import Tokenizer, models, pre_tokenizers, processors
from transformers import PreTrainedTokenizerFast

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SETTINGS = [
    {"max_length": 16, "doc_stride": 16},
    {"max_length": 32, "doc_stride": 30},
    {"max_length": 12, "doc_stride": 24},
][V]

WORDS = ("the pump on line three was serviced after the vibration alarm and the bearing was "
         "replaced because the sensor showed a rising trend over two weeks of operation").split()


def build_tokenizer():
    vocab = {"[PAD]": 0, "[UNK]": 1, "[CLS]": 2, "[SEP]": 3}
    for w in sorted(set(WORDS)):
        vocab[w] = len(vocab)
    tk = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tk.pre_tokenizer = pre_tokenizers.Whitespace()
    tk.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B [SEP]", special_tokens=[("[CLS]", 2), ("[SEP]", 3)])
    return PreTrainedTokenizerFast(tokenizer_object=tk, pad_token="[PAD]", unk_token="[UNK]",
                                   cls_token="[CLS]", sep_token="[SEP]")


def windows(tok, text, s, question=None):
    if question is not None:
        return tok(question, text, truncation="only_second", max_length=s["max_length"], stride=s["doc_stride"],
                   return_overflowing_tokens=True, padding="max_length")
    return tok(text, truncation=True, max_length=s["max_length"], stride=s["doc_stride"],
               return_overflowing_tokens=True, padding="max_length")


def main():
    tok = build_tokenizer()
    doc = " ".join(WORDS * 3)
    print(f"document: {len(doc.split())} words, window {SETTINGS['max_length']}, stride {SETTINGS['doc_stride']}")
    enc = windows(tok, doc, SETTINGS, question="why was the bearing replaced" if V == 1 else None)
    print(f"{len(enc['input_ids'])} windows")


if __name__ == "__main__":
    main()
