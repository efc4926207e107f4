// The VPS recipe in deploy/ (docs/operations.md) is checked by the tools that will read it:
// systemd's own verifier for the units, Caddy's for the Caddyfile; and the service starts the
// server exactly as `npm run serve` does.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const UNITS = ["deploy/dealer.service", "deploy/dealer-backup.service", "deploy/dealer-backup.timer"];

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.error) throw new Error(`${command} is needed for this test (apt-get install -y systemd caddy)`);
  return result;
}

describe("the VPS recipe", () => {
  it("has systemd units that systemd accepts without a warning", () => {
    const result = run("systemd-analyze", ["verify", ...UNITS]);
    expect(result.stderr + result.stdout).toBe("");
    expect(result.status).toBe(0);
  });

  it("has a Caddyfile that Caddy accepts", () => {
    const result = run("caddy", ["validate", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"]);
    expect(result.stdout + result.stderr).toContain("Valid configuration");
    expect(result.status).toBe(0);
  });

  it("starts the compiled server with node and the same flags as npm run serve, restarting on failure", () => {
    const unit = fs.readFileSync("deploy/dealer.service", "utf8");
    const serve: string = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.serve;
    const execStart = /^ExecStart=\/usr\/bin\/node (.*)$/m.exec(unit)?.[1];
    expect(execStart).toBeDefined();
    expect(execStart).toMatch(/ build\/server\.js$/);
    expect(serve).toContain(`node ${execStart?.replace(/ build\/server\.js$/, "")} `);
    // Every variable serve sets but NODE_ENV (production comes from the environment file) is set by the unit.
    const assignments = serve
      .split(" node ")[0]
      .split(" ")
      .filter((w) => !w.startsWith("NODE_ENV="));
    expect(assignments.length).toBeGreaterThan(0);
    for (const assignment of assignments) expect(unit).toContain(`\nEnvironment=${assignment}\n`);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/dealer\.env$/m);
    expect(unit).toMatch(/^User=dealer$/m);
  });

  it("ships no usable password, secret or token in any template", () => {
    for (const file of fs.readdirSync("deploy")) {
      const text = fs.readFileSync(`deploy/${file}`, "utf8");
      // A setting that is not commented out and names a password, secret or key must be empty.
      const set = [
        ...text.matchAll(/^\s*(?:Environment=)?([A-Z0-9_]*(?:PASSWORD|SECRET|TOKEN|KEY)[A-Z0-9_]*)=(.*)$/gm),
      ];
      for (const [, name, value] of set) expect(value.trim(), `${file}: ${name}`).toBe("");
      // Nor a URL carrying credentials (smtp://user:password@host).
      expect(text, file).not.toMatch(/^[^#\n]*:\/\/[^\s/@]+:[^\s/@]+@/m);
    }
  });

  it("keeps the proxy's settings and the environment file in step", () => {
    const env = fs.readFileSync("deploy/dealer.env", "utf8");
    expect(env).toMatch(/^HOST=127\.0\.0\.1$/m);
    expect(env).toMatch(/^TRUST_PROXY=loopback$/m);
    expect(env).toMatch(/^NODE_ENV=production$/m);
    const port = /^PORT=(\d+)$/m.exec(env)?.[1];
    expect(fs.readFileSync("deploy/Caddyfile", "utf8")).toContain(`reverse_proxy 127.0.0.1:${port}`);
  });
});
