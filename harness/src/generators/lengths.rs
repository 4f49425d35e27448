//! Lengths with edge classes at the thresholds where a subject changes algorithm.
//!
//! A [`Lengths`] spec names the thresholds of one routine (ark's MSM window changes, rayon's
//! `with_min_len(1024)`, dory's `GT_MSM_MIN_CHUNK`, dalek's Straus/Pippenger switch …). Under
//! [`Bias::Edge`] a length is one of: `len_0`, `len_1`, `len_2`, `len_small` (3..=8), a
//! threshold's two sides (`len_<name>_below` for t − 1, `len_<name>_at` for t and t + 1), or
//! `len_random` (uniform up to `max`). Under [`Bias::Uniform`] it is uniform in `0..=max`.
//!
//! Users (`scripts/shared-users.py`): every family's routine table and the core's shapes.

use super::tape::{LengthClass, LengthNote};
use super::{Bias, Gen};

/// The scope every drawn length is recorded under.
pub const LENGTH_SCOPE: &str = "len";

/// A routine's length distribution.
#[derive(Clone, Copy, Debug)]
pub struct Lengths {
    /// The largest length drawn by `len_random` and the uniform baseline.
    pub max: usize,
    /// The algorithm thresholds: (name, first length of the new regime).
    pub thresholds: &'static [(&'static str, usize)],
    /// Whether the empty input is allowed (some APIs reject it by contract).
    pub allow_empty: bool,
}

impl Lengths {
    /// Lengths `0..=max`, without thresholds.
    pub const fn up_to(max: usize) -> Self {
        Lengths {
            max,
            thresholds: &[],
            allow_empty: true,
        }
    }

    /// The same with algorithm thresholds to straddle: (name, first length of the new regime).
    pub const fn thresholds(mut self, thresholds: &'static [(&'static str, usize)]) -> Self {
        self.thresholds = thresholds;
        self
    }

    /// The same without the empty input (an API that rejects it by contract).
    pub const fn non_empty(mut self) -> Self {
        self.allow_empty = false;
        self
    }

    /// Every class [`Lengths::draw`] can record for this spec.
    pub fn classes(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.allow_empty {
            v.push("len_0");
        }
        v.extend(["len_1", "len_2", "len_small", "len_random"]);
        for (name, _) in self.thresholds {
            v.push(super::intern(format!("len_{name}_below")));
            v.push(super::intern(format!("len_{name}_at")));
        }
        v
    }

    /// Whether a case of `n` elements has the property of the length class `class` (`None` for
    /// a class [`Lengths::draw`] does not record): `len_0`, `len_1`, `len_2` exactly, `len_small`
    /// 3..=8, `len_random` within the spec, `len_<t>_below` one short of the threshold, and
    /// `len_<t>_at` the threshold or one past it.
    pub fn class_holds(&self, class: &str, n: usize) -> Option<bool> {
        match class {
            "len_0" => return Some(n == 0),
            "len_1" => return Some(n == 1),
            "len_2" => return Some(n == 2),
            "len_small" => return Some((3..=8).contains(&n)),
            "len_random" => return Some((self.min()..=self.max).contains(&n)),
            _ => {}
        }
        let rest = class.strip_prefix("len_")?;
        self.thresholds.iter().find_map(|&(name, at)| {
            let side = rest.strip_prefix(name)?;
            match side {
                "_below" => Some(n + 1 == at),
                "_at" => Some(n == at || n == at + 1),
                _ => None,
            }
        })
    }

    /// Draws a length (one occurrence of the `len` scope, noted for the minimizer).
    pub fn draw(&self, g: &mut Gen) -> usize {
        let n = g.scope(LENGTH_SCOPE, |g| self.draw_unscoped(g));
        g.note_length(LengthNote {
            n,
            floor: self.floor(n),
            below: self.floor(self.floor(n).saturating_sub(1)),
            min: self.min(),
            scope: LENGTH_SCOPE.to_string(),
            occurrence: 0,
            classes: self.replay_classes(),
        });
        n
    }

    /// The classes of [`Lengths::draw`] as the minimizer rewrites them: `len_0`, `len_1`,
    /// `len_2`, `len_small` (3..=8) and `len_random` (min..=max), by their weighted index.
    fn replay_classes(&self) -> Vec<LengthClass> {
        let mut v = Vec::new();
        if self.allow_empty {
            v.push(LengthClass {
                index: 0,
                lo: 0,
                hi: 0,
            });
        }
        v.push(LengthClass {
            index: 1,
            lo: 1,
            hi: 1,
        });
        v.push(LengthClass {
            index: 2,
            lo: 2,
            hi: 2,
        });
        v.push(LengthClass {
            index: 3,
            lo: 3,
            hi: 8,
        });
        v.push(LengthClass {
            index: 5,
            lo: self.min(),
            hi: self.max,
        });
        v
    }

    /// The shortest length the routine accepts.
    pub fn min(&self) -> usize {
        usize::from(!self.allow_empty)
    }

    /// The shortest length on the same side of every threshold as `n`.
    pub fn floor(&self, n: usize) -> usize {
        self.thresholds
            .iter()
            .map(|&(_, t)| t)
            .filter(|&t| t <= n)
            .max()
            .unwrap_or(0)
            .max(self.min())
    }

    fn draw_unscoped(&self, g: &mut Gen) -> usize {
        let min = self.min();
        if g.bias() == Bias::Uniform {
            return g.range(min, self.max);
        }
        let threshold_weight = if self.thresholds.is_empty() { 0 } else { 50 };
        match g.weighted(&[
            u32::from(self.allow_empty) * 8,
            8,
            6,
            18,
            threshold_weight,
            10,
        ]) {
            0 => {
                g.hit("len_0");
                0
            }
            1 => {
                g.hit("len_1");
                1
            }
            2 => {
                g.hit("len_2");
                2
            }
            3 => {
                g.hit("len_small");
                g.range(3, 8)
            }
            4 => {
                let &(name, at) = g.pick(self.thresholds);
                if g.chance(1, 2) {
                    g.hit_owned(format!("len_{name}_below"));
                    at - 1
                } else {
                    g.hit_owned(format!("len_{name}_at"));
                    at + g.range(0, 1)
                }
            }
            _ => {
                g.hit("len_random");
                g.range(min, self.max)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::case_bytes;

    #[test]
    fn thresholds_are_hit_on_both_sides() {
        let spec = Lengths {
            max: 40,
            thresholds: &[("w32", 32), ("chunk8", 9)],
            allow_empty: true,
        };
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..400 {
            let data = case_bytes(0, "len", i, 16);
            let mut g = Gen::new(&data, Bias::Edge);
            let n = spec.draw(&mut g);
            if g.classes().contains("len_w32_below") {
                assert_eq!(n, 31);
            }
            if g.classes().contains("len_w32_at") {
                assert!(n == 32 || n == 33);
            }
            seen.extend(g.into_classes());
        }
        for class in spec.classes() {
            assert!(seen.contains(class), "{class} never drawn");
        }
    }
}
