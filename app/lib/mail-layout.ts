import { oneLine } from "./validation";

/**
 * One email, written once and sent as plain text and as simple HTML (the same words in both):
 * a greeting, paragraphs, a table of facts, a link, closing paragraphs and a signature.
 *
 * Every string is one line: a line break or another control character in it (a buyer's name, say)
 * becomes a space, so no field can add a line of its own to the email or a header to the subject.
 * A value of several lines is given as a list of lines (`Lines`).
 */

/** Several lines, each one line. */
export type Lines = readonly string[];
export type MailText = string | Lines;

export interface MailDoc {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  /** Label and value; a value given as lines keeps them. */
  facts?: [string, MailText][];
  link?: { label: string; url: string };
  /** Lists under a heading (the digest's sections); an item given as lines keeps them. */
  sections?: { heading: string; lines: MailText[]; empty: string }[];
  /** Cars with a photo, price and link (buyers' alerts). */
  cars?: MailCarCard[];
  closing?: string[];
  signature: string[];
  /** Small print under the signature (how to leave an alert): label and address. */
  footer?: { label: string; url: string }[];
}

export interface MailCarCard {
  name: string;
  price: string;
  url: string;
  /** An absolute address of its photo, or null. */
  photo: string | null;
  /** A line under the price ("Was ₦12,000,000"). */
  note?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The lines of a text: a string is one line, whatever it holds. */
const linesOf = (t: MailText): string[] => (typeof t === "string" ? [oneLine(t)] : t.map(oneLine));

const htmlLines = (t: MailText) => linesOf(t).map(escapeHtml).join("<br>");
const esc = (s: string) => escapeHtml(oneLine(s));

function text(doc: MailDoc): string {
  const out: string[] = [];
  const line = oneLine;
  if (doc.greeting) out.push(line(doc.greeting), "");
  for (const p of doc.paragraphs) out.push(line(p), "");
  if (doc.facts?.length) {
    for (const [label, value] of doc.facts) {
      const [first, ...rest] = linesOf(value);
      out.push(`${line(label)}: ${first ?? ""}`, ...rest.map((l) => `  ${l}`));
    }
    out.push("");
  }
  for (const section of doc.sections ?? []) {
    const heading = line(section.heading);
    out.push(heading, "-".repeat(heading.length));
    const items = section.lines.map((item) => {
      const [first, ...rest] = linesOf(item);
      return [`- ${first ?? ""}`, ...rest.map((l) => `  ${l}`)].join("\n");
    });
    out.push(...(items.length ? items : [line(section.empty)]), "");
  }
  for (const car of doc.cars ?? []) {
    out.push(
      `- ${line(car.name)}: ${line(car.price)}`,
      ...(car.note ? [`  ${line(car.note)}`] : []),
      `  ${line(car.url)}`,
    );
  }
  if (doc.cars?.length) out.push("");
  if (doc.link) out.push(`${line(doc.link.label)}: ${line(doc.link.url)}`, "");
  for (const p of doc.closing ?? []) out.push(line(p), "");
  out.push("--", ...doc.signature.map(line));
  if (doc.footer?.length) out.push("", ...doc.footer.map((f) => `${line(f.label)}: ${line(f.url)}`));
  return `${out.join("\n")}\n`;
}

const P = 'style="margin:0 0 14px;line-height:1.5"';

function html(doc: MailDoc): string {
  const parts: string[] = [];
  if (doc.greeting) parts.push(`<p ${P}>${htmlLines(doc.greeting)}</p>`);
  for (const p of doc.paragraphs) parts.push(`<p ${P}>${htmlLines(p)}</p>`);
  if (doc.facts?.length) {
    const rows = doc.facts
      .map(
        ([label, value]) =>
          `<tr><th align="left" valign="top" style="padding:6px 16px 6px 0;color:#555;font-weight:600;` +
          `white-space:nowrap">${esc(label)}</th><td style="padding:6px 0">${htmlLines(value)}</td></tr>`,
      )
      .join("");
    parts.push(`<table role="presentation" style="border-collapse:collapse;margin:0 0 18px">${rows}</table>`);
  }
  for (const section of doc.sections ?? []) {
    parts.push(`<h2 style="font-size:16px;margin:18px 0 8px">${esc(section.heading)}</h2>`);
    const items = section.lines.map((l) => `<li>${htmlLines(l)}</li>`).join("");
    parts.push(
      items ? `<ul style="margin:0 0 14px;padding-left:20px">${items}</ul>` : `<p ${P}>${esc(section.empty)}</p>`,
    );
  }
  for (const car of doc.cars ?? []) {
    const photo = car.photo
      ? `<img src="${esc(car.photo)}" alt="" width="160" ` +
        `style="display:block;width:160px;max-width:100%;border-radius:6px">`
      : "";
    parts.push(
      `<table role="presentation" style="border-collapse:collapse;margin:0 0 14px"><tr>` +
        `<td valign="top" style="padding:0 12px 0 0"><a href="${esc(car.url)}">${photo}</a></td>` +
        `<td valign="top"><a href="${esc(car.url)}" style="color:#0b2e1f;font-weight:600">${esc(car.name)}</a>` +
        `<br><strong>${esc(car.price)}</strong>` +
        (car.note ? `<br><span style="color:#555">${esc(car.note)}</span>` : "") +
        `</td></tr></table>`,
    );
  }
  if (doc.link) {
    parts.push(
      `<p ${P}><a href="${esc(doc.link.url)}" style="display:inline-block;background:#0b2e1f;color:#fff;` +
        `padding:10px 16px;border-radius:6px;text-decoration:none">${esc(doc.link.label)}</a></p>`,
    );
  }
  for (const p of doc.closing ?? []) parts.push(`<p ${P}>${htmlLines(p)}</p>`);
  parts.push(
    `<p style="margin:24px 0 0;color:#555;font-size:13px;line-height:1.5;border-top:1px solid #ddd;padding-top:12px">` +
      `${doc.signature.map(esc).join("<br>")}</p>`,
  );
  if (doc.footer?.length) {
    const links = doc.footer.map((f) => `<a href="${esc(f.url)}" style="color:#555">${esc(f.label)}</a>`).join(" · ");
    parts.push(`<p style="margin:12px 0 0;color:#555;font-size:12px">${links}</p>`);
  }
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${esc(doc.subject)}</title></head>` +
    `<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a">` +
    `<div style="max-width:600px">${parts.join("")}</div></body></html>`
  );
}

export function renderMail(doc: MailDoc): RenderedMail {
  return { subject: oneLine(doc.subject).trim(), text: text(doc), html: html(doc) };
}
