// Strings of the Voices screen (TTS explorer) and the audio errors. Spread into
// `i18n/en.ts` and `i18n/zh-CN.ts`; `zhCN` must have every key of `en`.

export const en = {
  "voices.title": "Voices",
  "voices.subtitle": "Listen to text-to-speech voices and see what each clip costs in points.",
  "voices.empty.title": "Sign in to explore voices",
  "voices.empty.body":
    "Voices, formats and prices depend on who you're signed in as. Go to Account → Sign in.",

  "error.AUDIO_UNAVAILABLE":
    "No audio output is available on this computer. Your clips are still saved — you can export them and play them elsewhere.",
  "error.AUDIO_UNREADABLE": "This clip's audio is damaged or incomplete and can't be played.",
} as const;

export const zhCN: Record<keyof typeof en, string> = {
  "voices.title": "音色",
  "voices.subtitle": "试听语音合成音色，了解每段音频消耗多少积分。",
  "voices.empty.title": "登录后探索音色",
  "voices.empty.body": "可用的音色、格式和价格取决于你的登录身份。请前往“账户 → 登录”。",

  "error.AUDIO_UNAVAILABLE": "这台电脑上没有可用的音频输出设备。音频仍已保存，你可以导出后在别处播放。",
  "error.AUDIO_UNREADABLE": "这段音频已损坏或不完整，无法播放。",
};
