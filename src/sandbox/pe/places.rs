//! Places and dates as the PE prints them: state names and Federal Reserve
//! districts, long dates, the identifier line.

use crate::evaluation::model::{IdKind, PrintedId};

pub(super) const STATES: &str = "AL Alabama 6|AK Alaska 12|AZ Arizona 12|AR Arkansas 8|CA California 12|\
CO Colorado 10|CT Connecticut 1|DE Delaware 3|DC District of Columbia 5|FL Florida 6|GA Georgia 6|\
HI Hawaii 12|ID Idaho 12|IL Illinois 7|IN Indiana 7|IA Iowa 7|KS Kansas 10|KY Kentucky 4|\
LA Louisiana 6|ME Maine 1|MD Maryland 5|MA Massachusetts 1|MI Michigan 7|MN Minnesota 9|\
MS Mississippi 6|MO Missouri 8|MT Montana 9|NE Nebraska 10|NV Nevada 12|NH New Hampshire 1|\
NJ New Jersey 2|NM New Mexico 10|NY New York 2|NC North Carolina 5|ND North Dakota 9|OH Ohio 4|\
OK Oklahoma 10|OR Oregon 12|PA Pennsylvania 3|RI Rhode Island 1|SC South Carolina 5|\
SD South Dakota 9|TN Tennessee 6|TX Texas 11|UT Utah 12|VT Vermont 1|VA Virginia 5|\
WA Washington 12|WV West Virginia 5|WI Wisconsin 7|WY Wyoming 10|PR Puerto Rico 2|GU Guam 12|\
VI Virgin Islands 2|AS American Samoa 12|MP Northern Mariana Islands 12";

pub(super) const DISTRICTS: &str = "Boston|New York|Philadelphia|Cleveland|Richmond|Atlanta|Chicago|\
St. Louis|Minneapolis|Kansas City|Dallas|San Francisco";

/// A state's name and Federal Reserve district (1..=12) by its code.
pub fn state_name(code: &str) -> Option<(&'static str, usize)> {
    let entry = STATES
        .split('|')
        .find(|e| e[..2].eq_ignore_ascii_case(code.trim()))?;
    let (name, district) = entry[3..].rsplit_once(' ')?;
    Some((name, district.parse().ok()?))
}

/// "2021-03-15" as "March 15, 2021" (as given if not such a date).
pub fn long_date(date: &str) -> String {
    const MONTHS: &str = "January February March April May June July August September \
October November December";
    let parts: Vec<usize> = date.split('-').filter_map(|p| p.parse().ok()).collect();
    let [y, m @ 1..=12, d @ 1..=31] = parts[..] else {
        return date.to_string();
    };
    format!(
        "{} {d}, {y}",
        MONTHS.split(' ').nth(m - 1).unwrap_or_default()
    )
}

/// The cover's identifier line, labelled by the number's kind.
pub fn id_line(id: &PrintedId) -> String {
    let label = match id.kind {
        IdKind::OccCharter => "Charter Number",
        IdKind::FdicCert => "Certificate Number",
        IdKind::Rssd => "RSSD ID Number",
        IdKind::OtsDocket => "Docket Number",
    };
    format!("{label}: {}", id.number)
}
