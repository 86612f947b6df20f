// Which OAuth scopes each feature needs, and what a session lacks for it. Screens
// use `missingScopes(session, feature)` to explain "unavailable: missing scope X"
// instead of failing with SCOPE_MISSING after a click.

import { type PlainKey, t } from "../i18n";
import type { SessionSummary } from "../ipc";

export type Feature = "models" | "chat" | "voices" | "balances" | "usage";

/** The scopes a feature's requests need, as granted by the platform. */
export const FEATURE_SCOPES: Readonly<Record<Feature, readonly string[]>> = {
  models: ["model"],
  chat: ["model"],
  voices: ["model"],
  balances: ["balance"],
  usage: ["usage"],
};

export const FEATURE_LABELS: Readonly<Record<Feature, PlainKey>> = {
  models: "feature.models",
  chat: "feature.chat",
  voices: "feature.voices",
  balances: "feature.balances",
  usage: "feature.usage",
};

/**
 * The features that exist for a context. Usage history is Personal only: the app
 * never asks a Team for `usage` (the platform refuses Team tokens there), so a Team
 * card doesn't list it as missing.
 */
export function featuresFor(session: SessionSummary): readonly Feature[] {
  return session.context.kind === "personal" ? ["models", "chat", "voices", "balances", "usage"] : ["models", "chat", "voices", "balances"];
}

/**
 * The scopes `feature` needs that `session` was not granted; empty when it can be
 * used. No session means every needed scope is missing.
 */
export function missingScopes(session: SessionSummary | null | undefined, feature: Feature): string[] {
  const needed = FEATURE_SCOPES[feature];
  if (!session) return [...needed];
  const granted = new Set(session.grantedScopes);
  return needed.filter((scope) => !granted.has(scope));
}

/** Whether `session` can use `feature` (every needed scope granted). */
export function hasFeature(session: SessionSummary | null | undefined, feature: Feature): boolean {
  return missingScopes(session, feature).length === 0;
}

/** A short explanation for a scope chip's tooltip; unknown scopes have none. */
export function scopeDescriptionKey(scope: string): PlainKey | null {
  switch (scope) {
    case "profile":
      return "scope.profile";
    case "balance":
      return "scope.balance";
    case "usage":
      return "scope.usage";
    case "model":
      return "scope.model";
    case "team_read":
      return "scope.team_read";
    case "account":
      return "scope.account";
    default:
      return null;
  }
}

/** A scope's name in plain words for its chip; unknown scopes have none. */
export function scopeNameKey(scope: string): PlainKey | null {
  switch (scope) {
    case "profile":
      return "scope.name.profile";
    case "balance":
      return "scope.name.balance";
    case "usage":
      return "scope.name.usage";
    case "model":
      return "scope.name.model";
    case "team_read":
      return "scope.name.team_read";
    case "account":
      return "scope.name.account";
    default:
      return null;
  }
}

/** What a person reads for a scope: its name in the active language, or the id the platform sent when the app doesn't know it. */
export function scopeName(scope: string): string {
  const key = scopeNameKey(scope);
  return key ? t(key) : scope;
}
