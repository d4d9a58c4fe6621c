//! `cra report`: one self-contained HTML page about the banks the filters
//! select, from the local copy, for people who would rather look than read:
//! the map by state, the split by regulator and by exam type, the trend by
//! exam year, the public evaluations behind the ratings (each test) and the
//! lending behind them (the LMI share by rating, each bank of a small
//! selection beside its market), the downgrades of the last 12 months, the
//! banks probably due; or the same as a workbook with native charts (`-o FILE.xlsx`). The
//! figures are the answers `stats`, `changes` and `due` give; the page and
//! the workbook are laid out by `output::report` and written atomically.

use std::time::Instant;

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, OutputArg, Parts, Run, Spec, Wording};
use crate::domain::{Level, Rating, RatingChange, Selection, Test};
use crate::error::Exit;
use crate::filters::Words;
use crate::filters::{SelectionArgs, When, parse_when};
use crate::mirror::{Behind, ChangeFilter, DueQuery, GroupBy, Reader, StatsFilter, StatsRow};
use crate::output::Outputs;
use crate::output::report::{SMALL, TESTS, median};
use crate::output::{
    ByRating, Downgrade, DueBank, Evaluated, Evaluations, Group, Lending, LendingBank, Report,
};
use crate::text::thousands;

pub const AFTER_HELP: &str = "\
The page loads nothing from the network: its style and charts are inside it.
Run cra sync first.

Examples:
  cra --sandbox report -o cra-report.html
  cra report --regulator occ -o occ.xlsx
  cra --sandbox report --rating nti --exam-since 2020 -o needs-to-improve.html";

#[derive(Debug, Clone, Args)]
pub struct ReportArgs {
    #[command(flatten)]
    pub selection: SelectionArgs,

    /// Reckon the banks due and the last twelve months to this day instead
    /// of today (YYYY-MM-DD; YYYY-MM and YYYY stand for their last day)
    #[arg(long, value_name = "DATE", value_parser = parse_when)]
    pub as_of: Option<When>,

    #[command(flatten)]
    pub output: OutputArg,
}

impl Spec for ReportArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            output: Some(&self.output),
            selection: Some(&self.selection),
            ..Parts::default()
        }
    }

    fn outputs(&self) -> Outputs {
        Outputs::PAGE
    }

    fn sheet(&self) -> &'static str {
        "States"
    }

    fn words(&self) -> Words {
        let today = crate::filters::today();
        Words::new().how("as of", self.as_of.map(|day| day.last_day(today)))
    }
}

impl Run for ReportArgs {
    const ARGS: &'static [Wording] = &[Wording::help(
        "output",
        "The file to write (atomically; .xlsx: a workbook with charts; - is standard output) \
         [default: cra-report.html, or cra-report.xlsx with --format xlsx]",
    )];

    fn note_positions(&mut self, matches: &clap::ArgMatches) {
        self.selection.note_positions(matches);
    }

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let started = Instant::now();
        let reader = ctx.copy.reader()?;
        let today = crate::filters::today();
        let as_of = self.as_of.map(|day| day.last_day(today));
        // A second or more on a large copy before a byte is written.
        let figures = ctx
            .io
            .while_busy("counting the local copy's banks for the report…", || {
                gather(&reader, &ctx.selection, as_of)
            })?;
        if figures.banks == 0 {
            ctx.io.info(&ctx.nothing);
        }
        if crate::mirror::Activity::of(&reader)? == crate::mirror::Activity::Unknown {
            // The banks due it shows may include closed ones.
            ctx.io.info(&crate::mirror::activity_unknown());
        }
        let (size, what) = ctx.out.page(&figures)?;
        let written = match ctx.out.file() {
            Some(file) => file.display().to_string(),
            None => what.to_string(),
        };
        ctx.io.info(&format!(
            "wrote {written} ({} KB) in {:.2} s",
            thousands(size.div_ceil(1024)),
            started.elapsed().as_secs_f64()
        ));
        Ok(Exit::Success)
    }
}

