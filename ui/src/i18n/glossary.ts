// One word per concept in each language. The chosen term comes first; `avoid` lists the
// variants that crept in before and must not come back (a vitest test scans both
// dictionaries for them). `names` are the only Latin words a Chinese screen may show:
// product and protocol names and codes, as the platform's Chinese documentation writes them.

export interface GlossaryEntry {
  concept: string;
  en: string;
  zh: string;
  /** Variants that must not appear in the English dictionary. */
  avoidEn: readonly RegExp[];
  /** Variants that must not appear in the Chinese dictionary. */
  avoidZh: readonly RegExp[];
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    concept: "the context that pays for requests (the header menu, the session badge)",
    en: "Charged to / Used for charges",
    zh: "计费账户 / 用于计费",
    avoidEn: [/\bbilling account\b/i, /\bbilled to\b/i, /\bpaying context\b/i],
    avoidZh: [/付费方/, /当前付费/, /计费中/, /付费身份/, /付款方/],
  },
  {
    concept: "the unit the platform charges in",
    en: "points",
    zh: "积分",
    avoidEn: [/\bcredits?\b/i, /\bpts\b/i],
    avoidZh: [/点数/, /扣点/, /积点/],
  },
  {
    concept: "what a model counts text in",
    en: "tokens",
    zh: "Token",
    avoidEn: [],
    avoidZh: [/令牌/, /词元/, /(^|[^A-Za-z])tokens?\b/],
  },
  {
    concept: "a text-to-speech voice",
    en: "voice",
    zh: "音色",
    avoidEn: [/\bspeaker\b/i],
    avoidZh: [/发音人/, /语音角色/],
  },
  {
    concept: "the platform's own running total of model charges (GET /usage), which can name a chat reply's cost",
    en: "usage counter",
    zh: "用量统计",
    avoidEn: [/\busage meter\b/i, /\busage tally\b/i],
    avoidZh: [/用量计数器/, /使用量统计/, /用量计数/],
  },
  {
    concept: "a charge whose amount the platform's answer did not name",
    en: "not reported by the platform",
    zh: "平台未报告",
    avoidEn: [/\bnot returned by the platform\b/i, /\bunreported\b/i],
    avoidZh: [/平台未返回/, /未上报/],
  },
  {
    concept: "signing in",
    en: "sign in",
    zh: "登录",
    avoidEn: [/\blog ?in\b/i],
    avoidZh: [/登陆/, /登入/],
  },
  {
    concept: "the request id shown for support",
    en: "request ID",
    zh: "请求 ID",
    avoidEn: [/\brequest-id\b/i, /\brequestId\b/],
    avoidZh: [/请求编号/, /请求标识/],
  },
];

/** Latin words a Chinese string may contain (names and codes). */
export const NAMES_IN_CHINESE: readonly string[] = [
  "Xiaoya",
  "OpenAPI",
  "OAuth",
  "PKCE",
  "TTS",
  "Token",
  "ID",
  "JSON",
  "Schema",
  "URL",
  "URI",
  "HTTP",
  "HTTPS",
  "API",
  "MP3",
  "WAV",
  "PCM",
  "OGG",
  "Opus",
  "FLAC",
  "CJK",
  "Markdown",
  "Team",
  "Secret",
  "Service",
  "SQLite",
  "Enter",
  "Shift",
  "Esc",
  "Ctrl",
  "Cmd",
  "curl",
  "bash",
  "PowerShell",
  "HTTPie",
];
