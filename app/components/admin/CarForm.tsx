import {
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import {
  BODY_TYPES,
  CAR_TEXT_MAX,
  CONDITIONS,
  DRIVE_TRAINS,
  ENGINE_CAPACITIES,
  ENGINE_SIZES,
  KEY_FEATURES,
  PLATE_STATES,
  YES_NO,
} from "~/lib/car-options";
import { CarSchema, withCustomPaperAlias } from "~/lib/car-schema";
import { useHydrated } from "~/lib/use-hydrated";
import { type FieldErrors, firstError, validate } from "~/lib/validation";
import classes from "./CarForm.module.css";
import { PhotoFields, type PhotoUpload } from "./ImageFields";
import { Notice } from "./Notice";
import { useFormDraft } from "./useFormDraft";

/** What the form shows: a car's values, or what the admin typed before a refusal. */
export type CarFormValues = Record<string, string | string[] | undefined>;

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" className={classes.section} m={0}>
      <Title
        order={2}
        fz="md"
        component="legend"
        style={{ float: "left", width: "100%", padding: 0 }}
        mb={description ? 2 : "md"}
      >
        {title}
      </Title>
      {description ? (
        <Text size="xs" c="dimmed" mb="md" style={{ clear: "both" }}>
          {description}
        </Text>
      ) : null}
      <Box style={{ clear: "both" }}>{children}</Box>
    </Box>
  );
}

const text = (v: CarFormValues, k: string) => {
  const x = v[k];
  return Array.isArray(x) ? (x[0] ?? "") : (x ?? "");
};
const list = (v: CarFormValues, k: string) => {
  const x = v[k];
  return x === undefined ? [] : Array.isArray(x) ? x : [x];
};

function Choice({
  name,
  label,
  options,
  values,
  errors,
}: {
  name: string;
  label: string;
  options: readonly string[];
  values: CarFormValues;
  errors: FieldErrors;
}) {
  return (
    <NativeSelect
      id={`field-${name}`}
      name={name}
      label={label}
      required
      defaultValue={text(values, name)}
      error={errors[name]}
      data={[
        { value: "", label: `Select ${label.toLowerCase()}`, disabled: true },
        ...options.map((o) => ({ value: o, label: o })),
      ]}
    />
  );
}

function YesNo({ name, label, values }: { name: string; label: string; values: CarFormValues }) {
  const value = text(values, name) === "Yes" ? "Yes" : "No";
  return (
    <Radio.Group name={name} label={label} defaultValue={value}>
      <Group gap="lg" mt={6}>
        <Radio value="Yes" label="Yes" />
        <Radio value="No" label="No" />
      </Group>
    </Radio.Group>
  );
}

/** A yes/no that may not be known yet: a native select whose first choice, Unknown, is stored as empty. */
function YesNoUnknown({
  name,
  label,
  values,
  errors,
}: {
  name: string;
  label: string;
  values: CarFormValues;
  errors: FieldErrors;
}) {
  const value = text(values, name);
  return (
    <NativeSelect
      id={`field-${name}`}
      name={name}
      label={label}
      defaultValue={value === "Yes" || value === "No" ? value : ""}
      error={errors[name]}
      data={[
        { value: "", label: "Unknown" },
        { value: "Yes", label: "Yes" },
        { value: "No", label: "No" },
      ]}
    />
  );
}

/** Names of the fields, for the list of problems above the form. */
const FIELD_LABELS: Record<string, string> = {
  make: "Make",
  model: "Model",
  year: "Year",
  price: "Price",
  mileage: "Mileage",
  color: "Color",
  location: "Location",
  stock_number: "Stock number",
  condition: "Condition",
  body_type: "Body Type",
  engine_capacity: "Engine Capacity",
  engine_size: "Engine Size",
  drive_train: "Drive Train",
  custom_paper: "Custom Paper",
  transmission: "Transmission",
  fuel_type: "Fuel Type",
  customs_duty_paid: "Customs duty paid",
  plate_state: "Plate state",
  previous_owners_ng: "Previous owners in Nigeria",
  accident_free: "Accident free",
  flood_free: "Flood free",
  keyfeatures: "Key Features",
  car_description: "Description",
  car_history: "Car History",
  other_info: "Other Info",
  images: "Photos",
};

/** The same check the server makes of the form's fields (not the photos, nor the stock number's owner). */
function fieldProblems(body: FormData): FieldErrors | null {
  const fields: Record<string, string | string[]> = {};
  for (const [k, v] of body.entries()) {
    if (typeof v !== "string") continue;
    const had = fields[k];
    fields[k] = had === undefined ? v : ([] as string[]).concat(had, v);
  }
  const result = validate(CarSchema, withCustomPaperAlias(fields));
  return result.ok ? null : result.fieldErrors;
}

