//! The command registry: `list.rs` names every command once, and this module turns it
//! into the invoke handler, the specs the registry tests compare with the command
//! functions, and the typed TypeScript wrappers (`ui/src/ipc/generated.ts`) and the
//! window's capability (`capabilities/main.json`). `build.rs` reads the same list for the
//! permission names.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use serde_json::Value;
use tauri::ipc::Channel;
use ts_rs::TS;
use xiaoya_core::account::wire::PersonalEntitlements;
use xiaoya_core::agents::wire::{
    AgentInput, AgentReport, ArgumentProblem, ExportFormat as AgentExportFormat, SavedAgent, SnapshotChange,
    SnapshotSummary, ToolCallRequest,
};
use xiaoya_core::api::curl::CurlShell;
use xiaoya_core::audio::wire::PlaybackState;
use xiaoya_core::auth::wire::{ContextRequest, SessionsView, SignInDiagnostics, TeamChoice};
use xiaoya_core::billing::wire::{
    BalanceChanges, BalanceCheck, BalanceOverview, BillingSettings, LedgerPage, LedgerQuery, LedgerScope,
    SpendingChart, SpendingQuery, TeamContextView, UsageView,
};
use xiaoya_core::cassettes::wire::{CassetteSummary, RecordingState};
use xiaoya_core::chat::wire::{
    ChatEvent, ChatMessage, ChatOptions, ChatSendInput, ChatSettings, ConversationSummary, ConversationView,
    ExportFormat, OptionProblem,
};
use xiaoya_core::check::wire::{BillableQuote, CheckReport, CheckRunSummary, ReportFormat};
use xiaoya_core::copied::RequestCopyTarget;
use xiaoya_core::documents::SavedFile;
use xiaoya_core::models::compare::ModelComparison;
use xiaoya_core::models::wire::ModelCatalog;
use xiaoya_core::teams::wire::TeamInformation;
use xiaoya_core::tts::wire::{
    Clip, ClipFilter, CompareQuote, CostEstimate, SpeechRequest, TtsCatalog, TtsTotals,
};
use xiaoya_core::wire::{
    AppEvent, AppInfo, Locale, PlatformInfo, PlatformSettingsInput, Presenting, SandboxReplySpeed,
    ThemePreference,
};

/// One command as the registry names it (types as written in `list.rs`).
#[derive(Debug, Clone, Copy)]
pub struct CommandSpec {
    pub module: &'static str,
    pub name: &'static str,
    /// `(argument, Rust type)`, in order; the page sends the argument in camelCase.
    pub args: &'static [(&'static str, &'static str)],
    pub returns: &'static str,
    /// The text of its `///` lines, one per line.
    pub doc: &'static str,
}

/// A TypeScript type and the generated bindings it needs.
#[derive(Debug, Clone, Default)]
pub struct TsType {
    pub name: String,
    /// TypeScript name → binding file (relative to `ui/src/bindings`, no extension).
    pub imports: BTreeMap<String, String>,
    /// It needs `Channel` from `@tauri-apps/api/core`.
    pub channel: bool,
}

/// One command as the page calls it.
#[derive(Debug, Clone)]
pub struct TsCommand {
    pub spec: CommandSpec,
    pub args: Vec<(&'static str, TsType)>,
    pub returns: TsType,
}

/// Picks the TypeScript type of a registry type: `Channel<T>` by autoref (tried first),
/// any ts-rs type otherwise. A type that is neither does not compile.
pub struct Probe<T: ?Sized>(PhantomData<T>);

impl<T: ?Sized> Probe<T> {
    pub const fn new() -> Self {
        Probe(PhantomData)
    }
}

impl<T: ?Sized> Default for Probe<T> {
    fn default() -> Self {
        Self::new()
    }
}

pub trait ChannelType {
    fn ts_type(&self, cfg: &ts_rs::Config) -> TsType;
}

impl<T: TS + 'static> ChannelType for &Probe<Channel<T>> {
    fn ts_type(&self, cfg: &ts_rs::Config) -> TsType {
        let inner = ts_type_of::<T>(cfg);
        TsType { name: format!("Channel<{}>", inner.name), imports: inner.imports, channel: true }
    }
}

pub trait PlainType {
    fn ts_type(&self, cfg: &ts_rs::Config) -> TsType;
}

impl<T: TS + 'static> PlainType for Probe<T> {
    fn ts_type(&self, cfg: &ts_rs::Config) -> TsType {
        ts_type_of::<T>(cfg)
    }
}

/// The name ts-rs gives `T` and the exported bindings it refers to (itself, and the
/// type arguments of `Vec`, `Option` and the like).
fn ts_type_of<T: TS + 'static>(cfg: &ts_rs::Config) -> TsType {
    struct Imports<'a>(&'a ts_rs::Config, &'a mut BTreeMap<String, String>);
    impl ts_rs::TypeVisitor for Imports<'_> {
        fn visit<U: TS + 'static + ?Sized>(&mut self) {
            if let Some(dep) = ts_rs::Dependency::from_ty::<U>(self.0) {
                let path = dep.output_path.with_extension("").to_string_lossy().replace('\\', "/");
                self.1.insert(dep.ts_name, path);
            }
            U::visit_generics(self);
        }
    }
    let mut imports = BTreeMap::new();
    ts_rs::TypeVisitor::visit::<T>(&mut Imports(cfg, &mut imports));
    TsType { name: T::name(cfg), imports, channel: false }
}

