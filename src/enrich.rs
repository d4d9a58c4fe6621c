//! The work of `cra enrich`: brings the public record into the local copy
//! (the FFIEC's CRA ratings file, BankFind's institutions) and links every
//! bank to it; with `--pe` and `--lending`, evaluations and lending data.
//! Everything is read and checked before the copy is touched, then stored
//! in one transaction: malformed input leaves the copy as it was. The FFIEC
//! site refuses scripted downloads at times (a 403, a challenge page):
//! that is said in one line, with the way round it (a file downloaded in a
//! browser, `--ffiec FILE`), and no page is ever read as data.

use anyhow::{Context, Result};
use url::Url;

use crate::error::{CraError, Exit};
use crate::http::{Fetched, Fetcher};
use crate::io::{Io, Output};
use crate::mirror::Store;
use crate::record::{
    BANKFIND_URL, FFIEC_URL, FfiecContent, FfiecError, FileExam, read_ffiec_file, sniff_ffiec,
};
use crate::settings::Settings;
use crate::text::{inert, plural, thousands};

mod bankfind_pages;
mod evaluations;
mod lending;
mod linking;
mod said;
use said::{links_line, reasons_line, summary_line};

use bankfind_pages::read_bankfind;

/// What `cra enrich` was asked to read (its flags, as `--help` says them).
#[derive(Debug, Clone)]
pub(crate) struct Asked {
    /// `--ffiec`: the FFIEC's CRA ratings file, a file or an address.
    pub ffiec: Option<String>,
    /// `--bankfind`: BankFind's institutions.
    pub bankfind: Option<String>,
    /// `--no-bankfind`.
    pub no_bankfind: bool,
    /// `--pe`: the public evaluations to read.
    pub pe: Vec<String>,
    /// `--lending`: the lending data to read (no path: the FFIEC's).
    pub lending: Option<Vec<String>>,
    /// `--years`, with `--lending` and no path.
    pub years: Option<String>,
    /// `--force`.
    pub force: bool,
}

/// The most of the FFIEC file read (published: about 1 MB zipped, 5 MB of
/// text).
const FFIEC_LIMIT: u64 = 64 << 20;

/// Reads what was asked into the copy, and says what it did.
pub(crate) async fn run(
    mut args: Asked,
    settings: &Settings,
    io: &Io,
    out: &Output,
) -> Result<Exit> {
    let pe = std::mem::take(&mut args.pe);
    let lending = args.lending.take();
    let years = args.years.take();
    let record_too =
        args.ffiec.is_some() || args.bankfind.is_some() || args.no_bankfind || args.force;
    let alone = !pe.is_empty() || lending.is_some();
    let mut exit = Exit::Success;
    if record_too || !alone {
        exit = run_record(args, settings, io, out).await?;
    }
    if !pe.is_empty() {
        exit = evaluations::read(&pe, settings, io, out).await?;
    }
    match lending {
        Some(paths) => lending::read(paths, years, settings, io, out).await,
        None => Ok(exit),
    }
}

async fn run_record(args: Asked, settings: &Settings, io: &Io, out: &Output) -> Result<Exit> {
    let started = std::time::Instant::now();
    let path = settings.mirror.value.clone();
    // Until the linking starts, a signal ends the command, the copy
    // untouched (the backstop: a read blocked in a system call).
    let backstop = crate::signals::backstop();
    let read = tokio::select! {
        read = read(args, settings, io) => read,
        () = crate::signals::interrupted() => Err(CraError::Interrupted.into()),
    };
    backstop.abort();
    let read = read?;
    io.status(Some("linking the banks…"));
    let linking::Linked {
        summary,
        requests,
        late_signal,
    } = linking::link(read, io).await?;
    io.status(None);
    let seconds = started.elapsed().as_secs_f64();
    io.info(&summary_line(&summary, seconds, &path));
    if let Some(line) = links_line(&summary) {
        io.info(&line);
    }
    if summary.linked < summary.banks {
        io.info(&reasons_line(&summary));
    }
    if late_signal {
        io.info("the signal came once the public record was stored: it is kept");
    }
    let mut json = serde_json::to_value(&summary)?;
    json["requests"] = requests.into();
    json["seconds"] = serde_json::json!((seconds * 1000.0).round() / 1000.0);
    json["mirror"] = path.display().to_string().into();
    out.summary_object(&json)?;
    Ok(Exit::Success)
}

