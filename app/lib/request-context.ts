import { createContext, useContext } from "react";

/** Per-request facts that entry.server knows and the document needs while rendering on the server. */
export type RequestInfo = { nonce: string; databaseDown: boolean; bot: boolean };
export const RequestContext = createContext<RequestInfo>({ nonce: "", databaseDown: false, bot: false });
export const useRequestInfo = () => useContext(RequestContext);
