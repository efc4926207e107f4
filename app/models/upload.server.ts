import crypto from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Metadata } from "sharp";
import { MAX_IMAGE_BYTES, MAX_IMAGE_MEGAPIXELS } from "~/config/constants";
import { env } from "~/config/env.server";
import { IMAGE_TOO_LARGE } from "~/config/messages";

/** Formats accepted from the bytes (never from the name or the client's MIME type). */
const ALLOWED_FORMATS: Record<string, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  heif: "avif", // sharp reports AVIF as heif; checked against the compression below
};

/** Resized WebP variants written beside every upload (see ~/lib/images imageVariant). */
export const VARIANTS = { card: 640, thumb: 200 } as const;

/**
 * The wider WebP sizes a home slide's photo gets besides VARIANTS (see ~/lib/images heroSrcSet): it
 * covers the whole width of the screen, so a phone takes the 640 or 1280 and a wide screen the 1920.
 */
export const SLIDE_VARIANTS = { wide: 1280, full: 1920 } as const;

/** How an upload is stored: the variants beside it, and the longest side its original may keep. */
export interface SaveOptions {
  variants?: Record<string, number>;
  /** A larger photo is scaled down to this before it is stored (a camera photo sent without JavaScript). */
  maxSide?: number;
}

/** Why an image was refused: empty, over the byte limit, or not an image we take. */
export type ImageProblem = "empty" | "too-large" | "unsupported";

export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly problem: ImageProblem = "unsupported",
  ) {
    super(message);
  }
}

export function uploadsDir(): string {
  return path.resolve(env().UPLOADS_DIR);
}

/** Where a stored "/uploads/<name>" path lives on disk; null for anything else. */
export function diskPathOf(publicPath: string): string | null {
  const m = /^\/uploads\/([A-Za-z0-9._-]+)$/.exec(publicPath);
  if (!m || m[1].includes("..")) return null;
  return path.join(uploadsDir(), m[1]);
}

export const TOO_MANY_PIXELS = `Images can be at most ${
  MAX_IMAGE_MEGAPIXELS
} megapixels: resize the photo and try again.`;
const WRONG_TYPE = "Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.";

/**
 * sharp, loaded with the first photo rather than at start (libvips holds about 20 MB, and most
 * hours no photo is uploaded), without libvips' operation cache (every upload is a new image).
 */
let sharpModule: Promise<typeof import("sharp")> | null = null;
async function sharpLib() {
  sharpModule ??= import("sharp").then((m) => {
    m.default.cache(false);
    return m;
  });
  return (await sharpModule).default;
}

/** sharp, never decoding more than the pixel budget (a header could promise billions). */
const open = async (bytes: Buffer, animated = false) =>
  (await sharpLib())(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_MEGAPIXELS * 1_000_000, animated });

export interface CheckedImage {
  ext: string;
  format: "jpeg" | "png" | "webp" | "gif" | "avif";
  animated: boolean;
}

/**
 * Proves the bytes are an allowed image from its header alone (format, and a pixel count within
 * MAX_IMAGE_MEGAPIXELS, so a tiny file that unpacks to a huge image is refused before decoding).
 */
export async function checkImage(
  bytes: Buffer,
  { maxBytes = MAX_IMAGE_BYTES, tooLarge = IMAGE_TOO_LARGE } = {},
): Promise<CheckedImage> {
  if (bytes.length > maxBytes) throw new ImageRejectedError(tooLarge, "too-large");
  if (bytes.length === 0) throw new ImageRejectedError("The image file is empty.", "empty");
  let meta: Metadata;
  try {
    meta = await (await sharpLib())(bytes).metadata();
  } catch {
    throw new ImageRejectedError(WRONG_TYPE);
  }
  const ext = meta.format ? ALLOWED_FORMATS[meta.format] : undefined;
  if (!ext || (meta.format === "heif" && meta.compression !== "av1")) throw new ImageRejectedError(WRONG_TYPE);
  const pages = meta.pages ?? 1;
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * pages;
  if (pixels > MAX_IMAGE_MEGAPIXELS * 1_000_000) throw new ImageRejectedError(TOO_MANY_PIXELS);
  return {
    ext,
    format: meta.format === "heif" ? "avif" : (meta.format as CheckedImage["format"]),
    animated: pages > 1,
  };
}

