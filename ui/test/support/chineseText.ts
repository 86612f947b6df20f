// What a Chinese screen may show in Latin letters: names and codes, never English words.
// Shared by the dictionary scan (test/app/glossary.test.ts) and the scan of components
// rendered in 中文 (test/app/chineseRendered.test.tsx).

import { NAMES_IN_CHINESE } from "../../src/i18n/glossary";

/** A Latin word reads as a code (not English prose) when it is written like one. */
export function isCode(word: string): boolean {
  return (
    /[_.\-/0-9]/.test(word) || // team_alpha, intro.mp3, X-Xiaoya-Workflow-Version-Id
    /[a-z][A-Z]/.test(word) || // parameterSpec, inputsText
    /^[A-Z]{2,}$/.test(word) || // GNOME, TTS
    [
      "null",
      "true",
      "false",
      "type",
      "required",
      "properties",
      "enum",
      "items",
      "http",
      "https",
      "localhost",
      "oauth",
      "callback",
    ].includes(word)
  );
}

/** Names the Chinese screens show as they are: operating systems, standards, the language switch. */
export const PROPER_NAMES = [
  "English",
  "Linux",
  "Windows",
  "Keyring",
  "KWallet",
  "Unicode",
  "LaTeX",
  "App",
  "A",
  "Z",
  "Music",
  "home",
  "you",
  "clips",
  "narrator",
  // Key names on the keyboard, as the shortcuts list writes them.
  "Ctrl",
  "C",
  "K",
];

/** The English words in `text`: Latin words that are neither names nor codes. */
export function englishWords(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/[A-Za-z][A-Za-z0-9_.\-/]*/g)) {
    const word = m[0].replace(/[.\-/]+$/, "");
    if (NAMES_IN_CHINESE.includes(word) || PROPER_NAMES.includes(word) || isCode(word)) continue;
    found.push(word);
  }
  return found;
}
