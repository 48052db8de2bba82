#!/usr/bin/env node
// Committed, unlike dist/, so that `pnpm install` can link the command before anything is built.
import "../dist/cli.js";
