// Old links: exampage.php?grtid=N -> /exampage/N, keeping the other query parameters.
export { default, loader } from "./exampage._index";
