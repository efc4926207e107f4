import {
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { MAX_HOLD_HOURS, NO_KEY_MESSAGE } from "~/lib/reservations";
import type { KeyView } from "~/models/paystack.server";
import { Notice } from "./Notice";

type Values = Record<string, string>;

/**
 * The owner's reservation settings (docs/product.md, Reservations): on/off, the deposit (a fixed
 * amount or a share of the price), the hold, the terms and the Paystack secret key, which is
 * pasted here and afterwards only ever shown masked. A plain form: it works without JavaScript.
 */
export function ReservationSettingsForm({
  values,
  errors,
  formKey,
  paystackKey,
  webhookUrl,
  notice,
}: {
  values: Values;
  errors: Record<string, string>;
  formKey: string;
  paystackKey: KeyView;
  webhookUrl: string;
  /** The answer to the last save of this form, shown in it. */
  notice: { kind: "error" | "success"; text: string } | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "reservations";
  const hasKey = paystackKey.masked !== null;
  const depositError = errors.depositKind ?? errors.depositNaira ?? errors.depositPercent;
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs" data-testid="reservation-settings">
      <Title order={2} fz="lg" id="reservations">
        Reservations
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        Let buyers hold a car by paying a deposit to your own Paystack account. They get a receipt from you and the car
        shows "Reserved" until the hold ends.
      </Text>
      <Form method="post" key={formKey} aria-labelledby="reservations">
        <input type="hidden" name="intent" value="reservations" />
        <Stack gap="md" mt="md">
          {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
          {paystackKey.testMode ? (
            <Notice kind="info">
              Test mode: your Paystack key is a test key (sk_test_…), so buyers pay with Paystack's test cards and no
              real money is taken. Paste your live key when you are ready.
            </Notice>
          ) : null}
          {!hasKey ? <Notice kind="info">{NO_KEY_MESSAGE}</Notice> : null}
          <Checkbox
            name="enabled"
            value="on"
            defaultChecked={values.enabled === "on"}
            label="Buyers can reserve cars online"
            description={
              hasKey
                ? "When on, every car for sale shows “Reserve with …” on its page."
                : "Paste your Paystack secret key below first: without it, reservations cannot be turned on."
            }
            error={errors.enabled}
          />
          <Radio.Group
            name="depositKind"
            label="Deposit"
            description="Rounded up to the naira, never more than the car's price."
            defaultValue={values.depositKind}
            error={depositError}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="sm">
              <Stack gap={6}>
                <Radio value="fixed" label="A fixed amount" />
                <TextInput
                  name="depositNaira"
                  aria-label="Fixed deposit in naira"
                  leftSection="₦"
                  inputMode="numeric"
                  defaultValue={values.depositNaira}
                  error={Boolean(errors.depositNaira)}
                />
              </Stack>
              <Stack gap={6}>
                <Radio value="percent" label="A percentage of the price" />
                <TextInput
                  name="depositPercent"
                  aria-label="Deposit as a percentage of the price"
                  rightSection="%"
                  inputMode="decimal"
                  defaultValue={values.depositPercent}
                  error={Boolean(errors.depositPercent)}
                />
              </Stack>
            </SimpleGrid>
          </Radio.Group>
          <TextInput
            name="holdHours"
            label="Hold (hours)"
            description={
              "How long the car stays reserved after the buyer pays: 72 hours is three days; " +
              `at most ${MAX_HOLD_HOURS}.`
            }
            inputMode="numeric"
            defaultValue={values.holdHours}
            error={errors.holdHours}
            maw={320}
            required
          />
          <Textarea
            name="terms"
            label="Terms the buyer reads before paying"
            description="For example whether the deposit is refundable, and until when. At most 1000 characters."
            defaultValue={values.terms}
            error={errors.terms}
            autosize
            minRows={4}
            maxLength={1000}
            required
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Paystack secret key
            </Text>
            <Text size="sm" data-testid="paystack-key">
              {hasKey ? (
                <>
                  In use: <Code>{paystackKey.masked}</Code>{" "}
                  {paystackKey.source === "environment"
                    ? "(set on the server as PAYSTACK_SECRET_KEY; it wins over a pasted one)"
                    : "(pasted here)"}
                </>
              ) : (
                "None yet."
              )}
            </Text>
            <PasswordInput
              name="secretKey"
              aria-label={hasKey ? "Replace the Paystack secret key" : "Paste your Paystack secret key"}
              description={
                "From Paystack: Settings, API Keys & Webhooks. It starts with sk_live_ (or sk_test_ for test " +
                "mode). After saving it is only shown masked."
              }
              placeholder={hasKey ? "Leave empty to keep the key in use" : "sk_live_…"}
              autoComplete="off"
              error={errors.secretKey}
              inputWrapperOrder={["label", "input", "description", "error"]}
            />
          </Stack>
          <Text size="sm">
            Give Paystack this webhook address (Settings, API Keys & Webhooks): <Code>{webhookUrl}</Code>
          </Text>
          <Group>
            <Button type="submit" loading={busy}>
              Save reservations
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
