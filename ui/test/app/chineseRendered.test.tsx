// #26 item 5: the Chinese window is whole. Components are rendered in 中文 and what a
// person reads (text, not tooltips) is scanned: no English word but names and codes, and
// no raw id the platform sends (scope ids, output types) where a name belongs. The ids
// stay available on hover, for testers.

import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { AppContext, type AppContextValue } from "../../src/app/context";
import { MissingScopes } from "../../src/features/account/MissingScopes";
import { SessionCard } from "../../src/features/account/SessionCard";
import { SessionScopes } from "../../src/features/account/SessionScopes";
import { ScopeMissing } from "../../src/features/balances/ScopeMissing";
import { receiptText } from "../../src/features/chat/format";
import { ReceiptDialog } from "../../src/features/chat/ReceiptDialog";
import { applyLocale } from "../../src/i18n";
import type { ChatMessage, ChatReceipt } from "../../src/ipc";
import { englishWords } from "../support/chineseText";
import { session } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

let root: HTMLElement;
mountRoot(
  (el) => {
    root = el;
    applyLocale("zh-CN");
  },
  () => applyLocale("en"),
);

/** Ids the platform sends that the window must name in words. */
const RAW_IDS = ["profile", "balance", "usage", "model", "team_read", "text", "json_object", "json_schema", "Personal"];

function rawIdsIn(text: string): string[] {
  return RAW_IDS.filter((id) => new RegExp(`(^|[^A-Za-z_])${id}($|[^A-Za-z_])`).test(text));
}

/** What a person reads: the text of `el` (tooltips are not text). */
function readable(el: Element): string {
  return el.textContent ?? "";
}

function receipt(patch: Partial<ChatReceipt> = {}): ChatReceipt {
  return {
    modelCode: "othan-2.0",
    contextKind: "personal",
    teamId: null,
    contextLabel: "Personal",
    requestId: "req_0001",
    platformRequestId: "req_0001",
    streamed: true,
    workflowVersionId: null,
    runId: null,
    nodeId: null,
    attempt: null,
    startedAt: Date.UTC(2026, 11, 3, 9, 30),
    timeToFirstTokenMs: 420,
    totalMs: 2300,
    usage: { promptTokens: 12, completionTokens: 30, totalTokens: 42 },
    chargedPoints: null,
    replayed: false,
    responseFormat: "text",
    ...patch,
  };
}

function message(r: ChatReceipt): ChatMessage {
  return {
    id: "m_1",
    conversationId: "c_1",
    role: "assistant",
    content: "你好",
    status: "complete",
    parentId: null,
    createdAt: r.startedAt,
    receipt: r,
    error: null,
    jsonCheck: null,
  };
}

function dialog(): HTMLElement {
  return findIn(document.body, "[data-testid=chat-receipt]");
}

describe("the chat receipt in Chinese", () => {
  it("names the payer 个人 and the output type 文本, with no English word or raw id", () => {
    act(() => render(<ReceiptDialog message={message(receipt())} onClose={() => {}} />, root));
    expect(findIn(document.body, "[data-testid=receipt-context]").textContent).toBe("个人");
    const format = findIn(document.body, "[data-testid=receipt-format]");
    expect(format.textContent).toBe("文本");
    expect(format.title).toBe("text");
    expect(englishWords(readable(dialog()))).toEqual([]);
    expect(rawIdsIn(readable(dialog()))).toEqual([]);
  });

  it("names a Team payer by the Team's name and a JSON reply in words", () => {
    const r = receipt({ contextKind: "team", teamId: "team_rd", contextLabel: "研发组", responseFormat: "json_object" });
    act(() => render(<ReceiptDialog message={message(r)} onClose={() => {}} />, root));
    expect(findIn(document.body, "[data-testid=receipt-context]").textContent).toBe("研发组");
    expect(findIn(document.body, "[data-testid=receipt-format]").textContent).toBe("JSON 对象");
    expect(englishWords(readable(dialog()))).toEqual([]);
    expect(rawIdsIn(readable(dialog()))).toEqual([]);
  });

  it("says what a reply cost, and why it has no number, in Chinese (issue 26)", () => {
    for (const cost of [
      { kind: "fromUsageCounter", points: "2" },
      { kind: "notReported", why: "otherCharges" },
      { kind: "notReported", why: "noUsageCounter" },
    ] as const) {
      act(() => render(<ReceiptDialog message={message(receipt({ cost }))} onClose={() => {}} />, root));
      expect(findIn(document.body, "[data-testid=receipt-cost]").textContent).toMatch(/积分|平台未报告/);
      expect(englishWords(readable(dialog()))).toEqual([]);
      act(() => render(null, root));
    }
  });

  it("copies the payer in Chinese too", () => {
    expect(receiptText(message(receipt()))).toContain("计费账户: 个人");
  });
});

