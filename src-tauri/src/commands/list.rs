// The app's commands, once: name, area module, the arguments the page sends (Rust names;
// the page sends them in camelCase) and what each answers, with the text every generated
// TypeScript wrapper carries. From this one list come `generate_handler!`
// (`commands/registry.rs`), the permission list (`build.rs`), the window's capability and
// the typed wrappers in `ui/src/ipc/generated.ts` (both written by `cargo test -p
// xiaoya-companion --test command_registry`, checked for drift by scripts/test.sh).
//
// This file is `include!`d by build.rs too: it holds only this one macro call.
commands! {
    /// The Personal session's entitlements (storage limits, `byok`, their sources), read
    /// with its own token whoever pays: `notGranted` without the `account` scope (nothing
    /// is asked), else the answer read, refused or failed. NOT_SIGNED_IN without Personal.
    account::personal_entitlements() -> PersonalEntitlements;
    /// The saved MCP agents (URL, custom header names, last review's date and token weight).
    agents::agents_list() -> Vec<SavedAgent>;
    /// Saves an agent (the same URL updates it). Header values go to the OS keychain; an
    /// empty value keeps the one saved. INVALID_INPUT for a URL or header the review can't use.
    agents::agent_save(input: AgentInput) -> SavedAgent;
    /// Forgets an agent, its snapshots and its header values in the keychain.
    agents::agent_forget(agent_id: String) -> ();
    /// Reviews a saved agent in the app's language and saves the review as its newest
    /// snapshot, compared with the one before. An endpoint that can't be reached resolves
    /// with `reachability` saying so; `calls` must each be confirmed unless read-only.
    agents::agent_review(agent_id: String, calls: Vec<ToolCallRequest>) -> AgentReport;
    /// Calls one tool of the last review's list in a session of its own; refused
    /// (INVALID_INPUT) before anything is sent when the arguments break its inputSchema or
    /// a tool that is not read-only was not confirmed. `calls[0]` of the answer is the call.
    agents::agent_call(agent_id: String, request: ToolCallRequest) -> AgentReport;
    /// The call form's check: each problem of `args` (the arguments) against the tool's inputSchema.
    agents::agent_check_arguments(agent_id: String, tool: String, args: Value) -> Vec<ArgumentProblem>;
    /// An agent's snapshots (one per review), newest first.
    agents::agent_snapshots(agent_id: String) -> Vec<SnapshotSummary>;
    /// What changed from snapshot `older` to `newer`, changes needing a fresh review first.
    agents::agent_compare(older: u32, newer: u32) -> Vec<SnapshotChange>;
    /// A saved review as it was.
    agents::agent_report(snapshot_id: u32) -> AgentReport;
    /// Saves a review as Markdown or JSON through the save dialog; `null` when cancelled.
    agents::agent_report_save(snapshot_id: u32, format: AgentExportFormat) -> Option<SavedFile>;
    /// Subscribes this page to app-wide events: `platformChanged`, `sessionsChanged`,
    /// `sessionEnded`, `signedIn`, `signInFailed`, `balanceChanged`, `platformBusy`, `clipSettled` and `playbackChanged`.
    app::app_events(on_event: Channel<AppEvent>) -> ();
    /// Version, platform, saved language and theme.
    app::app_info() -> AppInfo;
    /// Saves the UI language.
    app::set_locale(locale: Locale) -> AppInfo;
    /// Saves the theme preference.
    app::set_theme(theme: ThemePreference) -> AppInfo;
    /// Turns Presenting mode on or off and sets its type size (125 or 150 percent; another
    /// is INVALID_INPUT). Kept across restarts.
    app::set_presenting(presenting: Presenting) -> AppInfo;
    /// Whether the desktop shows the balance tray (Linux: libayatana-appindicator and a
    /// StatusNotifierWatcher on the session bus). `false`: the header keeps every figure.
    app::tray_shown() -> bool;
    /// Points the app at a real platform. Rejects with INVALID_INPUT for bad settings.
    app::set_platform(input: PlatformSettingsInput) -> PlatformInfo;
    /// Switches back to the built-in sandbox (command `use_sandbox`).
    app::use_sandbox() -> PlatformInfo;
    /// How fast the built-in sandbox streams chat replies (Settings, in the no-account mode):
    /// `null` when the app runs against anything else (a real platform, a sandbox it did not
    /// start, a replay), and Settings doesn't offer it.
    app::sandbox_reply_speed() -> Option<SandboxReplySpeed>;
    /// Saves the built-in sandbox's reply speed and applies it to the running sandbox (the
    /// next reply streams at it); SANDBOX_NOT_BUILT_IN, nothing saved, against anything else.
    app::set_sandbox_reply_speed(speed: SandboxReplySpeed) -> SandboxReplySpeed;
    /// Shows a file saved in this run in the file manager (FILE_MANAGER_UNAVAILABLE if none answers).
    app::show_in_folder(path: String) -> ();
    /// The person read that the database found at start was set aside (a damaged file); it
    /// is said on every start until then. The old file stays.
    app::dismiss_database_notice() -> ();
    /// "Copy as curl": the command that repeats a recorded request (a chat reply, a clip, a
    /// Check platform item, the active context's catalog or balance read) for bash, PowerShell
    /// or HTTPie, with `$XIAOYA_TOKEN` where the token goes (never the token); masked while
    /// presenting. NOT_SIGNED_IN when the request's context is no longer signed in.
    app::copy_request(target: RequestCopyTarget, shell: CurlShell) -> String;
    /// Plays a saved clip from the start (AUDIO_UNAVAILABLE without a device, AUDIO_UNREADABLE if damaged).
    audio::play_clip(id: String) -> PlaybackState;
    /// Pauses the clip that is playing.
    audio::pause_playback() -> PlaybackState;
    /// Goes on playing a paused clip.
    audio::resume_playback() -> PlaybackState;
    /// Stops playback.
    audio::stop_playback() -> PlaybackState;
    /// Moves playback to `position_ms` from the start of the clip.
    audio::seek_playback(position_ms: u32) -> PlaybackState;
    /// Sets the playback volume, 0–1.
    audio::set_playback_volume(volume: f32) -> PlaybackState;
    /// What is playing now, and where.
    audio::playback_state() -> PlaybackState;
    /// Starts a sign-in: the core opens the system browser at the platform's consent
    /// page. The answer has `signInPending: true` until the browser comes back (then a
    /// `signedIn` or `signInFailed` event arrives).
    auth::begin_sign_in(request: ContextRequest) -> SessionsView;
    /// Asks for access to the Personal account's details: a new Personal sign-in in the
    /// system browser asking for the scopes already granted plus `account`. Who pays does
    /// not change; a refused or cancelled consent keeps the session as it was.
    /// NOT_SIGNED_IN without Personal.
    auth::begin_account_access() -> SessionsView;
    /// Forgets every sign-in still waiting for the browser.
    auth::cancel_sign_in() -> SessionsView;
    /// The sign-in page's link, when no browser could be started for it (open it by hand).
    auth::sign_in_link() -> Option<String>;
    /// The signed-in sessions for the current platform (Personal first), command `sessions`.
    auth::sessions() -> SessionsView;
    /// Makes that session's context the one that pays.
    auth::set_active_session(id: String) -> SessionsView;
    /// Revokes and removes just that session; the others stay signed in.
    auth::sign_out(id: String) -> SessionsView;
    /// Teams the Personal session's user can sign in to. Rejects with NOT_SIGNED_IN without Personal.
    auth::list_teams() -> Vec<TeamChoice>;
    /// What testers look at when sign-in fails. Never contains a secret.
    auth::sign_in_diagnostics() -> SignInDiagnostics;
    /// The person read the notice that this ended session left.
    auth::dismiss_session_notice(id: String) -> SessionsView;
    /// Reads the active context's balance from the platform and records it. Every
    /// window hears it too, as a `balanceChanged` event. Rejects with SCOPE_MISSING
    /// without the `balance` scope.
    billing::refresh_balance() -> BalanceOverview;
    /// The active context's balance at its last refresh (no network); null if never read.
    billing::last_balance() -> Option<BalanceOverview>;
    /// Personal usage attributed to this app; `notForTeam` for a Team session.
    billing::personal_usage() -> UsageView;
    /// The active Team context as the platform resolves it now.
    billing::team_context() -> TeamContextView;
    /// A page of the local points ledger, newest first.
    billing::points_ledger(query: LedgerQuery) -> LedgerPage;
    /// Saves the points ledger (this account, or every account) as CSV through the save
    /// dialog; `null` when cancelled.
    billing::ledger_save(scope: LedgerScope) -> Option<SavedFile>;
    /// How the active context's balance moved between refreshes, with the charges seen.
    billing::balance_changes() -> BalanceChanges;
    /// Points spent per local day and context.
    billing::spending_chart(query: SpendingQuery) -> SpendingChart;
    /// The low-balance threshold.
    billing::billing_settings() -> BillingSettings;
    /// Saves the low-balance threshold (decimal text; "0" turns warnings off). INVALID_INPUT otherwise.
    billing::set_low_balance_threshold(value: String) -> BillingSettings;
    /// Before a charged action: does `estimate` (decimal text) fit what is left? A
    /// warning to show, never a reason to block.
    billing::balance_check(estimate: String) -> BalanceCheck;
    /// Problems with these options for the model (empty: they can be sent).
    chat::chat_check_options(options: ChatOptions) -> Vec<OptionProblem>;
    /// The active context's conversations, newest first; `query` searches titles and text.
    chat::chat_conversations(query: String) -> Vec<ConversationSummary>;
    /// One conversation with its messages.
    chat::chat_conversation(id: String) -> ConversationView;
    /// Sends a message and streams the reply on `on_event` (`started`, `delta`…, then `done`
    /// or `error`); resolves with the reply as it ended.
    chat::chat_send(input: ChatSendInput, on_event: Channel<ChatEvent>) -> ChatMessage;
    /// Sends an interrupted reply again under the same request id (Team: next attempt).
    chat::chat_retry(message_id: String, on_event: Channel<ChatEvent>) -> ChatMessage;
    /// A new reply to the same message, with a new request id.
    chat::chat_regenerate(message_id: String, options: ChatOptions, on_event: Channel<ChatEvent>) -> ChatMessage;
    /// Replaces a message (and what followed it) with new text, and sends it.
    chat::chat_edit_resend(message_id: String, text: String, options: ChatOptions, on_event: Channel<ChatEvent>) -> ChatMessage;
    /// Stops a reply in flight; it keeps its text and is marked stopped.
    chat::chat_stop(message_id: String) -> bool;
    /// Deletes one message of a conversation.
    chat::chat_delete_message(message_id: String) -> ConversationView;
    /// Deletes a conversation and its messages.
    chat::chat_delete_conversation(id: String) -> ();
    /// Saves the conversation as Markdown or JSON where the person chooses in the system's
    /// save dialog; `null` when they cancel.
    chat::chat_save(id: String, format: ExportFormat) -> Option<SavedFile>;
    /// What recent replies with this model used in the active context (tokens, as reported).
    chat::chat_usage_hint(model_code: String) -> xiaoya_core::chat::cost::ChatUsageHint;
    /// The Team workflow version the chat sends.
    chat::chat_settings() -> ChatSettings;
    /// Sets the Team workflow version id; an empty value returns to the default.
    chat::set_chat_workflow_version(value: String) -> ChatSettings;
    /// Opens an https link in the system browser (the core refuses anything else).
    chat::open_external_link(url: String) -> ();
    /// The read-only checks of every signed-in context (nothing is charged).
    check::platform_check() -> CheckReport;
    /// What the two billable checks would cost in the active context.
    check::platform_check_quote() -> BillableQuote;
    /// Runs the billable checks and adds them to the kept run `runId` (or keeps a new run);
    /// refused when the estimate changed since `confirmedSpeechTotal`.
    check::platform_check_billable(confirmed_speech_total: Option<String>, run_id: Option<String>) -> CheckReport;
    /// The active context's kept check runs on this platform, newest first.
    check::platform_check_runs() -> Vec<CheckRunSummary>;
    /// One kept check run of the active context, to show again.
    check::platform_check_run(run_id: String) -> CheckReport;
    /// Saves a kept check run as Markdown or JSON through the save dialog; `null` when cancelled.
    check::platform_check_save(run_id: String, format: ReportFormat) -> Option<SavedFile>;
    /// Whether a demo is being recorded, and the last recording not yet saved.
    cassettes::cassette_state() -> RecordingState;
    /// Starts recording the active context into a cassette (reads its "before": identity,
    /// catalogs, TTS options, balance, usage). NOT_SIGNED_IN without a session; refused in a replay.
    cassettes::cassette_record_start() -> RecordingState;
    /// Reads the balance and usage again ("after") and stops; the cassette waits to be saved.
    cassettes::cassette_record_stop() -> CassetteSummary;
    /// Saves the last recording through the save dialog, as recorded; `null` when cancelled.
    cassettes::cassette_save() -> Option<SavedFile>;
    /// Opens a recording (open dialog) and replays it at `speed` (0.5–2) through the built-in
    /// sandbox: no network. `null` when cancelled; CASSETTE_DAMAGED, CASSETTE_FOREIGN or
    /// CASSETTE_NEWER change nothing.
    cassettes::cassette_replay(speed: f64) -> Option<PlatformInfo>;
    /// The active context's catalog. Answered from the core's cache for the same context
    /// unless `refresh`; rejects with NOT_SIGNED_IN or SCOPE_MISSING (`model`).
    models::models_catalog(refresh: bool) -> ModelCatalog;
    /// One model in the catalog of every signed-in context, read with each context's own
    /// session (the active context does not change; nothing is charged). A context that
    /// cannot be read carries its error instead of failing the whole comparison.
    models::models_compare(model_code: String) -> ModelComparison;
    /// A Team session's Team information (overview, members, member credits, entitlements,
    /// membership, its orders and plans), read together; each part is read, refused
    /// (402/403/404 with the platform's words) or failed on its own. The session named, or
    /// the active one; who pays does not change. SCOPE_MISSING without `team_read`;
    /// INVALID_INPUT for a Personal session.
    teams::team_information(session_id: Option<String>) -> TeamInformation;
    /// The active context's configurations and voices, fresh from the platform.
    tts::tts_catalog() -> TtsCatalog;
    /// The estimate for a request (no network once the catalog is loaded).
    tts::tts_estimate(request: SpeechRequest) -> CostEstimate;
    /// The summed estimate for the same text in up to four voices, and the batch id to use.
    tts::tts_compare_quote(requests: Vec<SpeechRequest>) -> CompareQuote;
    /// Synthesizes and saves a clip. Platform failures resolve with the clip's status
    /// (`unknown`, `failed`, `settledNoAudio`) and its request id; only problems before the
    /// request is journaled reject (INVALID_INPUT, NOT_SIGNED_IN, …).
    tts::synthesize_speech(request: SpeechRequest) -> Clip;
    /// Sends a clip again under its own request id.
    tts::retry_clip(id: String) -> Clip;
    /// Writes the audio of a charged clip that a full disk kept in memory ("Save again");
    /// rejects with DISK_FULL while there is still no room, INVALID_INPUT once it is gone.
    tts::retry_save_audio(id: String) -> Clip;
    /// The active context's audio ledger, newest first. Local only.
    tts::tts_clips(filter: ClipFilter) -> Vec<Clip>;
    /// One clip of the audio ledger. Local only.
    tts::tts_clip(id: String) -> Clip;
    /// Points charged for speech: since the app started, and all time, in the active context.
    tts::tts_totals() -> TtsTotals;
    /// Saves a clip's audio where the person chooses in the system's save dialog (it opens
    /// in the folder used last, else Music); `null` when they cancel.
    tts::save_clip(id: String) -> Option<SavedFile>;
    /// Deletes a clip and its audio file from this computer.
    tts::delete_clip(id: String) -> ();
    /// The core opens the configuration's voice library in the system browser (https only).
    tts::open_voice_library(tts_config_id: String) -> ();
}
