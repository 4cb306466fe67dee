// A vitest setup file: Remix's data hooks read what tests/support/render.ts was given, so a route's
// component renders in a test without a router. Everything else of @remix-run/react is the real one.
import { vi } from "vitest";
import { renderData } from "./render";

vi.mock("@remix-run/react", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@remix-run/react")>()),
  useLoaderData: () => renderData.loader,
  useActionData: () => renderData.action,
  useRouteLoaderData: (id: string) => (id === "root" ? renderData.root : undefined),
}));
