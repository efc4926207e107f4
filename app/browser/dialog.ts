/**
 * A native modal <dialog> opened by a page without React: showModal(), remembering what had the
 * focus. Every way it closes (Escape, a close button calling close(), a click on the backdrop)
 * ends in its `close` event, which calls `onClose` and puts the focus back where it was.
 */
export function openModal(dialog: HTMLDialogElement, onClose: () => void): void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const closed = () => {
    dialog.removeEventListener("close", closed);
    dialog.removeEventListener("click", backdrop);
    onClose();
    if (opener?.isConnected && !dialog.contains(document.activeElement)) opener.focus({ preventScroll: true });
  };
  // A click outside the dialog's box (on the backdrop) closes it.
  const backdrop = (e: MouseEvent) => {
    if (e.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
    if (!inside) dialog.close();
  };
  dialog.addEventListener("close", closed);
  dialog.addEventListener("click", backdrop);
  dialog.showModal();
}

let entries = 0;

/**
 * Makes an open modal a history entry (at `url`, the current address by default): Back closes it
 * and leaves the page under it as it was (its address, its scroll), and closing it any other way
 * (Close, Escape, the backdrop) goes back, so no stray entry is left behind. Call it after
 * openModal: the close event's own handler runs first.
 */
export function historyEntry(dialog: HTMLDialogElement, url = window.location.href): void {
  const token = `modal-${++entries}`;
  const state = window.history.state;
  window.history.pushState({ ...(state && typeof state === "object" ? state : {}), modal: token }, "", url);
  const mine = () => (window.history.state as { modal?: string } | null)?.modal === token;
  const onPop = () => {
    if (!mine() && dialog.open) dialog.close();
  };
  const closed = () => {
    dialog.removeEventListener("close", closed);
    window.removeEventListener("popstate", onPop);
    if (mine()) window.history.back();
  };
  window.addEventListener("popstate", onPop);
  dialog.addEventListener("close", closed);
}

/** Calls `go` on a mostly sideways swipe of 40 px or more across `el`: 1 to the left, -1 to the right. */
export function onSwipe(el: HTMLElement, go: (step: 1 | -1) => void): void {
  let start: { x: number; y: number } | null = null;
  // A mouse dragging the photo would start the browser's own drag of the image instead.
  el.addEventListener("dragstart", (e) => e.preventDefault());
  el.addEventListener("pointerdown", (e) => {
    start = { x: e.clientX, y: e.clientY };
  });
  el.addEventListener("pointerup", (e) => {
    const from = start;
    start = null;
    if (!from) return;
    const dx = e.clientX - from.x;
    if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(e.clientY - from.y)) go(dx < 0 ? 1 : -1);
  });
}
