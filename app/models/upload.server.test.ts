import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { hasGpsBlock, jpegWithGps, makeImage, pixelFloodPng, uploadedFiles } from "../../tests/helpers/db";
import {
  checkImage,
  deleteImageFiles,
  diskPathOf,
  ImageRejectedError,
  saveImage,
  TOO_MANY_PIXELS,
} from "./upload.server";

beforeEach(() => {
  for (const f of uploadedFiles()) fs.rmSync(f);
});

describe("image uploads", () => {
  it("accepts JPEG, PNG and WebP by their bytes", async () => {
    expect(await checkImage(await makeImage("jpeg"))).toMatchObject({ ext: "jpg", format: "jpeg" });
    expect(await checkImage(await makeImage("png"))).toMatchObject({ ext: "png", format: "png" });
    expect(await checkImage(await makeImage("webp"))).toMatchObject({ ext: "webp", format: "webp" });
  });

  it("refuses SVG, text named as an image, empty and oversized files", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await expect(checkImage(svg)).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(checkImage(Buffer.from("just some text pretending to be a jpg"))).rejects.toMatchObject({
      problem: "unsupported",
    });
    await expect(checkImage(Buffer.alloc(0))).rejects.toMatchObject({ problem: "empty" });
    await expect(checkImage(Buffer.alloc(2_097_153, 1))).rejects.toMatchObject({
      problem: "too-large",
      message: "Each image must be under 2MB",
    });
  });

  it("stores the original and its WebP variants under a random name, and deletes them all", async () => {
    const publicPath = await saveImage(await makeImage("png", 800));
    expect(publicPath).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const files = uploadedFiles()
      .map((f) => path.basename(f))
      .sort();
    const stem = path.basename(publicPath, ".png");
    expect(files).toEqual([`${stem}.card.webp`, `${stem}.png`, `${stem}.thumb.webp`]);
    const card = await import("sharp").then((s) =>
      s.default(path.join(process.env.UPLOADS_DIR!, `${stem}.card.webp`)).metadata(),
    );
    expect(card.format).toBe("webp");
    expect(card.width).toBe(640);
    await deleteImageFiles(publicPath);
    expect(uploadedFiles()).toEqual([]);
  });

  it("refuses a pixel flood (a tiny file promising a huge image) from its header, before decoding", async () => {
    const flood = pixelFloodPng(16_000, 16_000);
    expect(flood.length).toBeLessThan(64 * 1024);
    const started = performance.now();
    await expect(checkImage(flood)).rejects.toMatchObject({ problem: "unsupported", message: TOO_MANY_PIXELS });
    await expect(saveImage(flood)).rejects.toMatchObject({ problem: "unsupported" });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(uploadedFiles()).toEqual([]);
    expect(await checkImage(pixelFloodPng(6_000, 6_000))).toMatchObject({ format: "png" }); // 36 MP is fine
  });

  it("stores the original without its metadata (no EXIF, no GPS position), turned upright", async () => {
    const upload = await jpegWithGps(6); // "rotate 90° to view"
    const before = await sharp(upload).metadata();
    expect(hasGpsBlock(before.exif)).toBe(true);
    expect([before.width, before.height, before.orientation]).toEqual([64, 32, 6]);
    const publicPath = await saveImage(upload);
    const stored = fs.readFileSync(diskPathOf(publicPath)!);
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([32, 64]);
    expect(stored.includes(Buffer.from("Seller Phone"))).toBe(false);
  });

  it("never maps a path outside the uploads folder", () => {
    expect(diskPathOf("/uploads/../db.sqlite")).toBeNull();
    expect(diskPathOf("/uploads/a/b.jpg")).toBeNull();
    expect(diskPathOf("https://example.com/a.jpg")).toBeNull();
    expect(diskPathOf("/uploads/abc.jpg")).toBe(path.join(path.resolve(process.env.UPLOADS_DIR!), "abc.jpg"));
  });
});
