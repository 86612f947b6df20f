//! Comparing two snapshots of a tool list: every change the rules say needs a fresh review
//! ("removing a tool, changing input meaning, expanding permissions, increasing price, or
//! changing sync to async"; the Chinese page adds keeping names stable and "tool contract
//! changes must be reviewed again"), and the harmless ones apart.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::tool_rules::{hint, meta, tool_name};
use super::wire::{ChangeKind, SnapshotChange};

/// What changed from `old` to `new`, fresh-review changes first, then by tool.
pub fn compare(old: &[Value], new: &[Value]) -> Vec<SnapshotChange> {
    let by_name = |list: &[Value]| -> BTreeMap<String, Value> {
        list.iter().map(|t| (tool_name(t), t.clone())).collect()
    };
    let (old, new) = (by_name(old), by_name(new));
    let mut changes = Vec::new();
    let mut push = |tool: &str, change: ChangeKind, detail: String| {
        changes.push(SnapshotChange {
            tool: tool.to_owned(),
            change,
            fresh_review: change != ChangeKind::Harmless,
            detail,
        });
    };
    for name in old.keys().filter(|n| !new.contains_key(*n)) {
        push(name, ChangeKind::Removed, "the tool is no longer listed".into());
    }
    for name in new.keys().filter(|n| !old.contains_key(*n)) {
        push(name, ChangeKind::Added, "a new tool: review it before it is enabled".into());
    }
    for (name, a) in old.iter().filter_map(|(n, a)| new.get(n).map(|b| (n, (a, b)))) {
        let (a, b) = a;
        if a.get("inputSchema") != b.get("inputSchema") {
            push(
                name,
                ChangeKind::InputChanged,
                "the inputSchema changed: the input's meaning may have".into(),
            );
        }
        if a.get("outputSchema") != b.get("outputSchema") {
            push(name, ChangeKind::OutputChanged, "the outputSchema changed (a contract change)".into());
        }
        let price = |t: &Value| meta(t, "xiaoya/pricePoints").and_then(Value::as_i64);
        match (price(a), price(b)) {
            (Some(x), Some(y)) if y > x => {
                push(name, ChangeKind::PriceIncreased, format!("xiaoya/pricePoints {x} → {y}"))
            }
            (None, Some(y)) if y > 0 => {
                push(name, ChangeKind::PriceIncreased, format!("xiaoya/pricePoints none → {y}"))
            }
            (Some(x), Some(y)) if y < x => {
                push(name, ChangeKind::Harmless, format!("xiaoya/pricePoints {x} → {y} (lower)"))
            }
            _ => {}
        }
        let scopes = |t: &Value| -> BTreeSet<String> {
            meta(t, "xiaoya/requiredScopes")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        };
        let (sa, sb) = (scopes(a), scopes(b));
        let gained: Vec<_> = sb.difference(&sa).cloned().collect();
        if !gained.is_empty() {
            push(name, ChangeKind::ScopesExpanded, format!("xiaoya/requiredScopes gained {gained:?}"));
        } else if sa != sb {
            push(name, ChangeKind::Harmless, format!("xiaoya/requiredScopes {sa:?} → {sb:?} (fewer)"));
        }
        let mode = |t: &Value| meta(t, "xiaoya/executionMode").and_then(Value::as_str).map(str::to_owned);
        match (mode(a).as_deref(), mode(b).as_deref()) {
            (Some("sync"), Some("async")) => {
                push(name, ChangeKind::SyncToAsync, "xiaoya/executionMode sync → async".into())
            }
            (x, y) if x != y => {
                push(name, ChangeKind::Harmless, format!("xiaoya/executionMode {x:?} → {y:?}"))
            }
            _ => {}
        }
        let widened = (hint(a, "readOnlyHint") == Some(true) && hint(b, "readOnlyHint") != Some(true))
            || (hint(a, "destructiveHint") == Some(false) && hint(b, "destructiveHint") != Some(false));
        if widened {
            push(
                name,
                ChangeKind::AnnotationsWidened,
                "no longer read-only, or now destructive (expanded permissions)".into(),
            );
        } else if a.get("annotations") != b.get("annotations") {
            push(name, ChangeKind::Harmless, "annotations changed (not toward less safe)".into());
        }
        for key in ["title", "description"] {
            if a.get(key) != b.get(key) {
                push(
                    name,
                    ChangeKind::Harmless,
                    format!("{key} {} → {}", short(a.get(key)), short(b.get(key))),
                );
            }
        }
        for key in ["xiaoya/version", "xiaoya/artifactTypes", "xiaoya/timeoutSeconds"] {
            if meta(a, key) != meta(b, key) {
                push(
                    name,
                    ChangeKind::Harmless,
                    format!("{key} {} → {}", short(meta(a, key)), short(meta(b, key))),
                );
            }
        }
    }
    changes.sort_by(|x, y| {
        y.fresh_review.cmp(&x.fresh_review).then(x.tool.cmp(&y.tool)).then(x.change.cmp(&y.change))
    });
    changes
}

fn short(value: Option<&Value>) -> String {
    let text = value.map_or_else(|| "none".to_owned(), Value::to_string);
    if text.chars().count() > 60 {
        format!("{}…", text.chars().take(60).collect::<String>())
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn tool(name: &str, price: i64, mode: &str, scopes: Value) -> Value {
        json!({"name": name, "title": "T", "inputSchema": {"type": "object"},
            "annotations": {"readOnlyHint": true, "destructiveHint": false},
            "_meta": {"xiaoya/pricePoints": price, "xiaoya/executionMode": mode, "xiaoya/requiredScopes": scopes}})
    }

    #[test]
    fn each_change_the_rules_name_needs_a_fresh_review_and_the_rest_is_harmless() {
        let old = vec![tool("a", 20, "sync", json!([])), tool("gone", 0, "sync", json!([]))];
        let mut a = tool("a", 30, "async", json!(["x:read"]));
        a["title"] = json!("T2");
        a["annotations"]["readOnlyHint"] = json!(false);
        let changes = compare(&old, &[a, tool("new", 0, "sync", json!([]))]);
        let kinds: Vec<(ChangeKind, bool)> = changes.iter().map(|c| (c.change, c.fresh_review)).collect();
        for want in [
            ChangeKind::Removed,
            ChangeKind::Added,
            ChangeKind::PriceIncreased,
            ChangeKind::ScopesExpanded,
            ChangeKind::SyncToAsync,
            ChangeKind::AnnotationsWidened,
        ] {
            assert!(kinds.contains(&(want, true)), "{want:?} in {changes:#?}");
        }
        assert!(kinds.contains(&(ChangeKind::Harmless, false)), "the title");
        assert!(changes.last().is_some_and(|c| !c.fresh_review), "fresh-review changes first");
        assert!(compare(&old, &old).is_empty());
    }
}
