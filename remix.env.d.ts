/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch is on (remix.config.js): type loader and action data accordingly.
import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
