//! The progress line of a run: how many of its planned steps are done and how long the rest should
//! take. Steps differ a lot (a 2-thread clone of `Arc<str>` takes ten times a 1-thread one, and plans
//! run from 1 thread up), so counting steps told a user "52 %" at 27 % of the time. The time left is
//! estimated from the steps already timed instead: each step from earlier runs of the same case
//! (rounds repeat the whole plan), else from done steps of its class (its thread count), else from
//! every done step.

use indicatif::{HumanDuration, ProgressBar, ProgressStyle};
use std::time::{Duration, Instant};

/// One planned step: which case it measures (`case`: its steps take alike) and its `class` (steps of
/// one class, a thread count, are closer in time than steps of different ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub case: usize,
    pub class: u32,
}

/// The time left of a plan of steps, from the durations of the ones done. No clock inside: tests
/// feed it durations.
#[derive(Debug)]
pub struct Estimate {
    steps: Vec<Step>,
    took: Vec<Duration>,
}

impl Estimate {
    pub fn new(steps: Vec<Step>) -> Estimate {
        Estimate { steps, took: Vec::new() }
    }

    /// Records that the next step took `took`.
    pub fn done(&mut self, took: Duration) {
        if self.took.len() < self.steps.len() {
            self.took.push(took);
        }
    }

    pub fn steps_done(&self) -> usize {
        self.took.len()
    }

    pub fn steps_planned(&self) -> usize {
        self.steps.len()
    }

    /// The time the steps not yet done should take, or `None` before any step is timed.
    pub fn left(&self) -> Option<Duration> {
        let done = &self.steps[..self.took.len()];
        let mean_where = |keep: &dyn Fn(&Step) -> bool| {
            let times: Vec<Duration> = done.iter().zip(&self.took).filter(|(s, _)| keep(s)).map(|(_, t)| *t).collect();
            (!times.is_empty()).then(|| times.iter().sum::<Duration>() / times.len() as u32)
        };
        let overall = mean_where(&|_| true)?;
        let left = self.steps[self.took.len()..]
            .iter()
            .map(|step| mean_where(&|s| s.case == step.case).or_else(|| mean_where(&|s| s.class == step.class)).unwrap_or(overall))
            .sum();
        Some(left)
    }
}

/// The progress line on stderr (hidden with `--quiet`, or when stderr is not a terminal): the bar
/// fills with time, not steps, and the prefix says steps done and the time left.
pub struct Progress {
    bar: ProgressBar,
    estimate: Estimate,
    step_began: Instant,
}

/// The bar's length: it shows the share of the estimated whole time, in thousandths.
const BAR_UNITS: u64 = 1000;

impl Progress {
    pub fn new(steps: Vec<Step>, quiet: bool) -> Progress {
        let bar = if quiet { ProgressBar::hidden() } else { ProgressBar::new(BAR_UNITS) };
        bar.set_style(ProgressStyle::with_template("{elapsed:>4} [{bar:30}] {prefix}  {msg}").expect("template").progress_chars("=> "));
        let progress = Progress { bar, estimate: Estimate::new(steps), step_began: Instant::now() };
        progress.show();
        progress
    }

    /// Names what is being measured now.
    pub fn set_message(&self, message: String) {
        self.bar.set_message(message);
    }

    /// The step under way is done.
    pub fn step_done(&mut self) {
        let now = Instant::now();
        self.estimate.done(now - self.step_began);
        self.step_began = now;
        self.show();
    }

    fn show(&self) {
        let (done, planned) = (self.estimate.steps_done(), self.estimate.steps_planned());
        let left = match self.estimate.left() {
            Some(left) => {
                let elapsed = self.bar.elapsed().as_secs_f64();
                let share = elapsed / (elapsed + left.as_secs_f64()).max(f64::MIN_POSITIVE);
                self.bar.set_position((share * BAR_UNITS as f64) as u64);
                format!("about {} left", HumanDuration(left))
            }
            None => "time left: after the first step".to_owned(),
        };
        self.bar.set_prefix(format!("{done}/{planned} steps, {left}"));
    }

    pub fn finish_and_clear(&self) {
        self.bar.finish_and_clear();
    }

    pub fn abandon(&self) {
        self.bar.abandon();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    fn steps(list: &[(usize, u32)]) -> Vec<Step> {
        list.iter().map(|&(case, class)| Step { case, class }).collect()
    }

    #[test]
    fn nothing_is_estimated_before_the_first_step() {
        let estimate = Estimate::new(steps(&[(0, 1), (1, 2)]));
        assert_eq!(estimate.left(), None);
    }

    #[test]
    fn a_case_seen_before_takes_what_it_took_and_others_take_their_class_mean() {
        // Round 1: case 0 (1 thread), case 1 (2 threads), case 2 (2 threads); round 2 repeats them.
        let mut estimate = Estimate::new(steps(&[(0, 1), (1, 2), (2, 2), (0, 1), (1, 2), (2, 2)]));
        estimate.done(10 * MS);
        // Nothing at 2 threads yet: every step left is guessed at the mean of all, 10 ms.
        assert_eq!(estimate.left(), Some(50 * MS));
        estimate.done(100 * MS);
        // Case 2 is guessed from its class (100 ms); the second round from each case's own time.
        assert_eq!(estimate.left(), Some(100 * MS + 10 * MS + 100 * MS + 100 * MS));
        estimate.done(120 * MS);
        assert_eq!(estimate.left(), Some(10 * MS + 100 * MS + 120 * MS));
    }

    #[test]
    fn a_plan_slower_at_its_end_is_not_reported_as_nearly_done() {
        // Ten fast 1-thread steps, then ten slow 2-thread ones, and a second round of the same.
        let plan: Vec<(usize, u32)> = (0..20).map(|i| (i, if i < 10 { 1 } else { 2 })).collect();
        let mut estimate = Estimate::new(steps(&[plan.clone(), plan].concat()));
        for i in 0..20 {
            estimate.done(if i < 10 { 10 * MS } else { 90 * MS });
        }
        // Half the steps are done; the second round is known case by case, so what is left is the
        // whole first round's time again, not the half a step count would say.
        assert_eq!(estimate.left(), Some(1000 * MS));
    }

    #[test]
    fn more_steps_than_planned_are_ignored() {
        let mut estimate = Estimate::new(steps(&[(0, 1)]));
        estimate.done(MS);
        estimate.done(MS);
        assert_eq!((estimate.steps_done(), estimate.left()), (1, Some(Duration::ZERO)));
    }
}