/// The first half: the copy opened, the FFIEC file and BankFind's
/// institutions read.
async fn read(args: Asked, settings: &Settings, io: &Io) -> Result<linking::Read> {
    let path = settings.mirror.value.clone();
    // The copy first: no download for a copy that is not there.
    let store = Store::open(&path)?;
    let sandbox = settings
        .sandbox
        .then(|| {
            settings
                .base_url
                .as_ref()
                .map(|b| b.value.trim_end_matches('/').to_string())
        })
        .flatten();
    let ffiec_source = args
        .ffiec
        .clone()
        .or_else(|| settings.ffiec.clone())
        .or_else(|| {
            sandbox
                .as_ref()
                .map(|base| format!("{base}/ffiec/craratng.zip"))
        })
        .unwrap_or_else(|| FFIEC_URL.to_string());
    let bankfind_source = (!args.no_bankfind).then(|| {
        args.bankfind
            .clone()
            .or_else(|| settings.bankfind.clone())
            .or_else(|| {
                sandbox
                    .as_ref()
                    .map(|base| format!("{base}/bankfind/institutions"))
            })
            .unwrap_or_else(|| BANKFIND_URL.to_string())
    });
    let trace = |line: String| io.trace(&line);
    let fetcher = |url: &Url| {
        Fetcher::new(
            url,
            settings.timeout.value,
            settings.retries.value,
            settings.rate.as_ref().map(|r| r.value),
        )
        .context("cannot set up the HTTP client")
    };
    let mut requests = 0;

    io.status(Some("reading the FFIEC ratings file…"));
    let exams = match web_address(&ffiec_source)? {
        Some(url) => {
            let client = fetcher(&url)?;
            let fetched = client.get(&url, FFIEC_LIMIT, &trace).await;
            requests += client.requests();
            let fetched = fetched.map_err(|e| by_hand(e.into_error()))?;
            read_ffiec(&ffiec_source, Some(&fetched), &fetched.body)?
        }
        None => {
            let bytes = read_file(&ffiec_source)?;
            read_ffiec(&ffiec_source, None, &bytes)?
        }
    };
    io.status(None);
    if !args.force {
        shrinks(&ffiec_source, store.ffiec_institutions()?, &exams)?;
    }

    let (listed, history) = match &bankfind_source {
        None => (Vec::new(), None),
        Some(source) => {
            let Some(url) = web_address(source)? else {
                return Err(CraError::usage(format!(
                    "--bankfind takes an address (http:// or https://), not '{}'",
                    inert(source)
                )));
            };
            let keyed = settings.bankfind_key.is_some();
            bankfind_address(&url, keyed, settings.allow_insecure_http)?;
            let client =
                fetcher(&url)?.with_key(settings.bankfind_key.as_ref().map(|k| &k.value))?;
            let listed = read_bankfind(&client, &url, keyed, io, &trace).await;
            requests += client.requests();
            (listed?, Some((client, url, keyed)))
        }
    };

    io.status(None);
    Ok(linking::Read {
        store,
        exams,
        listed,
        ffiec: ffiec_source,
        bankfind: bankfind_source,
        history,
        requests,
    })
}

/// Refuses a BankFind address that would lose or leak what is sent: a
/// query (`cra` asks its own, so one given would be dropped in silence; a
/// key goes in `CRA_BANKFIND_KEY`), and, with a key, plain http to another
/// machine (the key would travel in clear) unless `--allow-insecure-http`.
fn bankfind_address(url: &Url, keyed: bool, insecure_allowed: bool) -> Result<()> {
    let shown = crate::http::hide_address_secrets(url.as_str());
    if url.query().is_some() {
        return Err(CraError::usage(format!(
            "--bankfind {shown}: give BankFind's address without a query (cra asks its own; a \
             key goes in CRA_BANKFIND_KEY or cra config set bankfind_key)"
        )));
    }
    if keyed && url.scheme() == "http" && !crate::http::is_loopback(url) && !insecure_allowed {
        return Err(CraError::usage(format!(
            "--bankfind {shown} is plain http: the BankFind key would travel in clear; use \
             https, or --allow-insecure-http"
        )));
    }
    Ok(())
}

/// BankFind's structure changes, beside its institutions: `…/history` in
/// place of `…/institutions` (the last segment of any other address).
fn history_address(institutions: &Url) -> Url {
    let mut history = institutions.clone();
    history.set_query(None);
    if let Ok(mut segments) = history.path_segments_mut() {
        segments.pop_if_empty().pop().push("history");
    }
    history
}

/// `text` as an http(s) address, or none for a file name. Another scheme
/// is refused rather than taken for a file.
fn web_address(text: &str) -> Result<Option<Url>> {
    match Url::parse(text) {
        Ok(url) if matches!(url.scheme(), "http" | "https") => Ok(Some(url)),
        // `C:\...` parses with the scheme `c`; a file all the same.
        Ok(url) if url.scheme().len() > 1 => Err(CraError::usage(format!(
            "'{}' is neither a file nor an http(s) address",
            inert(text)
        ))),
        _ => Ok(None),
    }
}

