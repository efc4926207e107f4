/** The car form's choices and the browse filter options (docs/product.md). */
/** The longest text, in characters, each free-text car field takes: the form's maxLength and the schema's limit. */
export const CAR_TEXT_MAX = {
  make: 80,
  model: 80,
  transmission: 40,
  fuel_type: 40,
  color: 40,
  location: 120,
  car_history: 2000,
  other_info: 2000,
  car_description: 2000,
  vin: 40,
  stock_number: 40,
} as const;

export const CONDITIONS = ["New", "Foreign Used", "Nigerian Used"] as const;
export const ENGINE_CAPACITIES = [
  "1.4L",
  "1.6L",
  "1.8L",
  "2.0L",
  "2.2L",
  "2.5L",
  "3.0L",
  "3.3L",
  "3.5L",
  "3.6L",
  "4.0L",
  "4.4L",
  "4.5L",
  "5.0L",
  "6.0L",
] as const;
/**
 * Other words people (and their spreadsheets) use for a choice, read as the choice itself:
 * "Tokunbo" is the site's own word for Foreign Used. Letter case, spaces, hyphens and
 * underscores never matter ("foreign-used", "Nigerian used").
 */
export const CHOICE_ALIASES: Record<string, Record<string, string>> = {
  condition: {
    "Brand New": "New",
    Tokunbo: "Foreign Used",
    "Naija used": "Nigerian Used",
    "Locally used": "Nigerian Used",
  },
  drive_train: { "4x4": "4WD" },
  yes_no: { Y: "Yes", N: "No" },
};
export const ENGINE_SIZES = ["V4", "V5", "V6", "V8", "Inline 6", "Inline 8"] as const;
export const YES_NO = ["Yes", "No"] as const;
export const BODY_TYPES = ["SUV", "Sedan", "Coupe", "EV", "Truck"] as const;
export const DRIVE_TRAINS = ["AWD", "FWD", "RWD", "4WD"] as const;
export const KEY_FEATURES = [
  "360 camera",
  "Air Conditioning",
  "Airbags",
  "Alloy Wheels",
  "AM/FM Radio",
  "Andriod Auto",
  "Anti-Lock Brakes",
  "Armrests",
  "Blind Spot Monitors",
  "Bluetooth",
  "Bullbar",
  "Carplay",
  "Cruise Control",
  "Cup Holders",
  "Electric Mirrors",
  "Electric Windows",
  "Front Fog Lamps",
  "Leather Seats",
  "LED Headlights",
  "Panoramic roof",
  "Parking Assist",
  "Parking Sensors",
  "Roof Rack",
  "Sidesteps",
  "Spotlight",
  "Sunroof",
  "Traction Control",
  "Winch",
  "Xenon Lights",
  "Heated Seats",
  "Leather Upholstery",
  "Navigation System",
  "Keyless Entry",
  "Thumbstart",
  "Exclusive Sound System",
  "New Tyres",
  "Voice Recognition",
] as const;

/** Where a Nigerian plate was issued: the 36 states and the Federal Capital Territory (stored as "FCT"). */
export const PLATE_STATES = [
  "Abia",
  "Adamawa",
  "Akwa Ibom",
  "Anambra",
  "Bauchi",
  "Bayelsa",
  "Benue",
  "Borno",
  "Cross River",
  "Delta",
  "Ebonyi",
  "Edo",
  "Ekiti",
  "Enugu",
  "Gombe",
  "Imo",
  "Jigawa",
  "Kaduna",
  "Kano",
  "Katsina",
  "Kebbi",
  "Kogi",
  "Kwara",
  "Lagos",
  "Nasarawa",
  "Niger",
  "Ogun",
  "Ondo",
  "Osun",
  "Oyo",
  "Plateau",
  "Rivers",
  "Sokoto",
  "Taraba",
  "Yobe",
  "Zamfara",
  "FCT",
] as const;

/** Browse filter panel options. "All" means the field is left out. */
export const FILTER_BODY_TYPES = ["Sedan", "SUV", "Truck", "Van"] as const;
export const FILTER_CONDITIONS = ["New", "Used"] as const;
export const FILTER_TRANSMISSIONS = ["Automatic", "Manual"] as const;
export const FILTER_FUEL_TYPES = ["Petrol", "Diesel"] as const;
export const FILTER_DRIVE_TYPES = ["FWD", "RWD", "AWD"] as const;
