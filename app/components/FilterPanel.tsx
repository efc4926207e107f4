import { Form, useNavigate } from "@remix-run/react";
import type { FormEvent } from "react";
import { canonicalFilterQuery } from "~/lib/car-filters";
import {
  FILTER_BODY_TYPES,
  FILTER_CONDITIONS,
  FILTER_DRIVE_TYPES,
  FILTER_FUEL_TYPES,
  FILTER_TRANSMISSIONS,
  KEY_FEATURES,
} from "~/lib/car-options";
import classes from "./FilterPanel.module.css";
import { Button, ButtonLink } from "./ui/Button";
import { panelClass } from "./ui/Container";
import { CheckboxField, SelectField, TextField } from "./ui/Field";

/** "All" first, then the options, plus the current value when a shared link holds another one. */
function options(list: readonly string[], current: string) {
  const out = ["All", ...list];
  if (current && !out.some((o) => o.toLowerCase() === current.toLowerCase())) out.push(current);
  return out;
}

function selected(list: readonly string[], current: string) {
  return list.find((o) => o.toLowerCase() === current.toLowerCase()) ?? "All";
}

/**
 * The browse filters (docs/product.md lists them). A GET form to /browse using the panel's own names (type,
 * fuelType, driveType); the loader redirects to the canonical query, so it works without
 * JavaScript. With JavaScript the canonical URL is built here and navigated to directly.
 */
export function FilterPanel({ params }: { params: URLSearchParams }) {
  const navigate = useNavigate();
  const v = (key: string) => params.get(key) ?? "";
  const features = new Set(
    params
      .getAll("keyFeatures")
      .flatMap((f) => f.split(","))
      .map((f) => f.trim().toLowerCase()),
  );
  const moreActive = [
    "transmission",
    "fuel_type",
    "drive_train",
    "minYear",
    "maxYear",
    "minMileage",
    "maxMileage",
    "location",
    "keyFeatures",
  ].some((k) => params.has(k));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const query = canonicalFilterQuery(new URLSearchParams(data as unknown as Record<string, string>));
    const qs = query.toString();
    navigate(`/browse${qs ? `?${qs}` : ""}`);
  };

  const select = (name: string, label: string, list: readonly string[], current: string) => {
    const opts = options(list, current);
    return (
      <SelectField
        name={name}
        label={label}
        options={opts}
        defaultValue={selected(opts, current)}
        key={`${name}=${current}`}
      />
    );
  };
  const number = (name: string, label: string, placeholder: string) => (
    <TextField
      name={name}
      label={label}
      placeholder={placeholder}
      inputMode="numeric"
      defaultValue={v(name)}
      key={`${name}=${v(name)}`}
    />
  );

  return (
    <section className={panelClass(false)} aria-label="Filters">
      <Form method="get" action="/browse" onSubmit={submit} className={classes.form}>
        {params.get("q") ? <input type="hidden" name="q" value={params.get("q") ?? ""} /> : null}
        {params.get("sort") ? <input type="hidden" name="sort" value={params.get("sort") ?? ""} /> : null}
        <div className={classes.grid}>
          {select("type", "Type", FILTER_BODY_TYPES, v("body_type"))}
          <TextField
            name="make"
            label="Make"
            placeholder="e.g. Toyota"
            defaultValue={v("make")}
            key={`make=${v("make")}`}
          />
          <TextField
            name="model"
            label="Model"
            placeholder="e.g. Camry"
            defaultValue={v("model")}
            key={`model=${v("model")}`}
          />
          {select("condition", "Condition", FILTER_CONDITIONS, v("condition"))}
          {number("minPrice", "Min price (₦)", "0")}
          {number("maxPrice", "Max price (₦)", "Any")}
        </div>
        <details className={classes.more} open={moreActive || undefined}>
          <summary>More filters</summary>
          <div className={`${classes.grid} ${classes.moreGrid}`}>
            {select("transmission", "Transmission", FILTER_TRANSMISSIONS, v("transmission"))}
            {select("fuelType", "Fuel type", FILTER_FUEL_TYPES, v("fuel_type"))}
            {select("driveType", "Drive type", FILTER_DRIVE_TYPES, v("drive_train"))}
            <TextField
              name="location"
              label="Location"
              placeholder="e.g. Lekki"
              defaultValue={v("location")}
              key={`location=${v("location")}`}
            />
            {number("minYear", "Min year", "2005")}
            {number("maxYear", "Max year", "2026")}
            {number("minMileage", "Min mileage", "0")}
            {number("maxMileage", "Max mileage", "Any")}
          </div>
          <fieldset className={classes.features}>
            <legend>Key features</legend>
            <div className={classes.featureGrid}>
              {KEY_FEATURES.map((f) => (
                <CheckboxField
                  key={`${f}=${features.has(f.toLowerCase())}`}
                  name="keyFeatures"
                  value={f}
                  label={f}
                  className={classes.feature}
                  defaultChecked={features.has(f.toLowerCase())}
                />
              ))}
            </div>
          </fieldset>
        </details>
        <div className={classes.footer}>
          <CheckboxField
            name="customs_duty_paid"
            value="1"
            label="With Custom Paper only"
            className={classes.duty}
            defaultChecked={params.get("customs_duty_paid") === "1"}
            key={`customs_duty_paid=${params.get("customs_duty_paid")}`}
          />
          <p className={classes.hint}>Empty fields are left out of the search.</p>
          <div className={classes.buttons}>
            <ButtonLink to="/browse" variant="neutral">
              Clear
            </ButtonLink>
            <Button type="submit">Apply Filters</Button>
          </div>
        </div>
      </Form>
    </section>
  );
}
