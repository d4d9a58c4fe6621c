//! Bank names and towns for the generated data, as varied as the real FFIEC
//! file's: there, 80% of the 18,820 institutions have a name no other has,
//! and 8% share both name and city with another (mostly one bank listed
//! twice, under its old and its new regulator).
//!
//! A bank's town is one of its state's larger towns (`tables::towns`) or a
//! small town of the state, made up from place words; small towns are fixed
//! per state (a hash of state and number, not the seed), so a seed only
//! chooses which banks are where. A name is one of the shapes real names
//! take (`CITIZENS STATE BANK`, `BANK OF <town>`, `<county> COUNTY BANK`,
//! `<surname> BANK & TRUST COMPANY`, coined `SUNTRUST BANK`, ...), in the
//! forms of its regulator (national banks `N.A.`, thrifts `FSB`, the Federal
//! Reserve's abbreviated style). A few banks take the name and town of an
//! earlier bank of their state: the same bank under a new charter.
//!
//! Everything is drawn from a stream of its own, so names do not move the
//! other generated values, and a bank's name depends only on the banks
//! before it (a prefix of a larger run is the same banks).

use super::draw::Draw;
use super::tables;

/// The random stream of names (the banks' other values use stream 0).
const NAME_STREAM: u64 = 1;
/// Share of banks in one of their state's larger towns.
const LARGER_TOWN: f64 = 0.15;
/// Small towns per bank of a state (8,053 towns for 18,820 banks, real).
const TOWNS_PER_BANK: f64 = 0.7;
/// Share of banks that carry on an earlier bank of their state (a charter
/// change: same name, same town).
const SUCCESSOR: f64 = 0.02;
/// Share of names that start with `THE`.
const THE: f64 = 0.10;

/// Weights with their running totals precomputed: a draw is one binary
/// search, not passes over the weights (the sandbox names 18,820 banks at
/// every start, in the debug builds tests run too).
struct Weights {
    cumulative: Vec<f64>,
}

impl Weights {
    fn new(weights: impl Iterator<Item = f64>) -> Weights {
        let mut total = 0.0;
        let cumulative = weights
            .map(|weight| {
                total += weight;
                total
            })
            .collect();
        Weights { cumulative }
    }

    /// An index drawn with the weights, from a uniform `u` in [0, 1).
    fn index(&self, u: f64) -> usize {
        let total = self.cumulative[self.cumulative.len() - 1];
        let i = self.cumulative.partition_point(|c| *c <= u * total);
        i.min(self.cumulative.len() - 1)
    }
}

/// Words and their weights.
struct Table {
    words: &'static [(&'static str, f64)],
    weights: Weights,
}

impl Table {
    fn new(words: &'static [(&'static str, f64)]) -> Table {
        Table {
            words,
            weights: Weights::new(words.iter().map(|w| w.1)),
        }
    }

    fn draw(&self, draw: &mut Draw) -> &'static str {
        self.words[self.weights.index(draw.unit())].0
    }
}

/// Draws the name and town of one bank after another.
pub struct Namer {
    draw: Draw,
    /// The last bank of each state (index of `tables::STATES`).
    last: Vec<Option<(String, String)>>,
    heads: Table,
    /// The heads but FIRST, for a second word.
    seconds: Table,
    state_forms: Table,
    national_forms: Table,
    thrift_forms: Table,
    shapes: Weights,
    /// The endings of small towns' names, around a place name or a nature word.
    place_forms: Weights,
    nature_forms: Weights,
}

impl Namer {
    pub fn new(seed: u64) -> Namer {
        Namer {
            draw: Draw::new(seed, NAME_STREAM),
            last: vec![None; tables::STATES.len()],
            heads: Table::new(HEADS),
            seconds: Table::new(&HEADS[1..]),
            state_forms: Table::new(STATE_FORMS),
            national_forms: Table::new(NATIONAL_FORMS),
            thrift_forms: Table::new(THRIFT_FORMS),
            shapes: Weights::new(SHAPES.into_iter()),
            place_forms: Weights::new(PLACE_FORMS.iter().map(|f| f.2)),
            nature_forms: Weights::new(NATURE_FORMS.iter().map(|f| f.2)),
        }
    }

