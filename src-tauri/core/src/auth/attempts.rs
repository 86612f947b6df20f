//! What happened to the recent sign-in attempts of this run, for the diagnostics view: when,
//! for which context, and how each ended — signed in, failed (with the error code, the
//! platform's code and request id), a link refused, or cancelled. Kept in memory only and
//! never holding a secret: no code, verifier or token is ever put here. The one exception to
//! "no state": the authorize link of an attempt whose browser could not be started, kept so the
//! person can copy it and open it themselves — exactly what the browser would have received.

use std::collections::VecDeque;
use std::sync::Mutex;

use super::pending::LapsedAttempt;
use super::wire::ExpiredSignIn;
pub use super::wire::LapseReason;
pub use super::wire::{SignInEvent, SignInOutcome};
use crate::foundation::context::RequestedContext;
use crate::foundation::error::{Error, IpcError};

/// How many attempts the view keeps (newest first).
const KEEP: usize = 10;
/// Text from the platform is capped before it is kept (A7: shown as text, length-capped).
const DETAIL_CHARS: usize = 300;

#[derive(Default)]
pub struct SignInHistory {
    events: Mutex<VecDeque<SignInEvent>>,
    /// The last attempt that expired, shown until the next sign-in starts or is cancelled.
    expired: Mutex<Option<ExpiredSignIn>>,
    /// The authorize link of the pending attempt whose browser could not be started.
    link: Mutex<Option<String>>,
    /// How many loopback refusals the newest entry stands for.
    refusals_in_a_row: Mutex<u32>,
}

impl SignInHistory {
    /// Newest first.
    pub fn recent(&self) -> Vec<SignInEvent> {
        self.events.lock().unwrap_or_else(|e| e.into_inner()).iter().cloned().collect()
    }

    pub(crate) fn push(
        &self,
        outcome: SignInOutcome,
        context: Option<&RequestedContext>,
        error: Option<&Error>,
    ) {
        self.push_with(outcome, context, error, None);
    }

    /// An attempt whose state expired: kept in the history and shown in the window.
    pub(crate) fn push_expired(&self, lapsed: &LapsedAttempt) {
        self.push_with(
            SignInOutcome::Expired,
            Some(&lapsed.context),
            None,
            Some(lapsed.redirect_uri.clone()),
        );
        self.push_lapsed(lapsed, LapseReason::TimedOut);
    }

    /// An attempt that ended without its callback, shown in the window (with a way to
    /// start it again) until the next sign-in starts or the notice is dismissed.
    pub(crate) fn push_lapsed(&self, lapsed: &LapsedAttempt, reason: LapseReason) {
        *self.expired.lock().unwrap_or_else(|e| e.into_inner()) = Some(ExpiredSignIn {
            context_kind: lapsed.context.kind().to_owned(),
            team_id: Some(lapsed.context.team_id().to_owned()).filter(|t| !t.is_empty()),
            redirect_uri: lapsed.redirect_uri.clone(),
            make_payer: lapsed.make_payer,
            reason,
        });
    }

    /// A loopback request that belongs to no attempt. A run of them (a web page sweeping
    /// local ports) is one entry, the newest, whose detail says how many came in a row, so
    /// a sweep never pushes the real attempts out of the view.
    pub(crate) fn push_refusal(&self, error: &Error) {
        let mut event = new_event(SignInOutcome::Refused, None, Some(error), None);
        let mut events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        let mut run = self.refusals_in_a_row.lock().unwrap_or_else(|e| e.into_inner());
        let continues =
            events.front().is_some_and(|e| e.outcome == SignInOutcome::Refused && e.context_kind.is_none());
        *run = if continues && events.pop_front().is_some() { run.saturating_add(1) } else { 1 };
        if *run > 1 {
            let said = event.detail.take().unwrap_or_default();
            event.detail = Some(format!("{said} ({} refused in a row)", *run));
        }
        events.push_front(event);
        events.truncate(KEEP);
    }

    pub(crate) fn expired(&self) -> Option<ExpiredSignIn> {
        self.expired.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub(crate) fn set_link(&self, link: Option<String>) {
        *self.link.lock().unwrap_or_else(|e| e.into_inner()) = link;
    }

    pub(crate) fn link(&self) -> Option<String> {
        self.link.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub(crate) fn clear_expired(&self) {
        *self.expired.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    pub(crate) fn push_with(
        &self,
        outcome: SignInOutcome,
        context: Option<&RequestedContext>,
        error: Option<&Error>,
        redirect_uri: Option<String>,
    ) {
        let event = new_event(outcome, context, error, redirect_uri);
        let mut events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        events.push_front(event);
        events.truncate(KEEP);
    }
}

fn new_event(
    outcome: SignInOutcome,
    context: Option<&RequestedContext>,
    error: Option<&Error>,
    redirect_uri: Option<String>,
) -> SignInEvent {
    let ipc = error.map(IpcError::from);
    SignInEvent {
        at: now_rfc3339(),
        outcome,
        context_kind: context.map(|c| c.kind().to_owned()),
        team_id: context.map(|c| c.team_id().to_owned()).filter(|t| !t.is_empty()),
        error_code: ipc.as_ref().map(|e| e.code),
        platform_code: ipc.as_ref().and_then(|e| e.platform_code.clone()),
        request_id: ipc.and_then(|e| e.request_id),
        detail: error.and_then(detail),
        redirect_uri,
    }
}

/// Only text the app wrote or the platform sent as a message; transport errors carry URLs
/// and are summed up by their code alone.
fn detail(err: &Error) -> Option<String> {
    let text = match err {
        Error::Platform { message, .. } | Error::Busy { message, .. } => message.clone(),
        // The OAuth `error` is already the platform code; only its description adds.
        Error::OAuth { description, .. } => description.clone()?,
        Error::SignIn(message) => message.clone(),
        _ => return None,
    };
    let capped: String = text.chars().filter(|c| !c.is_control()).take(DETAIL_CHARS).collect();
    Some(capped)
}

fn now_rfc3339() -> String {
    time::OffsetDateTime::now_utc().format(&time::format_description::well_known::Rfc3339).unwrap_or_default()
}
