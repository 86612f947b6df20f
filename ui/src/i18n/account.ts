// Strings for sessions that end by themselves, who pays next, and the redirect choices
// (issue 11). Spread into en.ts and zh-CN.ts beside it.

export const en = {
  "accountAccess.title": "Account details",
  "accountAccess.notGranted":
    "This permission was not granted: the app can't read your Personal account's details (storage limits, bring your own key, where your benefits come from).",
  "accountAccess.ask": "Ask for access to account details",
  "accountAccess.askHint":
    "Opens the consent page in your browser, asking for what this sign-in already has plus the permission for account details. Who is charged doesn't change.",
  "accountAccess.refusedTitle": "Access to account details was not granted",
  "accountAccess.refusedBody": "Your Personal sign-in is unchanged: it keeps the permissions it had.",
  "accountAccess.cancelled": "No longer asking for access to account details. Your Personal sign-in is unchanged.",
  "accountAccess.reading": "Reading your account details…",
  "accountAccess.failed": "Your account details could not be read",
  "accountAccess.readAgain": "Read again",
  "ended.title": "{context} sign-in ended",
  "ended.reason.expired": "Its 7 days ran out.",
  "ended.reason.rejected": "The platform no longer accepts this sign-in (it was revoked, or the account or Team membership changed).",
  "ended.reason.contextEnded":
    "The platform says this sign-in no longer belongs to {context}: the Team membership, role or context changed.",
  "ended.reason.tokenMissing": "Its sign-in is no longer in this computer's keychain.",
  "ended.platformCode": "Platform code: {code}",
  "ended.wasPaying": "It was paying for your requests. Nothing is charged until you choose who pays next.",
  "ended.signInAgain": "Sign in to {context} again",
  "ended.dismiss": "Dismiss",

  "payer.title": "Choose who pays",
  "payer.body": "The sign-in that paid has ended. Nothing is charged to anyone until you choose who pays next.",
  "payer.useFor": "Charge to {context}",
  "payer.chip": "choose who pays",
  "payer.chosen": "Requests are now charged to {context}",

  "pending.redirectSent": "Sign-in sent the redirect URI {uri}.",
  "pending.redirectHint":
    "If the platform says the return address doesn't match, the redirect URI registered for the client differs from this one.",

  "expired.title": "The sign-in expired",
  "expired.body":
    "The browser didn't come back to Xiaoya Companion within 10 minutes. Check that the redirect URI registered for the client is exactly the one this sign-in sent:",
  "expired.notListening.title": "The sign-in ended when the app restarted",
  "expired.notListening.body":
    "After the restart another program was using the port this sign-in sent, so the browser could no longer come back to Xiaoya Companion at:",
  "expired.diagnostics": "The sign-in diagnostics below show it too.",
  "expired.retry": "Sign in again",
  "expired.dismiss": "Dismiss",

  "diag.outcome.expired": "Expired",
  "diag.redirectKind": "Redirect",
  "diag.redirectKind.deepLink": "Custom scheme (deep link)",
  "diag.redirectKind.loopback": "Loopback (127.0.0.1, a port per sign-in)",
  "diag.redirectKind.httpsForwarded": "https page that forwards to xiaoya-companion://",
  "diag.redirectSent": "Redirect URI sent",

  "error.PAYER_NOT_CHOSEN": "The sign-in that paid has ended. Choose who pays before continuing.",
  "error.WORKFLOW_VERSION_REFUSED":
    "The platform refused the Team workflow version. Set the Team workflow version (Chat → Options) to one the platform accepts, such as a published version, then send the message again.",
  "workflow.openSetting": "Open the Team workflow version setting",
} as const;

export const zhCN: Record<keyof typeof en, string> = {
  "accountAccess.title": "账户详情",
  "accountAccess.notGranted": "未授予此权限：本应用无法读取你的个人账户详情（存储上限、自带密钥、权益来源）。",
  "accountAccess.ask": "请求访问账户详情",
  "accountAccess.askHint": "将在浏览器中打开授权页面，请求这次登录已有的权限以及“账户详情”。计费账户不会改变。",
  "accountAccess.refusedTitle": "未获得访问账户详情的权限",
  "accountAccess.refusedBody": "你的个人账户登录保持不变，原有权限仍然有效。",
  "accountAccess.cancelled": "已不再请求访问账户详情。你的个人账户登录保持不变。",
  "accountAccess.reading": "正在读取账户详情…",
  "accountAccess.failed": "无法读取账户详情",
  "accountAccess.readAgain": "重新读取",
  "ended.title": "{context}的登录已结束",
  "ended.reason.expired": "7 天有效期已到。",
  "ended.reason.rejected": "平台不再接受此登录（已被撤销，或账户、团队成员身份已变更）。",
  "ended.reason.contextEnded": "平台表示此登录已不属于{context}：团队成员身份、角色或上下文已变更。",
  "ended.reason.tokenMissing": "此登录已不在本机钥匙串中。",
  "ended.platformCode": "平台代码：{code}",
  "ended.wasPaying": "它曾为你的请求付费。在你选择由谁付费之前，不会向任何人收费。",
  "ended.signInAgain": "重新登录{context}",
  "ended.dismiss": "关闭",

  "payer.title": "选择由谁付费",
  "payer.body": "付费的登录已结束。在你选择由谁付费之前，不会向任何人收费。",
  "payer.useFor": "由{context}付费",
  "payer.chip": "请选择由谁付费",
  "payer.chosen": "请求现由{context}付费",

  "pending.redirectSent": "本次登录发送的回调地址：{uri}。",
  "pending.redirectHint": "如果平台提示返回地址不匹配，说明该客户端注册的回调地址与此不同。",

  "expired.title": "登录已过期",
  "expired.body": "浏览器未在 10 分钟内返回小雅助手。请检查该客户端注册的回调地址是否与本次登录发送的完全一致：",
  "expired.notListening.title": "应用重启后，本次登录已结束",
  "expired.notListening.body": "重启后，本次登录发送的端口已被其他程序占用，浏览器无法再返回小雅助手：",
  "expired.diagnostics": "下方的登录诊断中也会显示它。",
  "expired.retry": "重新登录",
  "expired.dismiss": "关闭",

  "diag.outcome.expired": "已过期",
  "diag.redirectKind": "回调方式",
  "diag.redirectKind.deepLink": "自定义协议（深层链接）",
  "diag.redirectKind.loopback": "回环地址（127.0.0.1，每次登录一个端口）",
  "diag.redirectKind.httpsForwarded": "转发到 xiaoya-companion:// 的 https 页面",
  "diag.redirectSent": "已发送的回调地址",

  "error.PAYER_NOT_CHOSEN": "付费的登录已结束。请先选择由谁付费再继续。",
  "error.WORKFLOW_VERSION_REFUSED":
    "平台拒绝了团队工作流版本。请将团队工作流版本（对话 → 选项）设置为平台接受的版本（例如已发布的版本），然后重新发送消息。",
  "workflow.openSetting": "打开团队工作流版本设置",
};
