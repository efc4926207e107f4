import { useLocation, useMatches } from "@remix-run/react";
import { chatHref } from "~/lib/chat-link";
import classes from "./ChatButton.module.css";

interface CarLike {
  id: number;
  make: string;
  model: string;
  year: number;
}

/** The car the current page is about, when a route's loader data carries one as `car`. */
function useCurrentCar(): CarLike | null {
  const matches = useMatches();
  for (const m of [...matches].reverse()) {
    const car = (m.data as { car?: CarLike } | undefined)?.car;
    if (car && typeof car.id === "number" && typeof car.make === "string") return car;
  }
  return null;
}

/**
 * Floating WhatsApp chat link with a greeting about a listing (the car's own on its page). It goes
 * through /go/whatsapp, which counts the click as a lead. On a phone it is docked in a band of its
 * own at the bottom of the screen, and the page keeps room for the band under its end, so the
 * button is never drawn over a card's View Details or any other control (a car's page has its own
 * contact bar with WhatsApp instead).
 */
export function ChatButton() {
  const car = useCurrentCar();
  const { pathname } = useLocation();
  return (
    <aside aria-label="WhatsApp chat" className={classes.dock} data-chat-dock="">
      <a
        href={chatHref(car, pathname)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="chat-button"
        className={classes.chat}
      >
        <span className={classes.label}>Chat with us on WhatsApp</span>
        <svg width="30" height="30" className={classes.icon} viewBox="0 0 32 32" aria-hidden="true" fill="#fff">
          <path
            d={[
              "M16 3C9 3 3.3 8.6 3.3 15.5c0 2.4.7 4.7 2 6.7L3 29l7-2.2c1.9 1 4 1.6 6.1 1.6 7 0 12.7-5.6 12.7-12.5S23 3",
              "16 3zm0 22.9c-2 0-3.9-.6-5.6-1.6l-.4-.2-4.1 1.3 1.3-4-.3-.4a10.3 10.3 0 0 1-1.7-5.6C5.2 9.8 10 5.1 16",
              "5.1s10.8 4.7 10.8 10.4S22 25.9 16 25.9zm5.9-7.8c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1",
              "1.2-.4.2-.7.1a8.8 8.8 0 0 1-4.4-3.8c-.3-.6.3-.5 1-1.8.1-.2 0-.4 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6c-.2",
              "0-.5.1-.8.4s-1 1-1 2.5 1.1 2.9 1.2 3.1c.2.2 2.1 3.2 5.1 4.5 1.9.8 2.6.9 3.6.7.6-.1 1.9-.8",
              "2.1-1.5s.3-1.4.2-1.5-.3-.2-.6-.3z",
            ].join(" ")}
          />
        </svg>
      </a>
    </aside>
  );
}
