// "Copy as curl": the command that repeats a request the app sent, for a tester's bug
// report. The core composes the text (`copy_request`): the exact request, `$XIAOYA_TOKEN`
// where the token goes, a first comment line with the request id, time, who paid and what
// it charged. The text is fetched before the click, so the copy runs within the click itself
// (the clipboard refuses a write that comes after an await); copyText masks it while
// presenting, like every copy.

import { useEffect, useState } from "preact/hooks";

import { Button, Select, toast } from "../components";
import { errorMessage, t } from "../i18n";
import { type CurlShell, copyRequest, type RequestCopyTarget, toAppError } from "../ipc";
import { copyText } from "./clipboard";
import { atom, useStore } from "./store";

const SHELL_KEY = "xiaoya.curlShell";
const SHELLS: readonly CurlShell[] = ["bash", "powerShell", "httpie"];

function savedShell(): CurlShell {
  try {
    const saved = localStorage.getItem(SHELL_KEY);
    return SHELLS.find((s) => s === saved) ?? "bash";
  } catch {
    return "bash";
  }
}

/** The shell the copies are made for: bash by default, the last choice kept. */
export const curlShell = atom<CurlShell>(savedShell());

export function chooseCurlShell(shell: CurlShell) {
  curlShell.set(shell);
  try {
    localStorage.setItem(SHELL_KEY, shell);
  } catch {
    // Kept for this run only.
  }
}

function shellLabel(shell: CurlShell): string {
  switch (shell) {
    case "bash":
      return t("curl.bash");
    case "powerShell":
      return t("curl.powerShell");
    case "httpie":
      return t("curl.httpie");
  }
}

export function CopyAsCurl(props: { target: RequestCopyTarget; testid: string }) {
  const shell = useStore(curlShell);
  // The text and the shell it was made for (a change of shell is fetched anew).
  const [loaded, setLoaded] = useState<{ shell: CurlShell; text: string } | null>(null);
  const key = JSON.stringify(props.target);
  // Fetched again when the target (by value: the object is new on every render) or the shell changes.
  useEffect(() => {
    let live = true;
    setLoaded(null);
    copyRequest(props.target, shell).then(
      (text) => live && setLoaded({ shell, text }),
      () => live && setLoaded(null),
    );
    return () => {
      live = false;
    };
  }, [key, shell]);

  const copy = async () => {
    let copied = loaded?.shell === shell ? loaded.text : null;
    if (copied === null) {
      try {
        copied = await copyRequest(props.target, shell);
      } catch (err) {
        toast({ tone: "error", title: t("curl.failed"), body: errorMessage(toAppError(err).code) });
        return;
      }
    }
    await copyText(copied, { title: t("curl.copied"), body: t("curl.copiedBody"), failed: t("curl.failed") });
  };

  return (
    <span class="copy-curl" data-testid={props.testid} data-ready={loaded?.shell ?? ""}>
      <Button size="sm" icon="copy" data-testid={`${props.testid}-copy`} onClick={() => void copy()}>
        {t("curl.copy")}
      </Button>
      <Select
        class="copy-curl__shell"
        aria-label={t("curl.shell")}
        title={t("curl.shell")}
        data-testid={`${props.testid}-shell`}
        value={shell}
        options={SHELLS.map((s) => ({ value: s, label: shellLabel(s) }))}
        onValue={chooseCurlShell}
      />
    </span>
  );
}
