/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// A module (not a script), so the block below augments Remix's types instead of replacing them.
export {};

declare module "@remix-run/node" {
  /** What server/server.mjs passes every loader and action. */
  interface AppLoadContext {
    /** The client's network address (the socket's, or what our one proxy hop saw with TRUST_PROXY=1). */
    clientAddress?: string;
  }
}
