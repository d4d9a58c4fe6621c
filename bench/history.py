#!/usr/bin/env python3
"""A stand-in BankFind for bench/history.sh, serving on a free port (its
address printed on the first line):

  /institutions  the sandbox's institutions, as fetched from SANDBOX
  /history       the sandbox's structure changes of its institutions and,
                 to reach BankFind's size, EXTRA more of institutions the
                 copy does not have (a tenth of them a branch's), paged by
                 offset and limit as BankFind pages; the filters asked are
                 not applied (the client keeps the institution's own).

Pages are built once and kept, so that timing a client measures the client.

Usage: bench/history.py SANDBOX_URL EXTRA
"""

import http.server
import json
import sys
import urllib.parse
import urllib.request

sandbox, extra = sys.argv[1], int(sys.argv[2])


def fetch_all(path, fields=""):
    records, offset = [], 0
    while True:
        query = f"limit=10000&offset={offset}{fields}"
        with urllib.request.urlopen(f"{sandbox}{path}?{query}") as answer:
            page = json.load(answer)
        got = [item["data"] for item in page["data"]]
        records.extend(got)
        offset += len(got)
        if not got or offset >= int(page["meta"]["total"]):
            return records


institutions = fetch_all("/bankfind/institutions")
history = fetch_all("/bankfind/history")
for n in range(extra):
    cert = 900_000 + n // 3
    branch = n % 10 == 0
    history.append(
        {
            "CERT": str(cert),
            "INSTNAME": f"Elsewhere Bank {cert}",
            "CHANGECODE": "711" if branch else ("223" if n % 3 == 2 else "510"),
            "CHANGECODE_DESC": "Branch Opening" if branch else "Merger - Without Assistance",
            "EFFDATE": f"{1990 + n % 30}-0{1 + n % 9}-15T00:00:00",
            "ORG_ROLE_CDE": "BR" if branch else "FI",
            "ACQ_CERT": str(cert + 1) if n % 3 == 2 else "",
            "ACQ_INSTNAME": f"Elsewhere Bank {cert + 1}" if n % 3 == 2 else "",
        }
    )

pages = {}


def page(records, offset, limit):
    key = (id(records), offset, limit)
    if key not in pages:
        total = len(records)
        body = {
            "meta": {"total": total},
            "data": [{"data": r, "score": 0} for r in records[offset : offset + limit]],
            "totals": {"count": total},
        }
        pages[key] = json.dumps(body).encode()
    return pages[key]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query)
        offset = int(query.get("offset", ["0"])[0])
        limit = int(query.get("limit", ["10000"])[0])
        records = history if url.path.endswith("/history") else institutions
        body = page(records, offset, limit)
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
print(f"{len(institutions)} institutions, {len(history)} structure changes", flush=True)
server.serve_forever()
