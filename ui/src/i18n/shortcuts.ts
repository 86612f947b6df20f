// Strings of the keyboard shortcuts: the commands' names (one registry, app/shortcuts/),
// the `?` overlay, the Ctrl+K command palette and the setting that turns single keys off.
// Spread into `en.ts` and `zh-CN.ts` beside it; `zhCN` must have every key of `en`.

export const en = {
  "shortcuts.cmd.palette": "Open the command palette",
  "shortcuts.cmd.help": "Show keyboard shortcuts",
  "shortcuts.cmd.goTo": "Go to {screen}",
  "shortcuts.cmd.payer": "Switch who is charged",
  "shortcuts.cmd.presenting": "Turn Presenting mode on or off",
  "shortcuts.cmd.chatNew": "New chat",
  "shortcuts.cmd.chatFocus": "Write a message",
  "shortcuts.cmd.chatStop": "Stop the reply",
  "shortcuts.cmd.chatRegenerate": "Regenerate the last reply",
  "shortcuts.cmd.chatSearch": "Search conversations",
  "shortcuts.cmd.voicesSynthesize": "Synthesize",
  "shortcuts.cmd.voicesPlay": "Play or pause",
  "shortcuts.cmd.voicesSearch": "Search voices",

  "shortcuts.group.general": "General",
  "shortcuts.group.screens": "Screens",
  "shortcuts.group.chat": "Chat",
  "shortcuts.group.voices": "Voices",

  "shortcuts.help.title": "Keyboard shortcuts",
  "shortcuts.help.intro": "Shortcuts work inside this window only. Letters and symbols without Ctrl don't fire while you type.",
  "shortcuts.help.singleOff": "Single-key shortcuts are off (Settings → Keyboard).",
  "shortcuts.help.or": "or",
  "shortcuts.help.off": "off",

  "shortcuts.palette.title": "Commands",
  "shortcuts.palette.label": "Type a command",
  "shortcuts.palette.placeholder": "Type a command or a screen, in English or Chinese",
  "shortcuts.palette.empty": "No command matches.",
  "shortcuts.palette.results": "{n} {n:command|commands}",

  "shortcuts.settings.title": "Keyboard",
  "shortcuts.settings.singleKeys": "Single-key shortcuts",
  "shortcuts.settings.singleKeysHint":
    "? shows the shortcuts, / searches, c writes a message, k plays or pauses. Turn them off if you use speech input or press keys by accident; shortcuts with Ctrl stay on.",
  "shortcuts.settings.showAll": "Show all shortcuts",
} as const;

export const zhCN: Record<keyof typeof en, string> = {
  "shortcuts.cmd.palette": "打开命令面板",
  "shortcuts.cmd.help": "查看快捷键",
  "shortcuts.cmd.goTo": "前往{screen}",
  "shortcuts.cmd.payer": "切换计费账户",
  "shortcuts.cmd.presenting": "开启或关闭演示模式",
  "shortcuts.cmd.chatNew": "新对话",
  "shortcuts.cmd.chatFocus": "输入消息",
  "shortcuts.cmd.chatStop": "停止回复",
  "shortcuts.cmd.chatRegenerate": "重新生成最后一条回复",
  "shortcuts.cmd.chatSearch": "搜索对话",
  "shortcuts.cmd.voicesSynthesize": "合成",
  "shortcuts.cmd.voicesPlay": "播放或暂停",
  "shortcuts.cmd.voicesSearch": "搜索音色",

  "shortcuts.group.general": "通用",
  "shortcuts.group.screens": "页面",
  "shortcuts.group.chat": "对话",
  "shortcuts.group.voices": "音色",

  "shortcuts.help.title": "键盘快捷键",
  "shortcuts.help.intro": "快捷键只在本窗口内有效。不带 Ctrl 的字母和符号在你输入文字时不会触发。",
  "shortcuts.help.singleOff": "单键快捷键已关闭（设置 → 键盘）。",
  "shortcuts.help.or": "或",
  "shortcuts.help.off": "已关闭",

  "shortcuts.palette.title": "命令",
  "shortcuts.palette.label": "输入命令",
  "shortcuts.palette.placeholder": "输入命令或页面名称，中英文均可",
  "shortcuts.palette.empty": "没有匹配的命令。",
  "shortcuts.palette.results": "{n} 条命令",

  "shortcuts.settings.title": "键盘",
  "shortcuts.settings.singleKeys": "单键快捷键",
  "shortcuts.settings.singleKeysHint":
    "? 查看快捷键，/ 搜索，C 输入消息，K 播放或暂停。如果你使用语音输入或容易误触按键，可以关闭它们；带 Ctrl 的快捷键不受影响。",
  "shortcuts.settings.showAll": "查看全部快捷键",
};
