import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Whether a render read anything personal (a cookie the visitor sent, a bearer token). The server
 * runs every render inside a scope (`inRenderScope`); the one place that reads cookies and
 * tokens marks it (`readPersonalState`); an answer whose render was marked is never shared by
 * the page cache, whatever its route declared.
 *
 * The server and the Remix build are bundled apart, so the one store lives on globalThis.
 */
interface Scope {
  personal: boolean;
}

const KEY = Symbol.for("dealer.render-scope");
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<Scope> };
holder[KEY] ??= new AsyncLocalStorage<Scope>();
const storage = holder[KEY];

/** Runs `render` in a fresh scope; says whether it read personal state. */
export async function inRenderScope<T>(render: () => Promise<T>): Promise<{ value: T; personal: boolean }> {
  const scope: Scope = { personal: false };
  const value = await storage.run(scope, render);
  return { value, personal: scope.personal };
}

/** Marks the current render as made for one visitor. */
export function readPersonalState(): void {
  const scope = storage.getStore();
  if (scope) scope.personal = true;
}
