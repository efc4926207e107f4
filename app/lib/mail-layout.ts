/**
 * One email, written once and sent as plain text and as simple HTML (the same words in both):
 * a greeting, paragraphs, a table of facts, a link, closing paragraphs and a signature.
 */

export interface MailDoc {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  /** Label and value; a value with line breaks keeps them. */
  facts?: [string, string][];
  link?: { label: string; url: string };
  /** Lists under a heading (the digest's sections). */
  sections?: { heading: string; lines: string[]; empty: string }[];
  closing?: string[];
  signature: string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const htmlLines = (s: string) => escapeHtml(s).replace(/\r?\n/g, "<br>");

function text(doc: MailDoc): string {
  const out: string[] = [];
  if (doc.greeting) out.push(doc.greeting, "");
  for (const p of doc.paragraphs) out.push(p, "");
  if (doc.facts?.length) {
    for (const [label, value] of doc.facts) {
      const [first, ...rest] = value.split(/\r?\n/);
      out.push(`${label}: ${first}`, ...rest.map((line) => `  ${line}`));
    }
    out.push("");
  }
  for (const section of doc.sections ?? []) {
    out.push(section.heading, "-".repeat(section.heading.length));
    out.push(...(section.lines.length ? section.lines.map((l) => `- ${l}`) : [section.empty]), "");
  }
  if (doc.link) out.push(`${doc.link.label}: ${doc.link.url}`, "");
  for (const p of doc.closing ?? []) out.push(p, "");
  out.push("--", ...doc.signature);
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
          `white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0">${htmlLines(value)}</td></tr>`,
      )
      .join("");
    parts.push(`<table role="presentation" style="border-collapse:collapse;margin:0 0 18px">${rows}</table>`);
  }
  for (const section of doc.sections ?? []) {
    parts.push(`<h2 style="font-size:16px;margin:18px 0 8px">${escapeHtml(section.heading)}</h2>`);
    const items = section.lines.map((l) => `<li>${htmlLines(l)}</li>`).join("");
    parts.push(
      items
        ? `<ul style="margin:0 0 14px;padding-left:20px">${items}</ul>`
        : `<p ${P}>${escapeHtml(section.empty)}</p>`,
    );
  }
  if (doc.link) {
    parts.push(
      `<p ${P}><a href="${escapeHtml(doc.link.url)}" style="display:inline-block;background:#0b2e1f;color:#fff;` +
        `padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(doc.link.label)}</a></p>`,
    );
  }
  for (const p of doc.closing ?? []) parts.push(`<p ${P}>${htmlLines(p)}</p>`);
  parts.push(
    `<p style="margin:24px 0 0;color:#555;font-size:13px;line-height:1.5;border-top:1px solid #ddd;padding-top:12px">` +
      `${doc.signature.map(escapeHtml).join("<br>")}</p>`,
  );
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(doc.subject)}</title></head>` +
    `<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a">` +
    `<div style="max-width:600px">${parts.join("")}</div></body></html>`
  );
}

export function renderMail(doc: MailDoc): RenderedMail {
  return { subject: doc.subject, text: text(doc), html: html(doc) };
}
