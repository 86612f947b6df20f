// The keys of the "Charged to" menu (a menu button's menu): arrows move with wrap-around,
// Home/End go to the ends, Esc closes and gives focus back to the chip, Tab leaves the
// menu the way Tab goes and it closes behind.

export function onMenuKey(event: KeyboardEvent, list: HTMLElement[], close: (refocus: boolean) => void, setOpen: (open: boolean) => void) {
  if (list.length === 0) return;
  const index = list.indexOf(document.activeElement as HTMLElement);
  const move = (next: number) => {
    event.preventDefault();
    list[(next + list.length) % list.length]?.focus();
  };
  switch (event.key) {
    case "ArrowDown":
      move(index + 1);
      break;
    case "ArrowUp":
      move(index - 1);
      break;
    case "Home":
      move(0);
      break;
    case "End":
      move(list.length - 1);
      break;
    case "Escape":
      event.preventDefault();
      event.stopPropagation();
      close(true);
      break;
    case "Tab":
      // Leave the menu the way Tab goes; it closes behind.
      setOpen(false);
      break;
  }
}
