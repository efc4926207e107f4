import { parse } from "csv-parse/sync";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import {
  type FeedCar,
  META_FEED_HEADER,
  META_FEED_IMAGES,
  metaFeedRow,
  metaFuelType,
  metaTransmission,
  newArrivalsRss,
} from "./catalogue-feeds";
import { csvText } from "./csv";

const ORIGIN = "https://lekkiprimeautos.ng";
const business = {
  name: "Lekki Prime Autos",
  area: "Lekki, Lagos",
  address: "12 Admiralty Way, Lekki Phase 1",
  publishVins: false,
};

const car = (over: Partial<FeedCar> = {}): FeedCar => ({
  id: 7,
  make: "Toyota",
  model: "Camry",
  year: 2019,
  price: 12_500_000,
  mileage: 48_000,
  condition: "Foreign Used",
  body_type: "Sedan",
  color: "Black",
  transmission: "Automatic",
  fuel_type: "Petrol",
  drive_train: "FWD",
  vin: "4T1B11HK5KU123456",
  car_description: 'Clean "Tokunbo", first body,\nnew tyres',
  location: "Ikeja, Lagos",
  created_at: "2026-11-20T09:30:00.000Z",
  images: ["/uploads/a.jpg", "https://cdn.example.ng/b.jpg"],
  ...over,
});

/** The feed as Meta would read it: the CSV parsed back into records keyed by the header. */
function readFeed(cars: FeedCar[], settings = business): Record<string, string>[] {
  const text = csvText(
    META_FEED_HEADER,
    cars.map((c) => metaFeedRow(c, ORIGIN, settings)),
  );
  return parse(text, { bom: true, columns: true, skip_empty_lines: true });
}

describe("the Meta vehicle catalogue feed", () => {
  it("has the documented header, ten image columns and one row per car", () => {
    const text = csvText(META_FEED_HEADER, [metaFeedRow(car(), ORIGIN, business)]);
    const [header] = parse(text, { bom: true, to_line: 1 }) as string[][];
    expect(header).toEqual([
      "vehicle_id",
      "title",
      "description",
      "url",
      "make",
      "model",
      "year",
      "mileage.value",
      "mileage.unit",
      ...Array.from({ length: 10 }, (_, i) => `image[${i}].url`),
      "price",
      "availability",
      "state_of_vehicle",
      "body_style",
      "exterior_color",
      "transmission",
      "fuel_type",
      "drivetrain",
      "vin",
      "address",
    ]);
    expect(readFeed([car(), car({ id: 8 }), car({ id: 9 })]).map((r) => r.vehicle_id)).toEqual(["7", "8", "9"]);
  });

  it("writes a car as Meta reads it: absolute URLs on SITE_URL, price as '<amount> NGN', Meta's values", () => {
    const [row] = readFeed([car()]);
    expect(row).toMatchObject({
      vehicle_id: "7",
      title: "2019 Toyota Camry",
      description: 'Clean "Tokunbo", first body,\nnew tyres',
      url: `${ORIGIN}/cars/7-toyota-camry-2019?utm_source=meta`,
      make: "Toyota",
      model: "Camry",
      year: "2019",
      "mileage.value": "48000",
      "mileage.unit": "MI",
      "image[0].url": `${ORIGIN}/uploads/a.jpg`,
      "image[1].url": "https://cdn.example.ng/b.jpg",
      "image[2].url": "",
      price: "12500000 NGN",
      availability: "available",
      state_of_vehicle: "USED",
      body_style: "SEDAN",
      exterior_color: "Black",
      transmission: "AUTOMATIC",
      fuel_type: "PETROL",
      drivetrain: "FWD",
      vin: "",
    });
    expect(row.price).toMatch(/^\d+ NGN$/);
    expect(JSON.parse(row.address)).toEqual({
      addr1: "12 Admiralty Way, Lekki Phase 1",
      city: "Ikeja",
      region: "Lagos",
      country: "NG",
    });
    for (const [column, value] of Object.entries(row)) {
      if (column === "url" || /^image\[\d\]\.url$/.test(column)) {
        if (value) expect(new URL(value).protocol).toBe("https:");
      }
    }
  });

  it("publishes the VIN only when the owner chose to, and keeps at most ten photos", () => {
    const many = Array.from({ length: 14 }, (_, i) => `/uploads/p${i}.jpg`);
    const [hidden] = readFeed([car({ images: many })]);
    expect(hidden.vin).toBe("");
    expect(hidden[`image[${META_FEED_IMAGES - 1}].url`]).toBe(`${ORIGIN}/uploads/p9.jpg`);
    expect(Object.keys(hidden).filter((k) => k.startsWith("image["))).toHaveLength(10);
    const [shown] = readFeed([car()], { ...business, publishVins: true });
    expect(shown.vin).toBe("4T1B11HK5KU123456");
  });

  it("fills what the form leaves empty: a description, no mileage, the business area", () => {
    const [row] = readFeed([
      car({ car_description: null, mileage: null, location: null, condition: "New", body_type: "EV", fuel_type: null }),
    ]);
    expect(row).toMatchObject({
      description: "New 2019 Toyota Camry",
      "mileage.value": "",
      "mileage.unit": "",
      state_of_vehicle: "NEW",
      body_style: "OTHER",
      fuel_type: "ELECTRIC",
    });
    expect(JSON.parse(row.address)).toMatchObject({ city: "Lekki", region: "Lagos", country: "NG" });
  });

  it("maps the form's free text to Meta's transmission and fuel values", () => {
    expect(["Automatic", "CVT", "Manual", "", "Semi"].map((t) => metaTransmission(t || null))).toEqual([
      "AUTOMATIC",
      "AUTOMATIC",
      "MANUAL",
      "NONE",
      "OTHER",
    ]);
    expect(["Diesel", "Hybrid", "Plug-in hybrid", "Gasoline", "CNG"].map((f) => metaFuelType(f, "SUV"))).toEqual([
      "DIESEL",
      "HYBRID",
      "PLUGIN_HYBRID",
      "PETROL",
      "OTHER",
    ]);
  });
});

