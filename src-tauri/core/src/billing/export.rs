//! The points ledger as a CSV document to save (`crate::documents`): one row per charge the
//! app saw, newest first, with exactly what the platform reported (an empty amount where a
//! receipt named none). Text cells that a spreadsheet would run as a formula (`=`, `+`,
//! `-`, `@`, tab, CR) are prefixed with `'`.

use super::wire::{BillingContext, ChargeSource, LedgerEntry, LedgerQuery, LedgerScope};
use crate::billing::Billing;
use crate::documents::{Document, DocumentKind};
use crate::foundation::clock::rfc3339_ms;
use crate::foundation::error::Result;

/// Pages read at most (200 rows each): the ledger of years of use.
const MAX_PAGES: u32 = 5_000;

impl Billing {
    /// The ledger of the active context (or of every context of this user) as CSV.
    pub async fn ledger_document(&self, scope: LedgerScope) -> Result<Document> {
        let mut entries = Vec::new();
        for page in 0..MAX_PAGES {
            let got = self.points_ledger(LedgerQuery { scope, limit: 200, offset: page * 200 }).await?;
            entries.extend(got.entries);
            if !got.has_more {
                break;
            }
        }
        let stamp: String = rfc3339_ms(crate::foundation::clock::now_ms())
            .chars()
            .filter(char::is_ascii_digit)
            .take(12)
            .collect();
        let name = match scope {
            LedgerScope::ActiveContext => format!("points-ledger-{stamp}.csv"),
            LedgerScope::AllContexts => format!("points-ledger-all-{stamp}.csv"),
        };
        Ok(Document { name, kind: DocumentKind::Csv, bytes: csv(&entries).into_bytes() })
    }
}

/// One cell: quoted when it holds a separator (`,`, or `;` and TAB, which spreadsheets in
/// other locales split on), a quote or a line break; a text cell that starts like a formula
/// is made inert. Quoted, a `;=HYPERLINK(…)` inside a name stays text in every locale.
fn cell(text: &str, is_text: bool) -> String {
    let inert = is_text && text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let text = if inert { format!("'{text}") } else { text.to_owned() };
    if text.contains([',', ';', '\t', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

pub(crate) fn csv(entries: &[LedgerEntry]) -> String {
    let mut out =
        String::from("time,account,team_id,source,request_id,points,input_tokens,output_tokens,summary\r\n");
    for e in entries {
        let (account, team) = match &e.context {
            BillingContext::Personal => ("Personal".to_owned(), String::new()),
            BillingContext::Team { team_id, team_name } => (team_name.clone(), team_id.clone()),
        };
        let source = match e.source {
            ChargeSource::Chat => "chat",
            ChargeSource::Tts => "tts",
        };
        let row = [
            cell(&rfc3339_ms(e.at), false),
            cell(&account, true),
            cell(&team, true),
            cell(source, false),
            cell(&e.request_id, true),
            cell(e.points.as_deref().unwrap_or(""), false),
            cell(e.input_tokens.as_deref().unwrap_or(""), false),
            cell(e.output_tokens.as_deref().unwrap_or(""), false),
            cell(&e.summary, true),
        ];
        out.push_str(&row.join(","));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(summary: &str, points: Option<&str>, context: BillingContext) -> LedgerEntry {
        LedgerEntry {
            id: "1".into(),
            context,
            source: ChargeSource::Chat,
            request_id: "req-1".into(),
            points: points.map(str::to_owned),
            cost: crate::billing::wire::ChargeCost::NotReported {
                why: crate::billing::wire::NotReportedWhy::AwaitingRefresh,
            },
            input_tokens: Some("12".into()),
            output_tokens: None,
            receipt_ref: "m1".into(),
            summary: summary.into(),
            at: 1_764_590_405_000,
        }
    }

    /// Issue 25: a name with `;` or a TAB is quoted, so a `;`-separated spreadsheet locale
    /// can't split a formula out of it.
    #[test]
    fn a_semicolon_or_tab_in_a_name_is_quoted() {
        let team =
            BillingContext::Team { team_id: "t1".into(), team_name: "x;=HYPERLINK(\"http://e\")".into() };
        let text = csv(&[entry("voice\there", None, team)]);
        let row = text.split("\r\n").nth(1).unwrap();
        assert!(row.contains("\"x;=HYPERLINK(\"\"http://e\"\")\""), "{row}");
        assert!(row.ends_with("\"voice\there\""), "{row}");
        assert_eq!(cell("a;b", true), "\"a;b\"");
        assert_eq!(cell("plain", true), "plain");
    }

    #[test]
    fn rows_are_rfc_4180_with_the_amount_as_reported() {
        let team = BillingContext::Team { team_id: "t1".into(), team_name: "Team \"A\", Ltd".into() };
        let text = csv(&[
            entry("Chat · othan-2.0", Some("0.25"), BillingContext::Personal),
            entry("multi\nline", None, team),
        ]);
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "time,account,team_id,source,request_id,points,input_tokens,output_tokens,summary"
        );
        assert_eq!(lines[1], "2025-12-01T12:00:05.000Z,Personal,,chat,req-1,0.25,12,,Chat · othan-2.0");
        assert_eq!(
            lines[2],
            "2025-12-01T12:00:05.000Z,\"Team \"\"A\"\", Ltd\",t1,chat,req-1,,12,,\"multi\nline\""
        );
        assert_eq!(lines.len(), 4, "rows end with CRLF, a line break inside a cell is kept quoted");
    }

    #[test]
    fn a_cell_that_starts_like_a_formula_is_inert() {
        let text = csv(&[entry("=HYPERLINK(\"http://x\")", None, BillingContext::Personal)]);
        assert!(text.contains(",\"'=HYPERLINK(\"\"http://x\"\")\"\r\n"), "{text}");
        for start in ["+1", "-1", "@SUM(A1)"] {
            let text = csv(&[entry(start, None, BillingContext::Personal)]);
            assert!(text.trim_end().ends_with(&format!(",'{start}")), "{text}");
        }
    }
}
