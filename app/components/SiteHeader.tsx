import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { type Business, initials, showPhone, telHref, useBusiness } from "~/lib/business";
import { imageVariant } from "~/lib/images";
import { isSiteOrHttpsLink, isSiteRelativeLink } from "~/lib/links";
import { LazyHydrate } from "./LazyHydrate";
import { NAV_LINKS } from "./nav-links";
import classes from "./SiteHeader.module.css";
import { MenuIcon } from "./ui/Icon";

function TopStrip() {
  const business = useBusiness();
  return (
    <div className={classes.strip}>
      <div className={classes.stripInner}>
        <div className={classes.stripGroup}>
          <a href={`mailto:${business.email}`} className={classes.wide}>
            ✉ {business.email}
          </a>
          {business.phones.map((p, i) => (
            <a key={p} href={telHref(p)} className={i ? classes.wide : undefined}>
              ☎ {showPhone(p)}
            </a>
          ))}
        </div>
        {business.socials.length > 0 ? (
          <nav className={`${classes.stripGroup} ${classes.wide}`} aria-label="Social networks">
            {business.socials.map((s) => (
              <a key={s.url} href={s.url} rel="noopener noreferrer" target="_blank">
                {s.name}
              </a>
            ))}
          </nav>
        ) : null}
      </div>
    </div>
  );
}

/** The dealer's one-line promotion above every public page (none when the setting is empty). */
function PromotionBar({ promotion }: { promotion: Business["promotion"] }) {
  if (!promotion?.text) return null;
  return (
    <p className={classes.promotion} data-testid="promotion">
      {promotion.url && isSiteOrHttpsLink(promotion.url) ? (
        <a href={promotion.url} rel={isSiteRelativeLink(promotion.url) ? undefined : "noopener noreferrer"}>
          {promotion.text} →
        </a>
      ) : (
        promotion.text
      )}
    </p>
  );
}

/** The logo the dealer uploaded, else their initials on the brand colours. */
function BrandMark({ business, className }: { business: Business; className: string }) {
  if (business.logo) {
    return (
      <img src={imageVariant(business.logo, "thumb")} alt="" className={classes.logoImage} width={36} height={36} />
    );
  }
  return (
    <span className={className} aria-hidden="true">
      {initials(business.name)}
    </span>
  );
}

export function SiteHeader() {
  const business = useBusiness();
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
      <PromotionBar promotion={business.promotion} />
      <TopStrip />
      <nav className={classes.bar} aria-label="Main">
        <div className={classes.barInner}>
          <Link to="/" className={classes.logo} prefetch="intent">
            <BrandMark business={business} className={classes.logoMark} />
            <span>{business.name}</span>
          </Link>
          {/* Hidden on phones (the menu has them): hydrated only where they show. */}
          <LazyHydrate className={classes.links}>
            {NAV_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.to === "/"} className={classes.link} prefetch="intent">
                {l.label}
              </NavLink>
            ))}
          </LazyHydrate>
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
              <LazyHydrate className={classes.panel}>
                <div className={classes.panelHead}>
                  <strong>{business.name}</strong>
                </div>
                {NAV_LINKS.map((l) => (
                  <NavLink key={l.to} to={l.to} end={l.to === "/"} className={classes.link} onClick={close}>
                    {l.label}
                  </NavLink>
                ))}
              </LazyHydrate>
            </details>
          </div>
        </div>
      </nav>
    </header>
  );
}
