import type express from "express";
import { env } from "../app/config/env.server";
import { logger } from "../app/config/logger.server";
import { countCarPageView } from "../app/http/car-view.server";
import { pagePath } from "./route-policies";

/** The route of a car's page; its views are counted (app/http/car-view.server.ts). */
const CAR_PAGE_ROUTE = "routes/cars.$id";

/**
 * Counts a person's view of a car's page once its answer has gone out, from the page cache or
 * from Remix. Only the car page's GETs are watched; counting never delays or fails an answer.
 */
export function watchCarView(req: express.Request, res: express.Response, url: URL): void {
  if (req.method !== "GET" || req.edge?.id !== CAR_PAGE_ROUTE || env().COUNT_VIEWS === "off") return;
  res.once("finish", () => {
    countCarPageView({
      method: req.method,
      url,
      pagePath: pagePath(url.pathname),
      headers: { get: (name) => req.get(name) },
      address: req.ip ?? "",
      status: res.statusCode,
    }).catch((e) => logger.error({ err: e, reqId: req.id }, "Could not count a car view"));
  });
}
