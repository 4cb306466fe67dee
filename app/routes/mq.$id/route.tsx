// mq/{id}: a top-level MCQ category (home's Multiple Choice and admission sections link here).
import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { McqPage } from "./mcq-page";
import { mcqAction, mcqLoader } from "./mcq-page.server";
import { paramsOr404 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { seo } from "~/lib/meta";
import examStyles from "~/styles/exam.css";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: examStyles },
];

const Params = z.object({ id: idText });

export const loader = async ({ params, request }: LoaderFunctionArgs) => mcqLoader(request, paramsOr404(Params, params).id, "top");

export const action = async ({ params, request }: ActionFunctionArgs) => mcqAction(request, paramsOr404(Params, params).id);

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? (data.set ? `${data.set.name} — ${data.category.name}` : data.category.name) : null,
    description: data ? `${data.category.name}: বহুনির্বাচনি প্রশ্নের অনুশীলন, উত্তর মিলিয়ে দেখুন।` : null,
    image: data?.category.image,
  });

export default function McqCategoryRoute() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <McqPage data={posted ?? loaded} />;
}
