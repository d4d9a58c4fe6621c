//! The public record: what the agencies publish about the banks the
//! service names only by a UUID. The FFIEC's Interagency CRA Ratings file
//! (every published exam with the institution's agency ID, its assets and
//! the exam method), the FDIC's BankFind (each institution's other
//! identifiers, whether it is active, its latest assets), the linking of
//! the service's banks to them (`link`, scored in `score` over the
//! spellings of `names`), and the address of a public evaluation (`pe`).
//! Pure code and readers of the published formats: the local copy stores
//! what is made here (`mirror::record`), and `cra enrich` brings it in.

pub mod history;
pub mod link;
pub mod names;
pub mod pe;
pub mod public;
pub mod score;
