//! The map's classes: the states split into groups of similar size by
//! their share (quantiles), so that each colour of the legend covers about
//! as many states as the next, whatever the outliers (a state of six banks
//! at 0 %, one of thirty at 27 %). Equal shares are never split between
//! two classes, so a class may be larger than its neighbours when many
//! states share one value, and there are fewer classes than asked when
//! there are fewer distinct values.

/// One class: the lowest and highest share in it (0 to 1), and how many
/// states it holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Class {
    pub low: f64,
    pub high: f64,
    pub states: usize,
}

/// At most `k` classes of `values`, lowest first.
pub fn quantiles(values: &[f64], k: usize) -> Vec<Class> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    if n == 0 || k == 0 {
        return Vec::new();
    }
    // Cut before index `at` only where the value changes; each cut as near
    // its ideal place (i·n/k) as the ties allow.
    let cuttable = |at: usize| at > 0 && at < n && sorted[at] != sorted[at - 1];
    let mut cuts = vec![0];
    for i in 1..k {
        let ideal = (i * n + k / 2) / k;
        let last = *cuts.last().expect("cuts start with 0");
        let after = (ideal.max(last + 1)..n).find(|&at| cuttable(at));
        let before = (last + 1..=ideal.min(n - 1)).rev().find(|&at| cuttable(at));
        let at = match (before, after) {
            (Some(b), Some(a)) if ideal - b <= a - ideal => Some(b),
            (_, Some(a)) => Some(a),
            (Some(b), None) => Some(b),
            (None, None) => None,
        };
        if let Some(at) = at.filter(|&at| at > last) {
            cuts.push(at);
        }
    }
    cuts.push(n);
    cuts.windows(2)
        .map(|w| Class {
            low: sorted[w[0]],
            high: sorted[w[1] - 1],
            states: w[1] - w[0],
        })
        .collect()
}

/// The class a value falls in (the first whose range holds it; values
/// between two classes, which none of the values had, go to the lower).
pub fn class_of(classes: &[Class], value: f64) -> usize {
    classes
        .iter()
        .position(|c| value <= c.high)
        .unwrap_or(classes.len().saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sizes(classes: &[Class]) -> Vec<usize> {
        classes.iter().map(|c| c.states).collect()
    }

    #[test]
    fn outliers_do_not_crowd_the_states_into_one_class() {
        // Alaska at 0 %, Vermont at 26.7 %, the rest between 10 and 20 %:
        // equal steps put most states in one or two classes.
        let mut values = vec![0.0, 0.267];
        values.extend((0..49).map(|i| 0.10 + f64::from(i) * 0.002));
        let classes = quantiles(&values, 5);
        assert_eq!(sizes(&classes), [10, 10, 11, 10, 10]);
        assert_eq!(classes[0].low, 0.0);
        assert_eq!(classes[4].high, 0.267);
    }

    #[test]
    fn ties_stay_together_and_few_values_make_few_classes() {
        assert_eq!(sizes(&quantiles(&[0.1; 7], 5)), [7]);
        assert_eq!(sizes(&quantiles(&[0.1, 0.1, 0.2, 0.2], 5)), [2, 2]);
        assert_eq!(quantiles(&[], 5), []);
        let classes = quantiles(&[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.6], 4);
        assert_eq!(sizes(&classes), [6, 1, 1]);
    }

    proptest! {
        /// Distinct values: every class within one state of n/k; any
        /// values: classes in order, each value in the class that holds it,
        /// every state counted once.
        #[test]
        fn classes_are_balanced(
            values in proptest::collection::vec(0u32..1000, 1..80),
            k in 1usize..7,
        ) {
            let values: Vec<f64> = values.iter().map(|v| f64::from(*v) / 1000.0).collect();
            let classes = quantiles(&values, k);
            prop_assert!(classes.len() <= k);
            prop_assert_eq!(classes.iter().map(|c| c.states).sum::<usize>(), values.len());
            for pair in classes.windows(2) {
                prop_assert!(pair[0].high < pair[1].low);
            }
            for v in &values {
                let c = &classes[class_of(&classes, *v)];
                prop_assert!(c.low <= *v && *v <= c.high);
            }
            let mut distinct = values.clone();
            distinct.sort_by(f64::total_cmp);
            distinct.dedup();
            if distinct.len() == values.len() {
                let n = values.len();
                let want = k.min(n);
                prop_assert_eq!(classes.len(), want);
                for c in &classes {
                    prop_assert!(c.states + 1 >= n / want && c.states <= n.div_ceil(want) + 1,
                        "{:?} for {} in {}", sizes(&classes), n, want);
                }
            }
        }
    }
}
