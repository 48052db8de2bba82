import type { RevisionSource } from "../../revision.js";

export const revision20250618: RevisionSource = {
  revision: "2025-06-18",
  dialect: "draft-07",
  summary: [],
  added: {},
  changed: {},
  removed: [],
};
