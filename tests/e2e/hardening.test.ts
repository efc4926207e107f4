// Attacks from outside against the production server: bodies, forwarded addresses, lockouts.
import http from "node:http";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { hasGpsBlock, jpegWithGps, pixelFloodPng } from "../helpers/db";
import { ADMIN_PASSWORD, ADMIN_USERNAME, setupE2E } from "./harness";

// Rate limits on, as in production (the other e2e servers run with them off).
const app = setupE2E({ server: { env: { RATE_LIMITS: "on" } } });
const carCount = () => app.rows<{ n: number }>("select count(*) as n from cars")[0].n;

interface Sent {
  status: number;
  body: string;
  /** Bytes of the request body written before the answer arrived. */
  written: number;
}

/**
 * Sends a body in chunks (chunked framing unless a length is given), one chunk a millisecond
 * (like a real upload, and so the answer can overtake it), and stops as soon as the server answers.
 */
function stream(
  path: string,
  {
    total,
    headers = {},
    chunk = 16 * 1024,
    length,
    prefix,
  }: { total: number; headers?: Record<string, string>; chunk?: number; length?: number; prefix?: string },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, app.server.url);
    let written = 0;
    let answered = false;
    const req = http.request(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          ...(length === undefined ? { "transfer-encoding": "chunked" } : { "content-length": String(length) }),
        },
      },
      (res) => {
        answered = true;
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, written }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0, body, written }));
      },
    );
    req.on("error", (e) => (answered ? undefined : reject(e)));
    const piece = Buffer.alloc(chunk, "a");
    if (prefix) {
      req.write(prefix);
      written += Buffer.byteLength(prefix);
    }
    const pump = () => {
      if (answered || req.destroyed) return;
      if (written >= total) return void req.end();
      written += piece.length;
      if (req.write(piece)) setTimeout(pump, 1);
      else req.once("drain", () => setTimeout(pump, 1));
    };
    pump();
  });
}

/** A JSON POST from a given loopback address (another visitor, as far as the server can tell). */
function postFrom(
  localAddress: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: any; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, app.server.url);
    const data = JSON.stringify(body);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data), ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null, headers: res.headers }),
        );
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

describe("request bodies are counted while they stream", () => {
  it("refuses a chunked 1 MB JSON body to a lead API with 413 before reading it all", async () => {
    const res = await stream("/api/newsletter", {
      total: 1024 * 1024,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: "The request is too large." });
    expect(res.written).toBeLessThan(1024 * 1024);
  });

  it("refuses multipart anywhere but the car uploads with 415, even a small one", async () => {
    const form = new FormData();
    form.set("name", "Ada");
    form.set("email", "ada@example.com");
    const res = await fetch(app.url("/api/newsletter"), { method: "POST", body: form });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toMatch(/photos or a stock spreadsheet/);
    const big = await stream("/api/newsletter", {
      total: 5 * 1024 * 1024,
      length: 5 * 1024 * 1024,
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(big.status).toBe(415);
  });

  it("refuses an oversized page form post with 413 (a form never reaches the action whole)", async () => {
    const res = await stream("/connect", {
      total: 200 * 1024,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(413);
  });

  it("stops a car upload past ten 2 MB photos with 413 while it streams", async () => {
    const login = await fetch(app.url("/api/admin/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    });
    const { token } = await login.json();
    const before = carCount();
    // One text field that never ends: only the byte budget can stop it.
    const res = await stream("/api/cars", {
      total: 32 * 1024 * 1024,
      chunk: 256 * 1024,
      headers: { "content-type": "multipart/form-data; boundary=x", authorization: `Bearer ${token}` },
      prefix:
        '--x\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    });
    expect(res.status).toBe(413);
    expect(res.written).toBeLessThan(32 * 1024 * 1024);
    expect(carCount()).toBe(before);
  });
});

describe("forwarded addresses", () => {
  it("gives no fresh write budget to a spoofed X-Forwarded-For when TRUST_PROXY is unset", async () => {
    let last = 0;
    for (let i = 0; i < 65; i++) {
      const res = await postFrom(
        "127.0.0.9",
        "/api/cars/mark-sold",
        { id: i },
        { "x-forwarded-for": `10.9.${i}.${i}` },
      );
      last = res.status;
      if (res.status === 429) {
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        break;
      }
    }
    expect(last).toBe(429);
  });

  it("gives no fresh login budget to a spoofed X-Forwarded-For either", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await postFrom(
        "127.0.0.10",
        "/api/admin/login",
        { username: `nobody${i}`, password: "wrong-password" },
        { "x-forwarded-for": `10.8.${i}.1` },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("login lockouts", () => {
  it("five failures for admin from other addresses do not stop the right password from 127.0.0.1", async () => {
    for (let i = 2; i <= 6; i++) {
      expect(
        (await postFrom(`127.0.0.${i}`, "/api/admin/login", { username: ADMIN_USERNAME, password: "wrong-password" }))
          .status,
      ).toBe(401);
    }
    const res = await postFrom("127.0.0.1", "/api/admin/login", { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json.token).toEqual(expect.any(String));
  });

  it("100 parallel guesses from one IP check at most 5 passwords, and the rest are told how long to wait", async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        postFrom("127.0.0.7", "/api/admin/login", { username: ADMIN_USERNAME, password: "wrong-password" }),
      ),
    );
    const checked = results.filter((r) => r.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    const refused = results.filter((r) => r.status === 429);
    expect(refused.length).toBe(100 - checked);
    expect(refused.every((r) => Number(r.headers["retry-after"]) > 0 && /wait/i.test(r.json.error))).toBe(true);
  });
});

describe("uploads", () => {
  async function addCar(image: Buffer, filename: string) {
    const login = await postFrom("127.0.0.1", "/api/admin/login", {
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
    });
    const form = new FormData();
    const fields = {
      make: "Toyota",
      model: "Corolla",
      year: "2018",
      price: "9500000",
      condition: "Foreign Used",
      engine_capacity: "1.8L",
      engine_size: "V4",
      custom_paper: "Yes",
      body_type: "Sedan",
      drive_train: "FWD",
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.append("images", new Blob([new Uint8Array(image)]), filename);
    return fetch(app.url("/api/cars"), {
      method: "POST",
      headers: { authorization: `Bearer ${login.json.token}` },
      body: form,
    });
  }

  it("serves an uploaded photo without its EXIF block or GPS position", async () => {
    const upload = await jpegWithGps(6);
    expect(hasGpsBlock((await sharp(upload).metadata()).exif)).toBe(true);
    const res = await addCar(upload, "from-my-phone.jpg");
    expect(res.status).toBe(201);
    const { car } = await res.json();
    const served = Buffer.from(await (await fetch(app.url(car.images[0]))).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(hasGpsBlock(served)).toBe(false);
    expect(served.includes(Buffer.from("Seller Phone"))).toBe(false);
    expect([meta.width, meta.height]).toEqual([32, 64]); // turned upright by its orientation
  });

  it("refuses a 16,000 × 16,000 PNG (31 KB on disk) with 415 and a clear message, storing nothing", async () => {
    const before = carCount();
    const res = await addCar(pixelFloodPng(16_000, 16_000), "flood.png");
    expect(res.status).toBe(415);
    expect((await res.json()).error).toMatch(/at most 40 megapixels/);
    expect(carCount()).toBe(before);
  });
});
