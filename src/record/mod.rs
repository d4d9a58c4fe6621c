//! The public record: what the agencies publish about the banks the
//! service names only by a UUID.
//!
//! Its formats: the FFIEC's Interagency CRA Ratings file (`ffiec`: one line
//! per published exam, with the agency's ID of the institution, its assets
//! and the exam method) and the FDIC's BankFind institutions (`bankfind`:
//! each insured institution's other identifiers, whether it is still
//! active, its latest assets). Bytes in, typed records out, and back, so
//! that `cra enrich`, the local copy and the sandbox all read and write
//! them through one definition.
//!
//! What `cra` makes of them: the linking of the service's banks to the
//! file's institutions (`link`, over the `register` of the file's
//! institutions, scored in `score` over the facts of `history` and the
//! spellings of `names`, an institution claimed twice settled by `claims`,
//! each bank not linked told why by a `reason`), the shapes the local copy
//! keeps and what a link says of a bank (`public`), and the address of a
//! public evaluation (`pe`). Pure code: no network and no SQLite (the copy
//! stores what is made here, `mirror::record`). Only `domain` is below it.

pub mod bankfind;
pub mod claims;
pub mod ffiec;
pub mod history;
pub mod link;
pub mod names;
pub mod pe;
pub mod public;
pub mod reason;
pub mod register;
pub mod score;

pub use bankfind::history::{Change, FIELDS as HISTORY_FIELDS, parse_history};
pub use bankfind::{
    BankfindError, LIMIT_MAX as BANKFIND_PAGE_MAX, Query, URL as BANKFIND_URL,
    parse_page as parse_bankfind_page,
};
pub use ffiec::{
    Content as FfiecContent, FfiecError, URL as FFIEC_URL, read_all as read_ffiec_file,
    sniff as sniff_ffiec,
};
pub use link::Day;
pub use pe::{Address, address};
pub use public::{FileExam, Listed};
