// "Chat with this model" from the Models screen: the code waits here until the Chat
// screen picks it up (once), if that model is in its context's catalog.

let preset: string | null = null;

export function presetModel(code: string): void {
  preset = code;
}

export function takePresetModel(): string | null {
  const code = preset;
  preset = null;
  return code;
}
