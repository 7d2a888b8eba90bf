"""A teammate's new weather-features job downloads the provider's hourly observations as .csv.gz with httpx and writes response.content to disk under that name; the provider's server sets Content-Encoding: gzip."""
# beside: supplier-feed-fetch-saves-httpx-decoded-body-as-gz
# why: httpx already decoded the gzip Content-Encoding and the job saves the decoded body under a .gz name that is then read with gzip, the entry's cause and fix.
EXPECT = ["supplier-feed-fetch-saves-httpx-decoded-body-as-gz"]
VARIANTS = 2

import gzip
import os
import sys

import httpx
import pandas as pd

VARIANT = int(sys.argv[1])
STATION = {0: "10738", 1: "10865"}[VARIANT]


def provider(request):
    body = "station,ts,temp_c,precip_mm\n" + "".join(
        f"{STATION},2024-06-03T{h:02d}:00,{14 + h * 0.4:.1f},0.0\n" for h in range(24))
    return httpx.Response(200, headers={"Content-Encoding": "gzip", "Content-Type": "text/csv"},
                          content=gzip.compress(body.encode()))


def download(client, url, path):
    r = client.get(url)
    r.raise_for_status()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(r.content)
    return path


client = httpx.Client(transport=httpx.MockTransport(provider))
path = download(client, f"https://obs.weather-provider.example/hourly/{STATION}/2024-06-03.csv.gz",
                f"data/weather/{STATION}_2024-06-03.csv.gz")
obs = pd.read_csv(path, compression="gzip")
print(obs.temp_c.mean())
