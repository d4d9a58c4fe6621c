//! Hostile files: not PDFs, encrypted, truncated, bombs, loops, deep
//! nesting and counts past the bounds.

use super::*;

#[test]
fn sets_aside_what_is_not_a_pdf() {
    let limits = Limits::default();
    let zip = b"PK\x03\x04\x14\x00\x00\x00\x08\x00rest of a zip".to_vec();
    let mut random = Vec::new();
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..100_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        random.push(seed as u8);
    }
    for bytes in [Vec::new(), zip, random.clone()] {
        assert_eq!(
            hostile(&bytes, &limits),
            Err(SetAside::Damaged("not a PDF".into()))
        );
    }
    // Random bytes behind a header.
    let mut headed = b"%PDF-1.7\n".to_vec();
    headed.extend_from_slice(&random);
    assert!(hostile(&headed, &limits).is_err());
    let small = Limits {
        file_bytes: 1000,
        ..Limits::default()
    };
    assert!(is_damaged(
        &hostile(&headed, &small),
        "over 1000 bytes: no public evaluation is that long"
    ));
    assert_eq!(small.admit(1000), Ok(()));
    assert!(small.admit(1001).is_err());
}

#[test]
fn sets_aside_encrypted_and_truncated() {
    let dir = format!("{}/tests/fixtures/pe", env!("CARGO_MANIFEST_DIR"));
    let encrypted = std::fs::read(format!("{dir}/pe-encrypted.pdf")).unwrap();
    assert_eq!(
        hostile(&encrypted, &Limits::default()),
        Err(SetAside::Encrypted)
    );
    for name in ["pe-libreoffice.pdf", "pe-chromium.pdf"] {
        let whole = std::fs::read(format!("{dir}/{name}")).unwrap();
        for cut in [whole.len() / 2, whole.len() / 10, 20] {
            // Cut short it is damaged, or reads what it still has; never a panic.
            let start = Instant::now();
            let _ = read(&whole[..cut], &Limits::default());
            assert!(start.elapsed() < Duration::from_secs(5));
        }
    }
}

#[test]
fn cuts_a_deflate_bomb() {
    // 10 MB of zeros: inside the default bound, past a 1 MB one.
    let bomb = page_pdf(stream(
        "/Filter /FlateDecode",
        &deflate(&vec![0u8; 10 << 20]),
    ));
    assert!(hostile(&bomb, &Limits::default()).is_ok());
    let small = Limits {
        stream_bytes: 1 << 20,
        ..Limits::default()
    };
    assert!(is_damaged(&hostile(&bomb, &small), "past the bound"));
    // Past a gigabyte, in about a megabyte.
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::best());
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..1100 {
        encoder.write_all(&zeros).unwrap();
    }
    let big = page_pdf(stream("/Filter /FlateDecode", &encoder.finish().unwrap()));
    assert!(is_damaged(
        &hostile(&big, &Limits::default()),
        "past the bound"
    ));
    // Many bombs on many pages: the total bound.
    let one = deflate(&vec![b' '; 30 << 20]);
    let mut objects = vec![b"<< /Type /Catalog /Pages 2 0 R >>".to_vec()];
    objects.push(
        format!(
            "<< /Type /Pages /Kids [{}] >>",
            (3..13).map(|i| format!("{i} 0 R ")).collect::<String>()
        )
        .into_bytes(),
    );
    for _ in 0..10 {
        objects.push(b"<< /Type /Page /Contents 13 0 R >>".to_vec());
    }
    objects.push(stream("/Filter /FlateDecode", &one));
    assert!(is_damaged(
        &hostile(&raw_pdf(&objects), &Limits::default()),
        "past the bound"
    ));
}

