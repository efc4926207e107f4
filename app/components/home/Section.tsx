import type { ReactNode } from "react";
import { LazyHydrate } from "../LazyHydrate";
import { Container, ui } from "../ui/Container";
import classes from "./home.module.css";

/**
 * A home page section: eyebrow, heading, optional action on the right, then its content; hydrated
 * when the visitor comes near it (LazyHydrate).
 */
export function Section({
  id,
  eyebrow,
  title,
  action,
  children,
  tinted = false,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <LazyHydrate
      as="section"
      id={id}
      className={classes.section}
      data-tinted={tinted || undefined}
      aria-labelledby={id ? `${id}-title` : undefined}
    >
      <Container>
        <div className={classes.sectionHead}>
          <div>
            {eyebrow ? <p className={ui.eyebrow}>{eyebrow}</p> : null}
            <h2 id={id ? `${id}-title` : undefined} className={classes.sectionTitle}>
              {title}
            </h2>
          </div>
          {action}
        </div>
        {children}
      </Container>
    </LazyHydrate>
  );
}
