"""click exits with status 2: Missing option, No such option or Invalid value for a training CLI."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import click

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
ARGV = [
    ["--epochs", "3"],                                        # required --config forgotten
    ["--config", "train.yaml", "--learning-rate", "0.01"],    # the option is called --lr
    ["--config", "train.yaml", "--epochs", "three"],          # not an int
][V]


@click.command()
@click.option("--config", required=True, type=click.Path())
@click.option("--lr", type=float, default=1e-3, show_default=True)
@click.option("--epochs", type=int, default=10, show_default=True)
def train(config, lr, epochs):
    click.echo(f"training with {config} lr={lr} epochs={epochs}")


if __name__ == "__main__":
    print("train.py", " ".join(ARGV), flush=True)
    train(ARGV, prog_name="train.py")
