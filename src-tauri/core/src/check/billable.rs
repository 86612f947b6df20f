//! The two billable checks, one short chat reply and one short clip, run only after the
//! person confirmed their quoted cost, through the app's own chat and speech paths.

use std::time::Instant;

use super::wire::BillableCharged;
use super::wire::{BillableQuote, CheckId, CheckItem, CheckReport, CheckVerdict};
use super::{millis, Check, CHAT_PROMPT, SPEECH_TEXT};
use crate::billing::ledger::context_label;
use crate::billing::points::Points;
use crate::billing::wire::{ChargeCost, NotReportedWhy, SettledCharge};
use crate::chat::wire::{ChatOptions, ChatSendInput, MessageStatus, ResponseFormatChoice};
use crate::foundation::context::ContextColumns;
use crate::foundation::error::{Error, IpcError, Result};
use crate::tts::wire::{ClipStatus, SpeechParams, SpeechRequest};

impl Check {
    /// What the two billable checks will cost in the active context, before the person confirms.
    pub async fn platform_check_quote(&self) -> Result<BillableQuote> {
        let session = self.auth().active_session().await?;
        let payer = context_label(&session);
        let chat_model = match self.models().model_catalog(false).await {
            Ok(catalog) => catalog.items.iter().find(|m| m.chat_capable).map(|m| m.model_code.clone()),
            Err(Error::ScopeMissing(_)) => None,
            Err(e) => return Err(e),
        };
        let mut quote = BillableQuote {
            payer,
            chat_model,
            chat_prompt: CHAT_PROMPT.into(),
            speech_config: None,
            speech_voice: None,
            speech_text: SPEECH_TEXT.into(),
            speech_estimate: None,
        };
        if let Some(req) = self.check_speech_request().await? {
            quote.speech_estimate = Some(self.tts().tts_estimate(req.clone()).await?);
            quote.speech_config = Some(req.tts_config_id);
            quote.speech_voice = Some(req.voice_id);
        }
        Ok(quote)
    }

