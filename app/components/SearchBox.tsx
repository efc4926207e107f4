import { Form, useNavigate } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import classes from "./SearchBox.module.css";
import { Button } from "./ui/Button";

function SearchIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

/**
 * Search cars: a GET form to /browse (works without JavaScript). With JavaScript, Enter or Search
 * goes to /browse?q=<text> and clears the box; Search is disabled while the text is blank.
 */
export function SearchBox({ defaultValue = "", size = "lg" }: { defaultValue?: string; size?: "md" | "lg" }) {
  const [text, setText] = useState(defaultValue);
  const navigate = useNavigate();
  // Without JavaScript the button stays enabled (the browser's `required` check guards the box).
  const hydrated = useHydrated();
  const blank = text.trim() === "";
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (blank) return;
    navigate(`/browse?${new URLSearchParams({ q: text.trim() })}`);
    setText("");
  };
  return (
    <Form method="get" action="/browse" role="search" onSubmit={submit}>
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
