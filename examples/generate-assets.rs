//! Regenerates the committed shell completions (`completions/`) and man
//! pages (`man/`) from the clap definition:
//!
//! ```text
//! cargo run --example generate-assets            # into this repository
//! cargo run --example generate-assets -- DIR     # into DIR/completions, DIR/man
//! ```
//!
//! An example rather than a subcommand, so it is neither installed nor
//! offered by the completions it writes. `tests/suite/docs/man.rs` fails
//! when the committed files differ from what this writes.

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let root = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    for path in cra::assets::write_all(&root, &cra::cli::command())? {
        println!("wrote {}", path.display());
    }
    Ok(())
}
