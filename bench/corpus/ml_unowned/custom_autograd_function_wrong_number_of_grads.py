"""A custom torch.autograd.Function whose backward returns one gradient per tensor input only, forgetting the non-tensor arguments of forward (a gradient-reversal lambda, a bit width, an approximation flag): function XBackward returned an incorrect number of gradients (expected N, got M)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)


class GradReverse(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, lambd):
        ctx.lambd = lambd
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad_output):
        return -ctx.lambd * grad_output


class FakeQuantSTE(torch.autograd.Function):
    """Straight-through estimator for k-bit activation quantisation."""

    @staticmethod
    def forward(ctx, x, bits, scale):
        levels = 2 ** bits - 1
        return torch.round(x.clamp(0, scale) / scale * levels) / levels * scale

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output, None


class FusedLinearGELU(torch.autograd.Function):
    """y = gelu(x @ w.T + b), recomputing the pre-activation in backward to save memory."""

    @staticmethod
    def forward(ctx, x, weight, bias, approximate):
        ctx.save_for_backward(x, weight, bias)
        ctx.approximate = approximate
        return nn.functional.gelu(x @ weight.t() + bias, approximate=approximate)

    @staticmethod
    def backward(ctx, grad_output):
        x, weight, bias = ctx.saved_tensors
        with torch.enable_grad():
            pre = (x @ weight.t() + bias).detach().requires_grad_()
            act = nn.functional.gelu(pre, approximate=ctx.approximate)
            grad_pre, = torch.autograd.grad(act, pre, grad_output)
        return grad_pre @ weight, grad_pre.t() @ x, grad_pre.sum(0)


class DomainAdversarialNet(nn.Module):
    def __init__(self, d_in=20, d=32):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(d_in, d), nn.ReLU())
        self.label_head = nn.Linear(d, 3)
        self.domain_head = nn.Linear(d, 2)

    def forward(self, x, lambd):
        h = self.features(x)
        return self.label_head(h), self.domain_head(GradReverse.apply(h, lambd))


class QuantMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(12, 24), nn.Linear(24, 2)

    def forward(self, x):
        return self.fc2(FakeQuantSTE.apply(torch.relu(self.fc1(x)), 4, 6.0))


if variant == 0:
    model = DomainAdversarialNet()
    x, y, d = torch.randn(16, 20), torch.randint(0, 3, (16,)), torch.randint(0, 2, (16,))
    cls, dom = model(x, lambd=0.3)
    loss = nn.functional.cross_entropy(cls, y) + nn.functional.cross_entropy(dom, d)
    print(f"loss {loss.item():.4f}")
    loss.backward()
elif variant == 1:
    model = QuantMLP()
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for step in range(3):
        loss = model(torch.randn(8, 12)).pow(2).mean()
        print(f"step {step} loss {loss.item():.4f}")
        opt.zero_grad()
        loss.backward()
        opt.step()
else:
    class FusedMLP(nn.Module):
        def __init__(self, d_in, d_hidden):
            super().__init__()
            self.w = nn.Parameter(torch.randn(d_hidden, d_in) * d_in ** -0.5)
            self.b = nn.Parameter(torch.zeros(d_hidden))
            self.out = nn.Linear(d_hidden, 1)

        def forward(self, x):
            return self.out(FusedLinearGELU.apply(x, self.w, self.b, "tanh"))

    model = FusedMLP(24, 96)
    x, y = torch.randn(32, 24), torch.randn(32, 1)
    loss = nn.functional.mse_loss(model(x), y)
    print(f"mse {loss.item():.4f}")
    loss.backward()
