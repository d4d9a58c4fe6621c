//! Why a bank is not linked, or why it lost the link it had: each reason
//! names what is true of the bank and its closest institution, so that
//! `cra pe`, `cra show` and the enrich summary say the real cause (an
//! FDIC bank dated by its exams' own days was once told it had "another
//! name, state or rating" when only its dates differed).

/// Why a bank was not linked, or let go of its link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reason {
    /// No exam to match.
    NoExams,
    /// No institution of the file shares an exam with it.
    NotInFile,
    /// Its closest institution agrees in regulator, state, city and name,
    /// but too few of their exams match (each lacks exams the other has).
    FewExams,
    /// Its closest institution has another name, city or regulator, and
    /// too few exams in common to outweigh that.
    OtherName,
    /// Its closest institution was never in its state (a twin of it, or a
    /// move the file does not show).
    OtherState,
    /// Its closest institution has an exam of the same day rated otherwise.
    Conflict,
    /// What copies enriched before the reasons above were told apart say
    /// of any of them (read, never written).
    Weak,
    /// Two or more institutions fit it as well.
    Ambiguous,
    /// Its institution fits another bank better (or another bank holds it).
    Claimed,
    /// Lost only: another institution now fits it better by the margin.
    OtherInstitution,
    /// Lost only: the file no longer has the institution it was linked to.
    Withdrawn,
}

impl Reason {
    /// The reasons a bank is not linked, as an enrich counts them.
    pub const ALL: [Reason; 8] = [
        Reason::NoExams,
        Reason::NotInFile,
        Reason::FewExams,
        Reason::OtherName,
        Reason::OtherState,
        Reason::Conflict,
        Reason::Ambiguous,
        Reason::Claimed,
    ];

    /// The reasons a bank loses the link it had. Never `Ambiguous`: a
    /// link is kept while no other institution fits better by the margin
    /// (an equally good one does not contradict it).
    pub const LOST: [Reason; 9] = [
        Reason::NoExams,
        Reason::NotInFile,
        Reason::FewExams,
        Reason::OtherName,
        Reason::OtherState,
        Reason::Conflict,
        Reason::Claimed,
        Reason::OtherInstitution,
        Reason::Withdrawn,
    ];

    /// Its name in summaries and the copy.
    pub fn name(self) -> &'static str {
        match self {
            Reason::NoExams => "no_exams",
            Reason::NotInFile => "not_in_file",
            Reason::FewExams => "few_exams",
            Reason::OtherName => "other_name",
            Reason::OtherState => "other_state",
            Reason::Conflict => "conflict",
            Reason::Weak => "weak",
            Reason::Ambiguous => "ambiguous",
            Reason::Claimed => "claimed",
            Reason::OtherInstitution => "other_institution",
            Reason::Withdrawn => "withdrawn",
        }
    }

    pub fn from_name(name: &str) -> Option<Reason> {
        Reason::ALL
            .into_iter()
            .chain(Reason::LOST)
            .chain([Reason::Weak])
            .find(|r| r.name() == name)
    }

    /// What it means, for a person.
    pub fn explain(self) -> &'static str {
        match self {
            Reason::NoExams => "it has no exam to match",
            Reason::NotInFile => "no institution of the FFIEC file shares an exam with it",
            Reason::FewExams => {
                "its closest institution in the FFIEC file agrees in regulator, state, city and \
                 name, but too few of their exams match (each lacks exams the other has)"
            }
            Reason::OtherName => {
                "its closest institution in the FFIEC file has another name, city or regulator, \
                 and too few exams in common with it to outweigh that"
            }
            Reason::OtherState => {
                "the institution of the FFIEC file whose exams match its own was never in its \
                 state"
            }
            Reason::Conflict => {
                "its closest institution in the FFIEC file rates an exam of the same day otherwise"
            }
            Reason::Weak => "its closest institution in the FFIEC file agrees too little",
            Reason::Ambiguous => "two or more institutions of the FFIEC file fit it equally well",
            Reason::Claimed => "the institution that fits it fits another bank better",
            Reason::OtherInstitution => {
                "another institution of the FFIEC file fits it better than the one it was linked to"
            }
            Reason::Withdrawn => "the FFIEC file no longer has the institution it was linked to",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_reads_back_by_its_name() {
        for reason in Reason::ALL.into_iter().chain(Reason::LOST) {
            assert_eq!(Reason::from_name(reason.name()), Some(reason));
            assert!(!reason.explain().is_empty());
        }
        // What older copies hold still reads.
        assert_eq!(Reason::from_name("weak"), Some(Reason::Weak));
        assert_eq!(Reason::from_name("unknown"), None);
        assert!(!Reason::LOST.contains(&Reason::Ambiguous));
    }
}
