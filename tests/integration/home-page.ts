// What the home page's kept sections (loader data `sections`, markup made by components/home-html.server.tsx)
// show, read back from their HTML: the admission sections and the subject rows, as a reader sees them.
const decode = (s: string) =>
  s.replace(/<!-- -->/g, "").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

export type HomeSections = { top: string; admission: string };
export type ShownAdmission = { key: string; heading: string; blurb: string; empty: string | null; items: { id: number; name: string }[] };

/** Each admission section: its heading, blurb, the empty message when it has no subjects, and the MCQ categories it links. */
export function admissionOf(sections: HomeSections): ShownAdmission[] {
  return [...sections.admission.matchAll(/<section id="([^"]+)"[^>]*>([\s\S]*?)<\/section>/g)].map(([, key, body]) => ({
    key,
    heading: decode(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(body)?.[1] ?? ""),
    blurb: decode(/<\/h2><p>([\s\S]*?)<\/p>/.exec(body)?.[1] ?? ""),
    empty: /<p class="empty">([\s\S]*?)<\/p>/.exec(body)?.[1] ?? null,
    items: [...body.matchAll(/<a href="\/mq\/(\d+)">([\s\S]*?)<\/a>/g)].map(([, id, name]) => ({ id: Number(id), name: decode(name) })),
  }));
}

/** The subject rows: each subject's name and the chapters (category ids) its row shows. */
export function subjectRowsOf(sections: HomeSections): { name: string; categories: number[] }[] {
  const subjects = /<section id="subjects"[\s\S]*?<\/section>/.exec(sections.top)![0];
  return subjects
    .split('<div class="subject-row">')
    .slice(1)
    .map((row) => ({
      name: decode(/<a href="\/subject\/[^"]*">([\s\S]*?)<\/a>/.exec(row)?.[1] ?? ""),
      categories: [...row.matchAll(/href="\/category\/(\d+)"/g)].map(([, id]) => Number(id)),
    }));
}

/** The MCQ section's categories, by id. */
export const mcqCardsOf = (sections: HomeSections) =>
  [.../<section id="grcontentmcq"[\s\S]*?<\/section>/.exec(sections.top)![0].matchAll(/href="\/mq\/(\d+)"/g)].map(([, id]) => Number(id));

/** The view (carousel or grid) a section shows, from its class. */
export const viewOf = (sections: HomeSections, id: string) => new RegExp(`<section id="${id}" class="home-section view-(\\w+)"`).exec(sections.top)?.[1];

/** The "more subjects" link's count, as its Bangla text says it (null without the link). */
export const moreSubjectsOf = (sections: HomeSections) => /আরও ([০-৯]+)টি বিষয়/.exec(sections.top)?.[1] ?? null;

/** Every h2 heading of the kept sections, in order. */
export const headingsOf = (sections: HomeSections) =>
  [...(sections.top + sections.admission).matchAll(/<h2 id="[^"]*">([\s\S]*?)<\/h2>/g)].map(([, h]) => decode(h));
