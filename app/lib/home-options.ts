/**
 * The home page's own lists, apart from car-options.ts (the form and filter options): the home
 * page's browser code then loads these few lines, not every option of the stock forms.
 */

/** Home page body-type tiles. */
export const HOME_BODY_TYPES = ["SUV", "Sedan", "Truck", "Coupe"] as const;

/** Home condition tabs: URL value -> label. */
export const CONDITION_TABS = [
  { value: "new", label: "New Cars", condition: "New" },
  { value: "foreign-used", label: "Foreign Used Cars", condition: "Foreign Used" },
  { value: "nigerian-used", label: "Nigerian Used Cars", condition: "Nigerian Used" },
] as const;
