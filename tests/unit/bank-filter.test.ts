// The question bank's filter as a URL: read leniently (what does not parse is left out), written
// back the same, and the id search's rules; and the picker's order rules.
import { describe, expect, it } from "vitest";
import { bankFilterQuery, idSearch, isFiltered, readBankFilter } from "~/lib/admin/bank-filter";
import { bulkActionsOf } from "~/lib/admin/bulk";

describe("the bank filter", () => {
  it("reads chapters (several, once each), type, difficulty, board, year, explanation, text and page", () => {
    const f = readBankFilter(new URLSearchParams("chapter=3&chapter=4&chapter=3&chapter=x&type=mcq&difficulty=hard&board=Dhaka&year=২০১৯&explained=1&q=%20বল%20&page=2"));
    expect(f).toMatchObject({ chapter: [3, 4], type: "mcq", difficulty: "hard", board: "dhaka", year: 2019, explained: "1", q: "বল", page: 2 });
    expect(isFiltered(f)).toBe(true);
    expect(bankFilterQuery(f)).toBe("?chapter=3&chapter=4&type=mcq&difficulty=hard&board=dhaka&year=2019&explained=1&q=%E0%A6%AC%E0%A6%B2&page=2");
    expect(bankFilterQuery(f, { page: 1, type: null })).toBe("?chapter=3&chapter=4&difficulty=hard&board=dhaka&year=2019&explained=1&q=%E0%A6%AC%E0%A6%B2");
  });

  it("leaves out what does not parse, never failing", () => {
    const f = readBankFilter(new URLSearchParams("type=essay&difficulty=1&board=d!&year=3000&explained=yes&page=0&chapter=-1"));
    expect(f).toEqual({ chapter: [], chapterq: "", type: undefined, difficulty: undefined, board: undefined, year: undefined, explained: undefined, q: "", page: 1 });
    expect(isFiltered(f)).toBe(false);
    expect(bankFilterQuery(f)).toBe("");
  });

  it("searches by id: '#5' and '#৫' only that id, '5' that id or text, Bangla digits alone are text", () => {
    expect(idSearch("#5")).toEqual({ id: 5, only: true });
    expect(idSearch("# ৫")).toEqual({ id: 5, only: true });
    expect(idSearch("5")).toEqual({ id: 5, only: false });
    expect(idSearch("৫")).toBeNull();
    expect(idSearch("#0")).toBeNull();
    expect(idSearch("#5a")).toBeNull();
    expect(idSearch("1234567890")).toBeNull();
  });
});

describe("bulk actions by type", () => {
  it("every type may go to the trash; questions and topics move to a chapter; questions go into a set; what has drafts is published or drafted", () => {
    expect(bulkActionsOf("questions")).toEqual(["move", "add-to-set", "publish", "unpublish", "delete"]);
    expect(bulkActionsOf("topics")).toEqual(["move", "publish", "unpublish", "delete"]);
    expect(bulkActionsOf("videos")).toEqual(["publish", "unpublish", "delete"]);
    expect(bulkActionsOf("chapters")).toEqual(["delete"]);
  });
});
