/**
 * The newsletter's texts, apart from the zod schema so that the home page's browser bundle does
 * not pull in zod (about 90 KB gzipped) just for a few strings. What the form promises depends on
 * whether email is set up (docs/product.md, Newsletter): without it nothing is ever sent.
 */
export const NEWSLETTER_SUCCESS = "Subscription successful!";
export const NEWSLETTER_FAILURE = "Subscription failed. Please try again.";

/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_DAYS = 7;

/** What the newsletter is, above its form. */
export function newsletterIntro(mail: boolean): string {
  return mail
    ? "Every Monday, the cars that arrived that week, with photo and price. You confirm by email first, " +
        "and every email has a one-click way to leave. No spam."
    : "Our weekly new-arrivals email is not running yet. Leave your name and email and our sales team will have them.";
}

/** What the visitor reads under 'Subscription successful!'. */
export function subscribedDetail(email: string, mail: boolean): string {
  return mail
    ? `Check ${email} for our email with a link to confirm (it works for ${NEWSLETTER_CONFIRM_DAYS} days). ` +
        "Once you confirm, the week's new arrivals come there every Monday."
    : "Our sales team has your details. We do not send newsletter emails yet, " +
        `so nothing will come to ${email} for now.`;
}
