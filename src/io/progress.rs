//! What a person watching a long command sees on standard error: a
//! progress bar (done of total, rate, time left) and, for a long read with
//! no bar, a status line that appears once it has lasted a second. Only on
//! a terminal, never with `--quiet` (`Io::show_progress`).

use super::Io;

/// See [`Io::ticker`].
pub struct Ticker<'a> {
    pub(super) io: &'a Io,
    pub(super) started: std::time::Instant,
    /// When the status was last written.
    pub(super) shown: std::cell::Cell<Option<std::time::Instant>>,
}

impl Ticker<'_> {
    /// Says `text` (made only when it is shown): after the first second,
    /// at most ten times a second.
    pub fn tick(&self, text: impl FnOnce() -> String) {
        if !self.io.show_progress() {
            return;
        }
        let now = std::time::Instant::now();
        let second = std::time::Duration::from_secs(1);
        let soon = std::time::Duration::from_millis(100);
        if now.duration_since(self.started) < second
            || self
                .shown
                .get()
                .is_some_and(|at| now.duration_since(at) < soon)
        {
            return;
        }
        self.io.status(Some(&text()));
        self.shown.set(Some(now));
    }
}

impl Drop for Ticker<'_> {
    fn drop(&mut self) {
        if self.shown.get().is_some() {
            self.io.status(None);
        }
    }
}

/// A progress bar on standard error: done of total, a whole-number rate and
/// the time left; only for a person watching a terminal (`show_progress`).
pub struct Progress(Option<indicatif::ProgressBar>);

impl Io {
    /// A bar counting `total` things called `unit` on this screen (see
    /// [`Progress::new`]).
    pub fn progress(&self, total: u64, unit: &str) -> Progress {
        Progress::new(self, total, unit)
    }
}

impl Progress {
    /// A bar counting `total` things called `unit` (e.g. "banks"), on a
    /// line of its own (a status line there is taken off first: a bar
    /// drawn after it would share its line and outlive it) and within the
    /// terminal's width (a bar that wraps leaves its first row behind).
    pub fn new(io: &Io, total: u64, unit: &str) -> Progress {
        if !io.show_progress() {
            return Progress(None);
        }
        io.screen.clear_status();
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total),
            indicatif::ProgressDrawTarget::stderr_with_hz(10),
        );
        let template = format!(
            "{{bar:{}.cyan/blue}} {{human_pos}}/{{human_len}} {unit} · {{rate}} · ETA {{eta}}{{wide_msg}}",
            bar_width(io.width, total, unit)
        );
        bar.set_style(
            indicatif::ProgressStyle::with_template(&template)
                .expect("the template is valid")
                .with_key(
                    "rate",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{}", rate_text(state.per_sec()));
                    },
                )
                .progress_chars("█▉▊▋▌▍▎▏ "),
        );
        if let Ok(mut slot) = io.bar.lock() {
            *slot = Some(bar.clone());
        }
        Progress(Some(bar))
    }

    pub fn inc(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    /// Takes the bar off the screen (the summary follows), drawn full
    /// first: it does not vanish at the count it last drew.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            if let Some(length) = bar.length() {
                bar.set_position(length);
            }
            bar.force_draw();
            bar.finish_and_clear();
        }
    }

    /// Leaves the bar where it stopped (a failure follows).
    pub fn abandon(&self) {
        if let Some(bar) = &self.0 {
            bar.abandon();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = self.0.as_ref().filter(|bar| !bar.is_finished()) {
            bar.finish_and_clear();
        }
    }
}

/// The bar's own width on a terminal `width` wide: 30, less what the
/// counts, the rate and the time left need beside it (a rate of up to
/// `999,999/s`, a time of up to `59m`), never under 10.
fn bar_width(width: usize, total: u64, unit: &str) -> usize {
    let count = crate::text::thousands(total).len();
    let rest = format!(" {0}/{0} {unit} · 999,999/s · ETA 59m", "9".repeat(count));
    width
        .saturating_sub(crate::text::width(&rest) + 1)
        .clamp(10, 30)
}

/// `13,341/s`: a whole number, grouped, whatever the rate's fraction.
pub fn rate_text(per_second: f64) -> String {
    let whole = if per_second.is_finite() && per_second > 0.0 {
        per_second.round() as u64
    } else {
        0
    };
    format!("{}/s", crate::text::thousands(whole))
}

#[cfg(test)]
mod tests {
    use super::{bar_width, rate_text};

    #[test]
    fn a_bar_and_its_counts_fit_the_terminal() {
        assert_eq!(bar_width(120, 13_355, "structure changes"), 30);
        let at_80 = bar_width(80, 13_355, "structure changes");
        let rest = " 13,355/13,355 structure changes · 999,999/s · ETA 59m"
            .chars()
            .count();
        assert!(at_80 + rest < 80, "{at_80} + {rest}");
        assert_eq!(bar_width(20, 13_355, "structure changes"), 10);
    }

    #[test]
    fn rates_are_whole_numbers() {
        assert_eq!(rate_text(13_341.278_6), "13,341/s");
        assert_eq!(rate_text(0.4), "0/s");
        assert_eq!(rate_text(f64::NAN), "0/s");
        assert_eq!(rate_text(f64::INFINITY), "0/s");
    }
}
