EXPECT = []
VARIANTS = 3

# Shift schedules come from a roster CSV where a shift that ends at midnight is written "24:00",
# and the parser builds datetime.time objects from the hour and minute.
import csv
import datetime as dt
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

ROSTER = [
    [["morning", "06:00", "14:00"], ["late", "14:00", "22:00"], ["night", "22:00", "24:00"]],
    [["early", "05:30", "13:30"], ["evening", "16:00", "24:00"]],
    [["store_open", "08:00", "20:00"], ["cleaning", "20:00", "20:60"]],
][V]


def parse_hhmm(text):
    hour, minute = (int(p) for p in text.split(":"))
    return dt.time(hour, minute)


def load_roster(path):
    shifts = []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            start, end = parse_hhmm(row["start"]), parse_hhmm(row["end"])
            print(f"shift {row['name']}: {start}-{end}")
            shifts.append((row["name"], start, end))
    return shifts


def main():
    with open("roster.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["name", "start", "end"])
        w.writerows(ROSTER)
    load_roster("roster.csv")


if __name__ == "__main__":
    main()
