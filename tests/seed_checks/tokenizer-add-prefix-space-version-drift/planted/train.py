"""A byte-level BPE tokenizer (GPT-2/RoBERTa style) wrapped with the library's defaults: whether a
space is added before the first word is left to the installed transformers version."""

from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import PreTrainedTokenizerFast

CORPUS = ["hello world", "the world says hello", "hello there world", "a small world"] * 20

core = Tokenizer(models.BPE(unk_token="<unk>"))
core.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
core.decoder = decoders.ByteLevel()
core.train_from_iterator(CORPUS, trainers.BpeTrainer(vocab_size=300, special_tokens=["<pad>", "<unk>"], show_progress=False))
tokenizer = PreTrainedTokenizerFast(tokenizer_object=core, pad_token="<pad>", unk_token="<unk>")