/** A tiny DOM of the XML (elements, attributes, text), read by a strict XML 1.0 parser. */
interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlNode = { name: "#document", attributes: {}, children: [], text: "" };
  const stack = [root];
  parser.on("opentag", (tag) => {
    const node: XmlNode = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: "",
    };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on("text", (t) => {
    stack[stack.length - 1].text += t;
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.write(xml).close();
  return root;
}

const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);
const childText = (node: XmlNode, name: string) => child(node, name)?.text ?? null;

describe("the new arrivals RSS feed", () => {
  it("is well-formed RSS 2.0: one channel with its title, link and description, and an item per car", () => {
    const cars = [
      car({ id: 9, created_at: "2026-11-26T08:00:00.000Z", car_description: "Fairly used <3 & clean\u0001" }),
      car({ id: 8 }),
    ];
    const doc = parseXml(newArrivalsRss(cars, ORIGIN, business, new Date("2026-11-27T00:00:00Z")));
    const rss = doc.children[0];
    expect(rss.name).toBe("rss");
    expect(rss.attributes.version).toBe("2.0");
    const channels = rss.children.filter((c) => c.name === "channel");
    expect(channels).toHaveLength(1);
    const channel = channels[0];
    expect(childText(channel, "title")).toBe("Lekki Prime Autos: new arrivals");
    expect(childText(channel, "link")).toBe(`${ORIGIN}/browse`);
    expect(childText(channel, "description")).toContain("Lekki Prime Autos");
    expect(childText(channel, "lastBuildDate")).toBe("Thu, 26 Nov 2026 08:00:00 GMT");
    const items = channel.children.filter((c) => c.name === "item");
    expect(items).toHaveLength(2);
    const first = items[0];
    expect(childText(first, "title")).toBe("2019 Toyota Camry: ₦12,500,000");
    expect(childText(first, "link")).toBe(`${ORIGIN}/cars/9-toyota-camry-2019?utm_source=rss`);
    expect(child(first, "guid")?.attributes.isPermaLink).toBe("false");
    expect(childText(first, "guid")).toBe("car-9");
    expect(new Date(childText(first, "pubDate") ?? "").toISOString()).toBe("2026-11-26T08:00:00.000Z");
    // The description is HTML carried as text: the photo is absolute and the buyer's words escaped.
    const description = childText(first, "description") ?? "";
    expect(description).toContain(`<img src="${ORIGIN}/uploads/a.jpg"`);
    expect(description).toContain("Fairly used &lt;3 &amp; clean</p>");
  });

  it("is a valid empty channel when no car has a photo yet", () => {
    const doc = parseXml(newArrivalsRss([], ORIGIN, business, new Date("2026-11-27T10:00:00Z")));
    const channel = child(doc.children[0], "channel");
    expect(channel?.children.filter((c) => c.name === "item")).toEqual([]);
    expect(childText(channel as XmlNode, "lastBuildDate")).toBe("Fri, 27 Nov 2026 10:00:00 GMT");
  });
});
