import { Badge, Button, Card, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { HeroSlideForm, type SlideValues } from "~/components/admin/HeroSlideForm";
import { Notice } from "~/components/admin/Notice";
import { MAX_HERO_SLIDES } from "~/config/constants";
import { requirePermission } from "~/http/auth.server";
import { readSlideForm } from "~/http/image-upload.server";
import { lastValues, type MultipartFields } from "~/http/multipart.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { edge } from "~/lib/edge";
import { SLIDE_LIMIT_MESSAGE } from "~/lib/hero-slide-schema";
import { imageVariant } from "~/lib/images";
import { listHeroSlides } from "~/models/hero-slides.server";
import { addHeroSlide, editHeroSlide, moveHeroSlide, removeHeroSlide } from "~/use-cases/hero-slides.server";
import { staffActor } from "~/use-cases/use-case.server";

const INTENTS = ["add", "edit", "remove", "up", "down"] as const;
type Intent = (typeof INTENTS)[number];

const DONE: Record<Intent, string> = {
  add: "Slide added. The home page shows it now.",
  edit: "Slide saved.",
  remove: "Slide removed.",
  up: "Order saved.",
  down: "Order saved.",
};

type Result = {
  intent: Intent;
  id: number | null;
  message: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  at: number;
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "home.edit");
  const params = new URL(request.url).searchParams;
  const done = params.get("done") as Intent | null;
  const slides = await listHeroSlides();
  // Remove asks first: ?confirm=remove&id=N (a modal with JavaScript, a panel without).
  const asked = params.get("confirm") === "remove" ? slides.find((s) => String(s.id) === params.get("id")) : undefined;
  return {
    slides,
    done: done && DONE[done] ? DONE[done] : null,
    max: MAX_HERO_SLIDES,
    confirm: asked ? { id: asked.id, heading: asked.heading } : null,
  };
}

/** Edge policy (app/lib/edge.ts): a slide's photo travels in the POST body. */
export const handle = edge({ uploads: ["POST"] });

export async function action({ request, context }: ActionFunctionArgs) {
  const { admin, token } = await requirePermission(request, "home.edit");
  const actor = staffActor(admin, clientIp(context), token);
  let intent: Intent = "add";
  // The text fields as they arrive: a refused photo (even one the reader stops at) keeps what was typed.
  const raw: MultipartFields = {};
  let values: Record<string, string> = {};
  let id: number | null = null;
  try {
    const { fields, file } = await readSlideForm(request, raw);
    values = fields;
    intent = (INTENTS as readonly string[]).includes(fields.intent) ? (fields.intent as Intent) : "add";
    id = fields.id ? Number(fields.id) : null;
    const slideId = Number(fields.id);
    if (intent === "add") await addHeroSlide(actor, fields, file);
    else if (intent === "edit") await editHeroSlide(actor, slideId, fields, file);
    else if (intent === "remove") await removeHeroSlide(actor, slideId);
    else await moveHeroSlide(actor, slideId, intent);
    // Without JavaScript the page lands on its message (a form's own fragment would otherwise carry over).
    return redirect(`/admin/hero-slides?done=${intent}#done`);
  } catch (e) {
    const failure = refusalForPage(e);
    if (!values.intent) {
      values = lastValues(raw);
      intent = (INTENTS as readonly string[]).includes(values.intent) ? (values.intent as Intent) : "add";
      id = values.id ? Number(values.id) : null;
    }
    return data<Result>(
      { intent, id, message: failure.message, fieldErrors: failure.fieldErrors, values, at: Date.now() },
      { status: failure.status },
    );
  }
}

function valuesOf(source: { heading?: string; text?: string; link?: string | null }): SlideValues {
  return { heading: source.heading ?? "", text: source.text ?? "", link: source.link ?? "" };
}

