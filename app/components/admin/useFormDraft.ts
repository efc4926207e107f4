import { type RefObject, useCallback, useEffect, useState } from "react";

/**
 * An unsent form (a car, a lead's note) kept on this device (localStorage) while it is being filled, so a sign-out
 * for inactivity, a closed tab or a lost connection does not lose it: offered back the next time
 * the same form opens, removed once the car is saved. Text fields only (photos are not kept).
 */

interface Draft {
  savedAt: string;
  entries: [string, string][];
}

const IGNORED = new Set(["imageOrder", "removeImages", "move"]);

function read(key: string): Draft | null {
  try {
    const d = JSON.parse(localStorage.getItem(key) ?? "null");
    return d && Array.isArray(d.entries) && typeof d.savedAt === "string" ? d : null;
  } catch {
    return null;
  }
}

function snapshot(form: HTMLFormElement): [string, string][] {
  return [...new FormData(form).entries()].flatMap(([k, v]) =>
    typeof v === "string" && !IGNORED.has(k) ? [[k, v] as [string, string]] : [],
  );
}

export function useFormDraft(form: RefObject<HTMLFormElement>, key: string) {
  const [offer, setOffer] = useState<Draft | null>(null);

  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const initial = JSON.stringify(snapshot(el));
    const kept = read(key);
    if (kept && JSON.stringify(kept.entries) !== initial) setOffer(kept);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(timer);
      const entries = snapshot(el);
      if (JSON.stringify(entries) === initial) return;
      try {
        localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), entries }));
      } catch {
        /* storage full or refused: nothing to keep */
      }
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(save, 400);
    };
    el.addEventListener("input", later);
    el.addEventListener("change", later);
    window.addEventListener("pagehide", save);
    window.addEventListener("admin:idle-logout", save);
    return () => {
      clearTimeout(timer);
      el.removeEventListener("input", later);
      el.removeEventListener("change", later);
      window.removeEventListener("pagehide", save);
      window.removeEventListener("admin:idle-logout", save);
    };
  }, [form, key]);

  const restore = useCallback(() => {
    const el = form.current;
    if (!el || !offer) return;
    const values = new Map<string, string[]>();
    for (const [k, v] of offer.entries) values.set(k, [...(values.get(k) ?? []), v]);
    for (const input of Array.from(el.elements)) {
      if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement)) {
        if (input instanceof HTMLTextAreaElement && values.has(input.name))
          input.value = values.get(input.name)?.[0] ?? "";
        continue;
      }
      if (!input.name || IGNORED.has(input.name) || input.type === "file" || input.type === "hidden") continue;
      const kept = values.get(input.name) ?? [];
      if (input instanceof HTMLInputElement && (input.type === "checkbox" || input.type === "radio")) {
        // A click, not `checked =`: a radio group drawn by React (Financing, Registered) keeps its
        // choice in React's state, which a bare property change would not reach (it reverts it).
        if (input.checked !== kept.includes(input.value)) input.click();
      } else input.value = kept[0] ?? "";
    }
    setOffer(null);
  }, [form, offer]);

  const discard = useCallback(() => {
    localStorage.removeItem(key);
    setOffer(null);
  }, [key]);

  const clear = useCallback(() => localStorage.removeItem(key), [key]);
  return { offer, restore, discard, clear };
}
