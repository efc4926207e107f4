import { describe, expect, it } from "vitest";
import { Refusal } from "~/lib/refusal";
import { type MultipartFields, type MultipartRules, readMultipart } from "./multipart.server";

const RULES: MultipartRules = {
  fileField: "photos",
  maxFiles: 2,
  maxFileBytes: 100,
  maxFields: 4,
  maxFieldBytes: 20,
  maxTotalBytes: 1000,
  tooManyFiles: "Two photos at most",
  filesTooLarge: (names) => `Too big: ${names.join(", ")}`,
  bodyTooLarge: "Too much",
};

/** A multipart request of text fields and files, in order. */
function request(parts: ([string, string] | [string, string, number])[]): Request {
  const body = new FormData();
  for (const [name, value, size] of parts) {
    if (size === undefined) body.append(name, value);
    else body.append(name, new File([new Uint8Array(size).fill(7)], value));
  }
  return new Request("http://x/", { method: "POST", body });
}

async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const e = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(Refusal);
  return e as Refusal;
}

describe("readMultipart", () => {
  it("keeps the text fields (repeated names in order) and the non-empty files of the file field", async () => {
    const { fields, files } = await readMultipart(
      request([
        ["make", "Toyota"],
        ["tag", "a"],
        ["tag", "b"],
        ["photos", "one.jpg", 100],
        ["other", "dropped.jpg", 50],
        ["photos", "empty.jpg", 0],
      ]),
      RULES,
    );
    expect(fields).toEqual({ make: "Toyota", tag: ["a", "b"] });
    expect(files.map((f) => [f.name, f.bytes.length])).toEqual([["one.jpg", 100]]);
  });

  it("reads past every file over its limit and names them all, with the fields read so far", async () => {
    const fields: MultipartFields = {};
    const e = await refusal(
      readMultipart(
        request([
          ["photos", "big.jpg", 101],
          ["photos", "huge.jpg", 300],
          ["model", "Camry"],
        ]),
        RULES,
        fields,
      ),
    );
    expect([e.code, e.message, e.fieldErrors]).toEqual([
      "too_large",
      "Too big: big.jpg, huge.jpg",
      { photos: "Too big: big.jpg, huge.jpg" },
    ]);
    expect(fields).toEqual({ model: "Camry" });
  });

  it("stops at one file too many, a field too long, too many fields and the body's total", async () => {
    const cases: [([string, string] | [string, string, number])[], string][] = [
      [
        [
          ["photos", "a.jpg", 10],
          ["photos", "b.jpg", 10],
          ["photos", "c.jpg", 10],
        ],
        "Two photos at most",
      ],
      [[["note", "x".repeat(21)]], "The field note is too long"],
      [
        [
          ["a", "1"],
          ["b", "2"],
          ["c", "3"],
          ["d", "4"],
          ["e", "5"],
        ],
        "Too many form fields",
      ],
      [
        [
          ["other", "a.bin", 600],
          ["other", "b.bin", 600],
        ],
        "Too much",
      ],
    ];
    for (const [parts, message] of cases) {
      const e = await refusal(readMultipart(request(parts), RULES));
      expect([e.code, e.message]).toEqual(["too_large", message]);
    }
  });

  it("refuses a body it cannot parse as invalid", async () => {
    const broken = new Request("http://x/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
    });
    const e = await refusal(readMultipart(broken, RULES));
    expect([e.code, e.message]).toEqual(["invalid", "The upload could not be read"]);
  });
});
