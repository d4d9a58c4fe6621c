//! The integration tests: one binary, one module per area under `suite/`,
//! one set of helpers under `common/`.

mod common;

mod suite {
    mod answers;
    mod cli;
    mod config;
    mod diff;
    mod docs;
    mod due;
    mod export;
    mod export_faults;
    mod find;
    mod first_hour;
    mod http_errors;
    mod jq;
    mod memory;
    mod mirror;
    mod net_hardening;
    mod quota;
    mod readme_blocks;
    mod report;
    mod sandbox_api;
    mod sandbox_data;
    mod sandbox_faults;
    mod sandbox_webhooks;
    mod search_show;
    mod show_by_name;
    mod signals;
    mod smoke;
    mod trust;
    mod webhook;
    mod xlsx;
}
