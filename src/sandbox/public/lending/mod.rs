//! The FFIEC's CRA lending files as the sandbox serves them, for each
//! year of its data: `GET /lending/{yy}exp_{trans,aggr,discl}.zip` (the
//! transmittal, aggregate and disclosure zips in each era's layout; one
//! `.dat` a kind to 2015, one a table from 2016, as the FFIEC packages
//! them), and `GET /lending/challenge/{file}`, which answers as the
//! FFIEC's bot filter does (HTTP 403, an HTML "Just a moment..." page).
//!
//! Consistent with the sandbox's banks and ratings (`book`): a year's
//! reporters are the institutions of its public record whose assets that
//! year reach the reporting threshold (a large bank's, which rose in
//! 2005), each reporting under its agency's identifier of the time and,
//! from 1997, its RSSD ID; a large bank's share of loans in low- and
//! moderate-income tracts follows the Lending Test its evaluation gives
//! it. The files agree with one another as the real ones do (`draw`,
//! `disclosure`, `aggregate`): a reporter's county rows of D1-1 add up to
//! its lender rows of A1-1a, the market's rows add up every reporter's.
//! Everything is drawn from identifiers and the year, never the clock.

mod aggregate;
mod book;
mod disclosure;
pub mod draw;

use std::collections::BTreeMap;

use crate::lending::{Agency, Kind, Table};
use crate::sandbox::draw::Draw;
pub use book::{Book, challenge, serve};
use draw::{Cell, CountySpec, by_tract, cell, county};

/// One reporter of a year, as the files show it.
#[derive(Debug, Clone)]
pub struct ReporterSpec {
    pub agency: Agency,
    pub id: u64,
    /// From 1997.
    pub rssd: Option<u64>,
    pub name: String,
    pub city: String,
    /// Postal code (`VT`).
    pub state: String,
    /// FIPS code of its home state (`50`).
    pub state_fips: String,
    pub assets_thousands: u64,
    /// Its loans in low- and moderate-income tracts against the market's
    /// mix: 1 lends as the market does.
    pub lmi_factor: f64,
    /// How many counties it lends in (besides a few outside its areas).
    pub counties: usize,
    pub seed: u64,
}

/// The four loan tables of a year, in order: business originations and
/// purchases, farm originations and purchases (A1-1 / D1-1 ...).
pub const LOAN_TABLES: usize = 4;

/// A reporter's loans of one loan table in one county: by tract (the
/// county's tracts in order), and those whose tract is not known.
#[derive(Debug, Clone, Default)]
pub struct Loans {
    pub by_tract: Vec<Cell>,
    pub unknown: Cell,
}

impl Loans {
    pub fn total(&self) -> Cell {
        let mut total = self.unknown;
        for cell in &self.by_tract {
            total.add(cell);
        }
        total
    }
}

/// A county a reporter lends in.
#[derive(Debug, Clone)]
pub struct Served {
    pub county: CountySpec,
    /// Its assessment area (none: outside every area).
    pub area: Option<u32>,
    /// The area takes only the tracts before this one (a partial county);
    /// all of them when it is the count.
    pub inside: usize,
    pub loans: [Option<Loans>; LOAN_TABLES],
}

impl Served {
    pub fn partial(&self) -> bool {
        self.area.is_some() && self.inside < self.county.tracts.len()
    }

    /// Whether tract `k` lies in the reporter's area.
    pub fn in_area(&self, k: usize) -> bool {
        self.area.is_some() && k < self.inside
    }
}

/// A reporter and what it lent in a year.
#[derive(Debug, Clone)]
pub struct Lent {
    pub spec: ReporterSpec,
    pub served: Vec<Served>,
}

/// States a large reporter also lends in (FIPS codes).
const OTHER_STATES: [&str; 8] = ["06", "12", "17", "36", "48", "39", "42", "13"];

