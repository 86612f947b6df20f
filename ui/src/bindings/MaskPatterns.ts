// Written by src-tauri/core/src/foundation/mask.rs (its test); do not edit.
import type { MaskKind } from "./MaskKind";
import type { MaskPattern } from "./MaskPattern";

/** Presenting mode's shapes, applied in this order after the literals. */
export const MASK_PATTERNS: readonly MaskPattern[] = [
  { kind: "token", pattern: "[Bb]earer[ \\t]+[A-Za-z0-9._~+/=-]+" },
  { kind: "token", pattern: "eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)?" },
  { kind: "email", pattern: "[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}" },
  { kind: "id", pattern: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}" },
  { kind: "id", pattern: "(?:req|user|usr|oau|team|member|mem|sub|org|acct|client|sess|chatcmpl|call)_[A-Za-z0-9_]*[0-9][A-Za-z0-9_]*" },
  { kind: "token", pattern: "[A-Za-z0-9_-]{32,}" },
];

/** Each kind's fixed-width mask. */
export const MASKS: Readonly<Record<MaskKind, string>> = {
  id: "••••••",
  email: "•••@•••",
  origin: "https://•••/",
  url: "•••://•••/",
  token: "••••••••",
  path: "~",
};

/** Literals shorter than this are left to the patterns. */
export const MIN_LITERAL_CHARS = 3;
