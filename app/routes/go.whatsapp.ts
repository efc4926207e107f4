import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { isbot } from "isbot";
import { clientIp, isPrefetch, refererPath } from "~/http/request.server";
import { whatsappLink } from "~/lib/business";
import { getBusiness } from "~/models/business.server";
import { parseCarId } from "~/models/car.server";
import { chatCar, recordWhatsappClick } from "~/models/whatsapp.server";

/**
 * GET /go/whatsapp?car=<id>&from=<path>: every chat link on the site points here. A person's
 * click is counted as a `whatsapp` lead (the car, the page it came from: `from`, else the
 * Referer's path; the time), then answered with a 302 to the wa.me chat with the usual greeting
 * (naming the car when there is one). A HEAD, a prefetch or a bot (by its user agent) is sent on
 * without being counted. Never cached (server/cache-policy.ts keeps it out of the page cache).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const carId = parseCarId(params.get("car"));
  const person = request.method === "GET" && !isPrefetch(request) && !isbot(request.headers.get("User-Agent"));
  const car = person
    ? (
        await recordWhatsappClick({
          carId,
          from: params.get("from") || refererPath(request),
          address: clientIp(context),
        })
      ).car
    : await chatCar(carId);
  return redirect(whatsappLink(await getBusiness(), car), {
    status: 302,
    headers: { "Cache-Control": "private, no-store" },
  });
}
