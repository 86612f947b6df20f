//! The recorder's scrubbing, alone (the whole recording is proved in `cassettes/tests.rs`).

use super::*;

#[test]
fn secrets_and_personal_data_are_removed_when_kept() {
    let mut body = serde_json::json!({
        "access_token": "tok_canary_1234",
        "user": {"Email": "ann@example.com", "name": "Ann", "phone": "123"},
        "note": "Bearer abc.def-ghi and mail bob@example.org",
        "code": "INSUFFICIENT_POINTS",
        "items": [{"refresh-token": "r"}],
    });
    scrub_json(&mut body);
    let text = body.to_string();
    for gone in ["tok_canary_1234", "ann@example.com", "bob@example.org", "abc.def-ghi", "\"123\""] {
        assert!(!text.contains(gone), "{gone} in {text}");
    }
    assert_eq!(body["user"]["name"], "Ann");
    assert_eq!(body["code"], "INSUFFICIENT_POINTS", "a platform error code is not a secret");
    assert_eq!(body["items"][0]["refresh-token"], REMOVED);
}

#[test]
fn a_query_keeps_its_form_unless_it_carries_a_secret() {
    assert_eq!(scrub_query("type=chat&page=2"), "type=chat&page=2");
    assert_eq!(scrub_query("q=a%20b"), "q=a%20b");
    assert_eq!(scrub_query("code=abc&x=1"), "code=%5Bremoved%5D&x=1");
}

#[test]
fn stopping_cuts_every_token_a_request_carried_out_of_the_whole_file() {
    let recorder = Recorder::default();
    recorder.start("2026-12-06T00:00:00.000Z".into(), "Personal".into());
    let client = reqwest::Client::new();
    let request = client
        .post("http://127.0.0.1:9/api/v1/open/echo")
        .header(reqwest::header::AUTHORIZATION, "Bearer canary_XYZ_987")
        .body("{\"text\":\"my token is canary_XYZ_987\"}")
        .build()
        .unwrap();
    let pending = recorder.begin(&request).expect("an /api/ request is recorded");
    recorder.keep(pending, vec![(1, Bytes::from_static(b"{\"echo\":\"canary_XYZ_987\"}"))]);
    assert!(recorder.begin(&client.post("http://127.0.0.1:9/oauth/token").build().unwrap()).is_none());
    let file = String::from_utf8(recorder.stop().unwrap().to_file()).unwrap();
    assert!(!file.contains("canary_XYZ_987"), "{file}");
    assert!(!file.to_ascii_lowercase().contains("authorization"), "{file}");
    assert!(file.contains("/api/v1/open/echo") && file.contains(REMOVED), "{file}");
}
