import { z } from "zod";

/**
 * The heart's form without JavaScript (POST /saved): `toggle` a car in the visitor's list, or
 * `forget` the list (once JavaScript has moved it into the browser). Kept apart from
 * saved-cars.ts so no public bundle carries the validation library.
 */
export const SavedCarFormSchema = z
  .object({
    intent: z.enum(["toggle", "forget"], { error: "Unknown action" }).default("toggle"),
    id: z.coerce
      .number({ error: "Choose a car to save" })
      .int("Choose a car to save")
      .positive("Choose a car to save")
      .optional(),
    back: z.string().optional(),
  })
  .refine((v) => v.intent === "forget" || v.id !== undefined, { error: "Choose a car to save", path: ["id"] });

export const SAVED_CAR_FAILURE = "We could not update your saved cars.";
