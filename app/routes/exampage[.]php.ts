// Old links: exampage.php?grtid=N -> /exampage/N, keeping the other query parameters.
export { loader } from "./exampage._index";
