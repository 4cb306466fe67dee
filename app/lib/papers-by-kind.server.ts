// The loader of board-creative and board-multiq: every paper of one kind, filtered and paged.
import { parsePage, parseBoard, parseYear, PER_PAGE } from "~/lib/papers";
import { listBoards, papersByKind, type PaperKind } from "~/models/board-papers.server";

export async function loadPapersByKind(kind: PaperKind, request: Request) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const boards = await listBoards();
  const board = parseBoard(q.get("board"), boards);
  const year = parseYear(q.get("year"));
  const result = await papersByKind(kind, { boardId: board?.id ?? null, year }, parsePage(q.get("page")), PER_PAGE);
  return { kind, boards, board, year, ...result, perPage: PER_PAGE, search: url.search, path: url.pathname };
}
