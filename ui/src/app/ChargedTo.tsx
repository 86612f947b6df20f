import { useEffect, useId, useRef, useState } from "preact/hooks";

import { Chip, toast } from "../components";
import { errorMessage, t } from "../i18n";
import { type SessionSummary, toAppError } from "../ipc";
import { ContextMenuAdd } from "./ContextMenuAdd";
import { ContextMenuItem } from "./ContextMenuItem";
import { useApp } from "./context";
import { onMenuKey } from "./menuKeys";
import { contextLabel, sessionsStore, useSessions } from "./sessions";
import { useCommand, useShortcutHint } from "./shortcuts/registry";

/**
 * "Charged to: …" in the header: who pays for requests right now. It opens a menu
 * (a menu button: arrows, Home/End, Esc) listing every signed-in session to switch
 * the paying context, and "Add a context…" which leads to the Account screen.
 */
export function ChargedTo() {
  const { navigate } = useApp();
  const { status, view } = useSessions();
  const active = view.sessions.find((s) => s.id === view.activeId) ?? null;
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const hintId = useId();

  const chip = () => wrap.current?.querySelector<HTMLButtonElement>(".charged-to") ?? null;
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>("[role^=menuitem]") ?? []);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) chip()?.focus();
  };

  // Opening moves focus into the menu (to the paying context); a click outside closes it.
  useEffect(() => {
    if (!open) return;
    const list = items();
    (list.find((el) => el.getAttribute("aria-checked") === "true") ?? list[0])?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onPointer);
    return () => document.removeEventListener("mousedown", onPointer);
  }, [open]);

  const hint = useShortcutHint("payer.switch");
  // Ctrl+Shift+C opens the menu, as the chip does: who pays changes only when a context is chosen.
  useCommand("payer.switch", () => setOpen(true));

  const onMenuKeyDown = (event: KeyboardEvent) => onMenuKey(event, items(), close, setOpen);

  const onChipKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
    }
  };

  const choose = async (session: SessionSummary) => {
    close(true);
    if (session.id === view.activeId) return;
    try {
      await sessionsStore.activate(session.id);
    } catch (err) {
      toast({ tone: "error", title: t("chargedTo.switchFailed"), body: errorMessage(toAppError(err).code) });
    }
  };

  const who = active
    ? contextLabel(active)
    : status === "loading"
      ? t("chargedTo.checking")
      : view.payerNotChosen
        ? t("payer.chip")
        : t("chargedTo.notSignedIn");

  return (
    <div class="charged-to-wrap" ref={wrap}>
      <Chip
        icon={active?.context.kind === "team" ? "team" : "user"}
        iconAfter="chevronDown"
        tone={active ? "accent" : view.payerNotChosen ? "warning" : "neutral"}
        class="charged-to"
        data-testid="charged-to"
        data-context={active ? active.context.kind : view.payerNotChosen ? "unchosen" : "none"}
        aria-haspopup="menu"
        aria-expanded={open ? "true" : "false"}
        aria-controls={open ? menuId : undefined}
        aria-describedby={hintId}
        aria-keyshortcuts={hint["aria-keyshortcuts"]}
        title={`${t("chargedTo.chip", { who })}\n${t("chargedTo.hint")}${hint.suffix}`}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onChipKeyDown}
      >
        {t("chargedTo.chip", { who })}
      </Chip>
      <span id={hintId} class="sr-only">
        {t("chargedTo.hint")}
      </span>
      {open && (
        <div
          ref={menu}
          id={menuId}
          class="menu context-menu"
          role="menu"
          aria-label={t("chargedTo.menuLabel")}
          data-testid="context-menu"
          onKeyDown={onMenuKeyDown}
        >
          <p class="menu__label" aria-hidden="true">
            {view.sessions.length > 0 ? t("chargedTo.menuLabel") : t("chargedTo.menuEmpty")}
          </p>
          {view.sessions.map((session) => (
            <ContextMenuItem
              key={session.id}
              session={session}
              checked={session.id === view.activeId}
              onChoose={() => void choose(session)}
            />
          ))}
          <hr class="menu__separator" />
          <ContextMenuAdd
            hasSessions={view.sessions.length > 0}
            onChoose={() => {
              close(false);
              navigate("account");
            }}
          />
        </div>
      )}
    </div>
  );
}
