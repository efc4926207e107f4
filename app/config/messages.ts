/** User-visible texts that more than one place shows. */
export const IMAGE_TOO_LARGE = "Each image must be under 2MB";