    /// The cheapest priced configuration with a shared, usable voice.
    async fn check_speech_request(&self) -> Result<Option<SpeechRequest>> {
        let catalog = match self.tts().tts_catalog().await {
            Ok(c) => c,
            Err(Error::ScopeMissing(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        let mut best: Option<(Points, SpeechRequest)> = None;
        for config in &catalog.configs {
            let Some(voice) = config.voices.iter().find(|v| v.shared && v.usable) else { continue };
            let Some(format) = config.output_formats.first() else { continue };
            let req = SpeechRequest {
                tts_config_id: config.tts_config_id.clone(),
                voice_id: voice.voice_id.clone(),
                input: SPEECH_TEXT.into(),
                response_format: format.clone(),
                params: SpeechParams::default(),
                batch_id: None,
            };
            let estimate = self.tts().tts_estimate(req.clone()).await?;
            let Some(total) = estimate.total_points.as_deref().and_then(Points::parse) else { continue };
            if best.as_ref().is_none_or(|(p, _)| total < *p) {
                best = Some((total, req));
            }
        }
        Ok(best.map(|(_, r)| r))
    }

    /// Runs the two billable checks in the active context and adds them to the kept run
    /// `run_id` (the one on screen), or keeps them as a run of their own. `confirmed_speech_total`
    /// is the estimate the person saw; if the price changed since, nothing is sent. The balance
    /// is read before and after each check, so each charge is alone between two refreshes and
    /// the usage counter can name what a chat reply cost when its answer did not; afterwards
    /// (also when they failed) the balance is announced.
    #[tracing::instrument(skip(self), err)]
    pub async fn platform_check_billable(
        &self,
        confirmed_speech_total: Option<String>,
        run_id: Option<String>,
    ) -> Result<CheckReport> {
        let quote = self.platform_check_quote().await?;
        let now_total = quote.speech_estimate.as_ref().and_then(|e| e.total_points.clone());
        if now_total != confirmed_speech_total {
            return Err(Error::InvalidInput(
                "the speech estimate changed since you confirmed it; look at the new estimate".into(),
            ));
        }
        let session = self.auth().active_session().await?;
        // The refresh before: the interval the chat reply's cost is measured in starts here.
        self.billing().balance_after_charge(&session.id).await;
        let started_at = crate::chat::export::rfc3339_ms(crate::models::now_ms());
        let (mut chat, reply_id) = self.check_chat(&quote).await;
        let settled = self.billing().balance_after_charge(&session.id).await;
        if let Some(reply_id) = reply_id {
            chat.cost = self.settled_cost(&settled, &reply_id, chat.cost.take()).await;
        }
        let (mut speech, clip_id) = self.check_speech(&quote).await;
        let settled = self.billing().balance_after_charge(&session.id).await;
        if let Some(clip_id) = clip_id {
            speech.cost = self.settled_cost(&settled, &clip_id, speech.cost.take()).await;
        }
        let items = [chat, speech];
        let previous = match run_id.as_deref() {
            Some(id) => self.shared.db().check_run(&ContextColumns::of(&session), id).await?,
            None => None,
        };
        let (mut all, differences, started, run_id) = match previous {
            Some(r) => (r.items, r.differences, r.started_at, r.run_id),
            None => (Vec::new(), Vec::new(), started_at, String::new()),
        };
        all.retain(|i| !matches!(i.id, CheckId::Chat | CheckId::Speech));
        all.extend(items);
        let mut report = self.finish_report(started, all, differences);
        report.run_id = run_id;
        report.charged = Some(charged(&report.items));
        self.keep(report).await
    }

    /// What a refresh settled for `receipt_ref`, else (another refresh settled it first,
    /// or the platform named the amount) what is known now.
    async fn settled_cost(
        &self,
        settled: &[SettledCharge],
        receipt_ref: &str,
        before: Option<ChargeCost>,
    ) -> Option<ChargeCost> {
        if let Some(s) = settled.iter().find(|s| s.receipt_ref == receipt_ref) {
            return Some(s.cost.clone());
        }
        if matches!(before, Some(ChargeCost::Reported { .. }) | None) {
            return before;
        }
        self.shared.db().charge_cost(receipt_ref).await.ok().flatten().or(before)
    }

    /// The chat check, and the reply's id when one was charged for (to learn its cost).
    async fn check_chat(&self, quote: &BillableQuote) -> (CheckItem, Option<String>) {
        let mut item =
            CheckItem::new(CheckId::Chat, &quote.payer, "POST", crate::chat::gateway::COMPLETIONS_PATH);
        let Some(model) = &quote.chat_model else {
            item.verdict = CheckVerdict::Skipped;
            item.notes.push("no chat model in this context's catalog".into());
            return (item, None);
        };
        let started = Instant::now();
        let input = ChatSendInput {
            conversation_id: None,
            text: CHAT_PROMPT.into(),
            options: ChatOptions {
                model_code: model.clone(),
                system_prompt: String::new(),
                parameters: Default::default(),
                response_format: ResponseFormatChoice::Text,
            },
        };
        let sink = |_event: crate::chat::wire::ChatEvent| true;
        let result = self.chat().chat_send(input, &sink).await;
        item.duration_ms = millis(started.elapsed());
        let mut reply_id = None;
        match result {
            Ok(turn) => {
                let reply = turn.reply;
                let receipt = reply.receipt.clone();
                item.cost = receipt.as_ref().and_then(|r| r.cost.clone());
                reply_id = item.cost.is_some().then(|| reply.id.clone());
                item.request_id = receipt
                    .as_ref()
                    .and_then(|r| r.platform_request_id.clone().or(Some(r.request_id.clone())));
                item.notes.push(format!(
                    "model {model}, {}",
                    if receipt.as_ref().is_some_and(|r| r.streamed) {
                        "streamed"
                    } else {
                        "whole reply (Team: workflow headers)"
                    }
                ));
                match reply.status {
                    MessageStatus::Complete => {
                        match receipt.as_ref().and_then(|r| r.usage.as_ref()) {
                            Some(u) => notes_usage(&mut item.notes, u),
                            None => {
                                item.verdict = CheckVerdict::Warn;
                                item.notes.push("the platform reported no token usage".into());
                            }
                        }
                        item.raw = Some(reply.content.chars().take(2000).collect());
                    }
                    _ => {
                        item.fail(reply.error.clone());
                    }
                }
            }
            Err(err) => {
                item.fail(Some(IpcError::from(&err)));
            }
        }
        (item, reply_id)
    }

    /// The speech check, and the clip's id when one may have been charged (to learn its cost).
    async fn check_speech(&self, quote: &BillableQuote) -> (CheckItem, Option<String>) {
        let mut item = CheckItem::new(CheckId::Speech, &quote.payer, "POST", crate::tts::send::SPEECH_PATH);
        let (Some(config), Some(voice), Some(estimate)) =
            (&quote.speech_config, &quote.speech_voice, &quote.speech_estimate)
        else {
            item.verdict = CheckVerdict::Skipped;
            item.notes.push("no priced TTS configuration with a shared voice here".into());
            return (item, None);
        };
        let Some(format) = self.tts().tts_catalog().await.ok().and_then(|c| {
            c.configs
                .iter()
                .find(|c| &c.tts_config_id == config)
                .and_then(|c| c.output_formats.first().cloned())
        }) else {
            item.verdict = CheckVerdict::Skipped;
            item.notes.push("the configuration is gone from the catalog".into());
            return (item, None);
        };
        let started = Instant::now();
        let result = self
            .tts()
            .synthesize(SpeechRequest {
                tts_config_id: config.clone(),
                voice_id: voice.clone(),
                input: SPEECH_TEXT.into(),
                response_format: format,
                params: SpeechParams::default(),
                batch_id: None,
            })
            .await;
        item.duration_ms = millis(started.elapsed());
        let mut clip_id = None;
        match result {
            Ok(clip) => {
                item.request_id = clip
                    .receipt
                    .as_ref()
                    .and_then(|r| r.request_id.clone())
                    .or(Some(clip.request_id.clone()));
                let estimated = estimate.total_points.clone().unwrap_or_else(|| "?".into());
                let charged = clip.receipt.as_ref().and_then(|r| r.charged_points.clone());
                if !matches!(clip.status, ClipStatus::Failed) {
                    item.cost = Some(match charged.as_deref().and_then(Points::read_reported) {
                        Some(points) => ChargeCost::Reported { points: points.to_string() },
                        None => ChargeCost::NotReported { why: NotReportedWhy::AwaitingRefresh },
                    });
                    clip_id = Some(clip.id.clone());
                }
                item.notes.push(format!(
                    "{config} / {voice}: estimated {estimated} points, charged {}",
                    charged.as_deref().unwrap_or("(not reported)")
                ));
                match clip.status {
                    ClipStatus::Complete => {
                        if charged.is_none() {
                            item.verdict = CheckVerdict::Warn;
                            item.notes.push("no X-Xiaoya-Charged-Points header".into());
                        } else if charged.as_deref().and_then(Points::read_reported)
                            != estimate.total_points.as_deref().and_then(Points::parse)
                        {
                            item.verdict = CheckVerdict::Warn;
                            item.notes.push("the charge differs from the estimate".into());
                        }
                    }
                    ClipStatus::SettledNoAudio => {
                        item.verdict = CheckVerdict::Warn;
                        item.notes.push("settled, but the audio did not arrive".into());
                    }
                    _ => {
                        item.fail(clip.error.clone());
                    }
                }
            }
            Err(err) => {
                item.fail(Some(IpcError::from(&err)));
            }
        }
        (item, clip_id)
    }
}

/// What the billable items charged: the known amounts' sum, and how many are not known.
fn charged(items: &[CheckItem]) -> BillableCharged {
    let mut known = Points::ZERO;
    let mut unknown = 0u32;
    for cost in items.iter().filter_map(|i| i.cost.as_ref()) {
        match cost {
            ChargeCost::Reported { points } | ChargeCost::FromUsageCounter { points } => {
                known = known + Points::parse(points).unwrap_or_default();
            }
            ChargeCost::NotReported { .. } => unknown += 1,
        }
    }
    BillableCharged { known: known.to_string(), unknown }
}

fn notes_usage(notes: &mut Vec<String>, usage: &crate::chat::wire::TokenUsage) {
    let n = |v: Option<u64>| v.map_or_else(|| "?".to_owned(), |v| v.to_string());
    notes.push(format!(
        "tokens reported: {} prompt, {} completion, {} total",
        n(usage.prompt_tokens),
        n(usage.completion_tokens),
        n(usage.total_tokens)
    ));
}
