import { Writable } from "node:stream";
import express from "express";
import { describe, expect, it } from "vitest";
import { createLogger } from "../app/config/logger.server";
import { requestId, requestLog } from "./logger";

/** An app with the request id and log middleware in front of a few answers, logging into memory. */
async function withApp(
  run: (url: string, lines: () => Record<string, unknown>[], text: () => string) => Promise<void>,
  mode = "production",
) {
  let written = "";
  const stream = new Writable({
    write(chunk, _enc, done) {
      written += chunk;
      done();
    },
  });
  const app = express();
  const logger = createLogger(mode, stream);
  app.use(requestId(), requestLog(logger));
  app.get("/ok", (_req, res) => void res.setHeader("X-Cache", "HIT").send("fine"));
  app.get("/healthz", (_req, res) => void res.send("ok"));
  app.get("/fail", (req, res) => {
    logger.error({ reqId: req.id, err: new Error("the disk is on fire") }, "server error");
    res.status(500).send("no");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as { port: number };
  try {
    await run(
      `http://127.0.0.1:${port}`,
      () =>
        written
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      () => written,
    );
  } finally {
    server.close();
  }
}

describe("request log", () => {
  it("writes one JSON line per request with its id, and sends the id back", async () => {
    await withApp(async (url, lines) => {
      const res = await fetch(`${url}/ok?phone=08031234567`);
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f]{12}$/);
      await fetch(`${url}/fail`);
      await fetch(`${url}/healthz`);
      await new Promise((r) => setTimeout(r, 20));
      const [ok, error, fail, ...rest] = lines();
      expect(ok).toMatchObject({ level: "info", msg: "request", reqId: id, method: "GET", path: "/ok" });
      expect(ok).toMatchObject({ status: 200, cache: "HIT", ip: "127.0.0.1" });
      expect(typeof ok.time).toBe("string");
      expect(typeof ok.ms).toBe("number");
      expect(JSON.stringify(ok)).not.toContain("08031234567");
      expect(error).toMatchObject({ level: "error", msg: "server error", reqId: fail.reqId });
      expect(fail).toMatchObject({ level: "error", status: 500, path: "/fail" });
      expect(fail).not.toHaveProperty("err");
      expect(rest).toEqual([]); // /healthz is polled all day: not logged
    });
  });

  it("writes a readable line per request in development, and an error with its stack", async () => {
    await withApp(async (url, _lines, text) => {
      const id = (await fetch(`${url}/ok`)).headers.get("x-request-id");
      await fetch(`${url}/fail`);
      await new Promise((r) => setTimeout(r, 20));
      const out = text();
      expect(out).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] INFO: GET /ok 200 [\\d.]+ ms HIT ${id}$`, "m"));
      expect(out).toMatch(/ERROR: server error [0-9a-f]{12}\n\s+err: \{[\s\S]*the disk is on fire[\s\S]*\bat /);
      expect(out).not.toContain('{"level"');
    }, "development");
  });
});
