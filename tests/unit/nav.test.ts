import { describe, expect, it } from "vitest";
import { activeNavItem } from "~/lib/nav";

describe("activeNavItem", () => {
  it.each([
    ["/home", "home"],
    ["/subject/physics", "subjects"],
    ["/subject/physics/3/1", "subjects"],
    ["/title/12", "subjects"],
    ["/make-question/physics/3/1", "make-question"],
    ["/questionpaper", "make-question"],
    ["/questionpaper/4", "make-question"],
    ["/board-question", "question-paper"],
    ["/board-question/2", "question-paper"],
    ["/qp-by-subject-board/1/2", "question-paper"],
    ["/board-multiq", "question-paper"],
    ["/board-creative", "question-paper"],
    ["/exampage/1", "exam"],
    ["/exam-subpage/1", "exam"],
    ["/exam-picker", "exam"],
    ["/live/room", "live"],
    ["/live", "live"],
  ])("%s -> %s", (path, item) => expect(activeNavItem(path)).toBe(item));

  it.each(["/title/abc", "/about/aboutus", "/contact", "/category/3", "/lively", "/homework"])(
    "%s has no active item",
    (path) => expect(activeNavItem(path)).toBeNull(),
  );
});
