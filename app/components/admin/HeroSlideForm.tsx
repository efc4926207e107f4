import { Anchor, Button, Group, Progress, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { Form, useNavigate } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { MAX_IMAGE_BYTES } from "~/config/constants";
import { HeroSlideSchema } from "~/lib/hero-slide-schema";
import { CONDITION_TABS } from "~/lib/home-options";
import { resizePhoto } from "~/lib/resize-photo";
import { useHydrated } from "~/lib/use-hydrated";
import { type FieldErrors, firstError, validate } from "~/lib/validation";
import { FileField } from "./FileField";
import { Notice } from "./Notice";

export interface SlideValues {
  heading: string;
  text: string;
  link: string;
}

/** The link field's example: a page of this site that lists cars (the real Foreign Used condition). */
const EXAMPLE_LINK = `/browse?${new URLSearchParams({ condition: CONDITION_TABS[1].condition })}`;

/** Where the page lands after this form is sent without JavaScript: on the form, by its message. */
const slideFormAnchor = (id?: number) => (id ? `slide-${id}` : "add-slide");

const PHOTO_HELP =
  "Straight from the phone or camera (JPEG, PNG or WebP, up to 20 MB); a wide landscape photo looks best";

type Stage = { kind: "preparing" } | { kind: "uploading"; percent: number } | null;

/**
 * A hero slide's fields and photo, for adding (the photo required) and editing (a new photo is
 * optional). A native form (FileField) that works without JavaScript: the server takes a camera
 * photo of up to 20 MB and scales it down, and the page lands back on the form with its message and
 * what was typed. With JavaScript the fields are checked first, the photo is resized in the browser
 * (as the car form's photos are), and it is sent to /admin/slide-upload with a progress bar; a
 * refusal is said at the top of this form and nothing typed is lost.
 */
export function HeroSlideForm({
  intent,
  id,
  values,
  errors,
  message,
  formKey,
  busy,
  remove,
}: {
  intent: "add" | "edit";
  id?: number;
  values: SlideValues;
  errors: Record<string, string>;
  /** The refusal of this form's last sending, said at its top. */
  message?: string | null;
  formKey: string;
  busy: boolean;
  /** The slide's Remove button, on the line of Save slide (editing only). */
  remove?: ReactNode;
}) {
  const prefix = intent === "add" ? "new" : `slide-${id}`;
  const anchor = slideFormAnchor(id);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<{ text: string; errors: FieldErrors; at: number } | null>(
    message ? { text: message, errors, at: 0 } : null,
  );
  const [stage, setStage] = useState<Stage>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // A refusal is brought into view where the owner is looking: at this form.
  useEffect(() => {
    if (refusal && refusal.at > 0) noticeRef.current?.scrollIntoView({ block: "center" });
  }, [refusal]);
  const shownErrors = refusal?.errors ?? errors;

  const refuse = (text: string, fieldErrors: FieldErrors = {}) => {
    setStage(null);
    setRefusal({ text, errors: fieldErrors, at: Date.now() });
  };
  const send = (body: FormData) => {
    setRefusal(null);
    setStage({ kind: "uploading", percent: 0 });
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/admin/slide-upload");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable)
        setStage({ kind: "uploading", percent: Math.min(99, Math.round((e.loaded / e.total) * 100)) });
    };
    xhr.onload = () => {
      let answer: { ok?: boolean; location?: string; error?: string; fields?: FieldErrors } | null = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = null;
      }
      if (xhr.status === 200 && answer?.ok && answer.location) {
        setStage({ kind: "uploading", percent: 100 });
        navigate(answer.location, { preventScrollReset: false });
      } else if (answer?.error && xhr.status < 500) {
        const onPhoto = xhr.status === 413 || xhr.status === 415;
        refuse(answer.error, answer.fields ?? (onPhoto ? { image: answer.error } : {}));
      } else refuse("The upload failed. What you typed is still here: send it again.");
    };
    xhr.onerror = () => refuse("The connection was lost. What you typed is still here: send it again.");
    xhr.send(body);
  };
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    const text = (name: string) => String(body.get(name) ?? "");
    // The fields are checked before the photo is prepared and sent.
    const checked = validate(HeroSlideSchema, { heading: text("heading"), text: text("text"), link: text("link") });
    if (!checked.ok) return refuse(firstError(checked.fieldErrors), checked.fieldErrors);
    const photo = body.get("image");
    if (photo instanceof File && photo.size > 0) {
      setRefusal(null);
      setStage({ kind: "preparing" });
      // Resized like the car form's photos; one this browser cannot read goes as it is when it
      // fits (the server checks it).
      const resized = (await resizePhoto(photo)) ?? (photo.size <= MAX_IMAGE_BYTES ? photo : null);
      if (!resized) {
        const problem = `This browser could not read ${photo.name} as a photo: choose a JPEG, PNG or WebP photo.`;
        return refuse(problem, { image: problem });
      }
      const name = resized === photo ? photo.name : `${photo.name.replace(/\.[^.]*$/, "")}.jpg`;
      body.set("image", new File([resized], name, { type: resized.type || "image/jpeg" }));
    }
    send(body);
  };

  const working = busy || stage !== null;
  return (
    <Form
      method="post"
      action={`/admin/hero-slides#${anchor}`}
      encType="multipart/form-data"
      key={formKey}
      id={anchor}
      aria-label={intent === "add" ? "Add a slide" : "Edit slide"}
      onSubmit={onSubmit}
      style={{ scrollMarginTop: 80 }}
    >
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <Stack gap="sm">
        {refusal ? (
          <div ref={noticeRef}>
            <Notice kind="error">{refusal.text}</Notice>
          </div>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Heading"
            name="heading"
            id={`${prefix}-heading`}
            defaultValue={values.heading}
            error={shownErrors.heading}
            maxLength={80}
            required
          />
          <TextInput
            label="Link (optional)"
            name="link"
            id={`${prefix}-link`}
            defaultValue={values.link}
            error={shownErrors.link}
            placeholder={EXAMPLE_LINK}
            description={
              <>
                A page of this site, or a full https:// address; for example{" "}
                <Anchor href={EXAMPLE_LINK} target="_blank" rel="noopener" fz="inherit" underline="always">
                  {EXAMPLE_LINK}
                </Anchor>{" "}
                (the Foreign Used cars)
              </>
            }
            inputWrapperOrder={["label", "input", "description", "error"]}
          />
        </SimpleGrid>
        <Textarea
          label="Short text"
          name="text"
          id={`${prefix}-text`}
          defaultValue={values.text}
          error={shownErrors.text}
          maxLength={200}
          autosize
          minRows={2}
        />
        <FileField
          id={`${prefix}-image`}
          name="image"
          label={intent === "add" ? "Photo" : "New photo (optional)"}
          description={PHOTO_HELP}
          accept="image/jpeg,image/png,image/webp"
          required={intent === "add"}
          error={shownErrors.image}
        />
        {stage ? (
          <div aria-live="polite">
            <Text size="sm" fw={600} mb={4} id={`${prefix}-progress`}>
              {stage.kind === "preparing"
                ? "Preparing the photo…"
                : stage.percent >= 99
                  ? "Saving…"
                  : `Uploading… ${stage.percent}%`}
            </Text>
            <Progress
              value={stage.kind === "preparing" ? 100 : stage.percent}
              size="lg"
              animated
              striped={stage.kind === "preparing"}
              aria-labelledby={`${prefix}-progress`}
            />
          </div>
        ) : null}
        <Group justify="space-between" gap="sm">
          <Button type="submit" loading={working}>
            {intent === "add" ? "Add slide" : "Save slide"}
          </Button>
          {remove}
        </Group>
      </Stack>
    </Form>
  );
}
