import { Form, useNavigate } from "@remix-run/react";
import type { FormEvent } from "react";
import { canonicalFilterQuery, type FacetOption, facetOptions, type StockFacets } from "~/lib/car-filters";
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
import { CheckboxField, SelectField, TextField } from "./ui/Field";

/** The current value among the choices (matched without case), plus it when a shared link holds another one. */
function withCurrent(options: FacetOption[], current: string) {
  const found = options.find((o) => o.value.toLowerCase() === current.toLowerCase());
  if (found || !current) return { options, selected: found?.value ?? "All" };
  return { options: [...options, { value: current, label: current }], selected: current };
}

/**
 * The fields of the browse filters (see FilterPanel): a GET form to /browse#results using the
 * panel's own names (type, fuelType, driveType); the loader redirects to the canonical query (the
 * browser keeps the #results), so it works without JavaScript. With JavaScript the canonical URL
 * is built here and navigated to directly.
 */
export function FilterForm({ params, facets }: { params: URLSearchParams; facets: StockFacets }) {
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
    navigate(`/browse${qs ? `?${qs}` : ""}#results`);
  };

  const select = (name: string, label: string, choices: FacetOption[], current: string) => {
    const { options, selected } = withCurrent(choices, current);
    return (
      <SelectField name={name} label={label} options={options} defaultValue={selected} key={`${name}=${current}`} />
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
    <Form method="get" action="/browse#results" onSubmit={submit} className={classes.form}>
      {params.get("q") ? <input type="hidden" name="q" value={params.get("q") ?? ""} /> : null}
      {params.get("sort") ? <input type="hidden" name="sort" value={params.get("sort") ?? ""} /> : null}
      <div className={classes.grid}>
        {select("type", "Type", facetOptions(FILTER_BODY_TYPES, facets.body_type), v("body_type"))}
        <TextField
          name="make"
          label="Make"
          placeholder="e.g. Toyota"
          list="make-options"
          autoComplete="off"
          defaultValue={v("make")}
          key={`make=${v("make")}`}
        />
        <datalist id="make-options">
          {facets.make
            .slice()
            .sort((a, b) => a.value.localeCompare(b.value))
            .map((m) => (
              <option key={m.value} value={m.value} label={`${m.value} (${m.count})`} />
            ))}
        </datalist>
        <TextField
          name="model"
          label="Model"
          placeholder="e.g. Camry"
          defaultValue={v("model")}
          key={`model=${v("model")}`}
        />
        {select(
          "condition",
          "Condition",
          facetOptions(FILTER_CONDITIONS, facets.condition, { Used: ["Foreign Used", "Nigerian Used"] }),
          v("condition"),
        )}
        {number("minPrice", "Min price (₦)", "0")}
        {number("maxPrice", "Max price (₦)", "Any")}
      </div>
      <details className={classes.more} open={moreActive || undefined}>
        <summary>More filters</summary>
        <div className={`${classes.grid} ${classes.moreGrid}`}>
          {select(
            "transmission",
            "Transmission",
            facetOptions(FILTER_TRANSMISSIONS, facets.transmission),
            v("transmission"),
          )}
          {select("fuelType", "Fuel type", facetOptions(FILTER_FUEL_TYPES, facets.fuel_type), v("fuel_type"))}
          {select("driveType", "Drive type", facetOptions(FILTER_DRIVE_TYPES, facets.drive_train), v("drive_train"))}
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
        <div className={classes.checks}>
          <CheckboxField
            name="customs_duty_paid"
            value="1"
            label="With Custom Paper only"
            className={classes.duty}
            defaultChecked={params.get("customs_duty_paid") === "1"}
            key={`customs_duty_paid=${params.get("customs_duty_paid")}`}
          />
          <CheckboxField
            name="hide_reserved"
            value="1"
            label="Hide reserved cars"
            className={classes.duty}
            defaultChecked={params.get("hide_reserved") === "1"}
            key={`hide_reserved=${params.get("hide_reserved")}`}
          />
        </div>
        <p className={classes.hint}>Empty fields are left out of the search.</p>
        <div className={classes.buttons}>
          <ButtonLink to="/browse#results" variant="neutral">
            Clear
          </ButtonLink>
          <Button type="submit">Apply Filters</Button>
        </div>
      </div>
    </Form>
  );
}
