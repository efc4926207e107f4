import { describe, expect, it } from "vitest";
import { sharedCarUrl, shareText, whatsappShareHref } from "./share-links";

const car = { id: 12, make: "Toyota", model: "Land Cruiser", year: 2018, price: 48_000_000 };

describe("share links", () => {
  it("mark each link with how it was shared, on the public origin", () => {
    expect(sharedCarUrl("https://shop.ng", car, "copy")).toBe(
      "https://shop.ng/cars/12-toyota-land-cruiser-2018?utm_source=copy",
    );
    expect(shareText(car)).toBe("2018 Toyota Land Cruiser for ₦48,000,000");
  });

  it("open WhatsApp with the car's title, price and address as the message", () => {
    const href = whatsappShareHref("https://shop.ng", car);
    expect(href.startsWith("https://wa.me/?text=")).toBe(true);
    expect(new URL(href).searchParams.get("text")).toBe(
      "2018 Toyota Land Cruiser for ₦48,000,000\nhttps://shop.ng/cars/12-toyota-land-cruiser-2018?utm_source=whatsapp",
    );
  });
});
