import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

const brand: MantineColorsTuple = [
  "#e6f8ef",
  "#d3eee1",
  "#a8dbc2",
  "#7ac7a1",
  "#54b685",
  "#3cab73",
  "#2ea569",
  "#1f9058",
  "#13804d",
  "#006f3f",
];
const gold: MantineColorsTuple = [
  "#fff8e1",
  "#ffefcc",
  "#ffdd9b",
  "#ffca64",
  "#ffba38",
  "#ffb01b",
  "#ffab09",
  "#e39500",
  "#ca8400",
  "#af7100",
];

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: { light: 8, dark: 6 },
  colors: { brand, gold },
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "800" },
  defaultRadius: "md",
  cursorType: "pointer",
  components: {
    // A table wider than a phone scrolls inside its frame: the frame takes the keyboard focus, so it can be
    // scrolled without a mouse (WCAG 2.1.1; axe: scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // Every modal's × has a name.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
  },
});

/**
 * Contrast (WCAG AA, 4.5:1 for small text). Mantine's default "dimmed" grey is 3.3:1 on white; this one is
 * 5.9:1. The text of light, subtle and outline buttons and badges is the colour's primary shade (8), which
 * is under 4.5:1 for brand green on its light tint and for red on white: shade 9 passes for every colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "#5c636a",
    ...Object.fromEntries(
      Object.keys(t.colors).flatMap((name) => [
        [`--mantine-color-${name}-light-color`, `var(--mantine-color-${name}-9)`],
        [`--mantine-color-${name}-outline`, `var(--mantine-color-${name}-9)`],
      ]),
    ),
  },
  dark: {},
});
