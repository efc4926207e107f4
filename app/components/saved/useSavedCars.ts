import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { mergeCarIds, parseCarIds, toggleCarId } from "~/lib/saved-cars";

/**
 * The saved cars (the heart). With JavaScript they live in this browser's storage, so saving
 * needs no request and every page stays the same for every visitor (cacheable). Without
 * JavaScript the heart posts to /saved, which keeps the list in a cookie; the root loader reads it
 * back (`saved`), so the server can draw those hearts filled. During hydration the hearts show
 * what the server drew, then this browser's list.
 */

const STORAGE_KEY = "saved-cars";
const listeners = new Set<() => void>();

function readStorage(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    return ""; // storage blocked (private mode, settings): nothing saved
  }
}

function writeStorage(ids: readonly number[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, ids.join(","));
  } catch {
    /* storage blocked: the heart still toggles for this page view */
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab saved or removed a car.
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The ids the server read from the no-JavaScript cookie (the root loader's `saved`). */
function useCookieIds(): number[] {
  const root = useRouteLoaderData("root") as { saved?: number[] } | undefined;
  return root?.saved ?? [];
}

export interface SavedCars {
  /** Saved car ids, oldest first. */
  ids: number[];
  /** False on the server and during hydration (the list is the cookie's), true once this browser's list is read. */
  ready: boolean;
  toggle: (id: number) => void;
}

export function useSavedCars(): SavedCars {
  const cookieIds = useCookieIds();
  const stored = useSyncExternalStore(subscribe, readStorage, () => null);
  const ids = useMemo(() => (stored === null ? cookieIds : parseCarIds(stored)), [stored, cookieIds]);
  const toggle = useCallback((id: number) => writeStorage(toggleCarId(parseCarIds(readStorage()), id)), []);
  return { ids, ready: stored !== null, toggle };
}

/**
 * A visitor who saved cars before JavaScript ran (a tap before the page was ready, or a browser
 * with it off) has them in the cookie: once JavaScript runs they move into this browser's list
 * and the cookie is dropped, so the visitor gets cached pages again. Used once, in the root.
 */
export function useAdoptSavedCookie(): void {
  const cookieIds = useCookieIds();
  const { submit } = useFetcher();
  const key = cookieIds.join(",");
  useEffect(() => {
    if (!key) return;
    writeStorage(mergeCarIds(parseCarIds(readStorage()), parseCarIds(key)));
    submit({ intent: "forget" }, { method: "post", action: "/saved" });
  }, [key, submit]);
}
