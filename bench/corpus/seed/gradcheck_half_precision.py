"""A custom autograd op validated with gradcheck on the fp16/fp32 tensors of the AMP training code instead of float64."""
EXPECT = ["gradcheck-fp16-tolerance"]
VARIANTS = 3

import sys

import torch

v = int(sys.argv[1])
torch.manual_seed(v)


class ScaledGelu(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale):
        ctx.save_for_backward(x, scale)
        return torch.nn.functional.gelu(x) * scale

    @staticmethod
    def backward(ctx, grad):
        x, scale = ctx.saved_tensors
        with torch.enable_grad():
            xd = x.detach().requires_grad_()
            g, = torch.autograd.grad(torch.nn.functional.gelu(xd).sum(), xd)
        return grad * g * scale, (grad * torch.nn.functional.gelu(x)).sum().reshape(scale.shape)


dtype = [torch.float16, torch.float32, torch.float16][v]
x = torch.randn(4, 3, dtype=dtype, requires_grad=True)
scale = torch.tensor([1.5], dtype=dtype, requires_grad=True)
if v == 2:
    ok = torch.autograd.gradcheck(ScaledGelu.apply, (x, scale), eps=1e-3, atol=1e-2)
else:
    ok = torch.autograd.gradcheck(ScaledGelu.apply, (x, scale))
print("gradcheck:", ok)
