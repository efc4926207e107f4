import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { DAY_NAMES, DAYS } from "~/lib/business";
import { MAX_PHONES, MAX_SOCIALS } from "~/lib/business-schema";
import classes from "./SettingsForm.module.css";

/** Descriptions under their inputs, so side-by-side fields line up whether or not they have one. */
const BELOW: ("label" | "input" | "description" | "error")[] = ["label", "input", "description", "error"];

const PHONE_FIELDS = Array.from({ length: MAX_PHONES }, (_, i) => `phones.${i}`);
const SOCIAL_ROWS = Array.from({ length: MAX_SOCIALS }, (_, i) => `socials.${i}`);

type Values = Record<string, string>;
type Errors = Record<string, string>;

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      ) : null}
      <Stack gap="sm" mt="md">
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The business settings form: plain inputs (it works without JavaScript), named by the path of
 * their field ("phones.1", "hours.sat.open") so a refusal's messages land beside them.
 */
export function SettingsForm({
  values,
  errors,
  formKey,
  feeds,
}: {
  values: Values;
  errors: Errors;
  formKey: string;
  /** The catalogue feeds' absolute addresses (on SITE_URL). */
  feeds: { meta: string; rss: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "settings";
  const field = (name: string, label: string, extra: { description?: string; required?: boolean } = {}) => (
    <TextInput
      label={label}
      name={name}
      defaultValue={values[name] ?? ""}
      error={errors[name]}
      required={extra.required ?? true}
      description={extra.description}
      inputWrapperOrder={BELOW}
    />
  );
  const socialRows = Math.min(
    MAX_SOCIALS,
    Math.max(3, Object.keys(values).filter((k) => /^socials\.\d+\.name$/.test(k) && values[k]).length + 1),
  );
  return (
    <Form method="post" key={formKey} aria-label="Business settings">
      <input type="hidden" name="intent" value="settings" />
      <Stack gap="lg">
        <Section title="Business" description="Shown in the header, the footer, page titles and link previews.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field("name", "Business name")}
            {field("shortName", "Short name", { description: "For tight spaces, e.g. the back office" })}
          </SimpleGrid>
          {field("tagline", "Tagline", { description: "One line under the name in search results" })}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Email"
              name="email"
              type="email"
              required
              defaultValue={values.email ?? ""}
              error={errors.email}
            />
            {field("area", "Area", { description: "Where the cars are, e.g. Lekki, Lagos" })}
          </SimpleGrid>
          {field("address", "Showroom address")}
        </Section>

        <Section
          title="Phone and WhatsApp"
          description={
            "Any usual spelling works (0803 555 0142, +234 803 555 0142). The first number is the one to call."
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {PHONE_FIELDS.map((name, i) => (
              <TextInput
                key={name}
                label={`Phone ${i + 1}`}
                name={name}
                type="tel"
                required={i === 0}
                defaultValue={values[name] ?? ""}
                error={errors[name] ?? (i === 0 ? errors.phones : undefined)}
              />
            ))}
          </SimpleGrid>
          <TextInput
            label="WhatsApp number"
            name="whatsapp"
            type="tel"
            required
            description="Every chat link and the green chat button open a chat with this number"
            inputWrapperOrder={BELOW}
            defaultValue={values.whatsapp ?? ""}
            error={errors.whatsapp}
          />
        </Section>

        <Section
          title="Opening hours"
          description="Inspections can only be booked on open days; the footer and contact page show these hours."
        >
          {errors.hours ? (
            <Text c="red" size="sm" role="alert">
              {errors.hours}
            </Text>
          ) : null}
          <div>
            {DAYS.map((d) => {
              const error = errors[`hours.${d}`] ?? errors[`hours.${d}.open`] ?? errors[`hours.${d}.close`];
              return (
                <fieldset key={d} className={classes.day} style={{ border: 0, margin: 0, minWidth: 0 }}>
                  <legend className="visually-hidden">{DAY_NAMES[d]}</legend>
                  <Text className={classes.name} aria-hidden="true">
                    {DAY_NAMES[d]}
                  </Text>
                  <TextInput
                    className={classes.opens}
                    type="time"
                    label="Opens"
                    name={`hours.${d}.open`}
                    defaultValue={values[`hours.${d}.open`] ?? "08:00"}
                    aria-label={`${DAY_NAMES[d]} opens`}
                  />
                  <TextInput
                    className={classes.closes}
                    type="time"
                    label="Closes"
                    name={`hours.${d}.close`}
                    defaultValue={values[`hours.${d}.close`] ?? "18:00"}
                    aria-label={`${DAY_NAMES[d]} closes`}
                  />
                  <Checkbox
                    className={classes.closed}
                    label="Closed"
                    name={`hours.${d}.closed`}
                    defaultChecked={Boolean(values[`hours.${d}.closed`])}
                    aria-label={`Closed on ${DAY_NAMES[d]}`}
                  />
                  {error ? (
                    <Text className={classes.dayError} c="red" size="sm">
                      {error}
                    </Text>
                  ) : null}
                </fieldset>
              );
            })}
          </div>
        </Section>

        <Section title="Social links" description="Full https:// addresses. Leave a row empty to drop it.">
          {SOCIAL_ROWS.slice(0, socialRows).map((row) => (
            <div key={row} className={classes.social}>
              <TextInput
                label="Network"
                name={`${row}.name`}
                placeholder="Instagram"
                defaultValue={values[`${row}.name`] ?? ""}
                error={errors[`${row}.name`]}
              />
              <TextInput
                label="Address"
                name={`${row}.url`}
                type="url"
                placeholder="https://www.instagram.com/yourshop"
                defaultValue={values[`${row}.url`] ?? ""}
                error={errors[`${row}.url`]}
              />
            </div>
          ))}
          {errors.socials ? (
            <Text c="red" size="sm">
              {errors.socials}
            </Text>
          ) : null}
        </Section>

        <Section title="Words on the site">
          <Textarea
            label="After-sales services"
            name="afterSalesServices"
            description="One per line; listed in the footer"
            inputWrapperOrder={BELOW}
            autosize
            minRows={4}
            defaultValue={values.afterSalesServices ?? ""}
            error={
              errors.afterSalesServices ??
              Object.entries(errors).find(([k]) => k.startsWith("afterSalesServices."))?.[1]
            }
          />
          <Textarea
            label="Chat greeting"
            name="chatGreeting"
            required
            description="The first message of a WhatsApp chat from the site (a car's page names the car instead)"
            inputWrapperOrder={BELOW}
            autosize
            minRows={2}
            defaultValue={values.chatGreeting ?? ""}
            error={errors.chatGreeting}
          />
          <Textarea
            label="About text"
            name="about"
            required
            description="The About page's story. Leave an empty line between paragraphs."
            inputWrapperOrder={BELOW}
            autosize
            minRows={8}
            defaultValue={values.about ?? ""}
            error={errors.about}
          />
        </Section>

        <Section title="Promotion" description="One line above every public page. Leave both empty to show none.">
          <TextInput
            label="Promotion text"
            name="promotion.text"
            placeholder="December sale: 5% off every SUV"
            defaultValue={values["promotion.text"] ?? ""}
            error={errors["promotion.text"]}
          />
          <TextInput
            label="Promotion link (optional)"
            name="promotion.url"
            placeholder="/browse?body_type=SUV"
            description="A page of this site or an https:// address"
            inputWrapperOrder={BELOW}
            defaultValue={values["promotion.url"] ?? ""}
            error={errors["promotion.url"]}
          />
        </Section>

        <Section
          title="Catalogue feeds"
          description={
            "Your unsold cars with a photo, for a Facebook, Instagram or WhatsApp Business catalogue. In Meta's " +
            "Commerce Manager add a data feed with a scheduled fetch (every hour or every day) from the address " +
            "below. It always lists the stock as it is at that moment."
          }
        >
          <Checkbox
            label="Publish the catalogue feed"
            name="catalogueFeed"
            defaultChecked={Boolean(values.catalogueFeed)}
            description="Off: the address answers 'not found' and Meta keeps its last copy until you remove the feed."
          />
          <Checkbox
            label="Include each car's VIN"
            name="publishVins"
            defaultChecked={Boolean(values.publishVins)}
            description="Off (the usual choice): the vin column stays empty. The VIN never shows on your own pages."
          />
          <TextInput
            label="Address to give Meta"
            value={feeds.meta}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid="meta-feed-url"
          />
          <Text size="sm" c="dimmed">
            New arrivals for news readers (RSS, always on: the 30 newest cars with a photo): {feeds.rss}
          </Text>
        </Section>

        <Group justify="flex-end">
          <Button type="submit" size="md" loading={busy}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
