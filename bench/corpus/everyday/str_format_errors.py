"""Errors from str.format and %-formatting with mismatched placeholders or format codes."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
epoch, loss, acc = 3, 0.4172, 0.8811

if V == 0:
    print("epoch {} loss {:.3f} acc {:.3f}".format(epoch, loss))
elif V == 1:
    print("epoch {epoch} loss {val_loss:.3f}".format(epoch=epoch, loss=loss))
elif V == 2:
    print("epoch {:d} loss {:d}".format(epoch, loss))
else:
    print("epoch %d loss %.3f" % (epoch, loss, acc))
