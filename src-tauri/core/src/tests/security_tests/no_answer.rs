//! REST calls to a platform that never answers, through the core (H3).

use super::*;

// ---- H3: REST calls that never answer, through the core -------------------------------

async fn network_error<T: std::fmt::Debug>(what: &str, call: impl std::future::Future<Output = Result<T>>) {
    let result = tokio::time::timeout(Duration::from_secs(20), call)
        .await
        .unwrap_or_else(|_| panic!("{what} hung instead of timing out"));
    assert_eq!(result.unwrap_err().code(), ErrorCode::Network, "{what}");
}

/// Proves H3 through the core: every Open API GET the features make (balance, models,
/// Teams, TTS options) ends in a `NETWORK` error when the platform takes longer than the
/// REST timeout, and the session is not touched. (`Core::set_client` swaps in the same
/// client with a 500 ms total timeout; the app uses 30 s.)
#[tokio::test]
async fn feature_calls_to_a_platform_that_never_answers_end_in_a_network_error() {
    let rig = Rig::new().await;
    rig.core.set_client(
        PlatformClient::with_timeouts(Duration::from_secs(5), Duration::from_millis(500)).unwrap(),
    );
    rig.sign_in(ContextRequest::Personal).await;
    let slow = |route| Fault::once(route, FaultKind::Latency(Duration::from_secs(5)));
    rig.control().inject(slow(Route::Balance));
    network_error("balance", rig.core.billing().refresh_balance()).await;
    // A catalog read is retried by itself after a timeout (twice): slow for all three reads,
    // and with no earlier catalog to fall back on, it ends in the network error.
    rig.control().inject(Fault {
        route: Route::Models,
        kind: FaultKind::Latency(Duration::from_secs(5)),
        times: 3,
    });
    network_error("models", rig.core.models().model_catalog(true)).await;
    rig.control().inject(slow(Route::Teams));
    network_error("teams", rig.core.auth().list_teams()).await;
    rig.control().inject(slow(Route::TtsOptions));
    network_error("tts options", rig.core.tts().tts_catalog()).await;
    assert_eq!(rig.core.auth().sessions_view().await.unwrap().sessions.len(), 1, "a timeout is not a 401");
}
