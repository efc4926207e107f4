import { Button, Group, NativeSelect, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { YES_NO } from "~/lib/car-options";
import { AGE_BRACKETS, EMPLOYMENT_STATUSES, INCOME_RANGES, MAX_LENGTHS } from "~/lib/lead-schemas";
import { EmailField, PhoneField } from "./ContactFields";
import { LeadNotice } from "./LeadNotice";
import { LeadSection } from "./LeadSection";

export const CLIENT_INFO_FAILURE = "Failed to submit application";

function YesNo({ name, label, description, value, error }: { name: string; label: string; description?: string; value?: string; error?: string }) {
  return (
    <Radio.Group name={name} label={label} description={description} defaultValue={value} error={error} withAsterisk size="md">
      <Group gap="xl" mt={6}>
        {YES_NO.map((o) => (
          <Radio key={o} value={o} label={o} size="md" required />
        ))}
      </Group>
    </Radio.Group>
  );
}

const placeholderOption = (label: string) => [{ value: "", label, disabled: true }];

/** The client information form of /loan-application (SPEC §5 fields and options). */
export function ClientInfoForm({
  applicationReference,
  values,
  errors,
  failed,
}: {
  applicationReference: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  failed: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/loan-application") === true;
  return (
    <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }} shadow="xs">
      <Form method="post" aria-label="Client information">
        <input type="hidden" name="loan_application" value={applicationReference} />
        <Stack gap="xl">
          <div>
            <Title order={2} fz="xl">
              Client information
            </Title>
            <Text fz="sm" c="dimmed" mt={4}>
              Takes about two minutes. We use it only to assess this application.
            </Text>
          </div>
          <LeadNotice error={failed ? CLIENT_INFO_FAILURE : null} fieldErrors={errors} />
          <LeadSection title="About you">
            <TextInput label="Full name" name="name" autoComplete="name" required size="md" maxLength={MAX_LENGTHS.name} defaultValue={values.name} error={errors.name} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <EmailField label="Email address" defaultValue={values.email} error={errors.email} />
              <PhoneField label="Phone number" defaultValue={values.phone} error={errors.phone} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label="Age bracket"
                name="age_bracket"
                required
                size="md"
                defaultValue={values.age_bracket ?? ""}
                error={errors.age_bracket}
                data={[...placeholderOption("Select your age bracket"), ...AGE_BRACKETS]}
              />
              <TextInput
                label="Location"
                name="client_location"
                autoComplete="address-level2"
                required
                size="md"
                maxLength={MAX_LENGTHS.client_location}
                placeholder="e.g. Ikeja, Lagos"
                defaultValue={values.client_location}
                error={errors.client_location}
              />
            </SimpleGrid>
          </LeadSection>
          <LeadSection title="Work and income">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label="Employment status"
                name="employment_status"
                required
                size="md"
                defaultValue={values.employment_status ?? ""}
                error={errors.employment_status}
                data={[...placeholderOption("Select status"), ...EMPLOYMENT_STATUSES]}
              />
              <NativeSelect
                label="Monthly income (₦)"
                name="income_range"
                required
                size="md"
                defaultValue={values.income_range ?? ""}
                error={errors.income_range}
                data={[...placeholderOption("Select income range"), ...INCOME_RANGES]}
              />
            </SimpleGrid>
          </LeadSection>
          <LeadSection title="Documents and deposit">
            <Stack gap="lg">
              <YesNo name="client_id" label="Valid means of ID?" description="NIN slip, international passport or driver's licence" value={values.client_id} error={errors.client_id} />
              <YesNo name="bvn_available" label="BVN available?" description="Your 11-digit Bank Verification Number" value={values.bvn_available} error={errors.bvn_available} />
              <YesNo name="deposit_available" label="Deposit ready?" description="Can you pay the initial deposit shown above?" value={values.deposit_available} error={errors.deposit_available} />
            </Stack>
          </LeadSection>
          <TextInput
            label="How did you hear about us?"
            name="referral"
            size="md"
            maxLength={MAX_LENGTHS.referral}
            placeholder="Instagram, a friend, Google..."
            description="Optional"
            defaultValue={values.referral}
            error={errors.referral}
          />
          {errors.loan_application ? <Text c="red" fz="sm">{errors.loan_application}</Text> : null}
          <Button type="submit" size="lg" fullWidth loading={busy}>
            Submit Application
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
