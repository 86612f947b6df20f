// Where a key moves the active row of a listbox of `count` rows: arrows by one, PageUp and
// PageDown by `page`, Home and End to the ends (undefined: the key does not move it).

export function keyTarget(key: string, activeIndex: number, count: number, page: number): number | undefined {
  const keys: Record<string, number> = {
    ArrowDown: activeIndex + 1,
    ArrowUp: activeIndex - 1,
    Home: 0,
    End: count - 1,
    PageDown: activeIndex + page,
    PageUp: activeIndex - page,
  };
  return keys[key];
}
