import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/** The shell data every page has (site info, nav, footer, social links). */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("root data missing");
  return data;
}
