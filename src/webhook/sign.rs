//! Webhook signatures (docs/service.md, section 6.2): `sha256=` followed by the lowercase
//! hex HMAC-SHA256 of the raw body, keyed with the shared secret. Pure: no
//! I/O, so the listener, `verify-webhook`, `trigger` and the sandbox share it.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// The header that carries the signature.
pub const HEADER: &str = "X-Service-Signature";
const PREFIX: &str = "sha256=";

/// Why a signature was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    #[error("missing signature")]
    Missing,
    #[error("missing sha256= prefix")]
    MissingPrefix,
    #[error("signature is not hex")]
    NotHex,
    #[error("wrong length: expected 64 hex digits")]
    WrongLength,
    #[error("signature does not match")]
    Mismatch,
}

impl Invalid {
    /// A hint from the header's shape, where one explains the refusal.
    pub fn hint(self, header: &str) -> Option<&'static str> {
        let trimmed = header.trim();
        match self {
            Invalid::MissingPrefix if trimmed.to_ascii_lowercase().starts_with(PREFIX) => {
                Some("the prefix is lower case: sha256=")
            }
            Invalid::MissingPrefix if trimmed.contains('=') => {
                Some("only sha256= signatures are sent")
            }
            _ => None,
        }
    }

    /// A short stable word for logs and summaries.
    pub fn code(self) -> &'static str {
        match self {
            Invalid::Missing => "missing_signature",
            Invalid::MissingPrefix => "missing_prefix",
            Invalid::NotHex => "not_hex",
            Invalid::WrongLength => "wrong_length",
            Invalid::Mismatch => "mismatch",
        }
    }
}

fn mac(secret: &[u8]) -> HmacSha256 {
    // HMAC takes a key of any length; this cannot fail.
    <HmacSha256 as KeyInit>::new_from_slice(secret).expect("HMAC accepts any key length")
}

/// The header value for `body`: `sha256=<lowercase hex>`.
pub fn sign(secret: &[u8], body: &[u8]) -> String {
    let mut mac = mac(secret);
    mac.update(body);
    format!("{PREFIX}{}", hex::encode(mac.finalize().into_bytes()))
}

/// A signer fed in pieces, for bodies too large to hold at once.
pub struct Signer(HmacSha256);

impl Signer {
    pub fn new(secret: &[u8]) -> Signer {
        Signer(mac(secret))
    }

    pub fn update(&mut self, chunk: &[u8]) {
        self.0.update(chunk);
    }

    /// Checks the finished digest against `header` in constant time.
    pub fn verify(self, header: &str) -> Result<(), Invalid> {
        let expected = decode(header)?;
        if self.matches(&expected) {
            Ok(())
        } else {
            Err(Invalid::Mismatch)
        }
    }

    /// Whether the finished digest is `digest`, compared in constant time.
    pub fn matches(self, digest: &[u8; 32]) -> bool {
        self.0.verify_slice(digest).is_ok()
    }
}

/// Decodes `sha256=<hex>` (hex of either case; the prefix must be lower case
/// as the service sends it) into the 32-byte digest.
pub fn decode(header: &str) -> Result<[u8; 32], Invalid> {
    let header = header.trim();
    if header.is_empty() {
        return Err(Invalid::Missing);
    }
    let digits = header.strip_prefix(PREFIX).ok_or(Invalid::MissingPrefix)?;
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(Invalid::NotHex);
    }
    if digits.len() != 64 {
        return Err(Invalid::WrongLength);
    }
    let mut digest = [0u8; 32];
    hex::decode_to_slice(digits, &mut digest).map_err(|_| Invalid::NotHex)?;
    Ok(digest)
}

/// Checks `header` against the body's signature, comparing the decoded
/// digests in constant time.
pub fn verify(secret: &[u8], body: &[u8], header: &str) -> Result<(), Invalid> {
    let mut signer = Signer::new(secret);
    signer.update(body);
    signer.verify(header)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn github_documentation_vector() {
        let sig = sign(b"It's a Secret to Everybody", b"Hello, World!");
        assert_eq!(
            sig,
            "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
        );
        assert_eq!(
            verify(b"It's a Secret to Everybody", b"Hello, World!", &sig),
            Ok(())
        );
    }

    #[test]
    fn rfc4231_test_case_2() {
        let sig = sign(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(
            sig,
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn upper_case_hex_is_accepted() {
        let sig = sign(b"k", b"body")
            .to_uppercase()
            .replace("SHA256=", "sha256=");
        assert_eq!(verify(b"k", b"body", &sig), Ok(()));
    }

    #[test]
    fn reasons() {
        let good = sign(b"k", b"body");
        assert_eq!(verify(b"k", b"body", ""), Err(Invalid::Missing));
        assert_eq!(
            verify(b"k", b"body", &good[7..]),
            Err(Invalid::MissingPrefix)
        );
        assert_eq!(
            verify(b"k", b"body", &good.to_uppercase()),
            Err(Invalid::MissingPrefix)
        );
        assert_eq!(verify(b"k", b"body", "sha256=zz"), Err(Invalid::NotHex));
        assert_eq!(
            verify(b"k", b"body", "sha256=abcd"),
            Err(Invalid::WrongLength)
        );
        assert_eq!(verify(b"k", b"other", &good), Err(Invalid::Mismatch));
    }

    proptest! {
        #[test]
        fn round_trip(secret in proptest::collection::vec(any::<u8>(), 0..64),
                      body in proptest::collection::vec(any::<u8>(), 0..512)) {
            let sig = sign(&secret, &body);
            prop_assert_eq!(verify(&secret, &body, &sig), Ok(()));
        }

        #[test]
        fn any_flipped_bit_fails(secret in proptest::collection::vec(any::<u8>(), 1..64),
                                 body in proptest::collection::vec(any::<u8>(), 1..512),
                                 which in 0usize..3, index in any::<prop::sample::Index>(), bit in 0u8..8) {
            let sig = sign(&secret, &body);
            let (mut secret, mut body, mut digest) = (secret, body, decode(&sig).unwrap().to_vec());
            match which {
                0 => { let i = index.index(secret.len()); secret[i] ^= 1 << bit; }
                1 => { let i = index.index(body.len()); body[i] ^= 1 << bit; }
                _ => { let i = index.index(digest.len()); digest[i] ^= 1 << bit; }
            }
            let header = format!("sha256={}", hex::encode(&digest));
            prop_assert_eq!(verify(&secret, &body, &header), Err(Invalid::Mismatch));
        }
    }
}
