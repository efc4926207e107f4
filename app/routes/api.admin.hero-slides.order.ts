import type { ActionFunctionArgs } from "@remix-run/node";
import { requirePermissionApi } from "~/http/auth.server";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { reorderHeroSlides } from "~/use-cases/hero-slides.server";
import { staffActor } from "~/use-cases/use-case.server";

/** PUT /api/admin/hero-slides/order (bearer, owners): `{ ids: [...] }` names every slide once, first to last. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { admin, token } = await requirePermissionApi(request, "home.edit");
  const body = await readApiFields(request, "PUT");
  if (!body.ok) return body.response;
  try {
    const slides = await reorderHeroSlides(staffActor(admin, clientIp(context), token), body.fields);
    return Response.json({ message: "Slides reordered", slides });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["PUT"]);
}
