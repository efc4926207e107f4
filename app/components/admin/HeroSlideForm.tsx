import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FileField } from "./FileField";

export interface SlideValues {
  heading: string;
  text: string;
  link: string;
}

/**
 * A hero slide's fields and photo, for adding (the photo required) and editing (a new photo is
 * optional). A native file input (FileField), so it works without JavaScript.
 */
export function HeroSlideForm({
  intent,
  id,
  values,
  errors,
  formKey,
  busy,
  remove,
}: {
  intent: "add" | "edit";
  id?: number;
  values: SlideValues;
  errors: Record<string, string>;
  formKey: string;
  busy: boolean;
  /** The slide's Remove button, on the line of Save slide (editing only). */
  remove?: ReactNode;
}) {
  const prefix = intent === "add" ? "new" : `slide-${id}`;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      key={formKey}
      aria-label={intent === "add" ? "Add a slide" : "Edit slide"}
    >
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Heading"
            name="heading"
            id={`${prefix}-heading`}
            defaultValue={values.heading}
            error={errors.heading}
            maxLength={80}
            required
          />
          <TextInput
            label="Link (optional)"
            name="link"
            id={`${prefix}-link`}
            defaultValue={values.link}
            error={errors.link}
            placeholder="/browse?condition=Brand+New"
            description="A page of this site, or a full https:// address"
            inputWrapperOrder={["label", "input", "description", "error"]}
          />
        </SimpleGrid>
        <Textarea
          label="Short text"
          name="text"
          id={`${prefix}-text`}
          defaultValue={values.text}
          error={errors.text}
          maxLength={200}
          autosize
          minRows={2}
        />
        <FileField
          id={`${prefix}-image`}
          name="image"
          label={intent === "add" ? "Photo" : "New photo (optional)"}
          description="JPEG, PNG or WebP, at most 2 MB; a wide landscape photo looks best"
          accept="image/jpeg,image/png,image/webp"
          required={intent === "add"}
          error={errors.image}
        />
        <Group justify="space-between" gap="sm">
          <Button type="submit" loading={busy}>
            {intent === "add" ? "Add slide" : "Save slide"}
          </Button>
          {remove}
        </Group>
      </Stack>
    </Form>
  );
}
