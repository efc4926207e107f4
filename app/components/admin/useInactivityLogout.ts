import { useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

const KEEPALIVE_EVERY_MS = 60_000;
/** The warning shows this long before the idle logout. */
const IDLE_WARNING_MS = 60_000;

/**
 * After `timeoutMs` without a mouse move, touch or key press, sign out and land on
 * /admin/login with 'Logged out due to inactivity.' (signing in again returns to this page); a
 * minute before, `warning` turns true so the
 * shell can offer "Stay signed in" (`stay()` counts as activity). Just before signing out the
 * window gets an `admin:idle-logout` event (an unsent car form keeps itself on the device). While
 * the admin is active, a light keep-alive at most once a minute slides the server's idle timeout
 * along with this one; it is sent after (never only before) the latest activity, so the server
 * never counts the admin idle for longer than this timer does.
 */
export function useInactivityLogout(timeoutMs: number) {
  const submit = useSubmit();
  const [warning, setWarning] = useState(false);
  const activity = useRef<() => void>(() => undefined);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let warnTimer: ReturnType<typeof setTimeout>;
    let pingTimer: ReturnType<typeof setTimeout> | undefined;
    let lastPing = Date.now(); // loading the page touched the session
    const expire = () => {
      window.dispatchEvent(new Event("admin:idle-logout"));
      const next = `${window.location.pathname}${window.location.search}`;
      submit({ reason: "inactivity", next }, { method: "post", action: "/admin/logout" });
    };
    const ping = () => {
      pingTimer = undefined;
      lastPing = Date.now();
      fetch("/admin/keepalive", { method: "POST", credentials: "same-origin" }).catch(() => undefined);
    };
    const arm = () => {
      clearTimeout(timer);
      clearTimeout(warnTimer);
      timer = setTimeout(expire, timeoutMs);
      warnTimer = setTimeout(() => setWarning(true), Math.max(0, timeoutMs - IDLE_WARNING_MS));
    };
    const reset = () => {
      setWarning(false);
      arm();
      if (pingTimer) return; // a keep-alive is already due after this activity
      const wait = KEEPALIVE_EVERY_MS - (Date.now() - lastPing);
      if (wait <= 0) ping();
      else pingTimer = setTimeout(ping, wait);
    };
    activity.current = () => {
      reset();
      if (pingTimer) {
        clearTimeout(pingTimer);
        ping(); // "Stay signed in" tells the server at once
      }
    };
    const events = ["mousemove", "keydown", "touchstart"] as const;
    for (const e of events) window.addEventListener(e, reset, { passive: true });
    arm();
    return () => {
      clearTimeout(timer);
      clearTimeout(warnTimer);
      clearTimeout(pingTimer);
      for (const e of events) window.removeEventListener(e, reset);
    };
  }, [submit, timeoutMs]);
  const stay = useCallback(() => activity.current(), []);
  return { warning, stay };
}
