//! The public record's columns (`fdic_cert`, `rssd_id`, `occ_charter`,
//! `assets`, `exam_method`, `active`, `pe_url`), for any row that carries
//! a bank's public record: shown by `--columns` and `--enriched` after a
//! command's own columns, and the first to give way on a narrow terminal.

use super::Fit;
use super::cell::Cell;
use super::column::{Column, Kind};
use crate::domain::{HasPublic, PublicRecord};

fn field<R: HasPublic, T>(row: &R, pick: impl Fn(&PublicRecord) -> Option<T>) -> Option<T> {
    row.public().and_then(pick)
}

fn fdic_cert<R: HasPublic>(row: &R) -> Cell<'_> {
    field(row, |p| p.fdic_cert).map_or(Cell::Empty, Cell::count)
}

fn rssd_id<R: HasPublic>(row: &R) -> Cell<'_> {
    field(row, |p| p.rssd_id).map_or(Cell::Empty, Cell::count)
}

fn occ_charter<R: HasPublic>(row: &R) -> Cell<'_> {
    field(row, |p| p.occ_charter).map_or(Cell::Empty, Cell::count)
}

fn assets<R: HasPublic>(row: &R) -> Cell<'_> {
    field(row, |p| p.assets).map_or(Cell::Empty, Cell::count)
}

fn exam_method<R: HasPublic>(row: &R) -> Cell<'_> {
    Cell::maybe(row.public().and_then(|p| p.exam_method.as_deref()))
}

fn active<R: HasPublic>(row: &R) -> Cell<'_> {
    field(row, |p| p.active).map_or(Cell::Empty, Cell::Bool)
}

fn pe_url<R: HasPublic>(row: &R) -> Cell<'_> {
    Cell::maybe(row.public().and_then(|p| p.pe_url.as_deref()))
}

fn lending_test<R: HasPublic>(row: &R) -> Cell<'_> {
    Cell::maybe(row.public().and_then(|p| p.lending_test.as_deref()))
}

fn investment_test<R: HasPublic>(row: &R) -> Cell<'_> {
    Cell::maybe(row.public().and_then(|p| p.investment_test.as_deref()))
}

fn service_test<R: HasPublic>(row: &R) -> Cell<'_> {
    Cell::maybe(row.public().and_then(|p| p.service_test.as_deref()))
}

fn cd_test<R: HasPublic>(row: &R) -> Cell<'_> {
    Cell::maybe(row.public().and_then(|p| p.cd_test.as_deref()))
}

fn sb_loans<R: HasPublic>(row: &R) -> Cell<'_> {
    field(row, |p| p.sb_loans).map_or(Cell::Empty, Cell::count)
}

/// A share as `cra lending` shows it: a fraction to four places in files,
/// a percentage on a table.
fn share<R: HasPublic>(row: &R, pick: impl Fn(&PublicRecord) -> Option<f64>) -> Cell<'_> {
    field(row, pick).map_or(Cell::Empty, |x| Cell::Fixed(x, 4))
}

fn sb_lmi_share<R: HasPublic>(row: &R) -> Cell<'_> {
    share(row, |p| p.sb_lmi_share)
}

fn sb_market_lmi_share<R: HasPublic>(row: &R) -> Cell<'_> {
    share(row, |p| p.sb_market_lmi_share)
}

fn sb_in_area_share<R: HasPublic>(row: &R) -> Cell<'_> {
    share(row, |p| p.sb_in_area_share)
}

fn cd_loans_amount<R: HasPublic>(row: &R) -> Cell<'_> {
    field(row, |p| p.cd_loans_amount).map_or(Cell::Empty, Cell::count)
}

