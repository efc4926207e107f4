import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { site } from "~/config/site";
import { NAV_LINKS } from "./nav-links";
import classes from "./SiteHeader.module.css";

function MenuIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function TopStrip() {
  return (
    <div className={classes.strip}>
      <div className={classes.stripInner}>
        <div className={classes.stripGroup}>
          <a href={`mailto:${site.email}`} className={classes.wide}>
            ✉ {site.email}
          </a>
          {site.phones.map((p, i) => (
            <a key={p} href={`tel:${p.replace(/\s/g, "")}`} className={i ? classes.wide : undefined}>
              ☎ {p}
            </a>
          ))}
        </div>
        <nav className={`${classes.stripGroup} ${classes.wide}`} aria-label="Social networks">
          {site.socials.map((s) => (
            <a key={s.name} href={s.href} rel="noopener noreferrer" target="_blank">
              {s.name}
            </a>
          ))}
        </nav>
      </div>
    </div>
  );
}

export function SiteHeader() {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Close the side menu after any navigation (a click on one of its links, the back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs on every navigation on purpose
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);

  const close = () => {
    if (menu.current) menu.current.open = false;
  };

  return (
    <header>
      <TopStrip />
      <nav className={classes.bar} aria-label="Main">
        <div className={classes.barInner}>
          <Link to="/" className={classes.logo} prefetch="intent">
            <span className={classes.logoMark} aria-hidden="true">
              LP
            </span>
            <span>{site.name}</span>
          </Link>
          <div className={classes.links}>
            {NAV_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.to === "/"} className={classes.link} prefetch="intent">
                {l.label}
              </NavLink>
            ))}
          </div>
          <div className={classes.end}>
            <NavLink to="/saved" className={`${classes.link} ${classes.saved}`} prefetch="intent">
              <span aria-hidden="true" className={classes.savedHeart}>
                ♥
              </span>
              <span className={classes.savedText}>Saved</span>
            </NavLink>
            <details className={classes.menu} ref={menu}>
              {/* Open, the summary becomes the full-screen backdrop: a tap on it closes the menu, even without
                JavaScript. */}
              <summary aria-label="Menu">
                <span className={classes.openIcon}>
                  <MenuIcon />
                </span>
                <span className={classes.closeIcon} aria-hidden="true">
                  ✕
                </span>
              </summary>
              <div className={classes.panel}>
                <div className={classes.panelHead}>
                  <strong>{site.name}</strong>
                </div>
                {NAV_LINKS.map((l) => (
                  <NavLink key={l.to} to={l.to} end={l.to === "/"} className={classes.link} onClick={close}>
                    {l.label}
                  </NavLink>
                ))}
              </div>
            </details>
          </div>
        </div>
      </nav>
    </header>
  );
}
