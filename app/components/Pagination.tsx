import { Link, useLocation } from "@remix-run/react";
import classes from "./Pagination.module.css";

/** Page numbers to show: all when few, else first, last and a window around the current one. */
function pageItems(page: number, pageCount: number): (number | "gap")[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const out: (number | "gap")[] = [1];
  const from = Math.max(2, page - 1);
  const to = Math.min(pageCount - 1, page + 1);
  if (from > 2) out.push("gap");
  for (let i = from; i <= to; i++) out.push(i);
  if (to < pageCount - 1) out.push("gap");
  out.push(pageCount);
  return out;
}

/**
 * Numbered pagination as plain links (?page=N, other parameters kept), so it works without
 * JavaScript; with it, Remix navigates and scrolls to the top.
 */
export function Pagination({ page, pageCount, label = "Pages" }: { page: number; pageCount: number; label?: string }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  return (
    <nav aria-label={label}>
      <div className={classes.list}>
        {page > 1 ? (
          <Link to={href(page - 1)} className={classes.item} aria-label="Previous page">
            ‹
          </Link>
        ) : null}
        {pageItems(page, pageCount).map((n, i, items) =>
          n === "gap" ? (
            // A gap sits between two page numbers: the one before it names it.
            <span key={`gap-after-${items[i - 1]}`} className={classes.gap} aria-hidden="true">
              …
            </span>
          ) : (
            <Link
              key={n}
              to={href(n)}
              className={classes.item}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
            >
              {n}
            </Link>
          ),
        )}
        {page < pageCount ? (
          <Link to={href(page + 1)} className={classes.item} aria-label="Next page">
            ›
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