#[test]
fn survives_loops() {
    // /Contents pointing at itself, and at an array holding itself.
    for contents in ["/Contents 3 0 R", "/Contents 4 0 R"] {
        let pdf = raw_pdf(&[
            b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
            b"<< /Type /Pages /Kids [3 0 R] >>".to_vec(),
            format!("<< /Type /Page {contents} /Resources 3 0 R >>").into_bytes(),
            b"[4 0 R 4 0 R 3 0 R]".to_vec(),
        ]);
        assert!(hostile(&pdf, &Limits::default()).is_ok());
    }
    // A page tree whose Kids lead back to its root, and to themselves.
    let pdf = raw_pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [2 0 R 3 0 R 1 0 R] /Count 3 >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 /Parent 3 0 R >>".to_vec(),
    ]);
    let _ = hostile(&pdf, &Limits::default());
    // A form XObject drawing itself.
    let pdf = raw_pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] >>".to_vec(),
        b"<< /Type /Page /Contents 4 0 R /Resources << /XObject << /X 4 0 R >> >> >>".to_vec(),
        stream(
            "/Type /XObject /Subtype /Form /Resources << /XObject << /X 4 0 R >> >>",
            b"/X Do /X Do",
        ),
    ]);
    assert!(hostile(&pdf, &Limits::default()).is_ok());
}

#[test]
fn survives_deep_nesting() {
    let depth = 100_000;
    let arrays = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let dicts = format!("{}{}", "<< /A ".repeat(depth), ">>".repeat(depth));
    for deep in [arrays, dicts] {
        // As an object, and as a content stream's operand.
        let pdf = raw_pdf(&[
            b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
            b"<< /Type /Pages /Kids [3 0 R] >>".to_vec(),
            b"<< /Type /Page /Contents 4 0 R /Deep 5 0 R >>".to_vec(),
            stream("", format!("BT {deep} Tj ET").as_bytes()),
            deep.clone().into_bytes(),
        ]);
        // Read (no text), or set aside past the objects' bound: no
        // overflow of the stack either way.
        let read = hostile(&pdf, &Limits::default());
        assert!(
            read.is_ok() || is_damaged(&read, "past the bound"),
            "{read:?}"
        );
        // q nested past the depth bound.
        let pdf = page_pdf(stream("", "q ".repeat(depth).as_bytes()));
        assert!(hostile(&pdf, &Limits::default()).is_ok());
    }
}

#[test]
fn bounds_pages_objects_and_operators() {
    // A /Count of a million, and a Kids array of a million.
    let kids = "3 0 R ".repeat(1_000_000);
    let pdf = raw_pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!("<< /Type /Pages /Kids [{kids}] /Count 1000000 >>").into_bytes(),
        b"<< /Type /Page /Parent 2 0 R >>".to_vec(),
    ]);
    assert!(is_damaged(
        &hostile(&pdf, &Limits::default()),
        "past the bound"
    ));
    // Tree of distinct pages past the bound.
    let mut objects = vec![b"<< /Type /Catalog /Pages 2 0 R >>".to_vec()];
    let kids: String = (3..3003).map(|i| format!("{i} 0 R ")).collect();
    objects.push(format!("<< /Type /Pages /Kids [{kids}] /Count 1 >>").into_bytes());
    objects.extend((0..3000).map(|_| b"<< /Type /Page >>".to_vec()));
    assert!(is_damaged(
        &hostile(&raw_pdf(&objects), &Limits::default()),
        "pages past the bound of 2000"
    ));
    // Objects: three million numbers.
    let pdf = page_pdf(format!("[{}]", "0 ".repeat(1_100_000)).into_bytes());
    assert!(is_damaged(
        &hostile(&pdf, &Limits::default()),
        "objects past the bound"
    ));
    // Operators.
    let few = Limits {
        operators: 1000,
        ..Limits::default()
    };
    let pdf = page_pdf(stream("", "0 g ".repeat(2000).as_bytes()));
    assert!(is_damaged(&hostile(&pdf, &few), "operators past the bound"));
}

#[test]
fn object_size() {
    // The bound on objects assumes lopdf's Object is about this size.
    assert!(
        std::mem::size_of::<Object>() <= 160,
        "{}",
        std::mem::size_of::<Object>()
    );
}
