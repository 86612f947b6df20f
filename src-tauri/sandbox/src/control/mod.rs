//! In-process control of a running sandbox: fault injection, the clock, tokens, approval,
//! and inspection of balances and charges. The same controls are served over HTTP under
//! `/__sandbox/...` (see `http.rs`).

pub(crate) mod http;

use std::sync::Arc;
use std::time::Duration;

use time::OffsetDateTime;

use crate::faults::Fault;
use crate::ledger::{Charge, Ledger, PersonalBalance, TeamBalance};
use crate::points::Points;
use crate::scope::Scope;
use crate::state::Shared;
use crate::world::TokenContext;

/// Which tokens [`SandboxControl::expire_token_of`] affects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenSelector {
    /// One access token, by value.
    Token(String),
    /// Every Personal-context token.
    Personal,
    /// Every token bound to this Team.
    Team(String),
    /// Every token.
    All,
}

/// A cheap, cloneable handle on a running sandbox.
#[derive(Clone)]
pub struct SandboxControl {
    pub(crate) shared: Arc<Shared>,
}

impl SandboxControl {
    /// Queues a fault; faults for a route are consumed in the order they were injected.
    pub fn inject(&self, fault: Fault) {
        self.shared.faults.push(fault);
    }

    pub fn clear_faults(&self) {
        self.shared.faults.clear();
    }

    /// Faults not yet consumed (with their remaining `times`).
    pub fn pending_faults(&self) -> Vec<Fault> {
        self.shared.faults.pending()
    }

    /// Moves the sandbox clock forward: authorization codes expire after 5 minutes, tokens after
    /// 604800 seconds, pending cloned voices at their `expiresAt`.
    pub fn advance_clock(&self, by: Duration) {
        self.shared.clock.advance(by);
    }

    pub fn now(&self) -> OffsetDateTime {
        self.shared.now()
    }

    /// Makes the selected tokens expire now. Returns how many were affected.
    pub fn expire_token_of(&self, selector: TokenSelector) -> usize {
        let now = self.shared.now();
        let mut world = self.shared.world();
        let mut count = 0;
        for (value, token) in world.tokens.iter_mut() {
            let selected = match (&selector, &token.context) {
                (TokenSelector::Token(wanted), _) => wanted == value,
                (TokenSelector::Personal, TokenContext::Personal) => true,
                (TokenSelector::Team(wanted), TokenContext::Team { team_id, .. }) => wanted == team_id,
                (TokenSelector::All, _) => true,
                _ => false,
            };
            if selected && token.expires_at > now {
                token.expires_at = now;
                count += 1;
            }
        }
        count
    }

    /// Same as [`SandboxControl::expire_token_of`] (kept for callers that use the plural).
    pub fn expire_tokens_of(&self, selector: TokenSelector) -> usize {
        self.expire_token_of(selector)
    }

    /// Expires one access token. Returns whether it existed.
    pub fn expire_token(&self, access_token: &str) -> bool {
        self.expire_token_of(TokenSelector::Token(access_token.to_string())) > 0
    }

    /// Revokes every access token (as if the user revoked all authorizations).
    pub fn revoke_all_tokens(&self) -> usize {
        let mut world = self.shared.world();
        let count = world.tokens.values().filter(|t| !t.revoked).count();
        world.tokens.values_mut().for_each(|t| t.revoked = true);
        count
    }

    /// Number of access tokens issued and neither revoked nor expired.
    pub fn active_token_count(&self) -> usize {
        let now = self.shared.now();
        self.shared.world().tokens.values().filter(|t| !t.revoked && t.expires_at > now).count()
    }

    /// Bumps a Team's context version, which invalidates every token bound to it (documented:
    /// a context-version change can invalidate existing credentials).
    pub fn bump_team_context_version(&self, team_id: &str) -> bool {
        let mut world = self.shared.world();
        match world.teams.get_mut(team_id) {
            Some(team) => {
                team.context_version += 1;
                true
            }
            None => false,
        }
    }

    /// Every secret the sandbox issued or received: access tokens, authorization codes
    /// and PKCE verifiers. Tests grep logs, databases and IPC traffic for these.
    pub fn issued_secrets(&self) -> Vec<String> {
        let world = self.shared.world();
        world.tokens.keys().chain(world.codes.keys()).chain(world.verifiers_seen.iter()).cloned().collect()
    }

