// Source dictionary. Every user-visible string lives here; `zh-CN.ts` must have the
// same keys (tsc fails otherwise). Placeholders are `{name}` and are type-checked by
// `t()`. Language names are endonyms and read the same in both dictionaries.

export const en = {
  "app.name": "Xiaoya Companion",
  "app.platformName": "Xiaoya Open Platform",
  "app.tagline": "A desktop companion for the Xiaoya Open Platform.",

  "shell.skipToContent": "Skip to content",
  "shell.navLabel": "Main",
  "shell.headerStatus": "Platform and account status",

  "nav.account": "Account",
  "nav.models": "Models",
  "nav.chat": "Chat",
  "nav.voices": "Voices",
  "nav.balances": "Balances",
  "nav.settings": "Settings",

  "platform.sandboxBadge": "Sandbox — simulated platform, no real points",
  "platform.sandboxShort": "Sandbox",
  "platform.loading": "Connecting…",
  "platform.labelAria": "Platform: {name}. Show details",
  "platform.sandboxDialog.title": "You're using the sandbox",
  "platform.sandboxDialog.body":
    "The sandbox is a simulated Xiaoya Open Platform built into this app. Sign-in, models, chat, voices and balances all work as they would for real, but nothing is charged: the points here are not real.",
  "platform.sandboxDialog.next":
    "To use a real platform, open Settings → Platform and enter its address and client ID.",
  "platform.configuredDialog.title": "Connected platform",
  "platform.configuredDialog.body":
    "Sign-ins and points on {origin} are real. Requests are charged to the account you sign in with.",
  "platform.dialog.openSettings": "Open platform settings",

  "chargedTo.chip": "Charged to: {who}",
  "chargedTo.notSignedIn": "not signed in",
  "chargedTo.hint": "Sign in on the Account screen to choose who is charged.",

  "balance.label": "Balance",
  "balance.empty": "—",
  "balance.hint": "Sign in to see your balance.",

  "locale.label": "Language",
  "language.zh-CN": "中文",
  "language.en": "English",

  "theme.system": "System",
  "theme.light": "Light",
  "theme.dark": "Dark",

  "common.close": "Close",
  "common.dismiss": "Dismiss",
  "common.loading": "Loading…",
  "common.goToAccount": "Go to Account",

  "account.title": "Account",
  "account.subtitle": "Sign in to the Xiaoya Open Platform as yourself, as a team, or both.",
  "account.welcome.title": "Welcome to Xiaoya Companion",
  "account.welcome.body":
    "Try the platform's models and voices, see what every request costs in points, and keep an eye on your balances — right from your desktop.",
  "account.platform.sandbox":
    "You're on the sandbox: sign-in is simulated and no real points are used.",
  "account.platform.configured": "You'll sign in to {origin}.",
  "account.personal.title": "Personal",
  "account.personal.body":
    "Sign in with your own account. Requests are charged to your personal points balance.",
  "account.personal.point1": "Your own models, voices and cloned voices",
  "account.personal.point2": "Charged to your personal balance",
  "account.team.title": "Team",
  "account.team.body":
    "Sign in on behalf of a team you belong to. Requests are charged to the team's shared balance.",
  "account.team.point1": "The models and voices your team can use",
  "account.team.point2": "Charged to the team's shared balance",
  "account.both":
    "You can be signed in to Personal and a Team at the same time, and choose who is charged from the header.",
  "account.how.title": "How sign-in works",
  "account.how.step1": "Your web browser opens the platform's consent page.",
  "account.how.step2": "You check what the app may access and choose Allow.",
  "account.how.step3": "Xiaoya Companion comes back to the front, signed in.",
  "account.how.security":
    "You never type your password into this app, and your sign-in stays in your system's secure credential store.",

  "models.title": "Models",
  "models.subtitle": "Browse the models available to you: their inputs, parameters and prices.",
  "models.empty.title": "Sign in to see your models",
  "models.empty.body": "The catalog depends on who you're signed in as. Go to Account → Sign in.",

  "chat.title": "Chat",
  "chat.subtitle": "Talk to a model and see each reply's receipt: usage, timing and cost.",
  "chat.empty.title": "Sign in to start chatting",
  "chat.empty.body": "Pick a model and chat once you're signed in. Go to Account → Sign in.",

  "voices.title": "Voices",
  "voices.subtitle": "Listen to text-to-speech voices and see what each clip costs in points.",
  "voices.empty.title": "Sign in to explore voices",
  "voices.empty.body":
    "Voices, formats and prices depend on who you're signed in as. Go to Account → Sign in.",

  "balances.title": "Balances",
  "balances.subtitle": "Your Personal and Team points, and why they changed.",
  "balances.empty.title": "Sign in to see your balances",
  "balances.empty.body":
    "Each account you sign in to has its own points balance. Go to Account → Sign in.",

  "settings.title": "Settings",
  "settings.subtitle": "Language, appearance, and which platform the app talks to.",
  "settings.appearance.title": "Appearance",
  "settings.language.label": "Language",
  "settings.language.hint": "Applies right away and is remembered.",
  "settings.theme.label": "Theme",
  "settings.theme.hint": "System follows your computer's light or dark setting.",
  "settings.saveFailed.locale": "Couldn't save the language.",
  "settings.saveFailed.theme": "Couldn't save the theme.",

  "settings.platform.title": "Platform",
  "settings.platform.description":
    "The Xiaoya Open Platform this app signs in to and sends requests to.",
  "settings.platform.mode": "Mode",
  "settings.platform.mode.sandbox": "Sandbox",
  "settings.platform.mode.configured": "Real platform",
  "settings.platform.origin": "Origin",
  "settings.platform.clientId": "Client ID",
  "settings.platform.redirectUri": "Redirect URI",
  "settings.platform.form.title": "Connect to a real platform",
  "settings.platform.form.description":
    "Enter the details of the client registered for this app on the platform.",
  "settings.platform.baseUrl.label": "Platform URL",
  "settings.platform.baseUrl.hint": "An https address, such as https://claw.zhenhuiai.com",
  "settings.platform.clientId.label": "Client ID",
  "settings.platform.clientId.hint": "As shown for your client on the platform; up to 32 characters.",
  "settings.platform.redirectUri.label": "Redirect URI",
  "settings.platform.redirectUri.hint": "Must match the redirect URI registered for the client.",
  "settings.platform.save": "Save and connect",
  "settings.platform.sandbox.title": "Built-in sandbox",
  "settings.platform.useSandbox": "Use the sandbox",
  "settings.platform.useSandboxHint": "A simulated platform inside the app: try everything without real points.",
  "settings.platform.saved": "Connected to {origin}",
  "settings.platform.sandboxOn": "Now using the sandbox",
  "settings.platform.formError": "These settings weren't accepted. Check the fields and try again.",

  "validation.baseUrl.invalid": "Enter a full address, such as https://claw.zhenhuiai.com",
  "validation.baseUrl.https": "Use https (http is only allowed for localhost).",
  "validation.baseUrl.credentials": "Remove the user name and password from the address.",
  "validation.baseUrl.originOnly": "Enter just the origin, without a path, query or #fragment.",
  "validation.clientId.required": "Enter the client ID.",
  "validation.clientId.format": "Use 1–32 letters, digits or symbols, without spaces.",
  "validation.redirectUri.invalid": "Enter a full URI, such as xiaoya-companion://oauth/callback",
  "validation.redirectUri.fragment": "Remove the #fragment, user name or password.",
  "validation.redirectUri.scheme":
    "Use the app's own scheme (xiaoya-companion://…) or an http://localhost address.",

  "settings.about.title": "About",
  "settings.about.version": "Version",
  "settings.about.platform": "Platform",

  "error.INVALID_INPUT": "Some of the information entered isn't valid.",
  "error.STORAGE": "The app couldn't read or save its local data.",
  "error.NETWORK": "The platform couldn't be reached. Check your connection and try again.",
  "error.PLATFORM": "The platform reported an error.",
  "error.DECODE": "The platform's answer couldn't be understood. Try again, or report it if it keeps happening.",
  "error.SESSION_EXPIRED": "Your sign-in has expired. Sign in again to continue.",
  "error.SIGN_IN_FAILED": "Sign-in didn't complete. Please try again.",
  "error.NO_PENDING_SIGN_IN": "A sign-in link arrived, but no sign-in was started in this app.",
  "error.NOT_SIGNED_IN": "Sign in first to do this.",
  "error.SCOPE_MISSING": "Your sign-in doesn't include permission for this. Sign in again and allow it.",
  "error.KEYCHAIN_UNAVAILABLE":
    "Your system's secure credential store is locked or unavailable. Unlock it, then try again.",
  "error.INTERNAL": "Something went wrong inside the app.",
  "errorState.title": "Something went wrong",
  "errorState.retry": "Try again",
  "errorState.details": "Details",
  "errorState.requestId": "Request ID",
  "errorState.platformCode": "Platform code",
  "errorState.message": "Message",

  "boot.errorTitle": "Xiaoya Companion couldn't start",
} as const;
