import { Form, useNavigate } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import classes from "./SearchBox.module.css";
import { Button } from "./ui/Button";
import { LineIcon } from "./ui/Icon";

function SearchIcon() {
  return (
    <LineIcon>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </LineIcon>
  );
}

/**
 * Search cars: a GET form to /browse (works without JavaScript). With JavaScript, Enter or Search
 * goes to /browse?q=<text>; Search is disabled while the text is blank. On the home page the box
 * clears after a search. On /browse (`keep` holds the current filters and order) it keeps them,
 * keeps the words in the box, and lands on the results (#results).
 */
export function SearchBox({
  defaultValue = "",
  size = "lg",
  keep,
}: {
  defaultValue?: string;
  size?: "md" | "lg";
  /** The browse query a search keeps (its filters and order; the words and page are replaced). */
  keep?: URLSearchParams;
}) {
  const [text, setText] = useState(defaultValue);
  const navigate = useNavigate();
  // Without JavaScript the button stays enabled (the browser's `required` check guards the box).
  const hydrated = useHydrated();
  const blank = text.trim() === "";
  const kept = keep ? [...keep].filter(([key]) => key !== "q" && key !== "page") : [];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (blank) return;
    const query = new URLSearchParams(kept);
    query.set("q", text.trim());
    navigate(`/browse?${query}${keep ? "#results" : ""}`);
    if (!keep) setText("");
  };
  return (
    <Form method="get" action={keep ? "/browse#results" : "/browse"} role="search" onSubmit={submit}>
      {kept.map(([key, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt from the URL, never reordered
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
      <div className={size === "lg" ? `${classes.row} ${classes.lg}` : classes.row}>
        <div className={classes.box}>
          <span className={classes.icon}>
            <SearchIcon />
          </span>
          <input
            className={classes.input}
            type="text"
            name="q"
            aria-label="Search cars"
            placeholder="Search make, model, colour or feature"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            required
          />
        </div>
        <Button type="submit" size={size} className={classes.button} disabled={hydrated && blank}>
          Search
        </Button>
      </div>
    </Form>
  );
}
