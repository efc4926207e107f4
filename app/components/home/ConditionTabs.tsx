import { Link, useLocation } from "@remix-run/react";
import { CONDITION_TABS } from "~/lib/home-options";
import classes from "./home.module.css";

/** New / Foreign Used / Nigerian Used as links (?condition=...), so they work without JavaScript. */
export function ConditionTabs({ current }: { current: string }) {
  const location = useLocation();
  const href = (value: string) => {
    const params = new URLSearchParams(location.search);
    if (value === "new") params.delete("condition");
    else params.set("condition", value);
    const qs = params.toString();
    return `/${qs ? `?${qs}` : ""}#conditions`;
  };
  return (
    <nav className={classes.tabs} aria-label="Car condition">
      {CONDITION_TABS.map((t) => (
        <Link
          key={t.value}
          to={href(t.value)}
          aria-current={t.value === current ? "true" : undefined}
          className={classes.tab}
          preventScrollReset
          replace
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
