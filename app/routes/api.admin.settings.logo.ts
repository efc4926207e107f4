import type { ActionFunctionArgs } from "@remix-run/node";
import { requireOwnerApi } from "~/http/auth.server";
import { readImageForm } from "~/http/image-upload.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { setLogo } from "~/use-cases/settings.server";
import { staffActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts): the logo travels in the POST body. */
export const handle = edge({ uploads: ["POST"] });

/**
 * POST /api/admin/settings/logo (bearer, owners): multipart with one PNG, JPEG or WebP file in
 * `logo` (at most 2 MB, like car photos). DELETE removes the logo (the initials show again).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  const { admin, token } = await requireOwnerApi(request);
  const actor = staffActor(admin, clientIp(context), token);
  try {
    if (request.method === "DELETE") {
      await setLogo(actor, null);
      return Response.json({ message: "Logo removed", logo: null });
    }
    const { file } = await readImageForm(request, "logo");
    if (!file) return jsonError("Send the logo as a file in the field 'logo'", 400);
    const business = await setLogo(actor, file);
    return Response.json({ message: "Logo saved", logo: business.logo }, { status: 201 });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST", "DELETE"]);
}
