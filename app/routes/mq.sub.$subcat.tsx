// mq/sub/{subcat}: an MCQ sub-category (a chapter of a practice category); the same page as mq/{id},
// only the param differs.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { mcqAction, mcqLoader } from "./mq.$id/mcq-page.server";

export { default, headers, links, meta } from "./mq.$id/route";

export const loader = ({ params, request }: LoaderFunctionArgs) => mcqLoader(request, params.subcat, "sub");

export const action = ({ params, request }: ActionFunctionArgs) => mcqAction(request, params.subcat);
