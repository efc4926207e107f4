import { describe, expect, it } from "vitest";
import { isUploadRoute } from "./body-limits";

describe("upload routes", () => {
  it("are the car add/edit page actions (with or without JavaScript) and the car API writes", () => {
    for (const [method, path] of [
      ["POST", "/api/cars"],
      ["PUT", "/api/cars/12"],
      ["POST", "/admin/add-car"],
      ["POST", "/admin/add-car.data"],
      ["POST", "/admin/edit-car/12"],
      ["POST", "/admin/edit-car/12.data"],
    ]) {
      expect(isUploadRoute(method, path), `${method} ${path}`).toBe(true);
    }
  });

  it("are nothing else", () => {
    for (const [method, path] of [
      ["GET", "/api/cars"],
      ["POST", "/api/newsletter"],
      ["POST", "/connect"],
      ["POST", "/connect.data"],
      ["PUT", "/api/cars/12/x"],
      ["POST", "/admin/login"],
      ["DELETE", "/api/cars/12"],
      ["POST", "/api/cars/mark-sold"],
    ]) {
      expect(isUploadRoute(method, path), `${method} ${path}`).toBe(false);
    }
  });
});
