// mq/sub/{subcat}: an MCQ sub-category (a chapter of a practice category); the same page as mq/{id},
// only the param differs.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { paramsOr404 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { mcqAction, mcqLoader } from "./mq.$id/mcq-page.server";

export { default, headers, links, meta } from "./mq.$id/route";

const Params = z.object({ subcat: idText });

export const loader = async ({ params, request }: LoaderFunctionArgs) => mcqLoader(request, paramsOr404(Params, params).subcat, "sub");

export const action = async ({ params, request }: ActionFunctionArgs) => mcqAction(request, paramsOr404(Params, params).subcat);
