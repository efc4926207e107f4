import { useEffect, useRef, useState } from "react";
import { carSearchName } from "~/lib/car-seo";
import { type ShareCar, sharedCarUrl, shareText, whatsappShareHref } from "~/lib/share-links";
import classes from "./ShareButtons.module.css";

/**
 * Share a car in one tap: WhatsApp (wa.me with the car's title, price and address), copy the link,
 * and the phone's own share sheet (navigator.share) where the browser has one. Plain HTML first:
 * without JavaScript, the WhatsApp link works and the link to copy sits in a read-only field;
 * JavaScript only adds the copy button and the share sheet. Each link carries its utm_source.
 * `compact`: folded behind one "Share" button (a row of the stock list).
 */
export function ShareButtons({ car, origin, compact = false }: { car: ShareCar; origin: string; compact?: boolean }) {
  // Until hydrated (and without JavaScript) the plain HTML version; then what this browser can do.
  const [browser, setBrowser] = useState<{ canShare: boolean } | null>(null);
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const field = useRef<HTMLInputElement>(null);
  const copyUrl = sharedCarUrl(origin, car, "copy");
  useEffect(() => setBrowser({ canShare: typeof navigator.share === "function" }), []);
  const hydrated = browser !== null;
  useEffect(() => {
    if (copied === "failed") field.current?.select();
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copyUrl);
      setCopied("yes");
    } catch {
      setCopied("failed"); // no clipboard (plain http): show the field, selected, to copy by hand
    }
  };
  const share = () => {
    navigator
      .share({ title: carSearchName(car), text: shareText(car), url: sharedCarUrl(origin, car, "share") })
      .catch(() => {}); // closed without sharing
  };
  const showField = !hydrated || copied === "failed";

  const actions = (
    <div className={classes.actions}>
      <a
        className={`${classes.action} ${classes.whatsapp}`}
        href={whatsappShareHref(origin, car)}
        target="_blank"
        rel="noopener noreferrer"
      >
        WhatsApp
      </a>
      {hydrated ? (
        <button type="button" className={classes.action} onClick={copy} aria-live="polite">
          {copied === "yes" ? "Link copied" : "Copy link"}
        </button>
      ) : null}
      {browser?.canShare ? (
        <button type="button" className={classes.action} onClick={share}>
          More apps…
        </button>
      ) : null}
      {showField ? (
        <label className={classes.field}>
          <span>{hydrated ? "Copy this link" : "Link to copy"}</span>
          <input ref={field} readOnly value={copyUrl} onFocus={(e) => e.currentTarget.select()} />
        </label>
      ) : null}
    </div>
  );
  if (compact) {
    return (
      <details className={classes.menu} data-testid="share">
        <summary aria-label={`Share ${carSearchName(car)}`}>Share</summary>
        <div className={classes.panel}>{actions}</div>
      </details>
    );
  }
  return (
    <section className={classes.share} aria-label={`Share ${carSearchName(car)}`} data-testid="share">
      <span className={classes.label}>Share</span>
      {actions}
    </section>
  );
}
