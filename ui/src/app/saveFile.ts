// Saving a file with the system's save dialog, the same way from every screen: the core
// opens the dialog and writes the file (the window never sends a path); this says where
// the file went and offers "Show in folder", or says plainly why it couldn't be saved.

import { toast } from "../components";
import { errorMessage, t } from "../i18n";
import { type SavedFile, showInFolder, toAppError } from "../ipc";

/** A folder as the toast names it: its last part, or "your home folder" for a home folder, whose
 * name is the OS user's (it must not show on a projector). The whole path is on hover. */
export function folderName(folder: string): string {
  const parts = folder.split(/[\\/]+/).filter(Boolean);
  const home = parts.length === 2 && /^(home|Users)$/i.test(parts[0] ?? "");
  const windowsHome = parts.length === 3 && /^[A-Za-z]:$/.test(parts[0] ?? "") && /^Users$/i.test(parts[1] ?? "");
  if (home || windowsHome) return "";
  return parts[parts.length - 1] ?? folder;
}

function where(folder: string): string {
  const name = folderName(folder);
  return name ? t("save.where", { folder: name }) : t("save.whereHome");
}

/** Runs `save` (a `*_save` command) and tells the person what came of it. */
export async function saveWithDialog(save: () => Promise<SavedFile | null>): Promise<SavedFile | null> {
  let saved: SavedFile | null;
  try {
    saved = await save();
  } catch (err) {
    toast({ tone: "error", title: t("save.failed"), body: errorMessage(toAppError(err).code) });
    return null;
  }
  // Cancelled in the dialog: nothing to say.
  if (!saved) return null;
  const file = saved;
  toast({
    tone: "success",
    title: t("save.done", { name: file.fileName }),
    body: where(file.folder),
    bodyTitle: file.path,
    action: {
      label: t("save.showInFolder"),
      "data-testid": "saved-show-in-folder",
      onClick: () =>
        void showInFolder(file.path).catch((err: unknown) =>
          toast({ tone: "error", title: errorMessage(toAppError(err).code), body: where(file.folder), bodyTitle: file.path }),
        ),
    },
  });
  return file;
}
