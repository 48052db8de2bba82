import type { RevisionSource } from "../../revision.js";

export const revision20250326: RevisionSource = {
  revision: "2025-03-26",
  dialect: "draft-07",
  summary: [],
  added: {},
  changed: {},
  removed: [],
};
