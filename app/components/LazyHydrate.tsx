import { useNavigation } from "@remix-run/react";
import {
  createElement,
  type HTMLAttributes,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";

/**
 * Lazy hydration: server-rendered content that React hydrates only once the visitor comes near it,
 * so a slow phone spends no main-thread time at load on what is below the fold.
 *
 * How: the content sits in a Suspense boundary whose first child (Gate) suspends while React
 * hydrates it for the first time. React then leaves the server's HTML in place, working as plain
 * HTML (links, forms), and hydrates it once the Gate's promise resolves: when an
 * IntersectionObserver sees the wrapper within VIEW_MARGIN of the screen. It resolves at once when
 * anything renders the wrapper again (new router state: a navigation, a fetcher, a revalidation;
 * or its parent), since React must hydrate server HTML before it can update it. A tap, a key or a
 * focus inside content that is still waiting makes React hydrate it first, then handle the event.
 */

const VIEW_MARGIN = "400px 0px";

interface Wait {
  promise: Promise<void>;
  released: boolean;
  release: () => void;
}

/** The promise each waiting boundary suspends on, by the wrapper's useId (stable across retries). */
const waits = new Map<string, Wait>();

function waitFor(id: string): Wait {
  const found = waits.get(id);
  if (found) return found;
  let resolve = () => {};
  const wait: Wait = {
    promise: new Promise<void>((r) => {
      resolve = r;
    }),
    released: false,
    release: () => {
      wait.released = true;
      resolve();
    },
  };
  waits.set(id, wait);
  return wait;
}

const subscribeNothing = () => () => {};

function Gate({ id, onHydrated, children }: { id: string; onHydrated: () => void; children: ReactNode }) {
  // In the browser, true only while React hydrates this component (it reads the server's value
  // then): a render in the browser (after a navigation, or if hydration failed) never waits, and
  // neither does the server.
  const hydrating = useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
  useEffect(() => {
    waits.delete(id);
    onHydrated();
  }, [id, onHydrated]);
  if (hydrating && typeof document !== "undefined") {
    const wait = waitFor(id);
    if (!wait.released) throw wait.promise;
  }
  return <>{children}</>;
}

type Tag = "div" | "section" | "article" | "footer";

/**
 * `as` (default div) with the given attributes, its children hydrated when it comes near the
 * screen. On the server, and when React renders it in the browser, it is a plain element.
 */
export function LazyHydrate({
  as = "div",
  children,
  ...props
}: { as?: Tag; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const mounted = useRef(false);
  const hydrated = useRef(false);
  const [, setFresh] = useState(0);
  // Read to render again on any change of the router's state (see above); the value is not used.
  useNavigation();
  // Rendered again once mounted: whatever changed, the content must be hydrated before it updates.
  if (mounted.current && !hydrated.current) waitFor(id).release();

  const onHydrated = useCallback(() => {
    hydrated.current = true;
    // The parent rendered again while the content waited: give it the new children now.
    if (latest.current !== first.current) setFresh((n) => n + 1);
  }, []);
  const content = (
    <Suspense fallback={null}>
      <Gate id={id} onHydrated={onHydrated}>
        {children}
      </Gate>
    </Suspense>
  );
  // While the content waits, the boundary keeps receiving the element of the first render: React
  // gives up server HTML that new props reach before it is hydrated, and renders it anew.
  const first = useRef(content);
  const latest = useRef(content);
  latest.current = content;

  useEffect(() => {
    mounted.current = true;
    const el = ref.current;
    // Rendered by the browser (the Gate's effect ran first): nothing waits.
    if (hydrated.current || !el) return;
    // The Gate suspends after this (React hydrates Suspense boundaries after the rest of the page).
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        waitFor(id).release();
      },
      { rootMargin: VIEW_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [id]);

  return createElement(as, { ...props, ref }, hydrated.current ? content : first.current);
}
