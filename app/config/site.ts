/** Every company fact shown on the site. Change them here, nowhere else. */
export const site = {
  name: "Lekki Prime Autos",
  shortName: "Prime Autos",
  tagline: "New, Tokunbo and Nigerian-used cars in Lagos",
  email: "sales@lekkiprimeautos.ng",
  /** Shown on the top strip. */
  phones: ["+234 803 555 0142", "+234 812 555 0178", "+234 909 555 0113"],
  /** The one company number: Connect page, tel: links and chat links (digits only for wa.me). */
  companyPhone: "+234 803 555 0142",
  companyPhoneDigits: "2348035550142",
  socials: [
    { name: "Instagram", href: "https://www.instagram.com/lekkiprimeautos" },
    { name: "Facebook", href: "https://www.facebook.com/lekkiprimeautos" },
    { name: "X", href: "https://x.com/lekkiprimeautos" },
  ],
  address: "Admiralty Way, Lekki Phase 1, Lekki, Lagos, Nigeria",
  office: "Lekki, Lagos, Nigeria",
  hours: [
    { days: "Mon-Fri", time: "8:00 AM-6:00 PM" },
    { days: "Sat", time: "8:00 AM-6:00 PM" },
    { days: "Sun", time: "Closed" },
  ],
  afterSalesServices: ["Vehicle diagnosis", "Insurance", "Customization", "Servicing", "Registration"],
  chatGreeting: "Hello, I'm interested in a car listing on your website.",
} as const;

/** The greeting sent with the WhatsApp chat link; names the car when there is one. */
export function chatGreeting(car?: { make: string; model: string; year: number } | null) {
  if (!car) return site.chatGreeting;
  return `Hello, I'm interested in the ${car.make} ${car.model} ${car.year} listed on your website.`;
}

export function whatsappLink(car?: { make: string; model: string; year: number } | null) {
  return `https://wa.me/${site.companyPhoneDigits}?text=${encodeURIComponent(chatGreeting(car))}`;
}
