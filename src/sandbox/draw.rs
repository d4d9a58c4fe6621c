//! The generator's random draws: a ChaCha8 stream per (seed, stream
//! number) and our own sampling helpers on `next_u64`, so generated data
//! cannot change with a `rand` upgrade. Its own file because both the
//! bank generator (`data`) and the name generator (`names`) draw from it.

use rand::RngCore;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// Sampling helpers on a stream whose output is fixed by the ChaCha spec.
pub struct Draw(ChaCha8Rng);

impl Draw {
    pub fn new(seed: u64, stream: u64) -> Draw {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        Draw(rng)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }

    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// An index drawn with the given weights (not all zero).
    pub fn weighted(&mut self, weights: &[f64]) -> usize {
        let total: f64 = weights.iter().sum();
        let mut x = self.unit() * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        weights.iter().rposition(|w| *w > 0.0).unwrap_or(0)
    }
}
