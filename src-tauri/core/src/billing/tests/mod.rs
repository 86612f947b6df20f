//! Billing against the sandbox: exact numbers (decimals and values above 2^53), missing
//! scopes, a Team token on a Personal route, balances that change between refreshes, and
//! contexts that never mix.

use xiaoya_sandbox as sb;

use crate::auth::wire::ContextRequest;
use crate::billing::ledger::{ChargeKind, NewCharge};
use crate::testing::Rig;

mod balances;
mod busy;
mod ledger;
mod tray;

pub(super) fn team(id: &str) -> ContextRequest {
    ContextRequest::Team { team_id: id.into(), make_payer: true }
}

pub(super) async fn record(rig: &Rig, kind: ChargeKind, request_id: &str, points: Option<&str>) {
    let session = rig.core.auth().active_session().await.unwrap();
    let written = rig
        .core
        .db()
        .record_charge(
            &session,
            &NewCharge {
                kind,
                request_id: request_id.into(),
                points: points.map(str::to_owned),
                input_tokens: None,
                output_tokens: None,
                receipt_ref: format!("ref-{request_id}"),
                summary: format!("test charge {request_id}"),
                created_at: crate::auth::flow::now_unix(),
            },
        )
        .await
        .unwrap();
    assert!(written);
}
