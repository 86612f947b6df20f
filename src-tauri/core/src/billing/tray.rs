//! The system tray's figures, for the shell's `tray.rs` to show: the figures are read here
//! from what the app already stored (`Billing::tray_input`, no platform call and no event),
//! and `view` turns them into the label and the menu's text, in the app's language, with
//! no display needed (unit-tested below).
//!
//! Honest figures: a balance older than `STALE_AFTER_MS`, or whose last refresh failed,
//! shows its age ("2,451 · 5 min ago"); a failed refresh never leaves it looking fresh.
//! Nothing shows while presenting or replaying a recorded demo.

use std::collections::HashMap;

use super::points::Points;
use super::wire::SpendingQuery;
use super::{now_ms, Billing, STALE_AFTER_MS};
use crate::auth::store::SessionRecord;
use crate::foundation::context::ContextColumns;
use crate::foundation::error::Result;
use crate::store::wire::Locale;

/// Charges the menu lists.
pub const LAST_CHARGES: usize = 3;
/// A charge's summary is cut to this many characters in the menu.
const SUMMARY_CHARS: usize = 40;

/// One signed-in context as the tray reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrayContext {
    pub session_id: String,
    /// The Team's name; `None` for Personal.
    pub team_name: Option<String>,
    /// The last balance read, if any.
    pub balance: Option<TrayBalance>,
    /// The last refresh of this context's balance failed (after `balance` was read).
    pub refresh_failed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrayBalance {
    /// Exact decimal text.
    pub spendable: String,
    /// Unix ms.
    pub refreshed_at: i64,
    /// Below the low-balance threshold (Settings → Balances).
    pub low: bool,
    pub low_threshold: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrayCharge {
    pub summary: String,
    /// Known points (reported or attributed); `None` while nobody knows the amount.
    pub points: Option<String>,
}

/// Everything the tray shows, read at one moment.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TrayInput {
    pub contexts: Vec<TrayContext>,
    /// The session whose context pays now.
    pub active_id: Option<String>,
    /// The paying context's newest charges, newest first (at most `LAST_CHARGES`).
    pub charges: Vec<TrayCharge>,
    /// Points the paying context spent today (local day), when read.
    pub spent_today: Option<String>,
    pub presenting: bool,
    /// A recorded demo is being replayed (`PlatformInfo.replay`).
    pub replay: bool,
}

/// A "Switch who pays" entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraySwitch {
    pub session_id: String,
    pub label: String,
    pub active: bool,
}

/// The tray as the desktop shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrayView {
    /// `false` while presenting or replaying: the tray is hidden (its text is empty too).
    pub visible: bool,
    /// Next to the icon: the paying context's balance, short ("2,451").
    pub label: String,
    pub tooltip: String,
    /// One line per signed-in context: its balance.
    pub contexts: Vec<String>,
    /// "Pays now: …".
    pub payer: String,
    /// "Last charges" then one line per charge (or one line saying there is none).
    pub charges: Vec<String>,
    pub spent_today: String,
    pub switch: Vec<TraySwitch>,
    pub open_window: String,
    pub refresh: String,
    pub switch_title: String,
    pub quit: String,
}

struct Words {
    personal: &'static str,
    points: &'static str,
    not_read: &'static str,
    failed: &'static str,
    low: &'static str,
    pays_now: &'static str,
    nobody_pays: &'static str,
    signed_out: &'static str,
    last_charges: &'static str,
    no_charges: &'static str,
    amount_unknown: &'static str,
    spent_today: &'static str,
    spent_unknown: &'static str,
    open_window: &'static str,
    refresh: &'static str,
    switch_title: &'static str,
    quit: &'static str,
    app: &'static str,
}

fn words(locale: Locale) -> &'static Words {
    match locale {
        Locale::En => &Words {
            personal: "Personal",
            points: "points",
            not_read: "not read yet",
            failed: "refresh failed",
            low: "low",
            pays_now: "Pays now",
            nobody_pays: "Pays now: not chosen",
            signed_out: "Not signed in",
            last_charges: "Last charges",
            no_charges: "No charges yet",
            amount_unknown: "amount not known yet",
            spent_today: "Spent today",
            spent_unknown: "not known",
            open_window: "Open window",
            refresh: "Refresh",
            switch_title: "Switch who pays",
            quit: "Quit",
            app: "Xiaoya Companion",
        },
        Locale::ZhCn => &Words {
            personal: "个人",
            points: "积分",
            not_read: "尚未读取",
            failed: "刷新失败",
            low: "余额不足",
            pays_now: "当前付费",
            nobody_pays: "当前付费：未选择",
            signed_out: "未登录",
            last_charges: "最近扣费",
            no_charges: "暂无扣费",
            amount_unknown: "金额暂未知",
            spent_today: "今日已用",
            spent_unknown: "未知",
            open_window: "打开窗口",
            refresh: "刷新",
            switch_title: "切换付费账户",
            quit: "退出",
            app: "小雅伴侣",
        },
    }
}

