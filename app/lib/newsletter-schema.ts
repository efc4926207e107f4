import { z } from "zod";
import type { NewsletterFieldErrors } from "./newsletter-messages";

export { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS, type NewsletterFieldErrors } from "./newsletter-messages";

/** Newsletter sign-up (SPEC §3, §5): name and email, both required. Shared by page and API. */
export const NewsletterSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { error: "Name is required" })
    .max(100, { error: "Name is too long" }),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, { error: "Email is required" })
    .max(254, { error: "Email is too long" })
    .pipe(z.email({ error: "Enter a valid email address" })),
});

export type NewsletterInput = z.infer<typeof NewsletterSchema>;

/** Validates raw fields; returns the clean input or the first error of each field. */
export function parseNewsletter(
  fields: Record<string, unknown>,
): { ok: true; data: NewsletterInput } | { ok: false; errors: NewsletterFieldErrors } {
  const result = NewsletterSchema.safeParse(fields);
  if (result.success) return { ok: true, data: result.data };
  const errors: NewsletterFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof NewsletterInput;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
