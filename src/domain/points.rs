//! The interagency points of a large bank's tests: how the Lending,
//! Investment and Service Tests of a 1995-rule large bank add up to its
//! overall rating. Lending gives 12, 9, 6, 3 or 0 points (Outstanding,
//! High Satisfactory, Low Satisfactory, Needs to Improve, Substantial
//! Noncompliance), Investment and Service 6, 4, 3, 1 or 0; the total is
//! capped at three times the Lending Test's points, and 20 or more is
//! Outstanding, 11 to 19 Satisfactory, 5 to 10 Needs to Improve, below 5
//! Substantial Noncompliance. `show` says it where a PE's overall rating
//! is not the copy's.

use super::{Level, Rating, Test};

/// The points of a large bank's three tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Points {
    pub lending: u32,
    pub investment: u32,
    pub service: u32,
}

/// A level's place on the large bank's five-level scale (0 Outstanding
/// to 4 Substantial Noncompliance); none for plain Satisfactory, which
/// rates no large bank's test.
fn place(level: Level) -> Option<usize> {
    match level {
        Level::Outstanding => Some(0),
        Level::HighSatisfactory => Some(1),
        Level::LowSatisfactory => Some(2),
        Level::NeedsToImprove => Some(3),
        Level::SubstantialNoncompliance => Some(4),
        Level::Satisfactory => None,
    }
}

const LENDING: [u32; 5] = [12, 9, 6, 3, 0];
const OTHER: [u32; 5] = [6, 4, 3, 1, 0];

impl Points {
    /// The points of the three tests' levels; none when one is not on the
    /// five-level scale.
    pub fn of(lending: Level, investment: Level, service: Level) -> Option<Points> {
        Some(Points {
            lending: LENDING[place(lending)?],
            investment: OTHER[place(investment)?],
            service: OTHER[place(service)?],
        })
    }

