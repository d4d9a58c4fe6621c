//! Printers: table, tsv, json, ndjson and csv over the same rows.
