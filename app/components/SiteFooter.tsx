import { Link } from "@remix-run/react";
import { hoursLines, useBusiness } from "~/lib/business";
import { imageVariant } from "~/lib/images";
import { LazyHydrate } from "./LazyHydrate";
import { NAV_LINKS } from "./nav-links";
import classes from "./SiteFooter.module.css";
import { Container } from "./ui/Container";

/** The footer of every public page, hydrated when the visitor scrolls down to it. */
export function SiteFooter() {
  const site = useBusiness();
  return (
    <LazyHydrate as="footer" className={classes.footer}>
      <Container className={classes.inner}>
        <div className={classes.grid}>
          <div className={classes.col}>
            <h2 className={classes.brand}>
              {site.logo ? (
                <img src={imageVariant(site.logo, "thumb")} alt="" className={classes.logo} width={40} height={40} />
              ) : null}
              {site.name}
            </h2>
            <p>New, foreign-used (Tokunbo) and Nigerian-used cars, sold in naira with flexible car financing.</p>
            <Link to="/financing" className={classes.financing}>
              Flexible car financing →
            </Link>
          </div>
          <div className={classes.col}>
            <h3 className={classes.heading}>After-sales services</h3>
            <ul>
              {site.afterSalesServices.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </div>
          <div className={classes.col}>
            <h3 className={classes.heading}>Visit us</h3>
            <p>Office: {site.area}</p>
            {hoursLines(site.hours).map((h) => (
              <p key={h.days}>
                {h.days}: {h.time}
              </p>
            ))}
          </div>
          <nav className={classes.col} aria-label="Footer">
            <h3 className={classes.heading}>Explore</h3>
            <ul>
              {NAV_LINKS.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
              <li>
                <a href={`mailto:${site.email}`}>{site.email}</a>
              </li>
            </ul>
          </nav>
        </div>
        <p className={classes.copy}>
          © {new Date().getFullYear()} {site.name}. All prices in Nigerian naira (₦).
        </p>
      </Container>
    </LazyHydrate>
  );
}
