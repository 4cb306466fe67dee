import { redirect } from "@remix-run/node";

/** /live -> /live/room (the live area has one page). */
export const loader = () => redirect("/live/room", 302);
