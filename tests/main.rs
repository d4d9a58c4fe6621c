//! The integration tests: one binary, one module per area under `suite/`
//! (what a user does: search, the local copy, output, export, webhooks, the
//! HTTP client, the sandbox, the command line, the docs), one set of
//! helpers under `common/`.

mod common;

mod suite {
    mod cli {
        mod flags;
        mod usage;
        mod version;
    }
    mod config;
    mod diff;
    mod docs {
        mod completions;
        mod examples;
        mod help;
        mod man;
        mod readme;
        mod real_data;
        mod release;
    }
    mod export {
        mod faults;
        mod files;
        mod signals;
    }
    mod http {
        mod errors;
        mod hardening;
        mod hostile;
        mod memory;
        mod paging;
        mod quota;
        mod refusals;
        mod stderr;
        mod terminal;
    }
    mod lending {
        mod answers;
        pub(crate) mod columns;
        mod enrich;
        pub(crate) mod files;
        mod hostile;
        mod real;
        mod report;
        mod support;
    }
    mod local_copy {
        mod busy;
        mod changes;
        mod due;
        mod exams;
        mod guarded;
        mod memory;
        mod offline;
        mod sql;
        mod stats;
        mod support;
        mod sync;
        mod upgrade;
    }
    mod record {
        mod enrich;
        pub(crate) mod evaluations;
        mod evaluations_areas;
        mod evaluations_kept;
        mod evaluations_list;
        mod exams;
        mod guarded;
        mod hints;
        mod hostile;
        pub(crate) mod hostile_pdfs;
        mod lasting;
        mod lineage;
        mod lineage_long;
        mod narrow;
        mod pe_edges;
        mod pe_parallel;
        mod pe_shown;
        mod pe_words;
        mod real;
        mod terminal;
    }
    mod output {
        mod jq;
        mod print;
        mod table;
        mod xlsx;
    }
    mod report;
    mod sandbox {
        mod api;
        mod clock;
        mod data;
        mod public;
        mod serve;
        mod shares;
    }
    mod search {
        mod filters;
        mod results;
        mod selection;
        mod show;
    }
    mod watch;
    mod webhooks {
        mod hardening;
        mod listen;
        mod notify;
        mod sandbox;
        mod send;
        mod support;
        mod verify;
    }
}
