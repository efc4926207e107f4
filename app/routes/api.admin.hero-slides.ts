import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePermissionApi } from "~/http/auth.server";
import { readSlideForm } from "~/http/image-upload.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { listHeroSlides } from "~/models/hero-slides.server";
import { addHeroSlide } from "~/use-cases/hero-slides.server";
import { staffActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts): a slide's photo travels in the POST body. */
export const handle = edge({ uploads: ["POST"] });

/** GET /api/admin/hero-slides (bearer, owners): the home page's slides, in order. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermissionApi(request, "home.edit");
  return Response.json({ slides: await listHeroSlides() });
}

/**
 * POST /api/admin/hero-slides (bearer, owners): multipart with the photo in `image` and the
 * fields `heading`, `text`, `link`; 201 { slide }. 409 when there are 6 slides already.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { admin, token } = await requirePermissionApi(request, "home.edit");
  try {
    const { fields, file } = await readSlideForm(request);
    const slide = await addHeroSlide(staffActor(admin, clientIp(context), token), fields, file);
    return Response.json({ message: "Slide added", slide }, { status: 201 });
  } catch (e) {
    return refusalResponse(e);
  }
}
