//! The work of `cra pe BANK`: where the public evaluation (the examiners'
//! report behind a rating) of a bank's current exam, or of the exam on a date,
//! is: `document URL` where the address can be built from the public
//! record (the Federal Reserve's), else `search URL` of the agency's own
//! search for that institution (what to look for there goes to standard
//! error). From the local copy's public record (`cra enrich`); `--open`
//! opens it in the default browser.

use std::io::Write;
use std::sync::Arc;

use anyhow::Result;

use crate::error::{CraError, Exit};
use crate::io::{Io, Output};
use crate::mirror::{LinkState, Reader};
use crate::output::Written;
use crate::record::{Address, Day};
use crate::settings::Settings;
use crate::source::{Among, Source, Wanted, classify, resolve_one};
use crate::text::inert;

/// What `cra pe` was asked (its argument and flags, as `--help` says them).
#[derive(Debug, Clone)]
pub(crate) struct Asked {
    /// The bank: an id, a short id, a name, or fdic:N, rssd:N, occ:N.
    pub bank: String,
    /// `--exam DATE`: that exam instead of the current one.
    pub exam: Option<String>,
    /// `--open`: in the default browser.
    pub open: bool,
    /// `--download`: save the evaluation.
    pub download: bool,
    /// `-o FILE` of `--download`.
    pub save_to: Option<std::path::PathBuf>,
}

/// `-o FILE` of `--download`: written as the plan checked it.
pub(crate) const SAVED: Written = Written {
    flag: "-o",
    appended: false,
};

/// Says where the evaluation is (or opens it, or saves it).
pub(crate) async fn run(args: Asked, settings: &Settings, io: &Io, out: &Output) -> Result<Exit> {
    let wanted = match classify(&args.bank) {
        name @ Wanted::Name(_) => name,
        _ => classify(&crate::source::bank_id(&args.bank)?),
    };
    let exam = match &args.exam {
        None => None,
        Some(text) => Some(Day::parse(text.trim()).ok_or_else(|| {
            CraError::usage(format!("--exam {text}: give the exam's date as YYYY-MM-DD"))
        })?),
    };
    let reader = Arc::new(Reader::open(&settings.mirror.value)?);
    reader.record().require("cra pe")?;
    // Names and short ids from the copy: pe asks the service nothing.
    let source = Source::mirror(reader.clone());
    let among = Among {
        source: &source,
        io,
        within: &crate::domain::Selection::default(),
    };
    let id = resolve_one(wanted, &among, settings).await?;
    let bank = reader.served().bank(&id)?;
    let shown = inert(&bank.fields.name).into_owned();
    let (regulator, agency_id) = match reader.record().link_state(&id)? {
        LinkState::Linked {
            regulator,
            agency_id,
            ..
        } => (regulator, agency_id),
        LinkState::Unlinked(reason) => {
            return Err(CraError::NotFound {
                message: format!(
                    "{shown} is not linked to the FFIEC file: {} ({} {id} has the rest; \
                     after a new FFIEC release run {} again)",
                    reason.explain(),
                    crate::mirror::command_named("show"),
                    crate::mirror::enrich_command()
                ),
            }
            .into());
        }
        LinkState::Unknown => {
            return Err(CraError::NotFound {
                message: format!(
                    "{shown} is not linked yet: a sync added or changed it after the last \
                     enrich (run: {})",
                    crate::mirror::enrich_command()
                ),
            }
            .into());
        }
    };
    // The exam asked for, as the bank's history has it.
    let history: Vec<Day> = bank
        .fields
        .ratings
        .iter()
        .filter_map(|r| Day::parse(&r.exam_date))
        .collect();
    let day = match exam {
        Some(day) => {
            if !history.contains(&day) {
                let mut dates: Vec<String> = history.iter().map(|d| d.text()).collect();
                dates.sort();
                dates.reverse();
                return Err(CraError::NotFound {
                    message: format!(
                        "{shown} has no exam on {} (its exams: {})",
                        day.text(),
                        dates.join(", ")
                    ),
                }
                .into());
            }
            day
        }
        None => {
            let current = bank
                .fields
                .ratings
                .iter()
                .find(|r| r.is_current)
                .and_then(|r| Day::parse(&r.exam_date))
                .or_else(|| history.iter().max().copied());
            current.ok_or_else(|| CraError::NotFound {
                message: format!("{shown} has no exam in the local copy"),
            })?
        }
    };
    // The file's record of that exam (the FDIC's date there is the
    // month it was made public), else the link's own institution.
    let record = reader
        .record()
        .exam_records(&id)?
        .into_iter()
        .find(|r| Day::parse(&r.exam_date) == Some(day));
    let address = match &record {
        // The sandbox serves each of its exams' evaluation itargs.
        // (The in-process sandbox runs for --download alone: without
        // it, the agency's address.)
        _ if (settings.sandbox && args.download) || settings.evaluations.is_some() => {
            sandbox_address(settings, &id, day)
        }
        Some(r) => Day::parse(&r.ffiec_date)
            .and_then(|file_day| crate::record::address(&r.regulator, r.agency_id, file_day)),
        None => crate::record::address(&regulator, agency_id, day),
    }
    .ok_or_else(|| CraError::NotFound {
        message: format!(
            "no public evaluation address is known for the regulator {}",
            regulator.as_str()
        ),
    })?;
    let mut json = serde_json::json!({
        "bank_id": id,
        "name": bank.fields.name,
        "exam_date": day.text(),
        "kind": address.kind(),
        "url": address.url(),
    });
    if let Address::Search { look_for, .. } = &address {
        json["look_for"] = look_for.as_str().into();
    }
    if args.download {
        let file = download(&args, settings, io, &address, &id, day).await?;
        json["file"] = file.display().to_string().into();
        out.summary_object(&json)?;
        return Ok(Exit::Success);
    }
    if !out.summary_object(&json)? {
        let mut out = out.stdout();
        writeln!(out, "{} {}", address.kind(), address.url())?;
        out.flush()?;
    }
    if let Address::Search { look_for, .. } = &address {
        io.info(&format!(
            "cra: the agency publishes no address to build for this evaluation; look for \
             {look_for} there (exam of {})",
            day.text()
        ));
    }
    if args.open {
        opener::open(address.url()).map_err(|error| CraError::Response {
            message: format!("cannot open {} in a browser: {error}", address.url()),
        })?;
    }
    Ok(Exit::Success)
}