/// The public record's columns for rows of type `R`, in the order
/// `--enriched` appends them. Identifiers are numbers never grouped by
/// thousands; assets an amount, compact on a table (`$3.16B`); the
/// lending behind the exam last (`cra enrich --lending`): shares
/// percentages on a table, fractions in files.
pub const fn columns<R: HasPublic + 'static>() -> [Column<R>; 16] {
    [
        Column::new(
            "fdic_cert",
            "FDIC CERT",
            Kind::Number,
            Fit::Keep { rank: 24 },
            fdic_cert::<R>,
        ),
        Column::new(
            "rssd_id",
            "RSSD ID",
            Kind::Number,
            Fit::Keep { rank: 25 },
            rssd_id::<R>,
        ),
        Column::new(
            "occ_charter",
            "OCC CHARTER",
            Kind::Number,
            Fit::Keep { rank: 26 },
            occ_charter::<R>,
        ),
        Column::new(
            "assets",
            "ASSETS",
            Kind::Money,
            Fit::Keep { rank: 21 },
            assets::<R>,
        ),
        Column::new(
            "exam_method",
            "EXAM METHOD",
            Kind::Text,
            Fit::Shorten { rank: 23, min: 10 },
            exam_method::<R>,
        ),
        Column::new(
            "active",
            "ACTIVE",
            Kind::Bool,
            Fit::Keep { rank: 22 },
            active::<R>,
        ),
        Column::new(
            "pe_url",
            "PE",
            Kind::Link,
            Fit::Shorten { rank: 27, min: 12 },
            pe_url::<R>,
        ),
        Column::new(
            "lending_test",
            "LENDING",
            Kind::Text,
            Fit::Rating { rank: 28 },
            lending_test::<R>,
        ),
        Column::new(
            "investment_test",
            "INVESTMENT",
            Kind::Text,
            Fit::Rating { rank: 29 },
            investment_test::<R>,
        ),
        Column::new(
            "service_test",
            "SERVICE",
            Kind::Text,
            Fit::Rating { rank: 30 },
            service_test::<R>,
        ),
        Column::new(
            "cd_test",
            "CD TEST",
            Kind::Text,
            Fit::Rating { rank: 31 },
            cd_test::<R>,
        ),
        Column::new(
            "sb_loans",
            "SB LOANS",
            Kind::Count,
            Fit::Keep { rank: 32 },
            sb_loans::<R>,
        ),
        Column::new(
            "sb_lmi_share",
            "SB LMI",
            Kind::Share,
            Fit::Keep { rank: 33 },
            sb_lmi_share::<R>,
        ),
        Column::new(
            "sb_market_lmi_share",
            "MKT LMI",
            Kind::Share,
            Fit::Keep { rank: 34 },
            sb_market_lmi_share::<R>,
        ),
        Column::new(
            "sb_in_area_share",
            "IN AREA",
            Kind::Share,
            Fit::Keep { rank: 35 },
            sb_in_area_share::<R>,
        ),
        Column::new(
            "cd_loans_amount",
            "CD LOANS",
            Kind::Money,
            Fit::Keep { rank: 36 },
            cd_loans_amount::<R>,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Row(Option<PublicRecord>);

    impl HasPublic for Row {
        fn public(&self) -> Option<&PublicRecord> {
            self.0.as_ref()
        }
    }

    const COLUMNS: [Column<Row>; 16] = columns::<Row>();

    #[test]
    fn each_field_is_a_typed_cell_and_nothing_is_empty() {
        let record = PublicRecord {
            fdic_cert: Some(3510),
            assets: Some(2_000_000_000),
            exam_method: Some("Large Bank".into()),
            active: Some(true),
            ..PublicRecord::default()
        };
        let row = Row(Some(record));
        let cells: Vec<Cell> = COLUMNS.iter().map(|c| (c.get)(&row)).collect();
        assert_eq!(
            cells,
            [
                Cell::Int(3510),
                Cell::Empty,
                Cell::Empty,
                Cell::Int(2_000_000_000),
                Cell::text("Large Bank"),
                Cell::Bool(true),
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty
            ]
        );
        // A column for each field of the record, named as its json key.
        let names: Vec<&str> = COLUMNS.iter().map(|c| c.name).collect();
        let json = PublicRecord::default().to_json();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(names, keys);
        assert!(COLUMNS.iter().all(|c| (c.get)(&Row(None)) == Cell::Empty));
        let json = crate::domain::public::with_public_record(serde_json::json!({"id": "a"}), None);
        assert_eq!(json["public_record"]["assets"], serde_json::Value::Null);
        assert_eq!(json["id"], "a");
    }
}