/// The figures of the page, from the local copy.
/// `as_of`: the day the banks due and the downgrades are reckoned to, when
/// not today.
fn gather(
    reader: &Reader,
    selection: &Selection,
    as_of: Option<jiff::civil::Date>,
) -> Result<Report> {
    let today = as_of.unwrap_or_else(crate::filters::today);
    let find = selection;
    let filter = StatsFilter {
        selection: selection.clone(),
        exams: false,
    };
    let groups = |by: GroupBy| -> Result<Vec<Group>> {
        Ok(reader
            .stats()
            .by_one(by, &filter)?
            .iter()
            .map(group)
            .collect())
    };
    // The map measures the share of the ratings asked for among the banks
    // the other filters select (among the selected banks alone it would be
    // 100% everywhere).
    let mut unrated = selection.clone();
    unrated.ratings.clear();
    let by_state = reader
        .stats()
        .by_one(
            GroupBy::State,
            &StatsFilter {
                selection: unrated,
                exams: false,
            },
        )?
        .iter()
        .map(group)
        .collect();
    let by_regulator = groups(GroupBy::Regulator)?;
    // Downgrades of the last twelve months of the data (within the exam
    // period, when one was given).
    let newest_exam = reader.newest_exam()?;
    let (since, until) =
        downgrades_window(today, newest_exam.as_deref(), find.exam_since.as_deref());
    let until = match (until, as_of) {
        (Some(newest), _) => Some((newest, "the newest exam in the local copy")),
        (None, Some(day)) => Some((day.to_string(), "the day given by --as-of")),
        (None, None) => None,
    };
    let mut recent = selection.clone();
    recent.exam_since = Some(since.clone());
    if let Some((last, _)) = &until {
        // The exams after the day reckoned to are not in its twelve months.
        recent.exam_until =
            std::cmp::min(recent.exam_until.take(), Some(last.clone())).or(Some(last.clone()));
    }
    let downgrades = reader
        .changes()
        .all(&ChangeFilter {
            selection: recent,
            changed: true,
            ..ChangeFilter::default()
        })?
        .into_iter()
        .filter(|row| row.change == RatingChange::Downgrade)
        .map(|row| {
            let bank = row.bank;
            Downgrade {
                id: bank.id.clone(),
                rating: bank.rating().clone(),
                exam_date: bank.exam_date().to_string(),
                exam_type: bank.exam_type().clone(),
                name: bank.name,
                city: bank.city,
                state: bank.state,
                regulator: bank.regulator,
                previous: row.previous_rating,
            }
        })
        .collect();
    let (due, due_left_out) = reader.due().rows(&DueQuery {
        selection: selection.clone(),
        today,
        older_than_months: None,
        include_inactive: false,
        public_record: false,
    })?;
    let due_left_out =
        crate::mirror::left_out_note(due_left_out, crate::mirror::Activity::of(reader)?, false);
    let due = due
        .into_iter()
        .map(|row| {
            let bank = row.bank;
            DueBank {
                id: bank.id.clone(),
                rating: bank.rating().clone(),
                exam_date: bank.exam_date().to_string(),
                exam_type: bank.exam_type().clone(),
                name: bank.name,
                city: bank.city,
                state: bank.state,
                regulator: bank.regulator,
                months_since: row.months_since,
                expected_months: row.expected_months,
            }
        })
        .collect();
    let behind = reader.behind(selection)?;
    let synced = reader
        .last_sync()
        .filter(|last| last.status == crate::mirror::SyncStatus::Complete)
        .and_then(|last| last.finished_at.clone());
    Ok(Report {
        ended: reader.stats().ended_among(selection)?,
        due_left_out,
        filters: selection.said(),
        synced,
        newest_exam,
        made: crate::mirror::now(),
        banks: by_regulator.iter().map(Group::total).sum(),
        by_state,
        measure: find.ratings.iter().filter_map(|r| r.rank()).collect(),
        state: selection.state.clone(),
        by_regulator,
        by_exam_type: groups(GroupBy::Size)?,
        by_year: groups(GroupBy::Year)?,
        evaluations: evaluations(&behind, |test| Ok(by_level(groups(GroupBy::Test(test))?)))?,
        lending: lending(reader, &behind)?,
        downgrades_since: since,
        downgrades_until: until,
        downgrades,
        due,
    })
}

/// The twelve months the page's downgrades are from: their first day,
/// and their last when it is not today. They end at the newest exam in
/// the copy (a copy of old data shows its last year's downgrades, not
/// none), or today when that is sooner; `--since` narrows them.
fn downgrades_window(
    today: jiff::civil::Date,
    newest: Option<&str>,
    since: Option<&str>,
) -> (String, Option<String>) {
    let newest = newest
        .and_then(|date| date.parse::<jiff::civil::Date>().ok())
        .filter(|newest| *newest < today);
    let until = newest.unwrap_or(today);
    let year_ago = until
        .checked_sub(jiff::Span::new().months(12))
        .unwrap_or(until)
        .to_string();
    let first = since
        .filter(|since| **since > *year_ago)
        .map_or(year_ago, str::to_string);
    (first, newest.map(|date| date.to_string()))
}