describe("granted access in Chinese", () => {
  it("shows each scope by its name, the platform's id on hover", () => {
    act(() => render(<SessionScopes scopes={["profile", "balance", "usage", "model", "team_read"]} labelId="scopes" />, root));
    const list = findIn(root, "[data-testid=session-scopes]");
    const chips = Array.from(list.querySelectorAll<HTMLElement>(".scope-chip"));
    expect(chips.map((c) => c.firstElementChild?.textContent)).toEqual(["个人资料", "余额", "用量记录", "模型和音色", "团队信息"]);
    expect(chips.map((c) => c.title.split(" ")[0])).toEqual(["profile", "balance", "usage", "model", "team_read"]);
    expect(englishWords(readable(list))).toEqual([]);
    expect(rawIdsIn(readable(list))).toEqual([]);
  });

  it("a whole session card (a Team's, lacking usage and balance) reads in Chinese", () => {
    const team = session({
      id: "s_rd",
      displayName: "林小雅",
      context: { kind: "team", teamId: "team_rd", teamName: "研发组" },
      role: "member",
      grantedScopes: ["profile", "model", "team_read"],
    });
    act(() => render(<SessionCard session={team} active others={[]} />, root));
    const card = findIn(root, "[data-testid=session-card]");
    expect(card.textContent).toContain("团队信息");
    expect(card.textContent).toContain("余额");
    expect(englishWords(readable(card))).toEqual([]);
    expect(rawIdsIn(readable(card))).toEqual([]);
  });

  it("names what is missing in words on a session card and on Balances", () => {
    act(() => render(<MissingScopes unavailable={[{ feature: "chat", missing: ["model"] }]} />, root));
    const missing = findIn(root, "[data-testid=session-missing-scopes]");
    expect(missing.textContent).toContain("模型和音色");
    expect(englishWords(readable(missing))).toEqual([]);
    expect(rawIdsIn(readable(missing))).toEqual([]);

    const app = { navigate: () => {} } as unknown as AppContextValue;
    act(() =>
      render(
        <AppContext.Provider value={app}>
          <ScopeMissing scope="balance" who="个人" />
        </AppContext.Provider>,
        root,
      ),
    );
    const panel = findIn(root, "[data-testid=scope-missing]");
    expect(panel.textContent).toContain("“余额”");
    expect(englishWords(readable(panel))).toEqual([]);
    expect(rawIdsIn(readable(panel))).toEqual([]);
  });
});

describe("the scan", () => {
  it("finds raw ids and English where they slipped through", () => {
    expect(rawIdsIn("计费账户 Personal · 输出格式 text")).toEqual(["text", "Personal"]);
    expect(rawIdsIn("已授予的权限 profile team_read")).toEqual(["profile", "team_read"]);
    expect(englishWords("计费账户 Personal")).toEqual(["Personal"]);
  });
});

describe("in English", () => {
  it("the chips read as words too, the id on hover", () => {
    act(() => applyLocale("en"));
    act(() => render(<SessionScopes scopes={["model", "team_read", "charge"]} labelId="scopes" />, root));
    const chips = Array.from(root.querySelectorAll<HTMLElement>(".scope-chip"));
    expect(chips.map((c) => c.firstElementChild?.textContent)).toEqual(["Models and voices", "Team details", "charge"]);
    expect(chips.map((c) => c.title.split(" ")[0])).toEqual(["model", "team_read", "charge"]);
  });
});
