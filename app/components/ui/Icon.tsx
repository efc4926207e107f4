import type { ReactNode } from "react";

/**
 * A line icon on a 24-unit grid, drawn in the text's colour and hidden from screen readers (the
 * words beside it, or its control's label, say what it means).
 */
export function LineIcon({
  size = 18,
  strokeWidth = 2,
  round = false,
  children,
}: {
  size?: number;
  strokeWidth?: number;
  /** Round line ends. */
  round?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap={round ? "round" : undefined}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** The three lines of a menu button. */
export function MenuIcon() {
  return (
    <LineIcon size={22} round>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </LineIcon>
  );
}
