//! Writes a corpus of public evaluations for the benchmark (`bench/pe.sh`):
//! N PDFs of 20 to 60 pages as the sandbox writes them (every agency's
//! layout, large banks' tables and multistate sections, intermediate small
//! and small banks' sentences), none scanned, each drawn from its number:
//!
//! ```text
//! cargo run --release --example pe-corpus -- DIR [N]   # N defaults to 1000
//! ```

use std::path::PathBuf;

use cra::domain::Level;
use cra::evaluation::model::{Area, Evaluation, IdKind, Kind, PrintedId};
use cra::sandbox::draw::Draw;
use cra::sandbox::pe::{Agency, PeSpec, draw_tests, write};

fn main() -> std::io::Result<()> {
    let mut args = std::env::args_os().skip(1);
    let dir = PathBuf::from(args.next().expect("usage: pe-corpus DIR [N]"));
    let n: u64 = args
        .next()
        .and_then(|n| n.to_str()?.parse().ok())
        .unwrap_or(1000);
    std::fs::create_dir_all(&dir)?;
    let mut pages = 0;
    for i in 0..n {
        let mut draw = Draw::new(i, 0x434f_5250);
        let kind = *draw.pick(&[Kind::Large, Kind::IntermediateSmall, Kind::Small]);
        let overall = *draw.pick(&[
            Level::Outstanding,
            Level::Satisfactory,
            Level::Satisfactory,
            Level::NeedsToImprove,
        ]);
        let areas: Vec<Area> = if kind == Kind::Large && draw.chance(0.4) {
            vec![Area::State("TX".into()), Area::State("OK".into())]
        } else {
            Vec::new()
        };
        let (agency, id_kind) = *draw.pick(&[
            (Agency::Occ, IdKind::OccCharter),
            (Agency::Fdic, IdKind::FdicCert),
            (Agency::Frb, IdKind::Rssd),
        ]);
        let id = PrintedId {
            kind: id_kind,
            number: 10_000 + i,
        };
        let evaluation = Evaluation {
            name: format!("CORPUS BANK NUMBER {i}"),
            ids: vec![id.clone()],
            date: Some(format!("20{:02}-0{}-1{}", 10 + i % 15, 1 + i % 9, i % 10)),
            rating: Some(overall),
            kind,
            tests: draw_tests(overall, kind, &areas, &mut draw),
            area_ratings: vec![],
        };
        // 20 to 60 pages: the cover, the ratings, the areas and narrative.
        let narrative = 18 + draw.below(41) - areas.len();
        let bytes = write(&PeSpec {
            agency,
            name: &evaluation.name,
            city: "AUSTIN",
            state: "TX",
            id,
            date: evaluation.date.as_deref().unwrap_or_default(),
            evaluation: &evaluation,
            table: kind == Kind::Large && draw.chance(0.5),
            scanned: false,
            narrative_pages: narrative,
            seed: i,
        });
        pages += 2 + narrative + areas.len();
        std::fs::write(dir.join(format!("pe-{i:05}.pdf")), bytes)?;
    }
    eprintln!(
        "wrote {n} evaluations, about {pages} pages, into {}",
        dir.display()
    );
    Ok(())
}
