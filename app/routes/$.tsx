// Anything no other route matches: the root ErrorBoundary renders '404 - Page Not Found'.
import { notFound } from "~/lib/http.server";

export const loader = () => {
  throw notFound();
};

export const action = loader;

export default function NotFound() {
  return null;
}
