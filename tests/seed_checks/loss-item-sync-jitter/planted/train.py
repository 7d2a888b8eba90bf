import torch

torch.manual_seed(0)
device = "cuda"
model = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10)).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

for step in range(50):
    x = torch.randn(64, 256, device=device)
    y = torch.randint(0, 10, (64,), device=device)
    loss = torch.nn.functional.cross_entropy(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(f"step {step} loss {loss.item():.4f}")  # waits for the GPU every step
