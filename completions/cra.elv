
use builtin;
use str;

set edit:completion:arg-completer[cra] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'cra'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'cra'= {
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise; csv for export]'
            cand --color 'When to use colour [default: auto]'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --base-url 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)'
            cand --retries 'Retries after the first try on connection errors, timeouts, 429 and 5xx'
            cand --rate 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)'
            cand --evolve 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Trace every HTTP request on standard error (secrets redacted)'
            cand --verbose 'Trace every HTTP request on standard error (secrets redacted)'
            cand --allow-insecure-http 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
            cand --sandbox 'Run against the built-in sandbox service (no key or network needed)'
            cand --offline 'Answer search, show and export from the local copy (see cra sync): no network'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand search 'List banks with their current rating'
            cand show 'One or more banks with their complete rating history'
            cand export 'Every matching bank, all pages, streamed to a file or standard output'
            cand verify-webhook 'Check one webhook delivery''s signature offline'
            cand listen 'Receive webhook deliveries locally, verify and print them'
            cand trigger 'Send signed test deliveries to a webhook endpoint'
            cand replay 'Send again deliveries recorded by `listen --log`, signed, byte for byte'
            cand sync 'Bring the local copy (SQLite) up to date with the service'
            cand enrich 'Bring the public record (FFIEC ratings file, BankFind) into the local copy and link the banks to it'
            cand pe 'The address of a bank''s public evaluation (the examiners'' report behind a rating)'
            cand lineage 'A bank''s predecessors and successors (mergers, failures, renames), oldest first'
            cand sql 'Run one read-only SQL query on the local copy'
            cand changes 'Rating changes (upgrades, downgrades...) from the local copy'
            cand stats 'Counts of banks by rating per group, with a chart, from the local copy'
            cand due 'Banks probably due or overdue for their next CRA exam (a heuristic), from the local copy'
            cand sandbox 'Run the local stand-in of the service'
            cand config 'Read and write the config file'
            cand completions 'Print a shell completion script'
            cand diff 'Compare two files written by `cra export`: added, removed and changed banks'
            cand report 'One self-contained HTML page about the banks, from the local copy: map, charts, downgrades'
            cand version 'The version; with --verbose also the commit, target and compiler, for a bug report'
            cand watch 'Named lists of banks you follow, which --watch NAME selects'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'cra;search'= {
            cand --state 'Two-letter state or territory code (case-insensitive)'
            cand --size 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate'
            cand --rating 'Rating (repeatable): name any case, out, sat, nti, snc'
            cand --regulator 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case'
            cand --city 'Part of the bank''s city (case-insensitive)'
            cand --watch 'Only the banks of watch list NAME (repeatable)'
            cand --failed-last 'Banks whose last N exams were all below Satisfactory'
            cand --assets 'Assets at the current exam: 250M..1B, ..100M, 10B..'
            cand --exam-method 'The current exam method, any case (repeatable)'
            cand --test 'Test rating of the exam: lending=high-sat (enrich --pe)'
            cand --exam-since 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)'
            cand --exam-until 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)'
            cand --sort 'Sort keys, -KEY descending (name, rating, exam_date...)'
            cand --page 'Page to fetch'
            cand --per-page 'Banks per page'
            cand --limit 'Stop after N banks (implies following pages)'
            cand --jq 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)'
            cand -o 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --output 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --max-wait 'Longest wait for the service''s rate limit (Retry-After or a quota''s reset) [default: 90s]'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --base-url 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)'
            cand --retries 'Retries after the first try on connection errors, timeouts, 429 and 5xx'
            cand --rate 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)'
            cand --evolve 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --columns 'Columns shown, in order, by csv name (table, tsv, csv)'
            cand --active 'Only banks the FDIC lists as active (public record)'
            cand --inactive 'Only banks the FDIC lists as inactive (public record)'
            cand --enriched 'Add the public record''s columns (json: public_record)'
            cand --all 'Follow every page (100 banks a request)'
            cand --excel-safe-csv 'csv, tsv: prefix formula-like text cells with '''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Trace every HTTP request on standard error (secrets redacted)'
            cand --verbose 'Trace every HTTP request on standard error (secrets redacted)'
            cand --allow-insecure-http 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
            cand --sandbox 'Run against the built-in sandbox service (no key or network needed)'
            cand --offline 'Answer search, show and export from the local copy (see cra sync): no network'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;show'= {
            cand --state 'With a name: only banks in this state or territory (two letters)'
            cand --jq 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)'
            cand -o 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --output 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --base-url 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)'
            cand --retries 'Retries after the first try on connection errors, timeouts, 429 and 5xx'
            cand --rate 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)'
            cand --evolve 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --columns 'Columns shown, in order, by csv name (table, tsv, csv)'
            cand --enriched 'Add the public record''s columns (json: public_record)'
            cand --excel-safe-csv 'csv, tsv: prefix formula-like text cells with '''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Trace every HTTP request on standard error (secrets redacted)'
            cand --verbose 'Trace every HTTP request on standard error (secrets redacted)'
            cand --allow-insecure-http 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
            cand --sandbox 'Run against the built-in sandbox service (no key or network needed)'
            cand --offline 'Answer search, show and export from the local copy (see cra sync): no network'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;export'= {
            cand --state 'Two-letter state or territory code (case-insensitive)'
            cand --size 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate'
            cand --rating 'Rating (repeatable): name any case, out, sat, nti, snc'
            cand --regulator 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case'
            cand --city 'Part of the bank''s city (case-insensitive)'
            cand --watch 'Only the banks of watch list NAME (repeatable)'
            cand --failed-last 'Banks whose last N exams were all below Satisfactory'
            cand --assets 'Assets at the current exam: 250M..1B, ..100M, 10B..'
            cand --exam-method 'The current exam method, any case (repeatable)'
            cand --test 'Test rating of the exam: lending=high-sat (enrich --pe)'
            cand --exam-since 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)'
            cand --exam-until 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)'
            cand --sort 'Sort keys, -KEY descending (name, rating, exam_date...)'
            cand --concurrency 'Requests in flight at once'
            cand --max-wait 'Longest wait for the service''s rate limit (Retry-After or a quota''s reset) [default: 90s]'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --color 'When to use colour [default: auto]'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --base-url 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)'
            cand --retries 'Retries after the first try on connection errors, timeouts, 429 and 5xx'
            cand --rate 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)'
            cand --evolve 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --format 'Output format [default: csv]'
            cand -o 'Write to FILE atomically instead of standard output (format from --format or the extension: .csv .tsv .json .ndjson .jsonl .xlsx)'
            cand --output 'Write to FILE atomically instead of standard output (format from --format or the extension: .csv .tsv .json .ndjson .jsonl .xlsx)'
            cand --columns 'Columns shown, in order, by csv name (table, tsv, csv)'
            cand --active 'Only banks the FDIC lists as active (public record)'
            cand --inactive 'Only banks the FDIC lists as inactive (public record)'
            cand --enriched 'Add the public record''s columns (json: public_record)'
            cand --with-history 'One row per rating record (one detail request per bank)'
            cand --excel-safe-csv 'csv, tsv: prefix formula-like text cells with '''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Trace every HTTP request on standard error (secrets redacted)'
            cand --verbose 'Trace every HTTP request on standard error (secrets redacted)'
            cand --allow-insecure-http 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
            cand --sandbox 'Run against the built-in sandbox service (no key or network needed)'
            cand --offline 'Answer search, show and export from the local copy (see cra sync): no network'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;verify-webhook'= {
            cand --signature 'The X-Service-Signature header value, sha256=<hex>'
            cand --secret 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;listen'= {
            cand --host 'Address to listen on'
            cand --port 'Port to listen on (0 picks a free one)'
            cand --path 'Path deliveries are accepted on'
            cand --secret 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)'
            cand --forward-to 'Re-post verified deliveries, body and signature unchanged, to URL'
            cand --log 'Append every delivery as one JSON line to FILE'
            cand --max-events 'Exit after N verified events'
            cand --max-body 'Largest body accepted, in bytes (suffixes k, M accepted)'
            cand --read-timeout 'Time a client gets to send its headers, and then its body'
            cand --tolerance 'Refuse (401, stale) a verified delivery whose payload timestamp is more than DURATION in the past or future, e.g. 5m (off by default)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Trace every HTTP request on standard error (secrets redacted)'
            cand --verbose 'Trace every HTTP request on standard error (secrets redacted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;trigger'= {
            cand --to 'Endpoint to POST to'
            cand --secret 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)'
            cand --count 'Number of deliveries'
            cand --bank-id 'Bank id to put in the payload (default: a realistic sample bank)'
            cand --rating 'Rating text to put in the payload'
            cand --concurrency 'Deliveries in flight at once'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;replay'= {
            cand --to 'Endpoint to POST to'
            cand --secret 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)'
            cand --line 'Send only line N of the log (counted from 1), whatever its verdict; repeatable'
            cand --concurrency 'Deliveries in flight at once (1: one after another, in log order)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --all 'Send every delivery in the log, not only those logged valid'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;sync'= {
            cand --concurrency 'Requests in flight at once'
            cand --notify 'Deliver each rating record this sync adds to URL as a signed rating.created'
            cand --max-wait 'Longest wait for the service''s rate limit (Retry-After or a quota''s reset); longer, stop and say when to run again'
            cand --secret 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --base-url 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)'
            cand --retries 'Retries after the first try on connection errors, timeouts, 429 and 5xx'
            cand --rate 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)'
            cand --evolve 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --watch 'With --notify: deliver only the new records of the banks of this watch list (repeatable: of any of them; cra watch --help)'
            cand --full 'Fetch every bank''s detail, not only new and changed banks'''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Trace every HTTP request on standard error (secrets redacted)'
            cand --verbose 'Trace every HTTP request on standard error (secrets redacted)'
            cand --allow-insecure-http 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
            cand --sandbox 'Run against the built-in sandbox service (no key or network needed)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;enrich'= {
            cand --ffiec 'The FFIEC''s CRA ratings file: a downloaded file (the zip or the text inside it) or an address [default: CRA_FFIEC, else https://www.ffiec.gov/craratings/craratng.zip]'
            cand --bankfind 'BankFind''s institutions [default: CRA_BANKFIND, else https://api.fdic.gov/banks/institutions]'
            cand --pe 'Public evaluations to read (PDF files, folders of them, http(s) addresses; repeatable): each exam''s test ratings. Alone, the public record is not read again'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --base-url 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)'
            cand --retries 'Retries after the first try on connection errors, timeouts, 429 and 5xx'
            cand --rate 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --no-bankfind 'Skip BankFind: no identifiers beyond the file''s, activity unknown'
            cand --force 'Replace the copy''s public record even with a file of less than half the institutions it has (refused otherwise: a cut or wrong file)'
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Trace every HTTP request on standard error (secrets redacted)'
            cand --verbose 'Trace every HTTP request on standard error (secrets redacted)'
            cand --allow-insecure-http 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
            cand --sandbox 'Run against the built-in sandbox service (no key or network needed)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;pe'= {
            cand --exam 'The exam on DATE (YYYY-MM-DD) instead of the current one'
            cand -o 'With --download: the file to save it in [default: pe-ID-DATE.pdf in the current folder, never replacing a file]'
            cand --output 'With --download: the file to save it in [default: pe-ID-DATE.pdf in the current folder, never replacing a file]'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --open 'Open it in the default browser'
            cand --download 'Save the evaluation (where its address is a document: the Federal Reserve''s, the sandbox''s), then read it with cra enrich --pe FILE'
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Trace every HTTP request on standard error (secrets redacted)'
            cand --verbose 'Trace every HTTP request on standard error (secrets redacted)'
            cand --sandbox 'Read the sandbox''s local copy (see cra --sandbox sync)'
            cand --offline 'Accepted; this command always reads the local copy'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;lineage'= {
            cand --state 'With a name: only banks in this state or territory (two letters)'
            cand --jq 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)'
            cand -o 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --output 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --excel-safe-csv 'csv, tsv: prefix formula-like text cells with '''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand --sandbox 'Read the sandbox''s local copy (see cra --sandbox sync)'
            cand --offline 'Accepted; this command always reads the local copy'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;sql'= {
            cand --timeout 'Stop the query after this long: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --jq 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)'
            cand -o 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --output 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --schema 'Print the local copy''s tables, columns and indexes, and exit'
            cand --excel-safe-csv 'csv, tsv: prefix formula-like text cells with '''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand --sandbox 'Read the sandbox''s local copy (see cra --sandbox sync)'
            cand --offline 'Accepted; this command always reads the local copy'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;changes'= {
            cand --regulator 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case'
            cand --city 'Part of the bank''s city (case-insensitive)'
            cand --watch 'Only the banks of watch list NAME (repeatable)'
            cand --failed-last 'Banks whose last N exams were all below Satisfactory'
            cand --assets 'Assets at the current exam: 250M..1B, ..100M, 10B..'
            cand --exam-method 'The current exam method, any case (repeatable)'
            cand --test 'Test rating of the exam: lending=high-sat (enrich --pe)'
            cand --sort 'Sort keys, -KEY descending (name, rating, exam_date...)'
            cand --change 'Kinds (repeatable; below) [default: upgrade, downgrade]'
            cand --jq 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --since 'From DATE: YYYY-MM-DD, YYYY-MM, YYYY, an age (2y)'
            cand --until 'Only exams until DATE (YYYY-MM, YYYY: their last day)'
            cand --state 'The bank''s state or territory code (any case)'
            cand --size 'The record''s exam type: large, small, intermediate'
            cand --rating 'The record''s rating (repeatable): out, sat, nti, snc'
            cand -o 'Write to FILE atomically (format from its extension; - is standard output)'
            cand --output 'Write to FILE atomically (format from its extension; - is standard output)'
            cand --columns 'Columns shown, in order, by csv name (table, tsv, csv)'
            cand --new 'Only records the latest sync added (see the guide)'
            cand --active 'Only banks the FDIC lists as active (public record)'
            cand --inactive 'Only banks the FDIC lists as inactive (public record)'
            cand --enriched 'Add the public record''s columns (json: public_record)'
            cand --excel-safe-csv 'csv, tsv: prefix formula-like text cells with '''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand --sandbox 'Read the sandbox''s local copy (see cra --sandbox sync)'
            cand --offline 'Accepted; this command always reads the local copy'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;stats'= {
            cand --by 'Group by state, regulator (the bank''s current one: the service has no regulator per exam), size (the exam type) or year (of the exam: counts exams); two (A,B) for one row per pair [default: one group, all]'
            cand --state 'Two-letter state or territory code (case-insensitive)'
            cand --rating 'Rating (repeatable): name any case, out, sat, nti, snc'
            cand --regulator 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case'
            cand --city 'Part of the bank''s city (case-insensitive)'
            cand --watch 'Only the banks of watch list NAME (repeatable)'
            cand --failed-last 'Banks whose last N exams were all below Satisfactory'
            cand --assets 'Assets at the current exam: 250M..1B, ..100M, 10B..'
            cand --exam-method 'The current exam method, any case (repeatable)'
            cand --test 'Test rating of the exam: lending=high-sat (enrich --pe)'
            cand --exam-since 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)'
            cand --exam-until 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)'
            cand --svg 'Also write the chart as an SVG file'
            cand --jq 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)'
            cand -o 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --output 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --size 'Exam type of the current rating (with --exams, --by year or --gaps: of the exam): "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate'
            cand --columns 'The columns of tsv, csv and a piped table, in order, by their csv names (the terminal chart shows every rating)'
            cand --percent 'The rating counts as percentages of the total (one decimal)'
            cand --exams 'Count exams (every rating record, by its own exam type, rating and date) instead of banks by their current rating, whatever --by'
            cand --gaps 'The months from each exam to the bank''s next one instead of counts: how many such intervals, their mean and their 10th, 25th, 50th (median), 75th and 90th percentiles, each interval under the exam it follows (its exam type, rating, date)'
            cand --active 'Only banks the FDIC lists as active (public record)'
            cand --inactive 'Only banks the FDIC lists as inactive (public record)'
            cand --excel-safe-csv 'csv, tsv: prefix formula-like text cells with '''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand --sandbox 'Read the sandbox''s local copy (see cra --sandbox sync)'
            cand --offline 'Accepted; this command always reads the local copy'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;due'= {
            cand --state 'Two-letter state or territory code (case-insensitive)'
            cand --size 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate'
            cand --rating 'Rating (repeatable): name any case, out, sat, nti, snc'
            cand --regulator 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case'
            cand --city 'Part of the bank''s city (case-insensitive)'
            cand --watch 'Only the banks of watch list NAME (repeatable)'
            cand --failed-last 'Banks whose last N exams were all below Satisfactory'
            cand --assets 'Assets at the current exam: 250M..1B, ..100M, 10B..'
            cand --exam-method 'The current exam method, any case (repeatable)'
            cand --test 'Test rating of the exam: lending=high-sat (enrich --pe)'
            cand --exam-since 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)'
            cand --exam-until 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)'
            cand --sort 'Sort keys, -KEY descending (name, rating, exam_date...)'
            cand --older-than 'One age for every bank instead of the table: banks whose current exam is older than WHEN (90d, 18m, 6y, or a date)'
            cand --as-of 'Reckon to this day instead of today: which banks will be due by then (YYYY-MM-DD; YYYY-MM and YYYY stand for their last day)'
            cand --jq 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)'
            cand -o 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --output 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --columns 'Columns shown, in order, by csv name (table, tsv, csv)'
            cand --active 'Only banks the FDIC lists as active (public record)'
            cand --inactive 'Only banks the FDIC lists as inactive (public record)'
            cand --enriched 'Add the public record''s columns (json: public_record)'
            cand --include-inactive 'Keep the banks known to be no longer active (BankFind, after cra enrich) and those last examined under the OTS (closed in 2011)'
            cand --excel-safe-csv 'csv, tsv: prefix formula-like text cells with '''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand --sandbox 'Read the sandbox''s local copy (see cra --sandbox sync)'
            cand --offline 'Accepted; this command always reads the local copy'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;sandbox'= {
            cand --host 'Address to listen on'
            cand --port 'Port to listen on (0 picks a free one)'
            cand --banks 'Number of banks to generate'
            cand --seed 'Seed of the generated data (same seed, same data)'
            cand --data 'Serve the banks in FILE (csv from `export --with-history`, json, ndjson, or the FFIEC''s craratng.zip) instead'
            cand --perturb 'perturb'
            cand --log-requests 'Append one line per request answered to FILE (method, path and query, status, arrival time)'
            cand --latency 'Milliseconds added to every request'
            cand --fail-rate 'Fraction of requests answered with 500 (0.0 to 1.0)'
            cand --rate-limit-every 'Answer every Kth request with 429 and Retry-After: 1'
            cand --quota 'Past N requests a second, minute or hour, answer 429 with Retry-After (e.g. 50/s, 1000/h)'
            cand --quota-headers 'With --quota: which quota headers every answer carries [default: ietf]'
            cand --webhook-url 'POST a signed rating.created to URL every --webhook-every seconds'
            cand --webhook-every 'Seconds between new examination records (with --webhook-url)'
            cand --secret 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --evolve 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations'
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;config'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand path 'Print the config file''s path'
            cand show 'Every setting, its value (secrets redacted) and where it came from'
            cand get 'One setting''s value (secrets redacted)'
            cand set 'Write a setting to the config file (secrets read from standard input when VALUE is left out)'
            cand unset 'Remove a setting from the config file'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'cra;config;path'= {
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;config;show'= {
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --base-url 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)'
            cand --retries 'Retries after the first try on connection errors, timeouts, 429 and 5xx'
            cand --rate 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)'
            cand --evolve 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Trace every HTTP request on standard error (secrets redacted)'
            cand --verbose 'Trace every HTTP request on standard error (secrets redacted)'
            cand --allow-insecure-http 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
            cand --sandbox 'Run against the built-in sandbox service (no key or network needed)'
            cand --offline 'Answer search, show and export from the local copy (see cra sync): no network'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;config;get'= {
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;config;set'= {
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;config;unset'= {
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;config;help'= {
            cand path 'Print the config file''s path'
            cand show 'Every setting, its value (secrets redacted) and where it came from'
            cand get 'One setting''s value (secrets redacted)'
            cand set 'Write a setting to the config file (secrets read from standard input when VALUE is left out)'
            cand unset 'Remove a setting from the config file'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'cra;config;help;path'= {
        }
        &'cra;config;help;show'= {
        }
        &'cra;config;help;get'= {
        }
        &'cra;config;help;set'= {
        }
        &'cra;config;help;unset'= {
        }
        &'cra;config;help;help'= {
        }
        &'cra;completions'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;diff'= {
            cand --change 'Changes to list (repeatable): added, removed, rating, details, or a rating change''s direction: upgrade, downgrade, same, other [default: all]'
            cand --jq 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)'
            cand -o 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --output 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --exit-code 'Exit 1 when there are differences, 0 when there are none (as git diff)'
            cand --excel-safe-csv 'csv, tsv: prefix formula-like text cells with '''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;report'= {
            cand --state 'Two-letter state or territory code (case-insensitive)'
            cand --size 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate'
            cand --rating 'Rating (repeatable): name any case, out, sat, nti, snc'
            cand --regulator 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case'
            cand --city 'Part of the bank''s city (case-insensitive)'
            cand --watch 'Only the banks of watch list NAME (repeatable)'
            cand --failed-last 'Banks whose last N exams were all below Satisfactory'
            cand --assets 'Assets at the current exam: 250M..1B, ..100M, 10B..'
            cand --exam-method 'The current exam method, any case (repeatable)'
            cand --test 'Test rating of the exam: lending=high-sat (enrich --pe)'
            cand --exam-since 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)'
            cand --exam-until 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)'
            cand --as-of 'Reckon the banks due and the last twelve months to this day instead of today (YYYY-MM-DD; YYYY-MM and YYYY stand for their last day)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand -o 'The file to write (atomically; .xlsx: a workbook with charts; - is standard output) [default: cra-report.html, or cra-report.xlsx with --format xlsx]'
            cand --output 'The file to write (atomically; .xlsx: a workbook with charts; - is standard output) [default: cra-report.html, or cra-report.xlsx with --format xlsx]'
            cand --active 'Only banks the FDIC lists as active (public record)'
            cand --inactive 'Only banks the FDIC lists as inactive (public record)'
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand --sandbox 'Read the sandbox''s local copy (see cra --sandbox sync)'
            cand --offline 'Accepted; this command always reads the local copy'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;version'= {
            cand -v 'Also the commit, build date, target and compiler, for a bug report'
            cand --verbose 'Also the commit, build date, target and compiler, for a bug report'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;watch'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand add 'Add banks to a list (made if need be): an id, a short id, a name or a page address, as show takes them'
            cand remove 'Remove banks from a list, by id, short id or name as the list holds them (the last one removed takes the list)'
            cand show 'The banks of a list as search prints them (what search --watch NAME --all prints)'
            cand list 'The lists: each one''s name, its number of banks, and how many of them the local copy lacks'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'cra;watch;add'= {
            cand --state 'With a name: only banks in this state or territory (two letters)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --base-url 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)'
            cand --retries 'Retries after the first try on connection errors, timeouts, 429 and 5xx'
            cand --rate 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)'
            cand --evolve 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Trace every HTTP request on standard error (secrets redacted)'
            cand --verbose 'Trace every HTTP request on standard error (secrets redacted)'
            cand --allow-insecure-http 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
            cand --sandbox 'Run against the built-in sandbox service (no key or network needed)'
            cand --offline 'Answer search, show and export from the local copy (see cra sync): no network'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;watch;remove'= {
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;watch;show'= {
            cand --jq 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)'
            cand -o 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --output 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --timeout 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)'
            cand --base-url 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)'
            cand --retries 'Retries after the first try on connection errors, timeouts, 429 and 5xx'
            cand --rate 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)'
            cand --evolve 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --excel-safe-csv 'csv, tsv: prefix formula-like text cells with '''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Trace every HTTP request on standard error (secrets redacted)'
            cand --verbose 'Trace every HTTP request on standard error (secrets redacted)'
            cand --allow-insecure-http 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
            cand --sandbox 'Run against the built-in sandbox service (no key or network needed)'
            cand --offline 'Answer search, show and export from the local copy (see cra sync): no network'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;watch;list'= {
            cand --jq 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)'
            cand -o 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --output 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)'
            cand --config 'Config file to read and write (overrides CRA_CONFIG)'
            cand --format 'Output format [default: table on a terminal, tsv otherwise]'
            cand --color 'When to use colour [default: auto]'
            cand --mirror 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)'
            cand --excel-safe-csv 'csv, tsv: prefix formula-like text cells with '''
            cand -q 'Print nothing but data and errors (no summary, no progress)'
            cand --quiet 'Print nothing but data and errors (no summary, no progress)'
            cand -v 'Accepted; this command makes no HTTP request to trace'
            cand --verbose 'Accepted; this command makes no HTTP request to trace'
            cand --sandbox 'Read the sandbox''s local copy (see cra --sandbox sync)'
            cand --offline 'Accepted; this command always reads the local copy'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'cra;watch;help'= {
            cand add 'Add banks to a list (made if need be): an id, a short id, a name or a page address, as show takes them'
            cand remove 'Remove banks from a list, by id, short id or name as the list holds them (the last one removed takes the list)'
            cand show 'The banks of a list as search prints them (what search --watch NAME --all prints)'
            cand list 'The lists: each one''s name, its number of banks, and how many of them the local copy lacks'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'cra;watch;help;add'= {
        }
        &'cra;watch;help;remove'= {
        }
        &'cra;watch;help;show'= {
        }
        &'cra;watch;help;list'= {
        }
        &'cra;watch;help;help'= {
        }
        &'cra;help'= {
            cand search 'List banks with their current rating'
            cand show 'One or more banks with their complete rating history'
            cand export 'Every matching bank, all pages, streamed to a file or standard output'
            cand verify-webhook 'Check one webhook delivery''s signature offline'
            cand listen 'Receive webhook deliveries locally, verify and print them'
            cand trigger 'Send signed test deliveries to a webhook endpoint'
            cand replay 'Send again deliveries recorded by `listen --log`, signed, byte for byte'
            cand sync 'Bring the local copy (SQLite) up to date with the service'
            cand enrich 'Bring the public record (FFIEC ratings file, BankFind) into the local copy and link the banks to it'
            cand pe 'The address of a bank''s public evaluation (the examiners'' report behind a rating)'
            cand lineage 'A bank''s predecessors and successors (mergers, failures, renames), oldest first'
            cand sql 'Run one read-only SQL query on the local copy'
            cand changes 'Rating changes (upgrades, downgrades...) from the local copy'
            cand stats 'Counts of banks by rating per group, with a chart, from the local copy'
            cand due 'Banks probably due or overdue for their next CRA exam (a heuristic), from the local copy'
            cand sandbox 'Run the local stand-in of the service'
            cand config 'Read and write the config file'
            cand completions 'Print a shell completion script'
            cand diff 'Compare two files written by `cra export`: added, removed and changed banks'
            cand report 'One self-contained HTML page about the banks, from the local copy: map, charts, downgrades'
            cand version 'The version; with --verbose also the commit, target and compiler, for a bug report'
            cand watch 'Named lists of banks you follow, which --watch NAME selects'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'cra;help;search'= {
        }
        &'cra;help;show'= {
        }
        &'cra;help;export'= {
        }
        &'cra;help;verify-webhook'= {
        }
        &'cra;help;listen'= {
        }
        &'cra;help;trigger'= {
        }
        &'cra;help;replay'= {
        }
        &'cra;help;sync'= {
        }
        &'cra;help;enrich'= {
        }
        &'cra;help;pe'= {
        }
        &'cra;help;lineage'= {
        }
        &'cra;help;sql'= {
        }
        &'cra;help;changes'= {
        }
        &'cra;help;stats'= {
        }
        &'cra;help;due'= {
        }
        &'cra;help;sandbox'= {
        }
        &'cra;help;config'= {
            cand path 'Print the config file''s path'
            cand show 'Every setting, its value (secrets redacted) and where it came from'
            cand get 'One setting''s value (secrets redacted)'
            cand set 'Write a setting to the config file (secrets read from standard input when VALUE is left out)'
            cand unset 'Remove a setting from the config file'
        }
        &'cra;help;config;path'= {
        }
        &'cra;help;config;show'= {
        }
        &'cra;help;config;get'= {
        }
        &'cra;help;config;set'= {
        }
        &'cra;help;config;unset'= {
        }
        &'cra;help;completions'= {
        }
        &'cra;help;diff'= {
        }
        &'cra;help;report'= {
        }
        &'cra;help;version'= {
        }
        &'cra;help;watch'= {
            cand add 'Add banks to a list (made if need be): an id, a short id, a name or a page address, as show takes them'
            cand remove 'Remove banks from a list, by id, short id or name as the list holds them (the last one removed takes the list)'
            cand show 'The banks of a list as search prints them (what search --watch NAME --all prints)'
            cand list 'The lists: each one''s name, its number of banks, and how many of them the local copy lacks'
        }
        &'cra;help;watch;add'= {
        }
        &'cra;help;watch;remove'= {
        }
        &'cra;help;watch;show'= {
        }
        &'cra;help;watch;list'= {
        }
        &'cra;help;help'= {
        }
    ]
    $completions[$command]
}
