// Regenerates the home page's hero slides and gallery, public/images/hero-*.webp and
// gallery-*.webp. Those files are committed and served as they are: nothing runs this at build or
// start. Run it only to redraw them (after changing the drawings below), then commit the files:
//   npx tsx scripts/showroom-images.ts
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { drawCarImage, type View } from "../app/models/demo/demo-images.server";

const OUT = path.resolve("public/images");

const CARS: Record<string, { body: string; glass: string }> = {
  suv: {
    body: [
      "M130 470 L130 380 Q132 350 170 345 L270 336 L340 262 Q352 250 372 250 L690 250 Q718 252 735 270 L800 340",
      "L846 352 Q872 362 872 400 L872 470 Z",
    ].join(" "),
    glass: "M290 336 L355 268 L500 268 L500 336 Z M520 268 L682 268 Q700 270 712 284 L760 336 L520 336 Z",
  },
  sedan: {
    body: [
      "M130 450 Q130 395 190 385 L300 372 Q360 300 440 292 L600 292 Q660 296 720 370 L830 388 Q870 398 872 440",
      "L872 470 L130 470 Z",
    ].join(" "),
    glass: "M330 372 Q380 314 445 308 L520 308 L520 372 Z M540 308 L598 308 Q640 312 690 372 L540 372 Z",
  },
  truck: {
    body: [
      "M110 470 L110 360 L480 360 L480 270 Q484 255 500 255 L650 255 Q672 256 686 274 L744 350 L850 362",
      "Q880 370 882 405 L882 470 Z",
    ].join(" "),
    glass: "M505 272 L600 272 L600 350 L505 350 Z M618 272 L650 272 Q664 274 672 288 L716 350 L618 350 Z",
  },
  coupe: {
    body: [
      "M120 455 Q125 405 190 396 L320 380 Q400 312 480 306 L590 306 Q640 312 700 380 L840 398 Q878 410 880 450",
      "L880 472 L120 472 Z",
    ].join(" "),
    glass: "M350 380 Q410 326 480 320 L600 320 Q630 330 668 380 Z",
  },
};

