# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_cra_global_optspecs
    string join \n config= format= color= q/quiet v/verbose timeout= base-url= retries= allow-insecure-http rate= sandbox evolve= mirror= offline h/help V/version
end

function __fish_cra_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_cra_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_cra_using_subcommand
    set -l cmd (__fish_cra_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c cra -n "__fish_cra_needs_command" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_needs_command" -l format -d 'Output format [default: table on a terminal, tsv otherwise; csv for export]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_needs_command" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_needs_command" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_needs_command" -l base-url -d 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)' -r
complete -c cra -n "__fish_cra_needs_command" -l retries -d 'Retries after the first try on connection errors, timeouts, 429 and 5xx' -r
complete -c cra -n "__fish_cra_needs_command" -l rate -d 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)' -r
complete -c cra -n "__fish_cra_needs_command" -l evolve -d 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations' -r
complete -c cra -n "__fish_cra_needs_command" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_needs_command" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_needs_command" -s v -l verbose -d 'Trace every HTTP request on standard error (secrets redacted)'
complete -c cra -n "__fish_cra_needs_command" -l allow-insecure-http -d 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
complete -c cra -n "__fish_cra_needs_command" -l sandbox -d 'Run against the built-in sandbox service (no key or network needed)'
complete -c cra -n "__fish_cra_needs_command" -l offline -d 'Answer search, show and export from the local copy (see cra sync): no network'
complete -c cra -n "__fish_cra_needs_command" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_needs_command" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_needs_command" -f -a "search" -d 'List banks with their current rating'
complete -c cra -n "__fish_cra_needs_command" -f -a "show" -d 'One or more banks with their complete rating history'
complete -c cra -n "__fish_cra_needs_command" -f -a "export" -d 'Every matching bank, all pages, streamed to a file or standard output'
complete -c cra -n "__fish_cra_needs_command" -f -a "verify-webhook" -d 'Check one webhook delivery\'s signature offline'
complete -c cra -n "__fish_cra_needs_command" -f -a "listen" -d 'Receive webhook deliveries locally, verify and print them'
complete -c cra -n "__fish_cra_needs_command" -f -a "trigger" -d 'Send signed test deliveries to a webhook endpoint'
complete -c cra -n "__fish_cra_needs_command" -f -a "replay" -d 'Send again deliveries recorded by `listen --log`, signed, byte for byte'
complete -c cra -n "__fish_cra_needs_command" -f -a "sync" -d 'Bring the local copy (SQLite) up to date with the service'
complete -c cra -n "__fish_cra_needs_command" -f -a "enrich" -d 'Bring the public record (FFIEC ratings file, BankFind) into the local copy and link the banks to it'
complete -c cra -n "__fish_cra_needs_command" -f -a "pe" -d 'The address of a bank\'s public evaluation (the examiners\' report behind a rating)'
complete -c cra -n "__fish_cra_needs_command" -f -a "lineage" -d 'A bank\'s predecessors and successors (mergers, failures, renames), oldest first'
complete -c cra -n "__fish_cra_needs_command" -f -a "sql" -d 'Run one read-only SQL query on the local copy'
complete -c cra -n "__fish_cra_needs_command" -f -a "changes" -d 'Rating changes (upgrades, downgrades...) from the local copy'
complete -c cra -n "__fish_cra_needs_command" -f -a "stats" -d 'Counts of banks by rating per group, with a chart, from the local copy'
complete -c cra -n "__fish_cra_needs_command" -f -a "due" -d 'Banks probably due or overdue for their next CRA exam (a heuristic), from the local copy'
complete -c cra -n "__fish_cra_needs_command" -f -a "sandbox" -d 'Run the local stand-in of the service'
complete -c cra -n "__fish_cra_needs_command" -f -a "config" -d 'Read and write the config file'
complete -c cra -n "__fish_cra_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c cra -n "__fish_cra_needs_command" -f -a "diff" -d 'Compare two files written by `cra export`: added, removed and changed banks'
complete -c cra -n "__fish_cra_needs_command" -f -a "report" -d 'One self-contained HTML page about the banks, from the local copy: map, charts, downgrades'
complete -c cra -n "__fish_cra_needs_command" -f -a "version" -d 'The version; with --verbose also the commit, target and compiler, for a bug report'
complete -c cra -n "__fish_cra_needs_command" -f -a "watch" -d 'Named lists of banks you follow, which --watch NAME selects'
complete -c cra -n "__fish_cra_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cra -n "__fish_cra_using_subcommand search" -l state -d 'Two-letter state or territory code (case-insensitive)' -r -f -a "AL\t''
AK\t''
AZ\t''
AR\t''
CA\t''
CO\t''
CT\t''
DE\t''
FL\t''
GA\t''
HI\t''
ID\t''
IL\t''
IN\t''
IA\t''
KS\t''
KY\t''
LA\t''
ME\t''
MD\t''
MA\t''
MI\t''
MN\t''
MS\t''
MO\t''
MT\t''
NE\t''
NV\t''
NH\t''
NJ\t''
NM\t''
NY\t''
NC\t''
ND\t''
OH\t''
OK\t''
OR\t''
PA\t''
RI\t''
SC\t''
SD\t''
TN\t''
TX\t''
UT\t''
VT\t''
VA\t''
WA\t''
WV\t''
WI\t''
WY\t''
DC\t''
PR\t''
GU\t''
VI\t''
AS\t''
MP\t''
FM\t''
MH\t''
PW\t''"
complete -c cra -n "__fish_cra_using_subcommand search" -l size -d 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate' -r -f -a "Large Bank\t''
Small Bank\t''
Intermediate Small Bank\t''
large\t'same as Large Bank'
small\t'same as Small Bank'
intermediate\t'same as Intermediate Small Bank'"
complete -c cra -n "__fish_cra_using_subcommand search" -l rating -d 'Rating (repeatable): name any case, out, sat, nti, snc' -r -f -a "Outstanding\t''
Satisfactory\t''
Needs to Improve\t''
Substantial Noncompliance\t''
out\t''
sat\t''
nti\t''
snc\t''"
complete -c cra -n "__fish_cra_using_subcommand search" -l regulator -d 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case' -r -f -a "FDIC\t''
OCC\t''
FRB\t''
OTS\t''"
complete -c cra -n "__fish_cra_using_subcommand search" -l city -d 'Part of the bank\'s city (case-insensitive)' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l watch -d 'Only the banks of watch list NAME (repeatable)' -r -f -a "(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)"
complete -c cra -n "__fish_cra_using_subcommand search" -l failed-last -d 'Banks whose last N exams were all below Satisfactory' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l assets -d 'Assets at the current exam: 250M..1B, ..100M, 10B..' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l exam-method -d 'The current exam method, any case (repeatable)' -r -f -a "Large Bank\t''
Small Bank\t''
Strategic Plan\t''
Limited Purpose\t''
Wholesale\t''
Wholesale/Limited Purpose\t''
Intermediate Small Bank\t''
Other / not specified\t''"
complete -c cra -n "__fish_cra_using_subcommand search" -l exam-since -d 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l exam-until -d 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l sort -d 'Sort keys, -KEY descending (name, rating, exam_date...)' -r -f -a "name\t''
city\t''
state\t''
regulator\t''
rating\t''
exam_date\t''
exam_type\t''
id\t''
-name\t''
-city\t''
-state\t''
-regulator\t''
-rating\t''
-exam_date\t''
-exam_type\t''
-id\t''"
complete -c cra -n "__fish_cra_using_subcommand search" -l page -d 'Page to fetch' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l per-page -d 'Banks per page' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l limit -d 'Stop after N banks (implies following pages)' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l jq -d 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)' -r
complete -c cra -n "__fish_cra_using_subcommand search" -s o -l output -d 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)' -r -F
complete -c cra -n "__fish_cra_using_subcommand search" -l max-wait -d 'Longest wait for the service\'s rate limit (Retry-After or a quota\'s reset) [default: 90s]' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand search" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand search" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand search" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l base-url -d 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l retries -d 'Retries after the first try on connection errors, timeouts, 429 and 5xx' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l rate -d 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l evolve -d 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations' -r
complete -c cra -n "__fish_cra_using_subcommand search" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand search" -l columns -d 'Columns shown, in order, by csv name (table, tsv, csv)' -r -f -a "id\t''
name\t''
city\t''
state\t''
regulator\t''
rating\t''
exam_date\t''
exam_type\t''"
complete -c cra -n "__fish_cra_using_subcommand search" -l active -d 'Only banks the FDIC lists as active (public record)'
complete -c cra -n "__fish_cra_using_subcommand search" -l inactive -d 'Only banks the FDIC lists as inactive (public record)'
complete -c cra -n "__fish_cra_using_subcommand search" -l enriched -d 'Add the public record\'s columns (json: public_record)'
complete -c cra -n "__fish_cra_using_subcommand search" -l all -d 'Follow every page (100 banks a request)'
complete -c cra -n "__fish_cra_using_subcommand search" -l excel-safe-csv -d 'csv, tsv: prefix formula-like text cells with \''
complete -c cra -n "__fish_cra_using_subcommand search" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand search" -s v -l verbose -d 'Trace every HTTP request on standard error (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand search" -l allow-insecure-http -d 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
complete -c cra -n "__fish_cra_using_subcommand search" -l sandbox -d 'Run against the built-in sandbox service (no key or network needed)'
complete -c cra -n "__fish_cra_using_subcommand search" -l offline -d 'Answer search, show and export from the local copy (see cra sync): no network'
complete -c cra -n "__fish_cra_using_subcommand search" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand search" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand show" -l state -d 'With a name: only banks in this state or territory (two letters)' -r -f -a "AL\t''
AK\t''
AZ\t''
AR\t''
CA\t''
CO\t''
CT\t''
DE\t''
FL\t''
GA\t''
HI\t''
ID\t''
IL\t''
IN\t''
IA\t''
KS\t''
KY\t''
LA\t''
ME\t''
MD\t''
MA\t''
MI\t''
MN\t''
MS\t''
MO\t''
MT\t''
NE\t''
NV\t''
NH\t''
NJ\t''
NM\t''
NY\t''
NC\t''
ND\t''
OH\t''
OK\t''
OR\t''
PA\t''
RI\t''
SC\t''
SD\t''
TN\t''
TX\t''
UT\t''
VT\t''
VA\t''
WA\t''
WV\t''
WI\t''
WY\t''
DC\t''
PR\t''
GU\t''
VI\t''
AS\t''
MP\t''
FM\t''
MH\t''
PW\t''"
complete -c cra -n "__fish_cra_using_subcommand show" -l jq -d 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)' -r
complete -c cra -n "__fish_cra_using_subcommand show" -s o -l output -d 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)' -r -F
complete -c cra -n "__fish_cra_using_subcommand show" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand show" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand show" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand show" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand show" -l base-url -d 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)' -r
complete -c cra -n "__fish_cra_using_subcommand show" -l retries -d 'Retries after the first try on connection errors, timeouts, 429 and 5xx' -r
complete -c cra -n "__fish_cra_using_subcommand show" -l rate -d 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)' -r
complete -c cra -n "__fish_cra_using_subcommand show" -l evolve -d 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations' -r
complete -c cra -n "__fish_cra_using_subcommand show" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand show" -l columns -d 'Columns shown, in order, by csv name (table, tsv, csv)' -r -f -a "id\t''
name\t''
city\t''
state\t''
regulator\t''
exam_date\t''
rating\t''
exam_type\t''
is_current\t''"
complete -c cra -n "__fish_cra_using_subcommand show" -l enriched -d 'Add the public record\'s columns (json: public_record)'
complete -c cra -n "__fish_cra_using_subcommand show" -l excel-safe-csv -d 'csv, tsv: prefix formula-like text cells with \''
complete -c cra -n "__fish_cra_using_subcommand show" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand show" -s v -l verbose -d 'Trace every HTTP request on standard error (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand show" -l allow-insecure-http -d 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
complete -c cra -n "__fish_cra_using_subcommand show" -l sandbox -d 'Run against the built-in sandbox service (no key or network needed)'
complete -c cra -n "__fish_cra_using_subcommand show" -l offline -d 'Answer search, show and export from the local copy (see cra sync): no network'
complete -c cra -n "__fish_cra_using_subcommand show" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand show" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand export" -l state -d 'Two-letter state or territory code (case-insensitive)' -r -f -a "AL\t''
AK\t''
AZ\t''
AR\t''
CA\t''
CO\t''
CT\t''
DE\t''
FL\t''
GA\t''
HI\t''
ID\t''
IL\t''
IN\t''
IA\t''
KS\t''
KY\t''
LA\t''
ME\t''
MD\t''
MA\t''
MI\t''
MN\t''
MS\t''
MO\t''
MT\t''
NE\t''
NV\t''
NH\t''
NJ\t''
NM\t''
NY\t''
NC\t''
ND\t''
OH\t''
OK\t''
OR\t''
PA\t''
RI\t''
SC\t''
SD\t''
TN\t''
TX\t''
UT\t''
VT\t''
VA\t''
WA\t''
WV\t''
WI\t''
WY\t''
DC\t''
PR\t''
GU\t''
VI\t''
AS\t''
MP\t''
FM\t''
MH\t''
PW\t''"
complete -c cra -n "__fish_cra_using_subcommand export" -l size -d 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate' -r -f -a "Large Bank\t''
Small Bank\t''
Intermediate Small Bank\t''
large\t'same as Large Bank'
small\t'same as Small Bank'
intermediate\t'same as Intermediate Small Bank'"
complete -c cra -n "__fish_cra_using_subcommand export" -l rating -d 'Rating (repeatable): name any case, out, sat, nti, snc' -r -f -a "Outstanding\t''
Satisfactory\t''
Needs to Improve\t''
Substantial Noncompliance\t''
out\t''
sat\t''
nti\t''
snc\t''"
complete -c cra -n "__fish_cra_using_subcommand export" -l regulator -d 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case' -r -f -a "FDIC\t''
OCC\t''
FRB\t''
OTS\t''"
complete -c cra -n "__fish_cra_using_subcommand export" -l city -d 'Part of the bank\'s city (case-insensitive)' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l watch -d 'Only the banks of watch list NAME (repeatable)' -r -f -a "(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)"
complete -c cra -n "__fish_cra_using_subcommand export" -l failed-last -d 'Banks whose last N exams were all below Satisfactory' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l assets -d 'Assets at the current exam: 250M..1B, ..100M, 10B..' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l exam-method -d 'The current exam method, any case (repeatable)' -r -f -a "Large Bank\t''
Small Bank\t''
Strategic Plan\t''
Limited Purpose\t''
Wholesale\t''
Wholesale/Limited Purpose\t''
Intermediate Small Bank\t''
Other / not specified\t''"
complete -c cra -n "__fish_cra_using_subcommand export" -l exam-since -d 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l exam-until -d 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l sort -d 'Sort keys, -KEY descending (name, rating, exam_date...)' -r -f -a "name\t''
city\t''
state\t''
regulator\t''
rating\t''
exam_date\t''
exam_type\t''
id\t''
-name\t''
-city\t''
-state\t''
-regulator\t''
-rating\t''
-exam_date\t''
-exam_type\t''
-id\t''"
complete -c cra -n "__fish_cra_using_subcommand export" -l concurrency -d 'Requests in flight at once' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l max-wait -d 'Longest wait for the service\'s rate limit (Retry-After or a quota\'s reset) [default: 90s]' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand export" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand export" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l base-url -d 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l retries -d 'Retries after the first try on connection errors, timeouts, 429 and 5xx' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l rate -d 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l evolve -d 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations' -r
complete -c cra -n "__fish_cra_using_subcommand export" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand export" -l format -d 'Output format [default: csv]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand export" -s o -l output -d 'Write to FILE atomically instead of standard output (format from --format or the extension: .csv .tsv .json .ndjson .jsonl .xlsx)' -r -F
complete -c cra -n "__fish_cra_using_subcommand export" -l columns -d 'Columns shown, in order, by csv name (table, tsv, csv)' -r -f -a "id\t''
name\t''
city\t''
state\t''
regulator\t''
rating\t''
exam_date\t''
exam_type\t''
is_current\t''"
complete -c cra -n "__fish_cra_using_subcommand export" -l active -d 'Only banks the FDIC lists as active (public record)'
complete -c cra -n "__fish_cra_using_subcommand export" -l inactive -d 'Only banks the FDIC lists as inactive (public record)'
complete -c cra -n "__fish_cra_using_subcommand export" -l enriched -d 'Add the public record\'s columns (json: public_record)'
complete -c cra -n "__fish_cra_using_subcommand export" -l with-history -d 'One row per rating record (one detail request per bank)'
complete -c cra -n "__fish_cra_using_subcommand export" -l excel-safe-csv -d 'csv, tsv: prefix formula-like text cells with \''
complete -c cra -n "__fish_cra_using_subcommand export" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand export" -s v -l verbose -d 'Trace every HTTP request on standard error (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand export" -l allow-insecure-http -d 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
complete -c cra -n "__fish_cra_using_subcommand export" -l sandbox -d 'Run against the built-in sandbox service (no key or network needed)'
complete -c cra -n "__fish_cra_using_subcommand export" -l offline -d 'Answer search, show and export from the local copy (see cra sync): no network'
complete -c cra -n "__fish_cra_using_subcommand export" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand export" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand verify-webhook" -l signature -d 'The X-Service-Signature header value, sha256=<hex>' -r
complete -c cra -n "__fish_cra_using_subcommand verify-webhook" -l secret -d 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)' -r
complete -c cra -n "__fish_cra_using_subcommand verify-webhook" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand verify-webhook" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand verify-webhook" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand listen" -l host -d 'Address to listen on' -r
complete -c cra -n "__fish_cra_using_subcommand listen" -l port -d 'Port to listen on (0 picks a free one)' -r
complete -c cra -n "__fish_cra_using_subcommand listen" -l path -d 'Path deliveries are accepted on' -r
complete -c cra -n "__fish_cra_using_subcommand listen" -l secret -d 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)' -r
complete -c cra -n "__fish_cra_using_subcommand listen" -l forward-to -d 'Re-post verified deliveries, body and signature unchanged, to URL' -r
complete -c cra -n "__fish_cra_using_subcommand listen" -l log -d 'Append every delivery as one JSON line to FILE' -r -F
complete -c cra -n "__fish_cra_using_subcommand listen" -l max-events -d 'Exit after N verified events' -r
complete -c cra -n "__fish_cra_using_subcommand listen" -l max-body -d 'Largest body accepted, in bytes (suffixes k, M accepted)' -r
complete -c cra -n "__fish_cra_using_subcommand listen" -l read-timeout -d 'Time a client gets to send its headers, and then its body' -r
complete -c cra -n "__fish_cra_using_subcommand listen" -l tolerance -d 'Refuse (401, stale) a verified delivery whose payload timestamp is more than DURATION in the past or future, e.g. 5m (off by default)' -r
complete -c cra -n "__fish_cra_using_subcommand listen" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand listen" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand listen" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand listen" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand listen" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand listen" -s v -l verbose -d 'Trace every HTTP request on standard error (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand listen" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand listen" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand trigger" -l to -d 'Endpoint to POST to' -r
complete -c cra -n "__fish_cra_using_subcommand trigger" -l secret -d 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)' -r
complete -c cra -n "__fish_cra_using_subcommand trigger" -l count -d 'Number of deliveries' -r
complete -c cra -n "__fish_cra_using_subcommand trigger" -l bank-id -d 'Bank id to put in the payload (default: a realistic sample bank)' -r
complete -c cra -n "__fish_cra_using_subcommand trigger" -l rating -d 'Rating text to put in the payload' -r
complete -c cra -n "__fish_cra_using_subcommand trigger" -l concurrency -d 'Deliveries in flight at once' -r
complete -c cra -n "__fish_cra_using_subcommand trigger" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand trigger" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand trigger" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand trigger" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand replay" -l to -d 'Endpoint to POST to' -r
complete -c cra -n "__fish_cra_using_subcommand replay" -l secret -d 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)' -r
complete -c cra -n "__fish_cra_using_subcommand replay" -l line -d 'Send only line N of the log (counted from 1), whatever its verdict; repeatable' -r
complete -c cra -n "__fish_cra_using_subcommand replay" -l concurrency -d 'Deliveries in flight at once (1: one after another, in log order)' -r
complete -c cra -n "__fish_cra_using_subcommand replay" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand replay" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand replay" -l all -d 'Send every delivery in the log, not only those logged valid'
complete -c cra -n "__fish_cra_using_subcommand replay" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand replay" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand sync" -l concurrency -d 'Requests in flight at once' -r
complete -c cra -n "__fish_cra_using_subcommand sync" -l notify -d 'Deliver each rating record this sync adds to URL as a signed rating.created' -r
complete -c cra -n "__fish_cra_using_subcommand sync" -l max-wait -d 'Longest wait for the service\'s rate limit (Retry-After or a quota\'s reset); longer, stop and say when to run again' -r
complete -c cra -n "__fish_cra_using_subcommand sync" -l secret -d 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)' -r
complete -c cra -n "__fish_cra_using_subcommand sync" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand sync" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand sync" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand sync" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand sync" -l base-url -d 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)' -r
complete -c cra -n "__fish_cra_using_subcommand sync" -l retries -d 'Retries after the first try on connection errors, timeouts, 429 and 5xx' -r
complete -c cra -n "__fish_cra_using_subcommand sync" -l rate -d 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)' -r
complete -c cra -n "__fish_cra_using_subcommand sync" -l evolve -d 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations' -r
complete -c cra -n "__fish_cra_using_subcommand sync" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand sync" -l watch -d 'With --notify: deliver only the new records of the banks of this watch list (repeatable: of any of them; cra watch --help)' -r -f -a "(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)"
complete -c cra -n "__fish_cra_using_subcommand sync" -l full -d 'Fetch every bank\'s detail, not only new and changed banks\''
complete -c cra -n "__fish_cra_using_subcommand sync" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand sync" -s v -l verbose -d 'Trace every HTTP request on standard error (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand sync" -l allow-insecure-http -d 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
complete -c cra -n "__fish_cra_using_subcommand sync" -l sandbox -d 'Run against the built-in sandbox service (no key or network needed)'
complete -c cra -n "__fish_cra_using_subcommand sync" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand sync" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand enrich" -l ffiec -d 'The FFIEC\'s CRA ratings file: a downloaded file (the zip or the text inside it) or an address [default: CRA_FFIEC, else https://www.ffiec.gov/craratings/craratng.zip]' -r
complete -c cra -n "__fish_cra_using_subcommand enrich" -l bankfind -d 'BankFind\'s institutions [default: CRA_BANKFIND, else https://api.fdic.gov/banks/institutions]' -r
complete -c cra -n "__fish_cra_using_subcommand enrich" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand enrich" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand enrich" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand enrich" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand enrich" -l base-url -d 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)' -r
complete -c cra -n "__fish_cra_using_subcommand enrich" -l retries -d 'Retries after the first try on connection errors, timeouts, 429 and 5xx' -r
complete -c cra -n "__fish_cra_using_subcommand enrich" -l rate -d 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)' -r
complete -c cra -n "__fish_cra_using_subcommand enrich" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand enrich" -l no-bankfind -d 'Skip BankFind: no identifiers beyond the file\'s, activity unknown'
complete -c cra -n "__fish_cra_using_subcommand enrich" -l force -d 'Replace the copy\'s public record even with a file of less than half the institutions it has (refused otherwise: a cut or wrong file)'
complete -c cra -n "__fish_cra_using_subcommand enrich" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand enrich" -s v -l verbose -d 'Trace every HTTP request on standard error (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand enrich" -l allow-insecure-http -d 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
complete -c cra -n "__fish_cra_using_subcommand enrich" -l sandbox -d 'Run against the built-in sandbox service (no key or network needed)'
complete -c cra -n "__fish_cra_using_subcommand enrich" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand enrich" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand pe" -l exam -d 'The exam on DATE (YYYY-MM-DD) instead of the current one' -r
complete -c cra -n "__fish_cra_using_subcommand pe" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand pe" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand pe" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand pe" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand pe" -l open -d 'Open it in the default browser'
complete -c cra -n "__fish_cra_using_subcommand pe" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand pe" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand pe" -l sandbox -d 'Read the sandbox\'s local copy (see cra --sandbox sync)'
complete -c cra -n "__fish_cra_using_subcommand pe" -l offline -d 'Accepted; this command always reads the local copy'
complete -c cra -n "__fish_cra_using_subcommand pe" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand pe" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand lineage" -l state -d 'With a name: only banks in this state or territory (two letters)' -r -f -a "AL\t''
AK\t''
AZ\t''
AR\t''
CA\t''
CO\t''
CT\t''
DE\t''
FL\t''
GA\t''
HI\t''
ID\t''
IL\t''
IN\t''
IA\t''
KS\t''
KY\t''
LA\t''
ME\t''
MD\t''
MA\t''
MI\t''
MN\t''
MS\t''
MO\t''
MT\t''
NE\t''
NV\t''
NH\t''
NJ\t''
NM\t''
NY\t''
NC\t''
ND\t''
OH\t''
OK\t''
OR\t''
PA\t''
RI\t''
SC\t''
SD\t''
TN\t''
TX\t''
UT\t''
VT\t''
VA\t''
WA\t''
WV\t''
WI\t''
WY\t''
DC\t''
PR\t''
GU\t''
VI\t''
AS\t''
MP\t''
FM\t''
MH\t''
PW\t''"
complete -c cra -n "__fish_cra_using_subcommand lineage" -l jq -d 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)' -r
complete -c cra -n "__fish_cra_using_subcommand lineage" -s o -l output -d 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)' -r -F
complete -c cra -n "__fish_cra_using_subcommand lineage" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand lineage" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand lineage" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand lineage" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand lineage" -l excel-safe-csv -d 'csv, tsv: prefix formula-like text cells with \''
complete -c cra -n "__fish_cra_using_subcommand lineage" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand lineage" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand lineage" -l sandbox -d 'Read the sandbox\'s local copy (see cra --sandbox sync)'
complete -c cra -n "__fish_cra_using_subcommand lineage" -l offline -d 'Accepted; this command always reads the local copy'
complete -c cra -n "__fish_cra_using_subcommand lineage" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand lineage" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand sql" -l timeout -d 'Stop the query after this long: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand sql" -l jq -d 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)' -r
complete -c cra -n "__fish_cra_using_subcommand sql" -s o -l output -d 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)' -r -F
complete -c cra -n "__fish_cra_using_subcommand sql" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand sql" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand sql" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand sql" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand sql" -l schema -d 'Print the local copy\'s tables, columns and indexes, and exit'
complete -c cra -n "__fish_cra_using_subcommand sql" -l excel-safe-csv -d 'csv, tsv: prefix formula-like text cells with \''
complete -c cra -n "__fish_cra_using_subcommand sql" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand sql" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand sql" -l sandbox -d 'Read the sandbox\'s local copy (see cra --sandbox sync)'
complete -c cra -n "__fish_cra_using_subcommand sql" -l offline -d 'Accepted; this command always reads the local copy'
complete -c cra -n "__fish_cra_using_subcommand sql" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand sql" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand changes" -l regulator -d 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case' -r -f -a "FDIC\t''
OCC\t''
FRB\t''
OTS\t''"
complete -c cra -n "__fish_cra_using_subcommand changes" -l city -d 'Part of the bank\'s city (case-insensitive)' -r
complete -c cra -n "__fish_cra_using_subcommand changes" -l watch -d 'Only the banks of watch list NAME (repeatable)' -r -f -a "(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)"
complete -c cra -n "__fish_cra_using_subcommand changes" -l failed-last -d 'Banks whose last N exams were all below Satisfactory' -r
complete -c cra -n "__fish_cra_using_subcommand changes" -l assets -d 'Assets at the current exam: 250M..1B, ..100M, 10B..' -r
complete -c cra -n "__fish_cra_using_subcommand changes" -l exam-method -d 'The current exam method, any case (repeatable)' -r -f -a "Large Bank\t''
Small Bank\t''
Strategic Plan\t''
Limited Purpose\t''
Wholesale\t''
Wholesale/Limited Purpose\t''
Intermediate Small Bank\t''
Other / not specified\t''"
complete -c cra -n "__fish_cra_using_subcommand changes" -l sort -d 'Sort keys, -KEY descending (name, rating, exam_date...)' -r -f -a "name\t''
city\t''
state\t''
regulator\t''
rating\t''
exam_date\t''
exam_type\t''
id\t''
-name\t''
-city\t''
-state\t''
-regulator\t''
-rating\t''
-exam_date\t''
-exam_type\t''
-id\t''"
complete -c cra -n "__fish_cra_using_subcommand changes" -l change -d 'Kinds (repeatable; below) [default: upgrade, downgrade]' -r -f -a "upgrade\t'A better rating than the previous one'
downgrade\t'A worse rating than the previous one'
same\t'The same rating as the previous one'
first\t'The bank\'s first record'
other\t'Either rating is none of the four CRA ratings'
all\t'Every kind'
repeat-fail\t'A failing record (Needs to Improve, Substantial Noncompliance) after a failing one: a repeat failure, whatever its kind'
merged\t'A bank that merged into another in the period, with its last rating (BankFind\'s history, after cra enrich)'
failed\t'A bank that failed in the period, with its last rating'"
complete -c cra -n "__fish_cra_using_subcommand changes" -l jq -d 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)' -r
complete -c cra -n "__fish_cra_using_subcommand changes" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand changes" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand changes" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand changes" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand changes" -l since -d 'From DATE: YYYY-MM-DD, YYYY-MM, YYYY, an age (2y)' -r
complete -c cra -n "__fish_cra_using_subcommand changes" -l until -d 'Only exams until DATE (YYYY-MM, YYYY: their last day)' -r
complete -c cra -n "__fish_cra_using_subcommand changes" -l state -d 'The bank\'s state or territory code (any case)' -r -f -a "AL\t''
AK\t''
AZ\t''
AR\t''
CA\t''
CO\t''
CT\t''
DE\t''
FL\t''
GA\t''
HI\t''
ID\t''
IL\t''
IN\t''
IA\t''
KS\t''
KY\t''
LA\t''
ME\t''
MD\t''
MA\t''
MI\t''
MN\t''
MS\t''
MO\t''
MT\t''
NE\t''
NV\t''
NH\t''
NJ\t''
NM\t''
NY\t''
NC\t''
ND\t''
OH\t''
OK\t''
OR\t''
PA\t''
RI\t''
SC\t''
SD\t''
TN\t''
TX\t''
UT\t''
VT\t''
VA\t''
WA\t''
WV\t''
WI\t''
WY\t''
DC\t''
PR\t''
GU\t''
VI\t''
AS\t''
MP\t''
FM\t''
MH\t''
PW\t''"
complete -c cra -n "__fish_cra_using_subcommand changes" -l size -d 'The record\'s exam type: large, small, intermediate' -r -f -a "Large Bank\t''
Small Bank\t''
Intermediate Small Bank\t''
large\t'same as Large Bank'
small\t'same as Small Bank'
intermediate\t'same as Intermediate Small Bank'"
complete -c cra -n "__fish_cra_using_subcommand changes" -l rating -d 'The record\'s rating (repeatable): out, sat, nti, snc' -r -f -a "Outstanding\t''
Satisfactory\t''
Needs to Improve\t''
Substantial Noncompliance\t''
out\t''
sat\t''
nti\t''
snc\t''"
complete -c cra -n "__fish_cra_using_subcommand changes" -s o -l output -d 'Write to FILE atomically (format from its extension; - is standard output)' -r -F
complete -c cra -n "__fish_cra_using_subcommand changes" -l columns -d 'Columns shown, in order, by csv name (table, tsv, csv)' -r -f -a "id\t''
name\t''
state\t''
regulator\t''
exam_date\t''
exam_type\t''
previous_rating\t''
rating\t''
change\t''"
complete -c cra -n "__fish_cra_using_subcommand changes" -l new -d 'Only records the latest sync added (see the guide)'
complete -c cra -n "__fish_cra_using_subcommand changes" -l active -d 'Only banks the FDIC lists as active (public record)'
complete -c cra -n "__fish_cra_using_subcommand changes" -l inactive -d 'Only banks the FDIC lists as inactive (public record)'
complete -c cra -n "__fish_cra_using_subcommand changes" -l enriched -d 'Add the public record\'s columns (json: public_record)'
complete -c cra -n "__fish_cra_using_subcommand changes" -l excel-safe-csv -d 'csv, tsv: prefix formula-like text cells with \''
complete -c cra -n "__fish_cra_using_subcommand changes" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand changes" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand changes" -l sandbox -d 'Read the sandbox\'s local copy (see cra --sandbox sync)'
complete -c cra -n "__fish_cra_using_subcommand changes" -l offline -d 'Accepted; this command always reads the local copy'
complete -c cra -n "__fish_cra_using_subcommand changes" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand changes" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand stats" -l by -d 'Group by state, regulator (the bank\'s current one: the service has no regulator per exam), size (the exam type) or year (of the exam: counts exams); two (A,B) for one row per pair [default: one group, all]' -r -f -a "state\t''
regulator\t''
size\t''
year\t''"
complete -c cra -n "__fish_cra_using_subcommand stats" -l state -d 'Two-letter state or territory code (case-insensitive)' -r -f -a "AL\t''
AK\t''
AZ\t''
AR\t''
CA\t''
CO\t''
CT\t''
DE\t''
FL\t''
GA\t''
HI\t''
ID\t''
IL\t''
IN\t''
IA\t''
KS\t''
KY\t''
LA\t''
ME\t''
MD\t''
MA\t''
MI\t''
MN\t''
MS\t''
MO\t''
MT\t''
NE\t''
NV\t''
NH\t''
NJ\t''
NM\t''
NY\t''
NC\t''
ND\t''
OH\t''
OK\t''
OR\t''
PA\t''
RI\t''
SC\t''
SD\t''
TN\t''
TX\t''
UT\t''
VT\t''
VA\t''
WA\t''
WV\t''
WI\t''
WY\t''
DC\t''
PR\t''
GU\t''
VI\t''
AS\t''
MP\t''
FM\t''
MH\t''
PW\t''"
complete -c cra -n "__fish_cra_using_subcommand stats" -l rating -d 'Rating (repeatable): name any case, out, sat, nti, snc' -r -f -a "Outstanding\t''
Satisfactory\t''
Needs to Improve\t''
Substantial Noncompliance\t''
out\t''
sat\t''
nti\t''
snc\t''"
complete -c cra -n "__fish_cra_using_subcommand stats" -l regulator -d 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case' -r -f -a "FDIC\t''
OCC\t''
FRB\t''
OTS\t''"
complete -c cra -n "__fish_cra_using_subcommand stats" -l city -d 'Part of the bank\'s city (case-insensitive)' -r
complete -c cra -n "__fish_cra_using_subcommand stats" -l watch -d 'Only the banks of watch list NAME (repeatable)' -r -f -a "(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)"
complete -c cra -n "__fish_cra_using_subcommand stats" -l failed-last -d 'Banks whose last N exams were all below Satisfactory' -r
complete -c cra -n "__fish_cra_using_subcommand stats" -l assets -d 'Assets at the current exam: 250M..1B, ..100M, 10B..' -r
complete -c cra -n "__fish_cra_using_subcommand stats" -l exam-method -d 'The current exam method, any case (repeatable)' -r -f -a "Large Bank\t''
Small Bank\t''
Strategic Plan\t''
Limited Purpose\t''
Wholesale\t''
Wholesale/Limited Purpose\t''
Intermediate Small Bank\t''
Other / not specified\t''"
complete -c cra -n "__fish_cra_using_subcommand stats" -l exam-since -d 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)' -r
complete -c cra -n "__fish_cra_using_subcommand stats" -l exam-until -d 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)' -r
complete -c cra -n "__fish_cra_using_subcommand stats" -l svg -d 'Also write the chart as an SVG file' -r -F
complete -c cra -n "__fish_cra_using_subcommand stats" -l jq -d 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)' -r
complete -c cra -n "__fish_cra_using_subcommand stats" -s o -l output -d 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)' -r -F
complete -c cra -n "__fish_cra_using_subcommand stats" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand stats" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand stats" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand stats" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand stats" -l size -d 'Exam type of the current rating (with --exams, --by year or --gaps: of the exam): "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate' -r -f -a "Large Bank\t''
Small Bank\t''
Intermediate Small Bank\t''
large\t'same as Large Bank'
small\t'same as Small Bank'
intermediate\t'same as Intermediate Small Bank'"
complete -c cra -n "__fish_cra_using_subcommand stats" -l columns -d 'The columns of tsv, csv and a piped table, in order, by their csv names (the terminal chart shows every rating)' -r -f -a "group\t''
subgroup\t''
total\t''
outstanding\t''
satisfactory\t''
needs_to_improve\t''
substantial_noncompliance\t''
other\t''"
complete -c cra -n "__fish_cra_using_subcommand stats" -l percent -d 'The rating counts as percentages of the total (one decimal)'
complete -c cra -n "__fish_cra_using_subcommand stats" -l exams -d 'Count exams (every rating record, by its own exam type, rating and date) instead of banks by their current rating, whatever --by'
complete -c cra -n "__fish_cra_using_subcommand stats" -l gaps -d 'The months from each exam to the bank\'s next one instead of counts: how many such intervals, their mean and their 10th, 25th, 50th (median), 75th and 90th percentiles, each interval under the exam it follows (its exam type, rating, date)'
complete -c cra -n "__fish_cra_using_subcommand stats" -l active -d 'Only banks the FDIC lists as active (public record)'
complete -c cra -n "__fish_cra_using_subcommand stats" -l inactive -d 'Only banks the FDIC lists as inactive (public record)'
complete -c cra -n "__fish_cra_using_subcommand stats" -l excel-safe-csv -d 'csv, tsv: prefix formula-like text cells with \''
complete -c cra -n "__fish_cra_using_subcommand stats" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand stats" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand stats" -l sandbox -d 'Read the sandbox\'s local copy (see cra --sandbox sync)'
complete -c cra -n "__fish_cra_using_subcommand stats" -l offline -d 'Accepted; this command always reads the local copy'
complete -c cra -n "__fish_cra_using_subcommand stats" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand stats" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand due" -l state -d 'Two-letter state or territory code (case-insensitive)' -r -f -a "AL\t''
AK\t''
AZ\t''
AR\t''
CA\t''
CO\t''
CT\t''
DE\t''
FL\t''
GA\t''
HI\t''
ID\t''
IL\t''
IN\t''
IA\t''
KS\t''
KY\t''
LA\t''
ME\t''
MD\t''
MA\t''
MI\t''
MN\t''
MS\t''
MO\t''
MT\t''
NE\t''
NV\t''
NH\t''
NJ\t''
NM\t''
NY\t''
NC\t''
ND\t''
OH\t''
OK\t''
OR\t''
PA\t''
RI\t''
SC\t''
SD\t''
TN\t''
TX\t''
UT\t''
VT\t''
VA\t''
WA\t''
WV\t''
WI\t''
WY\t''
DC\t''
PR\t''
GU\t''
VI\t''
AS\t''
MP\t''
FM\t''
MH\t''
PW\t''"
complete -c cra -n "__fish_cra_using_subcommand due" -l size -d 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate' -r -f -a "Large Bank\t''
Small Bank\t''
Intermediate Small Bank\t''
large\t'same as Large Bank'
small\t'same as Small Bank'
intermediate\t'same as Intermediate Small Bank'"
complete -c cra -n "__fish_cra_using_subcommand due" -l rating -d 'Rating (repeatable): name any case, out, sat, nti, snc' -r -f -a "Outstanding\t''
Satisfactory\t''
Needs to Improve\t''
Substantial Noncompliance\t''
out\t''
sat\t''
nti\t''
snc\t''"
complete -c cra -n "__fish_cra_using_subcommand due" -l regulator -d 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case' -r -f -a "FDIC\t''
OCC\t''
FRB\t''
OTS\t''"
complete -c cra -n "__fish_cra_using_subcommand due" -l city -d 'Part of the bank\'s city (case-insensitive)' -r
complete -c cra -n "__fish_cra_using_subcommand due" -l watch -d 'Only the banks of watch list NAME (repeatable)' -r -f -a "(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)"
complete -c cra -n "__fish_cra_using_subcommand due" -l failed-last -d 'Banks whose last N exams were all below Satisfactory' -r
complete -c cra -n "__fish_cra_using_subcommand due" -l assets -d 'Assets at the current exam: 250M..1B, ..100M, 10B..' -r
complete -c cra -n "__fish_cra_using_subcommand due" -l exam-method -d 'The current exam method, any case (repeatable)' -r -f -a "Large Bank\t''
Small Bank\t''
Strategic Plan\t''
Limited Purpose\t''
Wholesale\t''
Wholesale/Limited Purpose\t''
Intermediate Small Bank\t''
Other / not specified\t''"
complete -c cra -n "__fish_cra_using_subcommand due" -l exam-since -d 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)' -r
complete -c cra -n "__fish_cra_using_subcommand due" -l exam-until -d 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)' -r
complete -c cra -n "__fish_cra_using_subcommand due" -l sort -d 'Sort keys, -KEY descending (name, rating, exam_date...)' -r -f -a "name\t''
city\t''
state\t''
regulator\t''
rating\t''
exam_date\t''
exam_type\t''
id\t''
-name\t''
-city\t''
-state\t''
-regulator\t''
-rating\t''
-exam_date\t''
-exam_type\t''
-id\t''"
complete -c cra -n "__fish_cra_using_subcommand due" -l older-than -d 'One age for every bank instead of the table: banks whose current exam is older than WHEN (90d, 18m, 6y, or a date)' -r
complete -c cra -n "__fish_cra_using_subcommand due" -l as-of -d 'Reckon to this day instead of today: which banks will be due by then (YYYY-MM-DD; YYYY-MM and YYYY stand for their last day)' -r
complete -c cra -n "__fish_cra_using_subcommand due" -l jq -d 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)' -r
complete -c cra -n "__fish_cra_using_subcommand due" -s o -l output -d 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)' -r -F
complete -c cra -n "__fish_cra_using_subcommand due" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand due" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand due" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand due" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand due" -l columns -d 'Columns shown, in order, by csv name (table, tsv, csv)' -r -f -a "id\t''
name\t''
city\t''
state\t''
regulator\t''
rating\t''
exam_date\t''
exam_type\t''
months_since\t''
expected_months\t''
overdue_months\t''"
complete -c cra -n "__fish_cra_using_subcommand due" -l active -d 'Only banks the FDIC lists as active (public record)'
complete -c cra -n "__fish_cra_using_subcommand due" -l inactive -d 'Only banks the FDIC lists as inactive (public record)'
complete -c cra -n "__fish_cra_using_subcommand due" -l enriched -d 'Add the public record\'s columns (json: public_record)'
complete -c cra -n "__fish_cra_using_subcommand due" -l include-inactive -d 'Keep the banks known to be no longer active (BankFind, after cra enrich) and those last examined under the OTS (closed in 2011)'
complete -c cra -n "__fish_cra_using_subcommand due" -l excel-safe-csv -d 'csv, tsv: prefix formula-like text cells with \''
complete -c cra -n "__fish_cra_using_subcommand due" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand due" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand due" -l sandbox -d 'Read the sandbox\'s local copy (see cra --sandbox sync)'
complete -c cra -n "__fish_cra_using_subcommand due" -l offline -d 'Accepted; this command always reads the local copy'
complete -c cra -n "__fish_cra_using_subcommand due" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand due" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l host -d 'Address to listen on' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l port -d 'Port to listen on (0 picks a free one)' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l banks -d 'Number of banks to generate' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l seed -d 'Seed of the generated data (same seed, same data)' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l data -d 'Serve the banks in FILE (csv from `export --with-history`, json, ndjson, or the FFIEC\'s craratng.zip) instead' -r -F
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l perturb -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l log-requests -d 'Append one line per request answered to FILE (method, path and query, status, arrival time)' -r -F
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l latency -d 'Milliseconds added to every request' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l fail-rate -d 'Fraction of requests answered with 500 (0.0 to 1.0)' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l rate-limit-every -d 'Answer every Kth request with 429 and Retry-After: 1' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l quota -d 'Past N requests a second, minute or hour, answer 429 with Retry-After (e.g. 50/s, 1000/h)' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l quota-headers -d 'With --quota: which quota headers every answer carries [default: ietf]' -r -f -a "none\t'No quota headers: only the 429 and its Retry-After'
ietf\t'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset (seconds)'
x\t'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset (Unix time)'"
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l webhook-url -d 'POST a signed rating.created to URL every --webhook-every seconds' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l webhook-every -d 'Seconds between new examination records (with --webhook-url)' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l secret -d 'Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand sandbox" -l evolve -d 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations' -r
complete -c cra -n "__fish_cra_using_subcommand sandbox" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand sandbox" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand sandbox" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cra -n "__fish_cra_using_subcommand sandbox" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand config; and not __fish_seen_subcommand_from path show get set unset help" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand config; and not __fish_seen_subcommand_from path show get set unset help" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand config; and not __fish_seen_subcommand_from path show get set unset help" -f -a "path" -d 'Print the config file\'s path'
complete -c cra -n "__fish_cra_using_subcommand config; and not __fish_seen_subcommand_from path show get set unset help" -f -a "show" -d 'Every setting, its value (secrets redacted) and where it came from'
complete -c cra -n "__fish_cra_using_subcommand config; and not __fish_seen_subcommand_from path show get set unset help" -f -a "get" -d 'One setting\'s value (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand config; and not __fish_seen_subcommand_from path show get set unset help" -f -a "set" -d 'Write a setting to the config file (secrets read from standard input when VALUE is left out)'
complete -c cra -n "__fish_cra_using_subcommand config; and not __fish_seen_subcommand_from path show get set unset help" -f -a "unset" -d 'Remove a setting from the config file'
complete -c cra -n "__fish_cra_using_subcommand config; and not __fish_seen_subcommand_from path show get set unset help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from path" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from path" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from path" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l base-url -d 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)' -r
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l retries -d 'Retries after the first try on connection errors, timeouts, 429 and 5xx' -r
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l rate -d 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)' -r
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l evolve -d 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations' -r
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -s v -l verbose -d 'Trace every HTTP request on standard error (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l allow-insecure-http -d 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l sandbox -d 'Run against the built-in sandbox service (no key or network needed)'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -l offline -d 'Answer search, show and export from the local copy (see cra sync): no network'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from get" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from set" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from set" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from set" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from set" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from set" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from set" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from unset" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from unset" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from unset" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from unset" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from unset" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from unset" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from unset" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "path" -d 'Print the config file\'s path'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "show" -d 'Every setting, its value (secrets redacted) and where it came from'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "get" -d 'One setting\'s value (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "set" -d 'Write a setting to the config file (secrets read from standard input when VALUE is left out)'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "unset" -d 'Remove a setting from the config file'
complete -c cra -n "__fish_cra_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cra -n "__fish_cra_using_subcommand completions" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand completions" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand diff" -l change -d 'Changes to list (repeatable): added, removed, rating, details, or a rating change\'s direction: upgrade, downgrade, same, other [default: all]' -r -f -a "added\t'A bank only NEW has'
removed\t'A bank only OLD has'
rating\t'The current rating, its exam date or its exam type changed'
details\t'Only name, city, state or regulator changed'
upgrade\t'A rating change to a better rating'
downgrade\t'A rating change to a worse rating'
same\t'A rating change that kept the rating (a new exam)'
other\t'A rating change where either rating is none of the four'
all\t'Every change'"
complete -c cra -n "__fish_cra_using_subcommand diff" -l jq -d 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)' -r
complete -c cra -n "__fish_cra_using_subcommand diff" -s o -l output -d 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)' -r -F
complete -c cra -n "__fish_cra_using_subcommand diff" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand diff" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand diff" -l exit-code -d 'Exit 1 when there are differences, 0 when there are none (as git diff)'
complete -c cra -n "__fish_cra_using_subcommand diff" -l excel-safe-csv -d 'csv, tsv: prefix formula-like text cells with \''
complete -c cra -n "__fish_cra_using_subcommand diff" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand diff" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand diff" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand diff" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand report" -l state -d 'Two-letter state or territory code (case-insensitive)' -r -f -a "AL\t''
AK\t''
AZ\t''
AR\t''
CA\t''
CO\t''
CT\t''
DE\t''
FL\t''
GA\t''
HI\t''
ID\t''
IL\t''
IN\t''
IA\t''
KS\t''
KY\t''
LA\t''
ME\t''
MD\t''
MA\t''
MI\t''
MN\t''
MS\t''
MO\t''
MT\t''
NE\t''
NV\t''
NH\t''
NJ\t''
NM\t''
NY\t''
NC\t''
ND\t''
OH\t''
OK\t''
OR\t''
PA\t''
RI\t''
SC\t''
SD\t''
TN\t''
TX\t''
UT\t''
VT\t''
VA\t''
WA\t''
WV\t''
WI\t''
WY\t''
DC\t''
PR\t''
GU\t''
VI\t''
AS\t''
MP\t''
FM\t''
MH\t''
PW\t''"
complete -c cra -n "__fish_cra_using_subcommand report" -l size -d 'Exam type of the current rating: "Large Bank", "Small Bank", "Intermediate Small Bank", or large, small, intermediate' -r -f -a "Large Bank\t''
Small Bank\t''
Intermediate Small Bank\t''
large\t'same as Large Bank'
small\t'same as Small Bank'
intermediate\t'same as Intermediate Small Bank'"
complete -c cra -n "__fish_cra_using_subcommand report" -l rating -d 'Rating (repeatable): name any case, out, sat, nti, snc' -r -f -a "Outstanding\t''
Satisfactory\t''
Needs to Improve\t''
Substantial Noncompliance\t''
out\t''
sat\t''
nti\t''
snc\t''"
complete -c cra -n "__fish_cra_using_subcommand report" -l regulator -d 'Regulator (repeatable): OCC, FRB, FDIC, OTS, any case' -r -f -a "FDIC\t''
OCC\t''
FRB\t''
OTS\t''"
complete -c cra -n "__fish_cra_using_subcommand report" -l city -d 'Part of the bank\'s city (case-insensitive)' -r
complete -c cra -n "__fish_cra_using_subcommand report" -l watch -d 'Only the banks of watch list NAME (repeatable)' -r -f -a "(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)"
complete -c cra -n "__fish_cra_using_subcommand report" -l failed-last -d 'Banks whose last N exams were all below Satisfactory' -r
complete -c cra -n "__fish_cra_using_subcommand report" -l assets -d 'Assets at the current exam: 250M..1B, ..100M, 10B..' -r
complete -c cra -n "__fish_cra_using_subcommand report" -l exam-method -d 'The current exam method, any case (repeatable)' -r -f -a "Large Bank\t''
Small Bank\t''
Strategic Plan\t''
Limited Purpose\t''
Wholesale\t''
Wholesale/Limited Purpose\t''
Intermediate Small Bank\t''
Other / not specified\t''"
complete -c cra -n "__fish_cra_using_subcommand report" -l exam-since -d 'Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age (90d, 18m, 2y)' -r
complete -c cra -n "__fish_cra_using_subcommand report" -l exam-until -d 'Current exam on or before WHEN (YYYY-MM and YYYY: their last day)' -r
complete -c cra -n "__fish_cra_using_subcommand report" -l as-of -d 'Reckon the banks due and the last twelve months to this day instead of today (YYYY-MM-DD; YYYY-MM and YYYY stand for their last day)' -r
complete -c cra -n "__fish_cra_using_subcommand report" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand report" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand report" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand report" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand report" -s o -l output -d 'The file to write (atomically; .xlsx: a workbook with charts; - is standard output) [default: cra-report.html, or cra-report.xlsx with --format xlsx]' -r -F
complete -c cra -n "__fish_cra_using_subcommand report" -l active -d 'Only banks the FDIC lists as active (public record)'
complete -c cra -n "__fish_cra_using_subcommand report" -l inactive -d 'Only banks the FDIC lists as inactive (public record)'
complete -c cra -n "__fish_cra_using_subcommand report" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand report" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand report" -l sandbox -d 'Read the sandbox\'s local copy (see cra --sandbox sync)'
complete -c cra -n "__fish_cra_using_subcommand report" -l offline -d 'Accepted; this command always reads the local copy'
complete -c cra -n "__fish_cra_using_subcommand report" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand report" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand version" -s v -l verbose -d 'Also the commit, build date, target and compiler, for a bug report'
complete -c cra -n "__fish_cra_using_subcommand version" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand version" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand watch; and not __fish_seen_subcommand_from add remove show list help" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand watch; and not __fish_seen_subcommand_from add remove show list help" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand watch; and not __fish_seen_subcommand_from add remove show list help" -f -a "add" -d 'Add banks to a list (made if need be): an id, a short id, a name or a page address, as show takes them'
complete -c cra -n "__fish_cra_using_subcommand watch; and not __fish_seen_subcommand_from add remove show list help" -f -a "remove" -d 'Remove banks from a list, by id, short id or name as the list holds them (the last one removed takes the list)'
complete -c cra -n "__fish_cra_using_subcommand watch; and not __fish_seen_subcommand_from add remove show list help" -f -a "show" -d 'The banks of a list as search prints them (what search --watch NAME --all prints)'
complete -c cra -n "__fish_cra_using_subcommand watch; and not __fish_seen_subcommand_from add remove show list help" -f -a "list" -d 'The lists: each one\'s name, its number of banks, and how many of them the local copy lacks'
complete -c cra -n "__fish_cra_using_subcommand watch; and not __fish_seen_subcommand_from add remove show list help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l state -d 'With a name: only banks in this state or territory (two letters)' -r -f -a "AL\t''
AK\t''
AZ\t''
AR\t''
CA\t''
CO\t''
CT\t''
DE\t''
FL\t''
GA\t''
HI\t''
ID\t''
IL\t''
IN\t''
IA\t''
KS\t''
KY\t''
LA\t''
ME\t''
MD\t''
MA\t''
MI\t''
MN\t''
MS\t''
MO\t''
MT\t''
NE\t''
NV\t''
NH\t''
NJ\t''
NM\t''
NY\t''
NC\t''
ND\t''
OH\t''
OK\t''
OR\t''
PA\t''
RI\t''
SC\t''
SD\t''
TN\t''
TX\t''
UT\t''
VT\t''
VA\t''
WA\t''
WV\t''
WI\t''
WY\t''
DC\t''
PR\t''
GU\t''
VI\t''
AS\t''
MP\t''
FM\t''
MH\t''
PW\t''"
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l base-url -d 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l retries -d 'Retries after the first try on connection errors, timeouts, 429 and 5xx' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l rate -d 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l evolve -d 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -s v -l verbose -d 'Trace every HTTP request on standard error (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l allow-insecure-http -d 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l sandbox -d 'Run against the built-in sandbox service (no key or network needed)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -l offline -d 'Answer search, show and export from the local copy (see cra sync): no network'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from remove" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from remove" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from remove" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from remove" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from remove" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from remove" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l jq -d 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -s o -l output -d 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)' -r -F
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l timeout -d 'Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l base-url -d 'API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l retries -d 'Retries after the first try on connection errors, timeouts, 429 and 5xx' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l rate -d 'Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l evolve -d 'With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l excel-safe-csv -d 'csv, tsv: prefix formula-like text cells with \''
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -s v -l verbose -d 'Trace every HTTP request on standard error (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l allow-insecure-http -d 'Allow plain http:// to a host that is not loopback (the key travels in clear)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l sandbox -d 'Run against the built-in sandbox service (no key or network needed)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -l offline -d 'Answer search, show and export from the local copy (see cra sync): no network'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -l jq -d 'Filter the JSON output with a jq expression (built in; strings printed raw, other values as compact JSON, one result a line)' -r
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -s o -l output -d 'Write to FILE atomically (format from its extension: .csv .tsv .json .ndjson .jsonl .xlsx; - is standard output)' -r -F
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -l config -d 'Config file to read and write (overrides CRA_CONFIG)' -r -F
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -l format -d 'Output format [default: table on a terminal, tsv otherwise]' -r -f -a "table\t''
tsv\t''
json\t''
ndjson\t''
csv\t''
xlsx\t''
html\t''"
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -l color -d 'When to use colour [default: auto]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -l mirror -d 'The local copy\'s file (overrides CRA_MIRROR and the config key mirror)' -r -F
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -l excel-safe-csv -d 'csv, tsv: prefix formula-like text cells with \''
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print nothing but data and errors (no summary, no progress)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Accepted; this command makes no HTTP request to trace'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -l sandbox -d 'Read the sandbox\'s local copy (see cra --sandbox sync)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -l offline -d 'Accepted; this command always reads the local copy'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add banks to a list (made if need be): an id, a short id, a name or a page address, as show takes them'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Remove banks from a list, by id, short id or name as the list holds them (the last one removed takes the list)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from help" -f -a "show" -d 'The banks of a list as search prints them (what search --watch NAME --all prints)'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from help" -f -a "list" -d 'The lists: each one\'s name, its number of banks, and how many of them the local copy lacks'
complete -c cra -n "__fish_cra_using_subcommand watch; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "search" -d 'List banks with their current rating'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "show" -d 'One or more banks with their complete rating history'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "export" -d 'Every matching bank, all pages, streamed to a file or standard output'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "verify-webhook" -d 'Check one webhook delivery\'s signature offline'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "listen" -d 'Receive webhook deliveries locally, verify and print them'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "trigger" -d 'Send signed test deliveries to a webhook endpoint'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "replay" -d 'Send again deliveries recorded by `listen --log`, signed, byte for byte'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "sync" -d 'Bring the local copy (SQLite) up to date with the service'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "enrich" -d 'Bring the public record (FFIEC ratings file, BankFind) into the local copy and link the banks to it'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "pe" -d 'The address of a bank\'s public evaluation (the examiners\' report behind a rating)'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "lineage" -d 'A bank\'s predecessors and successors (mergers, failures, renames), oldest first'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "sql" -d 'Run one read-only SQL query on the local copy'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "changes" -d 'Rating changes (upgrades, downgrades...) from the local copy'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "stats" -d 'Counts of banks by rating per group, with a chart, from the local copy'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "due" -d 'Banks probably due or overdue for their next CRA exam (a heuristic), from the local copy'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "sandbox" -d 'Run the local stand-in of the service'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "config" -d 'Read and write the config file'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "completions" -d 'Print a shell completion script'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "diff" -d 'Compare two files written by `cra export`: added, removed and changed banks'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "report" -d 'One self-contained HTML page about the banks, from the local copy: map, charts, downgrades'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "version" -d 'The version; with --verbose also the commit, target and compiler, for a bug report'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "watch" -d 'Named lists of banks you follow, which --watch NAME selects'
complete -c cra -n "__fish_cra_using_subcommand help; and not __fish_seen_subcommand_from search show export verify-webhook listen trigger replay sync enrich pe lineage sql changes stats due sandbox config completions diff report version watch help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cra -n "__fish_cra_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "path" -d 'Print the config file\'s path'
complete -c cra -n "__fish_cra_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "show" -d 'Every setting, its value (secrets redacted) and where it came from'
complete -c cra -n "__fish_cra_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "get" -d 'One setting\'s value (secrets redacted)'
complete -c cra -n "__fish_cra_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "set" -d 'Write a setting to the config file (secrets read from standard input when VALUE is left out)'
complete -c cra -n "__fish_cra_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "unset" -d 'Remove a setting from the config file'
complete -c cra -n "__fish_cra_using_subcommand help; and __fish_seen_subcommand_from watch" -f -a "add" -d 'Add banks to a list (made if need be): an id, a short id, a name or a page address, as show takes them'
complete -c cra -n "__fish_cra_using_subcommand help; and __fish_seen_subcommand_from watch" -f -a "remove" -d 'Remove banks from a list, by id, short id or name as the list holds them (the last one removed takes the list)'
complete -c cra -n "__fish_cra_using_subcommand help; and __fish_seen_subcommand_from watch" -f -a "show" -d 'The banks of a list as search prints them (what search --watch NAME --all prints)'
complete -c cra -n "__fish_cra_using_subcommand help; and __fish_seen_subcommand_from watch" -f -a "list" -d 'The lists: each one\'s name, its number of banks, and how many of them the local copy lacks'