interface FormMessage {
  kind: "error" | "info";
  text: string;
  signIn?: boolean;
}

/** Every problem of a refused form, each a link to its field; focused when it appears. */
function ErrorSummary({ message, errors, focusKey }: { message: FormMessage; errors: FieldErrors; focusKey: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusKey === 0) return;
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: "start" });
  }, [focusKey]);
  const entries = Object.entries(errors);
  if (message.kind === "info") return <Notice kind="info">{message.text}</Notice>;
  return (
    <Paper ref={ref} tabIndex={-1} withBorder radius="md" p="md" role="alert" className={classes.summary} id="problems">
      <Text fw={700} c="red.9">
        {message.text}
      </Text>
      {message.signIn ? (
        <Anchor href="/admin/login" target="_blank" size="sm">
          Sign in again (opens a new tab), then send the form again
        </Anchor>
      ) : null}
      {entries.length > 1 ? (
        <>
          <Text size="sm" mt={6}>
            {entries.length} problems to fix:
          </Text>
          <ul className={classes.summaryList}>
            {entries.map(([name, problem]) => (
              <li key={name}>
                <Anchor
                  href={`#field-${name}`}
                  size="sm"
                  onClick={() => setTimeout(() => document.getElementById(`field-${name}`)?.focus())}
                >
                  {FIELD_LABELS[name] ?? name}: {problem}
                </Anchor>
              </li>
            ))}
          </ul>
        </>
      ) : entries.length === 1 ? (
        <Anchor href={`#field-${entries[0][0]}`} size="sm">
          Go to {FIELD_LABELS[entries[0][0]] ?? entries[0][0]}
        </Anchor>
      ) : null}
    </Paper>
  );
}

/** The kept draft on offer: restore or discard. */
function DraftOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const when = new Date(savedAt).toLocaleString("en-NG", {
    timeZone: "Africa/Lagos",
    hour: "2-digit",
    minute: "2-digit",
    day: "numeric",
    month: "short",
  });
  return (
    <Notice kind="info">
      <Group justify="space-between" gap="sm">
        <span>An unsent car from {when} was kept on this device (photos must be chosen again).</span>
        <Group gap="xs">
          <Button size="xs" onClick={onRestore}>
            Restore it
          </Button>
          <Button size="xs" variant="default" onClick={onDiscard}>
            Discard
          </Button>
        </Group>
      </Group>
    </Notice>
  );
}

/**
 * The one car form for Add New Car and Edit Car Listing (fields and rules in docs/product.md): native controls,
 * so it works without JavaScript (multipart, photos under 2 MB each). With JavaScript the photos are resized
 * in the browser and the form is sent to /admin/car-upload with a progress bar and a retry; a refusal keeps
 * every field and photo on the page; the typed fields are kept on the device until the car is saved.
 */
