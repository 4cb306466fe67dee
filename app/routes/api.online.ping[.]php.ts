// The old site's address for the ping, kept for cached pages.
export { action, loader } from "./api.online.ping";
