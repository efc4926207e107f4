import { Form, useSubmit } from "@remix-run/react";
import { CAR_SORTS, type CarSort, SORT_LABELS } from "~/lib/car-filters";
import classes from "./SortForm.module.css";
import { Button } from "./ui/Button";

/**
 * The order of the results: a GET form to /browse#results that carries the current filters as
 * hidden fields (a new order starts again at page 1), so it works without JavaScript (choose, then
 * Sort). With JavaScript a new choice applies at once and the Sort button is not shown. The order
 * then stays in the URL, kept by the pager, the search box and the filter panel.
 */
export function SortForm({ params, sort }: { params: URLSearchParams; sort: CarSort }) {
  const kept = [...params].filter(([key]) => key !== "sort" && key !== "page");
  const submit = useSubmit();
  return (
    <Form method="get" action="/browse#results" className={classes.form} data-testid="sort-form">
      {kept.map(([key, value], i) => (
        // The same name may repeat (keyFeatures): its position keeps the key unique.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt from the URL, never reordered
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor="sort" className={classes.label}>
        Sort by
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={sort}
        key={sort}
        className={classes.select}
        onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
      >
        {CAR_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      {/* Only without JavaScript (with it a choice applies at once); in <noscript> so nothing moves on hydration. */}
      <noscript>
        <Button type="submit" variant="default">
          Sort
        </Button>
      </noscript>
    </Form>
  );
}
