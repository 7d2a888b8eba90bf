"""serve.py launches uvicorn with "embedding_service:app", but the module's FastAPI object was renamed to api."""
EXPECT = ["serve-launcher-import-string-app-renamed-api"]
VARIANTS = 4

import logging
import sys
import textwrap

import uvicorn

VARIANT = int(sys.argv[1])

SERVICE_MODULE = textwrap.dedent(
    '''
    from fastapi import FastAPI
    import torch

    api = FastAPI(title="embedding-service")
    encoder = torch.nn.EmbeddingBag(10000, 64)


    @api.post("/embed")
    def embed(ids: list[int]):
        return {"vector": encoder(torch.tensor([ids])).squeeze(0).tolist()}
    '''
)


def write_service(module):
    path = module.replace(".", "/") + ".py"
    parts = module.split(".")
    if len(parts) > 1:
        import os

        os.makedirs("/".join(parts[:-1]), exist_ok=True)
        open("/".join(parts[:-1]) + "/__init__.py", "w").close()
    with open(path, "w") as fh:
        fh.write(SERVICE_MODULE)


def main():
    module, port, workers = {0: ("embedding_service", 8000, None), 1: ("services.embedding_service", 8001, None),
                             2: ("embedding_service", 8000, None), 3: ("services.embedding_service", 9000, None)}[VARIANT]
    write_service(module)
    sys.path.insert(0, ".")
    if VARIANT == 3:
        print(f"serve.py: starting {module} on :{port}")
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s serve: %(message)s")
        logging.info("launching embedding_service:app")
    if VARIANT == 3:
        import subprocess

        cmd = [sys.executable, "-m", "uvicorn", f"{module}:app", "--host", "127.0.0.1", "--port", str(port), "--log-level", "info"]
        print("exec:", " ".join(cmd[1:]), flush=True)
        sys.exit(subprocess.call(cmd))
    uvicorn.run(f"{module}:app", host="127.0.0.1", port=port, workers=workers, log_level="info")


if __name__ == "__main__":
    main()
