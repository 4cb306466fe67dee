// The old site's address for the count, kept for cached pages.
export { loader } from "./api.online.count";
