/** User-visible texts that more than one place shows. */
export const IMAGE_TOO_LARGE = "Each image must be under 2MB";
/** A home slide's photo over MAX_SLIDE_PHOTO_BYTES (20 MB). */
export const SLIDE_PHOTO_TOO_LARGE = "A slide's photo must be under 20 MB";
