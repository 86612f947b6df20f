//! OAuth scopes, in the platform's words.

use std::collections::BTreeSet;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scope {
    Profile,
    Balance,
    Charge,
    Usage,
    Model,
    TeamRead,
    TeamManage,
    Skill,
    Sandbox,
    /// The Personal account's own data (`/account/...`: entitlements, profile, referral).
    Account,
}

impl Scope {
    pub const ALL: [Scope; 10] = [
        Scope::Profile,
        Scope::Balance,
        Scope::Charge,
        Scope::Usage,
        Scope::Model,
        Scope::TeamRead,
        Scope::TeamManage,
        Scope::Skill,
        Scope::Sandbox,
        Scope::Account,
    ];

    /// The scopes granted when an authorization request names none.
    pub const DEFAULT: [Scope; 4] = [Scope::Profile, Scope::Balance, Scope::Charge, Scope::Usage];

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Profile => "profile",
            Scope::Balance => "balance",
            Scope::Charge => "charge",
            Scope::Usage => "usage",
            Scope::Model => "model",
            Scope::TeamRead => "team_read",
            Scope::TeamManage => "team_manage",
            Scope::Skill => "skill",
            Scope::Sandbox => "sandbox",
            Scope::Account => "account",
        }
    }

    pub fn parse(text: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// What the consent page tells a person this scope lets the app do.
    pub fn plain_words(self) -> &'static str {
        match self {
            Scope::Profile => "See your name and the Teams you belong to",
            Scope::Balance => "See your points balance",
            Scope::Charge => "Charge and refund points on your behalf",
            Scope::Usage => "See how many points this app has used",
            Scope::Model => "Use AI models and voices; each call costs points",
            Scope::TeamRead => "Read the Team's information",
            Scope::TeamManage => "Manage the Team (owners and admins only)",
            Scope::Skill => "Download licensed runtime assets",
            Scope::Sandbox => "Run cloud sandboxes",
            Scope::Account => {
                "See your account details, such as your storage limits and where your benefits come from"
            }
        }
    }

    pub fn is_team_scope(self) -> bool {
        matches!(self, Scope::TeamRead | Scope::TeamManage)
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A set of scopes, printed space-separated in the platform's canonical order.
pub type ScopeSet = BTreeSet<Scope>;

pub fn scope_string(scopes: &ScopeSet) -> String {
    scopes.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
}

/// A scope name the platform does not define (displayed as the name itself).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{name}")]
pub struct UnknownScope {
    pub name: String,
}

/// Parses a space-separated scope parameter; `Err` carries the first unknown name.
pub fn parse_scope_list(text: &str) -> Result<ScopeSet, UnknownScope> {
    text.split(' ')
        .filter(|part| !part.is_empty())
        .map(|part| Scope::parse(part).ok_or_else(|| UnknownScope { name: part.to_owned() }))
        .collect()
}