macro_rules! commands {
    ($( $(#[doc = $doc:literal])* $module:ident :: $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) -> $ret:ty ; )*) => {
        /// Every command, in the registry's order.
        pub const COMMANDS: &[CommandSpec] = &[$(
            CommandSpec {
                module: stringify!($module),
                name: stringify!($name),
                args: &[$((stringify!($arg), stringify!($ty))),*],
                returns: stringify!($ret),
                doc: concat!($($doc, "\n",)* ""),
            }
        ),*];

        /// The invoke handler of every registered command, on any runtime (the app's, or
        /// `tauri::test`'s mock runtime in the command tests).
        pub fn invoke_handler<R: tauri::Runtime>() -> impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static {
            tauri::generate_handler![$(crate::commands::$module::$name),*]
        }

        /// Every command with the TypeScript types of its arguments and answer.
        pub fn typescript_commands() -> Vec<TsCommand> {
            let cfg = ts_rs::Config::from_env();
            let specs = COMMANDS.iter().copied();
            let typed = vec![$(
                (vec![$((stringify!($arg), (&Probe::<$ty>::new()).ts_type(&cfg))),*], (&Probe::<$ret>::new()).ts_type(&cfg))
            ),*];
            specs.zip(typed).map(|(spec, (args, returns))| TsCommand { spec, args, returns }).collect()
        }
    };
}

include!("list.rs");

/// `set_low_balance_threshold` → `setLowBalanceThreshold`.
pub fn camel_case(snake: &str) -> String {
    let mut out = String::with_capacity(snake.len());
    let mut upper = false;
    for ch in snake.chars() {
        if ch == '_' {
            upper = true;
        } else if upper {
            out.extend(ch.to_uppercase());
            upper = false;
        } else {
            out.push(ch);
        }
    }
    out
}

/// The permission `build.rs` makes for a command: `allow-set-locale`.
pub fn permission(name: &str) -> String {
    format!("allow-{}", name.replace('_', "-"))
}

/// `ui/src/ipc/generated.ts`: one typed wrapper per command, and the `CommandName` union
/// that `call` accepts.
pub fn typescript() -> String {
    let commands = typescript_commands();
    let mut imports = BTreeMap::new();
    let mut channel = false;
    for command in &commands {
        for ty in command.args.iter().map(|(_, t)| t).chain([&command.returns]) {
            imports.extend(ty.imports.clone());
            channel |= ty.channel;
        }
    }
    let mut out = String::new();
    out.push_str("// Generated from src-tauri/src/commands/list.rs by\n");
    out.push_str("// `cargo test -p xiaoya-companion --test command_registry`. Do not edit this file.\n\n");
    if channel {
        out.push_str("import type { Channel } from \"@tauri-apps/api/core\";\n\n");
    }
    for (name, path) in &imports {
        out.push_str(&format!("import type {{ {name} }} from \"../bindings/{path}\";\n"));
    }
    out.push_str("import { call } from \"./call\";\n\n");
    out.push_str("/** Every command the window may call. */\nexport type CommandName =\n");
    for command in &commands {
        out.push_str(&format!("  | \"{}\"\n", command.spec.name));
    }
    out.pop();
    out.push_str(";\n");
    for command in &commands {
        out.push('\n');
        let doc: Vec<&str> = command.spec.doc.lines().map(str::trim).collect();
        match doc.as_slice() {
            [] => {}
            [one] => out.push_str(&format!("/** {one} */\n")),
            many => {
                out.push_str("/**\n");
                for line in many {
                    out.push_str(&if line.is_empty() { " *\n".to_string() } else { format!(" * {line}\n") });
                }
                out.push_str(" */\n");
            }
        }
        let params: Vec<String> =
            command.args.iter().map(|(arg, ty)| format!("{}: {}", camel_case(arg), ty.name)).collect();
        let returns =
            if command.returns.name == "null" { "void".to_string() } else { command.returns.name.clone() };
        let keys: Vec<String> = command.args.iter().map(|(arg, _)| camel_case(arg)).collect();
        let args = if keys.is_empty() { String::new() } else { format!(", {{ {} }}", keys.join(", ")) };
        out.push_str(&format!(
            "export function {}({}): Promise<{returns}> {{\n  return call<{returns}>(\"{}\"{args});\n}}\n",
            camel_case(command.spec.name),
            params.join(", "),
            command.spec.name,
        ));
    }
    out
}

/// `capabilities/main.json`: the main window gets exactly the registered commands.
pub fn capability() -> String {
    let permissions: Vec<String> =
        COMMANDS.iter().map(|c| format!("    \"{}\"", permission(c.name))).collect();
    format!(
        "{{\n  \"$schema\": \"../gen/schemas/desktop-schema.json\",\n  \"identifier\": \"main\",\n  \"description\": \"{}\",\n  \"windows\": [\"main\"],\n  \"permissions\": [\n{}\n  ]\n}}\n",
        "The main window: the app's own commands, nothing else (app-wide events come on a channel, not global events). Written from src-tauri/src/commands/list.rs; see README.md in this folder.",
        permissions.join(",\n")
    )
}
