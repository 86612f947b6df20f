//! Agent check (issue #27): connect to an MCP agent the way the platform does, review every
//! tool against the platform's agent-development rules, call tools, compare snapshots of the
//! tool list, and export the review. The same review runs in the window (`Agents`, the
//! service) and on the command line (`xiaoya-check`, through [`review::review`]).
//!
//! - `http`: the recording reqwest client rmcp sends through (`StreamableHttpClient`), with
//!   the limits; `probes`: what rmcp never sends (malformed JSON, an oversized body, …).
//! - `rules`, `tool_rules`, `call_rules`, `lines`: the rule ids, their text and verdicts.
//! - `target`: the endpoint and headers to review. `review`: one review, start to end;
//!   `protocol_rules`: the handshake's rules. `schema`: JSON Schema (arguments, results).
//! - `snapshot`: comparing tool lists. `tokens`: the tool list's weight in model tokens.
//! - `export`: Markdown and JSON. `store` and `service`: saved agents and snapshots.

mod body;
pub mod call_rules;
pub mod export;
pub mod http;
mod lines;
pub mod probes;
mod protocol_rules;
pub mod review;
pub mod rules;
pub mod schema;
mod service;
pub mod snapshot;
pub mod store;
pub mod target;
pub mod tokens;
pub mod tool_rules;
pub mod wire;

pub use review::{review, ReviewOptions};
pub use service::Agents;
pub use target::Target;

#[cfg(test)]
mod tests;
