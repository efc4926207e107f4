import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvRow, csvStream, csvText } from "./csv";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  return { text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(Buffer.concat(parts)), chunks: parts.length };
}

describe("csvCell", () => {
  it("writes plain text and numbers as they are, and nothing for null", () => {
    expect(csvCell("Toyota Camry")).toBe("Toyota Camry");
    expect(csvCell(25_000_000)).toBe("25000000");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(true)).toBe("true");
  });

  it("quotes commas, quotes, line breaks and edge spaces (RFC 4180)", () => {
    expect(csvCell("Lekki, Lagos")).toBe('"Lekki, Lagos"');
    expect(csvCell('He said "hello"')).toBe('"He said ""hello"""');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell(" padded ")).toBe('" padded "');
  });

  it("neutralises every cell a spreadsheet would run as a formula with a leading apostrophe", () => {
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+2348035550142")).toBe("'+2348035550142");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    // Not at the start: harmless.
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("keeps names with accents and the naira sign as they are", () => {
    expect(csvCell("Adéolá Ọláńrewájú")).toBe("Adéolá Ọláńrewájú");
    expect(csvCell("₦25,000,000")).toBe('"₦25,000,000"');
  });
});

describe("csvRow and csvText", () => {
  it("joins cells with commas and ends each line with CRLF", () => {
    expect(csvRow(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });

  it("starts with the UTF-8 byte-order mark and the header", () => {
    const text = csvText(["Name", "Price"], [["Kia", 5]]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toBe("\uFEFFName,Price\r\nKia,5\r\n");
  });
});

describe("csvStream", () => {
  it("streams the BOM and header, then one chunk per batch, pulling batches only when read", async () => {
    const pulled: number[] = [];
    async function* batches() {
      for (let b = 0; b < 3; b++) {
        pulled.push(b);
        yield [
          { n: b * 2, name: "=evil" },
          { n: b * 2 + 1, name: "Émeka ₦" },
        ];
      }
    }
    const stream = csvStream(["N", "Name"], batches(), (r) => [r.n, r.name]);
    expect(pulled).toEqual([]); // nothing read before someone reads the stream
    const { text, chunks } = await readAll(stream);
    expect(chunks).toBe(4); // header + three batches: never one big string
    expect(text.startsWith("\uFEFFN,Name\r\n")).toBe(true);
    expect(text.split("\r\n")).toEqual([
      "\uFEFFN,Name",
      "0,'=evil",
      "1,Émeka ₦",
      "2,'=evil",
      "3,Émeka ₦",
      "4,'=evil",
      "5,Émeka ₦",
      "",
    ]);
    const bytes = new TextEncoder().encode(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("stops reading the source when the reader cancels", async () => {
    let finished = false;
    async function* batches() {
      try {
        for (let b = 0; ; b++) yield [b];
      } finally {
        finished = true;
      }
    }
    const reader = csvStream(["N"], batches(), (n) => [n]).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
  });
});
