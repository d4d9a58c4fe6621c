//! The CRA's vocabulary as types: the four ratings (best first), the exam
//! types the service filters by, and the regulators. Each is open: a value
//! the service sends that is not among the known ones is kept as `Other`
//! with its text, compared and printed as sent.
//!
//! The three are declared by one macro, each as one list of its known
//! values and their spelling. That list is the only place a value is
//! spelled or ordered: the rating scale is the order of [`Rating::SCALE`],
//! and [`Rating::rank`], the local copy's SQL and every sort read it from
//! there. A known value is a plain variant (reading one allocates
//! nothing); only an unknown text is held as a `String`.

use std::fmt;
use std::hash::{Hash, Hasher};

/// Declares an open enumeration: its known variants with the service's
/// spelling (in the order given), `Other(String)` for any other text, and
/// what every caller needs of it: from and to text, `Display`, equality by
/// text, and serde as a JSON string.
macro_rules! open_vocabulary {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident = $text:literal, )+
        }
        known: $known:ident, texts: $texts:ident, count: $count:literal;
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone)]
        pub enum $name {
            $( $(#[$variant_meta])* $variant, )+
            /// Any other text, exactly as the service sent it.
            Other(String),
        }

        impl $name {
            /// The known values, in the order declared.
            pub const $known: [$name; $count] = [$($name::$variant),+];

            /// The known values as the service spells them, in the same order.
            pub const $texts: [&'static str; $count] = [$($text),+];

            /// The value a text names exactly (the service's spelling,
            /// case and spaces included), or `Other` with the text.
            pub fn from_text(text: &str) -> $name {
                match text {
                    $($text => $name::$variant,)+
                    other => $name::Other(other.to_string()),
                }
            }

            /// [`Self::from_text`] of an owned text: an unknown one is
            /// kept without a copy.
            pub fn from_string(text: String) -> $name {
                match text.as_str() {
                    $($text => $name::$variant,)+
                    _ => $name::Other(text),
                }
            }

            /// The text, exactly as served.
            pub fn as_str(&self) -> &str {
                match self {
                    $($name::$variant => $text,)+
                    $name::Other(text) => text,
                }
            }

            /// Whether it is one of the known values.
            pub fn is_known(&self) -> bool {
                !matches!(self, $name::Other(_))
            }

            /// Its place among the known values; none for `Other`.
            pub fn position(&self) -> Option<usize> {
                let this = std::mem::discriminant(self);
                Self::$known
                    .iter()
                    .position(|known| std::mem::discriminant(known) == this)
            }
        }

        /// Equal when the texts are: `Other("X")` built by hand equals the
        /// known `X` (reading never builds one; equality does not depend
        /// on it).
        impl PartialEq for $name {
            fn eq(&self, other: &$name) -> bool {
                match (self, other) {
                    ($name::Other(_), _) | (_, $name::Other(_)) => self.as_str() == other.as_str(),
                    _ => std::mem::discriminant(self) == std::mem::discriminant(other),
                }
            }
        }

        impl Eq for $name {}

        impl Hash for $name {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_str().hash(state);
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl From<&str> for $name {
            fn from(text: &str) -> $name {
                $name::from_text(text)
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> $name {
                $name::from_string(text)
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> String {
                match value {
                    $name::Other(text) => text,
                    known => known.as_str().to_string(),
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        /// From any JSON string; anything else is refused as a `String`
        /// field would be ("expected a string"), so `model::typed` names
        /// the field's path as before.
        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$name, D::Error> {
                struct Text;

                impl serde::de::Visitor<'_> for Text {
                    type Value = $name;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str("a string")
                    }

                    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<$name, E> {
                        Ok($name::from_text(text))
                    }

                    fn visit_string<E: serde::de::Error>(self, text: String) -> Result<$name, E> {
                        Ok($name::from_string(text))
                    }
                }

                deserializer.deserialize_string(Text)
            }
        }
    };
}

open_vocabulary! {
    /// A CRA rating: the four the statute defines, best first, or another text.
    pub enum Rating {
        Outstanding = "Outstanding",
        Satisfactory = "Satisfactory",
        NeedsToImprove = "Needs to Improve",
        SubstantialNoncompliance = "Substantial Noncompliance",
    }
    known: SCALE, texts: NAMES, count: 4;
}

/// A sort's place for a rating that is not on the scale ([`Rating::sort_rank`]).
const OTHER_RANK: u8 = Rating::NAMES.len() as u8;

impl Rating {
    /// The place on the scale, 0 best (its place in [`Rating::SCALE`]);
    /// none for a rating outside it.
    pub fn rank(&self) -> Option<usize> {
        self.position()
    }

    /// The place of a (maybe missing) rating in a rating sort: the scale
    /// best first, then any other text, then none. What the local copy's
    /// SQL computes too (`mirror::clauses::rating_rank_sql` is built from it).
    pub fn sort_rank(rating: Option<&Rating>) -> u8 {
        match rating {
            Some(rating) => rating.rank().map_or(OTHER_RANK, |r| r as u8),
            None => OTHER_RANK + 1,
        }
    }

    /// Needs to Improve or Substantial Noncompliance: a failing rating, as
    /// the community groups that track repeat failures count one. A rating
    /// outside the scale is not.
    pub fn is_failing(&self) -> bool {
        self.rank().is_some_and(|rank| rank > 1)
    }
}

/// How a rating record compares with the same bank's previous one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RatingChange {
    Upgrade,
    Downgrade,
    Same,
    First,
    Other,
    /// Not a change of rating but the bank's end: it merged into another
    /// (a structure change of BankFind's history), listed only when asked.
    Merged,
    /// The same: it failed.
    Failed,
}

impl RatingChange {
    pub const ALL: [RatingChange; 5] = [
        RatingChange::Upgrade,
        RatingChange::Downgrade,
        RatingChange::Same,
        RatingChange::First,
        RatingChange::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RatingChange::Upgrade => "upgrade",
            RatingChange::Downgrade => "downgrade",
            RatingChange::Same => "same",
            RatingChange::First => "first",
            RatingChange::Other => "other",
            RatingChange::Merged => "merged",
            RatingChange::Failed => "failed",
        }
    }
}

/// The kind of change from `previous` (none: the bank's first record) to
/// `rating`, by their places on the scale ([`Rating::rank`]). A first
/// record is `first` whatever its rating.
pub fn change_kind(previous: Option<&Rating>, rating: &Rating) -> RatingChange {
    let Some(previous) = previous else {
        return RatingChange::First;
    };
    match (previous.rank(), rating.rank()) {
        (Some(before), Some(now)) if now < before => RatingChange::Upgrade,
        (Some(before), Some(now)) if now > before => RatingChange::Downgrade,
        (Some(_), Some(_)) => RatingChange::Same,
        _ => RatingChange::Other,
    }
}

open_vocabulary! {
    /// The exam type of a rating, which the service's `size` filter selects by.
    pub enum ExamType {
        LargeBank = "Large Bank",
        SmallBank = "Small Bank",
        IntermediateSmallBank = "Intermediate Small Bank",
    }
    known: KNOWN, texts: SIZES, count: 3;
}

impl ExamType {
    /// A size as a user types it: an exact exam type or an alias (large,
    /// small, intermediate), any case; none for anything else.
    pub fn from_alias(text: &str) -> Option<ExamType> {
        match text.trim().to_ascii_lowercase().as_str() {
            "large" | "large bank" => Some(ExamType::LargeBank),
            "small" | "small bank" => Some(ExamType::SmallBank),
            "intermediate" | "intermediate small" | "intermediate small bank" => {
                Some(ExamType::IntermediateSmallBank)
            }
            _ => None,
        }
    }
}

open_vocabulary! {
    /// A regulating agency's abbreviation. The service does not publish the
    /// set; these are the agencies of the public CRA ratings file.
    pub enum Regulator {
        Fdic = "FDIC",
        Occ = "OCC",
        Frb = "FRB",
        /// The Office of Thrift Supervision, closed in 2011.
        Ots = "OTS",
    }
    known: KNOWN, texts: NAMES, count: 4;
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ratings_rank_best_first() {
        assert_eq!(Rating::Outstanding.rank(), Some(0));
        assert_eq!(Rating::SubstantialNoncompliance.rank(), Some(3));
        assert_eq!(Rating::from_text("Glorious").rank(), None);
        for (rank, rating) in Rating::SCALE.iter().enumerate() {
            assert_eq!(rating.rank(), Some(rank));
            assert_eq!(rating.as_str(), Rating::NAMES[rank]);
            assert_eq!(Rating::from_text(Rating::NAMES[rank]), *rating);
        }
        let order: Vec<u8> = ["Outstanding", "Substantial Noncompliance", "outstanding"]
            .map(Rating::from_text)
            .iter()
            .map(Some)
            .chain([None])
            .map(Rating::sort_rank)
            .collect();
        assert_eq!(order, [0, 3, 4, 5]);
    }

    #[test]
    fn exam_type_aliases() {
        assert_eq!(ExamType::from_alias("LARGE"), Some(ExamType::LargeBank));
        assert_eq!(
            ExamType::from_alias(" intermediate small "),
            Some(ExamType::IntermediateSmallBank)
        );
        assert_eq!(ExamType::from_alias("medium"), None);
        for (i, size) in ExamType::KNOWN.iter().enumerate() {
            assert_eq!(
                ExamType::from_alias(ExamType::SIZES[i]).as_ref(),
                Some(size)
            );
        }
    }

    #[test]
    fn known_values_are_plain_variants_and_equal_by_text() {
        assert_eq!(Regulator::from_text("OCC"), Regulator::Occ);
        assert!(Regulator::Ots.is_known() && !Regulator::from_text("occ").is_known());
        // Built by hand, an `Other` with a known text is still that value.
        assert_eq!(Rating::Other("Outstanding".into()), Rating::Outstanding);
        let hash = |r: &Rating| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            r.hash(&mut h);
            h.finish()
        };
        assert_eq!(
            hash(&Rating::Other("Outstanding".into())),
            hash(&Rating::Outstanding)
        );
        assert_ne!(Rating::Outstanding, Rating::Satisfactory);
        assert_eq!(String::from(Regulator::from_text("NCUA")), "NCUA");
        assert_eq!(Regulator::Fdic.to_string(), "FDIC");
    }

    #[test]
    fn a_value_of_another_json_type_is_refused_as_a_string_field_is() {
        let err = serde_json::from_str::<Rating>("5").unwrap_err().to_string();
        let string_err = serde_json::from_str::<String>("5").unwrap_err().to_string();
        assert_eq!(err, string_err);
        assert!(serde_json::from_value::<ExamType>(serde_json::Value::Null).is_err());
    }

    fn round_trips<T>(text: &str) -> Result<(), TestCaseError>
    where
        T: serde::Serialize + serde::de::DeserializeOwned + AsRef<str> + fmt::Debug,
    {
        let json = serde_json::to_string(text).unwrap();
        // From a reader (borrowed or escaped text), from a tree (owned).
        let read: T = serde_json::from_str(&json).unwrap();
        let tree: T = serde_json::from_value(serde_json::Value::String(text.into())).unwrap();
        let borrowed: T =
            serde::Deserialize::deserialize(&serde_json::Value::String(text.into())).unwrap();
        for value in [read, tree, borrowed] {
            prop_assert_eq!(value.as_ref(), text);
            prop_assert_eq!(serde_json::to_string(&value).unwrap(), json.clone());
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn any_text_round_trips(text in ".*") {
            prop_assert_eq!(Rating::from_text(&text).to_string(), text.clone());
            prop_assert_eq!(ExamType::from_text(&text).to_string(), text.clone());
            prop_assert_eq!(String::from(Regulator::from_string(text.clone())), text.clone());
            round_trips::<Rating>(&text)?;
            round_trips::<ExamType>(&text)?;
            round_trips::<Regulator>(&text)?;
        }

        #[test]
        fn known_texts_round_trip_through_serde(i in 0usize..4, j in 0usize..3) {
            round_trips::<Rating>(Rating::NAMES[i])?;
            round_trips::<Regulator>(Regulator::NAMES[i])?;
            round_trips::<ExamType>(ExamType::SIZES[j])?;
            let rating: Rating = serde_json::from_str(&format!("\"{}\"", Rating::NAMES[i])).unwrap();
            prop_assert_eq!(rating.rank(), Some(i));
        }
    }
}
