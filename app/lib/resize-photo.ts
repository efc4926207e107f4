import { MAX_IMAGE_BYTES } from "~/config/constants";

/**
 * A phone photo made fit for upload in the browser: longest side at most 2,000 px, JPEG at good
 * quality, lowered step by step until it is under the 2 MB rule. Browser-only (canvas).
 */
const RESIZE_LONGEST_SIDE = 2000;
const QUALITIES = [0.86, 0.78, 0.68, 0.58];

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/** The resized JPEG, or null when the browser cannot read the file as an image. */
export async function resizePhoto(file: Blob): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  let longest = Math.min(RESIZE_LONGEST_SIDE, Math.max(bitmap.width, bitmap.height));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const scale = longest / Math.max(bitmap.width, bitmap.height);
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const ctx = canvas.getContext("2d");
      if (!ctx) return null;
      ctx.fillStyle = "#fff"; // a transparent PNG gets a white background, not black
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const q of QUALITIES) {
        const blob = await toBlob(canvas, q);
        if (blob && blob.size <= MAX_IMAGE_BYTES) return blob;
      }
      longest = Math.round(longest * 0.75);
    }
    return null;
  } finally {
    bitmap.close();
  }
}
