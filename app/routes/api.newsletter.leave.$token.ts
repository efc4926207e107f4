import type { ActionFunctionArgs } from "@remix-run/node";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { leaveTheNewsletter } from "~/use-cases/newsletter.server";
import { visitorActor } from "~/use-cases/use-case.server";

/**
 * POST /api/newsletter/leave/<token>: the one-click unsubscribe of RFC 8058 (a newsletter email's
 * List-Unsubscribe, posted by the mail program with `List-Unsubscribe=One-Click`). The address is
 * deleted; the answer is the same whether or not the token named one.
 */
export async function action({ params, context, request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await leaveTheNewsletter(visitorActor(clientIp(context)), params.token ?? "");
  return Response.json({ message: "You will get no more newsletter emails." });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