/// What the page says of the selected banks' public evaluations: how many
/// were read, each test's ratings (`by_test`: a test's groups), and each
/// bank of a small selection.
fn evaluations(
    behind: &[Behind],
    by_test: impl Fn(Test) -> Result<Vec<Group>>,
) -> Result<Evaluations> {
    let mut tests = Vec::new();
    for test in TESTS {
        if behind.iter().any(|bank| bank.test(test).is_some()) {
            tests.push((test, by_test(test)?));
        }
    }
    let each = if behind.len() <= SMALL {
        behind
            .iter()
            .map(|bank| Evaluated {
                id: bank.id.clone(),
                name: bank.name.clone(),
                state: bank.state.clone(),
                rating: Rating::from_text(&bank.rating),
                exam_date: bank.exam_date.clone(),
                read: bank.read,
                tests: TESTS.map(|test| bank.test(test).map(str::to_string)),
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(Evaluations {
        banks: behind.len() as u64,
        read: behind.iter().filter(|bank| bank.read).count() as u64,
        by_test: tests,
        each,
        command: format!("{} --pe FILE|FOLDER", crate::mirror::enrich_command()),
        download: format!("{} BANK --download", crate::mirror::command_online("pe")),
    })
}

/// What the page says of the selected banks' small business lending: each
/// bank's of the last year it reported before its exam's year (as `cra
/// lending` reckons it), the medians of its shares per overall rating, and
/// each bank of a small selection.
fn lending(reader: &Reader, behind: &[Behind]) -> Result<Lending> {
    let mut lending = Lending {
        any: reader.lending().any()?,
        command: format!("{} --lending", crate::mirror::enrich_command()),
        banks: behind.len() as u64,
        ..Lending::default()
    };
    if !lending.any {
        return Ok(lending);
    }
    let reporters = reader.lending_banks()?;
    // Per rank on the scale: the banks' LMI shares, their markets', their
    // in-area shares.
    let mut by_rank: [[Vec<f64>; 3]; 4] = Default::default();
    for bank in behind {
        let line = match bank.exam_year() {
            Some(year) if reporters.contains(&bank.id) => reader.lending_before(&bank.id, year)?,
            _ => None,
        };
        if let Some(line) = &line {
            lending.reported += 1;
            let rank = Rating::from_text(&bank.rating).rank();
            if let (Some(rank), Some(lmi)) = (rank, line.lmi_share) {
                let shares = &mut by_rank[rank];
                shares[0].push(lmi);
                shares[1].extend(line.market_lmi_share);
                shares[2].extend(line.in_area_share);
            }
        }
        if behind.len() <= SMALL {
            lending.each.push(LendingBank {
                id: bank.id.clone(),
                name: bank.name.clone(),
                state: bank.state.clone(),
                rating: Rating::from_text(&bank.rating),
                exam_date: bank.exam_date.clone(),
                year: line.as_ref().map(|line| line.year),
                loans: line.as_ref().map_or(0, |line| line.loans),
                lmi_share: line.as_ref().and_then(|line| line.lmi_share),
                market_lmi_share: line.as_ref().and_then(|line| line.market_lmi_share),
                in_area_share: line.as_ref().and_then(|line| line.in_area_share),
            });
        }
    }
    for (rank, [lmi, market, in_area]) in by_rank.into_iter().enumerate() {
        if lmi.is_empty() {
            continue;
        }
        lending.by_rating.push(ByRating {
            rating: Rating::NAMES[rank].to_string(),
            banks: lmi.len() as u64,
            lmi_share: median(lmi),
            market_lmi_share: median(market),
            in_area_share: median(in_area),
        });
    }
    Ok(lending)
}

/// The groups of a test's ratings on the scale, best first, without the
/// banks whose evaluation was not read (`none`).
fn by_level(groups: Vec<Group>) -> Vec<Group> {
    let mut rated: Vec<(Level, Group)> = groups
        .into_iter()
        .filter_map(|g| Some((Level::from_text(&g.name)?, g)))
        .collect();
    rated.sort_by_key(|(level, _)| *level);
    rated.into_iter().map(|(_, g)| g).collect()
}

fn group(row: &StatsRow) -> Group {
    Group {
        name: row.group.clone(),
        counts: row.counts(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_downgrades_are_of_the_twelve_months_to_the_newest_exam() {
        let today: jiff::civil::Date = "2026-11-28".parse().unwrap();
        let window = |newest, since| downgrades_window(today, newest, since);
        let to = |first: &str, last: Option<&str>| (first.to_string(), last.map(str::to_string));
        // Current data: the last twelve months.
        assert_eq!(
            window(Some("2026-11-20"), None),
            to("2025-11-20", Some("2026-11-20"))
        );
        assert_eq!(window(None, None), to("2025-11-28", None));
        // Old data (the public file of 2021): its own last year.
        assert_eq!(
            window(Some("2021-06-30"), None),
            to("2020-06-30", Some("2021-06-30"))
        );
        // An exam dated today or after, or a date that does not parse: today.
        assert_eq!(window(Some("2026-11-28"), None), to("2025-11-28", None));
        assert_eq!(window(Some("2031-01-01"), None), to("2025-11-28", None));
        assert_eq!(window(Some("2021-02-30"), None), to("2025-11-28", None));
        // --since narrows it, never widens it.
        assert_eq!(
            window(Some("2021-06-30"), Some("2021-01-01")),
            to("2021-01-01", Some("2021-06-30"))
        );
        assert_eq!(
            window(Some("2021-06-30"), Some("2019-01-01")),
            to("2020-06-30", Some("2021-06-30"))
        );
    }
}
