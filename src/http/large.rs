//! Large bodies, a few at a time, so that what answers cost in memory does
//! not grow with `--concurrency`.
//!
//! A body is read freely up to [`SMALL`] (the service's pages and details
//! are a few kilobytes to a few dozen); past it, a request needs a turn
//! of its [`Line`]: one of [`AT_ONCE`] slots, held until its answer is
//! taken by whoever waits for it (the listing, `export`'s writer). Answers
//! taken in order would deadlock if later answers held every slot while
//! the one awaited next waited for a slot; so the head of an ordered line
//! (the answer awaited next) needs no slot. At any moment, then, at most
//! `AT_ONCE` + 1 large answers of a line are read or held, whatever the
//! number of requests in flight, and the rest are each under `SMALL`.

use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

/// What a body may be without a turn: the service's largest page (100
/// banks) is a few dozen kilobytes.
pub const SMALL: usize = 256 << 10;

/// Large answers of one line read or held at once, besides its head.
pub const AT_ONCE: usize = 2;

/// The requests of one consumer. Clones share it.
#[derive(Clone)]
pub struct Line {
    slots: Arc<Semaphore>,
    /// Ordered: the index of the answer awaited next.
    head: Option<Arc<watch::Sender<u64>>>,
}

impl Line {
    /// Answers taken in the order of their indexes (from 0).
    pub fn ordered() -> Line {
        Line {
            slots: Arc::new(Semaphore::new(AT_ONCE)),
            head: Some(Arc::new(watch::channel(0).0)),
        }
    }

    /// Answers taken as they come.
    pub fn unordered() -> Line {
        Line {
            slots: Arc::new(Semaphore::new(AT_ONCE)),
            head: None,
        }
    }

    /// The turn of request `index`.
    pub fn turn(&self, index: u64) -> Turn {
        Turn {
            slots: self.slots.clone(),
            head: self.head.as_ref().map(|head| head.subscribe()),
            index,
            held: Mutex::new(None),
        }
    }

    /// The answer awaited was taken: the next one is the head.
    pub fn advance(&self) {
        if let Some(head) = &self.head {
            head.send_modify(|head| *head += 1);
        }
    }
}

/// One request's turn: whether it may read past [`SMALL`].
pub struct Turn {
    slots: Arc<Semaphore>,
    head: Option<watch::Receiver<u64>>,
    index: u64,
    held: Mutex<Option<OwnedSemaphorePermit>>,
}

impl Turn {
    /// Waits until this request may read a large body: a slot, or (in an
    /// ordered line) its being the head. Once given, kept for its retries.
    pub async fn large(&self) {
        if self.is_held() || self.is_head() {
            return;
        }
        let acquire = self.slots.clone().acquire_owned();
        let permit = match &self.head {
            None => acquire.await.ok(),
            Some(head) => {
                let mut head = head.clone();
                let index = self.index;
                tokio::select! {
                    permit = acquire => permit.ok(),
                    _ = head.wait_for(|head| *head >= index) => None,
                }
            }
        };
        *self.held.lock().unwrap_or_else(|e| e.into_inner()) = permit;
    }

    fn is_held(&self) -> bool {
        self.held
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }

    fn is_head(&self) -> bool {
        self.head
            .as_ref()
            .is_some_and(|head| *head.borrow() >= self.index)
    }

    /// What the answer carries until it is taken: its slot, if it took one.
    pub fn hold(self) -> Hold {
        Hold(self.held.into_inner().unwrap_or_else(|e| e.into_inner()))
    }
}

/// A large answer's slot, given back when dropped.
#[must_use = "dropping it gives the slot back"]
pub struct Hold(#[allow(dead_code)] Option<OwnedSemaphorePermit>);

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Later answers holding every slot do not keep the head waiting, and
    /// no more than AT_ONCE besides it are let through.
    #[tokio::test(start_paused = true)]
    async fn the_head_never_waits_and_the_rest_take_turns() {
        let line = Line::ordered();
        let later: Vec<Turn> = (1..=AT_ONCE as u64).map(|i| line.turn(i)).collect();
        for turn in &later {
            turn.large().await;
        }
        let held: Vec<Hold> = later.into_iter().map(Turn::hold).collect();
        let head = line.turn(0);
        tokio::time::timeout(Duration::from_secs(1), head.large())
            .await
            .expect("the head is let through");
        let another = line.turn(AT_ONCE as u64 + 1);
        assert!(
            tokio::time::timeout(Duration::from_secs(1), another.large())
                .await
                .is_err(),
            "a third large answer besides the head"
        );
        drop(held);
        tokio::time::timeout(Duration::from_secs(1), another.large())
            .await
            .expect("a slot given back is taken");
    }

    /// A waiting request that becomes the head goes on without a slot.
    #[tokio::test(start_paused = true)]
    async fn becoming_the_head_ends_the_wait() {
        let line = Line::ordered();
        let held: Vec<Hold> = (5..5 + AT_ONCE as u64)
            .map(|i| {
                let turn = line.turn(i);
                turn.held
                    .lock()
                    .unwrap()
                    .replace(line.slots.clone().try_acquire_owned().unwrap());
                turn.hold()
            })
            .collect();
        let waiting = line.turn(1);
        let advanced = line.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(5)).await;
            advanced.advance();
        });
        tokio::time::timeout(Duration::from_secs(10), waiting.large())
            .await
            .expect("let through once it is the head");
        assert!(!waiting.is_held());
        drop(held);
    }
}
