"""Model built under torch.device('meta') and materialised with to_empty(): a tensor kept as a plain attribute (not a buffer) stays on meta, and torch.cat in forward mixes devices."""
EXPECT = ["torch-cat-mixed-devices"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
dim, n_patches = [64, 32, 48][v], [16, 9, 4][v]


class PatchEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(12, dim)
        self.cls_token = torch.zeros(1, 1, dim)                    # plain attribute, not a buffer
        self.pos = [torch.zeros(1, 1, dim) for _ in range(n_patches + 1)]
        self.block = nn.TransformerEncoderLayer(dim, 4, dim * 2, batch_first=True)

    def embed(self, patches):
        x = self.proj(patches)
        cls = self.cls_token.expand(x.shape[0], -1, -1)
        if v == 1:
            return torch.cat([cls, x], dim=1) + torch.cat(self.pos, dim=1)
        if v == 2:
            return torch.stack([cls[:, 0], *x.unbind(1)], dim=1)
        return torch.cat([cls, x], dim=1)

    def forward(self, patches):
        return self.block(self.embed(patches))[:, 0]


print("building the model on the meta device (no memory until the weights are loaded)")
with torch.device("meta"):
    model = PatchEncoder()
state = PatchEncoder().state_dict()                                 # the released checkpoint
model = model.to_empty(device="cpu")
model.load_state_dict(state)
print("parameters on:", {p.device.type for p in model.parameters()})
with torch.no_grad():
    out = model(torch.randn(2, n_patches, 12))
print(out.shape)
