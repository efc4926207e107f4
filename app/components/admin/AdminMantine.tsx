import chartsStyles from "@mantine/charts/styles.layer.css";
import { ColorSchemeScript, MantineProvider } from "@mantine/core";
import coreStyles from "@mantine/core/styles.layer.css";
import type { LinkDescriptor } from "@remix-run/node";
import type { ReactNode } from "react";
import { cssVariablesResolver, theme } from "~/theme";

/**
 * Mantine is the back office's toolkit only: its provider, colour-scheme script and stylesheets
 * come with the admin routes (the layout and the login page), never with the public pages.
 * The `.layer.css` builds put Mantine in the `mantine` cascade layer (see styles/global.css), so
 * the component modules keep winning over it although its link comes after theirs.
 */
export const mantineLinks: LinkDescriptor[] = [{ rel: "stylesheet", href: coreStyles }];
export const mantineChartLinks: LinkDescriptor[] = [{ rel: "stylesheet", href: chartsStyles }];

export function AdminMantine({ children }: { children: ReactNode }) {
  return (
    <>
      <ColorSchemeScript defaultColorScheme="light" />
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        {children}
      </MantineProvider>
    </>
  );
}
