// The generated TTS and playback types, re-exported in one place so ipc/index.ts needs one line.

export type { AudioDevice } from "../bindings/AudioDevice";
export type { CharacterCounting } from "../bindings/CharacterCounting";
export type { Clip } from "../bindings/Clip";
export type { ClipFilter } from "../bindings/ClipFilter";
export type { ClipStatus } from "../bindings/ClipStatus";
export type { CompareQuote } from "../bindings/CompareQuote";
export type { ConfigCounting } from "../bindings/ConfigCounting";
export type { CostCheck } from "../bindings/CostCheck";
export type { CostEstimate } from "../bindings/CostEstimate";
export type { CostVerdict } from "../bindings/CostVerdict";
export type { CountingRule } from "../bindings/CountingRule";
export type { EstimateUnavailable } from "../bindings/EstimateUnavailable";
export type { PlaybackState } from "../bindings/PlaybackState";
export type { PlaybackStatus } from "../bindings/PlaybackStatus";
export type { SpeechLimits } from "../bindings/SpeechLimits";
export type { SpeechParams } from "../bindings/SpeechParams";
export type { SpeechReceipt } from "../bindings/SpeechReceipt";
export type { SpeechRequest } from "../bindings/SpeechRequest";
export type { TtsCatalog } from "../bindings/TtsCatalog";
export type { TtsConfig } from "../bindings/TtsConfig";
export type { TtsPrice } from "../bindings/TtsPrice";
export type { TtsTotals } from "../bindings/TtsTotals";
export type { Voice } from "../bindings/Voice";
export type { VoiceLibraryLink } from "../bindings/VoiceLibraryLink";
export type { VoiceState } from "../bindings/VoiceState";
export type { VoiceUnusable } from "../bindings/VoiceUnusable";
