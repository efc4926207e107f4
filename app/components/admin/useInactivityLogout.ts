import { useSubmit } from "@remix-run/react";
import { useEffect } from "react";

const KEEPALIVE_EVERY_MS = 60_000;

/**
 * SPEC §4: after `timeoutMs` without a mouse move or key press, sign out and land on
 * /admin/login with 'Logged out due to inactivity.'. While the admin is active, a light
 * keep-alive at most once a minute slides the server's idle timeout along with this one.
 */
export function useInactivityLogout(timeoutMs: number) {
  const submit = useSubmit();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let lastPing = Date.now();
    const expire = () => submit({ reason: "inactivity" }, { method: "post", action: "/admin/logout" });
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, timeoutMs);
      if (Date.now() - lastPing > KEEPALIVE_EVERY_MS) {
        lastPing = Date.now();
        fetch("/admin/keepalive", { method: "POST", credentials: "same-origin" }).catch(() => undefined);
      }
    };
    const events = ["mousemove", "keydown", "touchstart"] as const;
    for (const e of events) window.addEventListener(e, reset, { passive: true });
    reset();
    return () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, reset);
    };
  }, [submit, timeoutMs]);
}
