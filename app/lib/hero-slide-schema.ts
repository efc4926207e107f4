import { z } from "zod";
import { MAX_HERO_SLIDES } from "~/config/constants";
import { isSiteOrHttpsLink } from "./links";

/** What an owner types for a hero slide (the photo is checked apart, by the upload model). */

/** The seventh slide's refusal (a plain module: the admin page shows it too, in the browser). */
const MAX = MAX_HERO_SLIDES;
export const SLIDE_LIMIT_MESSAGE = `The home page shows at most ${MAX} slides. Remove one before adding another.`;

const LINK_MESSAGE = "The link must be a page of this site (starting with /) or a full https:// address";

function text(label: string, max: number, required: boolean) {
  const base = z.string({ error: `${label} must be text` }).trim();
  const sized = base.max(max, `${label} can be at most ${max} characters`);
  return required ? sized.min(1, `${label} is required`) : sized;
}

export const HeroSlideSchema = z.object({
  heading: text("Heading", 80, true),
  text: z.preprocess((v) => v ?? "", text("Text", 200, false)),
  link: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string({ error: LINK_MESSAGE })
      .trim()
      .max(300, "The link can be at most 300 characters")
      .refine(isSiteOrHttpsLink, LINK_MESSAGE)
      .nullable()
      .default(null),
  ),
});

export type HeroSlideInput = z.output<typeof HeroSlideSchema>;

export const HeroOrderSchema = z.object({
  ids: z.array(z.coerce.number().int().positive(), { error: "ids must be a list of slide ids" }),
});

/** A slide: a photo, and the owner's heading, text and link (the standard welcome shows without). */
export interface HeroSlideView {
  image: string;
  /** Its sized WebP candidates (heroSrcSet), once they are on disk; without, the photo as stored. */
  srcSet?: string;
  heading?: string;
  text?: string;
  link?: string | null;
}
