//! What the copy knows of which banks are still active, and what `due`
//! and the report say of the banks they leave out (those that ended, are
//! known to be inactive, or were last examined under the OTS) or could not.

use anyhow::Result;

use super::LeftOut;
use crate::text::{plural, thousands};

/// What `due` left out and why, or what would make it exact.
pub fn left_out_note(left_out: LeftOut, activity: Activity, included: bool) -> Option<String> {
    if included {
        return None;
    }
    let mut parts = Vec::new();
    if left_out.ended > 0 {
        parts.push(format!(
            "{} that ended (merged, failed or closed)",
            thousands(left_out.ended)
        ));
    }
    if left_out.inactive > 0 {
        parts.push(format!(
            "{} known to be inactive",
            thousands(left_out.inactive)
        ));
    }
    if left_out.ots > 0 {
        parts.push(format!(
            "{} last examined under the OTS (closed in 2011)",
            thousands(left_out.ots)
        ));
    }
    let total = left_out.ended + left_out.inactive + left_out.ots;
    let mut note = if total > 0 {
        format!(
            "left out {} {}: {} (--include-inactive keeps them)",
            thousands(total),
            plural(total, "bank", "banks"),
            parts.join(", ")
        )
    } else {
        String::new()
    };
    if left_out.unknown > 0 {
        if !note.is_empty() {
            note.push_str("; ");
        }
        note.push_str(&format!(
            "{} {} BankFind says nothing of (not linked to the public record) listed last",
            thousands(left_out.unknown),
            plural(left_out.unknown, "bank", "banks")
        ));
    }
    let unknown = match activity {
        Activity::Known => None,
        Activity::NoRecord => Some(format!(
            "{} would make it exact, leaving out the banks no longer active",
            super::enrich_command()
        )),
        Activity::Unknown => Some(activity_unknown()),
    };
    if let Some(unknown) = unknown {
        if !note.is_empty() {
            note.push_str("; ");
        }
        note.push_str(&unknown);
    }
    (!note.is_empty()).then_some(note)
}

/// Whether the local copy knows which banks are still active.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activity {
    /// Its public record read BankFind.
    Known,
    /// It has a public record, read without BankFind (`--no-bankfind`).
    Unknown,
    /// It has no public record.
    NoRecord,
}

impl Activity {
    pub fn of(reader: &super::Reader) -> Result<Activity> {
        Ok(if reader.record().enriched_at()?.is_none() {
            Activity::NoRecord
        } else if reader.record().activity_known()? {
            Activity::Known
        } else {
            Activity::Unknown
        })
    }
}

/// What `due` and `report` say when the copy cannot tell closed banks
/// from open ones.
pub fn activity_unknown() -> String {
    format!(
        "closed banks could not be left out: the local copy does not know which banks are \
         active (its public record was read without BankFind); run {} to learn it",
        super::enrich_command()
    )
}
