//! `cra enrich`: brings the public record into the local copy (the FFIEC's
//! CRA ratings file, BankFind's institutions) and links every bank to it.
//! Everything is read and checked before the copy is touched, then stored
//! in one transaction: malformed input leaves the copy as it was. The FFIEC
//! site refuses scripted downloads at times (a 403, a challenge page):
//! that is said in one line, with the way round it (a file downloaded in a
//! browser, `--ffiec FILE`), and no page is ever read as data.

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Run, Spec};
use crate::enrich::Asked;
use crate::error::Exit;
use crate::output::Outputs;

pub const AFTER_HELP: &str = "\
Reads the FFIEC's Interagency CRA Ratings file (every published exam with the
institution's agency ID, its assets and the exam method) and BankFind's
institutions (identifiers, whether still active) and structure changes
(mergers, failures, closings: cra lineage), stores them in the local copy and
links each bank to at most one institution, by its exam history, regulator,
state, city and name. A bank that cannot be linked with certainty stays
unlinked; the summary says why. Run cra sync first. A link lasts: later
syncs and enriches keep it unless the bank's history contradicts it (an exam
the file has yet to publish does not), and the summary says how many links
were kept, made and lost.

The FFIEC site may refuse scripted downloads: download craratng.zip in a
browser and pass it with --ffiec FILE.

--pe PATH... reads public evaluations (PDF files, folders of them, http(s)
addresses: cra pe BANK --download saves one) into the copy: each exam's
test ratings, the institution's and each state's, linked to the bank by
the identifier the evaluation prints and to its exam nearest the
evaluation's date within 8 months. Scanned, encrypted or damaged files and
PDFs that are no evaluation are set aside with their reason; the others
are read. Alone, --pe reads no public record again.

--lending [PATH...] reads the FFIEC's CRA lending data (each year's
transmittal, aggregate and disclosure zips, the .dat files in them, folders
of them, http(s) addresses; with no PATH, the FFIEC's files of --years) into
the copy, each reporter linked to its bank by its agency's identifiers.
Alone, --lending reads no public record again.

Examples:
  cra enrich --ffiec ~/Downloads/craratng.zip --format json
  cra --sandbox enrich
  cra enrich --pe ~/Downloads/evaluations/ --lending ~/Downloads/cra-lending/";

#[derive(Debug, Clone, Args)]
pub struct EnrichArgs {
    /// The FFIEC's CRA ratings file: a downloaded file (the zip or the text
    /// inside it) or an address [default: CRA_FFIEC, else
    /// https://www.ffiec.gov/craratings/craratng.zip]
    #[arg(long, value_name = "FILE|URL")]
    pub ffiec: Option<String>,

    /// BankFind's institutions [default: CRA_BANKFIND, else
    /// https://api.fdic.gov/banks/institutions]
    #[arg(long, value_name = "URL", conflicts_with = "no_bankfind")]
    pub bankfind: Option<String>,

    /// Skip BankFind: no identifiers beyond the file's, activity unknown
    #[arg(long)]
    pub no_bankfind: bool,

    /// Public evaluations to read (PDF files, folders of them, http(s)
    /// addresses; repeatable): each exam's test ratings. Alone, the public
    /// record is not read again
    #[arg(long, value_name = "PATH", num_args = 1.., value_hint = clap::ValueHint::AnyPath)]
    pub pe: Vec<String>,

    /// The FFIEC's CRA lending data to read (zip and .dat files, folders of
    /// them, http(s) addresses; repeatable); with no PATH, the FFIEC's
    /// files of --years. Alone, the public record is not read again
    #[arg(long, value_name = "PATH", num_args = 0.., value_hint = clap::ValueHint::AnyPath)]
    pub lending: Option<Vec<String>>,

    /// With --lending and no PATH: the years to download (2019..2024, 2022,
    /// 2019..) [default: the last five the FFIEC has published]
    #[arg(long, value_name = "YEARS", requires = "lending")]
    pub years: Option<String>,

    /// Replace the copy's public record even with a file of less than half
    /// the institutions it has (refused otherwise: a cut or wrong file)
    #[arg(long)]
    pub force: bool,
}

impl Spec for EnrichArgs {
    fn uses_api(&self) -> bool {
        // With --sandbox, the sandbox serves the public record.
        true
    }

    fn outputs(&self) -> Outputs {
        Outputs::summary(
            "enrich prints its summary on standard error, or as json with --format json",
        )
    }
}

impl Run for EnrichArgs {
    // A signal while the banks are linked stops them before the copy is
    // written (130), or, once it is, is late and the record kept (0).
    const OWN_SIGNALS: bool = true;

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let EnrichArgs {
            ffiec,
            bankfind,
            no_bankfind,
            pe,
            lending,
            years,
            force,
        } = self;
        let asked = Asked {
            ffiec,
            bankfind,
            no_bankfind,
            pe,
            lending,
            years,
            force,
        };
        crate::enrich::run(asked, &ctx.settings, &ctx.io, &ctx.out).await
    }
}