export function CarForm({
  values,
  fieldErrors,
  error,
  notice = "error",
  existingImages,
  carId,
  submitLabel,
  formToken,
}: {
  values: CarFormValues;
  fieldErrors: FieldErrors;
  error?: string | null;
  notice?: "error" | "info";
  existingImages?: string[];
  carId?: number;
  submitLabel: string;
  /** A one-time token (Add Car): the same form sent twice creates one car. */
  formToken?: string;
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const photos = useRef<PhotoUpload | null>(null);
  const [errors, setErrors] = useState<FieldErrors>(fieldErrors);
  const [message, setMessage] = useState<FormMessage | null>(error ? { kind: notice, text: error } : null);
  const [focusKey, setFocusKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [retry, setRetry] = useState<FormData | null>(null);
  const draft = useFormDraft(formRef, `car-draft:${carId ?? "new"}`);
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting" || progress !== null;
  const features = list(values, "keyfeatures");
  const order = list(values, "imageOrder");
  const existing = existingImages
    ? [...new Set([...order.filter((p) => existingImages.includes(p)), ...existingImages])]
    : [];

  const fail = (m: FormMessage, fieldErrs: FieldErrors = {}) => {
    setProgress(null);
    setErrors(fieldErrs);
    setMessage(m);
    setFocusKey((k) => k + 1);
  };
  const send = (body: FormData) => {
    setRetry(null);
    setMessage(null);
    setProgress(0);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/admin/car-upload${carId ? `?carId=${carId}` : ""}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let answer: { ok?: boolean; location?: string; error?: string; fieldErrors?: FieldErrors } | null = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = null;
      }
      if (xhr.status === 200 && answer?.ok && answer.location) {
        setProgress(100);
        draft.clear();
        navigate(answer.location);
      } else if (!answer?.error || xhr.status >= 500) {
        setRetry(body);
        fail({ kind: "error", text: "The upload failed. Every field and photo is still here: try again." });
      } else if (xhr.status === 401) {
        setRetry(body);
        fail({ kind: "error", text: answer.error, signIn: true });
      } else fail({ kind: "error", text: answer.error }, answer.fieldErrors ?? {});
    };
    xhr.onerror = () => {
      setRetry(body);
      fail({ kind: "error", text: "The connection was lost. Every field and photo is still here: try again." });
    };
    xhr.send(body);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const upload = photos.current;
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    const only = submitter?.getAttribute("name");
    if (!hydrated || !upload || only === "move" || only === "reach") return;
    e.preventDefault();
    if (upload.busy()) {
      setMessage({ kind: "info", text: "The photos are still being prepared: send again in a moment." });
      return;
    }
    const body = new FormData(e.currentTarget);
    // The fields are checked here first, so a typing slip is said at once, not after the photos upload.
    const problems = fieldProblems(body);
    if (problems) {
      fail({ kind: "error", text: firstError(problems) }, problems);
      return;
    }
    for (const file of upload.files()) body.append("images", file);
    send(body);
  };

  const field = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <TextInput
      id={`field-${name}`}
      name={name}
      label={label}
      defaultValue={text(values, name)}
      error={errors[name]}
      {...props}
    />
  );
  return (
    <Form method="post" encType="multipart/form-data" ref={formRef} onSubmit={onSubmit} noValidate={hydrated}>
      <input type="hidden" name="vin" value={text(values, "vin")} />
      {formToken ? <input type="hidden" name="form_token" value={formToken} /> : null}
      <Stack gap="lg">
        {draft.offer ? (
          <DraftOffer savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />
        ) : null}
        {message ? <ErrorSummary message={message} errors={errors} focusKey={focusKey} /> : null}
        <Section title="Vehicle">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {field("make", "Make", { required: true, placeholder: "e.g. Toyota", maxLength: CAR_TEXT_MAX.make })}
            {field("model", "Model", { required: true, placeholder: "e.g. Camry", maxLength: CAR_TEXT_MAX.model })}
            {field("year", "Year", {
              required: true,
              type: "number",
              min: 1950,
              max: new Date().getFullYear() + 1,
              inputMode: "numeric",
            })}
            {field("price", "Price (₦)", {
              required: true,
              placeholder: "e.g. 25,000,000 or 25m",
            })}
            {field("mileage", "Mileage (miles)", { inputMode: "numeric", pattern: "[0-9, ]*" })}
            {field("color", "Color", { maxLength: CAR_TEXT_MAX.color })}
            {field("location", "Location", { placeholder: "e.g. Lekki, Lagos", maxLength: CAR_TEXT_MAX.location })}
            {field("stock_number", "Stock number", {
              placeholder: "Your own reference, or blank for LPA-<id>",
              maxLength: CAR_TEXT_MAX.stock_number,
            })}
          </SimpleGrid>
        </Section>

        <Section title="Specifications">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            <Choice name="condition" label="Condition" options={CONDITIONS} values={values} errors={errors} />
            <Choice name="body_type" label="Body Type" options={BODY_TYPES} values={values} errors={errors} />
            <Choice
              name="engine_capacity"
              label="Engine Capacity"
              options={ENGINE_CAPACITIES}
              values={values}
              errors={errors}
            />
            <Choice name="engine_size" label="Engine Size" options={ENGINE_SIZES} values={values} errors={errors} />
            <Choice name="drive_train" label="Drive Train" options={DRIVE_TRAINS} values={values} errors={errors} />
            <Choice name="custom_paper" label="Custom Paper" options={YES_NO} values={values} errors={errors} />
            {field("transmission", "Transmission", {
              placeholder: "e.g. Automatic",
              list: "transmission-options",
              maxLength: CAR_TEXT_MAX.transmission,
            })}
            {field("fuel_type", "Fuel Type", {
              placeholder: "e.g. Petrol",
              list: "fuel-options",
              maxLength: CAR_TEXT_MAX.fuel_type,
            })}
          </SimpleGrid>
          <datalist id="transmission-options">
            <option value="Automatic" />
            <option value="Manual" />
          </datalist>
          <datalist id="fuel-options">
            <option value="Petrol" />
            <option value="Diesel" />
            <option value="Hybrid" />
            <option value="Electric" />
          </datalist>
          <Group gap={48} mt="lg">
            <YesNo name="financing" label="Available for financing" values={values} />
            <YesNo name="registration" label="Registered" values={values} />
          </Group>
        </Section>

        <Section
          title="Nigerian papers"
          description="Leave Unknown until you have checked: buyers see Unknown, never No."
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            <NativeSelect
              id="field-plate_state"
              name="plate_state"
              label="Plate state"
              defaultValue={text(values, "plate_state")}
              error={errors.plate_state}
              data={[
                { value: "", label: "Not registered / unknown" },
                ...PLATE_STATES.map((s) => ({ value: s, label: s === "FCT" ? "FCT (Abuja)" : s })),
              ]}
            />
            {field("previous_owners_ng", "Previous owners in Nigeria", {
              type: "number",
              min: 0,
              max: 50,
              inputMode: "numeric",
              placeholder: "Unknown",
            })}
            <YesNoUnknown name="accident_free" label="Accident free" values={values} errors={errors} />
            <YesNoUnknown name="flood_free" label="Flood free" values={values} errors={errors} />
          </SimpleGrid>
        </Section>

        <Section title="Key Features" description="Tick everything the car has.">
          <div className={classes.features} id="field-keyfeatures">
            {KEY_FEATURES.map((f) => (
              <Checkbox
                key={f}
                name="keyfeatures"
                value={f}
                label={f}
                defaultChecked={features.includes(f)}
                size="sm"
              />
            ))}
          </div>
          {errors.keyfeatures ? (
            <Text c="red" size="sm" mt="sm">
              {errors.keyfeatures}
            </Text>
          ) : null}
        </Section>

        <Section title="Description and history">
          <Stack gap="md">
            <Textarea
              id="field-car_description"
              name="car_description"
              label="Description"
              autosize
              minRows={2}
              maxRows={6}
              defaultValue={text(values, "car_description")}
              error={errors.car_description}
              maxLength={CAR_TEXT_MAX.car_description}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Textarea
                id="field-car_history"
                name="car_history"
                label="Car History"
                autosize
                minRows={3}
                maxRows={8}
                defaultValue={text(values, "car_history")}
                error={errors.car_history}
                maxLength={CAR_TEXT_MAX.car_history}
              />
              <Textarea
                id="field-other_info"
                name="other_info"
                label="Other Info"
                autosize
                minRows={3}
                maxRows={8}
                defaultValue={text(values, "other_info")}
                error={errors.other_info}
                maxLength={CAR_TEXT_MAX.other_info}
              />
            </SimpleGrid>
          </Stack>
        </Section>

        <Section title="Photos">
          <PhotoFields
            existing={existing}
            removed={list(values, "removeImages")}
            error={errors.images}
            upload={photos}
          />
        </Section>

        {progress !== null ? (
          <Box>
            <Text size="sm" fw={600} mb={4} id="upload-progress-label">
              {progress >= 99 ? "Saving…" : `Uploading… ${progress}%`}
            </Text>
            <Progress value={progress} size="lg" animated aria-labelledby="upload-progress-label" />
          </Box>
        ) : null}
        {retry ? (
          <Group>
            <Button variant="filled" color="orange" onClick={() => send(retry)}>
              Retry upload
            </Button>
          </Group>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/admin/create-listing" variant="default">
            Cancel
          </Button>
          <Button type="submit" size="md" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
        {/* After the save button: pressing Enter in a field saves (the first submit button is the default). */}
        <BuyersReached formRef={formRef} carId={carId} hydrated={hydrated} />
      </Stack>
    </Form>
  );
}

/**
 * How many waiting buyers (confirmed alerts) the car as typed would reach, before saving: asked of
 * /admin/car-reach as the fields change (photos left out). Without JavaScript a button sends the
 * form to ask, and the page answers with the number; nothing is saved either way.
 */
function BuyersReached({
  formRef,
  carId,
  hydrated,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  carId?: number;
  hydrated: boolean;
}) {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const ask = () => {
      const body = new FormData(form);
      for (const [key, value] of [...body.entries()]) if (typeof value !== "string") body.delete(key);
      body.delete("form_token");
      const n = ++asked;
      fetch(`/admin/car-reach${carId ? `?carId=${carId}` : ""}`, { method: "POST", body })
        .then((r) => (r.ok ? r.json() : null))
        .then((answer: { message?: string } | null) => {
          if (n === asked && answer?.message) setMessage(answer.message);
        })
        .catch(() => {});
    };
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(ask, 400);
    };
    ask();
    form.addEventListener("input", soon);
    form.addEventListener("change", soon);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", soon);
      form.removeEventListener("change", soon);
    };
  }, [formRef, carId]);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" role="status" data-testid="car-reach">
        {message ?? (hydrated ? "" : "Ask before saving how many waiting buyers this car would reach.")}
      </Text>
      {hydrated ? null : (
        <Button type="submit" name="reach" value="1" variant="default" size="xs" formNoValidate>
          How many waiting buyers?
        </Button>
      )}
    </Group>
  );
}