export default function HeroSlides() {
  const { slides, done, max, confirm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = (intent: string, id?: number) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData?.get("id") === String(id));
  const refusedFor = (intent: Intent, id: number | null) =>
    result && result.intent === intent && result.id === id ? result : undefined;
  const addRefused = refusedFor("add", null);
  const full = slides.length >= max;
  return (
    <AdminPage
      title="Home page"
      description={`The photos at the top of the home page, with a heading, a short text and a link: at most ${max}.`}
    >
      <Stack gap="xs" aria-live="polite" id="done">
        {/* A refused slide form says so at its own top (HeroSlideForm); the other buttons' refusals here. */}
        {result && result.intent !== "add" && result.intent !== "edit" ? (
          <Notice kind="error">{result.message}</Notice>
        ) : null}
        {done && !result ? <Notice kind="success">{done}</Notice> : null}
      </Stack>
      {confirm ? (
        <ConfirmDialog
          question="Remove this slide?"
          detail={`"${confirm.heading}" leaves the home page and its photo is deleted.`}
          fields={{ intent: "remove", id: String(confirm.id) }}
          cancelHref="/admin/hero-slides"
        />
      ) : null}
      {slides.length === 0 ? (
        <Paper withBorder radius="md" p="lg" bg="gray.0">
          <Text fw={600}>No slides yet</Text>
          <Text size="sm" c="dimmed" mt={4}>
            The home page shows its built-in showroom photos with the standard welcome and the search. Add a slide to
            show your own photos and words instead.
          </Text>
        </Paper>
      ) : (
        <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: "none" }} aria-label="Slides">
          {slides.map((slide, i) => {
            const refused = refusedFor("edit", slide.id);
            return (
              <Card component="li" key={slide.id} withBorder radius="md" padding="lg" shadow="xs">
                <Group align="flex-start" gap="lg" wrap="wrap">
                  <Stack gap="xs" w={{ base: "100%", sm: 220 }}>
                    <Badge variant="light" color="green">
                      Slide {i + 1} of {slides.length}
                    </Badge>
                    <Image
                      src={imageVariant(slide.image, "card")}
                      alt={`Photo of slide ${i + 1}`}
                      radius="md"
                      h={130}
                      fit="cover"
                    />
                    <SimpleGrid cols={2} spacing={6}>
                      {(["up", "down"] as const).map((dir) => (
                        <Form method="post" key={dir}>
                          <input type="hidden" name="intent" value={dir} />
                          <input type="hidden" name="id" value={slide.id} />
                          <Button
                            type="submit"
                            size="compact-sm"
                            variant="default"
                            fullWidth
                            disabled={dir === "up" ? i === 0 : i === slides.length - 1}
                            aria-label={`Move "${slide.heading}" ${dir}`}
                            loading={submitting(dir, slide.id)}
                          >
                            {dir === "up" ? "↑ Up" : "↓ Down"}
                          </Button>
                        </Form>
                      ))}
                    </SimpleGrid>
                  </Stack>
                  <Stack gap="sm" style={{ flex: "1 1 320px", minWidth: 0 }}>
                    <HeroSlideForm
                      key={refused ? `r-${refused.at}` : `${slide.id}-${slide.heading}-${slide.image}`}
                      intent="edit"
                      id={slide.id}
                      values={valuesOf(refused ? refused.values : slide)}
                      errors={refused?.fieldErrors ?? {}}
                      message={refused?.message}
                      formKey={refused ? `r-${refused.at}` : `${slide.id}-${slide.heading}-${slide.image}`}
                      busy={submitting("edit", slide.id)}
                      // Remove asks first: ?confirm=remove&id=N.
                      remove={
                        <Button
                          component={Link}
                          to={`?confirm=remove&id=${slide.id}`}
                          preventScrollReset
                          variant="subtle"
                          color="red"
                          aria-label={`Remove "${slide.heading}"`}
                        >
                          Remove slide
                        </Button>
                      }
                    />
                  </Stack>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs">
        <Title order={2} fz="lg">
          Add a slide
        </Title>
        {full ? (
          <Text size="sm" c="dimmed" mt={4}>
            {SLIDE_LIMIT_MESSAGE}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" mt={4} mb="md">
              It goes last; move it up to show it first.
            </Text>
            <HeroSlideForm
              key={addRefused ? `r-${addRefused.at}` : `add-${slides.length}`}
              intent="add"
              values={valuesOf(addRefused ? addRefused.values : {})}
              errors={addRefused?.fieldErrors ?? {}}
              message={addRefused?.message}
              formKey={addRefused ? `r-${addRefused.at}` : `add-${slides.length}`}
              busy={submitting("add")}
            />
          </>
        )}
      </Paper>
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
