import { type DragEvent, type PointerEvent, useRef } from "react";

/** A swipe across an element: left for the next photo, right for the previous (a mostly sideways move of 40 px). */
export function useSwipe(go: (step: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    // A mouse dragging the photo would start the browser's own drag of the image instead.
    onDragStart: (e: DragEvent) => e.preventDefault(),
    onPointerDown: (e: PointerEvent) => {
      start.current = { x: e.clientX, y: e.clientY };
    },
    onPointerUp: (e: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = e.clientX - from.x;
      if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(e.clientY - from.y)) go(dx < 0 ? 1 : -1);
    },
  };
}
