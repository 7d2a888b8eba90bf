"""A click option/argument whose derived name (--batch-size -> batch_size) does not match the command function's parameter name: TypeError: got an unexpected keyword argument."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import click

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


@click.command()
@click.option("--batch-size", type=int, default=64)
@click.option("--epochs", type=int, default=5)
def train_tagger(batch, epochs):
    click.echo(f"training tagger: batch={batch} epochs={epochs}")


@click.group()
def pipeline():
    pass


@pipeline.command()
@click.option("--output-dir", type=click.Path(), default="exports")
@click.option("--shard-count", type=int, default=4)
def export(out_dir, shard_count):
    click.echo(f"exporting {shard_count} shards to {out_dir}")


@pipeline.command()
def status():
    click.echo("pipeline idle")


@click.command()
@click.argument("config_path")
@click.option("--dry-run", is_flag=True)
def score_stores(config, dry_run):
    click.echo(f"scoring with {config} dry_run={dry_run}")


if V == 0:
    train_tagger.main(["--batch-size", "32", "--epochs", "3"], prog_name="train_tagger.py")
elif V == 1:
    pipeline.main(["status"], prog_name="pipeline.py", standalone_mode=False)
    pipeline.main(["export", "--output-dir", "exports/2024-06-01"], prog_name="pipeline.py")
else:
    score_stores.main(["configs/stores.yaml", "--dry-run"], prog_name="score_stores.py")
