"""An encoder-decoder model (T5, a BERT2BERT EncoderDecoderModel) called with only input_ids/attention_mask, as an encoder-only classifier would be: ValueError: You must specify exactly one of input_ids or inputs_embeds (raised by the decoder)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from transformers import BertConfig, EncoderDecoderConfig, EncoderDecoderModel, T5Config, T5ForConditionalGeneration

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)


def tiny_t5():
    cfg = T5Config(vocab_size=320, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_decoder_layers=2,
                   num_heads=4, decoder_start_token_id=0, pad_token_id=0)
    return T5ForConditionalGeneration(cfg).eval()


def fake_batch(batch_size, length, vocab=320):
    ids = torch.randint(3, vocab, (batch_size, length))
    mask = torch.ones_like(ids)
    mask[:, length - 3:] = 0
    return {"input_ids": ids, "attention_mask": mask}


@torch.no_grad()
def summary_embeddings(model, batch):
    out = model(**batch, output_hidden_states=True)
    hidden = out.encoder_last_hidden_state
    m = batch["attention_mask"].unsqueeze(-1)
    return (hidden * m).sum(1) / m.sum(1)


def validation_loss(model, loader):
    total = 0.0
    for step, batch in enumerate(loader):
        batch = dict(batch)
        targets = batch.pop("target_ids")
        out = model(**batch)
        total += out.loss.item()
        print(f"val step {step}")
    return total / len(loader)


if V == 0:
    model = tiny_t5()
    for i in range(2):
        print(f"embedding batch {i}")
        emb = summary_embeddings(model, fake_batch(4, 24))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    enc = BertConfig(vocab_size=320, hidden_size=64, num_hidden_layers=1, num_attention_heads=4, intermediate_size=128)
    dec = BertConfig(vocab_size=320, hidden_size=64, num_hidden_layers=1, num_attention_heads=4, intermediate_size=128,
                     is_decoder=True, add_cross_attention=True)
    model = EncoderDecoderModel(config=EncoderDecoderConfig.from_encoder_decoder_configs(enc, dec))
    model.config.decoder_start_token_id, model.config.pad_token_id = 2, 0
    logging.getLogger("headline_gen").info("scoring 3 articles")
    logits = model(**fake_batch(3, 40)).logits
else:
    model = tiny_t5()
    loader = [dict(fake_batch(2, 16), target_ids=torch.randint(3, 320, (2, 8))) for _ in range(3)]
    print(f"validation over {len(loader)} batches")
    print(validation_loss(model, loader))
