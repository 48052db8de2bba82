import type { RevisionSource } from "../../revision.js";

export const revision20241105: RevisionSource = {
  revision: "2024-11-05",
  dialect: "draft-07",
  summary: [],
  added: {},
  changed: {},
  removed: [],
};
