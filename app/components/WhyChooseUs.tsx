import classes from "./WhyChooseUs.module.css";

/** The six 'Why Choose Us' cards of the About page, in a horizontal scroller. */
const WHY_CHOOSE_US = [
  {
    title: "Experience & Expertise",
    icon: "★",
    text: "Over 15 years matching Lagos drivers with the right car, from first cars to fleet purchases.",
  },
  {
    title: "Quality Assurance",
    icon: "✓",
    text: "Every vehicle is inspected, history-checked and serviced before it reaches our showroom floor.",
  },
  {
    title: "Customer-Centric Approach",
    icon: "♥",
    text: "Honest advice, transparent naira pricing and support long after you drive away.",
  },
  {
    title: "Global Network",
    icon: "◎",
    text: "Trusted sourcing partners in the USA, Canada, Europe and the Middle East for clean Tokunbo cars.",
  },
  {
    title: "Timely Delivery",
    icon: "➜",
    text: "Clearing, documentation and delivery handled on schedule, so your car arrives when promised.",
  },
  {
    title: "Vehicle Importation",
    icon: "⚓",
    text: "Tell us the car you want; we buy, ship, clear at the port and register it for you.",
  },
] as const;

export function WhyChooseUs() {
  return (
    /* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable so keyboard users can
       scroll it */
    <ul className={classes.scroller} tabIndex={0} aria-label="Why Choose Us">
      {WHY_CHOOSE_US.map((c) => (
        <li key={c.title} className={classes.card}>
          <span className={classes.icon} aria-hidden="true">
            {c.icon}
          </span>
          <h3 className={classes.title}>{c.title}</h3>
          <p className={classes.text}>{c.text}</p>
        </li>
      ))}
    </ul>
  );
}
