//! A per-record limit for the readers of files (`diff`, `replay`): a line
//! longer than the limit (`/dev/zero`, a file of one endless line) is a
//! clear error as soon as it passes the limit, instead of a buffer that
//! grows until memory runs out.

use std::io::{self, Read};

/// The longest line (one csv or ndjson record, one log line) read.
pub const MAX_LINE: u64 = 64 * 1024 * 1024;

/// `inner`, failing a read once a line has run past `limit` bytes.
pub struct Lines<R> {
    inner: R,
    limit: u64,
    /// Bytes since the last newline.
    run: u64,
}

impl<R> Lines<R> {
    pub fn new(inner: R, limit: u64) -> Lines<R> {
        Lines {
            inner,
            limit,
            run: 0,
        }
    }
}

impl<R> Lines<R> {
    /// No limit from here on (a JSON array may be one line, a bank at a
    /// time is what its reader holds).
    pub fn unlimited(&mut self) {
        self.limit = u64::MAX;
    }
}

/// The error a line over `limit` gives, as the readers show it.
pub fn too_long(limit: u64) -> String {
    format!(
        "a line longer than {} MiB (the limit for one record)",
        limit / (1024 * 1024)
    )
}

impl<R: Read> Read for Lines<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &byte in &buf[..n] {
            if byte == b'\n' {
                self.run = 0;
            } else {
                self.run += 1;
                if self.run > self.limit {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        too_long(self.limit),
                    ));
                }
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_over_the_limit_fails_and_shorter_ones_pass() {
        let mut ok = String::new();
        Lines::new("abc\ndefg\n".as_bytes(), 4)
            .read_to_string(&mut ok)
            .unwrap();
        assert_eq!(ok, "abc\ndefg\n");
        let error = Lines::new("abc\ndefgh\n".as_bytes(), 4)
            .read_to_string(&mut String::new())
            .unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        // An endless input stops at the limit.
        let error = Lines::new(io::repeat(0), 1024)
            .read_to_end(&mut Vec::new())
            .unwrap_err();
        assert!(error.to_string().contains("limit for one record"));
    }
}
