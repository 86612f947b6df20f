// The one i18n layer. `t(key, params)` looks a key up in the active dictionary and
// fills `{name}` placeholders; keys and placeholder names are checked by tsc.
// The active locale lives here; `changeLocale` switches it at once and persists it
// through the `set_locale` command. Components read it with `useLocale()` so they
// re-render when it changes. The locale is a Nano Stores atom (the app's one store
// primitive; i18n sits below `app/` so it uses the library directly).

import { useStore } from "@nanostores/preact";
import { atom } from "nanostores";

import { type AppInfo, type ErrorCode, type Locale, setLocale as persistLocale } from "../ipc";
import { en } from "./en";
import { zhCN } from "./zh-CN";

export type MessageKey = keyof typeof en;

const dictionaries: Record<Locale, Record<MessageKey, string>> = {
  en,
  "zh-CN": zhCN,
};

export const LOCALES: readonly Locale[] = ["zh-CN", "en"];

// Every ErrorCode the core can send must have a message: a new code fails tsc here
// until both dictionaries localise it.
type MissingErrorKeys = Exclude<`error.${ErrorCode}`, MessageKey>;
const _everyErrorCodeIsLocalised: [MissingErrorKeys] extends [never] ? true : MissingErrorKeys = true;
void _everyErrorCodeIsLocalised;

// `{n}` is a value; `{n:point|points}` picks a word for the value of `n` by the active
// language's plural rules (`Intl.PluralRules`: the first word for "one", the second otherwise).
type PlaceholderName<P extends string> = P extends `${infer Name}:${string}` ? Name : P;
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? PlaceholderName<Name> | Placeholders<Rest>
  : never;
type ParamsFor<K extends MessageKey> = [Placeholders<(typeof en)[K]>] extends [never]
  ? []
  : [params: Record<Placeholders<(typeof en)[K]>, string | number>];

// Cached so the first paint after a restart is already in the saved language; the
// core's saved locale (from `app_info`) stays the source of truth.
const CACHE_KEY = "xiaoya.locale";

/** Keys whose text has no placeholders: safe to pass around as data (nav labels, errors). */
export type PlainKey = {
  [K in MessageKey]: [Placeholders<(typeof en)[K]>] extends [never] ? K : never;
}[MessageKey];

function detectLocale(): Locale {
  try {
    const cached = localStorage.getItem(CACHE_KEY);
    if (cached === "en" || cached === "zh-CN") return cached;
  } catch {
    // Storage unavailable: fall back to the system language.
  }
  const lang = typeof navigator !== "undefined" ? navigator.language : "";
  return lang.toLowerCase().startsWith("zh") ? "zh-CN" : "en";
}

/** The active locale: read `.value`, or `useLocale()` in a component. */
export const locale = atom<Locale>(detectLocale());

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `value` (a number or formatted number text) in the active language. */
export function pluralCategory(value: string | number): Intl.LDMLPluralRule {
  // Formatted text: group separators go; anything else (an abbreviation like "1M") reads as "other".
  const text =
    typeof value === "number"
      ? ""
      : String(value)
          .replace(/[,\s\u00a0\u202f]/g, "")
          .replace("\u2212", "-");
  if (typeof value !== "number" && !/^-?\d+(\.\d+)?$/.test(text)) return "other";
  const n = typeof value === "number" ? value : Number(text);
  if (!Number.isFinite(n)) return "other";
  const active = locale.get();
  let rules = pluralRules.get(active);
  if (!rules) {
    rules = new Intl.PluralRules(active);
    pluralRules.set(active, rules);
  }
  return rules.select(n);
}

function interpolate(template: string, params: Record<string, string | number> | undefined) {
  if (!params) return template;
  return template.replace(/\{(\w+)(?::([^|}]*)\|([^}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is ES2022 and the build targets Safari 15.0 (vite.config.ts); this is the form that works there.
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    const value = params[name];
    if (one === undefined || other === undefined) return String(value);
    return pluralCategory(value) === "one" ? one : other;
  });
}

/** Translates `key` into the active language. */
export function t<K extends MessageKey>(key: K, ...args: ParamsFor<K>): string {
  // Not tracked: components re-render on a language change through `useLocale()`.
  const template = dictionaries[locale.get()][key] ?? en[key];
  return interpolate(template, args[0] as Record<string, string | number> | undefined);
}

/** Translates `key` into `lang`, whichever language is active (the palette searches both). */
export function tIn<K extends MessageKey>(lang: Locale, key: K, ...args: ParamsFor<K>): string {
  return interpolate(dictionaries[lang][key] ?? en[key], args[0] as Record<string, string | number> | undefined);
}

/** The localised explanation for an error code; unknown codes read as INTERNAL. */
export function errorMessage(code: ErrorCode | string): string {
  const key = `error.${code}`;
  return key in en ? t(key as PlainKey) : t("error.INTERNAL");
}

export function getLocale(): Locale {
  return locale.get();
}

/** Applies a locale locally (no persistence): used at start-up with the saved value. */
export function applyLocale(next: Locale): void {
  if (typeof document !== "undefined") document.documentElement.lang = next;
  try {
    localStorage.setItem(CACHE_KEY, next);
  } catch {
    // The locale still applies for this run.
  }
  locale.set(next);
}

/**
 * Switches the language right away and saves it. If saving fails the previous
 * language comes back and the error is rethrown for the caller to report.
 */
export async function changeLocale(next: Locale): Promise<AppInfo> {
  const previous = locale.get();
  applyLocale(next);
  try {
    return await persistLocale(next);
  } catch (err) {
    applyLocale(previous);
    throw err;
  }
}

/** Calls `listener` on every later change of the locale; returns the disposer. */
export function subscribeLocale(listener: (locale: Locale) => void): () => void {
  return locale.listen(listener);
}

/** The active locale; re-renders the caller when it changes. */
export function useLocale(): Locale {
  return useStore(locale);
}

/** Formats a number for the active language (points, counts). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale.get(), options).format(value);
}
