import { isbot } from "isbot";
import { carIdFromSlug } from "~/lib/car";
import { viewSource } from "~/lib/car-interest";
import { countCarView } from "~/models/car-interest.server";
import { isStaffSession } from "~/models/session.server";
import { cookieNames, SESSION_COOKIE_NAME, sessionToken } from "./cookies.server";

/**
 * Whether an answered request for a car's page is a person's view, and if so counts it (once per
 * address per car per Lagos day: app/models/car-interest.server.ts). Called by the server once the
 * answer is sent, whether it came from the page cache or from Remix, for the document and for a
 * client navigation's data request alike, so a view counts with JavaScript on or off.
 *
 * Not counted: anything but a GET answered 200, a bot (isbot, by its user agent; no user agent at
 * all is a script too), a prefetch or
 * prerender (Sec-Purpose or Purpose), and a browser signed in as staff.
 */
export interface AnsweredPage {
  method: string;
  /** The full URL as asked (its utm_source names where the visitor came from). */
  url: URL;
  /** The page's path without a data request's `.data` (e.g. /cars/12-kia-rio-2019). */
  pagePath: string;
  headers: { get(name: string): string | null | undefined };
  /** The client address (req.ip, which honours TRUST_PROXY). */
  address: string;
  status: number;
}

/**
 * isbot's verdict per user agent, remembered (a cached page is answered in a few hundred
 * microseconds; the pattern costs several): a few hundred browsers make most visits. Forgotten all
 * at once past BOT_VERDICTS, so agents sprayed by a script cannot grow it.
 */
const verdicts = new Map<string, boolean>();
const BOT_VERDICTS = 1000;

function isBotAgent(agent: string): boolean {
  let verdict = verdicts.get(agent);
  if (verdict === undefined) {
    verdict = isbot(agent);
    if (agent.length <= 512) {
      if (verdicts.size >= BOT_VERDICTS) verdicts.clear();
      verdicts.set(agent, verdict);
    }
  }
  return verdict;
}

export async function countCarPageView(page: AnsweredPage): Promise<boolean> {
  if (page.method !== "GET" || page.status !== 200) return false;
  const carId = carIdFromSlug(/^\/cars\/([^/]+)$/.exec(page.pagePath)?.[1]);
  if (!carId) return false;
  const agent = page.headers.get("user-agent");
  if (!agent || isBotAgent(agent)) return false;
  const purpose = `${page.headers.get("sec-purpose") ?? ""} ${page.headers.get("purpose") ?? ""} ${
    page.headers.get("x-moz") ?? ""
  }`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  const cookie = page.headers.get("cookie");
  if (cookie && cookieNames(cookie).includes(SESSION_COOKIE_NAME.toLowerCase())) {
    const token = await sessionToken(new Request(page.url, { headers: { cookie } }));
    if (await isStaffSession(token)) return false;
  }
  return countCarView({ carId, address: page.address, source: viewSource(page.url.searchParams.get("utm_source")) });
}
