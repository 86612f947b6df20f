//! Team information (#29): the read-only Team routes a Team sign-in with `team_read` may
//! call — overview, members, member credits, entitlements, membership with its orders and
//! plans — read tolerantly (`read.rs`), each refusal kept with the platform's own words.

pub mod read;
mod service;
pub mod wire;

pub use service::{answer, refusal, Teams, TEAM_READ_SCOPES};
pub use service::{
    ENTITLEMENTS, MEMBERS, MEMBERSHIP, MEMBERSHIP_ORDERS, MEMBERSHIP_PLANS, MEMBER_CREDITS, OVERVIEW,
};

#[cfg(test)]
mod tests;
