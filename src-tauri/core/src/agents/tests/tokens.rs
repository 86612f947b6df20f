//! The tool-list weight is an estimate (`tokens.rs`); here it is held to o200k_base, a real
//! tokenizer, on every sample agent's tool list and on Chinese text.

use std::sync::OnceLock;

use super::*;
use crate::agents::tokens::{as_model_sees, estimate_text, estimate_tool};

fn o200k(text: &str) -> usize {
    static BPE: OnceLock<tiktoken_rs::CoreBPE> = OnceLock::new();
    BPE.get_or_init(|| tiktoken_rs::o200k_base().expect("o200k_base ships with tiktoken-rs"))
        .encode_with_special_tokens(text)
        .len()
}

fn ratio(estimate: u32, real: usize) -> f64 {
    f64::from(estimate) / real as f64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_estimate_is_within_15_percent_of_o200k_on_the_sample_agents() {
    let mut lists = Vec::new();
    for variant in ["good", "changed", "tool.no-platform-arguments", "tool.input-schema"] {
        let agent = Agent::start(variant, Answers::Json, Sessions::Stateless);
        lists.push((variant, review_agent(&agent, Vec::new(), None).await));
    }
    for (variant, report) in &lists {
        let mut total_real = 0;
        for tool in &report.snapshot {
            let text = as_model_sees(tool).to_string();
            let real = o200k(&text);
            total_real += real;
            let r = ratio(estimate_tool(tool), real);
            eprintln!("{variant} {}: estimate {} / o200k {real} = {r:.2}", tool["name"], estimate_tool(tool));
            assert!((0.85..=1.15).contains(&r), "{variant} {}: {r:.2}", tool["name"]);
        }
        assert_eq!(report.token_weight.total, report.snapshot.iter().map(estimate_tool).sum::<u32>());
        let r = ratio(report.token_weight.total, total_real);
        eprintln!("{variant}: list estimate {} / o200k {total_real} = {r:.2}", report.token_weight.total);
        assert!((0.85..=1.15).contains(&r), "{variant}: {r:.2}");
    }
}

#[test]
fn chinese_descriptions_are_estimated_within_25_percent_of_o200k() {
    let text = serde_json::json!({"type": "function", "function": {"name": "generate_product_brief",
        "description": "根据商品资料生成结构化推广简报，包含目标人群、卖点和投放建议。",
        "parameters": {"type": "object", "required": ["productName"], "properties": {
            "productName": {"type": "string", "minLength": 1, "maxLength": 120, "description": "商品名称"}},
            "additionalProperties": false}}})
    .to_string();
    let r = ratio(estimate_text(&text), o200k(&text));
    eprintln!("zh: {r:.2}");
    assert!((0.75..=1.25).contains(&r), "{r:.2}");
}
