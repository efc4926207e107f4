import type { Car } from "~/lib/car";
import { formatMileage } from "~/lib/money";
import classes from "./CarDetails.module.css";

type DetailCar = Pick<
  Car,
  | "condition"
  | "body_type"
  | "transmission"
  | "mileage"
  | "engine_capacity"
  | "engine_size"
  | "fuel_type"
  | "drive_train"
  | "custom_paper"
  | "color"
  | "registration"
  | "keyfeatures"
  | PaperworkField
>;

type PaperworkField =
  | "custom_paper"
  | "plate_state"
  | "previous_owners_ng"
  | "accident_free"
  | "flood_free"
  | "registration";

const na = (v: string | null | undefined) => (v?.trim() ? v : "N/A");
/** A yes/no nobody has checked yet is "Unknown", never "No". */
const yesNoUnknown = (v: boolean | null | undefined) => (v === true ? "Yes" : v === false ? "No" : "Unknown");

/** The Nigerian paperwork: what buyers ask before anything else about a used or imported car. */
export function paperworkFacts(car: Pick<Car, PaperworkField>): [string, string][] {
  return [
    ["Custom Paper", na(car.custom_paper)],
    ["Registered", car.registration ? "Yes" : "No"],
    ["Plate State", car.plate_state === "FCT" ? "FCT (Abuja)" : na(car.plate_state)],
    [
      "Previous Owners (Nigeria)",
      car.previous_owners_ng === null || car.previous_owners_ng === undefined ? "N/A" : String(car.previous_owners_ng),
    ],
    ["Accident Free", yesNoUnknown(car.accident_free)],
    ["Flood Free", yesNoUnknown(car.flood_free)],
  ];
}

/** The car's facts as a description list (missing values show N/A, unchecked paperwork Unknown). */
function carFacts(car: DetailCar): [string, string][] {
  return [
    ["Condition", na(car.condition)],
    ["Type", na(car.body_type)],
    ["Transmission", na(car.transmission)],
    ["Mileage", formatMileage(car.mileage)],
    ["Engine Capacity", na(car.engine_capacity)],
    ["Engine Size", na(car.engine_size)],
    ["Fuel Type", na(car.fuel_type)],
    ["Drive Type", na(car.drive_train)],
    ["Custom Paper", na(car.custom_paper)],
    ["Color", na(car.color)],
    ["Registered", car.registration ? "Yes" : "No"],
    ...paperworkFacts(car).filter(([label]) => label !== "Custom Paper" && label !== "Registered"),
  ];
}

export function CarFacts({ car }: { car: DetailCar }) {
  return (
    <dl className={classes.facts} data-testid="car-facts">
      {carFacts(car).map(([k, v]) => (
        <div key={k} className={classes.fact}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The car's key features as tags under a heading (h3 in the lightbox, h2 on the car's own page). */
export function KeyFeatures({ features, headingLevel = 3 }: { features: string[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className={classes.keyFeatures}>
      <Heading>Key Features</Heading>
      {features.length ? (
        <ul className={classes.features}>
          {features.map((f) => (
            <li key={f} className={classes.feature}>
              {f}
            </li>
          ))}
        </ul>
      ) : (
        <p className={classes.none}>N/A</p>
      )}
    </div>
  );
}
