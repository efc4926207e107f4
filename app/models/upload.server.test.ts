import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { makeImage, uploadedFiles } from "../../tests/helpers/db";
import { checkImage, deleteImageFiles, diskPathOf, ImageRejectedError, saveImage } from "./upload.server";

beforeEach(() => {
  for (const f of uploadedFiles()) fs.rmSync(f);
});

describe("image uploads", () => {
  it("accepts JPEG, PNG and WebP by their bytes", async () => {
    expect(await checkImage(await makeImage("jpeg"))).toBe("jpg");
    expect(await checkImage(await makeImage("png"))).toBe("png");
    expect(await checkImage(await makeImage("webp"))).toBe("webp");
  });

  it("refuses SVG, text named as an image, empty and oversized files", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(checkImage(svg)).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(checkImage(Buffer.from("just some text pretending to be a jpg"))).rejects.toMatchObject({ status: 415 });
    await expect(checkImage(Buffer.alloc(0))).rejects.toMatchObject({ status: 400 });
    await expect(checkImage(Buffer.alloc(2_097_153, 1))).rejects.toMatchObject({
      status: 413,
      message: "Each image must be under 2MB",
    });
  });

  it("stores the original and its WebP variants under a random name, and deletes them all", async () => {
    const publicPath = await saveImage(await makeImage("png", 800));
    expect(publicPath).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const files = uploadedFiles().map((f) => path.basename(f)).sort();
    const stem = path.basename(publicPath, ".png");
    expect(files).toEqual([`${stem}.card.webp`, `${stem}.png`, `${stem}.thumb.webp`]);
    const card = await import("sharp").then((s) => s.default(path.join(process.env.UPLOADS_DIR!, `${stem}.card.webp`)).metadata());
    expect(card.format).toBe("webp");
    expect(card.width).toBe(640);
    await deleteImageFiles(publicPath);
    expect(uploadedFiles()).toEqual([]);
  });

  it("never maps a path outside the uploads folder", () => {
    expect(diskPathOf("/uploads/../db.sqlite")).toBeNull();
    expect(diskPathOf("/uploads/a/b.jpg")).toBeNull();
    expect(diskPathOf("https://example.com/a.jpg")).toBeNull();
    expect(diskPathOf("/uploads/abc.jpg")).toBe(path.join(path.resolve(process.env.UPLOADS_DIR!), "abc.jpg"));
  });
});
