"""An image classifier whose dataset yields [0, 1] images; the model normalises them itself, so the
batches logged with make_grid are true photos."""

import torch
from torch.utils.data import DataLoader, Dataset

MEAN = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)
STD = torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)


class Photos(Dataset):
    """Synthetic 32x32 RGB photos in [0, 1]: a lit gradient with a dark corner."""

    def __len__(self) -> int:
        return 64

    def __getitem__(self, i: int) -> tuple[torch.Tensor, int]:
        g = torch.Generator().manual_seed(i)
        ramp = torch.linspace(0, 1, 32).expand(32, 32)
        image = (ramp * torch.rand(3, 1, 1, generator=g)).clamp(0, 1)
        image[:, :8, :8] = 0.0
        return image, i % 10


class Normalize(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return (x - MEAN) / STD


model = torch.nn.Sequential(Normalize(), torch.nn.Flatten(), torch.nn.Linear(3 * 32 * 32, 10))
loader = DataLoader(Photos(), batch_size=16)

if __name__ == "__main__":
    x, _ = next(iter(loader))
    print("grid input range:", x.min().item(), x.max().item())
