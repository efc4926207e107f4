import { type MouseEvent, type ReactNode, useEffect, useId, useRef } from "react";
import classes from "./Dialog.module.css";

export function CloseIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 15 15" aria-hidden="true" fill="currentColor">
      <path
        d={[
          "M11.78 4.03a.75.75 0 0 0-1.06-1.06L7.5 6.19 4.28 2.97a.75.75 0 0 0-1.06 1.06L6.44 7.25",
          "3.22 10.47a.75.75 0 1 0 1.06 1.06L7.5 8.31l3.22 3.22a.75.75 0 1 0 1.06-1.06L8.56 7.25l3.22-3.22z",
        ].join(" ")}
      />
    </svg>
  );
}

/**
 * Drives a native <dialog> from `open`: showModal() when it becomes true (remembering what had
 * focus), close() when it becomes false. Every way it closes (Escape, the close button, a click
 * on the backdrop, `open` turning false) ends in the dialog's `close` event, which calls
 * `onClose` and puts the focus back on the element that opened it.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.matches(":modal")) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // Rendered open on the server (works without JavaScript): reopen it as a modal.
      if (dialog.open) dialog.close();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      // The close() that turns a server-rendered open dialog into a modal: it is open again.
      if (dialog.open) return;
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected && !dialog.contains(document.activeElement)) back.focus({ preventScroll: true });
      onCloseRef.current();
    };
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, []);

  /** On the dialog element: a click outside its box (on the backdrop) closes it. */
  const onBackdropClick = (e: MouseEvent<HTMLDialogElement>) => {
    const dialog = e.currentTarget;
    if (e.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
    if (!inside) dialog.close();
  };

  return { ref, onBackdropClick, close: () => ref.current?.close() };
}

/** A modal dialog with a title bar (h2) and a "Close" button; see useModalDialog. */
export function Dialog({
  open,
  onClose,
  title,
  children,
  className,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const titleId = useId();
  const { ref, onBackdropClick, close } = useModalDialog(open, onClose);
  return (
    /* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; keyboards have Escape
       and Close */
    <dialog
      ref={ref}
      className={className ? `${classes.dialog} ${className}` : classes.dialog}
      aria-labelledby={titleId}
      onClick={onBackdropClick}
      data-testid={testId}
    >
      {open ? (
        <div className={classes.frame}>
          <div className={classes.head}>
            <h2 id={titleId} className={classes.title}>
              {title}
            </h2>
            <button type="button" className={classes.close} onClick={close} aria-label="Close">
              <CloseIcon />
            </button>
          </div>
          <div className={classes.body}>{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