    /// `(name, city)` of the next bank, of `regulator`, in the state at
    /// `state` in `tables::STATES`.
    pub fn next(&mut self, state: usize, regulator: &str) -> (String, String) {
        if let Some(previous) = &self.last[state]
            && self.draw.chance(SUCCESSOR)
        {
            return previous.clone();
        }
        let city = self.town(state);
        let name = self.name(state, regulator, &city);
        self.last[state] = Some((name.clone(), city.clone()));
        (name, city)
    }

    fn town(&mut self, state: usize) -> String {
        let (code, banks) = tables::STATES[state];
        // Territories and DC keep their real places only.
        if !has_small_towns(code) || self.draw.chance(LARGER_TOWN) {
            let larger = tables::towns(code);
            // The first towns listed are the largest: weights 1, 1/2, 1/3...
            let total: f64 = (1..=larger.len()).map(|k| 1.0 / k as f64).sum();
            let mut x = self.draw.unit() * total;
            for (k, town) in larger.iter().enumerate() {
                x -= 1.0 / (k + 1) as f64;
                if x < 0.0 {
                    return (*town).to_string();
                }
            }
            return larger[larger.len() - 1].to_string();
        }
        let pool = ((f64::from(banks) * TOWNS_PER_BANK) as usize).max(3);
        // Skewed towards the first towns: some small towns have several
        // banks, most have one.
        let number = (pool as f64 * self.draw.unit().powf(1.5)) as usize;
        self.small_town(state, number)
    }

    /// Small town `number` of the state at `state`: the same on every run.
    fn small_town(&self, state: usize, number: usize) -> String {
        let x = mix(((state as u64) << 32) | number as u64);
        let root = (x % (PLACES.len() + NATURE.len()) as u64) as usize;
        let u = (mix(x) >> 11) as f64 / (1u64 << 53) as f64;
        // Place names (SALEM) stand alone or take a prefix; nature words
        // (OAK) are joined to an ending (OAKVILLE, OAK GROVE).
        let (before, word, after) = if root < PLACES.len() {
            let form = PLACE_FORMS[self.place_forms.index(u)];
            (form.0, PLACES[root], form.1)
        } else {
            let form = NATURE_FORMS[self.nature_forms.index(u)];
            (form.0, NATURE[root - PLACES.len()], form.1)
        };
        join(&[before, word, after])
    }

    fn name(&mut self, state: usize, regulator: &str, city: &str) -> String {
        let code = tables::STATES[state].0;
        if code == "PR" && self.draw.chance(0.5) {
            let names = [
                "BANCO DE DESARROLLO ECONÓMICO",
                "BANCO POPULAR DE PUERTO RICO",
                "BANCO SANTANDER PUERTO RICO",
                "COOPERATIVA DE AHORRO Y CRÉDITO DE ",
                "BANCO COOPERATIVO DE PUERTO RICO",
            ];
            let name = *self.draw.pick(&names);
            return if name.ends_with(' ') {
                join(&[name, city])
            } else {
                name.to_string()
            };
        }
        let forms = match regulator {
            "OCC" => &self.national_forms,
            "OTS" => &self.thrift_forms,
            _ => &self.state_forms,
        };
        let form = forms.draw(&mut self.draw);
        let head = self.heads.draw(&mut self.draw);
        let name = match self.shapes.index(self.draw.unit()) {
            0 => join(&[head, " ", form]),
            1 => join(&["FIRST ", self.seconds.draw(&mut self.draw), " ", form]),
            2 => match self.seconds.draw(&mut self.draw) {
                second if second == head => join(&[head, " ", form]),
                second => join(&[head, " ", second, " ", form]),
            },
            3 => join(&[city, " ", form]),
            4 => {
                let first = match regulator {
                    "OCC" => "FIRST NATIONAL BANK",
                    "OTS" => "FIRST FEDERAL SAVINGS AND LOAN ASSOCIATION",
                    _ => "FIRST STATE BANK",
                };
                match self.draw.below(8) {
                    0..=2 => join(&["BANK OF ", city]),
                    3 | 4 => join(&[head, " BANK OF ", city]),
                    5 => join(&["STATE BANK OF ", city]),
                    _ => join(&[first, " OF ", city]),
                }
            }
            5 => join(&[*self.draw.pick(&COUNTIES), " COUNTY ", form]),
            6 => {
                let pair = match self.draw.below(6) {
                    0 | 1 => "FARMERS & MERCHANTS".to_string(),
                    2 => "FARMERS AND MERCHANTS".to_string(),
                    3 => "MERCHANTS & PLANTERS".to_string(),
                    _ => format!("{head} & {}", self.seconds.draw(&mut self.draw)),
                };
                join(&[&pair, " ", form])
            }
            7 => join(&[*self.draw.pick(&SURNAMES), " ", form]),
            8 => {
                let coined = join(&[*self.draw.pick(&COINED.0), *self.draw.pick(&COINED.1)]);
                if self.draw.chance(0.7) {
                    join(&[&coined, " BANK"])
                } else {
                    join(&[&coined, " ", form])
                }
            }
            9 => match state_name(code) {
                Some(state_name) => join(&[state_name, " ", form]),
                None => join(&[head, " ", form]),
            },
            // Named after another town of the state (where it started).
            _ => join(&[&self.town(state), " ", form]),
        };
        let name = if self.draw.chance(THE) {
            join(&["THE ", &name])
        } else {
            name
        };
        if regulator == "FRB" {
            abbreviate(&name)
        } else {
            name
        }
    }
}

