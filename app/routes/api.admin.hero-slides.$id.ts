import type { ActionFunctionArgs } from "@remix-run/node";
import { requirePermissionApi } from "~/http/auth.server";
import { readSlideForm } from "~/http/image-upload.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { editHeroSlide, removeHeroSlide } from "~/use-cases/hero-slides.server";
import { staffActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts): a new photo may travel in the PUT body. */
export const handle = edge({ uploads: ["PUT"] });

/**
 * PUT /api/admin/hero-slides/{id} (bearer, owners): `heading`, `text`, `link` as JSON, or
 * multipart with a new photo in `image` (optional; the old photo stays without one).
 * DELETE /api/admin/hero-slides/{id}: removes the slide and its photo.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  const { admin, token } = await requirePermissionApi(request, "home.edit");
  const actor = staffActor(admin, clientIp(context), token);
  const id = Number(params.id);
  try {
    if (request.method === "DELETE") {
      await removeHeroSlide(actor, id);
      return Response.json({ message: "Slide removed" });
    }
    const { fields, file } = await readSlideForm(request);
    const slide = await editHeroSlide(actor, id, fields, file);
    return Response.json({ message: "Slide saved", slide });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["PUT", "DELETE"]);
}
