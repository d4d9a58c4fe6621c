
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'cra' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'cra'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'cra' {
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise; csv for export]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries after the first try on connection errors, timeouts, 429 and 5xx')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)')
            [CompletionResult]::new('--evolve', '--evolve', [CompletionResultType]::ParameterName, 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--allow-insecure-http', '--allow-insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a host that is not loopback (the key travels in clear)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in sandbox service (no key or network needed)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Answer search, show and export from the local copy (see cra sync): no network')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'List banks with their current rating')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'One or more banks with their complete rating history')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Every matching bank, all pages, streamed to a file or standard output')
            [CompletionResult]::new('verify-webhook', 'verify-webhook', [CompletionResultType]::ParameterValue, 'Check one webhook delivery''s signature offline')
            [CompletionResult]::new('listen', 'listen', [CompletionResultType]::ParameterValue, 'Receive webhook deliveries locally, verify and print them')
            [CompletionResult]::new('trigger', 'trigger', [CompletionResultType]::ParameterValue, 'Send signed test deliveries to a webhook endpoint')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send again deliveries recorded by `listen --log`, signed, byte for byte')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'Bring the local copy (SQLite) up to date with the service')
            [CompletionResult]::new('enrich', 'enrich', [CompletionResultType]::ParameterValue, 'Bring the public record (FFIEC ratings file, BankFind) into the local copy and link the banks to it')
            [CompletionResult]::new('pe', 'pe', [CompletionResultType]::ParameterValue, 'The address of a bank''s public evaluation (the examiners'' report behind a rating)')
            [CompletionResult]::new('evaluations', 'evaluations', [CompletionResultType]::ParameterValue, 'The public evaluations read (cra enrich --pe): linked or not, and what each disagrees with')
            [CompletionResult]::new('lineage', 'lineage', [CompletionResultType]::ParameterValue, 'A bank''s predecessors and successors (mergers, failures, renames), oldest first')
            [CompletionResult]::new('lending', 'lending', [CompletionResultType]::ParameterValue, 'A bank''s reported lending (FFIEC CRA data), its LMI share beside its market''s')
            [CompletionResult]::new('areas', 'areas', [CompletionResultType]::ParameterValue, 'A bank''s assessment areas: counties, whole or partial, and tracts by income')
            [CompletionResult]::new('sql', 'sql', [CompletionResultType]::ParameterValue, 'Run one read-only SQL query on the local copy')
            [CompletionResult]::new('changes', 'changes', [CompletionResultType]::ParameterValue, 'Rating changes (upgrades, downgrades...) from the local copy')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Counts of banks by rating per group, with a chart, from the local copy')
            [CompletionResult]::new('due', 'due', [CompletionResultType]::ParameterValue, 'Banks probably due or overdue for their next CRA exam (a heuristic), from the local copy')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'Run the local stand-in of the service')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Read and write the config file')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Compare two files written by `cra export`: added, removed and changed banks')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'One self-contained HTML page about the banks, from the local copy: map, charts, downgrades')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'The version; with --verbose also the commit, target and compiler, for a bug report')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'Named lists of banks you follow, which --watch NAME selects')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'cra;search' {
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'Two-letter state or territory code (case-insensitive)')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate')
            [CompletionResult]::new('--rating', '--rating', [CompletionResultType]::ParameterName, 'Rating (repeatable): name any case, out, sat, nti, snc')
            [CompletionResult]::new('--regulator', '--regulator', [CompletionResultType]::ParameterName, 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case')
            [CompletionResult]::new('--city', '--city', [CompletionResultType]::ParameterName, 'Part of the bank''s city (case-insensitive)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Only the banks of watch list NAME (repeatable)')
            [CompletionResult]::new('--failed-last', '--failed-last', [CompletionResultType]::ParameterName, 'Banks whose last N exams were all below Satisfactory')
            [CompletionResult]::new('--assets', '--assets', [CompletionResultType]::ParameterName, 'Assets at the current exam: 250M..1B, ..100M, 10B..')
            [CompletionResult]::new('--exam-method', '--exam-method', [CompletionResultType]::ParameterName, 'The current exam method, any case (repeatable)')
            [CompletionResult]::new('--test', '--test', [CompletionResultType]::ParameterName, 'Test rating: lending=high-sat,low-sat (enrich --pe)')
            [CompletionResult]::new('--exam-since', '--exam-since', [CompletionResultType]::ParameterName, 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)')
            [CompletionResult]::new('--exam-until', '--exam-until', [CompletionResultType]::ParameterName, 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)')
            [CompletionResult]::new('--sort', '--sort', [CompletionResultType]::ParameterName, 'Sort keys, -KEY descending (name, rating, exam_date...)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to fetch')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Banks per page')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N banks (implies following pages)')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait for the service''s rate limit (Retry-After or a quota''s reset) [default: 90s]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries after the first try on connection errors, timeouts, 429 and 5xx')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)')
            [CompletionResult]::new('--evolve', '--evolve', [CompletionResultType]::ParameterName, 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Columns shown, in order, by csv name (table, tsv, csv)')
            [CompletionResult]::new('--active', '--active', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as active (public record)')
            [CompletionResult]::new('--inactive', '--inactive', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as inactive (public record)')
            [CompletionResult]::new('--enriched', '--enriched', [CompletionResultType]::ParameterName, 'Add the public record''s columns (json: public_record)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Follow every page (100 banks a request)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--allow-insecure-http', '--allow-insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a host that is not loopback (the key travels in clear)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in sandbox service (no key or network needed)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Answer search, show and export from the local copy (see cra sync): no network')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;show' {
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'With a name: only banks in this state or territory (two letters)')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries after the first try on connection errors, timeouts, 429 and 5xx')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)')
            [CompletionResult]::new('--evolve', '--evolve', [CompletionResultType]::ParameterName, 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Columns shown, in order, by csv name (table, tsv, csv)')
            [CompletionResult]::new('--enriched', '--enriched', [CompletionResultType]::ParameterName, 'Add the public record''s columns (json: public_record)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--allow-insecure-http', '--allow-insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a host that is not loopback (the key travels in clear)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in sandbox service (no key or network needed)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Answer search, show and export from the local copy (see cra sync): no network')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;export' {
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'Two-letter state or territory code (case-insensitive)')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate')
            [CompletionResult]::new('--rating', '--rating', [CompletionResultType]::ParameterName, 'Rating (repeatable): name any case, out, sat, nti, snc')
            [CompletionResult]::new('--regulator', '--regulator', [CompletionResultType]::ParameterName, 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case')
            [CompletionResult]::new('--city', '--city', [CompletionResultType]::ParameterName, 'Part of the bank''s city (case-insensitive)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Only the banks of watch list NAME (repeatable)')
            [CompletionResult]::new('--failed-last', '--failed-last', [CompletionResultType]::ParameterName, 'Banks whose last N exams were all below Satisfactory')
            [CompletionResult]::new('--assets', '--assets', [CompletionResultType]::ParameterName, 'Assets at the current exam: 250M..1B, ..100M, 10B..')
            [CompletionResult]::new('--exam-method', '--exam-method', [CompletionResultType]::ParameterName, 'The current exam method, any case (repeatable)')
            [CompletionResult]::new('--test', '--test', [CompletionResultType]::ParameterName, 'Test rating: lending=high-sat,low-sat (enrich --pe)')
            [CompletionResult]::new('--exam-since', '--exam-since', [CompletionResultType]::ParameterName, 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)')
            [CompletionResult]::new('--exam-until', '--exam-until', [CompletionResultType]::ParameterName, 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)')
            [CompletionResult]::new('--sort', '--sort', [CompletionResultType]::ParameterName, 'Sort keys, -KEY descending (name, rating, exam_date...)')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight at once')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait for the service''s rate limit (Retry-After or a quota''s reset) [default: 90s]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries after the first try on connection errors, timeouts, 429 and 5xx')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)')
            [CompletionResult]::new('--evolve', '--evolve', [CompletionResultType]::ParameterName, 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: csv]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically instead of standard output (format from --format or the extension: .csv .tsv .json .ndjson .jsonl .xlsx)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically instead of standard output (format from --format or the extension: .csv .tsv .json .ndjson .jsonl .xlsx)')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Columns shown, in order, by csv name (table, tsv, csv)')
            [CompletionResult]::new('--active', '--active', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as active (public record)')
            [CompletionResult]::new('--inactive', '--inactive', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as inactive (public record)')
            [CompletionResult]::new('--enriched', '--enriched', [CompletionResultType]::ParameterName, 'Add the public record''s columns (json: public_record)')
            [CompletionResult]::new('--with-history', '--with-history', [CompletionResultType]::ParameterName, 'One row per rating record (one detail request per bank)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--allow-insecure-http', '--allow-insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a host that is not loopback (the key travels in clear)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in sandbox service (no key or network needed)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Answer search, show and export from the local copy (see cra sync): no network')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;verify-webhook' {
            [CompletionResult]::new('--signature', '--signature', [CompletionResultType]::ParameterName, 'The X-Service-Signature header value, sha256=<hex>')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;listen' {
            [CompletionResult]::new('--host', '--host', [CompletionResultType]::ParameterName, 'Address to listen on')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'Port to listen on (0 picks a free one)')
            [CompletionResult]::new('--path', '--path', [CompletionResultType]::ParameterName, 'Path deliveries are accepted on')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)')
            [CompletionResult]::new('--forward-to', '--forward-to', [CompletionResultType]::ParameterName, 'Re-post verified deliveries, body and signature unchanged, to URL')
            [CompletionResult]::new('--log', '--log', [CompletionResultType]::ParameterName, 'Append every delivery as one JSON line to FILE')
            [CompletionResult]::new('--max-events', '--max-events', [CompletionResultType]::ParameterName, 'Exit after N verified events')
            [CompletionResult]::new('--max-body', '--max-body', [CompletionResultType]::ParameterName, 'Largest body accepted, in bytes (suffixes k, M accepted)')
            [CompletionResult]::new('--read-timeout', '--read-timeout', [CompletionResultType]::ParameterName, 'Time a client gets to send its headers, and then its body')
            [CompletionResult]::new('--tolerance', '--tolerance', [CompletionResultType]::ParameterName, 'Refuse (401, stale) a verified delivery whose payload timestamp is more than DURATION in the past or future, e.g. 5m (off by default)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;trigger' {
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Endpoint to POST to')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Number of deliveries')
            [CompletionResult]::new('--bank-id', '--bank-id', [CompletionResultType]::ParameterName, 'Bank id to put in the payload (default: a realistic sample bank)')
            [CompletionResult]::new('--rating', '--rating', [CompletionResultType]::ParameterName, 'Rating text to put in the payload')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Deliveries in flight at once')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;replay' {
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Endpoint to POST to')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)')
            [CompletionResult]::new('--line', '--line', [CompletionResultType]::ParameterName, 'Send only line N of the log (counted from 1), whatever its verdict; repeatable')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Deliveries in flight at once (1: one after another, in log order)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Send every delivery in the log, not only those logged valid')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;sync' {
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight at once')
            [CompletionResult]::new('--notify', '--notify', [CompletionResultType]::ParameterName, 'Deliver each rating record this sync adds to URL as a signed rating.created')
            [CompletionResult]::new('--max-wait', '--max-wait', [CompletionResultType]::ParameterName, 'Longest wait for the service''s rate limit (Retry-After or a quota''s reset); longer, stop and say when to run again')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries after the first try on connection errors, timeouts, 429 and 5xx')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)')
            [CompletionResult]::new('--evolve', '--evolve', [CompletionResultType]::ParameterName, 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'With --notify: deliver only the new records of the banks of this watch list (repeatable: of any of them; cra watch --help)')
            [CompletionResult]::new('--full', '--full', [CompletionResultType]::ParameterName, 'Fetch every bank''s detail, not only new and changed banks''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--allow-insecure-http', '--allow-insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a host that is not loopback (the key travels in clear)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in sandbox service (no key or network needed)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;enrich' {
            [CompletionResult]::new('--ffiec', '--ffiec', [CompletionResultType]::ParameterName, 'The FFIEC''s CRA ratings file: a downloaded file (the zip or the text inside it) or an address [default: CRA_FFIEC, else https://www.ffiec.gov/craratings/craratng.zip]')
            [CompletionResult]::new('--bankfind', '--bankfind', [CompletionResultType]::ParameterName, 'BankFind''s institutions [default: CRA_BANKFIND, else https://api.fdic.gov/banks/institutions]')
            [CompletionResult]::new('--pe', '--pe', [CompletionResultType]::ParameterName, 'Public evaluations to read (PDF files, folders of them, http(s) addresses; repeatable): each exam''s test ratings. Alone, the public record is not read again')
            [CompletionResult]::new('--lending', '--lending', [CompletionResultType]::ParameterName, 'The FFIEC''s CRA lending data to read (zip and .dat files, folders of them, http(s) addresses; repeatable); with no PATH, the FFIEC''s files of --years. Alone, the public record is not read again')
            [CompletionResult]::new('--years', '--years', [CompletionResultType]::ParameterName, 'With --lending and no PATH: the years to download (2019..2024, 2022, 2019..) [default: the last five the FFIEC has published]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries after the first try on connection errors, timeouts, 429 and 5xx')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--no-bankfind', '--no-bankfind', [CompletionResultType]::ParameterName, 'Skip BankFind: no identifiers beyond the file''s, activity unknown')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace the copy''s public record even with a file of less than half the institutions it has (refused otherwise: a cut or wrong file)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--allow-insecure-http', '--allow-insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a host that is not loopback (the key travels in clear)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in sandbox service (no key or network needed)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;pe' {
            [CompletionResult]::new('--exam', '--exam', [CompletionResultType]::ParameterName, 'The exam on DATE (YYYY-MM-DD) instead of the current one')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'With --download: the file to save it in [default: pe-ID-DATE.pdf in the current folder, never replacing a file]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'With --download: the file to save it in [default: pe-ID-DATE.pdf in the current folder, never replacing a file]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--open', '--open', [CompletionResultType]::ParameterName, 'Open it in the default browser')
            [CompletionResult]::new('--download', '--download', [CompletionResultType]::ParameterName, 'Save the evaluation (where its address is a document: the Federal Reserve''s, the sandbox''s), then read it with cra enrich --pe FILE')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Read the sandbox''s local copy (see cra --sandbox sync)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Accepted; this command always reads the local copy')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;evaluations' {
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'Two-letter state or territory code (case-insensitive)')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate')
            [CompletionResult]::new('--rating', '--rating', [CompletionResultType]::ParameterName, 'Rating (repeatable): name any case, out, sat, nti, snc')
            [CompletionResult]::new('--regulator', '--regulator', [CompletionResultType]::ParameterName, 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case')
            [CompletionResult]::new('--city', '--city', [CompletionResultType]::ParameterName, 'Part of the bank''s city (case-insensitive)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Only the banks of watch list NAME (repeatable)')
            [CompletionResult]::new('--failed-last', '--failed-last', [CompletionResultType]::ParameterName, 'Banks whose last N exams were all below Satisfactory')
            [CompletionResult]::new('--assets', '--assets', [CompletionResultType]::ParameterName, 'Assets at the current exam: 250M..1B, ..100M, 10B..')
            [CompletionResult]::new('--exam-method', '--exam-method', [CompletionResultType]::ParameterName, 'The current exam method, any case (repeatable)')
            [CompletionResult]::new('--test', '--test', [CompletionResultType]::ParameterName, 'Test rating: lending=high-sat,low-sat (enrich --pe)')
            [CompletionResult]::new('--exam-since', '--exam-since', [CompletionResultType]::ParameterName, 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)')
            [CompletionResult]::new('--exam-until', '--exam-until', [CompletionResultType]::ParameterName, 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Columns shown, in order, by csv name (every format; --areas: its own)')
            [CompletionResult]::new('--unlinked', '--unlinked', [CompletionResultType]::ParameterName, 'Only the files linked to no bank''s exam')
            [CompletionResult]::new('--set-aside', '--set-aside', [CompletionResultType]::ParameterName, 'Only the files set aside: no evaluation could be read from them (scanned, encrypted, damaged, not a CRA evaluation)')
            [CompletionResult]::new('--disagree', '--disagree', [CompletionResultType]::ParameterName, 'Only the files whose overall rating is not the copy''s, or that rate their exam''s tests otherwise than another PE of it')
            [CompletionResult]::new('--areas', '--areas', [CompletionResultType]::ParameterName, 'One row per PE and area it rates: the institution, each state and multistate MSA, with its overall rating and each test''s')
            [CompletionResult]::new('--active', '--active', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as active (public record)')
            [CompletionResult]::new('--inactive', '--inactive', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as inactive (public record)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Read the sandbox''s local copy (see cra --sandbox sync)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Accepted; this command always reads the local copy')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;lineage' {
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'With a name: only banks in this state or territory (two letters)')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Read the sandbox''s local copy (see cra --sandbox sync)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Accepted; this command always reads the local copy')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;lending' {
            [CompletionResult]::new('--year', '--year', [CompletionResultType]::ParameterName, 'One year')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'From this year')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'To this year')
            [CompletionResult]::new('--by', '--by', [CompletionResultType]::ParameterName, 'One row a year, a year and county, or a year and tract income group')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Small business or small farm loans')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Only the banks of watch list NAME (repeatable)')
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'With a name: only banks in this state or territory (two letters)')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Read the sandbox''s local copy (see cra --sandbox sync)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Accepted; this command always reads the local copy')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;areas' {
            [CompletionResult]::new('--year', '--year', [CompletionResultType]::ParameterName, 'The areas of this year (default: the last the bank reported)')
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'With a name: only banks in this state or territory (two letters)')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Read the sandbox''s local copy (see cra --sandbox sync)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Accepted; this command always reads the local copy')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;sql' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Stop the query after this long: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--schema', '--schema', [CompletionResultType]::ParameterName, 'Print the local copy''s tables, columns and indexes, and exit')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Read the sandbox''s local copy (see cra --sandbox sync)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Accepted; this command always reads the local copy')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;changes' {
            [CompletionResult]::new('--regulator', '--regulator', [CompletionResultType]::ParameterName, 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case')
            [CompletionResult]::new('--city', '--city', [CompletionResultType]::ParameterName, 'Part of the bank''s city (case-insensitive)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Only the banks of watch list NAME (repeatable)')
            [CompletionResult]::new('--failed-last', '--failed-last', [CompletionResultType]::ParameterName, 'Banks whose last N exams were all below Satisfactory')
            [CompletionResult]::new('--assets', '--assets', [CompletionResultType]::ParameterName, 'Assets at the current exam: 250M..1B, ..100M, 10B..')
            [CompletionResult]::new('--exam-method', '--exam-method', [CompletionResultType]::ParameterName, 'The current exam method, any case (repeatable)')
            [CompletionResult]::new('--test', '--test', [CompletionResultType]::ParameterName, 'Test rating: lending=high-sat,low-sat (enrich --pe)')
            [CompletionResult]::new('--sort', '--sort', [CompletionResultType]::ParameterName, 'Sort keys, -KEY descending (name, rating, exam_date...)')
            [CompletionResult]::new('--change', '--change', [CompletionResultType]::ParameterName, 'Kinds (repeatable; below) [default: upgrade, downgrade]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'From DATE: YYYY-MM-DD, YYYY-MM, YYYY, an age (2y)')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'Only exams until DATE (YYYY-MM, YYYY: their last day)')
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'The bank''s state or territory code (any case)')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'The record''s exam type: large, small, intermediate')
            [CompletionResult]::new('--rating', '--rating', [CompletionResultType]::ParameterName, 'The record''s rating (repeatable): out, sat, nti, snc')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension; - is standard output)')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Columns shown, in order, by csv name (table, tsv, csv)')
            [CompletionResult]::new('--new', '--new', [CompletionResultType]::ParameterName, 'Only records the latest sync added (see the guide)')
            [CompletionResult]::new('--active', '--active', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as active (public record)')
            [CompletionResult]::new('--inactive', '--inactive', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as inactive (public record)')
            [CompletionResult]::new('--enriched', '--enriched', [CompletionResultType]::ParameterName, 'Add the public record''s columns (json: public_record)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Read the sandbox''s local copy (see cra --sandbox sync)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Accepted; this command always reads the local copy')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;stats' {
            [CompletionResult]::new('--by', '--by', [CompletionResultType]::ParameterName, 'Group by state, regulator (the bank''s current one: the service has no regulator per exam), size (the exam type) or year (of the exam: counts exams); two (A,B) for one row per pair [default: one group, all]')
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'Two-letter state or territory code (case-insensitive)')
            [CompletionResult]::new('--rating', '--rating', [CompletionResultType]::ParameterName, 'Rating (repeatable): name any case, out, sat, nti, snc')
            [CompletionResult]::new('--regulator', '--regulator', [CompletionResultType]::ParameterName, 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case')
            [CompletionResult]::new('--city', '--city', [CompletionResultType]::ParameterName, 'Part of the bank''s city (case-insensitive)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Only the banks of watch list NAME (repeatable)')
            [CompletionResult]::new('--failed-last', '--failed-last', [CompletionResultType]::ParameterName, 'Banks whose last N exams were all below Satisfactory')
            [CompletionResult]::new('--assets', '--assets', [CompletionResultType]::ParameterName, 'Assets at the current exam: 250M..1B, ..100M, 10B..')
            [CompletionResult]::new('--exam-method', '--exam-method', [CompletionResultType]::ParameterName, 'The current exam method, any case (repeatable)')
            [CompletionResult]::new('--test', '--test', [CompletionResultType]::ParameterName, 'Test rating: lending=high-sat,low-sat (enrich --pe)')
            [CompletionResult]::new('--exam-since', '--exam-since', [CompletionResultType]::ParameterName, 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)')
            [CompletionResult]::new('--exam-until', '--exam-until', [CompletionResultType]::ParameterName, 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)')
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'Also write the chart as an SVG file')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Exam type of the current rating (with --exams, --by year or --gaps: of the exam): "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'The columns of tsv, csv and a piped table, in order, by their csv names (the terminal chart shows every rating)')
            [CompletionResult]::new('--percent', '--percent', [CompletionResultType]::ParameterName, 'The rating counts as percentages of the total (one decimal)')
            [CompletionResult]::new('--exams', '--exams', [CompletionResultType]::ParameterName, 'Count exams (every rating record, by its own exam type, rating and date) instead of banks by their current rating, whatever --by')
            [CompletionResult]::new('--gaps', '--gaps', [CompletionResultType]::ParameterName, 'The months from each exam to the bank''s next one instead of counts: how many such intervals, their mean and their 10th, 25th, 50th (median), 75th and 90th percentiles, each interval under the exam it follows (its exam type, rating, date)')
            [CompletionResult]::new('--lending', '--lending', [CompletionResultType]::ParameterName, 'The lending behind each bank''s current exam instead of counts (cra enrich --lending): the banks with lending data and the median of their small business loans, LMI share, the market''s LMI share, in-area share and community development loans')
            [CompletionResult]::new('--active', '--active', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as active (public record)')
            [CompletionResult]::new('--inactive', '--inactive', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as inactive (public record)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Read the sandbox''s local copy (see cra --sandbox sync)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Accepted; this command always reads the local copy')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;due' {
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'Two-letter state or territory code (case-insensitive)')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate')
            [CompletionResult]::new('--rating', '--rating', [CompletionResultType]::ParameterName, 'Rating (repeatable): name any case, out, sat, nti, snc')
            [CompletionResult]::new('--regulator', '--regulator', [CompletionResultType]::ParameterName, 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case')
            [CompletionResult]::new('--city', '--city', [CompletionResultType]::ParameterName, 'Part of the bank''s city (case-insensitive)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Only the banks of watch list NAME (repeatable)')
            [CompletionResult]::new('--failed-last', '--failed-last', [CompletionResultType]::ParameterName, 'Banks whose last N exams were all below Satisfactory')
            [CompletionResult]::new('--assets', '--assets', [CompletionResultType]::ParameterName, 'Assets at the current exam: 250M..1B, ..100M, 10B..')
            [CompletionResult]::new('--exam-method', '--exam-method', [CompletionResultType]::ParameterName, 'The current exam method, any case (repeatable)')
            [CompletionResult]::new('--test', '--test', [CompletionResultType]::ParameterName, 'Test rating: lending=high-sat,low-sat (enrich --pe)')
            [CompletionResult]::new('--exam-since', '--exam-since', [CompletionResultType]::ParameterName, 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)')
            [CompletionResult]::new('--exam-until', '--exam-until', [CompletionResultType]::ParameterName, 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)')
            [CompletionResult]::new('--sort', '--sort', [CompletionResultType]::ParameterName, 'Sort keys, -KEY descending (name, rating, exam_date...)')
            [CompletionResult]::new('--older-than', '--older-than', [CompletionResultType]::ParameterName, 'One age for every bank instead of the table: banks whose current exam is older than WHEN (90d, 18m, 6y, or a date)')
            [CompletionResult]::new('--as-of', '--as-of', [CompletionResultType]::ParameterName, 'Reckon to this day instead of today: which banks will be due by then (YYYY-MM-DD; YYYY-MM and YYYY stand for their last day)')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Columns shown, in order, by csv name (table, tsv, csv)')
            [CompletionResult]::new('--active', '--active', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as active (public record)')
            [CompletionResult]::new('--inactive', '--inactive', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as inactive (public record)')
            [CompletionResult]::new('--enriched', '--enriched', [CompletionResultType]::ParameterName, 'Add the public record''s columns (json: public_record)')
            [CompletionResult]::new('--include-inactive', '--include-inactive', [CompletionResultType]::ParameterName, 'Keep the banks known to be no longer active (BankFind, after cra enrich) and those last examined under the OTS (closed in 2011)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Read the sandbox''s local copy (see cra --sandbox sync)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Accepted; this command always reads the local copy')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;sandbox' {
            [CompletionResult]::new('--host', '--host', [CompletionResultType]::ParameterName, 'Address to listen on')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'Port to listen on (0 picks a free one)')
            [CompletionResult]::new('--banks', '--banks', [CompletionResultType]::ParameterName, 'Number of banks to generate')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the generated data (same seed, same data)')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Serve the banks in FILE (csv from `export --with-history`, json, ndjson, or the FFIEC''s craratng.zip) instead')
            [CompletionResult]::new('--perturb', '--perturb', [CompletionResultType]::ParameterName, 'perturb')
            [CompletionResult]::new('--lending-scale', '--lending-scale', [CompletionResultType]::ParameterName, 'lending-scale')
            [CompletionResult]::new('--log-requests', '--log-requests', [CompletionResultType]::ParameterName, 'Append one line per request answered to FILE (method, path and query, status, arrival time)')
            [CompletionResult]::new('--latency', '--latency', [CompletionResultType]::ParameterName, 'Milliseconds added to every request')
            [CompletionResult]::new('--fail-rate', '--fail-rate', [CompletionResultType]::ParameterName, 'Fraction of requests answered with 500 (0.0 to 1.0)')
            [CompletionResult]::new('--rate-limit-every', '--rate-limit-every', [CompletionResultType]::ParameterName, 'Answer every Kth request with 429 and Retry-After: 1')
            [CompletionResult]::new('--quota', '--quota', [CompletionResultType]::ParameterName, 'Past N requests a second, minute or hour, answer 429 with Retry-After (e.g. 50/s, 1000/h)')
            [CompletionResult]::new('--quota-headers', '--quota-headers', [CompletionResultType]::ParameterName, 'With --quota: which quota headers every answer carries [default: ietf]')
            [CompletionResult]::new('--webhook-url', '--webhook-url', [CompletionResultType]::ParameterName, 'POST a signed rating.created to URL every --webhook-every seconds')
            [CompletionResult]::new('--webhook-every', '--webhook-every', [CompletionResultType]::ParameterName, 'Seconds between new examination records (with --webhook-url)')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--evolve', '--evolve', [CompletionResultType]::ParameterName, 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;config' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the config file''s path')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Every setting, its value (secrets redacted) and where it came from')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'One setting''s value (secrets redacted)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Write a setting to the config file (secrets read from standard input when VALUE is left out)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a setting from the config file')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'cra;config;path' {
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;config;show' {
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries after the first try on connection errors, timeouts, 429 and 5xx')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)')
            [CompletionResult]::new('--evolve', '--evolve', [CompletionResultType]::ParameterName, 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--allow-insecure-http', '--allow-insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a host that is not loopback (the key travels in clear)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in sandbox service (no key or network needed)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Answer search, show and export from the local copy (see cra sync): no network')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;config;get' {
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;config;set' {
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;config;unset' {
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;config;help' {
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the config file''s path')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Every setting, its value (secrets redacted) and where it came from')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'One setting''s value (secrets redacted)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Write a setting to the config file (secrets read from standard input when VALUE is left out)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a setting from the config file')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'cra;config;help;path' {
            break
        }
        'cra;config;help;show' {
            break
        }
        'cra;config;help;get' {
            break
        }
        'cra;config;help;set' {
            break
        }
        'cra;config;help;unset' {
            break
        }
        'cra;config;help;help' {
            break
        }
        'cra;completions' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;diff' {
            [CompletionResult]::new('--change', '--change', [CompletionResultType]::ParameterName, 'Changes to list (repeatable): added, removed, rating, details, or a rating change''s direction: upgrade, downgrade, same, other [default: all]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--exit-code', '--exit-code', [CompletionResultType]::ParameterName, 'Exit 1 when there are differences, 0 when there are none (as git diff)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;report' {
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'Two-letter state or territory code (case-insensitive)')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate')
            [CompletionResult]::new('--rating', '--rating', [CompletionResultType]::ParameterName, 'Rating (repeatable): name any case, out, sat, nti, snc')
            [CompletionResult]::new('--regulator', '--regulator', [CompletionResultType]::ParameterName, 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case')
            [CompletionResult]::new('--city', '--city', [CompletionResultType]::ParameterName, 'Part of the bank''s city (case-insensitive)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Only the banks of watch list NAME (repeatable)')
            [CompletionResult]::new('--failed-last', '--failed-last', [CompletionResultType]::ParameterName, 'Banks whose last N exams were all below Satisfactory')
            [CompletionResult]::new('--assets', '--assets', [CompletionResultType]::ParameterName, 'Assets at the current exam: 250M..1B, ..100M, 10B..')
            [CompletionResult]::new('--exam-method', '--exam-method', [CompletionResultType]::ParameterName, 'The current exam method, any case (repeatable)')
            [CompletionResult]::new('--test', '--test', [CompletionResultType]::ParameterName, 'Test rating: lending=high-sat,low-sat (enrich --pe)')
            [CompletionResult]::new('--exam-since', '--exam-since', [CompletionResultType]::ParameterName, 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)')
            [CompletionResult]::new('--exam-until', '--exam-until', [CompletionResultType]::ParameterName, 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)')
            [CompletionResult]::new('--as-of', '--as-of', [CompletionResultType]::ParameterName, 'Reckon the banks due and the last twelve months to this day instead of today (YYYY-MM-DD; YYYY-MM and YYYY stand for their last day)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'The file to write (atomically; .xlsx: a workbook with charts; - is standard output) [default: cra-report.html, or cra-report.xlsx with --format xlsx]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'The file to write (atomically; .xlsx: a workbook with charts; - is standard output) [default: cra-report.html, or cra-report.xlsx with --format xlsx]')
            [CompletionResult]::new('--active', '--active', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as active (public record)')
            [CompletionResult]::new('--inactive', '--inactive', [CompletionResultType]::ParameterName, 'Only banks the FDIC lists as inactive (public record)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Read the sandbox''s local copy (see cra --sandbox sync)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Accepted; this command always reads the local copy')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;version' {
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also the commit, build date, target and compiler, for a bug report')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also the commit, build date, target and compiler, for a bug report')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;watch' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add banks to a list (made if need be): an id, a short id, a name or a page address, as show takes them')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove banks from a list, by id, short id or name as the list holds them (the last one removed takes the list)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'The banks of a list as search prints them (what search --watch NAME --all prints)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The lists: each one''s name, its number of banks, and how many of them the local copy lacks')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'cra;watch;add' {
            [CompletionResult]::new('--state', '--state', [CompletionResultType]::ParameterName, 'With a name: only banks in this state or territory (two letters)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries after the first try on connection errors, timeouts, 429 and 5xx')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)')
            [CompletionResult]::new('--evolve', '--evolve', [CompletionResultType]::ParameterName, 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--allow-insecure-http', '--allow-insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a host that is not loopback (the key travels in clear)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in sandbox service (no key or network needed)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Answer search, show and export from the local copy (see cra sync): no network')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;watch;remove' {
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;watch;show' {
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)')
            [CompletionResult]::new('--retries', '--retries', [CompletionResultType]::ParameterName, 'Retries after the first try on connection errors, timeouts, 429 and 5xx')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)')
            [CompletionResult]::new('--evolve', '--evolve', [CompletionResultType]::ParameterName, 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace every HTTP request on standard error (secrets redacted)')
            [CompletionResult]::new('--allow-insecure-http', '--allow-insecure-http', [CompletionResultType]::ParameterName, 'Allow plain http:// to a host that is not loopback (the key travels in clear)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against the built-in sandbox service (no key or network needed)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Answer search, show and export from the local copy (see cra sync): no network')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;watch;list' {
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to read and write (overrides CRA_CONFIG)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, tsv otherwise]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour [default: auto]')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'The local copy''s file (overrides CRA_MIRROR and the config key mirror)')
            [CompletionResult]::new('--excel-safe-csv', '--excel-safe-csv', [CompletionResultType]::ParameterName, 'csv, tsv: prefix formula-like text cells with ''')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but data and errors (no summary, no progress)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Accepted; this command makes no HTTP request to trace')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Read the sandbox''s local copy (see cra --sandbox sync)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Accepted; this command always reads the local copy')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'cra;watch;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add banks to a list (made if need be): an id, a short id, a name or a page address, as show takes them')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove banks from a list, by id, short id or name as the list holds them (the last one removed takes the list)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'The banks of a list as search prints them (what search --watch NAME --all prints)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The lists: each one''s name, its number of banks, and how many of them the local copy lacks')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'cra;watch;help;add' {
            break
        }
        'cra;watch;help;remove' {
            break
        }
        'cra;watch;help;show' {
            break
        }
        'cra;watch;help;list' {
            break
        }
        'cra;watch;help;help' {
            break
        }
        'cra;help' {
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'List banks with their current rating')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'One or more banks with their complete rating history')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Every matching bank, all pages, streamed to a file or standard output')
            [CompletionResult]::new('verify-webhook', 'verify-webhook', [CompletionResultType]::ParameterValue, 'Check one webhook delivery''s signature offline')
            [CompletionResult]::new('listen', 'listen', [CompletionResultType]::ParameterValue, 'Receive webhook deliveries locally, verify and print them')
            [CompletionResult]::new('trigger', 'trigger', [CompletionResultType]::ParameterValue, 'Send signed test deliveries to a webhook endpoint')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send again deliveries recorded by `listen --log`, signed, byte for byte')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'Bring the local copy (SQLite) up to date with the service')
            [CompletionResult]::new('enrich', 'enrich', [CompletionResultType]::ParameterValue, 'Bring the public record (FFIEC ratings file, BankFind) into the local copy and link the banks to it')
            [CompletionResult]::new('pe', 'pe', [CompletionResultType]::ParameterValue, 'The address of a bank''s public evaluation (the examiners'' report behind a rating)')
            [CompletionResult]::new('evaluations', 'evaluations', [CompletionResultType]::ParameterValue, 'The public evaluations read (cra enrich --pe): linked or not, and what each disagrees with')
            [CompletionResult]::new('lineage', 'lineage', [CompletionResultType]::ParameterValue, 'A bank''s predecessors and successors (mergers, failures, renames), oldest first')
            [CompletionResult]::new('lending', 'lending', [CompletionResultType]::ParameterValue, 'A bank''s reported lending (FFIEC CRA data), its LMI share beside its market''s')
            [CompletionResult]::new('areas', 'areas', [CompletionResultType]::ParameterValue, 'A bank''s assessment areas: counties, whole or partial, and tracts by income')
            [CompletionResult]::new('sql', 'sql', [CompletionResultType]::ParameterValue, 'Run one read-only SQL query on the local copy')
            [CompletionResult]::new('changes', 'changes', [CompletionResultType]::ParameterValue, 'Rating changes (upgrades, downgrades...) from the local copy')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Counts of banks by rating per group, with a chart, from the local copy')
            [CompletionResult]::new('due', 'due', [CompletionResultType]::ParameterValue, 'Banks probably due or overdue for their next CRA exam (a heuristic), from the local copy')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'Run the local stand-in of the service')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Read and write the config file')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Compare two files written by `cra export`: added, removed and changed banks')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'One self-contained HTML page about the banks, from the local copy: map, charts, downgrades')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'The version; with --verbose also the commit, target and compiler, for a bug report')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'Named lists of banks you follow, which --watch NAME selects')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'cra;help;search' {
            break
        }
        'cra;help;show' {
            break
        }
        'cra;help;export' {
            break
        }
        'cra;help;verify-webhook' {
            break
        }
        'cra;help;listen' {
            break
        }
        'cra;help;trigger' {
            break
        }
        'cra;help;replay' {
            break
        }
        'cra;help;sync' {
            break
        }
        'cra;help;enrich' {
            break
        }
        'cra;help;pe' {
            break
        }
        'cra;help;evaluations' {
            break
        }
        'cra;help;lineage' {
            break
        }
        'cra;help;lending' {
            break
        }
        'cra;help;areas' {
            break
        }
        'cra;help;sql' {
            break
        }
        'cra;help;changes' {
            break
        }
        'cra;help;stats' {
            break
        }
        'cra;help;due' {
            break
        }
        'cra;help;sandbox' {
            break
        }
        'cra;help;config' {
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the config file''s path')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Every setting, its value (secrets redacted) and where it came from')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'One setting''s value (secrets redacted)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Write a setting to the config file (secrets read from standard input when VALUE is left out)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a setting from the config file')
            break
        }
        'cra;help;config;path' {
            break
        }
        'cra;help;config;show' {
            break
        }
        'cra;help;config;get' {
            break
        }
        'cra;help;config;set' {
            break
        }
        'cra;help;config;unset' {
            break
        }
        'cra;help;completions' {
            break
        }
        'cra;help;diff' {
            break
        }
        'cra;help;report' {
            break
        }
        'cra;help;version' {
            break
        }
        'cra;help;watch' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add banks to a list (made if need be): an id, a short id, a name or a page address, as show takes them')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove banks from a list, by id, short id or name as the list holds them (the last one removed takes the list)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'The banks of a list as search prints them (what search --watch NAME --all prints)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The lists: each one''s name, its number of banks, and how many of them the local copy lacks')
            break
        }
        'cra;help;watch;add' {
            break
        }
        'cra;help;watch;remove' {
            break
        }
        'cra;help;watch;show' {
            break
        }
        'cra;help;watch;list' {
            break
        }
        'cra;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
