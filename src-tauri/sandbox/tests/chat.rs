//! The Chat Completions gateway with a Personal token: JSON and SSE replies, validation,
//! billing, idempotent retries.

mod common;

use common::chat::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use xiaoya_sandbox::*;

#[tokio::test]
async fn a_personal_completion_is_openai_shaped_and_charged_from_the_balance() {
    let h = harness(true).await;
    let token = h.personal().await;
    let (status, reply) = send(post(
        &h,
        &token,
        Some("req-chat-1"),
        // The default answer (no built-in answer's keywords): a list and a code block.
        &body(MODEL_CHAT, "How do I plan a small project?", false),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(reply["object"], "chat.completion");
    assert_eq!(reply["model"], MODEL_CHAT);
    assert_eq!(reply["choices"][0]["message"]["role"], "assistant");
    assert_eq!(reply["choices"][0]["finish_reason"], "stop");
    let content = reply["choices"][0]["message"]["content"].as_str().unwrap_or_default();
    assert!(content.contains("1. ") && content.contains("```"), "markdown list and code block: {content}");
    let usage = &reply["usage"];
    assert_eq!(
        usage["total_tokens"],
        usage["prompt_tokens"].as_u64().unwrap_or(0) + usage["completion_tokens"].as_u64().unwrap_or(0)
    );

    let charges = h.control.charges_for("req-chat-1");
    assert_eq!(charges.len(), 1);
    assert_eq!(charges[0].context, ChargeContext::Personal);
    assert_eq!(charges[0].kind, ChargeKind::ChatCompletion);
    let charged = charges[0].points.floor_whole();
    assert!(charged >= 1 && charges[0].points.is_whole());
    assert_eq!(h.control.personal_balance().subscription, PERSONAL_SUBSCRIPTION_POINTS - charged);
}

#[tokio::test]
async fn streaming_sends_chunks_usage_in_the_last_chunk_then_done() {
    let h = harness(true).await;
    let token = h.personal().await;
    let prompt = "Explain borrowing in Rust";
    let response =
        post(&h, &token, Some("req-stream-1"), &body(MODEL_CHAT, prompt, true)).send().await.expect("stream");
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap_or_default().starts_with("text/event-stream"));
    let (events, comments) = sse(&response.text().await.unwrap_or_default());
    assert!(comments >= 1, "keep-alive comments");
    assert_eq!(events.last().map(String::as_str), Some("[DONE]"));
    let last: Value = serde_json::from_str(&events[events.len() - 2]).unwrap_or_default();
    assert_eq!(last["object"], "chat.completion.chunk");
    assert_eq!(last["choices"][0]["finish_reason"], "stop");
    assert!(last["usage"]["total_tokens"].as_u64().is_some_and(|t| t > 0));
    assert!(events.len() > 6);

    let (_, whole) = send(post(&h, &token, Some("req-stream-2"), &body(MODEL_CHAT, prompt, false))).await;
    assert_eq!(
        streamed_content(&events),
        whole["choices"][0]["message"]["content"].as_str().unwrap_or_default(),
        "deterministic"
    );
}

#[tokio::test]
async fn long_prompts_get_long_answers_and_json_formats_get_json() {
    let h = harness(true).await;
    let token = h.personal().await;
    let (_, long) = send(post(
        &h,
        &token,
        Some("long-1"),
        &body(MODEL_CHAT, "Write a long, detailed essay about tea", false),
    ))
    .await;
    assert!(long["choices"][0]["message"]["content"].as_str().unwrap_or_default().len() > 4000);

    let mut object = body(MODEL_VISION, "Describe tea", false);
    object["response_format"] = json!({ "type": "json_object" });
    let (_, reply) = send(post(&h, &token, Some("json-1"), &object)).await;
    let parsed: Value =
        serde_json::from_str(reply["choices"][0]["message"]["content"].as_str().unwrap_or_default())
            .unwrap_or_default();
    assert!(parsed.is_object() && parsed["topic"].is_string());

    let mut schema = body(MODEL_JSON_SCHEMA, "Plan a trip", false);
    schema["response_format"] = json!({ "type": "json_schema", "json_schema": { "name": "trip", "schema": {
        "type": "object", "required": ["city", "days", "stops"],
        "properties": { "city": { "type": "string" }, "days": { "type": "integer", "minimum": 2 }, "stops": { "type": "array", "items": { "type": "string" } } } } } });
    let (_, reply) = send(post(&h, &token, Some("json-2"), &schema)).await;
    let parsed: Value =
        serde_json::from_str(reply["choices"][0]["message"]["content"].as_str().unwrap_or_default())
            .unwrap_or_default();
    assert!(parsed["city"].is_string() && parsed["days"] == 2 && parsed["stops"].is_array(), "{parsed}");

    let mut unsupported = body(MODEL_CHAT, "x", false);
    unsupported["response_format"] = json!({ "type": "json_object" });
    let (status, error) = send(post(&h, &token, Some("json-3"), &unsupported)).await;
    assert_eq!((status, error_code(&error)), (StatusCode::BAD_REQUEST, "STRUCTURED_OUTPUT_UNSUPPORTED"));
}

#[tokio::test]
async fn malformed_requests_get_fastapi_422s() {
    let h = harness(true).await;
    let token = h.personal().await;
    let (status, error) = send(post(&h, &token, None, &body(MODEL_CHAT, "hi", false))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["detail"][0]["loc"], json!(["header", "X-Request-ID"]));
    assert_eq!(error["detail"][0]["type"], "missing");

    let bad_role = json!({ "model": MODEL_CHAT, "messages": [{ "role": "robot", "content": "hi" }] });
    let (status, error) = send(post(&h, &token, Some("r1"), &bad_role)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["detail"][0]["loc"], json!(["body", "messages", 0, "role"]));
    assert_eq!(error["detail"][0]["type"], "literal_error");

    let (status, error) = send(post(&h, &token, Some("r2"), &json!({ "messages": [] }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let types: Vec<&str> =
        error["detail"].as_array().into_iter().flatten().filter_map(|d| d["type"].as_str()).collect();
    assert_eq!(types, ["missing", "too_short"]);
    assert!(h.control.charges().is_empty());
}

#[tokio::test]
async fn unknown_models_non_chat_models_and_out_of_spec_parameters_are_rejected() {
    let h = harness(true).await;
    let token = h.personal().await;
    let cases = [
        (body("gpt-unknown", "hi", false), StatusCode::NOT_FOUND, "MODEL_NOT_FOUND"),
        (body(MODEL_TEAM_ONLY, "hi", false), StatusCode::NOT_FOUND, "MODEL_NOT_FOUND"),
        (body(MODEL_IMAGE, "hi", false), StatusCode::BAD_REQUEST, "MODEL_TYPE_UNSUPPORTED"),
    ];
    for (request, status, code) in cases {
        let (got, error) = send(post(&h, &token, Some("bad"), &request)).await;
        assert_eq!((got, error_code(&error)), (status, code));
    }
    let mut hot = body(MODEL_CHAT, "hi", false);
    hot["temperature"] = json!(3.5);
    let (status, error) = send(post(&h, &token, Some("hot"), &hot)).await;
    assert_eq!((status, error_code(&error)), (StatusCode::BAD_REQUEST, "MODEL_PARAMETER_INVALID"));
    let mut effort = body(MODEL_JSON_SCHEMA, "hi", false);
    effort["reasoning_effort"] = json!("extreme");
    assert_eq!(send(post(&h, &token, Some("effort"), &effort)).await.0, StatusCode::BAD_REQUEST);
    effort["reasoning_effort"] = json!("high");
    effort["temperature"] = json!(0.2);
    assert_eq!(send(post(&h, &token, Some("effort-ok"), &effort)).await.0, StatusCode::OK);
    assert_eq!(h.control.charges().len(), 1);
}

#[tokio::test]
async fn a_settled_request_id_is_replayed_without_a_second_charge() {
    let h = harness(true).await;
    let token = h.personal().await;
    let request = body(MODEL_CHAT, "What is idempotency?", false);
    let (_, first) = send(post(&h, &token, Some("same-id"), &request)).await;
    let balance = h.control.personal_balance();
    let response = post(&h, &token, Some("same-id"), &request).send().await.expect("retry");
    assert_eq!(response.headers()["x-xiaoya-idempotent-replay"], "true");
    let second: Value = response.json().await.unwrap_or_default();
    assert_eq!(first, second);
    let mut streamed = request.clone();
    streamed["stream"] = json!(true);
    let text = post(&h, &token, Some("same-id"), &streamed)
        .send()
        .await
        .expect("stream retry")
        .text()
        .await
        .unwrap_or_default();
    assert_eq!(
        streamed_content(&sse(&text).0),
        first["choices"][0]["message"]["content"].as_str().unwrap_or_default()
    );
    assert_eq!(h.control.charges_for("same-id").len(), 1);
    assert_eq!(h.control.personal_balance(), balance);

    let (status, error) =
        send(post(&h, &token, Some("same-id"), &body(MODEL_CHAT, "Something else", false))).await;
    assert_eq!((status, error_code(&error)), (StatusCode::CONFLICT, "REQUEST_ID_CONFLICT"));
}

/// The reply text of a whole (not streamed) completion.
async fn reply_to(h: &Harness, token: &str, request_id: &str, prompt: &str) -> String {
    let (status, reply) = send(post(h, token, Some(request_id), &body(MODEL_CHAT, prompt, false))).await;
    assert_eq!(status, StatusCode::OK, "{prompt}: {reply}");
    reply["choices"][0]["message"]["content"].as_str().unwrap_or_default().to_string()
}

/// Han characters and Latin letters outside code (fenced and inline), as (han, latin).
fn scripts_outside_code(text: &str) -> (usize, usize) {
    let unfenced: String = text.split("```").step_by(2).collect();
    let prose: String = unfenced.split('`').step_by(2).collect();
    let han = prose.chars().filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c)).count();
    let latin = prose.chars().filter(char::is_ascii_alphabetic).count();
    (han, latin)
}

#[tokio::test]
async fn different_prompts_get_different_realistic_answers_and_a_chinese_prompt_a_chinese_one() {
    let h = harness(true).await;
    let token = h.personal().await;
    let prompts = [
        "Tell me about tea",
        "Write a Python function that removes duplicates",
        "Plan a weekend trip to the coast",
        "Explain how a rainbow forms",
        "How do I plan a small project?",
        "介绍一下茶的种类",
        "写一个去掉重复项的函数",
        "你好",
    ];
    let mut answers = Vec::new();
    for (i, prompt) in prompts.iter().enumerate() {
        answers.push(reply_to(&h, &token, &format!("req-vary-{i}"), prompt).await);
    }
    for (i, a) in answers.iter().enumerate() {
        for (j, b) in answers.iter().enumerate().skip(i + 1) {
            assert_ne!(a, b, "{:?} and {:?} got the same answer", prompts[i], prompts[j]);
        }
    }
    // What each is: a table about tea, code in a fenced block, an itinerary.
    assert!(
        answers[0].contains("| Oolong | Tieguanyin |") && answers[0].contains("|:-----|"),
        "{}",
        answers[0]
    );
    assert!(answers[1].contains("```python\ndef unique_in_order(items):"), "{}", answers[1]);
    assert!(answers[2].contains("### Day 1"), "{}", answers[2]);
    assert!(answers[3].contains("Refraction"), "{}", answers[3]);
    // Chinese prompts get Chinese answers: Han characters, few Latin letters outside code
    // (a name such as Python).
    for (prompt, answer) in prompts.iter().zip(&answers).skip(5) {
        let (han, latin) = scripts_outside_code(answer);
        assert!(han > 40 && latin * 5 < han, "{prompt}: {han} Han, {latin} Latin letters: {answer}");
    }
    assert!(answers[5].contains("| 乌龙茶 | 铁观音 |"), "{}", answers[5]);
    assert!(answers[6].contains("```python\n"), "{}", answers[6]);
    for answer in &answers[..5] {
        let (han, latin) = scripts_outside_code(answer);
        assert!(han == 0 && latin > 100, "an English prompt gets English: {answer}");
    }
    // The same prompt gets the same answer (tests and demos can rely on it).
    assert_eq!(reply_to(&h, &token, "req-vary-again", prompts[0]).await, answers[0]);
}

#[tokio::test]
async fn by_default_a_streamed_reply_arrives_at_a_pace_a_person_can_watch() {
    assert_eq!(SandboxConfig::default().reply_pace, ReplyPace::TokensPerSecond(DEFAULT_TOKENS_PER_SECOND));
    assert_eq!(DEFAULT_TOKENS_PER_SECOND, 40);
    let h = harness(true).await;
    // The harness asks for instant replies; back to what a sandbox starts with.
    h.control.set_reply_pace(SandboxConfig::default().reply_pace);
    let token = h.personal().await;
    let mut response =
        post(&h, &token, Some("req-paced"), &body(MODEL_CHAT, "Hello", true)).send().await.expect("stream");
    assert_eq!(response.status(), StatusCode::OK);
    let start = std::time::Instant::now();
    let mut text = String::new();
    let mut arrivals = Vec::new();
    while let Some(bytes) = response.chunk().await.expect("a chunk") {
        text.push_str(&String::from_utf8_lossy(&bytes));
        arrivals.push((start.elapsed(), text.len()));
    }
    let (events, _) = sse(&text);
    let last: Value = serde_json::from_str(&events[events.len() - 2]).unwrap_or_default();
    let tokens = last["usage"]["completion_tokens"].as_u64().unwrap_or(0) as f64;
    let took = arrivals.last().map(|(t, _)| t.as_secs_f64()).unwrap_or(0.0);
    let rate = tokens / took;
    eprintln!("default pace: {tokens} tokens in {took:.2} s, {rate:.1} tokens a second");
    assert!((30.0..=50.0).contains(&rate), "{tokens} tokens in {took:.2} s: {rate:.1} tokens a second");
    // It arrives bit by bit all along, not in a burst at the end.
    let halfway = arrivals.iter().find(|(t, _)| t.as_secs_f64() >= took / 2.0).map(|(_, len)| *len);
    let share = halfway.unwrap_or(0) as f64 / text.len() as f64;
    assert!((0.25..=0.75).contains(&share), "{:.0}% of the stream had arrived halfway", share * 100.0);

    // The sandbox's settings change it: 200 tokens a second is five times quicker.
    h.control.set_reply_pace(ReplyPace::TokensPerSecond(200));
    let start = std::time::Instant::now();
    let response =
        post(&h, &token, Some("req-paced-fast"), &body(MODEL_CHAT, "Hi", true)).send().await.expect("stream");
    let (events, _) = sse(&response.text().await.unwrap_or_default());
    let fast = start.elapsed().as_secs_f64();
    assert_eq!(streamed_content(&events), streamed_content(&sse(&text).0), "the same greeting");
    assert!(fast < took / 3.0, "{fast:.2} s at 200 tokens a second against {took:.2} s at 40");
}

/// READINGS G7: under `parameter-spec-keywords` the catalog writes its rules with other JSON
/// Schema keywords, and the gateway refuses exactly what they refuse.
#[tokio::test]
async fn parameter_rules_in_other_keywords_are_served_and_enforced() {
    let h = harness(true).await;
    h.control.set_readings([Reading::ParameterSpecKeywords].into_iter().collect());
    let token = h.personal().await;
    let (_, catalog) = h.api_get(&token, "/api/v1/open/models").await;
    let othan = data(&catalog).as_array().unwrap().iter().find(|m| m["modelCode"] == MODEL_CHAT).unwrap();
    let spec = &othan["parameterSpec"];
    assert_eq!(spec["temperature"]["exclusiveMinimum"], 0);
    assert_eq!(spec["top_p"]["maximum"], "1");
    assert_eq!(spec["reasoning_effort"]["enum"][2]["value"], "high");
    assert_eq!(spec["n"]["const"], 1);
    let cases = [
        ("temperature", json!(0), false),
        ("temperature", json!(0.25), false),
        ("temperature", json!(0.3), true),
        ("top_p", json!(1.5), false),
        ("top_p", json!(1), true),
        ("max_tokens", json!(100), false),
        ("max_tokens", json!(8193), false),
        ("max_tokens", json!(512), true),
        ("presence_penalty", json!(2), false),
        ("presence_penalty", json!(-1.5), true),
        ("reasoning_effort", json!("Thorough"), false),
        ("reasoning_effort", json!({"value": "high", "label": "Thorough"}), false),
        ("reasoning_effort", json!("high"), true),
        ("n", json!(2), false),
        ("n", json!(1), true),
    ];
    for (i, (name, value, accepted)) in cases.into_iter().enumerate() {
        let mut request = body(MODEL_CHAT, "hi", false);
        request[name] = value.clone();
        let (status, answer) = send(post(&h, &token, Some(&format!("kw-{i}")), &request)).await;
        if accepted {
            assert_eq!(status, StatusCode::OK, "{name} = {value}: {answer}");
        } else {
            assert_eq!(
                (status, error_code(&answer)),
                (StatusCode::BAD_REQUEST, "MODEL_PARAMETER_INVALID"),
                "{name} = {value}"
            );
        }
    }
}
