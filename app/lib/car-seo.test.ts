import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config/site";
import type { PublicCar } from "./car";
import { carPreviewImage, carPreviewText, carStructuredData, jsonForScript } from "./car-seo";

const car = {
  id: 7,
  make: "Toyota",
  model: "Camry",
  year: 2019,
  price: 25_000_000,
  condition: "Foreign Used",
  images: ["/uploads/abc.jpg", "https://cdn.example/x.jpg"],
  sold: false,
  car_description: "Clean </script><!-- & more",
  transmission: "Automatic",
  fuel_type: "Petrol",
  body_type: "Sedan",
  color: "Black",
  mileage: null,
  engine_capacity: "2.5L",
  engine_size: "V4",
  drive_train: "FWD",
} as unknown as PublicCar;

describe("car previews and structured data", () => {
  it("makes the preview image the first photo's card variant, absolute on the origin", () => {
    expect(carPreviewImage(car, "https://shop.ng")).toBe("https://shop.ng/uploads/abc.card.webp");
    expect(carPreviewImage({ images: ["https://cdn.example/x.jpg"] }, "https://shop.ng")).toBe(
      "https://cdn.example/x.jpg",
    );
    expect(carPreviewImage({ images: [] }, "https://shop.ng")).toBeNull();
    expect(carPreviewText(car, defaultBusiness)).toBe(
      "₦25,000,000: Foreign Used 2019 Toyota Camry, Automatic, Petrol at Lekki Prime Autos, Lekki, Lagos, Nigeria.",
    );
  });

  it("describes a Car with an Offer in NGN, in stock or sold out, new or used", () => {
    const data = carStructuredData(car, "https://shop.ng", defaultBusiness) as Record<string, any>;
    expect(data).toMatchObject({
      "@type": "Car",
      url: "https://shop.ng/cars/7-toyota-camry-2019",
      image: ["https://shop.ng/uploads/abc.card.webp", "https://cdn.example/x.jpg"],
      offers: {
        price: 25_000_000,
        priceCurrency: "NGN",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/UsedCondition",
      },
    });
    expect(data.mileageFromOdometer).toBeUndefined();
    const sold = carStructuredData(
      { ...car, sold: true, condition: "New" },
      "https://shop.ng",
      defaultBusiness,
    ) as Record<string, any>;
    expect(sold.offers).toMatchObject({
      availability: "https://schema.org/SoldOut",
      itemCondition: "https://schema.org/NewCondition",
    });
  });

  it("writes JSON a script element cannot be broken out of, which still parses to the same value", () => {
    const text = jsonForScript(carStructuredData(car, "https://shop.ng", defaultBusiness));
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text).description).toBe("Clean </script><!-- & more");
  });
});
