import { z } from "zod";
import { oneLine } from "./validation";

export { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS, subscribedDetail } from "./newsletter-messages";

/** Newsletter sign-up : name and email, both required. Shared by page and API. */
export const NewsletterSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .overwrite(oneLine)
    .trim()
    .min(1, { error: "Name is required" })
    .max(100, { error: "Name is too long" }),
  email: z
    .string({ error: "Email is required" })
    .overwrite(oneLine)
    .trim()
    .min(1, { error: "Email is required" })
    .max(254, { error: "Email is too long" })
    .pipe(z.email({ error: "Enter a valid email address" })),
});

export type NewsletterInput = z.infer<typeof NewsletterSchema>;
