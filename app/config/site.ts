import type { Business } from "~/lib/business";

/**
 * The business settings of a fresh install, until an owner saves their own in the back office
 * (/admin/settings). Pages never read this directly: they read getBusiness() / useBusiness().
 */
export const defaultBusiness: Business = {
  name: "Lekki Prime Autos",
  shortName: "Prime Autos",
  tagline: "New, Tokunbo and Nigerian-used cars in Lagos",
  email: "sales@lekkiprimeautos.ng",
  phones: ["+2348035550142", "+2348125550178", "+2349095550113"],
  whatsapp: "+2348035550142",
  address: "Admiralty Way, Lekki Phase 1, Lekki, Lagos, Nigeria",
  area: "Lekki, Lagos, Nigeria",
  hours: {
    mon: { open: "08:00", close: "18:00" },
    tue: { open: "08:00", close: "18:00" },
    wed: { open: "08:00", close: "18:00" },
    thu: { open: "08:00", close: "18:00" },
    fri: { open: "08:00", close: "18:00" },
    sat: { open: "08:00", close: "18:00" },
    sun: null,
  },
  socials: [
    { name: "Instagram", url: "https://www.instagram.com/lekkiprimeautos" },
    { name: "Facebook", url: "https://www.facebook.com/lekkiprimeautos" },
    { name: "X", url: "https://x.com/lekkiprimeautos" },
  ],
  afterSalesServices: ["Vehicle diagnosis", "Insurance", "Customization", "Servicing", "Registration"],
  chatGreeting: "Hello, I'm interested in a car listing on your website.",
  about: [
    "Lekki Prime Autos is a family-run dealership in Lekki, Lagos, selling new and foreign-used “Tokunbo” " +
      "vehicles, alongside carefully chosen Nigerian-used cars, to families, professionals and businesses across " +
      "Nigeria.",
    "We started with a handful of cars on a small lot in Lekki and a simple promise: tell buyers the truth about " +
      "every car. Over more than 15 years of experience that promise has grown into a showroom of new and " +
      "foreign-used “Tokunbo” vehicles, a sourcing network abroad and thousands of happy customers.",
    "Every car we sell is inspected and priced openly in naira. After the sale we stay with you for servicing, " +
      "insurance, registration and upgrades.",
  ].join("\n\n"),
  promotion: null,
  catalogueFeed: false,
  publishVins: false,
  logo: null,
};
