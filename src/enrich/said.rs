//! What `cra enrich` says when the public record is stored: the banks
//! linked, the links kept, made and lost, and why the rest are not.

use crate::mirror::Summary;
use crate::text::{plural, thousands};

/// `linked 18,790 of 18,820 banks …`.
pub(super) fn summary_line(summary: &Summary, seconds: f64, path: &std::path::Path) -> String {
    let mut line = format!(
        "linked {} of {} banks to the FFIEC file ({} exams, {} institutions",
        thousands(summary.linked),
        thousands(summary.banks),
        thousands(summary.ffiec_exams),
        thousands(summary.ffiec_institutions),
    );
    if summary.bankfind_institutions > 0 {
        line.push_str(&format!(
            "; {} in BankFind",
            thousands(summary.bankfind_institutions)
        ));
        // As many as the bar counted, then how many concern the copy.
        if summary.events_read > summary.events {
            line.push_str(&format!(
                ", {} structure {}, {} kept",
                thousands(summary.events_read),
                plural(summary.events_read, "change", "changes"),
                thousands(summary.events),
            ));
        } else if summary.events > 0 {
            line.push_str(&format!(
                ", {} structure {}",
                thousands(summary.events),
                plural(summary.events, "change", "changes")
            ));
        }
    }
    line.push_str(&format!(") in {seconds:.1} s → {}", path.display()));
    line
}

/// `links: 18,650 kept, 3 new, 2 lost (1 conflict, 1 other institution)`:
/// what became of the links the copy had (none on a first enrich).
pub(super) fn links_line(summary: &Summary) -> Option<String> {
    let lost: u64 = summary.lost.values().sum();
    if summary.kept + lost == 0 {
        return None;
    }
    let mut line = format!(
        "links: {} kept, {} new, {} lost",
        thousands(summary.kept),
        thousands(summary.new),
        thousands(lost)
    );
    if lost > 0 {
        line.push_str(&format!(" ({})", counts(&summary.lost)));
    }
    Some(line)
}

/// `1 conflict, 2 few exams`: the counts that are not zero, by name.
fn counts(by: &std::collections::BTreeMap<&'static str, u64>) -> String {
    let parts: Vec<String> = by
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(reason, n)| format!("{} {}", thousands(*n), reason.replace('_', " ")))
        .collect();
    parts.join(", ")
}

/// `not linked: 20 ambiguous, 8 not in the file…`.
pub(super) fn reasons_line(summary: &Summary) -> String {
    format!(
        "not linked: {} {} ({}); {} BANK says why for one",
        thousands(summary.unlinked),
        plural(summary.unlinked, "bank", "banks"),
        counts(&summary.reasons),
        crate::mirror::command_named("show")
    )
}
