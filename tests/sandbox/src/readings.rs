//! Other readings of the platform documentation. Wherever the docs are silent or loose, the
//! sandbox's default is one reading (see README "Assumptions"); each `Reading` switches the
//! sandbox to another shape or behaviour the same docs allow, so the app's tests can prove
//! it copes with every one of them. Switch them on with `--reading NAME` (repeatable), with
//! `SandboxControl::set_readings`, or with `POST /__sandbox/readings {"readings": [NAME, ...]}`.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

/// One alternative reading. Names are kebab-case on the command line and over HTTP.
/// Each area adds its variants here (keep them grouped by area, one doc line each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// Placeholder so the set is never empty of variants; has no effect.
    #[doc(hidden)]
    None,

    // ---- sign-in, sessions and Team context ----
    /// `/api/v1/open/me` refuses Team-bound tokens (403 `TEAM_CONTEXT_MISMATCH`), like the other Personal profile routes.
    MeRefusesTeamTokens,
    /// An invalidated Team token (membership, role or context version changed) gets 403 `TEAM_CONTEXT_MISMATCH` instead of 401.
    #[serde(rename = "team-context-403")]
    TeamContext403,
    /// Team chat is refused (403 `TEAM_WORKFLOW_VERSION_NOT_PUBLISHED`) unless `X-Xiaoya-Workflow-Version-Id` is a published version ([`crate::PUBLISHED_WORKFLOW_VERSION_ID`]).
    PublishedWorkflowOnly,
    /// The public client is registered with the loopback redirect `http://127.0.0.1/oauth/callback`; any port is accepted (RFC 8252 §7.3).
    LoopbackRedirect,
    /// The public client is registered with an https redirect ([`crate::PUBLIC_CLIENT_HTTPS_REDIRECT_URI`]), a publisher's page that forwards to the custom scheme.
    HttpsRedirect,
}

/// The readings in force. Empty = the sandbox's default reading everywhere.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Readings(pub BTreeSet<Reading>);

impl Readings {
    pub fn has(&self, reading: Reading) -> bool {
        self.0.contains(&reading)
    }

    /// Parses one kebab-case name, as given to `--reading`.
    pub fn parse_name(name: &str) -> Result<Reading, serde_json::Error> {
        serde_json::from_value(serde_json::Value::String(name.to_string()))
    }
}

impl FromIterator<Reading> for Readings {
    fn from_iter<I: IntoIterator<Item = Reading>>(iter: I) -> Self {
        Readings(iter.into_iter().collect())
    }
}
