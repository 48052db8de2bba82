/**
 * 2025-11-25, icons and richer implementation info. `Icon` describes one image; tools, resources,
 * resource templates, prompts and `Implementation` may list `icons`. `Implementation` also gains
 * a `description` and a `websiteUrl`. (Tool's icons are added in tools.ts.)
 */
import { arr, doc, extend, obj, oneOf, opt, ref, str, uri } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { previous } from "./previous.js";

/** The optional `icons` member added to every displayable entity. */
export const icons = { icons: opt(arr(ref("Icon"))) };

export const added: Definitions = {
  Icon: doc(
    'An image a client may show for an entity; `sizes` like "48x48" or "any".',
    obj({
      src: uri(),
      mimeType: opt(str()),
      sizes: opt(arr(str())),
      theme: opt(oneOf("dark", "light")),
    }),
  ),
  Icons: doc("Mixin for entities that carry icons.", obj(icons)),
};

export const changed: Definitions = {
  Implementation: extend(previous("Implementation"), {
    ...icons,
    description: opt(str()),
    websiteUrl: opt(uri()),
  }),
  Prompt: extend(previous("Prompt"), icons),
  Resource: extend(previous("Resource"), icons),
  ResourceLink: extend(previous("ResourceLink"), icons),
  ResourceTemplate: extend(previous("ResourceTemplate"), icons),
};
