import { useLocation } from "@remix-run/react";
import { hoursLines, showPhone, telHref, useBusiness } from "~/lib/business";
import { chatHref } from "~/lib/chat-link";
import { ButtonAnchor } from "../ui/Button";
import { panelClass } from "../ui/Container";
import classes from "./details.module.css";

/** The dealer's phone, WhatsApp chat, address and hours, beside a lead form. */
export function ContactDetailsCard({ title = "Talk to us directly" }: { title?: string }) {
  const { pathname } = useLocation();
  const site = useBusiness();
  const phone = site.phones[0];
  return (
    <div className={panelClass(true, classes.card)}>
      <h2 className={classes.title}>{title}</h2>
      <div className={classes.buttons}>
        <ButtonAnchor href={telHref(phone)} size="md" fullWidth data-testid="call-link">
          Call {showPhone(phone)}
        </ButtonAnchor>
        <ButtonAnchor
          href={chatHref(null, pathname)}
          target="_blank"
          rel="noopener noreferrer"
          size="md"
          fullWidth
          variant="outline"
          data-testid="whatsapp-link"
        >
          Chat with us on WhatsApp
        </ButtonAnchor>
      </div>
      <hr className={classes.rule} />
      <div className={classes.block}>
        <p className={classes.strong}>Visit the showroom</p>
        <p className={classes.dimmed}>{site.address}</p>
      </div>
      <div className={classes.block}>
        <p className={classes.strong}>Opening hours</p>
        {hoursLines(site.hours).map((h) => (
          <p key={h.days} className={classes.hours}>
            <span className={classes.dimmed}>{h.days}</span>
            <span>{h.time}</span>
          </p>
        ))}
      </div>
      <p className={classes.email}>
        Prefer email? Write to{" "}
        <a href={`mailto:${site.email}`} className={classes.link}>
          {site.email}
        </a>
      </p>
    </div>
  );
}
