import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { env } from "~/config/env.server";
import { MAX_IMAGE_BYTES } from "~/config/constants";

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

export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 = 415,
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

/** Proves the bytes are an allowed image and returns its file extension. */
export async function checkImage(bytes: Buffer): Promise<string> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRejectedError("Each image must be under 2MB", 413);
  if (bytes.length === 0) throw new ImageRejectedError("The image file is empty.", 400);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: "error" }).metadata();
  } catch {
    throw new ImageRejectedError("Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.");
  }
  const ext = meta.format ? ALLOWED_FORMATS[meta.format] : undefined;
  if (!ext || (meta.format === "heif" && meta.compression !== "av1")) {
    throw new ImageRejectedError("Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.");
  }
  return ext;
}

async function writeAtomically(target: string, data: Buffer): Promise<void> {
  const tmp = `${target}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(tmp, data, { flag: "wx" });
  await fs.rename(tmp, target);
}

/**
 * Stores one image: the original under a random name plus its WebP variants, each written to a
 * temporary name and renamed into place. Returns the public path "/uploads/<name>.<ext>".
 * Call checkImage first for every file of a request so that a bad file rejects them all.
 */
export async function saveImage(bytes: Buffer, ext?: string): Promise<string> {
  const extension = ext ?? (await checkImage(bytes));
  const dir = uploadsDir();
  await fs.mkdir(dir, { recursive: true });
  const base = crypto.randomBytes(16).toString("hex");
  const written: string[] = [];
  try {
    for (const [variant, width] of Object.entries(VARIANTS)) {
      const out = await sharp(bytes)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 72 })
        .toBuffer();
      const file = path.join(dir, `${base}.${variant}.webp`);
      await writeAtomically(file, out);
      written.push(file);
    }
    const original = path.join(dir, `${base}.${extension}`);
    await writeAtomically(original, bytes);
    written.push(original);
  } catch (e) {
    await Promise.all(written.map((f) => fs.rm(f, { force: true })));
    throw e;
  }
  return `/uploads/${base}.${extension}`;
}

/** Removes an uploaded image and its variants; absolute URLs and unknown paths are left alone. */
export async function deleteImageFiles(publicPath: string): Promise<void> {
  const original = diskPathOf(publicPath);
  if (!original) return;
  const stem = original.replace(/\.[a-z0-9]+$/i, "");
  await Promise.all(
    [original, ...Object.keys(VARIANTS).map((v) => `${stem}.${v}.webp`)].map((f) =>
      fs.rm(f, { force: true }),
    ),
  );
}
