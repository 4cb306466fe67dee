// Rendering a route's component outside Remix, the way the server does it (renderToStaticMarkup),
// with the data its hooks would return. tests/support/remix-hooks.ts (a vitest setup file) points
// Remix's data hooks at `renderData` for every test file.
import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export const renderData: { loader: unknown; action: unknown; root: unknown } = { loader: undefined, action: undefined, root: undefined };

/** The component's HTML with this loader (and action) data. */
export function html(Component: FunctionComponent, loaderData: unknown, actionData?: unknown): string {
  renderData.loader = loaderData;
  renderData.action = actionData;
  return renderToStaticMarkup(createElement(Component));
}
