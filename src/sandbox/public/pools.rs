//! The numbers institutions are known by, given out once each in the
//! order of the banks: agency IDs by regulator, and the certificate and
//! RSSD ID every bank has in BankFind; and BankFind's class of a bank.

use std::collections::HashSet;

use crate::domain::Regulator;
use crate::record::bankfind::Institution;
use crate::sandbox::draw::Draw;

/// Numbers a regulator gives out, each once.
struct Pool {
    used: HashSet<u64>,
    low: u64,
    high: u64,
}

impl Pool {
    fn new(low: u64, high: u64) -> Pool {
        Pool {
            used: HashSet::new(),
            low,
            high,
        }
    }

    /// A number not given yet: drawn, and on a collision drawn again. A
    /// pool half given out doubles its range first (a sandbox of 60,000
    /// banks wants more certificates than the 59,999 of the default
    /// range, and drawing for the last free ones would take for ever);
    /// the default data set never comes near that, so its numbers stay.
    fn take(&mut self, draw: &mut Draw) -> u64 {
        let size = self.high - self.low + 1;
        if self.used.len() as u64 * 2 >= size {
            self.high = self.low + size * 2 - 1;
        }
        loop {
            let n = self.low + draw.below((self.high - self.low + 1) as usize) as u64;
            if self.used.insert(n) {
                return n;
            }
        }
    }
}

/// The shared pools, taken from in the order of the banks.
pub struct Pools {
    cert: Pool,
    charter: Pool,
    rssd: Pool,
    docket: Pool,
}

impl Pools {
    /// An OTS docket (a former thrift's, under the OCC since).
    pub fn docket(&mut self, draw: &mut Draw) -> u64 {
        self.docket.take(draw)
    }
}

impl Default for Pools {
    fn default() -> Pools {
        Pools {
            cert: Pool::new(1, 59_999),
            charter: Pool::new(1, 25_499),
            rssd: Pool::new(10_000, 5_999_999),
            docket: Pool::new(100, 19_999),
        }
    }
}

/// Takes an institution's numbers: its agency ID is the number of its
/// regulator's kind; it gets the other kinds BankFind lists.
pub fn identify(regulator: &Regulator, pools: &mut Pools, draw: &mut Draw) -> (u64, Institution) {
    let mut record = Institution::default();
    let id = match regulator {
        Regulator::Fdic => pools.cert.take(draw),
        Regulator::Frb => pools.rssd.take(draw),
        Regulator::Occ => pools.charter.take(draw),
        _ => pools.docket.take(draw),
    };
    record.fdic_cert = Some(if *regulator == Regulator::Fdic {
        id
    } else {
        pools.cert.take(draw)
    });
    record.rssd_id = Some(if *regulator == Regulator::Frb {
        id
    } else {
        pools.rssd.take(draw)
    });
    match regulator {
        Regulator::Occ => record.occ_charter = Some(id),
        Regulator::Ots => record.ots_docket = Some(id),
        _ => {}
    }
    (id, record)
}

/// BankFind's institution class of a bank of `regulator`.
pub fn class_of(regulator: &Regulator, u: f64) -> &'static str {
    match regulator {
        Regulator::Occ => "N",
        Regulator::Frb => "SM",
        Regulator::Ots => "SA",
        _ if u < 0.88 => "NM",
        _ if u < 0.97 => "SI",
        _ => "SL",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_gives_out_more_numbers_than_its_range_each_once() {
        let mut pool = Pool::new(1, 1_000);
        let mut draw = Draw::new(7, 1);
        let taken: HashSet<u64> = (0..5_000).map(|_| pool.take(&mut draw)).collect();
        assert_eq!(taken.len(), 5_000);
        assert!(taken.iter().all(|n| *n >= 1));
    }
}
