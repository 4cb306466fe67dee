// What the server logs when a request fails: a client's mistake that Remix answers 4xx (a POST to a
// page without a form, ?_data= naming another route) is not logged with a stack trace; our own
// failures still are.
import { createStaticHandler } from "@remix-run/router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";

const routes = [{ id: "routes/home", path: "/home", loader: () => new Response("ok") }];

/** The error Remix's router hands to handleError for this request. */
async function routerError(request: Request, routeId?: string): Promise<unknown> {
  const handler = createStaticHandler(routes);
  if (routeId) {
    try {
      await handler.queryRoute(request, { routeId });
    } catch (e) {
      return e;
    }
    throw new Error("expected queryRoute to throw");
  }
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error("expected a context");
  return Object.values(context.errors ?? {})[0];
}

const logged = () => vi.spyOn(console, "error").mockImplementation(() => {});
afterEach(() => vi.restoreAllMocks());

describe("handleError", () => {
  it.each([
    ["a POST to a page without an action (405)", () => routerError(new Request("http://x/home", { method: "POST", body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } }))],
    ["?_data= naming a route that is not on the page (403)", () => routerError(new Request("http://x/home?_data=routes/nope"), "routes/nope")],
    ["an unknown path (404)", () => routerError(new Request("http://x/nope"))],
  ])("does not log %s", async (_name, make) => {
    const error = await make();
    expect((error as { status?: number }).status).toBeGreaterThanOrEqual(400);
    const spy = logged();
    handleError(error, { request: new Request("http://x/home"), params: {}, context: {} } as never);
    expect(spy).not.toHaveBeenCalled();
  });

  it("logs an error of ours", () => {
    const spy = logged();
    handleError(new TypeError("x is undefined"), { request: new Request("http://x/home"), params: {}, context: {} } as never);
    expect(spy).toHaveBeenCalledOnce();
  });
});