/// A downloaded file, read whole (bounded: it is a few megabytes).
fn read_file(path: &str) -> Result<Vec<u8>> {
    let file = std::fs::File::open(path)
        .map_err(|e| CraError::usage(format!("cannot read the FFIEC file {path}: {e}")))?;
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(file, FFIEC_LIMIT + 1), &mut bytes)
        .with_context(|| format!("cannot read the FFIEC file {path}"))?;
    if bytes.len() as u64 > FFIEC_LIMIT {
        return Err(CraError::Response {
            message: format!(
                "{path} is over {}: not the FFIEC ratings file",
                crate::text::byte_size(FFIEC_LIMIT)
            ),
        }
        .into());
    }
    Ok(bytes)
}

/// The bot filter's refusal, in one line with the way round it.
fn refused(source: &str) -> anyhow::Error {
    CraError::Response {
        message: format!(
            "the FFIEC site refused the download of {source} (its bot filter answers scripts with \
             a 403 or a challenge page); download it in a browser and run cra enrich --ffiec FILE"
        ),
    }
    .into()
}

/// The FFIEC site out of reach (or failing): the error, with the way
/// round it.
fn by_hand(error: anyhow::Error) -> anyhow::Error {
    let hint = "download craratng.zip in a browser and run cra enrich --ffiec FILE";
    match error.downcast::<CraError>() {
        Ok(CraError::Unavailable { message }) => CraError::Unavailable {
            message: format!("{message}; {hint}"),
        }
        .into(),
        Ok(CraError::Response { message }) => CraError::Response {
            message: format!("{message}; {hint}"),
        }
        .into(),
        Ok(other) => other.into(),
        Err(error) => error,
    }
}

/// The file's exams, or exit 1 naming the source (and the line).
fn read_ffiec(source: &str, fetched: Option<&Fetched>, bytes: &[u8]) -> Result<Vec<FileExam>> {
    if let Some(fetched) = fetched {
        if fetched.status == reqwest::StatusCode::FORBIDDEN
            || (fetched.status.is_success()
                && sniff_ffiec(&fetched.body[..fetched.body.len().min(1024)]) == FfiecContent::Html)
        {
            return Err(refused(source));
        }
        if !fetched.status.is_success() {
            return Err(by_hand(status_error(source, fetched)));
        }
    }
    let exams = read_ffiec_file(bytes).map_err(|error| match error {
        FfiecError::Html if fetched.is_some() => refused(source),
        // A page saved in place of the file.
        FfiecError::Html => CraError::Response {
            message: format!(
                "the FFIEC file {source}: an HTML page, not the FFIEC file; download {} itself \
                 (not the page linking it) and run cra enrich --ffiec FILE",
                FFIEC_URL
            ),
        }
        .into(),
        error => CraError::Response {
            message: format!("the FFIEC file {source}: {error}"),
        }
        .into(),
    })?;
    if exams.is_empty() {
        return Err(CraError::Response {
            message: format!("the FFIEC file {source} holds no exam"),
        }
        .into());
    }
    Ok(exams.iter().map(FileExam::from_ffiec).collect())
}

/// The fewest institutions a copy's record must have before a file with
/// less than half of them is refused: a record that small (a test's, a
/// sandbox's) may shrink as it likes.
const SHRINK_FROM: u64 = 100;

/// A file with less than half the institutions of the record the copy has
/// (`before`) is refused unless `--force`: a good record is never replaced
/// by a cut or wrong file.
fn shrinks(source: &str, before: u64, exams: &[FileExam]) -> Result<()> {
    let after = exams
        .iter()
        .map(|e| (e.regulator.as_str(), e.agency_id))
        .collect::<std::collections::HashSet<_>>()
        .len() as u64;
    if before < SHRINK_FROM || after * 2 >= before {
        return Ok(());
    }
    Err(CraError::Response {
        message: format!(
            "the FFIEC file {source} has {} {}, less than half the {} of the copy's public \
             record: kept as it was (a cut or wrong file?); cra enrich --force replaces it",
            thousands(after),
            plural(after, "institution", "institutions"),
            thousands(before)
        ),
    }
    .into())
}

/// An answer that is not a success, as an error: exit 6 when the server is
/// failing (after retries), 1 otherwise.
fn status_error(source: &str, fetched: &Fetched) -> anyhow::Error {
    let status = fetched.status;
    let message = format!(
        "{source} answered {} {}",
        status.as_u16(),
        status.canonical_reason().unwrap_or("")
    );
    if crate::http::is_retryable_status(status) {
        CraError::Unavailable { message }.into()
    } else {
        CraError::Response { message }.into()
    }
}
