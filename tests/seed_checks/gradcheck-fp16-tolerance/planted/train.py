"""A custom autograd op checked with gradcheck on a slice of the fp16 (AMP) activations."""

import torch


class ScaledTanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = torch.tanh(x)
        ctx.save_for_backward(y)
        return 2 * y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * 2 * (1 - y * y)


fn = ScaledTanh.apply
torch.manual_seed(0)
x = torch.randn(6).half().requires_grad_()

if __name__ == "__main__":
    torch.autograd.gradcheck(fn, (x,))  # GradcheckError: Jacobian mismatch
