import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

/**
 * A camera photo: 4000 x 3000 JPEG of about 3 MB (soft shapes under a sensor's fine grain, so its
 * resized WebP weighs what a real photo's does). Made once per machine (a few seconds) and kept in
 * the temporary folder.
 */
export async function cameraPhoto(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), "lpa-test-camera-photo-4000x3000-v1.jpg");
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const shapes = await sharp({
    create: {
      width: 120,
      height: 90,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 70 },
    },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 10 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const photo = await sharp(shapes)
    .resize(4000, 3000, { kernel: "cubic" })
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 90 })
    .toBuffer();
  fs.writeFileSync(`${file}.${process.pid}`, photo);
  fs.renameSync(`${file}.${process.pid}`, file);
  return photo;
}
