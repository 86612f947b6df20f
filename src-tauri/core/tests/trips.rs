//! One trip per action (issue 23): what one Synthesize and one chat Send cost inside the core,
//! counted on the real parts: SQLite statements as sqlx runs them (its `sqlx::query` events),
//! keychain reads through the port the app gives the core, and the balance readings announced. Counts, not times, so they hold on a noisy machine.
//!
//! Each action reads the token once, and never reads back a row it has just written: the
//! journal's insert and the settle's update hand the row back (`RETURNING`), the receipt is
//! written once, and the balance read after a charge reuses the action's call, after the
//! answer. `cargo test -p xiaoya-core --test trips -- --nocapture` prints the figures
//! (docs/benchmarks/action-trips.md).
//!
//! Its own test binary: the statement counter is the process's tracing subscriber, which no
//! other test may share.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};
use url::Url;
use xiaoya_core::auth::wire::ContextRequest;
use xiaoya_core::chat::wire::{ChatOptions, ChatSendInput, ResponseFormatChoice};
use xiaoya_core::foundation::browser::Browser;
use xiaoya_core::foundation::keychain::{KeychainError, SecretStore};
use xiaoya_core::foundation::secret::Sensitive;
use xiaoya_core::host::{Core, CoreOptions};
use xiaoya_core::tts::wire::{SpeechParams, SpeechRequest};
use xiaoya_core::wire::AppEvent;
use xiaoya_core::Events;
use xiaoya_sandbox as sb;

/// Every SQL statement sqlx ran in this process, as its summary line (`SELECT … FROM …`).
#[derive(Default)]
struct Statements {
    seen: Mutex<Vec<String>>,
}

struct StatementCounter(Arc<Statements>);

struct SqlText(String);

impl Visit for SqlText {
    fn record_str(&mut self, field: &Field, value: &str) {
        // `db.statement` is the whole SQL when the summary was shortened; else empty.
        if field.name() == "db.statement" && !value.trim().is_empty() {
            self.0 = value.split_whitespace().collect::<Vec<_>>().join(" ");
        } else if field.name() == "summary" && self.0.is_empty() {
            self.0 = value.to_owned();
        }
    }
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "summary" && self.0.is_empty() {
            self.0 = format!("{value:?}");
        }
    }
}

impl Subscriber for StatementCounter {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.target() == "sqlx::query"
    }
    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }
    fn record(&self, _: &Id, _: &Record<'_>) {}
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut sql = SqlText(String::new());
        event.record(&mut sql);
        self.0.seen.lock().unwrap().push(sql.0);
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

fn statements() -> &'static Arc<Statements> {
    static STATEMENTS: OnceLock<Arc<Statements>> = OnceLock::new();
    STATEMENTS.get_or_init(|| {
        let statements = Arc::new(Statements::default());
        tracing::subscriber::set_global_default(StatementCounter(statements.clone()))
            .expect("the only subscriber in this test binary");
        statements
    })
}

/// The keychain port, in memory, counting reads.
#[derive(Default)]
struct CountingKeychain {
    entries: Mutex<BTreeMap<String, String>>,
    reads: AtomicUsize,
}

impl SecretStore for CountingKeychain {
    fn put(&self, account: &str, secret: &Sensitive<String>) -> Result<(), KeychainError> {
        self.entries.lock().unwrap().insert(account.into(), secret.expose().clone());
        Ok(())
    }
    fn get(&self, account: &str) -> Result<Option<Sensitive<String>>, KeychainError> {
        self.reads.fetch_add(1, Ordering::SeqCst);
        Ok(self.entries.lock().unwrap().get(account).cloned().map(Sensitive::new))
    }
    fn delete(&self, account: &str) -> Result<(), KeychainError> {
        self.entries.lock().unwrap().remove(account);
        Ok(())
    }
    fn backend(&self) -> &'static str {
        "memory (counting)"
    }
}

#[derive(Default)]
struct OpenedPages(Mutex<Vec<Url>>);

impl Browser for OpenedPages {
    fn open(&self, url: &Url) -> std::io::Result<()> {
        self.0.lock().unwrap().push(url.clone());
        Ok(())
    }
}

#[derive(Default)]
struct Announced(Mutex<Vec<AppEvent>>);

impl Events for Announced {
    fn emit(&self, event: AppEvent) {
        self.0.lock().unwrap().push(event);
    }
}

impl Announced {
    fn balance_readings(&self) -> usize {
        self.0.lock().unwrap().iter().filter(|e| matches!(e, AppEvent::BalanceChanged { .. })).count()
    }
}

struct App {
    core: Core,
    keys: Arc<CountingKeychain>,
    events: Arc<Announced>,
    browser: Arc<OpenedPages>,
    sandbox: sb::Sandbox,
    _dir: tempfile::TempDir,
}

