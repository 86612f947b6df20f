//! Sign-in: OAuth 2.0 authorization code + PKCE S256 in the system browser, the code
//! returning through a deep link (or a loopback listener, RFC 8252 §7.3); tokens only in the OS keychain; Personal and Team
//! sessions side by side, each keyed by origin, client, subject and exact context.

pub mod attempts;
pub mod callback;
pub mod ended;
pub mod flow;
pub mod loopback;
pub mod pending;
pub mod pkce;
mod record;
pub mod sessions;
pub mod teams;
pub mod wire;

mod service;
pub use service::Auth;

pub mod call;
pub mod store;

#[cfg(test)]
mod tests;