/**
 * The original as it will be stored: decoded and encoded again, turned upright by its EXIF
 * orientation, with every metadata block (EXIF, GPS position, camera serials, XMP) left out.
 */
async function cleanOriginal(bytes: Buffer, image: CheckedImage, maxSide?: number): Promise<Buffer> {
  let pipeline = image.animated ? await open(bytes, true) : (await open(bytes)).rotate();
  if (maxSide) pipeline = pipeline.resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
  switch (image.format) {
    case "jpeg":
      return pipeline.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
    case "png":
      return pipeline.png({ compressionLevel: 8 }).toBuffer();
    case "webp":
      return pipeline.webp({ quality: 88 }).toBuffer();
    case "gif":
      return pipeline.gif().toBuffer();
    default:
      return pipeline.avif({ quality: 60, effort: 2 }).toBuffer();
  }
}

async function writeAtomically(target: string, data: Buffer): Promise<void> {
  const tmp = `${target}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(tmp, data, { flag: "wx" });
  await fs.rename(tmp, target);
}

/** Writes `<stem>.<variant>.webp` for each variant, from the stored original's bytes; returns the files. */
async function writeVariants(original: Buffer, stem: string, variants: Record<string, number>): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const [variant, width] of Object.entries(variants)) {
      const out = await (await open(original))
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 72 })
        .toBuffer();
      const file = `${stem}.${variant}.webp`;
      await writeAtomically(file, out);
      written.push(file);
    }
  } catch (e) {
    await Promise.all(written.map((f) => fs.rm(f, { force: true })));
    throw e;
  }
  return written;
}

/**
 * Stores one image: the original under a random name plus its WebP variants, each written to a
 * temporary name and renamed into place. Returns the public path "/uploads/<name>.<ext>".
 * Call checkImage first for every file of a request so that a bad file rejects them all.
 */
export async function saveImage(bytes: Buffer, checked?: CheckedImage, options: SaveOptions = {}): Promise<string> {
  const image = checked ?? (await checkImage(bytes));
  let original: Buffer;
  try {
    original = await cleanOriginal(bytes, image, options.maxSide);
  } catch {
    throw new ImageRejectedError(WRONG_TYPE);
  }
  const dir = uploadsDir();
  await fs.mkdir(dir, { recursive: true });
  const base = crypto.randomBytes(16).toString("hex");
  const written: string[] = [];
  try {
    written.push(...(await writeVariants(original, path.join(dir, base), { ...VARIANTS, ...options.variants })));
    const file = path.join(dir, `${base}.${image.ext}`);
    await writeAtomically(file, original);
    written.push(file);
  } catch (e) {
    await Promise.all(written.map((f) => fs.rm(f, { force: true })));
    throw e;
  }
  return `/uploads/${base}.${image.ext}`;
}

const stemOf = (file: string) => file.replace(/\.[a-z0-9]+$/i, "");

/** Removes an uploaded image and its variants; absolute URLs and unknown paths are left alone. */
export async function deleteImageFiles(publicPath: string): Promise<void> {
  const original = diskPathOf(publicPath);
  if (!original) return;
  const stem = stemOf(original);
  const variants = Object.keys({ ...VARIANTS, ...SLIDE_VARIANTS });
  await Promise.all([original, ...variants.map((v) => `${stem}.${v}.webp`)].map((f) => fs.rm(f, { force: true })));
}

/** Whether every one of `variants` is on disk beside a stored upload (never for an absolute URL). */
export function hasVariants(publicPath: string, variants: Record<string, number>): boolean {
  const original = diskPathOf(publicPath);
  if (!original) return false;
  const stem = stemOf(original);
  return Object.keys(variants).every((v) => existsSync(`${stem}.${v}.webp`));
}

/**
 * Writes the missing `variants` of an upload stored before they existed, from its original on disk.
 * True when it wrote any; false when there was nothing to do or no original to read.
 */
export async function addMissingVariants(publicPath: string, variants: Record<string, number>): Promise<boolean> {
  const original = diskPathOf(publicPath);
  if (!original || hasVariants(publicPath, variants)) return false;
  const bytes = await fs.readFile(original).catch(() => null);
  if (!bytes) return false;
  const stem = stemOf(original);
  const missing = Object.fromEntries(Object.entries(variants).filter(([v]) => !existsSync(`${stem}.${v}.webp`)));
  await writeVariants(bytes, stem, missing);
  return true;
}
