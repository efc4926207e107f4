import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server and read by root for inline scripts. */
export const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
