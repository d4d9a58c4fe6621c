//! `cra pe BANK`: where the public evaluation (the examiners' report
//! behind a rating) of a bank's current exam, or of the exam on a date,
//! is: `document URL` where the address can be built from the public
//! record (the Federal Reserve's), else `search URL` of the agency's own
//! search for that institution (what to look for there goes to standard
//! error). From the local copy's public record (`cra enrich`); `--open`
//! opens it in the default browser.

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, Run, Spec};
use crate::error::Exit;
use crate::output::Outputs;
use crate::pe::{Asked, SAVED};

pub const AFTER_HELP: &str = "\
Prints one line: `document URL` (the Federal Reserve's evaluations, whose
address is built from the RSSD ID and the exam date) or `search URL` (the
OCC's and the FDIC's, whose addresses hold what the public record does not
give: the search for that institution, and what to look for, which goes to
standard error). --format json prints one object instead: bank_id, name,
exam_date, kind, url (and look_for). Run cra sync and cra enrich first.

--download saves the evaluation where its address is a document (-o FILE,
else pe-ID-DATE.pdf here, never replacing a file), to read with cra enrich
--pe FILE; for the OCC and the FDIC it exits 5 with the search and what to
look for. CRA_EVALUATIONS names a sandbox to download from (cra sandbox's
address); --sandbox downloads from the built-in one.

Examples:
  cra --sandbox pe \"eldridge bk\"
  cra pe 7db54db2 --exam 2019-04-15 --open
  cra --sandbox pe 5d83d0ae --download";

#[derive(Debug, Clone, Args)]
pub struct PeArgs {
    /// Bank id, a short id, a name (with a space), or fdic:N, rssd:N, occ:N
    #[arg(value_name = "BANK")]
    pub bank: String,

    /// The exam on DATE (YYYY-MM-DD) instead of the current one
    #[arg(long, value_name = "DATE")]
    pub exam: Option<String>,

    /// Open it in the default browser
    #[arg(long)]
    pub open: bool,

    /// Save the evaluation (where its address is a document: the Federal
    /// Reserve's, the sandbox's), then read it with cra enrich --pe FILE
    #[arg(long)]
    pub download: bool,

    /// With --download: the file to save it in [default: pe-ID-DATE.pdf
    /// in the current folder, never replacing a file]
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE",
        requires = "download"
    )]
    pub save_to: Option<std::path::PathBuf>,
}

impl Spec for PeArgs {
    fn uses_api(&self) -> bool {
        // With --sandbox, the sandbox serves the evaluation downloaded.
        self.download
    }

    fn parts(&self) -> Parts<'_> {
        Parts {
            side_file: self.save_to.as_deref().map(|path| (SAVED, path)),
            ..Parts::default()
        }
    }

    fn outputs(&self) -> Outputs {
        Outputs::summary(
            "pe prints `document URL` or `search URL`, or one json object with --format json",
        )
    }
}

impl Run for PeArgs {
    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let PeArgs {
            bank,
            exam,
            open,
            download,
            save_to,
        } = self;
        let asked = Asked {
            bank,
            exam,
            open,
            download,
            save_to,
        };
        crate::pe::run(asked, &ctx.settings, &ctx.io, &ctx.out).await
    }
}
