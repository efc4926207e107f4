import { Button, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { FileField } from "~/components/admin/FileField";
import { Notice } from "~/components/admin/Notice";
import { ReservationSettingsForm } from "~/components/admin/ReservationSettingsForm";
import { SettingsForm } from "~/components/admin/SettingsForm";
import { env, siteOrigin } from "~/config/env.server";
import { requireAdmin } from "~/http/auth.server";
import { readImageForm } from "~/http/image-upload.server";
import { forbidden, refusalForPage } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { initials } from "~/lib/business";
import { settingsFormValues, settingsFromForm } from "~/lib/business-schema";
import { META_FEED_PATH, RSS_FEED_PATH } from "~/lib/catalogue-feeds";
import { edge } from "~/lib/edge";
import { imageVariant } from "~/lib/images";
import { reservationFormValues, reservationInputFromForm } from "~/lib/reservations";
import { getBusiness } from "~/models/business.server";
import { reservationSettingsView, updateReservationSettings } from "~/use-cases/reservations.server";
import { SETTINGS_SAVED, setLogo, updateSettings } from "~/use-cases/settings.server";
import { assertCan, staffActor } from "~/use-cases/use-case.server";

type Result = {
  intent: "settings" | "logo" | "remove-logo" | "reservations";
  ok: boolean;
  message: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  at: number;
};

const SAVED_MESSAGES: Record<string, string> = {
  settings: SETTINGS_SAVED,
  logo: "Logo saved.",
  "remove-logo": "Logo removed.",
  reservations: "Reservation settings saved.",
};

const INTENTS = ["logo", "remove-logo", "reservations"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  forbidden(() => assertCan(staffActor(admin, clientIp(context)), "settings.view"));
  const business = await getBusiness();
  const saved = SAVED_MESSAGES[new URL(request.url).searchParams.get("saved") ?? ""] ?? null;
  const origin = siteOrigin(env());
  const feeds = { meta: `${origin}${META_FEED_PATH}`, rss: `${origin}${RSS_FEED_PATH}` };
  const reservations = await reservationSettingsView();
  return {
    values: settingsFormValues(business),
    logo: business.logo,
    name: business.name,
    saved,
    feeds,
    reservations: {
      values: reservationFormValues(reservations.settings),
      paystackKey: reservations.key,
      webhookUrl: reservations.webhookUrl,
    },
  };
}

/** Edge policy (app/lib/edge.ts): the logo travels in the POST body. */
export const handle = edge({ uploads: ["POST"] });

export async function action({ request, context }: ActionFunctionArgs) {
  const { admin, token } = await requireAdmin(request);
  const actor = staffActor(admin, clientIp(context), token);
  forbidden(() => assertCan(actor, "settings.edit"));
  let intent: Result["intent"] = "settings";
  let values: Record<string, string> = {};
  try {
    const { fields, file } = await readImageForm(request, "logo");
    intent = INTENTS.find((i) => i === fields.intent) ?? "settings";
    // A pasted Paystack key is never sent back to the browser, not even in a refused form.
    const { secretKey: _key, ...shown } = fields;
    values = shown;
    if (intent === "reservations") {
      await updateReservationSettings(actor, reservationInputFromForm(fields));
      return redirect("/admin/settings?saved=reservations#reservations");
    }
    if (intent === "settings") {
      await updateSettings(actor, settingsFromForm(fields));
      // Saved: the page is drawn again from what was stored (phones as stored, +234...).
      return redirect("/admin/settings?saved=settings");
    }
    if (intent === "logo" && !file) {
      const message = "Choose a PNG, JPEG or WebP image for the logo.";
      return data<Result>({ intent, ok: false, message, fieldErrors: { logo: message }, values, at: Date.now() }, 400);
    }
    await setLogo(actor, intent === "logo" ? file : null);
    return redirect(`/admin/settings?saved=${intent}`);
  } catch (e) {
    const failure = refusalForPage(e);
    const message =
      intent === "settings"
        ? "The settings were not saved: check the fields marked in red."
        : intent === "reservations"
          ? `The reservation settings were not saved: ${failure.message}`
          : failure.message;
    return data<Result>(
      { intent, ok: false, message, fieldErrors: failure.fieldErrors, values, at: Date.now() },
      { status: failure.status },
    );
  }
}

function LogoForm({ logo, name, result }: { logo: string | null; name: string; result?: Result }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "logo";
  const error =
    result && !result.ok && result.intent === "logo" ? (result.fieldErrors.logo ?? result.message) : undefined;
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs">
      <Title order={2} fz="lg">
        Logo
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        Shown in the header and footer and as the picture of shared links. PNG, JPEG or WebP, at most 2 MB; a square
        image looks best.
      </Text>
      <Group mt="md" align="flex-start" gap="lg" wrap="wrap">
        {logo ? (
          <Image
            src={imageVariant(logo, "thumb")}
            alt="Current logo"
            w={72}
            h={72}
            fit="contain"
            radius="md"
            bg="gray.0"
          />
        ) : (
          <Text
            w={72}
            h={72}
            fw={900}
            fz="xl"
            c="#ffca64"
            bg="#0b2e1f"
            style={{ display: "grid", placeItems: "center", borderRadius: 12 }}
            aria-label="No logo yet: the initials are shown"
          >
            {initials(name)}
          </Text>
        )}
        <Stack gap="sm" style={{ flex: "1 1 260px", minWidth: 0 }}>
          <Form method="post" encType="multipart/form-data" key={result?.intent === "logo" ? result.at : "logo"}>
            <input type="hidden" name="intent" value="logo" />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <div style={{ flex: "1 1 240px", maxWidth: 420, minWidth: 0 }}>
                <FileField
                  id="logo"
                  name="logo"
                  label="New logo"
                  accept="image/png,image/jpeg,image/webp"
                  required
                  error={error}
                />
              </div>
              <Button type="submit" loading={busy}>
                Upload logo
              </Button>
            </Group>
          </Form>
          {logo ? (
            <Form method="post">
              <input type="hidden" name="intent" value="remove-logo" />
              <Button type="submit" variant="default" color="red" size="compact-sm">
                Remove logo
              </Button>
            </Form>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

export default function Settings() {
  const { values, logo, name, saved, feeds, reservations } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refused = result && !result.ok && result.intent === "settings" ? result : undefined;
  const reservationsRefused = result && !result.ok && result.intent === "reservations" ? result : undefined;
  const savedReservations = saved === SAVED_MESSAGES.reservations;
  return (
    <AdminPage
      title="Settings"
      description="Your business as buyers see it on every page: name, numbers, hours, links and words."
    >
      <Stack gap="xs" aria-live="polite">
        {result && !result.ok && !reservationsRefused ? <Notice kind="error">{result.message}</Notice> : null}
        {saved && !result && !savedReservations ? <Notice kind="success">{saved}</Notice> : null}
      </Stack>
      <LogoForm logo={logo} name={name} result={result} />
      <SettingsForm
        values={refused ? refused.values : values}
        errors={refused?.fieldErrors ?? {}}
        formKey={result ? String(result.at) : `settings-${saved ?? ""}-${values.name}`}
        feeds={feeds}
      />
      <ReservationSettingsForm
        values={reservationsRefused ? reservationsRefused.values : reservations.values}
        errors={reservationsRefused?.fieldErrors ?? {}}
        formKey={reservationsRefused ? String(reservationsRefused.at) : `reservations-${saved ?? ""}`}
        paystackKey={reservations.paystackKey}
        webhookUrl={reservations.webhookUrl}
        notice={
          reservationsRefused
            ? { kind: "error", text: reservationsRefused.message }
            : savedReservations && !result
              ? { kind: "success", text: saved }
              : null
        }
      />
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
