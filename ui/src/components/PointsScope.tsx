// One screen, one number of decimals for points (the rule: format/points.ts). A screen
// wraps what it shows in <PointsScope>; each part formats its amounts with
// `usePoints(amounts)`, which reports how precise they are and formats with the most
// precise the screen has seen. <PointsNote> says so where amounts are fractional.

import { type ComponentChildren, createContext } from "preact";
import { useCallback, useContext, useEffect, useMemo, useState } from "preact/hooks";

import { formatPoints, POINT_PLACES, pointsPlaces } from "../format/points";
import { t } from "../i18n";

interface Scope {
  places: number;
  report: (places: number) => void;
}

const PointsContext = createContext<Scope | null>(null);

/** The screen's scope: key it by context so another context starts from whole points. */
export function PointsScope(props: { children?: ComponentChildren }) {
  const [places, setPlaces] = useState(0);
  const report = useCallback((seen: number) => setPlaces((now) => Math.max(seen, now)), []);
  const scope = useMemo(() => ({ places, report }), [places, report]);
  return <PointsContext.Provider value={scope}>{props.children}</PointsContext.Provider>;
}

export type PointsFormatter = (text: string, options?: { signed?: boolean }) => string;

/**
 * A formatter for the amounts a part shows (list them all: they decide its decimals
 * before the screen's are known), padded to the places of its screen.
 */
export function usePoints(amounts: readonly (string | null | undefined)[]): PointsFormatter {
  const scope = useContext(PointsContext);
  const own = pointsPlaces(amounts);
  const report = scope?.report;
  useEffect(() => report?.(own), [report, own]);
  const places = Math.max(own, scope?.places ?? 0);
  return useCallback((text, options = {}) => formatPoints(text, { ...options, places }), [places]);
}

/** "Points can be fractional here…", shown only once the screen has a fractional amount. */
export function PointsNote(props: { class?: string }) {
  const scope = useContext(PointsContext);
  if (!scope || scope.places === 0) return null;
  return (
    <p class={props.class ?? "points-note"} data-testid="points-fraction-note">
      {t("points.fractionNote", { places: scope.places === POINT_PLACES ? "0.001" : `0.${"0".repeat(scope.places - 1)}1` })}
    </p>
  );
}