    /// The points of a PE's test ratings at the institution's level
    /// (`(test, rating)` as the copy stores them: `lending`, `High
    /// Satisfactory`): none unless it rates the Lending, Investment and
    /// Service Tests, each on the five-level scale.
    pub fn of_tests<'a>(tests: impl IntoIterator<Item = (&'a str, &'a str)>) -> Option<Points> {
        let mut levels = [None; 3];
        for (test, rating) in tests {
            let slot = match Test::from_name(test) {
                Some(Test::Lending) => 0,
                Some(Test::Investment) => 1,
                Some(Test::Service) => 2,
                _ => continue,
            };
            levels[slot] = Some(Level::from_text(rating)?);
        }
        let [Some(lending), Some(investment), Some(service)] = levels else {
            return None;
        };
        Points::of(lending, investment, service)
    }

    /// The three tests' points added, before the cap.
    pub fn sum(self) -> u32 {
        self.lending + self.investment + self.service
    }

    /// The most the total may be: three times the Lending Test's points.
    pub fn cap(self) -> u32 {
        3 * self.lending
    }

    /// The total the rating is read from: the sum, capped.
    pub fn total(self) -> u32 {
        self.sum().min(self.cap())
    }

    /// The overall rating the total gives.
    pub fn rating(self) -> Rating {
        match self.total() {
            20.. => Rating::Outstanding,
            11..=19 => Rating::Satisfactory,
            5..=10 => Rating::NeedsToImprove,
            _ => Rating::SubstantialNoncompliance,
        }
    }

    /// In words: `12+4+6 = 22 points, Outstanding`; with the cap,
    /// `3+6+6 = 15 points, capped at 9 (three times the Lending Test's),
    /// Needs to Improve`.
    pub fn said(self) -> String {
        let mut said = format!(
            "{}+{}+{} = {} points",
            self.lending,
            self.investment,
            self.service,
            self.sum()
        );
        if self.sum() > self.cap() {
            said.push_str(&format!(
                ", capped at {} (three times the Lending Test's)",
                self.cap()
            ));
        }
        said.push_str(&format!(", {}", self.rating().as_str()));
        said
    }

    /// As json: each test's points, the sum, the cap, the total and the
    /// rating it gives.
    pub fn to_json(self) -> serde_json::Value {
        serde_json::json!({
            "lending": self.lending,
            "investment": self.investment,
            "service": self.service,
            "sum": self.sum(),
            "cap": self.cap(),
            "total": self.total(),
            "rating": self.rating().as_str(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Level::{
        HighSatisfactory as HS, LowSatisfactory as LS, NeedsToImprove as NI, Outstanding as O,
        Satisfactory as S, SubstantialNoncompliance as SN,
    };
    use proptest::prelude::*;

    const FIVE: [Level; 5] = [O, HS, LS, NI, SN];

    #[test]
    fn the_issues_bank_adds_up_to_outstanding() {
        let points = Points::of(O, HS, O).unwrap();
        assert_eq!(points.sum(), 22);
        assert_eq!(points.rating(), Rating::Outstanding);
        assert_eq!(points.said(), "12+4+6 = 22 points, Outstanding");
    }

    #[test]
    fn the_scale_and_the_cuts() {
        assert_eq!(Points::of(O, O, O).unwrap().total(), 24);
        assert_eq!(
            Points::of(HS, HS, HS).unwrap().said(),
            "9+4+4 = 17 points, Satisfactory"
        );
        // 20 is Outstanding, 19 not; 11 Satisfactory, 10 not; 5 Needs to
        // Improve, 4 not.
        assert_eq!(Points::of(HS, O, LS).unwrap().total(), 18);
        assert_eq!(Points::of(O, HS, HS).unwrap().total(), 20);
        assert_eq!(Points::of(O, HS, HS).unwrap().rating(), Rating::Outstanding);
        assert_eq!(Points::of(HS, O, HS).unwrap().total(), 19);
        assert_eq!(
            Points::of(HS, O, HS).unwrap().rating(),
            Rating::Satisfactory
        );
        assert_eq!(Points::of(LS, HS, NI).unwrap().total(), 11);
        assert_eq!(
            Points::of(LS, HS, NI).unwrap().rating(),
            Rating::Satisfactory
        );
        assert_eq!(Points::of(LS, LS, SN).unwrap().total(), 9);
        assert_eq!(Points::of(LS, NI, SN).unwrap().total(), 7);
        assert_eq!(Points::of(NI, NI, NI).unwrap().total(), 5);
        assert_eq!(
            Points::of(NI, NI, NI).unwrap().rating(),
            Rating::NeedsToImprove
        );
        assert_eq!(Points::of(NI, NI, SN).unwrap().total(), 4);
        assert_eq!(
            Points::of(NI, NI, SN).unwrap().rating(),
            Rating::SubstantialNoncompliance
        );
        // Plain Satisfactory rates no large bank's test.
        assert_eq!(Points::of(S, O, O), None);
    }

    #[test]
    fn a_weak_lending_test_caps_the_total() {
        let points = Points::of(NI, O, O).unwrap();
        assert_eq!((points.sum(), points.cap(), points.total()), (15, 9, 9));
        assert_eq!(points.rating(), Rating::NeedsToImprove);
        assert_eq!(
            points.said(),
            "3+6+6 = 15 points, capped at 9 (three times the Lending Test's), Needs to Improve"
        );
        let none = Points::of(SN, O, O).unwrap();
        assert_eq!(none.total(), 0);
        assert_eq!(none.rating(), Rating::SubstantialNoncompliance);
    }

    #[test]
    fn read_from_the_copys_test_ratings() {
        let tests = [
            ("lending", "Outstanding"),
            ("investment", "High Satisfactory"),
            ("service", "Outstanding"),
        ];
        assert_eq!(Points::of_tests(tests), Points::of(O, HS, O));
        // Missing a test, or a level off the scale: no points.
        assert_eq!(Points::of_tests(tests[..2].iter().copied()), None);
        assert_eq!(
            Points::of_tests([
                ("lending", "Outstanding"),
                ("investment", "Satisfactory"),
                ("service", "Outstanding"),
            ]),
            None
        );
        assert_eq!(
            Points::of_tests([
                ("lending", "Outstanding"),
                ("investment", "Glorious"),
                ("service", "Outstanding"),
            ]),
            None
        );
        // Other tests are no part of it.
        let mut more = tests.to_vec();
        more.push(("community_development", "Needs to Improve"));
        assert_eq!(Points::of_tests(more), Points::of(O, HS, O));
        let json = Points::of(O, HS, O).unwrap().to_json();
        assert_eq!(json["total"], 22);
        assert_eq!(json["rating"], "Outstanding");
    }

    fn level() -> impl Strategy<Value = Level> {
        prop::sample::select(FIVE.to_vec())
    }

    fn rank(rating: Rating) -> usize {
        rating.rank().unwrap()
    }

    proptest! {
        /// A better level on any test never gives a worse rating; the
        /// total never passes the cap or 24; a Lending Test below Low
        /// Satisfactory never gives Satisfactory or better.
        #[test]
        fn better_tests_never_rate_worse(l in level(), i in level(), s in level(), which in 0usize..3) {
            let points = Points::of(l, i, s).unwrap();
            prop_assert!(points.total() <= points.cap().min(24));
            prop_assert!(points.total() <= points.sum());
            if matches!(l, NI | SN) {
                prop_assert!(rank(points.rating()) >= rank(Rating::NeedsToImprove));
            }
            let mut levels = [l, i, s];
            let at = FIVE.iter().position(|x| *x == levels[which]).unwrap();
            if at > 0 {
                levels[which] = FIVE[at - 1];
                let better = Points::of(levels[0], levels[1], levels[2]).unwrap();
                prop_assert!(better.total() >= points.total());
                prop_assert!(rank(better.rating()) <= rank(points.rating()));
            }
            // Said as it is computed.
            let said = points.said();
            let sum_said = format!("= {} points", points.sum());
            prop_assert!(said.contains(&sum_said));
            prop_assert!(said.ends_with(points.rating().as_str()));
        }
    }
}