function car(kind: keyof typeof CARS, paint: string, x: number, y: number, scale: number): string {
  const s = CARS[kind];
  const wheels = (kind === "truck" ? [250, 760] : [270, 730])
    .map(
      (cx) =>
        `<circle cx="${cx}" cy="470" r="62" fill="#0d0f12"/>` +
        `<circle cx="${cx}" cy="470" r="38" fill="#aeb7c1"/>` +
        `<circle cx="${cx}" cy="470" r="12" fill="#3b4249"/>`,
    )
    .join("");
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <ellipse cx="500" cy="500" rx="430" ry="26" fill="rgba(0,0,0,0.35)"/>
    <path d="${s.body}" fill="${paint}" stroke="rgba(0,0,0,0.35)" stroke-width="4"/>
    <path d="${s.glass}" fill="#16202b" opacity="0.95"/>
    <path d="M150 420 L860 420" stroke="rgba(255,255,255,0.35)" stroke-width="5"/>
    <rect x="842" y="404" width="30" height="14" rx="4" fill="#fff1bf"/>
    <rect x="128" y="404" width="22" height="14" rx="4" fill="#d63031"/>
    ${wheels}
  </g>`;
}

/** A Lagos skyline at a given light: towers, the Lekki-Ikoyi bridge cables, palms. */
function skyline(tint: string): string {
  const towers = [
    [40, 300, 90],
    [140, 240, 70],
    [220, 330, 110],
    [345, 210, 80],
    [440, 280, 60],
    [520, 180, 95],
    [630, 260, 70],
    [1020, 230, 90],
    [1120, 300, 70],
    [1200, 200, 110],
    [1320, 270, 80],
    [1420, 320, 100],
    [1530, 250, 70],
  ]
    .map(([x, h, w], t) => {
      let lit = "";
      for (let wy = 560 - h + 18; wy < 540; wy += 26)
        for (let wx = x + 10; wx < x + w - 14; wx += 20)
          if ((wx * 7 + wy * 3 + t) % 5 < 2)
            lit += `<rect x="${wx}" y="${wy}" width="8" height="12" fill="#ffd98a" opacity="0.55"/>`;
      return `<rect x="${x}" y="${560 - h}" width="${w}" height="${h}" fill="${tint}"/>${lit}`;
    })
    .join("");
  const palms = [90, 760, 980, 1480]
    .map(
      (x) =>
        `<path d="M${x} 560 Q${x + 8} 470 ${x + 4} 400" stroke="${tint}" stroke-width="9" fill="none"/>` +
        `<path d="M${x + 4} 400 q-50 -10 -80 30 M${x + 4} 400 q50 -12 82 26 ` +
        `M${x + 4} 400 q-30 -40 -74 -36 M${x + 4} 400 q34 -42 76 -30" ` +
        `stroke="${tint}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    )
    .join("");
  return (
    `${towers}
    <path d="M700 560 L700 330 M700 340 L560 560 M700 340 L620 560 M700 340 L780 560 M700 340 L840 560" ` +
    `stroke="${tint}" stroke-width="5"/>
    ${palms}`
  );
}

const SLIDES: {
  sky: [string, string, string];
  ground: string;
  tint: string;
  cars: [keyof typeof CARS, string, number, number, number][];
}[] = [
  // Dusk on Admiralty Way: a white SUV and a black sedan.
  {
    sky: ["#0b2e1f", "#1f6f4a", "#f2b65a"],
    ground: "#1b1f24",
    tint: "#0c2418",
    cars: [
      ["suv", "#f4f6f8", 640, 300, 0.95],
      ["sedan", "#1c1f24", 60, 360, 0.8],
    ],
  },
  // Morning: a blue pickup.
  {
    sky: ["#2c5d8a", "#7fb2d9", "#f7e7c6"],
    ground: "#3a4048",
    tint: "#3f5f7a",
    cars: [["truck", "#1f4e8c", 420, 290, 1.0]],
  },
  // Golden hour: a red coupe and a silver SUV.
  {
    sky: ["#3b1f3f", "#b4533c", "#ffca64"],
    ground: "#22252a",
    tint: "#2a1626",
    cars: [
      ["coupe", "#b3261e", 90, 330, 0.9],
      ["suv", "#aab3bd", 780, 320, 0.85],
    ],
  },
  // Night showroom glow: a black SUV.
  {
    sky: ["#06140e", "#0f3b27", "#13804d"],
    ground: "#111418",
    tint: "#08170f",
    cars: [["suv", "#c9a45c", 420, 290, 1.0]],
  },
];

async function hero(i: number) {
  const s = SLIDES[i];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800" viewBox="0 0 1600 800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${s.sky[0]}"/><stop offset="0.6" stop-color="${s.sky[1]}"/>` +
    `<stop offset="1" stop-color="${s.sky[2]}"/>
    </linearGradient>
    <linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.ground}"/>` +
    `<stop offset="1" stop-color="#050607"/></linearGradient></defs>
    <rect width="1600" height="800" fill="url(#sky)"/>
    <circle cx="1280" cy="420" r="90" fill="#ffe3a1" opacity="0.35"/>
    ${skyline(s.tint)}
    <rect y="560" width="1600" height="240" fill="url(#road)"/>
    <path d="M0 700 H1600" stroke="#f5c451" stroke-width="6" stroke-dasharray="60 50" opacity="0.6"/>
    ${s.cars.map((c) => car(...c)).join("")}
  </svg>`;
  const file = path.join(OUT, `hero-${i + 1}.webp`);
  await sharp(Buffer.from(svg)).webp({ quality: 72 }).toFile(file);
  return file;
}

const GALLERY: { make: string; model: string; year: number; bodyType: string; colorHex: string; view: View }[] = [
  { make: "Toyota", model: "Land Cruiser", year: 2024, bodyType: "SUV", colorHex: "#f2f2f2", view: "showroom" },
  { make: "Lexus", model: "RX 350", year: 2023, bodyType: "SUV", colorHex: "#5b1a24", view: "side" },
  { make: "Mercedes-Benz", model: "C 300", year: 2022, bodyType: "Sedan", colorHex: "#1c1f24", view: "front" },
  { make: "Toyota", model: "Hilux", year: 2021, bodyType: "Truck", colorHex: "#c9ccd1", view: "showroom" },
  { make: "Ford", model: "Mustang", year: 2020, bodyType: "Coupe", colorHex: "#c0392b", view: "side" },
  { make: "Honda", model: "Accord", year: 2019, bodyType: "Sedan", colorHex: "#2c3e50", view: "interior" },
  { make: "Kia", model: "EV6", year: 2025, bodyType: "EV", colorHex: "#2e86de", view: "side" },
  { make: "Lexus", model: "GX 460", year: 2022, bodyType: "SUV", colorHex: "#3d3d3d", view: "detail" },
];

async function gallery(i: number) {
  const g = GALLERY[i];
  const jpeg = await drawCarImage({ ...g, variant: i });
  const file = path.join(OUT, `gallery-${i + 1}.webp`);
  await sharp(jpeg).resize(640).webp({ quality: 70 }).toFile(file);
  return file;
}

fs.mkdirSync(OUT, { recursive: true });
const files = [
  ...(await Promise.all(SLIDES.map((_, i) => hero(i)))),
  ...(await Promise.all(GALLERY.map((_, i) => gallery(i)))),
];
for (const f of files) console.log(`${path.relative(process.cwd(), f)} ${Math.round(fs.statSync(f).size / 1024)} KB`);
