/**
 * The newsletter's texts, apart from the zod schema so that the home page's browser bundle does
 * not pull in zod (about 90 KB gzipped) just for two strings.
 */
export const NEWSLETTER_SUCCESS = "Subscription successful!";
export const NEWSLETTER_FAILURE = "Subscription failed. Please try again.";
