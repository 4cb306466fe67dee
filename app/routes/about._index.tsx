import { redirect } from "@remix-run/node";

export const loader = () => redirect("/about/aboutus", 301);
