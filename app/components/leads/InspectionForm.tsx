import { Button, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { MAX_LENGTHS } from "~/lib/lead-schemas";
import { EmailField, PhoneField } from "./ContactFields";
import { LeadNotice } from "./LeadNotice";
import { LeadSection } from "./LeadSection";

export const INSPECTION_SUCCESS = "Inspection booked successfully!";
export const INSPECTION_FAILURE = "Error booking inspection";

/** The Book Inspection form. `values` are what to show: the typed values after a refusal, or the prefill. */
export function InspectionForm({
  values,
  errors,
  success,
  failed,
  minDate,
  maxDate,
  formKey,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  success: boolean;
  failed: boolean;
  minDate: string;
  maxDate: string;
  formKey: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/book-inspection");
  return (
    <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }} shadow="xs">
      {/* A new key after a booking remounts the form: every field back to empty. */}
      <Form method="post" key={formKey} aria-label="Book an inspection" noValidate={false}>
        <Stack gap="xl">
          <LeadNotice success={success ? INSPECTION_SUCCESS : null} error={failed ? INSPECTION_FAILURE : null} fieldErrors={errors} />
          <LeadSection title="Your details">
            <TextInput label="Full name" name="name" autoComplete="name" required size="md" maxLength={MAX_LENGTHS.name} defaultValue={values.name} error={errors.name} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PhoneField label="Phone number" description="Nigerian mobile number" defaultValue={values.phone} error={errors.phone} />
              <EmailField label="Email address" description="We send the confirmation here" defaultValue={values.email} error={errors.email} />
            </SimpleGrid>
          </LeadSection>
          <LeadSection title="The car">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Car make" name="car_make" required size="md" maxLength={MAX_LENGTHS.car_make} placeholder="e.g. Toyota" defaultValue={values.car_make} error={errors.car_make} />
              <TextInput label="Car model" name="car_model" required size="md" maxLength={MAX_LENGTHS.car_model} placeholder="e.g. Camry" defaultValue={values.car_model} error={errors.car_model} />
            </SimpleGrid>
            <TextInput
              label="Inspection date"
              name="inspection_date"
              type="date"
              required
              size="md"
              min={minDate}
              max={maxDate}
              description="Today or any later day; we open Mon-Sat, 8:00 AM-6:00 PM"
              defaultValue={values.inspection_date}
              error={errors.inspection_date}
            />
          </LeadSection>
          <LeadSection title="Anything else?">
            <Textarea
              label="Other information"
              name="other_info"
              size="md"
              autosize
              minRows={3}
              maxLength={MAX_LENGTHS.other_info}
              placeholder="Preferred time, the listing you saw, questions for our technician..."
              description="Optional"
              defaultValue={values.other_info}
              error={errors.other_info}
            />
          </LeadSection>
          <Stack gap={6}>
            <Button type="submit" size="lg" fullWidth loading={busy}>
              Submit
            </Button>
            <Text fz="xs" c="dimmed" ta="center">
              Inspections are free. We only use your details to arrange this visit.
            </Text>
          </Stack>
        </Stack>
      </Form>
    </Paper>
  );
}
