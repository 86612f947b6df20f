/** The host of an origin as shown to people: `https://a.example:8443` → `a.example:8443`. */
export function displayHost(origin: string): string {
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin;
  }
}