/// The sandbox's evaluation of the exam of `day`, which it serves itself:
/// the in-process one's (`--sandbox`), or another's (`CRA_EVALUATIONS`).
fn sandbox_address(settings: &Settings, id: &str, day: Day) -> Option<Address> {
    let base = match &settings.evaluations {
        Some(base) => base.trim_end_matches('/').to_string(),
        None => settings
            .base_url
            .as_ref()?
            .value
            .trim_end_matches('/')
            .to_string(),
    };
    Some(Address::Document(format!(
        "{base}{}",
        crate::sandbox::evaluation_path(id, &day.text())
    )))
}

/// Saves the evaluation at `address` (a document) in `-o FILE`, else in
/// `pe-ID-DATE.pdf` here (never replacing a file there), atomically; a
/// search address is exit 5 with what to look for. The file saved.
async fn download(
    args: &Asked,
    settings: &Settings,
    io: &Io,
    address: &Address,
    id: &str,
    day: Day,
) -> Result<std::path::PathBuf> {
    let url = match address {
        Address::Document(url) => url,
        Address::Search { url, look_for } => {
            return Err(CraError::NotFound {
                message: format!(
                    "the agency publishes no address to download this evaluation from: search \
                     {url} for {look_for} (exam of {}), save the PDF and read it with {} --pe \
                     FILE",
                    day.text(),
                    crate::mirror::record::enrich_command()
                ),
            }
            .into());
        }
    };
    let file = match &args.save_to {
        Some(path) => path.clone(),
        None => {
            let short: String = id.chars().take(8).collect();
            let path = std::path::PathBuf::from(format!("pe-{short}-{}.pdf", day.text()));
            crate::plan::refuse_late_file(&SAVED, &path, settings)?;
            if path.exists() {
                return Err(CraError::usage(format!(
                    "{} exists; give -o FILE to replace it or to save it elsewhere",
                    path.display()
                )));
            }
            path
        }
    };
    let url = url::Url::parse(url).map_err(|e| CraError::Response {
        message: format!("the evaluation's address {url} is not one: {e}"),
    })?;
    let client = crate::http::Fetcher::new(
        &url,
        settings.timeout.value,
        settings.retries.value,
        settings.rate.as_ref().map(|r| r.value),
    )?;
    let trace = |line: String| io.trace(&line);
    io.status(Some("downloading the evaluation…"));
    let fetched = client
        .get(&url, crate::evaluation::FILE_BYTES, &trace)
        .await;
    io.status(None);
    let fetched = fetched.map_err(crate::http::FetchError::into_error)?;
    // An error's page is no evaluation, whatever its first bytes.
    if !fetched.status.is_success() {
        return Err(status_error(&url, fetched.status));
    }
    if !fetched.body.starts_with(b"%PDF-") {
        return Err(CraError::Response {
            message: format!(
                "{} did not answer with a PDF (a page instead?): nothing was saved; open it in a \
                 browser with {} {id} --open",
                crate::http::hide_address_secrets(url.as_str()),
                crate::mirror::command_online("pe")
            ),
        }
        .into());
    }
    crate::atomic::write(&file, &fetched.body, crate::atomic::Access::Shared)?;
    // The path as given may hold a newline or an escape: shown inert.
    let shown = file.display().to_string();
    io.info(&format!(
        "saved the evaluation of the exam of {} in {} ({} KB); read it with {} --pe {}",
        day.text(),
        inert(&shown),
        fetched.body.len().div_ceil(1000),
        crate::mirror::record::enrich_command(),
        // Quoted as a shell needs, then inert: pasteable as printed.
        inert(&crate::text::shell_quoted(&shown))
    ));
    Ok(file)
}

/// A download answered with an error's status, which is never saved: exit
/// 5 for a 404 (no evaluation there), 6 for a server failing after
/// retries, 1 for another refusal.
fn status_error(url: &url::Url, status: reqwest::StatusCode) -> anyhow::Error {
    let message = format!(
        "{} answered {} {}: nothing was saved",
        crate::http::hide_address_secrets(url.as_str()),
        status.as_u16(),
        status.canonical_reason().unwrap_or("")
    );
    if status == reqwest::StatusCode::NOT_FOUND {
        CraError::NotFound { message }.into()
    } else if crate::http::is_retryable_status(status) {
        CraError::Unavailable { message }.into()
    } else {
        CraError::Response { message }.into()
    }
}