/// Whether a state gets made-up small towns (not the territories and DC,
/// whose few real places are all listed).
fn has_small_towns(code: &str) -> bool {
    !matches!(
        code,
        "DC" | "PR" | "GU" | "VI" | "AS" | "FM" | "MP" | "MH" | "PW"
    )
}

/// The parts one after another. (`format!` costs several times as much in
/// the debug builds tests run, and the sandbox names every bank at start.)
fn join(parts: &[&str]) -> String {
    let mut length = 0;
    for part in parts {
        length += part.len();
    }
    let mut text = String::with_capacity(length);
    for part in parts {
        text.push_str(part);
    }
    text
}

/// SplitMix64's finalizer: a fixed, well-spread hash of a number.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The Federal Reserve's short style (`PULASKI B&TC`, `GRETNA ST BK`).
pub(crate) fn abbreviate(name: &str) -> String {
    let name = name.strip_prefix("THE ").unwrap_or(name);
    let name = name
        .replace("BANK & TRUST COMPANY", "B&TC")
        .replace("BANK AND TRUST COMPANY", "B&TC")
        .replace(", INC.", "");
    name.split(' ')
        .map(|word| {
            let word = word.trim_end_matches(',');
            match word {
                "BANK" => "BK",
                "STATE" => "ST",
                "TRUST" => "TR",
                "COMMUNITY" => "CMNTY",
                "COMPANY" => "CO",
                "SAVINGS" => "SVG",
                "AND" => "&",
                "COUNTY" => "CTY",
                "NATIONAL" => "NAT",
                "MERCHANTS" => "MRCH",
                "FEDERAL" => "FED",
                other => other,
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// How often each shape of name is drawn, in the order of the `match` in
/// `Namer::name`: head + form, FIRST + head, two heads, town + form,
/// ... OF town, county, a pair, surname, coined, state name, another town.
const SHAPES: [f64; 11] = [6.0, 5.0, 6.0, 13.0, 13.0, 6.0, 1.0, 6.0, 5.0, 2.0, 28.0];

/// The words names start with, and how often (FIRST, CITIZENS and FARMERS
/// lead, as they do in the real file).
const HEADS: &[(&str, f64)] = &[
    ("FIRST", 6.0),
    ("CITIZENS", 5.0),
    ("FARMERS", 5.0),
    ("PEOPLES", 4.0),
    ("COMMUNITY", 4.0),
    ("AMERICAN", 3.0),
    ("SECURITY", 3.0),
    ("UNITED", 3.0),
    ("HOME", 2.0),
    ("UNION", 2.0),
    ("CENTRAL", 2.0),
    ("VALLEY", 1.0),
    ("HERITAGE", 1.0),
    ("LIBERTY", 1.0),
    ("COMMERCIAL", 1.0),
    ("MERCHANTS", 1.0),
    ("COMMERCE", 1.0),
    ("FIDELITY", 1.0),
    ("GUARANTY", 1.0),
    ("PIONEER", 1.0),
    ("PINNACLE", 1.0),
    ("SUMMIT", 1.0),
    ("CENTURY", 1.0),
    ("REPUBLIC", 1.0),
    ("CHARTER", 1.0),
    ("CORNERSTONE", 1.0),
    ("CAPITAL", 1.0),
    ("PREMIER", 1.0),
    ("GREAT", 1.0),
    ("OLD", 1.0),
    ("FRONTIER", 1.0),
    ("PRAIRIE", 1.0),
    ("COUNTRY", 1.0),
    ("HOMETOWN", 1.0),
    ("INDEPENDENT", 1.0),
    ("PACIFIC", 1.0),
    ("ATLANTIC", 1.0),
    ("SOUTHERN", 1.0),
    ("NORTHERN", 1.0),
    ("WESTERN", 1.0),
    ("EASTERN", 1.0),
    ("MIDWEST", 1.0),
    ("SOUTHWEST", 1.0),
    ("NORTHWEST", 1.0),
    ("MOUNTAIN", 1.0),
    ("BAY", 1.0),
    ("COASTAL", 1.0),
    ("RIVERSIDE", 1.0),
    ("HIGHLAND", 1.0),
    ("GATEWAY", 1.0),
    ("KEYSTONE", 1.0),
    ("EAGLE", 1.0),
    ("ANCHOR", 1.0),
    ("BEACON", 1.0),
    ("LANDMARK", 1.0),
    ("PARK", 1.0),
    ("CROSSROADS", 1.0),
    ("HORIZON", 1.0),
    ("FOUNDERS", 1.0),
    ("PATRIOT", 1.0),
    ("FREEDOM", 1.0),
    ("ALLIANCE", 1.0),
    ("LEGACY", 1.0),
    ("PROVIDENT", 1.0),
    ("MUTUAL", 1.0),
    ("EQUITABLE", 1.0),
    ("STERLING", 1.0),
    ("GOLDEN", 1.0),
    ("EVERGREEN", 1.0),
    ("PIEDMONT", 1.0),
    ("CUMBERLAND", 1.0),
    ("OZARK", 1.0),
    ("DELTA", 1.0),
    ("TRI-COUNTY", 1.0),
    ("CITY", 1.0),
    ("METRO", 1.0),
    ("INDUSTRIAL", 1.0),
    ("MECHANICS", 1.0),
    ("TRADERS", 1.0),
    ("EXCHANGE", 1.0),
    ("PLANTERS", 1.0),
    ("DROVERS", 1.0),
    ("MINERS", 1.0),
    ("LUMBERMENS", 1.0),
    ("GRANGE", 1.0),
    ("COLONIAL", 1.0),
    ("GUARDIAN", 1.0),
    ("SENTRY", 1.0),
    ("BRIDGE", 1.0),
    ("HARBOR", 1.0),
    ("SOUND", 1.0),
    ("LAKES", 1.0),
    ("RANCHERS", 1.0),
    ("CATTLEMENS", 1.0),
    ("OILMENS", 1.0),
    ("ENTERPRISE", 1.0),
    ("PROGRESSIVE", 1.0),
];

/// The endings of state-chartered banks' names (FDIC and FRB).
const STATE_FORMS: &[(&str, f64)] = &[
    ("STATE BANK", 5.0),
    ("BANK", 3.0),
    ("BANK & TRUST COMPANY", 1.2),
    ("BANK AND TRUST", 1.0),
    ("SAVINGS BANK", 2.0),
    ("COMMUNITY BANK", 1.0),
    ("BANKING COMPANY", 0.4),
    ("BANK, INC.", 0.4),
    ("TRUST COMPANY", 0.4),
    ("CO-OPERATIVE BANK", 0.4),
    ("BANK, SSB", 0.3),
    ("EXCHANGE BANK", 0.3),
];

/// The endings of national banks' names (OCC).
const NATIONAL_FORMS: &[(&str, f64)] = &[
    ("NATIONAL BANK", 6.0),
    ("BANK, N.A.", 2.5),
    ("BANK, NATIONAL ASSOCIATION", 1.2),
    ("NATIONAL BANK & TRUST COMPANY", 0.6),
    ("BANK", 1.0),
    ("TRUST COMPANY, N.A.", 0.3),
    ("FEDERAL SAVINGS BANK", 0.6),
    ("BANK & TRUST, N.A.", 0.5),
];

/// The endings of savings institutions' names (OTS).
const THRIFT_FORMS: &[(&str, f64)] = &[
    ("SAVINGS BANK", 2.0),
    ("FEDERAL SAVINGS BANK", 2.0),
    ("SAVINGS BANK, FSB", 1.0),
    ("BANK, FSB", 1.5),
    ("FEDERAL SAVINGS AND LOAN ASSOCIATION", 1.0),
    ("SAVINGS AND LOAN ASSOCIATION", 0.7),
    ("BANK, F.S.B.", 0.5),
    ("FEDERAL BANK", 0.6),
    ("SAVINGS & LOAN ASSN.", 0.3),
    ("BUILDING AND LOAN ASSOCIATION", 0.2),
];

/// Place names that stand as a town's name alone (and name counties).
const PLACES: [&str; 69] = [
    "HARRIS",
    "MORRIS",
    "WARREN",
    "FRANKLIN",
    "CLINTON",
    "MARION",
    "MONROE",
    "JACKSON",
    "LINCOLN",
    "MADISON",
    "HAMILTON",
    "GRANT",
    "CLARK",
    "MILLER",
    "CARTER",
    "BAKER",
    "TAYLOR",
    "PORTER",
    "DAYTON",
    "WESTON",
    "EASTON",
    "NORTON",
    "SUTTON",
    "ASHLAND",
    "OXFORD",
    "SALEM",
    "AUBURN",
    "BRISTOL",
    "DOVER",
    "CHESTER",
    "LEBANON",
    "ATHENS",
    "SPARTA",
    "TROY",
    "VERNON",
    "CANTON",
    "MILTON",
    "CLIFTON",
    "ARLINGTON",
    "LEXINGTON",
    "CONCORD",
    "UNION",
    "LIBERTY",
    "HARMONY",
    "WINDSOR",
    "GRAFTON",
    "HOPE",
    "PROSPECT",
    "GENEVA",
    "ALBANY",
    "ELGIN",
    "HUDSON",
    "CAMDEN",
    "WAVERLY",
    "MANSFIELD",
    "NEWTON",
    "HAYES",
    "BLAIR",
    "PIERCE",
    "LOGAN",
    "CROCKETT",
    "HOUSTON",
    "AUSTIN",
    "BOONE",
    "DOUGLAS",
    "SHELBY",
    "HARDIN",
    "GARFIELD",
    "SHERMAN",
];

/// Words that make a town's name with an ending (OAKVILLE, CEDAR FALLS).
const NATURE: [&str; 50] = [
    "OAK", "CEDAR", "MAPLE", "ELM", "PINE", "ASH", "WILLOW", "BIRCH", "HICKORY", "WALNUT",
    "POPLAR", "LAUREL", "SPRING", "GREEN", "FAIR", "CLEAR", "PLEASANT", "RIVER", "LAKE", "ROCK",
    "STONE", "CLAY", "SAND", "MILL", "BROOK", "GLEN", "MEADOW", "BELL", "RED", "WHITE", "BLACK",
    "SILVER", "GOLD", "IRON", "COPPER", "SALT", "BEAR", "DEER", "ELK", "EAGLE", "HAWK", "FOX",
    "WOLF", "BUFFALO", "HOLLY", "BEAVER", "OTTER", "CRANE", "SWAN", "HUNTING",
];

/// (before, after, weight) around a place name.
const PLACE_FORMS: &[(&str, &str, f64)] = &[
    ("", "", 4.0),
    ("NEW ", "", 1.0),
    ("MOUNT ", "", 0.5),
    ("FORT ", "", 0.5),
    ("PORT ", "", 0.3),
    ("EAST ", "", 0.4),
    ("WEST ", "", 0.4),
    ("NORTH ", "", 0.4),
    ("LAKE ", "", 0.4),
    ("", " CITY", 2.0),
    ("", " FALLS", 1.0),
    ("", " SPRINGS", 1.0),
    ("", " GROVE", 1.0),
    ("", " HILL", 0.8),
    ("", " RAPIDS", 0.6),
    ("", " CREEK", 0.8),
    ("", " JUNCTION", 0.4),
    ("", " CENTER", 0.8),
    ("", " VALLEY", 0.6),
    ("", " LAKE", 0.5),
    ("", " BLUFF", 0.4),
    ("", " PLAINS", 0.5),
    ("", " RIDGE", 0.6),
];

/// (before, after, weight) around a nature word.
const NATURE_FORMS: &[(&str, &str, f64)] = &[
    ("", "VILLE", 4.0),
    ("", "TON", 2.0),
    ("", "FIELD", 2.0),
    ("", "WOOD", 2.0),
    ("", "DALE", 1.5),
    ("", "BURG", 1.5),
    ("", "PORT", 0.8),
    ("", "FORD", 1.0),
    ("", " CITY", 2.0),
    ("", " FALLS", 1.0),
    ("", " SPRINGS", 1.0),
    ("", " GROVE", 1.0),
    ("", " HILL", 0.8),
    ("", " RAPIDS", 0.6),
    ("", " CREEK", 0.8),
    ("", " JUNCTION", 0.4),
    ("", " CENTER", 0.8),
    ("", " VALLEY", 0.6),
    ("", " LAKE", 0.5),
    ("", " BLUFF", 0.4),
    ("", " PLAINS", 0.5),
    ("", " RIDGE", 0.6),
];

/// Counties in names such as `<X> COUNTY BANK`.
const COUNTIES: [&str; 60] = [
    "WASHINGTON",
    "JEFFERSON",
    "FRANKLIN",
    "LINCOLN",
    "JACKSON",
    "MADISON",
    "CLAY",
    "MONROE",
    "UNION",
    "MARION",
    "GREENE",
    "WARREN",
    "CARROLL",
    "HANCOCK",
    "LOGAN",
    "SHELBY",
    "BOONE",
    "PIKE",
    "CLINTON",
    "WAYNE",
    "ADAMS",
    "BROWN",
    "BUTLER",
    "CALHOUN",
    "CASS",
    "CRAWFORD",
    "DALLAS",
    "DOUGLAS",
    "FAYETTE",
    "FULTON",
    "GRANT",
    "HAMILTON",
    "HARRISON",
    "HENRY",
    "HOWARD",
    "JASPER",
    "JOHNSON",
    "KNOX",
    "LAWRENCE",
    "LEE",
    "LIVINGSTON",
    "MARSHALL",
    "MERCER",
    "MONTGOMERY",
    "MORGAN",
    "PERRY",
    "POLK",
    "PUTNAM",
    "RANDOLPH",
    "SCOTT",
    "SULLIVAN",
    "TAYLOR",
    "WHITE",
    "WILSON",
    "OTTER TAIL",
    "STEARNS",
    "SAC",
    "CEDAR",
    "BENTON",
    "OSAGE",
];

/// Family names in bank names (`<NAME> STATE BANK`).
const SURNAMES: [&str; 68] = [
    "WOODFORD",
    "HOLCOMB",
    "MCCLURE",
    "DUPONT",
    "BRYANT",
    "O'NEILL",
    "SCHMIDT",
    "ANDERSON",
    "KLEIN",
    "HARTMAN",
    "LOCKWOOD",
    "PETERSEN",
    "MORGAN",
    "WELLS",
    "RIGGS",
    "MELLON",
    "DREXEL",
    "HUNTINGTON",
    "STEVENS",
    "COOPER",
    "BRENTON",
    "HILLS",
    "DAVIS",
    "KIRKPATRICK",
    "LAMAR",
    "BOWEN",
    "GRAYSON",
    "WHITAKER",
    "HOLLAND",
    "BREMER",
    "CARLSON",
    "OLSON",
    "NELSON",
    "JOHNSON",
    "LARSON",
    "HANSEN",
    "YODER",
    "MUELLER",
    "BECKER",
    "WAGNER",
    "SNYDER",
    "BAUER",
    "HOFFMAN",
    "WEBER",
    "KELLER",
    "FISCHER",
    "SCHULTZ",
    "HARDING",
    "MARSHALL",
    "BURKE",
    "SULLIVAN",
    "FLANAGAN",
    "MCNEIL",
    "DUNCAN",
    "CAMPBELL",
    "STEWART",
    "RUSSELL",
    "GRAHAM",
    "FORBES",
    "LEWIS",
    "PRESTON",
    "BRADFORD",
    "WINSLOW",
    "ELDRIDGE",
    "THAYER",
    "BAXLEY",
    "PULASKI",
    "GRETNA",
];

/// The two halves of coined names (`SUN` + `TRUST`).
const COINED: ([&str; 22], [&str; 15]) = (
    [
        "SUN", "STAR", "TRI", "AMERI", "MID", "CENTRA", "UNI", "NORTH", "SOUTH", "WEST", "EAST",
        "CITI", "FIRST", "BANC", "VALLEY", "INTER", "NOVA", "ALPHA", "OMNI", "PRIME", "TRUE",
        "PEAK",
    ],
    [
        "TRUST", "STAR", "ONE", "FIRST", "MARK", "WEST", "POINT", "BRIDGE", "WAY", "PLUS", "CORP",
        "SOUTH", "GUARD", "VIEW", "CREST",
    ],
);

/// A state's name as banks use it (`IOWA STATE BANK`).
fn state_name(code: &str) -> Option<&'static str> {
    Some(match code {
        "AL" => "ALABAMA",
        "AK" => "ALASKA",
        "AZ" => "ARIZONA",
        "AR" => "ARKANSAS",
        "CA" => "CALIFORNIA",
        "CO" => "COLORADO",
        "CT" => "CONNECTICUT",
        "DE" => "DELAWARE",
        "FL" => "FLORIDA",
        "GA" => "GEORGIA",
        "HI" => "HAWAII",
        "ID" => "IDAHO",
        "IL" => "ILLINOIS",
        "IN" => "INDIANA",
        "IA" => "IOWA",
        "KS" => "KANSAS",
        "KY" => "KENTUCKY",
        "LA" => "LOUISIANA",
        "ME" => "MAINE",
        "MD" => "MARYLAND",
        "MA" => "MASSACHUSETTS",
        "MI" => "MICHIGAN",
        "MN" => "MINNESOTA",
        "MS" => "MISSISSIPPI",
        "MO" => "MISSOURI",
        "MT" => "MONTANA",
        "NE" => "NEBRASKA",
        "NV" => "NEVADA",
        "NH" => "NEW HAMPSHIRE",
        "NJ" => "NEW JERSEY",
        "NM" => "NEW MEXICO",
        "NY" => "NEW YORK",
        "NC" => "NORTH CAROLINA",
        "ND" => "NORTH DAKOTA",
        "OH" => "OHIO",
        "OK" => "OKLAHOMA",
        "OR" => "OREGON",
        "PA" => "PENNSYLVANIA",
        "RI" => "RHODE ISLAND",
        "SC" => "SOUTH CAROLINA",
        "SD" => "SOUTH DAKOTA",
        "TN" => "TENNESSEE",
        "TX" => "TEXAS",
        "UT" => "UTAH",
        "VT" => "VERMONT",
        "VA" => "VIRGINIA",
        "WA" => "WASHINGTON",
        "WV" => "WEST VIRGINIA",
        "WI" => "WISCONSIN",
        "WY" => "WYOMING",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_towns_are_fixed_per_state_and_well_formed() {
        let (a, b) = (Namer::new(1), Namer::new(2));
        assert_eq!(a.small_town(3, 17), b.small_town(3, 17), "not the seed's");
        let towns: std::collections::HashSet<String> =
            (0..1000).map(|n| a.small_town(1, n)).collect();
        assert!(towns.len() > 500, "{}", towns.len());
        for town in &towns {
            assert_eq!(town.trim(), town);
            assert!(!town.contains("  "), "{town}");
        }
    }

    #[test]
    fn federal_reserve_names_are_abbreviated() {
        assert_eq!(
            abbreviate("THE PULASKI BANK & TRUST COMPANY"),
            "PULASKI B&TC"
        );
        assert_eq!(abbreviate("GRETNA STATE BANK"), "GRETNA ST BK");
        assert_eq!(abbreviate("FIRST COMMUNITY BANK, INC."), "FIRST CMNTY BK");
    }

    #[test]
    fn a_seed_gives_the_same_names() {
        let run = |seed| {
            let mut namer = Namer::new(seed);
            (0..500)
                .map(|i| namer.next(i % tables::STATES.len(), "FDIC"))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(4), run(4));
        assert_ne!(run(4), run(5));
    }
}
