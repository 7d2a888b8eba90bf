EXPECT = []
VARIANTS = 3

# A report printer wraps descriptions to "terminal width minus the indent"; in CI the terminal
# size falls back to a narrow default and the nested indent eats all of it.
import os
import shutil
import sys
import textwrap

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

LAYOUT = [
    {"columns": "40", "indent": 40},
    {"columns": "60", "indent": 24, "depth": 3},
    {"columns": "32", "indent": 36},
][V]

ITEMS = {
    "feature_drift": "Share of features whose population stability index exceeded 0.2 this week.",
    "late_events": "Events that arrived more than six hours after their timestamp.",
}


def render(items, depth=1):
    width = shutil.get_terminal_size().columns - LAYOUT["indent"] * depth
    for name, text in items.items():
        print(name)
        for line in textwrap.wrap(text, width=width):
            print(" " * (LAYOUT["indent"] * depth) + line)


def main():
    os.environ["COLUMNS"] = LAYOUT["columns"]
    print("weekly data report")
    print("==================")
    render(ITEMS, depth=LAYOUT.get("depth", 1))


if __name__ == "__main__":
    main()
