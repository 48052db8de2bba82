import type { RevisionSource } from "../../revision.js";

export const revision20260728: RevisionSource = {
  revision: "2026-07-28",
  dialect: "2020-12",
  summary: [],
  added: {},
  changed: {},
  removed: [],
};
