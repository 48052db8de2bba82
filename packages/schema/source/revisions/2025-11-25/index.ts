import type { RevisionSource } from "../../revision.js";

export const revision20251125: RevisionSource = {
  revision: "2025-11-25",
  dialect: "2020-12",
  summary: [],
  added: {},
  changed: {},
  removed: [],
};