/// Whole points with grouping ("2,451"; "-12"); ten million and more as millions
/// ("12.3M"). Fractions are cut, never rounded up: the tray never shows more than there is.
pub fn short_points(decimal: &str) -> String {
    let Some(points) = Points::parse(decimal) else {
        return decimal.to_string();
    };
    let text = points.to_string();
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.as_str()),
    };
    let whole = digits.split('.').next().unwrap_or("0");
    let whole = whole.trim_start_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    let sign = if whole == "0" { "" } else { sign };
    if whole.len() >= 8 {
        let millions = &whole[..whole.len() - 6];
        let tenth = &whole[whole.len() - 6..whole.len() - 5];
        return format!("{sign}{}.{tenth}M", group(millions));
    }
    format!("{sign}{}", group(whole))
}

fn group(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "just now", "5 min ago", "3 h ago", "2 d ago" (and the same in Chinese).
pub fn age(refreshed_at: i64, now: i64, locale: Locale) -> String {
    let minutes = (now - refreshed_at).max(0) / 60_000;
    let (count, unit_en, unit_zh) = if minutes < 60 {
        (minutes, "min", "分钟")
    } else if minutes < 24 * 60 {
        (minutes / 60, "h", "小时")
    } else {
        (minutes / (24 * 60), "d", "天")
    };
    match (locale, minutes) {
        (Locale::En, 0) => "just now".to_string(),
        (Locale::ZhCn, 0) => "刚刚".to_string(),
        (Locale::En, _) => format!("{count} {unit_en} ago"),
        (Locale::ZhCn, _) => format!("{count} {unit_zh}前"),
    }
}

/// The balance's age, when it must show: stale, or its last refresh failed.
fn shown_age(balance: &TrayBalance, failed: bool, now: i64, locale: Locale) -> Option<String> {
    let stale = now - balance.refreshed_at >= STALE_AFTER_MS;
    (failed || stale).then(|| age(balance.refreshed_at, now, locale))
}

/// The balance as the label shows it: short, and with its age when it must show.
fn figure(balance: &TrayBalance, failed: bool, now: i64, locale: Locale) -> String {
    let short = short_points(&balance.spendable);
    match shown_age(balance, failed, now, locale) {
        Some(age) => format!("{short} · {age}"),
        None => short,
    }
}

fn context_name<'a>(context: &'a TrayContext, w: &'a Words) -> &'a str {
    context.team_name.as_deref().unwrap_or(w.personal)
}

fn cut(text: &str) -> String {
    let line = text.lines().next().unwrap_or("").trim();
    if line.chars().count() > SUMMARY_CHARS {
        let kept: String = line.chars().take(SUMMARY_CHARS - 1).collect();
        format!("{kept}…")
    } else {
        line.to_string()
    }
}

/// The tray's text at `now` (Unix ms).
pub fn view(input: &TrayInput, now: i64, locale: Locale) -> TrayView {
    let w = words(locale);
    let common = |visible: bool| TrayView {
        visible,
        label: String::new(),
        tooltip: w.app.to_string(),
        contexts: Vec::new(),
        payer: String::new(),
        charges: Vec::new(),
        spent_today: String::new(),
        switch: Vec::new(),
        open_window: w.open_window.to_string(),
        refresh: w.refresh.to_string(),
        switch_title: w.switch_title.to_string(),
        quit: w.quit.to_string(),
    };
    // Presenting or replaying: nothing of the account is on screen, not even in the menu.
    if input.presenting || input.replay {
        return common(false);
    }
    let mut view = common(true);
    if input.contexts.is_empty() {
        view.label = "—".to_string();
        view.tooltip = format!("{} · {}", w.app, w.signed_out);
        view.contexts = vec![w.signed_out.to_string()];
        return view;
    }
    let line = |c: &TrayContext| -> String {
        let name = context_name(c, w);
        match &c.balance {
            None if c.refresh_failed => format!("{name}: {}", w.failed),
            None => format!("{name}: {}", w.not_read),
            Some(b) => {
                let mut text = format!("{name}: {} {}", short_points(&b.spendable), w.points);
                if let Some(age) = shown_age(b, c.refresh_failed, now, locale) {
                    text.push_str(&format!(" · {age}"));
                }
                if c.refresh_failed {
                    text.push_str(&format!(" ({})", w.failed));
                } else if b.low {
                    text.push_str(&format!(" ({})", w.low));
                }
                text
            }
        }
    };
    view.contexts = input.contexts.iter().map(line).collect();
    let active = input.contexts.iter().find(|c| Some(&c.session_id) == input.active_id.as_ref());
    match active {
        Some(c) => {
            view.payer = format!("{}: {}", w.pays_now, context_name(c, w));
            view.label = match &c.balance {
                Some(b) => figure(b, c.refresh_failed, now, locale),
                None => "—".to_string(),
            };
            view.tooltip = format!("{} · {}", w.app, line(c));
        }
        None => {
            view.payer = w.nobody_pays.to_string();
            view.label = "—".to_string();
            view.tooltip = format!("{} · {}", w.app, w.nobody_pays);
        }
    }
    view.charges.push(format!("{}:", w.last_charges));
    if input.charges.is_empty() {
        view.charges.push(format!("  {}", w.no_charges));
    }
    for charge in input.charges.iter().take(LAST_CHARGES) {
        let amount = match &charge.points {
            Some(p) => format!("−{} {}", p.trim_start_matches('-'), w.points),
            None => w.amount_unknown.to_string(),
        };
        view.charges.push(format!("  {} · {amount}", cut(&charge.summary)));
    }
    view.spent_today = match &input.spent_today {
        Some(points) => format!("{}: {} {}", w.spent_today, points, w.points),
        None => format!("{}: {}", w.spent_today, w.spent_unknown),
    };
    view.switch = input
        .contexts
        .iter()
        .map(|c| TraySwitch {
            session_id: c.session_id.clone(),
            label: context_name(c, w).to_string(),
            active: Some(&c.session_id) == input.active_id.as_ref(),
        })
        .collect();
    view
}

/// The low-balance warning: one desktop notification when a context's balance crosses
/// the threshold (Settings → Balances), not one per refresh.
#[derive(Debug, Default)]
pub struct LowBalanceWatch {
    low: HashMap<String, bool>,
}

impl LowBalanceWatch {
    /// What the app already knew at start (stored readings): remembered, never announced.
    pub fn seed(&mut self, session_id: &str, low: bool) {
        self.low.entry(session_id.to_string()).or_insert(low);
    }

    /// A new reading of `session_id`'s balance: `true` when it has just crossed the
    /// threshold (it was not low, or not known, before).
    pub fn reading(&mut self, session_id: &str, low: bool) -> bool {
        let before = self.low.insert(session_id.to_string(), low);
        low && before != Some(true)
    }
}

/// The notification's title and body in the app's language.
pub fn low_balance_message(
    team_name: Option<&str>,
    balance: &TrayBalance,
    locale: Locale,
) -> (String, String) {
    let w = words(locale);
    let name = team_name.unwrap_or(w.personal);
    let amount = short_points(&balance.spendable);
    let threshold = short_points(&balance.low_threshold);
    match locale {
        Locale::En => {
            ("Balance low".to_string(), format!("{name}: {amount} points left, below your {threshold}."))
        }
        Locale::ZhCn => {
            ("余额不足".to_string(), format!("{name}：剩余 {amount} 积分，低于你设的 {threshold}。"))
        }
    }
}

impl Billing {
    /// What the tray shows now, from stored readings only: no platform call, and nothing
    /// announced (the tray reads this on every event; reading must not make another).
    /// `utc_offset_minutes` makes "today" the person's local day.
    pub async fn tray_input(&self, utc_offset_minutes: i32) -> Result<TrayInput> {
        let view = self.auth().sessions_snapshot().await?;
        let threshold = self.low_threshold().await?;
        let failed = self.failed_refreshes.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let mut contexts = Vec::new();
        let mut active: Option<SessionRecord> = None;
        for summary in &view.sessions {
            let Some(session) = self.shared.db().session(&summary.id).await? else {
                continue;
            };
            let row = self.shared.db().latest_balance_snapshot(&ContextColumns::of(&session)).await?;
            let balance = row.map(|row| {
                let overview = super::balance::overview_of(&session, &row, threshold);
                TrayBalance {
                    spendable: overview.spendable,
                    refreshed_at: overview.refreshed_at,
                    low: overview.low,
                    low_threshold: overview.low_threshold,
                }
            });
            let refresh_failed = match (&balance, failed.get(&session.id)) {
                (Some(b), Some(at)) => *at >= b.refreshed_at,
                (None, Some(_)) => true,
                (_, None) => false,
            };
            contexts.push(TrayContext {
                session_id: session.id.clone(),
                team_name: session.team_id().map(|_| session.team_name.clone().unwrap_or_default()),
                balance,
                refresh_failed,
            });
            if view.active_id.as_deref() == Some(session.id.as_str()) {
                active = Some(session);
            }
        }
        let (charges, spent_today) = match &active {
            Some(session) => {
                let rows = self
                    .shared
                    .db()
                    .ledger_page(&ContextColumns::of(session), true, LAST_CHARGES as i64, 0)
                    .await?;
                let charges = rows
                    .iter()
                    .map(|row| TrayCharge {
                        summary: row.summary.clone(),
                        points: super::attribution::known_amount(row).map(|p| p.to_string()),
                    })
                    .collect();
                let query = SpendingQuery { days: 1, utc_offset_minutes };
                let chart = self.spending_chart_of(session, &query).await?;
                let today = chart.series.first().map(|s| s.total.clone()).unwrap_or_else(|| "0".to_string());
                (charges, Some(today))
            }
            None => (Vec::new(), None),
        };
        Ok(TrayInput {
            contexts,
            active_id: view.active_id.clone(),
            charges,
            spent_today: spent_today.map(|t| short_points(&t)),
            presenting: self.shared.db().presenting().await?.on,
            replay: self.shared.platform().replay.is_some(),
        })
    }

    /// The time used for `view`: now.
    pub fn tray_now() -> i64 {
        now_ms()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000_000;
    const MIN: i64 = 60_000;

    fn balance(spendable: &str, age_ms: i64, low: bool) -> TrayBalance {
        TrayBalance {
            spendable: spendable.into(),
            refreshed_at: NOW - age_ms,
            low,
            low_threshold: "100".into(),
        }
    }

    fn personal(b: Option<TrayBalance>, failed: bool) -> TrayContext {
        TrayContext { session_id: "p".into(), team_name: None, balance: b, refresh_failed: failed }
    }

    fn team(b: Option<TrayBalance>) -> TrayContext {
        TrayContext {
            session_id: "t".into(),
            team_name: Some("Acme".into()),
            balance: b,
            refresh_failed: false,
        }
    }

    fn input(contexts: Vec<TrayContext>) -> TrayInput {
        TrayInput {
            contexts,
            active_id: Some("p".into()),
            charges: vec![
                TrayCharge { summary: "Chat reply: hello".into(), points: Some("12.5".into()) },
                TrayCharge { summary: "Speech\nsecond line".into(), points: None },
            ],
            spent_today: Some("37".into()),
            presenting: false,
            replay: false,
        }
    }

    #[test]
    fn numbers_are_short_with_grouping_and_never_rounded_up() {
        assert_eq!(short_points("2451.75"), "2,451");
        assert_eq!(short_points("999"), "999");
        assert_eq!(short_points("1000"), "1,000");
        assert_eq!(short_points("1234567"), "1,234,567");
        assert_eq!(short_points("12345678.9"), "12.3M");
        assert_eq!(short_points("9007199254740993"), "9,007,199,254.7M");
        assert_eq!(short_points("-12.5"), "-12");
        assert_eq!(short_points("-0.5"), "0");
        assert_eq!(short_points("0"), "0");
    }

    #[test]
    fn the_label_is_the_payers_balance_and_the_menu_lists_every_context() {
        let v = view(
            &input(vec![personal(Some(balance("2451.75", MIN, false)), false), team(None)]),
            NOW,
            Locale::En,
        );
        assert!(v.visible);
        assert_eq!(v.label, "2,451");
        assert_eq!(v.contexts, ["Personal: 2,451 points", "Acme: not read yet"]);
        assert_eq!(v.payer, "Pays now: Personal");
        assert_eq!(
            v.charges,
            ["Last charges:", "  Chat reply: hello · −12.5 points", "  Speech · amount not known yet"]
        );
        assert_eq!(v.spent_today, "Spent today: 37 points");
        assert_eq!(
            v.switch.iter().map(|s| (s.label.as_str(), s.active)).collect::<Vec<_>>(),
            [("Personal", true), ("Acme", false)]
        );
        assert_eq!(
            (v.open_window.as_str(), v.refresh.as_str(), v.quit.as_str()),
            ("Open window", "Refresh", "Quit")
        );
    }

    #[test]
    fn a_stale_figure_shows_its_age() {
        let v = view(&input(vec![personal(Some(balance("2451", 5 * MIN, false)), false)]), NOW, Locale::En);
        assert_eq!(v.label, "2,451 · 5 min ago");
        let v = view(
            &input(vec![personal(Some(balance("2451", 3 * 60 * MIN, false)), false)]),
            NOW,
            Locale::ZhCn,
        );
        assert_eq!(v.label, "2,451 · 3 小时前");
        let v = view(&input(vec![personal(Some(balance("2451", 4 * MIN, false)), false)]), NOW, Locale::En);
        assert_eq!(v.label, "2,451", "under five minutes is fresh");
    }

    #[test]
    fn a_failed_refresh_never_looks_fresh() {
        let v = view(&input(vec![personal(Some(balance("2451", 0, false)), true)]), NOW, Locale::En);
        assert_eq!(v.label, "2,451 · just now", "the age is shown even for a recent figure");
        assert_eq!(v.contexts, ["Personal: 2,451 points · just now (refresh failed)"]);
        let v = view(&input(vec![personal(Some(balance("2451", 2 * MIN, false)), true)]), NOW, Locale::ZhCn);
        assert_eq!(v.label, "2,451 · 2 分钟前");
        let v = view(&input(vec![personal(None, true)]), NOW, Locale::En);
        assert_eq!(v.label, "—");
        assert_eq!(v.contexts, ["Personal: refresh failed"]);
    }

    #[test]
    fn hidden_while_presenting_or_replaying_with_nothing_of_the_account() {
        for (presenting, replay) in [(true, false), (false, true)] {
            let mut i = input(vec![personal(Some(balance("2451", 0, true)), false)]);
            i.presenting = presenting;
            i.replay = replay;
            let v = view(&i, NOW, Locale::En);
            assert!(!v.visible);
            assert!(
                v.label.is_empty() && v.contexts.is_empty() && v.charges.is_empty() && v.switch.is_empty()
            );
        }
    }

    #[test]
    fn signed_out_and_no_payer_chosen_say_so() {
        let v = view(&TrayInput::default(), NOW, Locale::En);
        assert_eq!((v.label.as_str(), v.contexts.clone()), ("—", vec!["Not signed in".to_string()]));
        let mut i = input(vec![personal(Some(balance("10", 0, false)), false)]);
        i.active_id = None;
        let v = view(&i, NOW, Locale::ZhCn);
        assert_eq!(v.payer, "当前付费：未选择");
        assert_eq!(v.label, "—");
    }

    #[test]
    fn low_marks_the_context_and_the_words_are_chinese_in_chinese() {
        let v = view(&input(vec![personal(Some(balance("80", 0, true)), false)]), NOW, Locale::ZhCn);
        assert_eq!(v.contexts, ["个人: 80 积分 (余额不足)"]);
        assert_eq!(v.spent_today, "今日已用: 37 积分");
        assert_eq!((v.open_window.as_str(), v.switch_title.as_str()), ("打开窗口", "切换付费账户"));
    }

    #[test]
    fn one_notification_per_crossing_not_per_refresh() {
        let mut watch = LowBalanceWatch::default();
        watch.seed("p", true);
        assert!(!watch.reading("p", true), "already low at start: no notification");
        assert!(!watch.reading("p", false));
        assert!(watch.reading("p", true), "crossed: one notification");
        assert!(!watch.reading("p", true), "the next refresh: none");
        assert!(!watch.reading("p", true));
        assert!(watch.reading("t", true), "a context never seen, low at once: crossed");
        watch.seed("t", false);
        assert!(!watch.reading("t", true), "seeding never overwrites a reading");
    }

    #[test]
    fn the_notification_names_the_context_and_the_threshold() {
        let (title, body) = low_balance_message(Some("Acme"), &balance("80.5", 0, true), Locale::En);
        assert_eq!((title.as_str(), body.as_str()), ("Balance low", "Acme: 80 points left, below your 100."));
        let (title, body) = low_balance_message(None, &balance("80", 0, true), Locale::ZhCn);
        assert_eq!((title.as_str(), body.as_str()), ("余额不足", "个人：剩余 80 积分，低于你设的 100。"));
    }
}
