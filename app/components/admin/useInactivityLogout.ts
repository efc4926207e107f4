import { useSubmit } from "@remix-run/react";
import { useEffect } from "react";

const KEEPALIVE_EVERY_MS = 60_000;

/**
 * After `timeoutMs` without a mouse move or key press, sign out and land on
 * /admin/login with 'Logged out due to inactivity.'. While the admin is active, a light
 * keep-alive at most once a minute slides the server's idle timeout along with this one. A
 * keep-alive is sent after (never only before) the latest activity, so the server never counts
 * the admin idle for longer than this timer does.
 */
export function useInactivityLogout(timeoutMs: number) {
  const submit = useSubmit();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let pingTimer: ReturnType<typeof setTimeout> | undefined;
    let lastPing = Date.now(); // loading the page touched the session
    const expire = () => submit({ reason: "inactivity" }, { method: "post", action: "/admin/logout" });
    const ping = () => {
      pingTimer = undefined;
      lastPing = Date.now();
      fetch("/admin/keepalive", { method: "POST", credentials: "same-origin" }).catch(() => undefined);
    };
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, timeoutMs);
      if (pingTimer) return; // a keep-alive is already due after this activity
      const wait = KEEPALIVE_EVERY_MS - (Date.now() - lastPing);
      if (wait <= 0) ping();
      else pingTimer = setTimeout(ping, wait);
    };
    const events = ["mousemove", "keydown", "touchstart"] as const;
    for (const e of events) window.addEventListener(e, reset, { passive: true });
    timer = setTimeout(expire, timeoutMs);
    return () => {
      clearTimeout(timer);
      clearTimeout(pingTimer);
      for (const e of events) window.removeEventListener(e, reset);
    };
  }, [submit, timeoutMs]);
}
