#!/usr/bin/env python3
"""The real FFIEC ratings as `cra export --with-history` writes a csv, so
that `cra sandbox --data FILE` serves them and `cra sync` copies them.

    python3 tools/ffiec-export.py ../shared/data/cra_ratings.csv.gz > ffiec.csv

Reads the converted FFIEC Interagency CRA Ratings file (cra_ratings.csv.gz,
one row per exam; see ../shared/data/README.md) and writes one row per
exam with the columns id,name,city,state,regulator,exam_date,rating,
exam_type,is_current. Each institution (regulator and agency id, the
file's `institution_key`) is one bank: its id a UUIDv5 of that key (the
same every run), its name, city and state those of its latest exam, its
exams newest first as the service serves them. The exam type is the file's
`exam_type_filled` (the service knows only Large, Intermediate Small and
Small Bank; exams of other methods are typed by assets at the exam). The
regulator of each exam is the institution's: in the FFIEC file an
institution that changes agency is a new institution.

Standard library only; the same input gives the same bytes.
"""

import csv
import gzip
import sys
import uuid

COLUMNS = ["id", "name", "city", "state", "regulator", "exam_date", "rating", "exam_type", "is_current"]


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    path = argv[1]
    opener = gzip.open if path.endswith(".gz") else open
    institutions = {}
    with opener(path, "rt", encoding="utf-8", newline="") as source:
        for row in csv.DictReader(source):
            institutions.setdefault(row["institution_key"], []).append(row)
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(COLUMNS)
    for key, exams in institutions.items():
        exams.sort(key=lambda r: r["exam_date"], reverse=True)
        latest = next((r for r in exams if r["is_current"] == "true"), exams[0])
        bank = str(uuid.uuid5(uuid.NAMESPACE_URL, "ffiec:" + key))
        for exam in exams:
            out.writerow([
                bank,
                latest["bank_name"],
                latest["city"],
                latest["state"],
                exam["regulator"],
                exam["exam_date"],
                exam["rating"],
                exam["exam_type_filled"],
                exam["is_current"],
            ])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
