"""An image classifier whose dataset normalises with the ImageNet mean and std; the batches it logs
with make_grid are those normalised tensors."""

import torch
from torch.utils.data import DataLoader, Dataset

MEAN = torch.tensor([0.485, 0.456, 0.406]).view(3, 1, 1)
STD = torch.tensor([0.229, 0.224, 0.225]).view(3, 1, 1)


class Photos(Dataset):
    """Synthetic 32x32 RGB photos in [0, 1]: a lit gradient with a dark corner."""

    def __len__(self) -> int:
        return 64

    def __getitem__(self, i: int) -> tuple[torch.Tensor, int]:
        g = torch.Generator().manual_seed(i)
        ramp = torch.linspace(0, 1, 32).expand(32, 32)
        image = (ramp * torch.rand(3, 1, 1, generator=g)).clamp(0, 1)
        image[:, :8, :8] = 0.0
        return (image - MEAN) / STD, i % 10  # what the model and make_grid both receive


loader = DataLoader(Photos(), batch_size=16)

if __name__ == "__main__":
    x, _ = next(iter(loader))
    print("grid input range:", x.min().item(), x.max().item())