/// What `spec` lent in `year`.
pub fn lend(spec: &ReporterSpec, year: u16) -> Lent {
    let mut draw = Draw::new(spec.seed, u64::from(year));
    let mut served = Vec::new();
    let mut taken: Vec<(String, usize)> = Vec::new();
    let mut next_area = 1u32;
    let per_county = (spec.assets_thousands / 4_000 / spec.counties.max(1) as u64).clamp(4, 4_000);
    for n in 0..spec.counties + usize::from(draw.chance(0.6)) {
        let outside = n >= spec.counties;
        let state = if n >= 6 && !outside && draw.chance(0.5) {
            draw.pick(&OTHER_STATES).to_string()
        } else {
            spec.state_fips.clone()
        };
        let mut index = draw.below(40);
        while taken.contains(&(state.clone(), index)) {
            index = (index + 1) % 40;
        }
        taken.push((state.clone(), index));
        let county = county(&state, index, year);
        let tracts = county.tracts.len();
        let area = (!outside).then(|| {
            if n > 0 && n % 3 == 0 {
                next_area += 1;
            }
            next_area
        });
        let inside = if area.is_some() && draw.chance(0.2) {
            tracts / 2
        } else if area.is_some() {
            tracts
        } else {
            0
        };
        let scale = if outside { 0.2 } else { 0.5 + draw.unit() };
        let business = (per_county as f64 * scale) as u64;
        let farm = if county.pop == "S" && draw.chance(0.4) {
            business / 6
        } else {
            0
        };
        let wanted = [
            business,
            if draw.chance(0.3) { business / 20 } else { 0 },
            farm,
            if farm > 0 && draw.chance(0.2) {
                farm / 10
            } else {
                0
            },
        ];
        let loans: [Option<Loans>; LOAN_TABLES] = std::array::from_fn(|t| {
            let n = wanted[t];
            (n > 0).then(|| {
                let farm = t >= 2;
                let (placed, unknown) = by_tract(&county, n, spec.lmi_factor, &mut draw);
                Loans {
                    by_tract: placed.iter().map(|n| cell(*n, farm, &mut draw)).collect(),
                    unknown: cell(unknown, farm, &mut draw),
                }
            })
        });
        served.push(Served {
            county,
            area,
            inside,
            loans,
        });
    }
    Lent {
        spec: spec.clone(),
        served,
    }
}

/// The text of each table of `kinds` for `year`: every record of it, in
/// the year's layout and padding.
pub fn write_year(
    year: u16,
    reporters: &[ReporterSpec],
    kinds: &[Kind],
) -> BTreeMap<Table, Vec<u8>> {
    let lent: Vec<Lent> = reporters.iter().map(|r| lend(r, year)).collect();
    let mut tables: BTreeMap<Table, Vec<u8>> = BTreeMap::new();
    if kinds.contains(&Kind::Transmittal) {
        disclosure::transmittal(year, &lent, &mut tables);
    }
    if kinds.contains(&Kind::Disclosure) {
        disclosure::write(year, &lent, &mut tables);
    }
    if kinds.contains(&Kind::Aggregate) {
        aggregate::write(year, &lent, &mut tables);
    }
    tables
}

/// The zip of `kind` for `year` from the tables' text: one `.dat` of every
/// table to 2015, one `.dat` a table from 2016.
pub fn zip_of(
    year: u16,
    kind: Kind,
    tables: &BTreeMap<Table, Vec<u8>>,
) -> std::io::Result<Vec<u8>> {
    let per_table = year >= crate::mirror::lending::PER_TABLE_FROM;
    let mut members: Vec<(String, Vec<u8>)> = Vec::new();
    for (table, text) in tables.iter().filter(|(t, _)| t.kind() == kind) {
        if per_table || members.is_empty() {
            let name = crate::lending::write::member_name(*table, year, per_table);
            members.push((name, text.clone()));
        } else if let Some((_, all)) = members.last_mut() {
            all.extend_from_slice(text);
        }
    }
    let modified = jiff::civil::date(i16::try_from(year).unwrap_or(2024) + 1, 8, 1).at(6, 0, 0, 0);
    let borrowed: Vec<(String, &[u8])> = members
        .iter()
        .map(|(name, text)| (name.clone(), text.as_slice()))
        .collect();
    let zip = crate::lending::write::zip(std::io::Cursor::new(Vec::new()), &borrowed, modified)?;
    Ok(zip.into_inner())
}

/// Appends `record` to its table's text, padded as the real files are.
fn put(record: &crate::lending::Record<'_>, tables: &mut BTreeMap<Table, Vec<u8>>) {
    let table = record.table();
    let padded = crate::lending::write::padded_length(table.shape(), record.year());
    // Values are drawn to fit their fields; one that does not is a bug of
    // the draw, left out rather than served broken.
    let mut line = Vec::with_capacity(160);
    match crate::lending::write::write(record, padded, &mut line) {
        Ok(()) => tables.entry(table).or_default().extend_from_slice(&line),
        Err(why) => debug_assert!(false, "a sandbox record does not fit its layout: {why}"),
    }
}
