import { Button, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { MAX_LENGTHS } from "~/lib/lead-schemas";
import { EmailField, PhoneField } from "./ContactFields";
import { LeadNotice } from "./LeadNotice";

export const CONTACT_SUCCESS = "Message sent successfully!";
export const CONTACT_FAILURE = "Error sending message";

/** The Connect page form: Full Name, Phone Number, Email Address, Your Message (all required). */
export function ContactForm({
  values,
  errors,
  success,
  failed,
  formKey,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  success: boolean;
  failed: boolean;
  formKey: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/connect");
  return (
    <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }} shadow="xs">
      <Form method="post" key={formKey} aria-label="Send us a message">
        <Stack gap="lg">
          <div>
            <Title order={2} fz="xl">
              Send us a message
            </Title>
            <Text fz="sm" c="dimmed" mt={4}>
              Ask about a car, a price, financing or a trade-in. We reply within one working day.
            </Text>
          </div>
          <LeadNotice success={success ? CONTACT_SUCCESS : null} error={failed ? CONTACT_FAILURE : null} fieldErrors={errors} />
          <TextInput label="Full Name" name="name" autoComplete="name" required size="md" maxLength={MAX_LENGTHS.name} defaultValue={values.name} error={errors.name} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PhoneField label="Phone Number" defaultValue={values.phone} error={errors.phone} />
            <EmailField label="Email Address" defaultValue={values.email} error={errors.email} />
          </SimpleGrid>
          <Textarea
            label="Your Message"
            name="message"
            required
            size="md"
            autosize
            minRows={5}
            maxLength={MAX_LENGTHS.message}
            placeholder="Hello, I'd like to know more about..."
            defaultValue={values.message}
            error={errors.message}
          />
          <Button type="submit" size="lg" fullWidth loading={busy}>
            Send Message
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
