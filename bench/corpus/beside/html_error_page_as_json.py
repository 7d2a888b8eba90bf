"""The label service returned an HTML error page (saved by curl), which the script parses as JSON."""
# beside: tokenizer-vocab-json-git-lfs-pointer
# why: the body is an HTML page from a failing service, not an LFS pointer in a checkout.
EXPECT = []
VARIANTS = 2

import json
import sys

VARIANT = int(sys.argv[1])

with open("labels_response.json", "w") as fh:
    fh.write("<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>\n")
body = open("labels_response.json").read()
if VARIANT == 1:
    print(f"GET /api/labels -> {len(body)} bytes")
json.loads(body)
