import { describe, expect, it } from "vitest";
import { movePhoto, parsePhotoMove } from "./photo-order";

describe("photo order", () => {
  it("moves a photo up, down or to the cover, and stays inside the list", () => {
    const order = ["a", "b", "c"];
    expect(movePhoto(order, "b", "up")).toEqual(["b", "a", "c"]);
    expect(movePhoto(order, "b", "down")).toEqual(["a", "c", "b"]);
    expect(movePhoto(order, "c", "cover")).toEqual(["c", "a", "b"]);
    expect(movePhoto(order, "a", "up")).toEqual(order);
    expect(movePhoto(order, "c", "down")).toEqual(order);
    expect(movePhoto(order, "x", "cover")).toEqual(order);
  });

  it("reads a move button's value", () => {
    expect(parsePhotoMove("up:/uploads/a:b.jpg")).toEqual({ move: "up", item: "/uploads/a:b.jpg" });
    expect(parsePhotoMove("sideways:/a")).toBeNull();
    expect(parsePhotoMove(undefined)).toBeNull();
  });
});
