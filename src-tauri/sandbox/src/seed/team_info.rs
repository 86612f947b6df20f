//! What the read-only Team routes (`/teams/{id}/overview`, `/members`, `/member-credits`,
//! `/entitlements`, `/membership`, `/membership/orders`, `/membership/plans`) answer for each
//! seeded Team. The API reference gives these answers no schema (`object`) except the
//! entitlements the Team page describes and `canPurchaseCredits`; every other field name here
//! is the sandbox's assumption (README: "Team information").

use super::*;

/// One member of a seeded Team. The signed-in person's own row takes its quota from the
/// live Team balance instead of `quota_limit`/`quota_used`.
#[derive(Clone, Debug)]
pub(crate) struct SeedMember {
    pub member_id: &'static str,
    pub name: &'static str,
    pub email: &'static str,
    pub role: &'static str,
    pub status: &'static str,
    pub quota_limit: Option<&'static str>,
    pub quota_used: &'static str,
}

/// A Team's seat plan, entitlements and orders.
#[derive(Clone, Debug)]
pub(crate) struct TeamInfo {
    pub members: Vec<SeedMember>,
    /// `None`: the Team never activated a seat plan.
    pub plan: Option<SeedPlan>,
    pub max_file_bytes: u64,
    pub total_bytes: u64,
    pub member_limit: u32,
    pub plan_features: Vec<&'static str>,
    pub created_at: &'static str,
}

#[derive(Clone, Debug)]
pub(crate) struct SeedPlan {
    pub plan_id: &'static str,
    pub name: &'static str,
    pub seats: u32,
    pub starts_at: &'static str,
    pub ends_at: &'static str,
}

/// The plan catalog every Team reads (`/membership/plans`).
pub(crate) const PLAN_CATALOG: [(&str, &str, u32, bool, u64); 2] =
    [("plan_studio", "Studio", 5, true, 9_900), ("plan_business", "Business", 20, true, 29_900)];

fn member(
    member_id: &'static str,
    name: &'static str,
    email: &'static str,
    role: &'static str,
    status: &'static str,
    quota: (Option<&'static str>, &'static str),
) -> SeedMember {
    SeedMember { member_id, name, email, role, status, quota_limit: quota.0, quota_used: quota.1 }
}

pub(crate) fn team_info(team_id: &str) -> TeamInfo {
    match team_id {
        TEAM_ALPHA_ID => TeamInfo {
            members: vec![
                member(
                    TEAM_ALPHA_MEMBER_ID,
                    USER_DISPLAY_NAME,
                    "lin.xiaoya@example.com",
                    "owner",
                    "active",
                    (None, "0"),
                ),
                member(
                    "member_alpha_0002",
                    "Chen Mo",
                    "chen.mo@example.com",
                    "admin",
                    "active",
                    (Some("5000"), "1200.5"),
                ),
                member(
                    "member_alpha_0003",
                    "Zhou Yun",
                    "zhou.yun@example.com",
                    "member",
                    "active",
                    (Some("800"), "799.75"),
                ),
                member(
                    "member_alpha_0004",
                    "Wang Lei",
                    "wang.lei@example.com",
                    "member",
                    "disabled",
                    (Some("500"), "0"),
                ),
            ],
            plan: Some(SeedPlan {
                plan_id: "plan_studio",
                name: "Studio",
                seats: 8,
                starts_at: "2026-09-01T00:00:00Z",
                ends_at: "2027-09-01T00:00:00Z",
            }),
            max_file_bytes: 209_715_200,
            total_bytes: 107_374_182_400,
            member_limit: 8,
            plan_features: vec!["team_chat", "voice_clone", "workflow_runs"],
            created_at: "2025-03-14T08:00:00Z",
        },
        TEAM_BETA_ID => TeamInfo {
            members: vec![
                member(
                    "member_beta_0001",
                    "Guo Ping",
                    "guo.ping@example.com",
                    "owner",
                    "active",
                    (None, "0"),
                ),
                member(
                    TEAM_BETA_MEMBER_ID,
                    USER_DISPLAY_NAME,
                    "lin.xiaoya@example.com",
                    "member",
                    "active",
                    (None, "0"),
                ),
                member(
                    "member_beta_0043",
                    "Sun Li",
                    "sun.li@example.com",
                    "member",
                    "active",
                    (Some("1000"), "12"),
                ),
            ],
            plan: Some(SeedPlan {
                plan_id: "plan_studio",
                name: "Studio",
                seats: 5,
                starts_at: "2026-06-01T00:00:00Z",
                ends_at: "2027-06-01T00:00:00Z",
            }),
            max_file_bytes: 104_857_600,
            total_bytes: 53_687_091_200,
            member_limit: 5,
            plan_features: vec!["team_chat"],
            created_at: "2025-11-02T02:30:00Z",
        },
        _ => TeamInfo {
            members: vec![member(
                TEAM_GAMMA_MEMBER_ID,
                USER_DISPLAY_NAME,
                "lin.xiaoya@example.com",
                "owner",
                "active",
                (None, "0"),
            )],
            plan: None,
            max_file_bytes: 10_485_760,
            total_bytes: 1_073_741_824,
            member_limit: 1,
            plan_features: Vec::new(),
            created_at: "2026-11-20T10:00:00Z",
        },
    }
}
