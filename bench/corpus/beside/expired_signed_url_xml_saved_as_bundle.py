"""The deploy script downloads ranker_bundle.zip from a pre-signed URL that has expired; the storage service answers 403 with an XML error body, which the script saves without checking the status."""
# beside: ranker-bundle-zip-copied-while-export-writing
# why: the file holds an XML error page from an expired download link, not a truncated copy of a bundle that was still being exported.
EXPECT = []
VARIANTS = 2

import os
import sys
import zipfile

from fastapi import FastAPI, Response
from fastapi.testclient import TestClient

VARIANT = int(sys.argv[1])

storage = FastAPI()


@storage.get("/models/ranker/ranker_bundle.zip")
def get_bundle(expires: int, signature: str):
    body = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>AccessDenied</Code>"
            "<Message>Request has expired</Message><Expires>%d</Expires></Error>" % expires)
    return Response(body, status_code=403, media_type="application/xml")


def download(client, url, dest):
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    r = client.get(url)
    with open(dest, "wb") as fh:
        fh.write(r.content)
    return dest


url = {0: "/models/ranker/ranker_bundle.zip?expires=1717459200&signature=9f2c1a",
       1: "/models/ranker/ranker_bundle.zip?expires=1717545600&signature=77be03"}[VARIANT]
path = download(TestClient(storage), url, {0: "srv/models/ranker_bundle.zip", 1: "deploy/ranker_bundle.zip"}[VARIANT])
if VARIANT == 1:
    print(f"downloaded {os.path.getsize(path)} bytes")
with zipfile.ZipFile(path) as bundle:
    print(bundle.namelist())
