export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About Us" },
  { to: "/browse", label: "Browse Cars" },
  { to: "/financing", label: "Financing" },
  { to: "/book-inspection", label: "Book Inspection" },
  { to: "/connect", label: "Connect with Us" },
] as const;
