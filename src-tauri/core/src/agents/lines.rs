//! Collects the problems found per rule and turns them into one line per rule: fail when
//! any problem failed it, warn when only warnings, pass (with what was checked) otherwise.

use super::rules::RuleId;
use super::wire::{Locale, RuleLine, RuleVerdict};

/// One rule's findings: what failed it, what warned, what was checked when neither.
#[derive(Default)]
struct Findings {
    fails: Vec<String>,
    warns: Vec<String>,
    checked: Option<String>,
}

pub struct Lines {
    lang: Locale,
    /// In the order rules were first mentioned.
    rules: Vec<(RuleId, Findings)>,
}

impl Lines {
    pub fn new(lang: Locale) -> Self {
        Lines { lang, rules: Vec::new() }
    }

    fn entry(&mut self, rule: RuleId) -> &mut Findings {
        let index = match self.rules.iter().position(|r| r.0 == rule) {
            Some(i) => i,
            None => {
                self.rules.push((rule, Findings::default()));
                self.rules.len() - 1
            }
        };
        &mut self.rules[index].1
    }

    pub fn fail(&mut self, rule: RuleId, reason: impl Into<String>) {
        self.entry(rule).fails.push(reason.into());
    }

    pub fn warn(&mut self, rule: RuleId, reason: impl Into<String>) {
        self.entry(rule).warns.push(reason.into());
    }

    /// What was checked, shown when nothing failed or warned.
    pub fn pass(&mut self, rule: RuleId, reason: impl Into<String>) {
        let entry = self.entry(rule);
        if entry.checked.is_none() {
            entry.checked = Some(reason.into());
        }
    }

    pub fn finish(self) -> Vec<RuleLine> {
        let lang = self.lang;
        self.rules
            .into_iter()
            .map(|(rule, Findings { fails, warns, checked })| {
                let (verdict, reason) = if !fails.is_empty() {
                    let mut all = fails;
                    all.extend(warns);
                    (RuleVerdict::Fail, all.join("; "))
                } else if !warns.is_empty() {
                    (RuleVerdict::Warn, warns.join("; "))
                } else {
                    (RuleVerdict::Pass, checked.unwrap_or_else(|| "checked".to_owned()))
                };
                RuleLine { rule, verdict, reason, text: rule.text(lang).to_owned() }
            })
            .collect()
    }
}
