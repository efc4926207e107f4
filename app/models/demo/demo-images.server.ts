// Draws a credible stock photo of a car in its colour, as JPEG bytes, with no download: the
// photos of the demo inventory, the bench dataset and the home page's gallery.

/** The views a car's photos are drawn from, in the order a listing shows them. */
export type View = "side" | "front" | "rear" | "interior" | "detail" | "showroom";
export const VIEWS: View[] = ["side", "front", "rear", "interior", "detail", "showroom"];

const VIEW_LABEL: Record<View, string> = {
  side: "Side profile",
  front: "Front view",
  rear: "Rear view",
  interior: "Interior",
  detail: "Wheel & trim",
  showroom: "At our Lekki showroom",
};

const BACKDROPS = [
  ["#dfe9f3", "#b8cadb"],
  ["#f4e9d8", "#d9c3a0"],
  ["#e3efe6", "#b6d1bd"],
  ["#ece7f4", "#c8bde0"],
  ["#f2e4e1", "#d8b5ad"],
  ["#e0f0f4", "#a9cfd9"],
];

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const f = (c: number) => Math.max(0, Math.min(255, Math.round(c + amount * 255)));
  const r = f((n >> 16) & 255),
    g = f((n >> 8) & 255),
    b = f(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`;
}

function esc(s: string) {
  const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
  return s.replace(/[&<>"]/g, (c) => entities[c] ?? c);
}

/** Side silhouettes by body type, drawn on a 960x640 canvas with wheels at y=470. */
function sideBody(bodyType: string, paint: string): string {
  const dark = shade(paint, -0.18);
  const glass = "#1d2a38";
  const shapes: Record<string, { body: string; glass: string }> = {
    Sedan: {
      body: [
        "M130 450 Q130 395 190 385 L300 372 Q360 300 440 292 L600 292 Q660 296 720 370 L830 388 Q870 398 872 440",
        "L872 470 L130 470 Z",
      ].join(" "),
      glass: "M330 372 Q380 314 445 308 L520 308 L520 372 Z M540 308 L598 308 Q640 312 690 372 L540 372 Z",
    },
    Coupe: {
      body: [
        "M120 455 Q125 405 190 396 L320 380 Q400 312 480 306 L590 306 Q640 312 700 380 L840 398 Q878 410 880 450",
        "L880 472 L120 472 Z",
      ].join(" "),
      glass: "M350 380 Q410 326 480 320 L600 320 Q630 330 668 380 Z",
    },
    SUV: {
      body: [
        "M130 470 L130 380 Q132 350 170 345 L270 336 L340 262 Q352 250 372 250 L690 250 Q718 252 735 270 L800 340",
        "L846 352 Q872 362 872 400 L872 470 Z",
      ].join(" "),
      glass: "M290 336 L355 268 L500 268 L500 336 Z M520 268 L682 268 Q700 270 712 284 L760 336 L520 336 Z",
    },
    EV: {
      body: [
        "M130 460 Q132 400 200 388 L300 372 Q380 292 470 286 L610 286 Q680 292 740 372 L830 390 Q872 402 872 445",
        "L872 470 L130 470 Z",
      ].join(" "),
      glass: "M330 372 Q395 306 470 300 L640 300 Q690 314 712 372 Z",
    },
    Truck: {
      body: [
        "M110 470 L110 360 L480 360 L480 270 Q484 255 500 255 L650 255 Q672 256 686 274 L744 350 L850 362",
        "Q880 370 882 405 L882 470 Z",
      ].join(" "),
      glass: "M505 272 L600 272 L600 350 L505 350 Z M618 272 L650 272 Q664 274 672 288 L716 350 L618 350 Z",
    },
  };
  const s = shapes[bodyType] ?? shapes.Sedan;
  return `
    <ellipse cx="500" cy="482" rx="410" ry="22" fill="rgba(0,0,0,0.22)"/>
    <path d="${s.body}" fill="${paint}" stroke="${dark}" stroke-width="4"/>
    <path d="${s.glass}" fill="${glass}" opacity="0.92"/>
    <path d="M150 420 L860 420" stroke="${shade(paint, 0.18)}" stroke-width="6" opacity="0.6"/>
    <rect x="840" y="405" width="30" height="14" rx="4" fill="#ffe7a3"/>
    <rect x="128" y="405" width="22" height="14" rx="4" fill="#c0392b"/>
    ${[270, 730]
      .map(
        (x) =>
          `<circle cx="${x}" cy="470" r="62" fill="#15181c"/>` +
          `<circle cx="${x}" cy="470" r="36" fill="#b9c1ca"/>` +
          `<circle cx="${x}" cy="470" r="10" fill="#4b525a"/>`,
      )
      .join("")}`;
}

function frontBody(paint: string, rear: boolean): string {
  const dark = shade(paint, -0.2);
  const lamp = rear ? "#d63031" : "#fff4c2";
  return `
    <ellipse cx="480" cy="520" rx="330" ry="24" fill="rgba(0,0,0,0.25)"/>
    <path d="${[
      "M200 500 L200 360 Q205 320 250 310 L300 230 Q315 205 350 205 L610 205 Q645 205 660 230",
      "L710 310 Q755 320 760 360 L760 500 Z",
    ].join(" ")}" fill="${paint}" stroke="${dark}" stroke-width="4"/>
    <path d="M320 300 L355 232 L605 232 L640 300 Z" fill="#1d2a38"/>
    <rect x="230" y="340" width="110" height="36" rx="12" fill="${lamp}"/>
    <rect x="620" y="340" width="110" height="36" rx="12" fill="${lamp}"/>
    ${
      rear
        ? `<rect x="400" y="400" width="160" height="40" rx="6" fill="#f5f6f7" stroke="#333" stroke-width="2"/>`
        : `<rect x="370" y="360" width="220" height="70" rx="14" fill="#20262d"/>` +
          `<path d="M380 380 H580 M380 400 H580 M380 420 H580" stroke="#5b6570" stroke-width="4"/>`
    }
    <rect x="210" y="500" width="80" height="30" rx="8" fill="#15181c"/>
    <rect x="670" y="500" width="80" height="30" rx="8" fill="#15181c"/>`;
}

function interior(paint: string): string {
  const trim = shade(paint, -0.3);
  return `
    <rect x="0" y="330" width="960" height="310" fill="#2b2f35"/>
    <path d="M0 330 Q480 250 960 330 L960 380 L0 380 Z" fill="#1f2328"/>
    <circle cx="330" cy="430" r="120" fill="none" stroke="#111" stroke-width="28"/>
    <circle cx="330" cy="430" r="34" fill="${trim}"/>
    <rect x="520" y="300" width="240" height="130" rx="12" fill="#0e1a26" stroke="#6b7785" stroke-width="4"/>
    <path d="M540 400 L600 350 L650 380 L740 320" stroke="#3fd0c9" stroke-width="6" fill="none"/>
    <rect x="0" y="560" width="960" height="80" fill="${trim}"/>`;
}

function detail(paint: string): string {
  return `
    <rect x="0" y="0" width="960" height="640" fill="${shade(paint, -0.05)}"/>
    <path d="M0 120 Q480 60 960 160 L960 230 Q480 130 0 190 Z" fill="${shade(paint, 0.2)}" opacity="0.6"/>
    <circle cx="480" cy="390" r="200" fill="#15181c"/>
    <circle cx="480" cy="390" r="140" fill="#c7ced6"/>
    ${Array.from({ length: 5 }, (_, i) => {
      const a = (i * 72 * Math.PI) / 180;
      return (
        `<path d="M480 390 L${480 + 135 * Math.cos(a)} ${390 + 135 * Math.sin(a)}" ` +
        `stroke="#7d8791" stroke-width="26" stroke-linecap="round"/>`
      );
    }).join("")}
    <circle cx="480" cy="390" r="34" fill="#3a4149"/>`;
}

export async function drawCarImage(opts: {
  make: string;
  model: string;
  year: number;
  bodyType: string;
  colorHex: string;
  view: View;
  variant: number;
}): Promise<Buffer> {
  const [sky, ground] = BACKDROPS[opts.variant % BACKDROPS.length];
  let scene = "";
  if (opts.view === "side" || opts.view === "showroom") scene = sideBody(opts.bodyType, opts.colorHex);
  else if (opts.view === "front" || opts.view === "rear") scene = frontBody(opts.colorHex, opts.view === "rear");
  else if (opts.view === "interior") scene = interior(opts.colorHex);
  else scene = detail(opts.colorHex);
  const showroom =
    opts.view === "showroom"
      ? `<rect x="0" y="0" width="960" height="90" fill="#0b2e1f"/>` +
        `<text x="40" y="58" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="700" ` +
        `fill="#ffca64">LEKKI PRIME AUTOS</text>`
      : "";
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${ground}"/></linearGradient></defs>
    <rect width="960" height="640" fill="url(#bg)"/>
    <rect y="500" width="960" height="140" fill="${shade(ground, -0.08)}"/>
    ${showroom}
    ${scene}
    <rect x="0" y="570" width="960" height="70" fill="rgba(11,46,31,0.82)"/>
    <text x="32" y="614" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" ` +
    `fill="#ffffff">${esc(`${opts.year} ${opts.make} ${opts.model}`)}</text>
    <text x="928" y="614" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" fill="#ffca64" ` +
    `text-anchor="end">${esc(VIEW_LABEL[opts.view])}</text>
  </svg>`;
  // Loaded here, not at start: a server that seeds nothing never holds libvips.
  const { default: sharp } = await import("sharp");
  return sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}
