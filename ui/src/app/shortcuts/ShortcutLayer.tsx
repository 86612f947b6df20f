// The shell's part of the shortcuts: the one keydown listener (on this window only, never
// the operating system's), the commands every screen shares (help, palette, going to a
// screen) and the two overlays.

import { useEffect, useLayoutEffect, useState } from "preact/hooks";

import type { ScreenId } from "../screens";
import { CommandPalette } from "./CommandPalette";
import type { CommandId } from "./commands";
import { handleShortcut, runCommand, setShell, useCommand } from "./registry";
import { ShortcutHelp } from "./ShortcutHelp";

function ScreenCommand(props: { screen: ScreenId; navigate: (screen: ScreenId) => void }) {
  useCommand(`screen.${props.screen}`, () => props.navigate(props.screen));
  return null;
}

const SCREENS: readonly ScreenId[] = ["account", "models", "chat", "voices", "balances", "agents", "check", "settings"];

export function ShortcutLayer(props: { screen: ScreenId; navigate: (screen: ScreenId) => void }) {
  const [open, setOpen] = useState<"help" | "palette" | null>(null);
  // Before the screens' effects, so a command they provide on mount knows where it is.
  useLayoutEffect(() => setShell({ screen: props.screen, navigate: props.navigate }), [props.screen, props.navigate]);

  useEffect(() => {
    window.addEventListener("keydown", handleShortcut);
    return () => {
      window.removeEventListener("keydown", handleShortcut);
      setShell(null);
    };
  }, []);

  useCommand("help", () => setOpen("help"));
  useCommand("palette", () => setOpen("palette"));

  // The palette closes first (focus goes back where it was), then the command runs.
  const run = (id: CommandId) => {
    setOpen(null);
    window.setTimeout(() => runCommand(id), 0);
  };

  return (
    <>
      {SCREENS.map((screen) => (
        <ScreenCommand key={screen} screen={screen} navigate={props.navigate} />
      ))}
      {open === "help" && <ShortcutHelp onClose={() => setOpen(null)} />}
      {open === "palette" && <CommandPalette onClose={() => setOpen(null)} onRun={run} />}
    </>
  );
}
