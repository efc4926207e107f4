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
});

/** Mantine's default "dimmed" grey is 3.3:1 on white; this one passes WCAG AA (5.9:1) for small text. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#5c636a" },
  dark: {},
});
