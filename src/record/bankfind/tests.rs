use jiff::civil::date;
use proptest::prelude::*;
use serde_json::json;

use super::*;

#[test]
fn a_live_answer_reads_with_numbers_as_numbers_or_strings() {
    // As the live API sends it (a row captured from it, fields omitted
    // where it has none), and the same values in other spellings.
    let answer = json!({
        "meta": {"total": "3", "parameters": {"limit": "10"}},
        "data": [
            {"data": {"ZIP": "32789", "REGAGNT": "FDIC", "ACTIVE": 1, "BKCLASS": "NM",
                      "FED_RSSD": "6075729", "NAME": "Portrait Bank", "CITY": "Winter Park",
                      "CERT": 59381, "STALP": "FL", "ID": "59381"}, "score": 0},
            {"data": {"CERT": "628", "CHARTER": "8", "DOCKET": "00000", "ACTIVE": "0",
                      "ASSET": 3_500_000_000.0_f64, "REPDTE": "20260630", "FED_RSSD": 0,
                      "NAME": " ", "STALP": "oh", "REGAGNT": "occ"}, "score": 1.5},
            {"CERT": 7, "ASSET": "n/a", "ACTIVE": true, "REPDTE": "06/30/2026", "DOCKET": 5848}
        ],
        "totals": {"count": 3}
    });
    let page = parse_page(answer.to_string().as_bytes()).unwrap();
    assert_eq!(page.total, Some(3));
    let [portrait, chase, flat] = &page.institutions[..] else {
        panic!("{page:?}")
    };
    assert_eq!(portrait.fdic_cert, Some(59381));
    assert_eq!(portrait.rssd_id, Some(6_075_729));
    assert_eq!(portrait.active, Some(true));
    assert_eq!(portrait.assets_thousands, None);
    assert_eq!(portrait.regulator, Some(Regulator::Fdic));
    assert_eq!(portrait.name.as_deref(), Some("Portrait Bank"));
    assert_eq!(
        (chase.occ_charter, chase.ots_docket, chase.rssd_id),
        (Some(8), None, None)
    );
    assert_eq!(chase.active, Some(false));
    assert_eq!(chase.assets_thousands, Some(3_500_000_000));
    assert_eq!(chase.report_date, Some(date(2026, 6, 30)));
    assert_eq!(chase.name, None, "a blank name is unknown");
    assert_eq!(chase.state.as_deref(), Some("OH"));
    assert_eq!(chase.regulator, Some(Regulator::Occ));
    assert_eq!(
        (flat.fdic_cert, flat.ots_docket, flat.active),
        (Some(7), Some(5848), Some(true))
    );
    assert_eq!(flat.report_date, Some(date(2026, 6, 30)));
    // No meta: the total from totals; neither: unknown.
    let page = parse_page(br#"{"data": [], "totals": {"count": 0}}"#).unwrap();
    assert_eq!(page.total, Some(0));
    assert_eq!(parse_page(br#"{"data": []}"#).unwrap().total, None);
}

#[test]
fn what_is_not_a_page_is_an_error_saying_why() {
    let e = |body: &[u8]| parse_page(body).unwrap_err().to_string();
    assert!(e(b"<html>Forbidden</html>").starts_with("not JSON ("));
    assert_eq!(
        e(b"[1]"),
        "not a BankFind answer: the answer is not a JSON object"
    );
    assert_eq!(
        e(br#"{"meta": {}}"#),
        "not a BankFind answer: no \"data\" list of institutions"
    );
    assert_eq!(
        e(br#"{"error": {"message": "bad filter"}}"#),
        "BankFind answered an error: bad filter"
    );
    assert_eq!(
        e(br#"{"message": "quota"}"#),
        "BankFind answered an error: quota"
    );
    assert_eq!(
        e(br#"{"data": [5]}"#),
        "not a BankFind answer: an item of \"data\" is not an object"
    );
}

#[test]
fn dates_read_in_each_of_bankfinds_forms() {
    for text in [
        "20260630",
        "06/30/2026",
        "2026-06-30",
        "2026-06-30T00:00:00",
    ] {
        assert_eq!(parse_date(text), Some(date(2026, 6, 30)), "{text}");
    }
    for text in ["2026063", "13/01/2026", "2026-02-30", "yesterday", ""] {
        assert_eq!(parse_date(text), None, "{text}");
    }
}

#[test]
fn a_record_is_written_as_the_api_writes_it() {
    let bank = Institution {
        fdic_cert: Some(3510),
        rssd_id: Some(480_228),
        occ_charter: Some(13_044),
        active: Some(true),
        assets_thousands: Some(2_000_000),
        report_date: Some(date(2026, 6, 30)),
        name: Some("Bank of America, National Association".into()),
        state: Some("NC".into()),
        regulator: Some(Regulator::Occ),
        ..Institution::default()
    };
    let record = bank.to_json(&[
        Field::Cert,
        Field::FedRssd,
        Field::Docket,
        Field::Active,
        Field::Repdte,
    ]);
    assert_eq!(
        serde_json::to_string(&record).unwrap(),
        r#"{"CERT":3510,"FED_RSSD":"480228","ACTIVE":1,"REPDTE":"20260630","ID":"3510"}"#
    );
    let page = write_page(1, [&bank], &Field::ALL, Map::new());
    let text = String::from_utf8(page.clone()).unwrap();
    assert!(
        text.starts_with(r#"{"meta":{"total":1,"parameters":{}},"data":[{"data":{"CERT":3510,"#),
        "{text}"
    );
    assert!(
        text.ends_with(r#""score":0}],"totals":{"count":1}}"#),
        "{text}"
    );
    assert_eq!(parse_page(&page).unwrap().institutions, [bank]);
}

#[test]
fn queries_read_and_write_as_the_api_takes_them() {
    let query = Query {
        filters: Some("ACTIVE:1 AND STALP:TX".into()),
        ..Query::page(20_000, 10_000)
    };
    let text = query.to_query_string();
    assert_eq!(
        text,
        "filters=ACTIVE%3A1+AND+STALP%3ATX&fields=CERT%2CFED_RSSD%2CCHARTER%2CDOCKET%2CACTIVE%2CASSET%2CREPDTE%2CNAME%2CCITY%2CSTALP%2CREGAGNT%2CBKCLASS&sort_by=CERT&sort_order=ASC&limit=10000&offset=20000"
    );
    assert_eq!(Query::parse(Some(&text)).unwrap(), query);
    assert_eq!(
        query.url("http://x/bankfind/institutions"),
        format!("http://x/bankfind/institutions?{text}")
    );
    let parsed = Query::parse(Some("limit=50000&sort_order=desc&api_key=k&format=json")).unwrap();
    assert_eq!(
        (parsed.limit, parsed.sort_order),
        (LIMIT_MAX, SortOrder::Desc),
        "limit is capped"
    );
    assert_eq!(Query::parse(None).unwrap(), Query::default());
    assert_eq!(
        Query::parse(Some("limit=-1")).unwrap_err(),
        "limit must be a whole number, got '-1'"
    );
    assert!(Query::parse(Some("sort_order=UP")).is_err());
    assert_eq!(Field::from_name("fed_rssd"), Some(Field::FedRssd));
}

fn any_institution() -> impl Strategy<Value = Institution> {
    let id = proptest::option::of(1u64..10_000_000);
    (
        (id.clone(), id.clone(), id.clone(), id),
        (
            proptest::option::of(any::<bool>()),
            proptest::option::of(0u64..5_000_000_000),
        ),
        proptest::option::of((1990i16..2030, 1i8..=12, 1i8..=28)),
        (
            proptest::option::of("[A-Za-z][A-Za-z ,.&'-]{0,30}[A-Za-z.]"),
            proptest::option::of("[A-Z][a-z]{1,12}"),
            proptest::option::of("[A-Z]{2}"),
            proptest::option::of(0usize..5),
            proptest::option::of("N|NM|SM|SB|SA|OI"),
        ),
    )
        .prop_map(
            |(
                (cert, rssd, charter, docket),
                (active, assets),
                day,
                (name, city, state, regulator, class),
            )| {
                Institution {
                    fdic_cert: cert,
                    rssd_id: rssd,
                    occ_charter: charter,
                    ots_docket: docket,
                    active,
                    assets_thousands: assets,
                    report_date: day.map(|(y, m, d)| date(y, m, d)),
                    name,
                    city,
                    state,
                    regulator: regulator.map(|i| {
                        Regulator::KNOWN
                            .get(i)
                            .cloned()
                            .unwrap_or(Regulator::from_text("NCUA"))
                    }),
                    class,
                }
            },
        )
}

proptest! {
    #[test]
    fn the_reader_reads_what_the_writer_writes(
        institutions in proptest::collection::vec(any_institution(), 0..12),
        total in 0u64..100_000,
    ) {
        let page = write_page(total, &institutions, &Field::ALL, Map::new());
        let back = parse_page(&page).unwrap();
        prop_assert_eq!(back.total, Some(total));
        prop_assert_eq!(back.institutions, institutions);
    }
}
