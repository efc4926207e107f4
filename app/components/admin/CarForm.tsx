import {
  Box,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
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
import type { FieldErrors } from "~/lib/validation";
import classes from "./CarForm.module.css";
import { ExistingImages, NewImagesInput } from "./ImageFields";

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

/**
 * The one car form for Add New Car and Edit Car Listing (fields and rules in docs/product.md): native controls only,
 * so it works without JavaScript; multipart because of the photos.
 */
export function CarForm({
  values,
  fieldErrors: errors,
  existingImages,
  submitLabel,
}: {
  values: CarFormValues;
  fieldErrors: FieldErrors;
  existingImages?: string[];
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const features = list(values, "keyfeatures");
  const field = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <TextInput name={name} label={label} defaultValue={text(values, name)} error={errors[name]} {...props} />
  );
  return (
    <Form method="post" encType="multipart/form-data" noValidate={false}>
      <input type="hidden" name="vin" value={text(values, "vin")} />
      <Stack gap="lg">
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
              inputMode: "numeric",
              placeholder: "e.g. 25000000",
              pattern: "[0-9, ]+",
            })}
            {field("mileage", "Mileage (miles)", { inputMode: "numeric", pattern: "[0-9, ]*" })}
            {field("color", "Color", { maxLength: CAR_TEXT_MAX.color })}
            {field("location", "Location", { placeholder: "e.g. Lekki, Lagos", maxLength: CAR_TEXT_MAX.location })}
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
          <div className={classes.features}>
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
          <Stack gap="md">
            {existingImages ? (
              <div>
                <Text size="sm" fw={500} mb={8}>
                  Current images
                </Text>
                <ExistingImages images={existingImages} removed={list(values, "removeImages")} />
              </div>
            ) : null}
            <NewImagesInput label={existingImages ? "Add new images" : "Images"} error={errors.images} />
          </Stack>
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/admin/create-listing" variant="default">
            Cancel
          </Button>
          <Button type="submit" size="md" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
