//! The sandbox's lending, drawn: each state's counties (their MSA, their
//! population class and the income scheme it brings, their tracts and
//! each tract's income group) drawn from the place alone, so every
//! reporter lends in the same tracts; and each reporter's loans in its
//! counties, tract by tract, drawn from its seed and the year, weighted
//! towards low- and moderate-income tracts by its `lmi_factor` (a large
//! bank's Lending Test says how much). Never the clock.

use crate::lending::codes::Category;
use crate::sandbox::draw::Draw;

/// One tract of a county.
#[derive(Debug, Clone)]
pub struct TractSpec {
    /// `0101.00`.
    pub code: String,
    /// Its income group code (the county's scheme).
    pub income: &'static str,
    pub category: Category,
}

/// One county of a state.
#[derive(Debug, Clone)]
pub struct CountySpec {
    /// FIPS, `48`.
    pub state: String,
    /// FIPS, `059`.
    pub county: String,
    /// The MSA as the year writes it (`NA` outside every MSA).
    pub msa: String,
    /// `L` (the ten-point income codes) or `S` (the four categories).
    pub pop: &'static str,
    pub tracts: Vec<TractSpec>,
}

impl CountySpec {
    /// The code of loans whose tract is not known.
    pub fn tract_unknown(&self) -> &'static str {
        if self.pop == "L" { "015" } else { "106" }
    }
}

/// A fixed, well-spread number of some words (FNV-1a).
pub fn hash(parts: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in part.bytes().chain([0]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// County `index` (0, 1, ...) of state `state` (FIPS) as year `year`
/// writes it.
pub fn county(state: &str, index: usize, year: u16) -> CountySpec {
    let code = format!("{:03}", 2 * index + 1);
    let seed = hash(&[state, &code]);
    let mut draw = Draw::new(seed, 0x4c45_4e44);
    let pop = if draw.chance(0.2) { "L" } else { "S" };
    let metro = draw.chance(0.75);
    let msa_number = 100 + draw.below(800);
    let msa = match (metro, year) {
        (false, _) => "NA".to_string(),
        (true, ..=2003) => format!("{:04}", msa_number * 10),
        (true, _) => format!("{:05}", msa_number * 40 + 10_000),
    };
    let count = 6 + draw.below(if pop == "L" { 14 } else { 8 });
    let tracts = (0..count)
        .map(|k| {
            let category = Category::ALL[draw.weighted(&[0.09, 0.19, 0.45, 0.25, 0.02])];
            let income = if pop == "L" {
                ten_point(category, draw.below(4))
            } else {
                category.small_county_code()
            };
            TractSpec {
                code: format!(
                    "{:04}.{:02}",
                    100 + k * 2,
                    if draw.chance(0.2) { 1 } else { 0 }
                ),
                income,
                category,
            }
        })
        .collect();
    CountySpec {
        state: state.to_string(),
        county: code,
        msa,
        pop,
        tracts,
    }
}

/// A code of the ten-point scheme in `category` (`pick` chooses among
/// the category's codes).
fn ten_point(category: Category, pick: usize) -> &'static str {
    let codes: &[&'static str] = match category {
        Category::Low => &["002", "003", "004", "005"],
        Category::Moderate => &["006", "007", "008"],
        Category::Middle => &["009", "010", "011", "012"],
        Category::Upper => &["013"],
        Category::Unknown => &["014"],
    };
    codes[pick % codes.len()]
}

/// Loans and their amount ($000) in the three size classes, and the part
/// to businesses or farms with revenues of $1 million or less.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cell {
    pub loans: [u64; 3],
    pub amounts: [u64; 3],
    pub revenue_loans: u64,
    pub revenue_amount: u64,
}

impl Cell {
    pub fn add(&mut self, other: &Cell) {
        for i in 0..3 {
            self.loans[i] += other.loans[i];
            self.amounts[i] += other.amounts[i];
        }
        self.revenue_loans += other.revenue_loans;
        self.revenue_amount += other.revenue_amount;
    }

    pub fn loans(&self) -> u64 {
        self.loans.iter().sum()
    }

    pub fn amount(&self) -> u64 {
        self.amounts.iter().sum()
    }

    pub fn is_empty(&self) -> bool {
        self.loans() == 0
    }
}

/// `n` loans drawn into size classes, amounts and the revenue part;
/// `farm`: loans to farms (smaller, the third class to $500,000).
pub fn cell(n: u64, farm: bool, draw: &mut Draw) -> Cell {
    if n == 0 {
        return Cell::default();
    }
    let small = (n as f64 * (0.55 + 0.2 * draw.unit())) as u64;
    let mid = ((n - small) as f64 * (0.5 + 0.3 * draw.unit())) as u64;
    let loans = [small, mid, n - small - mid];
    let means = if farm {
        [28.0, 160.0, 330.0]
    } else {
        [32.0, 168.0, 540.0]
    };
    let amounts: [u64; 3] =
        std::array::from_fn(|i| (loans[i] as f64 * means[i] * (0.8 + 0.4 * draw.unit())) as u64);
    let revenue_loans = (n as f64 * (0.35 + 0.3 * draw.unit())) as u64;
    let total: u64 = amounts.iter().sum();
    let revenue_amount = (total as f64 * revenue_loans as f64 / n as f64 * 0.6) as u64;
    Cell {
        loans,
        amounts,
        revenue_loans,
        revenue_amount,
    }
}

/// How a reporter's `n` loans in `county` fall by tract (the county's
/// tracts, in order), weighted by `lmi_factor` towards low- and
/// moderate-income tracts; and those whose tract is not known.
pub fn by_tract(county: &CountySpec, n: u64, lmi_factor: f64, draw: &mut Draw) -> (Vec<u64>, u64) {
    let unknown = if draw.chance(0.3) { n / 60 } else { 0 };
    let placed = n - unknown;
    let weights: Vec<f64> = county
        .tracts
        .iter()
        .map(|t| {
            let base = match t.category {
                Category::Low | Category::Moderate => lmi_factor,
                Category::Unknown => 0.2,
                _ => 1.0,
            };
            base * (0.5 + draw.unit())
        })
        .collect();
    let total: f64 = weights.iter().sum::<f64>().max(f64::MIN_POSITIVE);
    let mut loans: Vec<u64> = weights
        .iter()
        .map(|w| (placed as f64 * w / total) as u64)
        .collect();
    // What rounding left goes to tracts drawn by their weights.
    let mut left = placed - loans.iter().sum::<u64>();
    while left > 0 {
        loans[draw.weighted(&weights)] += 1;
        left -= 1;
    }
    (loans, unknown)
}
