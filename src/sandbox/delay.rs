//! `--latency` that lands on time. tokio's timer counts whole milliseconds
//! and rounds up, and its driver parks in epoll with a millisecond timeout,
//! so a 20 ms `tokio::time::sleep` takes 21–22 ms: every benchmark against
//! the sandbox would measure the timer as well as the client. Here one
//! thread keeps the deadlines in a heap and waits for the nearest with a
//! channel's `recv_timeout` (a futex with nanosecond timeouts), waking each
//! request within tens of microseconds of its deadline.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

/// A request waiting for its deadline.
struct Waiting {
    deadline: Instant,
    /// Arrival order, so equal deadlines stay first come, first served.
    seq: u64,
    wake: oneshot::Sender<()>,
}

impl PartialEq for Waiting {
    fn eq(&self, other: &Self) -> bool {
        (self.deadline, self.seq) == (other.deadline, other.seq)
    }
}
impl Eq for Waiting {}
impl PartialOrd for Waiting {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Waiting {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.deadline, self.seq).cmp(&(other.deadline, other.seq))
    }
}

/// The delaying thread's handle; the thread ends when this is dropped.
pub struct Delayer {
    tx: mpsc::Sender<(Instant, oneshot::Sender<()>)>,
}

impl Delayer {
    pub fn new() -> Delayer {
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("sandbox-latency".into())
            .spawn(move || run(rx))
            .expect("spawn the sandbox latency thread");
        Delayer { tx }
    }

    /// Waits `duration` from now.
    pub async fn sleep(&self, duration: Duration) {
        let (wake, woken) = oneshot::channel();
        if self.tx.send((Instant::now() + duration, wake)).is_ok() {
            let _ = woken.await;
        } else {
            tokio::time::sleep(duration).await;
        }
    }
}

impl Default for Delayer {
    fn default() -> Self {
        Delayer::new()
    }
}

fn run(rx: mpsc::Receiver<(Instant, oneshot::Sender<()>)>) {
    let mut heap: BinaryHeap<Reverse<Waiting>> = BinaryHeap::new();
    let mut seq = 0u64;
    loop {
        let received = match heap.peek() {
            None => rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
            Some(Reverse(next)) => {
                rx.recv_timeout(next.deadline.saturating_duration_since(Instant::now()))
            }
        };
        match received {
            Ok((deadline, wake)) => {
                seq += 1;
                heap.push(Reverse(Waiting {
                    deadline,
                    seq,
                    wake,
                }));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                // The server is gone: wake whoever still waits, then end.
                for Reverse(waiting) in heap.drain() {
                    let _ = waiting.wake.send(());
                }
                return;
            }
        }
        let now = Instant::now();
        while heap
            .peek()
            .is_some_and(|Reverse(next)| next.deadline <= now)
        {
            if let Some(Reverse(due)) = heap.pop() {
                let _ = due.wake.send(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn delays_end_no_sooner_than_their_deadline_and_in_order() {
        let delayer = std::sync::Arc::new(Delayer::new());
        let finished = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for ms in [200u64, 10, 100, 10] {
            let (delayer, finished) = (delayer.clone(), finished.clone());
            tasks.push(tokio::spawn(async move {
                let started = Instant::now();
                delayer.sleep(Duration::from_millis(ms)).await;
                finished.lock().unwrap().push(ms);
                (ms, started.elapsed())
            }));
        }
        for task in tasks {
            let (ms, took) = task.await.unwrap();
            assert!(took >= Duration::from_millis(ms), "{ms} ms took {took:?}");
            // How close to the deadline is a benchmark's business
            // (BENCHMARKS.md); a test only catches a sleep that never ends.
            assert!(took < Duration::from_secs(5), "{ms} ms took {took:?}");
        }
        // Deadlines 90 ms apart or more end in deadline order.
        let order = finished.lock().unwrap().clone();
        let position = |ms| order.iter().position(|&m| m == ms).unwrap();
        assert!(
            position(10) < position(100) && position(100) < position(200),
            "{order:?}"
        );
    }
}
