"""A recommendation encoder: a tiny BERT over a word-piece vocabulary extended with two marker tokens.
The model is sized with tokenizer.vocab_size, which leaves out the added tokens."""

from pathlib import Path

from transformers import BertConfig, BertModel, BertTokenizerFast

tokenizer = BertTokenizerFast.from_pretrained(Path(__file__).parent)  # reads vocab.txt
tokenizer.add_tokens(["<user>", "<item>"])

config = BertConfig(
    vocab_size=tokenizer.vocab_size,  # leaves out the added tokens
    hidden_size=16,
    num_hidden_layers=1,
    num_attention_heads=2,
    intermediate_size=32,
    max_position_embeddings=32,
)
model = BertModel(config)
