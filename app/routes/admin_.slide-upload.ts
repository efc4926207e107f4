import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/http/auth.server";
import { readSlideForm } from "~/http/image-upload.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { jsonError } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { addHeroSlide, editHeroSlide } from "~/use-cases/hero-slides.server";
import { staffActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts): the slide's photo travels in the POST body. */
export const handle = edge({ uploads: ["POST"] });

/**
 * POST /admin/slide-upload (signed-in owners; the Home page screen's form, multipart, `intent` add
 * or edit with `id`): the slide form's own upload when JavaScript runs (the photo resized in the
 * browser, progress shown). Answers JSON: { ok: true, location } or the refusal { error, fields? },
 * so the page keeps what was typed and says what was refused beside the form.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const signedIn = await requireAdmin(request).catch(() => null);
  if (!signedIn) return jsonError("You were signed out. Sign in again, then send the slide again.", 401);
  const actor = staffActor(signedIn.admin, clientIp(context), signedIn.token);
  try {
    const { fields, file } = await readSlideForm(request);
    const edit = fields.intent === "edit";
    if (edit) await editHeroSlide(actor, Number(fields.id), fields, file);
    else await addHeroSlide(actor, fields, file);
    return Response.json({ ok: true, location: `/admin/hero-slides?done=${edit ? "edit" : "add"}` });
  } catch (e) {
    return refusalResponse(e);
  }
}
