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
/** This browser's list as stored, or null until it is read (see subscribe). */
let stored: string | null = null;

function readStorage(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    return ""; // storage blocked (private mode, settings): nothing saved
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

function writeStorage(ids: readonly number[]): void {
  stored = ids.join(",");
  try {
    window.localStorage.setItem(STORAGE_KEY, stored);
  } catch {
    /* storage blocked: the heart still toggles for this page view */
  }
  notify();
}

/**
 * The first heart on the page asks for the list, which is read once the browser is idle: a
 * phone's first read of its storage costs milliseconds the page's start should not wait for.
 */
function load(): void {
  if (stored !== null) return;
  stored = readStorage();
  notify();
}

function subscribe(listener: () => void): () => void {
  if (stored === null && listeners.size === 0) {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(load, { timeout: 1000 });
    else setTimeout(load, 200);
  }
  listeners.add(listener);
  // Another tab saved or removed a car.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEY && e.key !== null) return;
    stored = readStorage();
    listener();
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
  /** False on the server, during hydration and until the browser is idle (the list is the cookie's), then true. */
  ready: boolean;
  toggle: (id: number) => void;
}

export function useSavedCars(): SavedCars {
  const cookieIds = useCookieIds();
  const list = useSyncExternalStore(
    subscribe,
    () => stored,
    () => null,
  );
  const ids = useMemo(() => (list === null ? cookieIds : parseCarIds(list)), [list, cookieIds]);
  const toggle = useCallback((id: number) => writeStorage(toggleCarId(parseCarIds(readStorage()), id)), []);
  return { ids, ready: list !== null, toggle };
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