impl App {
    async fn signed_in() -> App {
        statements();
        let sandbox =
            sb::start(sb::SandboxConfig { auto_approve: true, ..Default::default() }).await.unwrap();
        sandbox.control().set_stream_pace(Duration::ZERO);
        let dir = tempfile::tempdir().unwrap();
        let keys = Arc::new(CountingKeychain::default());
        let events = Arc::new(Announced::default());
        let browser = Arc::new(OpenedPages::default());
        let base = sandbox.base_url();
        let core = Core::start(CoreOptions {
            data_dir: dir.path().to_path_buf(),
            env: Box::new(move |k| {
                (k == xiaoya_core::foundation::config::ENV_SANDBOX_URL).then(|| base.clone())
            }),
            version: "test".into(),
            keychain: keys.clone(),
            browser: browser.clone(),
            events: events.clone(),
        })
        .await
        .unwrap();
        let app = App { core, keys, events, browser, sandbox, _dir: dir };
        app.core.auth().begin_sign_in(ContextRequest::Personal).await.unwrap();
        let authorize = app.browser.0.lock().unwrap().last().cloned().unwrap();
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let answer = client.get(authorize).send().await.unwrap();
        let callback = answer.headers().get("location").unwrap().to_str().unwrap().to_owned();
        app.core.auth().complete_sign_in(&callback).await.unwrap().expect("signed in");
        app
    }

    /// Runs `action` and counts what it cost; waits for the balance reading that follows a
    /// charge (it runs after the answer), so its cost is counted too.
    async fn count<T>(&self, action: impl std::future::Future<Output = T>) -> (T, Trips) {
        let readings = self.events.balance_readings();
        let reads = self.keys.reads.load(Ordering::SeqCst);
        let first = statements().seen.lock().unwrap().len();
        let out = action.await;
        let answered = statements().seen.lock().unwrap().len() - first;
        for _ in 0..200 {
            if self.events.balance_readings() > readings {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let all = statements().seen.lock().unwrap()[first..].to_vec();
        let trips = Trips {
            keychain_reads: self.keys.reads.load(Ordering::SeqCst) - reads,
            statements_before_answer: answered,
            statements: all,
            balance_readings: self.events.balance_readings() - readings,
        };
        (out, trips)
    }
}

#[derive(Debug)]
struct Trips {
    keychain_reads: usize,
    statements_before_answer: usize,
    statements: Vec<String>,
    balance_readings: usize,
}

impl Trips {
    /// Statements that read one row of `table` by its id.
    fn reads_of(&self, table: &str) -> usize {
        let by_id = format!("FROM {table} WHERE id = ?");
        self.statements.iter().filter(|s| s.starts_with("SELECT") && s.contains(&by_id)).count()
    }

    fn print(&self, action: &str) {
        println!(
            "{action}: {} SQLite statements ({} before the answer), {} keychain read(s), {} balance reading(s)",
            self.statements.len(),
            self.statements_before_answer,
            self.keychain_reads,
            self.balance_readings
        );
        for s in &self.statements {
            println!("    {s}");
        }
    }
}

// One runtime per test; both tests share the process's statement counter, so they run one
// at a time.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_synthesize_reads_the_token_once_and_never_reads_back_the_clip_it_wrote() {
    let _one = ONE_AT_A_TIME.lock().await;
    let app = App::signed_in().await;
    app.core.tts().tts_catalog().await.unwrap();
    let request = SpeechRequest {
        tts_config_id: sb::TTS_CONFIG_STANDARD.into(),
        voice_id: sb::VOICE_NARRATOR_WARM.into(),
        input: "Counting trips.".into(),
        response_format: "mp3".into(),
        params: SpeechParams::default(),
        batch_id: None,
    };
    let (clip, trips) = app.count(app.core.tts().synthesize(request)).await;
    let clip = clip.unwrap();
    trips.print("Synthesize");
    assert_eq!(clip.status, xiaoya_core::tts::wire::ClipStatus::Complete);
    assert_eq!(trips.keychain_reads, 1, "one keychain read for the speech and the balance after it");
    assert_eq!(trips.reads_of("tts_clips"), 0, "the clip's row is never read back: {:#?}", trips.statements);
    let receipts = trips.statements.iter().filter(|s| s.starts_with("UPDATE tts_clips SET receipt")).count();
    assert_eq!(receipts, 1, "the receipt is written once: {:#?}", trips.statements);
    assert_eq!(trips.balance_readings, 1, "the balance is read again after the charge");
    assert_eq!(app.sandbox.control().speech_request_count(&clip.request_id), 1, "one speech request");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_send_reads_the_token_once_and_answers_before_the_balance_reading() {
    let _one = ONE_AT_A_TIME.lock().await;
    let app = App::signed_in().await;
    let send = ChatSendInput {
        conversation_id: None,
        text: "How many trips?".into(),
        options: ChatOptions {
            model_code: sb::MODEL_CHAT.into(),
            system_prompt: String::new(),
            parameters: BTreeMap::new(),
            response_format: ResponseFormatChoice::Text,
        },
    };
    // The catalog is loaded as the Chat screen does before Send is enabled.
    app.core.models().model_catalog(false).await.unwrap();
    let (turn, trips) = app.count(app.core.chat().chat_send(send, &|_| true)).await;
    let turn = turn.unwrap();
    trips.print("chat Send");
    assert!(turn.reply.error.is_none(), "{:?}", turn.reply.error);
    assert_eq!(trips.keychain_reads, 1, "one keychain read for the reply and the balance after it");
    assert_eq!(trips.balance_readings, 1, "the balance is read again after the reply");
}