    /// Makes the token endpoint report Team tokens as bound to `team_id` (or stop, with `None`).
    pub fn set_team_binding_override(&self, team_id: Option<String>) {
        self.shared.update_settings(|s| s.team_binding_override = team_id);
    }

    /// With auto-approve on, `GET /oauth/authorize` redirects straight back with a code.
    pub fn set_auto_approve(&self, enabled: bool) {
        self.shared.update_settings(|s| s.auto_approve = enabled);
    }

    /// Grant exactly these scopes (whatever was requested) until cleared with `None`.
    pub fn set_granted_scopes_override(&self, scopes: Option<Vec<Scope>>) {
        self.shared.update_settings(|s| s.granted_scopes_override = scopes.map(|v| v.into_iter().collect()));
    }

    /// The same pause between every two streamed chat events (0 for the fastest tests),
    /// instead of the configured pace (`SandboxConfig::reply_pace`, 40 tokens a second).
    pub fn set_stream_pace(&self, pace: Duration) {
        self.set_reply_pace(crate::pace::ReplyPace::EventEvery(pace));
    }

    /// How fast streamed chat replies arrive from now on.
    pub fn set_reply_pace(&self, pace: crate::pace::ReplyPace) {
        self.shared.update_settings(|s| s.stream_pace = pace);
    }

    /// How fast streamed chat replies arrive.
    pub fn reply_pace(&self) -> crate::pace::ReplyPace {
        self.shared.settings().stream_pace
    }

    /// Serve these other readings of the docs (replaces the set in force; empty = default).
    pub fn set_readings(&self, readings: crate::readings::Readings) {
        self.shared.update_settings(|s| s.readings = readings);
    }

    /// The readings in force.
    pub fn readings(&self) -> crate::readings::Readings {
        self.shared.settings().readings
    }

    /// Every settled charge, oldest first.
    pub fn charges(&self) -> Vec<Charge> {
        self.shared.world().charges.clone()
    }

    /// Charges plus current balances.
    pub fn ledger(&self) -> Ledger {
        let world = self.shared.world();
        Ledger {
            charges: world.charges.clone(),
            personal: world.personal_balance,
            teams: world.teams.values().map(|t| t.balance_view()).collect(),
        }
    }

    /// Charges recorded for one `X-Request-ID` (in any context).
    pub fn charges_for(&self, request_id: &str) -> Vec<Charge> {
        self.charges().into_iter().filter(|c| c.request_id == request_id).collect()
    }

    /// How many speech requests carried this `X-Request-ID` (including ones hit by faults).
    pub fn speech_request_count(&self, request_id: &str) -> u32 {
        self.request_count("speech", request_id)
    }

    /// How many chat completion requests carried this `X-Request-ID`.
    pub fn chat_request_count(&self, request_id: &str) -> u32 {
        self.request_count("chat_completions", request_id)
    }

    fn request_count(&self, route: &'static str, request_id: &str) -> u32 {
        let world = self.shared.world();
        world.request_counts.get(&(route, request_id.to_string())).copied().unwrap_or(0)
    }

    pub fn personal_balance(&self) -> PersonalBalance {
        self.shared.world().personal_balance
    }

    pub fn set_personal_balance(&self, balance: PersonalBalance) {
        self.shared.world().personal_balance = balance;
    }

    pub fn team_balance(&self, team_id: &str) -> Option<TeamBalance> {
        self.shared.world().teams.get(team_id).map(|t| t.balance_view())
    }

    /// Sets a Team's wallet and/or the member's used quota.
    pub fn set_team_balance(
        &self,
        team_id: &str,
        wallet: Option<Points>,
        quota_used: Option<Points>,
    ) -> bool {
        let mut world = self.shared.world();
        let Some(team) = world.teams.get_mut(team_id) else {
            return false;
        };
        if let Some(wallet) = wallet {
            team.wallet = wallet;
        }
        if let Some(used) = quota_used {
            team.quota_used = used;
        }
        true
    }

    /// The catalog `state` of a voice in an account context (`None` = Personal), as
    /// `/tts/options` would show it now: `active`, `pending_activation` or `expired`.
    pub fn voice_state(&self, team_id: Option<&str>, voice_id: &str) -> Option<&'static str> {
        crate::tts::voice_state(&self.shared, team_id, voice_id)
    }

    /// Puts accounts, tokens, voices, charges and faults back to the seed (the clock keeps
    /// its offset; settings are kept).
    pub fn reset(&self) {
        self.shared.reset();
    }
}
