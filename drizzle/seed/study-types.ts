export type StudyTitle = { name: string; content: string; image?: string };
/** A chapter of a subject (by slug) in a grade (1 SSC, 2 HSC, 3 JSC). */
export type StudyCategory = { subject: string; grade: number; name: string; titles: StudyTitle[] };
