"""locale.setlocale() with a locale the machine or container does not have (de_DE.UTF-8 from a colleague's config, a Windows locale name) to format numbers or parse month names: locale.Error: unsupported locale setting."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import locale
import logging
import sys
from datetime import datetime

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

with open("report.json", "w") as f:
    json.dump({"locale": ["de_DE.UTF-8", "fr_FR.ISO8859-1", "German_Germany.1252"][V], "revenue": 1234567.891}, f)


def format_amount(value, loc):
    locale.setlocale(locale.LC_NUMERIC, loc)
    return locale.format_string("%.2f", value, grouping=True)


def parse_month(text, loc):
    locale.setlocale(locale.LC_TIME, loc)
    return datetime.strptime(text, "%d. %B %Y")


class Report:
    def __init__(self, path):
        with open(path) as f:
            self.cfg = json.load(f)
        logging.info("report config: %s", self.cfg)

    def render(self):
        return f"Umsatz: {format_amount(self.cfg['revenue'], self.cfg['locale'])} EUR"


if V == 0:
    print(Report("report.json").render())
elif V == 1:
    logging.info("parsing invoice dates")
    for text in ["3. mars 2024", "17. avril 2024"]:
        print(parse_month(text, "fr_FR.ISO8859-1"))
else:
    for step in range(3):
        logging.info("aggregating region %d", step)
    print(Report("report.json").render())
