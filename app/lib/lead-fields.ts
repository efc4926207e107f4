/**
 * The lead forms' choices and length limits, without the validation library: the browser bundle
 * of the lead pages imports these (for maxLength and the <select> options), the schemas in
 * lead-schemas.ts import them too, so both always agree.
 */
export const AGE_BRACKETS = ["18 - 25", "26 - 35", "36 - 60", "60 & Above"] as const;
export const INCOME_RANGES = [
  "Less than 100k",
  "100k - 199k",
  "200k - 299k",
  "300k - 399k",
  "400k - 800k",
  "800k & Above",
] as const;
export const EMPLOYMENT_STATUSES = ["Unemployed", "Employed", "Business Owner"] as const;

export const MAX_LENGTHS = {
  name: 100,
  email: 254,
  phone: 30,
  car_make: 60,
  car_model: 80,
  other_info: 1000,
  message: 2000,
  client_location: 100,
  referral: 100,
  car_name: 200,
  car_wanted: 200,
  search: 500,
} as const;
