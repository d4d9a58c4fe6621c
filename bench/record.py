#!/usr/bin/env python3
"""Data sets for bench/record.sh, built from the real FFIEC file as
../shared/data/convert.py converted it (cra_ratings.csv.gz, one row per exam
of craratng.zip): the CSV `cra sandbox --data` serves (the columns of
`cra export --with-history`), one bank per FFIEC institution, its id UUIDv5
of `REGULATOR-ID`, its name, city and state those of its latest exam; and
the truth (which institution each bank is), to score `cra enrich`'s links.

  bench/record.py OUT.csv TRUTH.csv                 the file as published
  bench/record.py OUT.csv TRUTH.csv --perturb SEED  with perturbations:
      renamed (another bank's name), a dropped exam, FDIC exams dated by
      the exam's own day months before the month made public, and twins
      (a copy of a bank in another state, which the file does not have)
  bench/record.py OUT.csv TRUTH.csv --redate SEED   every FDIC bank dated
      by its exams' own days, as the FDIC's own search dates them: each
      exam 60 to 240 days before the date the file gives it (the month
      its evaluation was made public), drawn from the seed, in order
  bench/record.py --score TRUTH.csv LINKS.csv       wrong / right / missed
"""
import csv, datetime, gzip, os, random, sys, uuid

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "shared", "data", "cra_ratings.csv.gz")
COLUMNS = ["id", "name", "city", "state", "regulator", "exam_date", "rating", "exam_type", "is_current"]
STATES = ["TX", "IL", "MN", "IA", "MO", "CA", "KS", "WI", "GA", "OH"]


def banks():
    by = {}
    with gzip.open(DATA, "rt", newline="") as f:
        for row in csv.DictReader(f):
            by.setdefault(row["institution_key"], []).append(row)
    for key in sorted(by):
        exams = sorted(by[key], key=lambda r: r["exam_date"], reverse=True)
        latest = exams[0]
        yield key, {
            "id": str(uuid.uuid5(uuid.NAMESPACE_URL, key)),
            "name": latest["bank_name"], "city": latest["city"], "state": latest["state"],
            "regulator": latest["regulator"],
            "exams": [(e["exam_date"], e["rating"], e["exam_type_filled"]) for e in exams],
        }


def shift_back(date, rng):
    """An FDIC exam's own day, 2 to 8 months before the month made public."""
    y, m, _ = (int(p) for p in date.split("-"))
    months = y * 12 + m - 1 - rng.randint(2, 8)
    return "%04d-%02d-%02d" % (months // 12, months % 12 + 1, rng.randint(2, 28))


def redate(exams, rng):
    """Exams (newest first) dated 60 to 240 days before the file's date,
    each still after the one before it (a day after it at the least)."""
    dated = []
    after = None
    for date, rating, exam_type in reversed(exams):
        day = datetime.date.fromisoformat(date) - datetime.timedelta(days=rng.randint(60, 240))
        if after is not None and day <= after:
            day = after + datetime.timedelta(days=1)
        after = day
        dated.append((day.isoformat(), rating, exam_type))
    return list(reversed(dated))


def write(out, truth, seed, mode):
    rng = random.Random(seed)
    all_banks = list(banks())
    names = [b["name"] for _, b in all_banks]
    counts = {"banks": 0, "renamed": 0, "dropped": 0, "dated": 0, "twins": 0}
    with open(out, "w", newline="") as f, open(truth, "w", newline="") as t:
        w, tw = csv.writer(f), csv.writer(t)
        w.writerow(COLUMNS)
        tw.writerow(["id", "truth", "perturbation"])
        for key, bank in all_banks:
            kinds = []
            if mode == "redate":
                if bank["regulator"] == "FDIC":
                    bank["exams"] = redate(bank["exams"], rng)
                    kinds.append("dated")
            elif mode == "perturb":
                roll = rng.random()
                if roll < 0.03:
                    bank["name"] = rng.choice(names)
                    kinds.append("renamed")
                elif roll < 0.06 and len(bank["exams"]) > 1:
                    bank["exams"].pop(rng.randrange(len(bank["exams"])))
                    kinds.append("dropped")
                elif roll < 0.09 and bank["regulator"] == "FDIC":
                    bank["exams"] = sorted(
                        ((shift_back(d, rng), r, x) for d, r, x in bank["exams"]), reverse=True)
                    kinds.append("dated")
                elif roll < 0.11:
                    twin = dict(bank, id=str(uuid.uuid5(uuid.NAMESPACE_URL, "twin-" + key)),
                                state=rng.choice([s for s in STATES if s != bank["state"]]))
                    emit(w, twin)
                    tw.writerow([twin["id"], "", "twin"])
                    counts["twins"] += 1
                    counts["banks"] += 1
            for kind in kinds:
                counts[kind] += 1
            emit(w, bank)
            tw.writerow([bank["id"], key, "+".join(kinds)])
            counts["banks"] += 1
    print(" ".join("%s=%d" % kv for kv in counts.items()))


def emit(w, bank):
    for i, (date, rating, exam_type) in enumerate(bank["exams"]):
        w.writerow([bank["id"], bank["name"], bank["city"], bank["state"], bank["regulator"],
                    date, rating, exam_type, "true" if i == 0 else "false"])


def score(truth, links):
    want = {r["id"]: (r["truth"], r["perturbation"]) for r in csv.DictReader(open(truth))}
    got = {r["bank_id"]: r["institution"] for r in csv.DictReader(open(links))}
    right = wrong = 0
    wrong_kinds = {}
    for bank, institution in got.items():
        if want[bank][0] == institution:
            right += 1
        else:
            wrong += 1
            kind = want[bank][1] or "none"
            wrong_kinds[kind] = wrong_kinds.get(kind, 0) + 1
    linkable = sum(1 for t, _ in want.values() if t)
    print("banks=%d linkable=%d linked=%d right=%d wrong=%d %s share_linked=%.2f%%" % (
        len(want), linkable, len(got), right, wrong,
        " ".join("wrong_%s=%d" % kv for kv in sorted(wrong_kinds.items())),
        100.0 * right / max(linkable, 1)))
    return wrong


if __name__ == "__main__":
    if sys.argv[1] == "--score":
        sys.exit(1 if score(sys.argv[2], sys.argv[3]) else 0)
    mode = sys.argv[3][2:] if len(sys.argv) > 4 and sys.argv[3] in ("--perturb", "--redate") else None
    write(sys.argv[1], sys.argv[2], int(sys.argv[4]) if mode else None, mode)
